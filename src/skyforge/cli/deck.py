"""``skyforge deck``: custom alliance decks."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.cli.main import App
from skyforge.cli.output import json_option


@click.group()
def deck() -> None:
    """Build and check custom alliance decks.

    A DECK argument is a path to a deck file, or a NAME looked up as
    decks/NAME.toml in the workspace.
    """


@deck.command()
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--collection", type=click.Path(dir_okay=False, path_type=Path),
              help="Also check that your collection (products and single cards) holds every card.")
@json_option
@click.pass_obj
def validate(app: App, decks: tuple[str, ...], collection: Path | None, as_json: bool) -> None:
    """Check decks against their castles and the copy limits across all of them.

    Decks given together are the decks of the players of one game: each follows
    its own castle's back, and across all of them there may be at most 1 copy of
    a mythic or legendary card, 2 of a rare and 3 of a base card. Every problem
    is reported at once, with the fix where there is a simple one.

    \b
    Exit status: 0 all valid, 1 some deck invalid, 2 bad input.

    \b
      skyforge deck validate decks/demo-blue-wall.toml
      skyforge deck validate demo-blue-wall demo-green-grove --collection collection.toml
    """
    from skyforge.decks import load_collection, load_deck, resolve_deck_path
    from skyforge.errors import InputError
    from skyforge.rules import validate_decks

    loaded, problems = [], []
    for ref in decks:
        try:
            loaded.append(load_deck(resolve_deck_path(ref, app.workspace)))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    owned = load_collection(collection) if collection else None
    report = validate_decks(app.catalog, loaded, owned)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(report.as_dict())
    else:
        _show_report(report)
    if not report.valid:
        raise SystemExit(1)


def _show_report(report) -> None:
    from rich.markup import escape

    from skyforge.cli.output import console

    out = console()
    for d in report.decks:
        mark = "[green]✓ valid[/]" if d.valid else "[red]✗ invalid[/]"
        who = f" ({escape(d.player)})" if d.player else ""
        out.print(f"{mark}  {escape(d.file)} — {escape(d.name)}{who}, castle {escape(str(d.castle))}, {d.size} cards")
        for note in d.notes:
            out.print(f"    note: {escape(note)}")
    if report.violations:
        out.print()
        out.print(f"[bold]{len(report.violations)} problem{'s' if len(report.violations) > 1 else ''}:[/]")
        for v in report.violations:
            where = v.deck or ", ".join(v.decks)
            line = f":{v.line}" if v.line else ""
            out.print(f"  [red]{v.rule}[/]  {escape(where)}{line}")
            out.print(f"      {escape(v.message)}")
            if v.hint:
                out.print(f"      hint: {escape(v.hint)}")
            if v.fix:
                out.print(f"      fix: {escape(v.fix)}")
    if report.demo:
        out.print("\n[dim]demo data: these decks use fictional cards from the DEMO set, not the published game's[/]")


# The deck workbench (new, add, remove, rename, copy, list, premade, show, stats,
# diff, export, import) lives in its own module and registers itself on `deck`.
from skyforge.cli import deck_workbench  # noqa: E402,F401
