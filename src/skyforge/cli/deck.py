"""``skyforge deck``: custom alliance decks."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.cli.complete import deck_names
from skyforge.cli.main import App
from skyforge.cli.output import json_option
from skyforge.terms import demo_note


@click.group()
def deck() -> None:
    """Build and check custom alliance decks.

    A DECK argument is a path to a deck file, or a NAME looked up as
    decks/NAME.toml in the workspace.
    """


@deck.command()
@click.argument("decks", nargs=-1, required=True, metavar="DECK...", shell_complete=deck_names)
@click.option("--collection", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
              help="Also check that your collection (products and single cards) holds every card "
                   "('-': read it from standard input).")
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

    from skyforge.errors import Problem

    from skyforge.cli.stdio import STDIN, is_dash, read_stdin
    from skyforge.decks import parse_deck

    loaded, problems, seen = [], [], {}
    for ref in decks:
        try:
            if ref == "-":
                loaded.append(parse_deck(read_stdin(), STDIN, app.catalog))
                continue
            path = resolve_deck_path(ref, app.workspace)
            if path.resolve() in seen:
                problems.append(Problem(f"the same deck is given twice ({seen[path.resolve()]} and {ref})", file=path,
                                        hint="give each player's deck once"))
                continue
            seen[path.resolve()] = ref
            loaded.append(load_deck(path, app.catalog))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    owned = None
    if is_dash(collection):
        owned = load_collection(Path(STDIN), read_stdin())
    elif collection:
        owned = load_collection(collection)
    report = validate_decks(app.catalog, loaded, owned)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(report.as_dict())
    else:
        _show_report(report)
    if not report.valid:
        raise SystemExit(1)


def _show_report(report) -> None:
    # Plain click output: this view is a list, not a table, and drawing it with
    # rich would cost more than the validation itself.
    from skyforge.cli.output import echo, style
    from skyforge.text import plural

    for d in report.decks:
        mark = style("✓ valid", fg="green") if d.valid else style("✗ invalid", fg="red")
        who = f" ({d.player})" if d.player else ""
        echo(f"{mark}  {d.file} — {d.name}{who}, castle {d.castle}, {plural(d.size, 'card')}")
        for note in d.notes:
            echo(f"    note: {note}")
    if report.violations:
        count = len(report.violations)
        echo(f"\n{style(f'{count} problem' + ('s' if count > 1 else '') + ':', bold=True)}")
        for v in report.violations:
            where = v.deck or ", ".join(v.decks)
            line = f":{v.line}" if v.line else ""
            echo(f"  {style(v.rule, fg='red')}  {where}{line}")
            echo(f"      {v.message}")
            if v.hint:
                echo(f"      hint: {v.hint}")
            if v.fix:
                echo(f"      fix: {v.fix}")
    if report.demo:
        echo(style("\n" + demo_note(), dim=True))


# The deck workbench (new, add, remove, rename, copy, list, premade, show, stats,
# diff, export, import) lives in its own module and registers itself on `deck`.
from skyforge.cli import deck_workbench  # noqa: E402,F401
