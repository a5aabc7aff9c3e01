"""Undo that can be taken back, and save points: ``campaign redo`` and ``campaign undo --to-game``.

What undo takes back is kept in the campaign file (``[[undone]]``, :data:`store.UNDONE`), the
last undone last, until a new command is recorded: redo puts the last of them back, checked by
replaying the journal with it (every precondition, :mod:`skyforge.campaign.preconditions`).
Going back to the moment game N was set up takes back every command after that one in one step;
redo puts them all back in one step too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skyforge.campaign import events as ev
from skyforge.campaign.state import CampaignState, ReplayError, fold
from skyforge.campaign.store import CAMPAIGNS, Journal, _named
from skyforge.campaign.view import CampaignView
from skyforge.errors import StateError
from skyforge.results import Result


class Undone(Result):
    """What ``campaign undo`` took back, as the log lists it, and the campaign after."""

    undone: list[dict[str, Any]]
    campaign: CampaignView


class Redone(Result):
    """What ``campaign redo`` put back, as the log lists it, and the campaign after."""

    redone: list[dict[str, Any]]
    campaign: CampaignView


def redo(path: Path) -> tuple[list, int, CampaignState]:
    """Re-apply what the last undo took back. Returns (the events put back, the index of the
    first of them, the state now)."""
    path = Path(path)
    done: list = []

    def change(journal: Journal) -> Journal:
        if not journal.undone:
            raise StateError(
                "nothing to redo: no undo since the last command",
                hint="redo puts back what undo took back, until another command is recorded",
            )
        back = journal.undone[-1]
        events = journal.events + back
        try:
            state = fold(events)
        except ReplayError as exc:
            raise StateError(
                f"what was undone no longer follows the campaign: a '{exc.event_type}' event cannot happen here: {exc.reason}",
                hint="the journal was changed since the undo; record the command again",
            ) from None
        done[:] = [back, len(journal.events)]
        return Journal(path, events, _named(state, path), undone=journal.undone[:-1])

    now = CAMPAIGNS.update(path, change).state
    back, start = done
    return back, start, now


def game_set_up_end(events: list, game: int) -> int:
    """The index just after the command that set up game ``game`` (its set-up and the events
    written with it): the journal up to there is the moment the game was set up."""
    for index, event in enumerate(events):
        if isinstance(event, ev.GameSetUp) and event.game == game:
            end = index + 1
            while end < len(events) and getattr(events[end], "same_command", None):
                end += 1
            return end
    games = [e.game for e in events if isinstance(e, ev.GameSetUp)]
    raise StateError(
        f"game {game} has not been set up in this campaign",
        hint=f"games set up: {', '.join(map(str, games))}" if games else "no game has been set up yet",
    )


def to_game_preview(journal: Journal, game: int) -> tuple[list, int]:
    """What going back to the moment game ``game`` was set up would take back: (events, index of the first)."""
    end = game_set_up_end(journal.events, game)
    if end >= len(journal.events):
        raise StateError(f"nothing to undo: the campaign is at the moment game {game} was set up")
    return journal.events[end:], end


def undo_to_game(path: Path, game: int) -> tuple[list, int, CampaignState]:
    """Go back to the moment game ``game`` was set up, in one step that redo can take back.
    Returns (the events taken back, the index of the first of them, the state now)."""
    path = Path(path)
    done: list = []

    def change(journal: Journal) -> Journal:
        removed, start = to_game_preview(journal, game)
        done[:] = [removed, start]
        kept = journal.events[:start]
        return Journal(path, kept, _named(fold(kept), path), undone=[*journal.undone, removed])

    now = CAMPAIGNS.update(path, change).state
    removed, start = done
    return removed, start, now
