"""The shape of the code, checked: layers that run one way, no import loops, click and rich only in
the CLI, modules of a readable size, imports at the top (docs/architecture.md explains each rule).

Every module under src/ is parsed with ``ast`` (nothing is imported). Today's violations are listed
in the allowlists below. The lists only shrink: a listed item that no longer violates fails the test
with a message saying to remove it, so a change that fixes a violation also removes it from here.
A new violation is never added to a list: fix it instead.
"""

from __future__ import annotations

import ast
import builtins
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = "skyforge"

#: The layers, bottom to top (docs/architecture.md, "Layers"). A module imports only from its own
#: layer or lower ones. Each entry names a module or package; ``*`` matches any name that starts so.
LAYERS: list[tuple[str, list[str]]] = [
    (
        "foundation",
        [
            "skyforge",
            "skyforge.errors",
            "skyforge.text",
            "skyforge.terms",
            "skyforge.tomlpos",
            "skyforge.storage",
            "skyforge.places",
            "skyforge.workspace_paths",
            "skyforge.recording",
            "skyforge.results",
            "skyforge.pages",
            "skyforge.lasting",
            "skyforge.firstuse",
            "skyforge.empty",
        ],
    ),
    ("catalog", ["skyforge.catalog"]),
    ("player files", ["skyforge.decks"]),
    ("rules", ["skyforge.rules"]),
    (
        "above the rules",
        ["skyforge.workbench", "skyforge.setup", "skyforge.draft", "skyforge.campaign", "skyforge.series"],
    ),
    ("cli", ["skyforge.cli"]),
]

#: Only these may import click, rich or textual (the deck editor).
UI_LIBRARIES = ("click", "rich", "textual")
UI_PACKAGE = "skyforge.cli"
OUTPUT_MODULE = "skyforge.cli.output"

#: The places where an import on demand is the design, not a violation (docs/architecture.md, "Where
#: laziness lives, and why"), each with its reason. Everywhere else imports go at the top.
#: Heavy libraries most commands never use, each imported inside the function that uses it (so its
#: types are seen), in these modules only: module → library → why it waits (start-up). A comment
#: beside each import says the same. Nowhere else, and never at a module's top, is one imported.
LAZY_IMPORTS: dict[str, dict[str, str]] = {
    "skyforge.storage.locks": {"filelock": "only a command that writes takes a lock; every read would pay ~13 ms"},
    "skyforge.storage.workspace": {"tomlkit": "only recording a catalog edits skyforge.toml, keeping its comments"},
    "skyforge.catalog.entry": {"tomlkit": "only `catalog add` edits a catalog file, keeping its comments (~5 ms)"},
    "skyforge.decks.collection": {
        "tomlkit": "only an edit keeps the collection's comments; `collection show` does not"
    },
    "skyforge.decks.writing": {"tomlkit": "only an edit keeps the deck's comments; `deck export` does not"},
    "skyforge.catalog.csv_import": {"pandas": "only `catalog import` reads a spreadsheet; hundreds of ms"},
    "skyforge.catalog.sheets": {"openpyxl": "only `catalog import` of an .xlsx reads one; an optional extra"},
    "skyforge.workbench.assistant_model": {
        "ortools.sat.python.cp_model": "only the deck assistant solves; CP-SAT takes ~150 ms and is an optional extra"
    },
    "skyforge.cli.output": {"rich.progress": "only long work on a terminal draws a progress bar (~10 ms)"},
    "skyforge.cli.catalog": {"readline": "only `catalog add` completes words; it changes how every input() reads"},
    "skyforge.pages": {"jinja2": "only a command that writes an HTML page draws one; Jinja2 takes ~40 ms"},
    "skyforge.text": {"difflib": "only a name not found asks for a near one; every command would pay ~4 M"},
    "skyforge.catalog.index": {"difflib": "only a card not found asks for a near code (as skyforge.text)"},
}
#: the heavy libraries of LAZY_IMPORTS
HEAVY_LIBRARIES = {library for libraries in LAZY_IMPORTS.values() for library in libraries}

