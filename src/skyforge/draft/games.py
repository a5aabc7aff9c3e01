"""The games skyforge drafts heroes for, as a registry: each game's new, resume, result and setup.

Everything that differs between an Onward and a Skybound: Arena draft is reached through
:data:`GAMES`, so the draft file (:mod:`.session`) and the CLI never ask which game it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from skyforge.draft import arena, onward
from skyforge.draft.state import DraftSession
from skyforge.errors import InputError
from skyforge.text import a

#: a draft as data, whichever game it drafts for (the JSON of every draft command)
DraftResult = onward.OnwardDraft | arena.ArenaDraft


@dataclass(frozen=True)
class Game:
    """How one game drafts: its teams and the functions that start, resume and read a draft."""

    id: str  # as the catalog and the draft file name the game
    title: str  # as players name it
    teams: tuple[str, ...]  # the teams of a draft, as the draft file names them
    one_player_a_team: bool  # each team is one named player (Arena) rather than a side (Onward)
    new: Callable[..., DraftSession]  # (catalog, **options) -> a new draft
    resume: Callable[[Any, dict], DraftSession]  # (catalog, saved file data) -> the draft, journal not applied
    result: Callable[[DraftSession], DraftResult]  # the draft as data (the JSON of every draft command)
    setup: Callable[[DraftSession], Sequence[Any]]  # each player's part of the setup that follows the draft
    closing: Callable[[DraftSession], tuple[str | None, list[str]]]  # what to read once it is done


GAMES: dict[str, Game] = {
    onward.GAME: Game(
        id=onward.GAME,
        title="Onward",
        teams=onward.TEAMS,
        one_player_a_team=False,
        new=onward.new_draft,
        resume=onward.resume,
        result=onward.result,
        setup=onward.setup,
        closing=onward.closing,
    ),
    arena.GAME: Game(
        id=arena.GAME,
        title="Skybound: Arena",
        teams=arena.TEAMS,
        one_player_a_team=True,
        new=arena.new_draft,
        resume=arena.resume,
        result=arena.result,
        setup=arena.teams_of,
        closing=arena.closing,
    ),
}


def game_of(session: DraftSession) -> Game:
    return GAMES[session.game]


def title(game: str) -> str:
    return GAMES[game].title if game in GAMES else game


def expect_game(session: DraftSession, name: str, game: str) -> DraftSession:
    """``session`` when it is a draft of ``game``; refused (naming both games) when it is not."""
    if session.game != game:
        raise InputError(f"'{name}' is {a(title(session.game))} draft, not {a(title(game))} one")
    return session
