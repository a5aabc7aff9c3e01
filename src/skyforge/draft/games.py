"""The games skyforge drafts heroes for, as a registry: each game's new, resume, result and setup.

Everything that differs between an Onward and a Skybound: Arena draft is reached through
:data:`GAMES`, so the draft file (:mod:`.session`) and the CLI never ask which game it is.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from skyforge.draft.state import DraftSession
from skyforge.errors import InputError
from skyforge.results import Result
from skyforge.text import a

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog


class Game(NamedTuple):
    """How one game drafts: its teams, and the module whose functions start, resume and read a draft.

    The module (:mod:`.onward`, :mod:`.arena`) is imported when a draft of its game is first made
    or read: a command on an Onward draft does not load Arena's (its results: ~7 M instructions).
    """

    id: str  # as the catalog and the draft file name the game
    title: str  # as players name it
    teams: tuple[str, ...]  # the teams of a draft, as the draft file names them
    one_player_a_team: bool  # each team is one named player (Arena) rather than a side (Onward)
    module: str  # the module of its drafts, in skyforge.draft

    def code(self) -> ModuleType:
        """The game's module, imported on first use."""
        return importlib.import_module(f"skyforge.draft.{self.module}")

    def new(self, catalog: Catalog, **options: Any) -> DraftSession:
        """A new draft."""
        session: DraftSession = self.code().new_draft(catalog, **options)
        return session

    def resume(self, catalog: Catalog, data: dict) -> DraftSession:
        """The draft of a saved file's data, its journal not applied."""
        session: DraftSession = self.code().resume(catalog, data)
        return session

    def result(self, session: DraftSession) -> Result:
        """The draft as data (the JSON of every draft command): the game's ``OnwardDraft`` or ``ArenaDraft``."""
        data: Result = self.code().result(session)
        return data

    def setup(self, session: DraftSession) -> Sequence[Any]:
        """Each player's part of the setup that follows the draft."""
        entries: Sequence[Any] = self.code().setup(session)
        return entries

    def closing(self, session: DraftSession) -> tuple[str | None, list[str]]:
        """What to read once the draft is done: a heading and its lines."""
        heading: tuple[str | None, list[str]] = self.code().closing(session)
        return heading


GAMES: dict[str, Game] = {
    "onward": Game(id="onward", title="Onward", teams=("shadow", "light"), one_player_a_team=False, module="onward"),
    "skybound-arena": Game(
        id="skybound-arena",
        title="Skybound: Arena",
        #: the players' teams in turn order: two players, or four in a two versus two game
        teams=("first", "second", "third", "fourth"),
        one_player_a_team=True,
        module="arena",
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