LAZY_PLACES = {
    # the lazy command group: a command module is imported on its first use, so `--help` and every
    # command start fast (tests/test_cli_catalog.py checks that --help loads no heavy module)
    "skyforge.cli.main",
    # shell completion answers Tab from the command tree kept as data (skyforge.cli.commandtree), with
    # neither rich nor pydantic: the catalog is loaded only when a card or a draft method is completed
    "skyforge.cli.complete",
    # only `cards search --for DECK` reads decks and the rules' choice of cards (~30 M instructions of
    # imports, skyforge.cli.cards_for): a search by faction or rarity, and `castles`, do not pay for them
    "skyforge.cli.cards",
    # the modules that import a heavy library inside the function that uses it
    *LAZY_IMPORTS,
    # the deck editor imports the deck assistant (~40 ms of imports, a third of what the editor adds
    # to start-up) only when Ctrl+P asks it for a proposal
    "skyforge.cli.editor.session",
    # a catalog served from its cache needs neither the merge of catalog files (skyforge.catalog.build)
    # nor the models of the files and of the rule tables (setup rules, drafts): they are imported on a
    # miss, or when a command first reads a rule table (~1 ms a pydantic class; benchmarks/README.md)
    "skyforge.catalog.loader",
    "skyforge.catalog.models",
    # a campaign command makes the models of the events its journal holds: each later event's model
    # is imported on first use by skyforge.campaign.events (~2 M instructions a model; 13 of them)
    "skyforge.campaign.events",
    # a command writes or reads one deck format: the registry imports a format's module on first use
    # (the pull list's templates and the lists' statistics cost `deck import` of a share code ~60 M)
    "skyforge.workbench.formats",
    # the deck editor's command imports its screen (Textual, ~100 ms) once the deck, the terminal and
    # the castle are checked, with the collector paused from that import to the first frame
    "skyforge.cli.editor.command",
}


# --- today's violations: these lists only shrink --------------------------------------------------

#: Import loops, each as the set of modules in one strongly connected component of the import
#: graph (imports at module level and inside functions alike).
ALLOWED_LOOPS: list[set[str]] = []

#: Imports from a lower layer to a higher one, as "importer -> imported".
ALLOWED_UPWARD: set[str] = set()

#: Library modules that import click or rich.
ALLOWED_UI_IMPORTS: set[str] = set()


#: Commands that branch on ``--json`` by hand instead of going through ``output.render`` (the one
#: output path): module → how many ``if``s test ``as_json`` today (at most).
ALLOWED_JSON_BRANCHES: dict[str, int] = {}

#: Imports inside functions outside LAZY_PLACES: module → how many it has today (at most).
ALLOWED_FUNCTION_IMPORTS: dict[str, int] = {}

#: Library modules whose strings still name a command-line flag ("--castle") or that import shlex:
#: module → how many today (at most). The library names a request's field (``errors.option``) and
#: a command (``errors.command``); the CLI words both.
ALLOWED_FLAG_STRINGS: dict[str, int] = {}


# --- reading the source -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str  # a module of the package, or the top-level name of another library
    line: int
    in_function: bool


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted((SRC / PACKAGE).rglob("*.py"))}


def _resolve(name: str) -> str:
    """The module a dotted name denotes: itself if a module, else its longest module prefix."""
    while name not in modules() and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def _targets(node: ast.Import | ast.ImportFrom, module: str) -> list[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module if modules()[module].name == "__init__.py" else module.rsplit(".", 1)[0]
            for _ in range(node.level - 1):
                package = package.rsplit(".", 1)[0]
            base = f"{package}.{base}" if base else package
        # `from pkg import sub` imports the module pkg.sub when there is one
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules() else base for alias in node.names]
    return [_resolve(n) if n.split(".")[0] == PACKAGE else n.split(".")[0] for n in names]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


