"""``skyforge catalog``: the catalog files themselves."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.panel import Panel
from rich.text import Text

from skyforge.catalog import load_catalog
from skyforge.catalog.checks import CatalogCheck, check_catalog
from skyforge.catalog.csv_import import check_with_catalog, read_cards_csv
from skyforge.catalog.entry import (
    KIND,
    CardAdded,
    Entry,
    Question,
    add_card,
    catalog_for,
    entry_text,
    same_file,
    tables,
)
from skyforge.catalog.index import card_label
from skyforge.catalog.models import CardBase
from skyforge.catalog.starter import starter_csv, starter_toml
from skyforge.cli import stdio
from skyforge.cli.main import App
from skyforge.cli.output import console, echo, json_option, progress, render, words
from skyforge.cli.stdio import STDIN, is_dash, read_stdin, write
from skyforge.errors import InputError, Problem
from skyforge.storage import keep, locked, refuse_overwrite
from skyforge.storage.workspace import catalog_holds, record_catalog
from skyforge.text import did_you_mean, plural

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

#: the catalog file of the player's own that `catalog init` writes, and `catalog add` adds to,
#: when none is named
DEFAULT_FILE = Path("my-cards.toml")
#: what becomes of a card a castle's back names that the catalog lacks
KEPT_AS_PRINTED = "kept as printed, decks are checked against its code or name"


def record_option(what: str) -> Callable:
    """``--record/--no-record``: list the catalog file a command writes in skyforge.toml."""
    return click.option(
        "--record/--no-record",
        default=None,
        help=f"Record {what} as the catalog of the workspace file skyforge.toml (made when missing), so every "
        "command here loads it. Default: ask on a terminal, else no.",
    )


@click.group()
def catalog() -> None:
    """Check catalog files, start your own, and see where the data comes from.

    The catalog comes in layers. The official layer (catalog/official: only
    what the rulebooks state, and their rule tables) is always loaded. The
    fictional DEMO set (catalog/demo) is loaded when you give no catalog of
    your own. Your files, given with --catalog, go on top: an entry with the
    code (or the kind and name) of an official entry completes it. Name the
    shipped layers with @official, @demo, @shipped (both).

    \b
      skyforge catalog init my-cards.toml
      skyforge catalog init - > my-cards.toml          # '-': standard output
      skyforge --catalog my-cards.toml catalog check
      skyforge --catalog my-cards.toml catalog add     # one card, field by field
    """


@catalog.command()
@json_option
@click.pass_obj
def check(app: App, as_json: bool) -> None:
    """Load every catalog file, report every problem, and say what works so far.

    Beside the problems (all of them, with file, line and key), the report says
    what works with the data loaded — deck validation per castle, setup per
    horde, campaigns, drafts — and what is missing for the rest (the demo set
    is left out of that part). A note names each card a castle's back names
    that the catalog lacks: kept as printed, decks are checked against it.

    \b
    Exit status: 0 the catalog loads, 2 a file has problems (all are listed),
    such as a card code outside its set's product ranges.

    \b
      skyforge --catalog my-cards.toml catalog check
      skyforge --catalog my-cards.toml catalog check --json
    """
    summary = check_catalog(app.catalog).model_copy(update=where_from(app))
    render(summary, as_json, lambda summary: _draw_check(app.catalog, summary))


def where_from(app: App) -> dict:
    """Which workspace file and catalog files are in use, and what chose them."""
    return {
        "workspace": str(app.workspace),
        "workspace_file": str(app.places.file) if app.places.file else None,
        "catalog_from": app.places.catalog_from,
    }


def _draw_check(cat: Catalog, summary: CatalogCheck) -> None:
    out = console()
    user_entries = sum(1 for c in cat if cat.provenance(c) == "user" or cat.origins[c.key].completed_by)
    layers = ["official"] + (["demo"] if any(cat.provenance(c) == "demo" for c in cat) else [])
    out.print(
        Text(
            f"catalog OK: {len(summary.files)} files (layers: {', '.join(layers)}"
            + (f", yours: {', '.join(summary.user_files)}" if cat.user_files else "")
            + f"), sets {', '.join(summary.sets)}, {summary.hordes} hordes, "
            f"{summary.premade_decks} pre-made decks"
        )
    )
    out.print(
        Text(
            f"workspace file: {summary.workspace_file}"
            if summary.workspace_file
            else "workspace file: none (no skyforge.toml here or in a folder above)"
        )
    )
    if summary.catalog_from:
        out.print(f"catalog files: {', '.join(summary.user_files)} (from {summary.catalog_from})")
    else:
        out.print("catalog files: none of yours — the shipped layers, with the fictional demo set")
    if cat.user_files and not user_entries:
        out.print(
            Text(
                "your files define no cards yet: uncomment an example of "
                "`skyforge catalog init` or add [[cards]] tables",
                style="yellow",
            )
        )
    for key, n in summary.cards.items():
        out.print(Text(f"  {n:>4}  {key}"))
    for absent in summary.absent_back_names:
        out.print(
            Text.assemble(
                ("note", "cyan"),
                f"  {absent.note}: {KEPT_AS_PRINTED}",
            )
        )
    for area in summary.works:
        out.print(Text(area.name, style="bold"))
        for line in area.ready:
            out.print(Text.assemble("  ", ("ok", "green"), f"       {line}"))
        for line in area.missing:
            out.print(Text.assemble("  ", ("missing", "yellow"), f"  {line}"))
    if any(area.missing for area in summary.works):
        out.print(summary.fill_in)


@catalog.command()
@click.argument(
    "file", required=False, default=DEFAULT_FILE, type=click.Path(dir_okay=False, allow_dash=True, path_type=Path)
)
@click.option("--csv", "as_csv", is_flag=True, help="Write the spreadsheet template that `catalog import` reads.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@record_option("FILE")
@click.pass_obj
def init(app: App, file: Path, as_csv: bool, force: bool, record: bool | None) -> None:
    """Start a catalog of your own cards: FILE (default my-cards.toml).

    The file loads as it is; it holds commented examples of a castle with its
    back, an alliance card, a horde card, a portal, a scenario with actions,
    an Onward and a Skybound: Arena hero, and the official sets' code ranges.
    Uncomment an example and put in what your card says. With --csv, FILE
    (default my-cards.csv) gets the header row of the spreadsheet that
    `skyforge catalog import` turns into catalog TOML.

    \b
      skyforge catalog init my-cards.toml
      skyforge catalog init - > my-cards.toml          # '-': standard output
      skyforge --catalog my-cards.toml catalog check
      skyforge catalog init --csv && skyforge catalog import my-cards.csv --set CAM -o cards.toml
      skyforge catalog init my-cards.toml --record     # every command in this folder loads it
    """
    if as_csv and file == DEFAULT_FILE:
        file = Path("my-cards.csv")
    if str(file) == "-":  # standard output
        write(
            "-",
            starter_csv()
            if as_csv
            else words(starter_toml(app.catalog if not app.catalog_paths else _official(app), "my-cards.toml")),
        )
        return
    with locked(file):
        refuse_overwrite(file, force=force, instead="name another file")
        keep(
            file,
            starter_csv()
            if as_csv
            else words(starter_toml(app.catalog if not app.catalog_paths else _official(app), file.name)),
        )
    echo(f"wrote {file}")
    if as_csv:
        echo(f"next: fill in a row per card, then `skyforge catalog import {file} --set CAM -o cards.toml`")
        return
    if _record(app, file, record):
        echo("next: `skyforge catalog check` (every command here loads it now)")
    else:
        echo(f'next: `skyforge --catalog {file} catalog check` (or export SKYFORGE_CATALOG="$PWD/{file}")')


def _record(app: App, file: Path, record: bool | None, *, err: bool = False) -> bool:
    """``--record``: list ``file`` in the workspace file's catalog (asked on a terminal when the
    option is not given); whether it is listed now."""
    if record is None and stdio.interactive():
        record = click.confirm(f"record {file} as this workspace's catalog (in skyforge.toml)?", default=True)
    if not record:
        return False
    folder = app.places.file.parent if app.places.file else Path(app.workspace)
    workspace_file, changed = record_catalog(folder, file)
    echo(f"{'recorded' if changed else 'already recorded'} {file} in {workspace_file}", err=err)
    return True


def _official(app: App) -> Catalog:
    return load_catalog([Path("@official")])


@catalog.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option(
    "--set", "set_code", metavar="CODE", help="Set code for bare card numbers in the code column (14 → CODE.014)."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write the catalog TOML here instead of standard output ('-': standard output).",
)
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@record_option("the output file")
@click.pass_obj
def import_(app: App, file: Path, set_code: str | None, output: Path | None, force: bool, record: bool | None) -> None:
    """Turn a spreadsheet of cards (one row per card) into catalog TOML.

    FILE is a CSV file (cells separated by ',', ';' or tabs, as its header line
    shows; Excel's "CSV UTF-8" too) or an .xlsx or .ods sheet (its first sheet;
    .xlsx needs pip install 'skyforge[sheets]'). Columns are named as the catalog
    fields: code, kind (default alliance), name, copies, faction, rarity, type,
    subtypes, keywords, cost, attack, health, premade… (see `skyforge schema
    catalog`). The code cell may hold the printed form, "CAM.014 2x" (code and
    copies). Empty cells mean "not known"; list cells separate values with ';'
    or '|'. Every bad row is reported with its row number (the header is row
    1) and its column, and nothing is written.

    \b
      skyforge catalog import my-cards.csv --set CAM -o catalog-mine.toml --record
      skyforge catalog import my-cards.xlsx -o catalog-mine.toml
      cat my-cards.csv | skyforge catalog import - --set CAM > catalog-mine.toml
      skyforge --catalog catalog-mine.toml catalog check

    The result is checked together with the current catalog (sets defined,
    no code defined twice) before anything is written; an output file that
    exists is replaced only with --force, and is then left out of that
    check, so an import can refresh a catalog file in use. An output file
    the workspace's catalog does not load is named as such: --record lists
    it in skyforge.toml.
    """
    if set_code and not set_code.isalnum():
        raise InputError(Problem(f"'{set_code}' is not a set code", hint="e.g. --set CAM"))
    to_file = output is not None and not is_dash(output)
    if to_file and output is not None:  # before the rows are checked: its own cards would each be "already defined"
        refuse_overwrite(output, force=force, instead="name another file")
    with progress("reading rows") as step:
        if is_dash(file):
            result = read_cards_csv(Path(STDIN), set_code, text=read_stdin(), progress=step)
        else:
            result = read_cards_csv(file, set_code, progress=step)
    if result.problems:
        raise InputError(result.problems)
    text = result.toml()
    catalog: Catalog | None = app.catalog  # the rows are merged into it, its files not read again
    files = app.catalog.files
    if force and output is not None and not is_dash(output) and Path(output).exists():
        # the file being replaced is one of the catalog's: its cards are not "already defined" (the
        # other files are read with the rows)
        files = [f for f in files if not same_file(f, Path(output))]
        catalog = None if len(files) < len(app.catalog.files) else catalog
    check_with_catalog(files, text, Path(STDIN) if is_dash(file) else file, result.lines, catalog=catalog)
    # a file is written under its lock, as every catalog file: the temporary files an import killed
    # half-way left beside it are removed there
    if not write(output, text, force=force, kept=True):
        return
    assert output is not None  # write() printed None and '-' itself
    echo(f"wrote {output}: {plural(len(result.cards), 'card')} from {plural(result.rows, 'row')}", err=True)
    if catalog_holds(app.catalog_paths, output) or _record(app, output, record, err=True):
        return
    echo(_not_loaded(app, output), err=True)


def _not_loaded(app: App, file: Path) -> str:
    """What to do about a catalog file the catalog in use does not load."""
    where = app.places.catalog_from
    if where in ("--catalog", "SKYFORGE_CATALOG"):
        now = f"the catalog comes from {where}"
    elif where:
        now = f"{Path(where).name} lists " + ", ".join(str(p) for p in app.catalog_paths)
    else:
        now = "no skyforge.toml names one here: the shipped cards are loaded"
    return (
        f"note: {file} is not in this workspace's catalog ({now}): the next command will not find its cards; "
        f"add --record to list it in skyforge.toml, or give --catalog {file}"
    )


class KeyValue(click.ParamType):
    """An option written ``KEY=VALUE``: the pair, the key stripped (the value is the model's to read)."""

    name = "key=value"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[str, str]:
        if isinstance(value, tuple):
            return value
        key, equals, text = str(value).partition("=")
        if not equals or not key.strip():
            self.fail(f"{value!r} is not KEY=VALUE, e.g. name='Tidewatch Novice'", param, ctx)
        return key.strip(), text


@catalog.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--set",
    "given",
    multiple=True,
    type=KeyValue(),
    metavar="KEY=VALUE",
    help="A field of the card and its value (repeatable), for scripts: --set kind=castle, --set cost=3; "
    "the values of a list are separated by ';'.",
)
@click.option(
    "--ask/--no-ask",
    default=None,
    help="Ask for each field (with --set: each field it leaves out). Default: ask on a terminal, when no --set is given.",
)
@json_option
@click.pass_obj
def add(app: App, file: Path | None, given: tuple[tuple[str, str], ...], ask: bool | None, as_json: bool) -> None:
    """Add a card to your catalog file, field by field: FILE (default: your catalog file).

    On a terminal skyforge asks for the card's kind, then for each field of
    that kind: code, name, copies, faction, rarity, type, subtypes, cost,
    attack, health… and the ability text. Tab completes the games' words
    (factions, rarities, types, and the subtypes, hordes and pre-made decks
    the catalog knows), each answer is checked as you give it and asked again
    when it is wrong, Enter skips a field that may stay empty, and ? says what
    a field means. A code the catalog has already is refused at once. At the
    end skyforge shows the entry as it will be written and adds it to FILE
    once you confirm, keeping the file's comments; the file must load with
    the rest of your catalog first. Ctrl-C or Ctrl-D stops (exit status 130)
    and writes nothing. Tables (a castle's deck_rules) are added by hand.

    FILE is by default the one catalog file of yours in use (--catalog,
    SKYFORGE_CATALOG or the workspace file's catalog), else my-cards.toml,
    made when missing. Off a terminal give the answers with --set; a required
    field left out is an error naming it (exit status 2).

    \b
      skyforge catalog add
      skyforge catalog add my-cards.toml --set code=CAM.030 --set name='Example Scout' \\
          --set faction=liothan --set rarity=base --set type=ally --set cost=1
    """
    target = file or default_catalog_file(app)
    answers = _once_each(given)
    ask = (stdio.interactive() and not given) if ask is None else ask
    to = catalog_for(app.catalog, target)
    catalog = to.catalog
    if ask:
        try:
            card = _asked(catalog, target, answers)
            _show_entry(card, f"to be added to {target}", stderr=True)
            confirmed = click.confirm(f"add it to {target}?", default=True, err=True)
        except KeyboardInterrupt:  # Ctrl-C between two prompts, as at one: exit status 130
            raise click.exceptions.Abort from None
        if not confirmed:
            echo("not added: nothing was written", err=True)
            return
    else:
        card = _from_answers(catalog, answers)
    render(add_card(to, target, card), as_json, lambda added: _draw_added(added, target, shown=ask))


