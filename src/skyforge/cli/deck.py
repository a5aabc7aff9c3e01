"""``skyforge deck``: custom alliance decks.

``deck validate`` lives here; the workbench's commands live in the module of their kind
(:mod:`.deck_edit`, :mod:`.deck_view`, :mod:`.deck_diff`, :mod:`.deck_draw`, :mod:`.deck_io`, the
assistant's :mod:`.deck_assist`), each imported on first use like the command families of
``skyforge`` (so ``deck validate`` starts as fast as before the split).
"""

from __future__ import annotations

import os
from pathlib import Path

import click
from rich.text import Text

from skyforge.cli.complete import deck_names
from skyforge.cli.main import App, LazyGroup
from skyforge.cli.output import console, json_option, progress, render
from skyforge.cli.places import missing_sets_note
from skyforge.cli.stdio import STDIN, is_dash, read_stdin
from skyforge.decks import load_collection, load_deck, parse_deck, read_deck, resolve_deck_path, split_version
from skyforge.errors import InputError, Problem
from skyforge.places import workspace_folder
from skyforge.rules import ValidationReport, validate_each, validate_given
from skyforge.terms import demo_note
from skyforge.text import plural

#: the deck workbench: command → (module, attribute, "")
WORKBENCH: dict[str, tuple[str, str, str]] = {
    **{
        name: ("skyforge.cli.deck_edit", attr, "")
        for name, attr in (
            ("new", "new"),
            ("add", "add"),
            ("remove", "remove"),
            ("rename", "rename"),
            ("copy", "copy"),
            ("list", "list_"),
            ("premade", "premade"),
        )
    },
    **{name: ("skyforge.cli.deck_view", name, "") for name in ("show", "stats")},
    "diff": ("skyforge.cli.deck_diff", "diff", ""),
    "draw": ("skyforge.cli.deck_draw", "draw", ""),
    "export": ("skyforge.cli.deck_io", "export_", ""),
    "import": ("skyforge.cli.deck_io", "import_", ""),
    **{name: ("skyforge.cli.deck_versions", name, "") for name in ("history", "restore")},
    **{name: ("skyforge.cli.deck_assist", name, "") for name in ("complete", "build", "plan")},
    # the live editor: Textual is imported only by this command
    "edit": ("skyforge.cli.editor.command", "edit", ""),
}


class DeckGroup(LazyGroup):
    """A group whose commands are imported on first use; otherwise a plain click group (its help,
    "no such command" and errors as click gives them in a subgroup)."""

    format_commands = click.Group.format_commands
    resolve_command = click.Group.resolve_command
    invoke = click.Group.invoke


@click.group(cls=DeckGroup, lazy=WORKBENCH)
def deck() -> None:
    """Build and check custom alliance decks.

    A DECK argument is a path to a deck file, or a NAME looked up as
    decks/NAME.toml in the workspace; DECK@N is its version N (see
    `deck history`).
    """