@cache
def imports() -> list[Import]:
    found: list[Import] = []
    for module, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

        def visit(node: ast.AST, in_function: bool, module: str = module) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _is_type_checking(child):
                    continue  # not imported at run time
                if isinstance(child, (ast.Import, ast.ImportFrom)):
                    for target in dict.fromkeys(_targets(child, module)):
                        found.append(Import(module, target, child.lineno, in_function))
                visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

        visit(tree, False)
    return found


def internal_imports() -> list[Import]:
    return [i for i in imports() if i.imported in modules() and i.imported != i.importer]


def layer_of(module: str) -> int | None:
    for number, (_, patterns) in enumerate(LAYERS):
        for pattern in patterns:
            if pattern.endswith("*"):
                if module.startswith(pattern[:-1]):
                    return number
            elif module == pattern or (pattern != PACKAGE and module.startswith(pattern + ".")):
                return number
    return None


def import_loops() -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {m: set() for m in modules()}
    for i in internal_imports():
        graph[i.importer].add(i.imported)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[set[str]] = []

    def strongconnect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                loops.append(component)

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return loops


def _where(i: Import) -> str:
    return f"{modules()[i.importer].relative_to(SRC.parent)}:{i.line}"


# --- the checks ---------------------------------------------------------------------------------------


def test_every_module_has_a_layer():
    missing = [m for m in modules() if layer_of(m) is None]
    assert not missing, (
        f"modules outside the layer table: {missing}; add them to LAYERS here and to docs/architecture.md"
    )


def test_no_import_loops():
    loops = import_loops()
    new = [sorted(loop) for loop in loops if not any(loop <= allowed for allowed in ALLOWED_LOOPS)]
    assert not new, "import loops (a module imports, maybe through others, a module that imports it):\n" + "\n".join(
        "  " + " → ".join(loop) for loop in new
    )
    stale = [sorted(allowed) for allowed in ALLOWED_LOOPS if allowed not in loops]
    assert not stale, (
        "these allowlisted import loops are gone or smaller: remove them from ALLOWED_LOOPS in "
        f"tests/test_architecture.py (or replace them by what remains: {[sorted(loop) for loop in loops]}): "
        f"{stale}"
    )


def test_imports_run_down_the_layers():
    upward = {}
    for i in internal_imports():
        if layer_of(i.imported) > layer_of(i.importer):
            upward.setdefault(f"{i.importer} -> {i.imported}", _where(i))
    new = {k: v for k, v in upward.items() if k not in ALLOWED_UPWARD}
    assert not new, "imports from a lower layer to a higher one (docs/architecture.md, Layers):\n" + "\n".join(
        f"  {k}  ({v})" for k, v in sorted(new.items())
    )
    stale = sorted(ALLOWED_UPWARD - set(upward))
    assert not stale, f"no longer imported upward: remove from ALLOWED_UPWARD in tests/test_architecture.py: {stale}"


def test_click_and_rich_only_in_the_cli():
    found = {}
    for i in imports():
        if i.imported in UI_LIBRARIES and not (i.importer == UI_PACKAGE or i.importer.startswith(UI_PACKAGE + ".")):
            found.setdefault(i.importer, _where(i))
    new = {k: v for k, v in found.items() if k not in ALLOWED_UI_IMPORTS}
    assert not new, "the library imports click or rich (only skyforge.cli may): " + ", ".join(
        f"{k} ({v})" for k, v in sorted(new.items())
    )
    stale = sorted(ALLOWED_UI_IMPORTS - set(found))
    assert not stale, (
        f"no longer import click/rich: remove from ALLOWED_UI_IMPORTS in tests/test_architecture.py: {stale}"
    )