def default_catalog_file(app: App) -> Path:
    """Where ``catalog add`` adds a card when no file is named: the player's one catalog file in use,
    else :data:`DEFAULT_FILE`."""
    own = app.catalog.user_files
    if len(own) > 1:
        raise InputError(
            Problem(
                f"your catalog has {len(own)} files: name the one to add the card to",
                hint=f"e.g. skyforge catalog add {own[0]}; your files: "
                + ", ".join(str(f) for f in own[:5])
                + (", …" if len(own) > 5 else ""),
            )
        )
    return own[0] if own else DEFAULT_FILE


def _once_each(given: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """The --set answers by field; a field given twice is refused."""
    answers: dict[str, str] = {}
    for key, text in given:
        if key in answers:
            raise InputError(
                Problem(f"--set {key} is given twice", hint="give each field once; separate a list's values with ';'")
            )
        answers[key] = text
    return answers


def _from_answers(catalog: Catalog, answers: dict[str, str]) -> CardBase:
    """The card the --set answers make: every bad answer and every required field left out, at once."""
    entry = Entry(catalog, answers.pop("kind", KIND.default or "alliance").strip().casefold())
    problems: list[Problem] = []
    for key, text in answers.items():
        try:
            entry.answer(key, text)
        except InputError as exc:
            problems.extend(exc.problems)
    for key in entry.missing():
        about = entry.questions[key].about
        problems.append(
            Problem(f"no {key} given", key=key, hint=f"give it with --set {key}=…" + (f" ({about})" if about else ""))
        )
    if problems:
        raise InputError(problems)
    return entry.card()


def _asked(catalog: Catalog, target: Path, answers: dict[str, str]) -> CardBase:
    """The card, asked field by field (the --set answers kept, their fields not asked)."""
    echo(
        f"A card for {target}: answer as the card prints it. Enter skips a field that may stay empty, "
        "? says what a field means, Tab completes, Ctrl-C stops with nothing written.",
        err=True,
    )
    kind = answers.pop("kind", None)
    if kind is None:
        chosen: list[str] = []
        _ask(KIND, lambda text: chosen.append(text.strip().casefold() or "alliance"))
        kind = chosen[0]
    entry = Entry(catalog, kind.strip().casefold())
    for key, text in answers.items():
        entry.answer(key, text)
    for question in entry.questions.values():
        if question.key not in answers:
            _ask(question, partial(_answer, entry, question.key))
    return entry.card()


def _answer(entry: Entry, key: str, text: str) -> None:
    """Take one answer; say which cards it names that the catalog lacks (kept as printed)."""
    entry.answer(key, text)
    for ref in entry.printed_only(key):
        echo(f"  {ref} is not in your catalog: {KEPT_AS_PRINTED}", err=True)


def _ask(question: Question, accept: Callable[[str], object]) -> None:
    """Ask ``question`` until ``accept(answer)`` takes the answer; a wrong one is said and asked again."""
    label = _label(question)
    if question.choices and not _inline(question.choices):
        echo(f"  {question.key}: one of {', '.join(question.choices)}", err=True)
    while True:
        with completing(question.words):
            text = click.prompt(
                label,
                default=question.default if question.required and question.default else "",
                show_default=False,
                err=not sys.stdout.isatty(),  # Python's input() edits (and completes) only on stdout
            ).strip()
        if text == "?":
            echo(f"  {question.key}: {question.about}", err=True)
            if question.words and not (question.choices and _inline(question.choices)):
                echo(
                    "  known: " + ", ".join(question.words[:30]) + (", …" if len(question.words) > 30 else ""), err=True
                )
            continue
        if question.choices and text:
            try:
                text = click.Choice(question.choices, case_sensitive=False).convert(text, None, None)
            except click.BadParameter as exc:
                hint = did_you_mean(text, question.choices, fold=True)
                echo(f"  {exc.format_message()}" + (f"\n    hint: {hint}" if hint else ""), err=True)
                continue
        try:
            accept(text)
            return
        except InputError as exc:
            echo("\n".join("  " + p.render().replace("\n", "\n  ") for p in exc.problems), err=True)


def _label(question: Question) -> str:
    """``faction [liothan/taulot/kurumo/nupten, Enter: skip]``: the field, its words, what Enter means."""
    notes = []
    if question.choices and _inline(question.choices):
        notes.append("/".join(question.choices))
    elif question.choices:
        notes.append(f"Tab: {plural(len(question.choices), 'choice')}")
    elif question.words:
        notes.append(f"Tab: {plural(len(question.words), 'known value')}")
    if question.many:
        notes.append("';' between values")
    if question.default and question.required:
        notes.append(f"Enter: {question.default}")
    elif not question.required:
        notes.append(f"Enter: {question.default or 'skip'}")
    return f"{question.key} [{', '.join(notes)}]" if notes else question.key


def _inline(choices: tuple[str, ...]) -> bool:
    """Whether the choices are short enough to be shown in the prompt itself (a prompt stays short:
    readline scrolls a long one sideways on a plain terminal)."""
    return len("/".join(choices)) <= 40


@contextmanager
def completing(words: Iterable[str]) -> Iterator[None]:
    """Tab completes ``words`` in a prompt while it is open, where Python's readline is (the word after
    the last ';' or '|' of a list); without readline, nothing changes."""
    try:
        import readline  # start-up, and once imported it changes how every input() reads a terminal
    except ImportError:
        yield
        return
    known = list(words)
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:
            lead = text[: len(text) - len(text.lstrip())]
            start = text.lstrip().casefold()
            matches[:] = [lead + w for w in known if w.casefold().startswith(start)]
        return matches[state] if state < len(matches) else None

    before = readline.get_completer(), readline.get_completer_delims()
    readline.set_completer(complete)
    readline.set_completer_delims(";|")  # a word may hold spaces ("Royal Guard")
    readline.parse_and_bind("bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete")
    try:
        yield
    finally:
        readline.set_completer(before[0])
        readline.set_completer_delims(before[1])


def _show_entry(card: CardBase, title: str, *, stderr: bool = False) -> None:
    """The entry as the file holds it, in a frame, and the fields left to write by hand."""
    out = console(stderr)
    out.print(Panel(Text(entry_text(card).rstrip("\n")), title=Text(title), title_align="left", expand=False))
    by_hand = [k for k in tables(card.kind) if getattr(card, k, None) in (None, [])]  # type: ignore[attr-defined]
    if by_hand:
        out.print(f"not asked (tables, written by hand): {', '.join(by_hand)}")


def _draw_added(added: CardAdded, target: Path, *, shown: bool) -> None:
    if not shown:
        _show_entry(added.card, f"added to {target}")
    echo(f"added {card_label(added.card)} to {target}")
    for note in added.notes:
        echo(f"note: {note}: {KEPT_AS_PRINTED}")
    if not added.in_catalog:
        echo(
            f"{target} is not in the catalog loaded here: give --catalog {target}, or list it in "
            f'skyforge.toml: catalog = ["{target}"]'
        )
