"""``skyforge series``: a best-of-3/5 match series (rulebook 004, "The Next Match")."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.cli.output import console, json_option, render
from skyforge.cli.syntax import NAMES
from skyforge.errors import InputError, Problem
from skyforge.series import tracker
from skyforge.text import plural

if TYPE_CHECKING:
    from pathlib import Path

    from skyforge.cli.main import App
    from skyforge.series.tracker import Series


@click.group()
def series() -> None:
    """Track a best-of-3 or best-of-5 series: trophies, deck sizes, extra cards, first player.

    NAME is a name, never a path: the series is kept as series/NAME.toml in the
    workspace (choose the workspace with --workspace).
    """


def _show(
    series_obj: Series, as_json: bool, path: Path | None = None, undone: tracker.MatchPlayed | None = None
) -> None:
    """The series; ``undone`` is the match result an undo took back, said first."""

    def human(data: tracker.SeriesShown) -> None:
        out = console()
        if data.undone is not None:
            u = data.undone
            out.print(Text(f"Undone: match {u.match} ({u.deck_size}-card decks) won by {u.winner}", style="bold"))
        trophies = ", ".join(f"{p} {n}" for p, n in data.trophies.items())
        out.print(Text.assemble((data.name, "bold"), f": best of {data.best_of} — trophies: {trophies}"))
        for m in data.matches:
            out.print(f"  match {m.match} ({m.deck_size}-card decks): won by {m.winner}")
        if data.winner:
            out.print(Text(f"{data.winner} wins the series.", style="green"))
        elif data.next_match is not None:
            nxt = data.next_match
            out.print(f"next: match {nxt.match}, decks of {nxt.deck_size} cards")
            for p, n in nxt.extra_cards.items():
                out.print(f"  {p} draws {plural(n, 'extra card')}")
            out.print(f"  extra cards are drawn {nxt.extra_cards_when}")
            out.print(f"  first player: {nxt.first_player or 'decide as usual (first match)'}")

    render(tracker.shown(series_obj, path, undone), as_json, human)


@series.command()
@click.argument("name")
@click.option(
    "--best-of",
    type=click.Choice([str(n) for n in tracker.BEST_OF]),
    required=True,
    help="Trophies needed: 2 of 3, 3 of 5.",
)
@click.option("--players", type=NAMES, metavar="A,B", required=True, help="The two players.")
@click.option("--deck-size", type=int, required=True, help=f"Deck size of the first match (1-{tracker.MAX_DECK_SIZE}).")
@click.option("--force", is_flag=True, help="Start over a series of the same name.")
@json_option
@click.pass_obj
def new(app: App, name: str, best_of: str, players: list[str], deck_size: int, force: bool, as_json: bool) -> None:
    """Start the series NAME (saved as series/NAME.toml); then record each match's winner with `series win`.

    \b
      skyforge series new friday --best-of 3 --players Ann,Bob --deck-size 30
    """
    s = tracker.new(name, int(best_of), players, deck_size)
    path = tracker.series_path(app.workspace, name)
    tracker.create(path, s, overwrite=force)
    _show(s, as_json, path)


@series.command()
@click.argument("name")
@click.argument("player_arg", metavar="[PLAYER]", required=False)
@click.option("--player", help="Who won the match (as in every other command; a bare PLAYER also works).")
@json_option
@click.pass_obj
def win(app: App, name: str, player_arg: str | None, player: str | None, as_json: bool) -> None:
    """Record that a player won the current match of series NAME: a trophy, and the next match's setup.

    \b
      skyforge series win friday --player Ann
      skyforge series win friday Ann          # the older form, still read
    """
    if player and player_arg and player != player_arg:
        raise InputError(
            Problem(
                f"two winners given: --player {player} and {player_arg}",
                key="--player",
                hint="give the winner once, with --player NAME",
            )
        )
    player = player or player_arg
    if not player:
        raise InputError(Problem("who won? give the winner with --player NAME", key="--player"))

    path = tracker.series_path(app.workspace, name)
    _show(tracker.update(path, lambda s: s.win(player)), as_json, path)


@series.command()
@click.argument("name")
@json_option
@click.pass_obj
def show(app: App, name: str, as_json: bool) -> None:
    """Show trophies, the next match's deck size, extra cards, first player and the winner (reads only).

    \b
      skyforge series show friday
      skyforge series show friday --json
    """
    path = tracker.series_path(app.workspace, name)
    _show(tracker.load(path), as_json, path)


@series.command()
@click.argument("name")
@json_option
@click.pass_obj
def undo(app: App, name: str, as_json: bool) -> None:
    """Take back the last recorded match result (e.g. the wrong player was recorded).

    \b
      skyforge series undo friday
    """
    path = tracker.series_path(app.workspace, name)
    before: list = []

    def take_back(s: Series) -> Series:
        before.append(s)
        return s.undo()

    after = tracker.update(path, take_back)
    _show(after, as_json, path, undone=tracker.state(before[-1]).matches[-1])