def test_imports_at_the_top():
    counts: dict[str, list[Import]] = {}
    for i in imports():
        if i.in_function and i.importer not in LAZY_PLACES:
            counts.setdefault(i.importer, []).append(i)
    grown = {
        m: [_where(i) for i in found] for m, found in counts.items() if len(found) > ALLOWED_FUNCTION_IMPORTS.get(m, 0)
    }
    assert not grown, (
        "imports inside functions (move them to the top of the module; laziness lives only in "
        f"{sorted(LAZY_PLACES)}): "
        + "; ".join(
            f"{m}: {len(w)} (allowed {ALLOWED_FUNCTION_IMPORTS.get(m, 0)}) at {', '.join(w)}"
            for m, w in sorted(grown.items())
        )
    )
    shrunk = {m: len(counts.get(m, [])) for m, n in ALLOWED_FUNCTION_IMPORTS.items() if len(counts.get(m, [])) < n}
    assert not shrunk, (
        "fewer imports inside functions than allowed: lower (or remove at 0) these entries of "
        f"ALLOWED_FUNCTION_IMPORTS in tests/test_architecture.py to {shrunk}"
    )


def test_no_lazy_attributes_outside_the_lazy_places():
    """A module ``__getattr__`` hands out names on demand: laziness that the import graph does not
    show. It is allowed only in LAZY_PLACES, like imports inside functions."""
    found = sorted(
        f"{path.relative_to(SRC.parent)}:{node.lineno}"
        for module, path in modules().items()
        if module not in LAZY_PLACES
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if (isinstance(node, ast.FunctionDef) and node.name == "__getattr__")
        or (isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__getattr__" for t in node.targets))
    )
    assert not found, (
        "module __getattr__ outside the lazy places: import the name at the top (or under "
        f"TYPE_CHECKING for annotations): {found}"
    )


def full_imports() -> list[tuple[str, str, int, bool]]:
    """Every import of another library as (importer, the full dotted name, line, inside a function);
    ``from a.b import c`` gives ``a.b.c``. Imports under ``TYPE_CHECKING`` are not made at run time."""
    found: list[tuple[str, str, int, bool]] = []
    for module, path in modules().items():

        def visit(node: ast.AST, in_function: bool, module: str = module) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and _is_type_checking(child):
                    continue
                if isinstance(child, ast.Import):
                    found.extend((module, a.name, child.lineno, in_function) for a in child.names)
                elif isinstance(child, ast.ImportFrom) and not child.level:
                    found.extend((module, f"{child.module}.{a.name}", child.lineno, in_function) for a in child.names)
                visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

        visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _heavy(name: str) -> str | None:
    return next((h for h in HEAVY_LIBRARIES if name == h or name.startswith(h + ".")), None)


def test_heavy_libraries_only_inside_the_functions_that_use_them():
    """A heavy library is imported inside a function of a module that lists it in LAZY_IMPORTS, never
    at a module's top and nowhere else; each listed module imports each of its libraries."""
    assert {"filelock", "tomlkit", "pandas"} <= HEAVY_LIBRARIES and all(
        reason.strip() for libraries in LAZY_IMPORTS.values() for reason in libraries.values()
    )
    wrong, seen = [], set()
    for module, name, line, in_function in full_imports():
        heavy = _heavy(name)
        if heavy is None:
            continue
        if in_function and heavy in LAZY_IMPORTS.get(module, {}):
            seen.add((module, heavy))
        else:
            wrong.append(f"{name} in {modules()[module].relative_to(SRC.parent)}:{line}")
    assert not wrong, (
        "import a heavy library inside the function that uses it, in a module of LAZY_IMPORTS "
        f"(add it there with its reason, and to ruff's per-file-ignores for PLC0415): {wrong}"
    )
    unused = {(m, h) for m, libraries in LAZY_IMPORTS.items() for h in libraries} - seen
    assert not unused, f"LAZY_IMPORTS lists libraries these modules no longer import (remove them): {sorted(unused)}"


def test_imports_inside_functions_allowed_by_ruff_only_in_the_lazy_places():
    """ruff's PLC0415 (import outside the top level) is ignored in exactly the modules of LAZY_PLACES."""
    config = tomllib.loads((SRC.parent / "pyproject.toml").read_text(encoding="utf-8"))
    lint = config["tool"]["ruff"]["lint"]
    assert "PLC0415" in lint["select"] or "PLC" in lint["select"]
    allowed = {
        _module_name(SRC.parent / file)
        for file, rules in lint["per-file-ignores"].items()
        if file.startswith("src/") and ("PLC0415" in rules or "PLC" in rules)
    }
    assert allowed == LAZY_PLACES, (
        f"pyproject.toml's per-file-ignores for PLC0415 and LAZY_PLACES differ: only in pyproject "
        f"{sorted(allowed - LAZY_PLACES)}, only in LAZY_PLACES {sorted(LAZY_PLACES - allowed)}"
    )


def json_branches() -> dict[str, list[str]]:
    """Where a module outside ``skyforge.cli.output`` tests ``as_json`` in an ``if`` statement (an
    expression such as ``prompt if interactive and not as_json else None`` is not an output path)."""
    found: dict[str, list[str]] = {}
    for module, path in modules().items():
        if module == OUTPUT_MODULE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.If) and any(
                isinstance(n, ast.Name) and n.id == "as_json" for n in ast.walk(node.test)
            ):
                found.setdefault(module, []).append(f"{path.relative_to(SRC.parent)}:{node.lineno}")
    return found


