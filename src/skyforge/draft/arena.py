"""Skybound: Arena drafts (rulebook 003): players take turns picking heroes, one per class.

Team files, their check and a game's setup are in :mod:`.teams`, the heroes to choose from in
:mod:`.rosters`: a draft command creates none of their results."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from pydantic import Field

from skyforge.draft.common import build, find_format, heroes_of, saved_format
from skyforge.draft.engine import Draft
from skyforge.draft.games import GAMES
from skyforge.draft.restrictions import OnePer, pool
from skyforge.draft.state import DraftSession, DraftStep
from skyforge.errors import InputError, Problem, option
from skyforge.results import Result
from skyforge.terms import new_seed

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

GAME = "skybound-arena"
KIND: Final = "arena-hero"
#: the players' teams in turn order: two players, or four in a two versus two game
TEAMS = GAMES[GAME].teams
#: "take turns selecting hero's until both players have 5 heroes" (003 Setup): the format of that name
#: in the catalog holds the order and the team size
METHOD = "turns"
CARDS_PER_HERO = 5  # "Each hero comes with a deck of 5 action cards" (003 Action Cards)
#: "the player going first draws 5 cards, the player going second draws 6 cards. If you are playing with
#: more than 2 players, each player draws 5 cards plus one for each player before them in turn order." (003)
FIRST_DRAW = 5
#: "the first player to score 30 points wins the game"; "In a two versus two player game, the first player
#: team to score 50 points wins the game." (003 Key Information)
SCORE_TO_WIN, SCORE_TO_WIN_2V2 = 30, 50
ATTRS = ("hero_class",)
RULES = (OnePer("hero_class", "class"),)


def new_draft(
    catalog: Catalog, *, players: list[str], seed: int | None = None, two_vs_two: bool = False
) -> DraftSession:
    """Players take turns picking until each has 5 heroes, at most one per class.

    The first player named picks first (003 Setup: "Decide which player will pick
    the first hero deck, then take turns selecting hero's"). ``two_vs_two``: four players,
    the first and third against the second and fourth (003 Key Information: "Players on the
    same team should take alternating turns"), each with a team of their own; the order is
    the catalog format's for four players.
    """
    count = 4 if two_vs_two else 2
    if len(players) != count or len({p.casefold() for p in players}) != count:
        raise InputError(
            Problem(
                f"an Arena draft{' for a two versus two game' if two_vs_two else ''} takes {count} players "
                "with different names" + ("" if two_vs_two else " (four for a two versus two game)"),
                value=",".join(players),
                has_value=True,
                hint=f"e.g. {option('players')} " + ",".join(["Ann", "Bob", "Cy", "Dee"][:count]),
            )
        )
    seed = new_seed() if seed is None else seed
    fmt = find_format(catalog, GAME, METHOD, players=count)
    if len(fmt.teams) != count:
        raise InputError(
            Problem(
                f"the catalog's Arena draft format '{fmt.id}' has {len(fmt.teams)} teams, not {count}",
                hint=f"give a [[draft_formats]] of method '{METHOD}' the players = [{count}] and {count} teams",
            )
        )
    heroes, left_out = pool(heroes_of(catalog, KIND, ATTRS), RULES)
    names = dict(zip(fmt.teams, players, strict=True))
    return build(
        GAME,
        fmt,
        heroes,
        left_out,
        RULES,
        seed,
        {t: [p] for t, p in names.items()},
        {"method": METHOD} | ({"two_vs_two": True} if two_vs_two else {}),
        team_names=names,
    )


def team_size(catalog: Catalog) -> int:
    """Heroes in a team: "a team of 5 heroes" (003), as the catalog's Arena draft format holds it."""
    return find_format(catalog, GAME, METHOD).team_size


def resume(catalog: Catalog, data: dict) -> DraftSession:
    fmt = saved_format(catalog, GAME, data)
    heroes, left_out = pool(heroes_of(catalog, KIND, ATTRS), RULES)
    players = data["players"]
    if set(players) != set(fmt.teams):
        raise InputError(
            Problem(
                f"the players name the teams {', '.join(players)}; the format '{fmt.id}' has {', '.join(fmt.teams)}",
                key="players",
            )
        )
    draft = Draft(
        format=fmt,
        heroes=heroes,
        restrictions=RULES,
        seed=int(data["seed"]),
        left_out=left_out,
        team_names={t: (players.get(t) or [t])[0] for t in fmt.teams},
    )
    return DraftSession(game=GAME, draft=draft, players=players, options=data.get("options", {}))


def teams_of(session: DraftSession) -> list[dict]:
    """The drafted teams, in pick order, as :func:`setup` takes them: ``[{"player", "heroes"}]``."""
    return [{"player": p, "heroes": hs} for p, hs in result(session).teams.items()]


setup = teams_of  # as the games' registry (:mod:`.games`) calls it


#: "The player that selected second, then chooses if they want to go first or second." (003 Setup)
NOTES = "The player who picked second chooses whether to go first or second (003 Setup)."


def chooser(session: DraftSession) -> str:
    """The player who picked second: they choose who goes first (003 Setup)."""
    return session.players[TEAMS[1]][0]


def is_two_vs_two(session: DraftSession) -> bool:
    return bool(session.options.get("two_vs_two"))


#: 003 says who chooses the first player for two players only
NOTES_2V2 = (
    'Two versus two: the turn order is the pick order, the sides alternating (003: "Players on the same '
    'team should take alternating turns"); 003 says who chooses the first player for two players only.'
)


def sides(session: DraftSession) -> list[list[str]]:
    """The two sides of a two versus two game: the first and third players against the second and fourth."""
    order = [session.players[t][0] for t in session.draft.teams]
    return [order[0::2], order[1::2]]


def who_chooses(session: DraftSession) -> str:
    if is_two_vs_two(session):
        return NOTES_2V2
    return f"{chooser(session)} picked second, so {chooser(session)} chooses who goes first (003 Setup)."


def closing(session: DraftSession) -> tuple[None, list[str]]:
    """What the players do once the draft is done: the one who picked second chooses who goes first."""
    lines = [who_chooses(session) if session.draft.done or is_two_vs_two(session) else NOTES]
    if is_two_vs_two(session):
        lines.insert(0, "sides: " + " vs ".join(" & ".join(side) for side in sides(session)))
    return None, lines


def _none(value: object) -> bool:
    return value is None


class ArenaTurn(Result):
    """The turn an Arena draft is at: its number, the player whose turn it is, a pick."""

    turn: int
    player: str
    action: str


class ArenaStep(DraftStep):
    """One step of an Arena draft, with the player who took it."""

    player: str


class ArenaDraft(Result):
    """A Skybound: Arena draft: the game it sets up (two players, or two versus two with its
    sides), the turn it is at, each player's team, and the steps; as a saved draft's commands
    show it, with its file and the step an undo took back."""

    mode: str
    #: the two sides of a two versus two game, else left out
    sides: list[list[str]] | None = Field(default=None, exclude_if=_none)
    score_to_win: int
    game: str
    seed: int
    format: str
    complete: bool
    next: ArenaTurn | None
    pick_order: list[str]
    #: player → their heroes, in pick order
    teams: dict[str, list[str]]
    steps: list[ArenaStep]
    demo: bool
    demo_heroes: list[str]
    #: the heroes left out of the pool, each with why
    left_out: list[str]
    notes: str
    file: str | None = Field(default=None, exclude_if=_none)
    undone: DraftStep | None = Field(default=None, exclude_if=_none)


def result(session: DraftSession) -> ArenaDraft:
    d = session.draft
    two_vs_two = is_two_vs_two(session)
    return ArenaDraft.of(
        mode="2v2" if two_vs_two else "2 players",
        sides=sides(session) if two_vs_two else None,
        score_to_win=SCORE_TO_WIN_2V2 if two_vs_two else SCORE_TO_WIN,
        game=GAME,
        seed=session.seed,
        format=d.format.id,
        complete=d.done,
        next=(
            ArenaTurn.of(turn=d.current.number, player=d.name(d.current.team), action=d.current.action)
            if d.current
            else None
        ),
        pick_order=[session.players[t][0] for t in d.teams],
        teams={session.players[t][0]: [session.hero_name(k) for k in d.picks(t)] for t in d.teams},
        steps=[ArenaStep.of(**dict(s), player=d.name(s.team)) for s in session.steps()],
        demo="demo" in session.provenances(),
        demo_heroes=session.demo_heroes(),
        left_out=[d.left_out[k] for k in sorted(d.left_out)],
        notes=NOTES_2V2 if two_vs_two else NOTES,
    )


def class_inferred(inferred: Mapping[str, str]) -> dict[str, str]:
    """The fields of a hero read into the rulebooks, its ``hero_class`` named as the JSON names it."""
    return {"class" if f == "hero_class" else f: why for f, why in inferred.items()}
