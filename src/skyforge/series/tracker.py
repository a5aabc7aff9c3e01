"""A best-of-3 or best-of-5 series (rulebook 004, "The Next Match").

The file keeps the setup (players, best of, starting deck size) and the list of
match winners; everything else — trophies, next deck size, extra cards, first
player, series winner — is folded from that list. Undo drops the last winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

from skyforge.empty import empty_list
from skyforge.errors import InputError, NotFoundError, Problem, StateError, option
from skyforge.results import Result
from skyforge.storage import Store, check_name, dump_toml, parse_model, workspace_file
from skyforge.text import did_you_mean

if TYPE_CHECKING:
    from collections.abc import Callable

BEST_OF = (3, 5)
#: when the extra cards are drawn: "for each trophy your opponent possesses, you draw one additional
#: card at the start of the game, before selecting leaders." (004 The Next Match)
EXTRA_CARDS_WHEN = "at the start of the match, before selecting leaders"
MAX_DECK_SIZE = 200  # a sanity bound, not a rule: the rulebook gives no size


class SeriesFile(BaseModel):
    """A match series (`series/NAME.toml`): the setup and the winner of each match so far."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    name: str | None = Field(default=None, min_length=1, description="Series name (default: the file name).")
    best_of: int = Field(description="Best of 3 or best of 5 matches.", json_schema_extra={"enum": list(BEST_OF)})
    players: list[Annotated[str, Field(min_length=1)]] = Field(
        min_length=2, max_length=2, description='The two players, as a list: ["Ann", "Bob"].'
    )
    deck_size: int = Field(ge=1, le=MAX_DECK_SIZE, description="Cards in each deck in the first match.")
    winners: list[str] = Field(
        default_factory=empty_list,
        max_length=5,
        description="The winner of each match so far, in order (a player's name).",
    )

    @field_validator("best_of")
    @classmethod
    def _best_of(cls, value: int) -> int:  # a whole number first (strict: 3.0 is refused), then 3 or 5
        if value not in BEST_OF:
            raise ValueError("must be 3 or 5")
        return value


@dataclass(frozen=True)
class Series:
    name: str
    best_of: int
    players: tuple[str, str]
    deck_size: int
    winners: tuple[str, ...] = field(default=())

    @property
    def trophies_to_win(self) -> int:
        # "The first player to claim two trophies in a best of three game, or to claim
        # three trophies in a best of five game, is declared the winner of the game."
        return self.best_of // 2 + 1

    def player(self, ref: str) -> str:
        for p in self.players:
            if p.casefold() == ref.strip().casefold():
                return p
        raise NotFoundError(
            Problem(
                f"'{ref}' does not play in series '{self.name}'",
                hint=did_you_mean(ref, self.players, listing="players"),
            )
        )

    def win(self, ref: str) -> Series:
        player = self.player(ref)
        st = state(self)
        if st.winner:
            raise StateError(
                f"the series is over: {st.winner} won it", hint=f"undo the last match with 'series undo {self.name}'"
            )
        return Series(self.name, self.best_of, self.players, self.deck_size, (*self.winners, player))

    def undo(self) -> Series:
        if not self.winners:
            raise StateError("nothing to undo: no match has been won yet")
        return Series(self.name, self.best_of, self.players, self.deck_size, self.winners[:-1])


class MatchPlayed(Result):
    """A match of the series, as won."""

    match: int
    deck_size: int
    winner: str


class NextMatch(Result):
    """The next match of a series still open (004 "The Next Match")."""

    match: int
    #: "From here on out, both players' decks will be one card smaller."
    deck_size: int
    #: "for each trophy your opponent possesses, you draw one additional card"
    extra_cards: dict[str, int]
    #: "… you draw one additional card at the start of the game, before selecting leaders."
    extra_cards_when: str = EXTRA_CARDS_WHEN
    #: "The player who won the previous match is always first player" (None: the first match)
    first_player: str | None


class SeriesState(Result):
    """Where a series stands: trophies, the matches played, the winner or the next match; its dump
    is ``series show --json``."""

    name: str
    best_of: int
    players: tuple[str, ...]
    deck_size: int
    trophies: dict[str, int]
    matches: tuple[MatchPlayed, ...]
    next_match: NextMatch | None
    winner: str | None