def test_the_collector_is_tuned_in_one_place():
    """Pausing and freezing the garbage collector is src/skyforge/lasting.py's job: written
    anywhere else, a pause can outlive what it was for (the collector left off for a whole command)."""
    pausing = re.compile(r"\bgc\.(disable|enable|freeze|unfreeze)\(")
    found = [
        f"{path.relative_to(SRC.parent)}:{number}"
        for name, path in modules().items()
        if name != "skyforge.lasting"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pausing.search(line)
    ]
    assert not found, "the collector paused or frozen outside skyforge.lasting: " + ", ".join(found)
    assert pausing.search((SRC / "skyforge" / "lasting.py").read_text(encoding="utf-8"))


def test_pydantic_fields_default_to_skyforge_empty():
    """A pydantic field's empty default comes from skyforge.empty, never a built-in such as
    ``list``: building the validator reads the factory's signature, and a built-in's is parsed by
    ``tokenize`` (its regular expression alone ~6 M instructions) in every command that builds it."""
    found = [
        f"{path.relative_to(SRC.parent)}:{keyword.value.lineno} default_factory={ast.unparse(keyword.value)}"
        for path in modules().values()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Field"
        for keyword in node.keywords
        if keyword.arg == "default_factory"
        and isinstance(keyword.value, ast.Name)
        and keyword.value.id in vars(builtins)
    ]
    assert not found, "use skyforge.empty's empty_dict or empty_list: " + ", ".join(found)


def test_one_output_path_for_json_and_people():
    found = json_branches()
    grown = {m: w for m, w in found.items() if len(w) > ALLOWED_JSON_BRANCHES.get(m, 0)}
    assert not grown, (
        "commands that branch on --json by hand: give the data and the human view to "
        "skyforge.cli.output.render instead: "
        + "; ".join(
            f"{m} ({len(w)}, allowed {ALLOWED_JSON_BRANCHES.get(m, 0)}): {', '.join(w)}"
            for m, w in sorted(grown.items())
        )
    )
    shrunk = {m: len(found.get(m, [])) for m, n in ALLOWED_JSON_BRANCHES.items() if len(found.get(m, [])) < n}
    assert not shrunk, (
        "fewer --json branches than allowed: lower (or remove at 0) these entries of "
        f"ALLOWED_JSON_BRANCHES in tests/test_architecture.py to {shrunk}"
    )