@deck.command()
@click.argument("decks", nargs=-1, metavar="[DECK]...", shell_complete=deck_names)
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Every deck of the workspace (decks/*.toml), each checked on its own, in one report.",
)
@click.option(
    "--collection",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Also check that your collection (products and single cards) holds every card "
    "('-': read it from standard input).",
)
@json_option
@click.pass_obj
def validate(app: App, decks: tuple[str, ...], every: bool, collection: Path | None, as_json: bool) -> None:
    """Check decks against their castles, and one game's decks against the copy limits.

    One or two decks given together are the decks of the players of one game:
    each follows its own castle's back, the two follow different castles, and
    across both there may be at most 1 copy of a mythic or legendary card, 2 of
    a rare and 3 of a base card (two printings of one card count together). A
    game has one or two alliance decks: three or more decks are not one game's,
    so each is checked on its own, and the report says so. Every problem is
    reported at once, with the fix where there is a simple one. --all checks
    every deck of the workspace, each on its own (they are not one game's decks,
    so no copy limit runs across them).

    \b
    Exit status: 0 all valid, 1 some deck invalid, 2 bad input.

    \b
      skyforge deck validate decks/demo-blue-wall.toml
      skyforge deck validate demo-blue-wall demo-green-grove --collection collection.toml
      skyforge deck validate --all
    """
    if every == bool(decks):
        raise click.UsageError("give the decks to check, or --all for every deck of the workspace, not both")
    owned = None
    if is_dash(collection):
        owned = load_collection(Path(STDIN), read_stdin())
    elif collection:
        owned = load_collection(collection)
    if every:
        every_deck = sorted(workspace_folder(app.workspace, "decks").glob("*.toml"))
        report = validate_each(app.catalog, _load_decks(app, tuple(map(str, every_deck)), as_json), owned)
    else:
        report = validate_given(app.catalog, _load_decks(app, decks, as_json), owned)
    note = missing_sets_note(app, [c for v in report.violations if v.rule == "unknown-card" for c in v.cards])
    render(report, as_json, lambda r: _show_report(r, note))
    if not report.valid:
        raise SystemExit(1)


def _load_decks(app: App, decks: tuple[str, ...], as_json: bool) -> list:
    """Every deck named (a bar on the terminal for many), or every problem of every deck at once."""
    loaded, problems = [], []
    seen: dict[str, str] = {}  # real path → the deck as given
    folders: dict[str, str] = {}  # folder → its real path
    with progress("reading decks", as_json) as step:
        for done, ref in enumerate(decks):
            if step:
                step(done, len(decks))
            try:
                if ref == "-":
                    loaded.append(parse_deck(read_stdin(), STDIN, app.catalog))
                    continue
                base, version = split_version(ref)
                path = resolve_deck_path(base, app.workspace)
                real = _real_path(path, folders) + (f"@{version}" if version is not None else "")
                if real in seen:
                    problems.append(
                        Problem(
                            f"the same deck is given twice ({seen[real]} and {ref})",
                            file=path,
                            hint="give each player's deck once",
                        )
                    )
                    continue
                seen[real] = ref
                loaded.append(
                    load_deck(path, app.catalog) if version is None else read_deck(ref, app.workspace, app.catalog)
                )
            except InputError as exc:
                problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    return loaded


def _real_path(path: Path, folders: dict) -> str:
    """``path`` with symbolic links resolved, resolving each folder once (bulk: thousands of decks)."""
    folder, name = os.path.split(os.path.abspath(path))
    if folder not in folders:
        folders[folder] = os.path.realpath(folder)
    full = os.path.join(folders[folder], name)
    return os.path.realpath(full) if os.path.islink(full) else full


def _show_report(report: ValidationReport, catalog_note: str | None = None) -> None:
    out = console()
    for d in report.decks:
        mark = ("✓ valid", "green") if d.valid else ("✗ invalid", "red")
        who = f" ({d.player})" if d.player else ""
        out.print(Text.assemble(mark, f"  {d.file} — {d.name}{who}, castle {d.castle}, {plural(d.size, 'card')}"))
        for note in d.notes:
            out.print(f"    note: {note}")
    for note in report.notes:
        out.print(f"note: {note}")
    if report.violations:
        out.print(Text(f"\n{plural(len(report.violations), 'problem')}:", style="bold"))
        for v in report.violations:
            where = v.deck or ", ".join(v.decks)
            line = f":{v.line}" if v.line else ""
            out.print(Text.assemble("  ", (v.rule, "red"), f"  {where}{line}"))
            for label, text in (("", v.message), ("hint: ", v.hint), ("fix: ", v.fix)):
                if text:
                    out.print(f"      {label}{text}")
    if catalog_note:
        out.print(Text("\n" + catalog_note, style="yellow"))
    if report.demo:
        out.print(Text(f"\n{demo_note()}", style="dim"))
