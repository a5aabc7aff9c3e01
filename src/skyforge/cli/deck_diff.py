"""``skyforge deck diff``: the cards added, removed and changed from one deck to another."""

from __future__ import annotations

import click
from rich.text import Text

from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import load
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.workbench.diff import DeckDiff, diff_decks


@click.command()
@click.argument("a", metavar="A", shell_complete=deck_names)
@click.argument("b", metavar="B", shell_complete=deck_names)
@json_option
@click.pass_obj
def diff(app: App, a: str, b: str, as_json: bool) -> None:
    """Compare two decks: cards added, removed and changed from A to B.

    \b
    Exit status: 0 the decks hold the same cards and castle, 1 they differ.

    \b
      skyforge deck diff demo-blue-wall my-blue-wall
    """
    changes = diff_decks(app.catalog, load(app, a), load(app, b))
    render(changes, as_json, _draw_diff)
    if not changes.same:
        raise SystemExit(1)


def _draw_diff(data: DeckDiff) -> None:
    out = console()
    a, b = data.a, data.b
    out.print(Text.assemble((a.name, "bold"), f" ({a.size}) → ", (b.name, "bold"), f" ({b.size})"))
    if a.castle != b.castle:
        out.print(f"  castle {a.castle} → {b.castle}")
    for sign, changes, style in (("+", data.added, "green"), ("-", data.removed, "red"), ("~", data.changed, "yellow")):
        for r in changes:
            change = f"{r.change:+d}" if changes is data.changed else f"{abs(r.change)}"
            detail = f" ({r.before} → {r.after})" if changes is data.changed else ""
            out.print(Text.assemble("  ", (f"{sign} {change:>3}", style), f"  {r.code}  {r.name or ''}{detail}"))
    if data.same:
        out.print("  same cards and castle")