def state(series: Series) -> SeriesState:
    trophies = dict.fromkeys(series.players, 0)
    matches = []
    for i, match_winner in enumerate(series.winners):
        matches.append(MatchPlayed.of(match=i + 1, deck_size=series.deck_size - i, winner=match_winner))
        trophies[match_winner] += 1
    winner = next((p for p, n in trophies.items() if n >= series.trophies_to_win), None)
    next_match = None
    if winner is None:
        a, b = series.players
        n = len(series.winners)
        next_match = NextMatch.of(
            match=n + 1,
            deck_size=series.deck_size - n,
            extra_cards={a: trophies[b], b: trophies[a]},
            first_player=series.winners[-1] if series.winners else None,
        )
    return SeriesState.of(
        name=series.name,
        best_of=series.best_of,
        players=tuple(series.players),
        deck_size=series.deck_size,
        trophies=trophies,
        matches=tuple(matches),
        next_match=next_match,
        winner=winner,
    )


def _none(value: object) -> bool:
    return value is None


class SeriesShown(SeriesState):
    """A series as the ``series`` commands give it: with its file, and the match an undo took back."""

    file: str | None = Field(default=None, exclude_if=_none)
    undone: MatchPlayed | None = Field(default=None, exclude_if=_none)


def shown(series: Series, path: Path | None = None, undone: MatchPlayed | None = None) -> SeriesShown:
    """Where ``series`` stands (:func:`state`), kept in the file ``path``; ``undone`` the match an
    undo took back."""
    return SeriesShown.of(**dict(state(series)), file=str(path) if path else None, undone=undone)


def new(name: str, best_of: int, players: list[str], deck_size: int) -> Series:
    """A new series; each problem's ``key`` is the series file's key it is about."""
    check_name(name, "series name")
    if best_of not in BEST_OF:
        raise InputError(Problem("a series is best of 3 or best of 5", key="best_of", value=best_of, has_value=True))
    if len(players) != 2 or players[0].casefold() == players[1].casefold() or not all(players):
        raise InputError(
            Problem(
                "a series is between two players with different names",
                key="players",
                value=",".join(players),
                has_value=True,
                hint=f"e.g. {option('players')} Ann,Bob",
            )
        )
    if not 1 <= deck_size <= MAX_DECK_SIZE:
        raise InputError(
            Problem(
                f"a deck size of {deck_size} cards is out of range",
                key="deck_size",
                value=deck_size,
                has_value=True,
                hint=f"give the number of cards in each deck of the first match, {best_of} to {MAX_DECK_SIZE}",
            )
        )
    last = deck_size - (best_of - 1)
    if last < 1:
        raise InputError(
            Problem(
                f"a deck of {deck_size} cards would be {last} cards by match {best_of}; "
                "decks are one card smaller each match",
                key="deck_size",
                value=deck_size,
                has_value=True,
            )
        )
    return Series(name, best_of, (players[0], players[1]), deck_size)


def series_path(workspace: Path, name: str) -> Path:
    return workspace_file(workspace, "series", name, "series name")


def parse(text: str, path: Path) -> Series:
    """A series file's text → the series, its winners replayed (a bad one reported with its line)."""
    model, lines = parse_model(text, path, SeriesFile, "series")
    try:
        series = new(model.name or path.stem, model.best_of, list(model.players), model.deck_size)
    except InputError as exc:
        raise InputError(
            [
                Problem(
                    p.message,
                    file=path,
                    line=lines.get((p.key or "name",)),
                    key=p.key or "name",
                    value=p.value,
                    has_value=p.has_value,
                )
                for p in exc.problems
            ]
        ) from None
    for i, winner in enumerate(model.winners):
        try:
            series = series.win(winner)
        except (NotFoundError, StateError) as exc:
            raise InputError(
                Problem(
                    exc.message,
                    file=path,
                    line=lines.get(("winners",)),
                    key=f"winners[{i}]",
                    value=winner,
                    has_value=True,
                )
            ) from None
    return series


def render(series: Series, before: str | None = None) -> str:
    return dump_toml(
        {
            "schema": 1,
            "name": series.name,
            "best_of": series.best_of,
            "players": list(series.players),
            "deck_size": series.deck_size,
            "winners": list(series.winners),
        }
    )


#: series files, kept by the one store helper
SERIES: Store[Series] = Store("series", parse, render)


def load(path: Path) -> Series:
    return SERIES.load(path)


def save(series: Series, path: Path) -> None:
    """Write a series file atomically (the caller holds its lock, or nothing else writes it)."""
    SERIES.write(path, series)


def update(path: Path, change: Callable[[Series], Series | None]) -> Series:
    """Read, change and write a series file under its lock."""
    return SERIES.update(path, change)


def create(path: Path, series: Series, overwrite: bool = False) -> None:
    """Write a new series file; one that exists is refused unless ``overwrite``."""
    SERIES.create(path, series, force=overwrite)