def test_the_checks_see_the_code():
    """The parser finds what is there (a check that finds nothing would pass for the wrong reason)."""
    assert "skyforge.cli.main" in modules() and "skyforge.catalog.loader" in modules()
    edges = {(i.importer, i.imported) for i in imports()}
    assert ("skyforge.cli.main", "click") in edges
    assert any(a.startswith("skyforge.catalog.") and b == "skyforge.errors" for a, b in edges)
    assert layer_of("skyforge.errors") == 0 and layer_of("skyforge.cli.deck") == len(LAYERS) - 1
    assert layer_of("skyforge.storage.locks") == layer_of("skyforge.storage") == 0


#: an HTML element of the pages skyforge writes, as a tag (not a regex group's ``(?P<code>``)
HTML_TAG = re.compile(
    r"(?<!\?P)</?(?:html|head|body|style|title|meta|section|article|header|footer|div|span|p|h[1-6]|ul|li|table"
    r"|thead|tbody|tr|td|th|pre|code|b|i|br|blockquote|svg|g|line|polyline|circle|rect|text)\b[^<>]*>"
)


def test_html_only_in_templates():
    """The pages are Jinja2 templates (src/skyforge/templates, drawn by skyforge.pages, which escapes
    every value): no Python string holds an HTML tag, so no markup is built beside its escaping."""
    found = sorted(
        f"{path.relative_to(SRC.parent)}:{node.lineno}"
        for path in modules().values()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and HTML_TAG.search(node.value)
    )
    assert not found, f"HTML built in Python strings: move it into a template in src/skyforge/templates: {found}"
    assert HTML_TAG.search('<span class="box">') and not HTML_TAG.search("(?P<code>[^ ]+)")


#: a command-line flag in a string: ``--castle`` at the start or after a space, quote, bracket or backtick
FLAG = re.compile(r"(^|[\s'\"(`])--[a-z][a-z-]+")


def flag_strings() -> dict[str, list[str]]:
    """Library module → where its strings name a flag (docstrings aside) or it imports shlex."""
    found: dict[str, list[str]] = {}
    for module, path in modules().items():
        if module == UI_PACKAGE or module.startswith(UI_PACKAGE + "."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(body[0].value)
            for body in (getattr(node, "body", None) for node in ast.walk(tree))
            if isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        }
        where = f"{path.relative_to(SRC.parent)}"
        for node in ast.walk(tree):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            if is_text and isinstance(node, ast.Constant) and FLAG.search(str(node.value)):
                found.setdefault(module, []).append(f"{where}:{node.lineno}")
    for i in imports():
        if i.imported == "shlex" and not (i.importer == UI_PACKAGE or i.importer.startswith(UI_PACKAGE + ".")):
            found.setdefault(i.importer, []).append(f"{_where(i)} (import shlex)")
    return found


def test_no_flags_below_the_cli():
    """The library speaks the game: a message names a request's field (``option("castle")``) and a
    hint names a command (``command("campaign show", name)``); only skyforge.cli writes them as
    flags and shell words, so another front end can word them its own way."""
    found = flag_strings()
    grown = {m: w for m, w in found.items() if len(w) > ALLOWED_FLAG_STRINGS.get(m, 0)}
    assert not grown, (
        "a command-line flag or shlex in the library: name the field with skyforge.errors.option or the "
        "command with skyforge.errors.command instead: "
        + "; ".join(
            f"{m} ({len(w)}, allowed {ALLOWED_FLAG_STRINGS.get(m, 0)}): {', '.join(w)}" for m, w in grown.items()
        )
    )
    shrunk = {m: len(found.get(m, [])) for m, n in ALLOWED_FLAG_STRINGS.items() if len(found.get(m, [])) < n}
    assert not shrunk, (
        "fewer flag strings than allowed: lower (or remove, at 0) their entries in "
        f"ALLOWED_FLAG_STRINGS in tests/test_architecture.py to {shrunk}"
    )
    assert FLAG.search("give --castle C") and FLAG.search("'--force'") and not FLAG.search("a -- b, x--y")
