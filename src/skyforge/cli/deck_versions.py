"""``skyforge deck history`` and ``deck restore``: a deck's versions, and one written back."""

from __future__ import annotations

import click

from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import after_edit
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.output import table as new_table
from skyforge.decks import resolve_deck_path
from skyforge.storage.history import BY_HAND
from skyforge.text import plural
from skyforge.workbench.diff import CardChange
from skyforge.workbench.versions import DeckHistory, Restored, deck_history, restore_deck


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@json_option
@click.pass_obj
def history(app: App, deck_ref: str, as_json: bool) -> None:
    """List a deck's versions: number, time, the command (or "edited by hand"), cards added and removed.

    Every change skyforge makes to a deck keeps the version it writes (in the workspace's
    .skyforge/history/, the last 100); a version edited by hand is recorded before the next
    change. Name version N as DECK@N wherever a deck is read (show, stats, diff, validate,
    export); `deck restore DECK@N` writes it back as a new version.

    \b
      skyforge deck history my-blue-wall
      skyforge deck diff my-blue-wall@2 my-blue-wall
      skyforge deck restore my-blue-wall@2
    """
    data = deck_history(app.catalog, resolve_deck_path(deck_ref, app.workspace))
    render(data, as_json, _draw_history)


def _changes(changes: tuple[CardChange, ...], sign: str) -> str:
    return ", ".join(f"{sign}{abs(c.change)} {c.name or c.code}" for c in changes)


def _draw_history(data: DeckHistory) -> None:
    out = console()
    if not data.versions:
        out.print(f"{data.deck}: no versions kept yet (the next change keeps the one it has now)")
        return
    rows = []
    for v in data.versions:
        if v.problem:
            what = f"not a deck skyforge reads: {v.problem}"
        else:
            what = "; ".join(
                filter(
                    None,
                    [
                        _changes(v.added, "+"),
                        _changes(v.removed, "-"),
                        ", ".join(f"{c.name or c.code} {c.before}→{c.after}" for c in v.changed),
                    ],
                )
            ) or ("no card changed" if v.number != data.versions[0].number else "")
        rows.append(
            (str(v.number), v.time.replace("T", " ")[:19], v.command, "" if v.size is None else str(v.size), what)
        )
    grid = new_table(
        "version",
        "time (UTC)",
        "command",
        "cards",
        "changes",
        title=f"{data.deck}: {plural(len(data.versions), 'version')}",
    )
    for row in rows:
        grid.add_row(*row)
    out.print(grid)
    if data.changed_since:
        out.print(f"the file now differs from version {data.versions[-1].number}: {BY_HAND} (kept at the next change)")


@click.command()
@click.argument("ref", metavar="DECK@N", shell_complete=deck_names)
@click.pass_obj
def restore(app: App, ref: str) -> None:
    """Write version N of a deck back as its newest version (nothing is lost: the version it
    replaces stays in the history).

    \b
      skyforge deck history my-blue-wall
      skyforge deck restore my-blue-wall@2
    """
    done: Restored = restore_deck(app.workspace, ref)
    after_edit(
        app,
        resolve_deck_path(done.deck, app.workspace),
        f"restored version {done.restored} of {done.deck} as version {done.version}",
    )
