"""Onward hero drafts (rulebook 002 "Choosing Heroes", "Two-Lane Map Set Up", Setup K–M)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from pydantic import Field

from skyforge.draft.common import build, find_format, heroes_of, methods, saved_format
from skyforge.draft.engine import Draft
from skyforge.draft.games import GAMES
from skyforge.draft.restrictions import FromFaction, OnePer, Restriction, pool
from skyforge.draft.state import RANDOM, DraftSession, DraftStep, PlayerHeroes
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.results import Result
from skyforge.terms import FACTIONS, new_seed

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

GAME = "onward"
KIND: Final = "onward-hero"
TEAMS = GAMES[GAME].teams
#: "1 double-sided board" (002 Components): "the 3-lane map" and "the 2-lane map" (002 Setup B); how many
#: heroes a team drafts on each map is the draft formats' data (their ``maps`` and ``players``)
MAPS = ("three-lane", "two-lane")
#: "Factions. The faction of a hero is identified by the symbol next to its name:
#: Kurumo, Liothan, Taulot, Nupten." (002 Heroes Overview): the alliance's factions, skyforge.terms.FACTIONS
COLORS = ("red", "blue", "green", "yellow")
ATTRS = ("color", "faction", "hero_class", "range")
#: 002 Setup K-M: "Place their HP token next to the 9 of the HP track"; "Take all of your other hero
#: cards (there should be 5 for each hero)"; "Each player draws 2 cards into their hand. In a 3-player
#: game, the player without a teammate draws 4 cards instead."
HERO_HP = 9
DECK_CARDS_PER_HERO = 5
DRAW, DRAW_WITHOUT_TEAMMATE = 2, 4


def restrictions(one_per_color: bool, factions: dict[str, str] | None) -> tuple[Restriction, ...]:
    rules: list[Restriction] = []
    if one_per_color:
        rules.append(OnePer("color", "colour"))
    if factions:
        rules.append(FromFaction(factions))
    return tuple(rules)


def team_factions(names: list[str] | None) -> dict[str, str] | None:
    """The faction-based restriction's choice: Shadow names a faction, then Light names another one."""
    if not names:
        return None
    parts = [n.strip().casefold() for n in names]
    if len(parts) != len(TEAMS):
        raise InputError(
            Problem(
                "a faction-based draft names two factions: Shadow's, then Light's",
                value=",".join(names),
                has_value=True,
            )
        )
    for part in parts:
        if part not in FACTIONS:
            raise InputError(Problem(f"unknown faction '{part}'", hint="factions: " + ", ".join(FACTIONS)))
    if parts[0] == parts[1]:
        raise InputError(
            Problem("the Light team must name another faction than Shadow's", value=",".join(names), has_value=True)
        )
    return dict(zip(TEAMS, parts, strict=True))


def assign_teams(players: list[str], seed: int) -> dict[str, list[str]]:
    """Players split into Light and Shadow teams, assigned at random (seeded)."""
    rng = random.Random(f"{seed}:teams")
    order = list(players)
    rng.shuffle(order)
    first = rng.choice(TEAMS) if len(order) % 2 else "shadow"  # who gets the extra player of three
    second = "light" if first == "shadow" else "shadow"
    teams: dict[str, list[str]] = {"shadow": [], "light": []}
    for i, name in enumerate(order):
        teams[first if i % 2 == 0 else second].append(name)
    return teams


#: "If you cannot agree, use the first restriction (one per color) and the first drafting method
#: (all random!)." (002 Choosing Heroes)
FALLBACK = (
    "no drafting method and no restriction chosen: 002's fallback when the players cannot agree, "
    "the first restriction (one hero per colour) and the first method (all random)"
)


def new_draft(
    catalog: Catalog,
    *,
    method: str | None,
    one_per_color: bool = False,
    factions: dict[str, str] | None = None,
    map_: str = "three-lane",
    players: list[str] | None = None,
    seed: int | None = None,
    team_size: int | None = None,
    first_game: bool = False,
) -> DraftSession:
    """A new draft: the catalog's format for ``method`` on ``map_`` with this many ``players``
    (4 heroes a team, or 3 on the two-lane map with two players, as the data says; ``team_size``
    asks for another of the formats the data holds: the usual four there, which "works regardless").

    ``first_game``: no draft, the rulebook's teams for a first game (:func:`first_game_draft`).
    """
    if first_game:
        return first_game_draft(catalog, map_=map_, players=players, seed=seed, team_size=team_size)
    fallback = method is None and not one_per_color and not factions
    if fallback:
        method, one_per_color = RANDOM, True
    method = method or RANDOM
    known = methods(catalog, GAME)
    if method not in known:
        raise InputError(Problem(f"unknown method '{method}'", hint="methods: " + ", ".join(known)))
    if map_ not in MAPS:
        raise InputError(Problem(f"unknown map '{map_}'", hint="maps: " + ", ".join(MAPS)))
    players = player_names(players)
    seed = new_seed() if seed is None else seed
    fmt = find_format(catalog, GAME, method, map_=map_, players=len(players), team_size=team_size)
    rules = restrictions(one_per_color, factions)
    heroes, left_out = pool(heroes_of(catalog, KIND, ATTRS), rules)
    options = {"method": method, "map": map_, "one_per_color": one_per_color, "factions": factions or {}}
    if fallback:
        options["fallback"] = True
    return build(GAME, fmt, heroes, left_out, rules, seed, assign_teams(players, seed), options)


def player_names(players: list[str] | None) -> list[str]:
    """The players of a draft (two when none are named), 2 to 4 with different names."""
    players = list(players or ["Player 1", "Player 2"])
    if not 2 <= len(players) <= 4 or len({p.casefold() for p in players}) != len(players):
        raise InputError(
            Problem("Onward takes 2 to 4 players with different names", value=",".join(players), has_value=True)
        )
    return players


#: "For your first game, use these heroes: Shadow team: Akimo, Miyuki, Kichie, and Yami. Light team:
#: Vorhild, Brylvar, Astryda, and Heraal." (002 Setup K): the catalog's ready-made teams of this id
FIRST_GAME = "onward-first-game"
#: the method a first game's teams are recorded as: not a draft, the rulebook's teams
FIRST_GAME_METHOD = "first-game"


def first_game_draft(
    catalog: Catalog,
    *,
    map_: str = "three-lane",
    players: list[str] | None = None,
    seed: int | None = None,
    team_size: int | None = None,
) -> DraftSession:
    """The rulebook's teams for a first game as a finished draft: players assigned to Light and
    Shadow at random (002 Setup A), each team's heroes recorded in the order the rulebook names them,
    so the result, the setup that follows and a saved draft read as those of any draft.

    The turns are a snake format's with as many heroes as the preset's teams (none is chosen: the
    order only records them); on the two-lane map with two players that is the usual four heroes,
    which 002 says "works regardless" of its suggestion of three.
    """
    preset = catalog.team_presets.get(FIRST_GAME)
    if preset is None or preset.game != GAME or set(preset.teams) != set(TEAMS):
        raise NotFoundError(
            Problem(
                f"no Onward first-game teams in the catalog ([[team_presets]] id '{FIRST_GAME}')",
                hint="the official layer holds them (002 Setup K)",
            )
        )
    sizes = {len(names) for names in preset.teams.values()}
    size = sizes.pop() if len(sizes) == 1 else None
    if size is None or (team_size is not None and team_size != size):
        raise InputError(
            Problem(
                f"the first-game teams are {' and '.join(str(len(n)) for n in preset.teams.values())} heroes",
                value=team_size,
                has_value=team_size is not None,
                hint="draft teams of another size instead",
            )
        )
    players = player_names(players)
    seed = new_seed() if seed is None else seed
    fmt = find_format(catalog, GAME, "snake", map_=map_, players=len(players), team_size=size)
    heroes, left_out = pool(heroes_of(catalog, KIND, ATTRS), ())
    options = {"method": FIRST_GAME_METHOD, "map": map_, "preset": FIRST_GAME}
    session = build(GAME, fmt, heroes, left_out, (), seed, assign_teams(players, seed), options)
    queue = {team: list(names) for team, names in preset.teams.items()}
    while not session.draft.done:
        turn = session.draft.current
        assert turn is not None
        session.draft.choose(queue[turn.team].pop(0), team=turn.team)
    return session


def resume(catalog: Catalog, data: dict) -> DraftSession:
    fmt = saved_format(catalog, GAME, data)
    options = data["options"]
    if options.get("preset") not in (None, FIRST_GAME):
        raise InputError(
            Problem(
                f"unknown ready-made teams '{options['preset']}'",
                key="options",
                hint=f"the only ones a draft takes are '{FIRST_GAME}' (002 Setup K)",
            )
        )
    rules = restrictions(bool(options.get("one_per_color")), options.get("factions") or None)
    heroes, left_out = pool(heroes_of(catalog, KIND, ATTRS), rules)
    draft = Draft(format=fmt, heroes=heroes, restrictions=rules, seed=int(data["seed"]), left_out=left_out)
    return DraftSession(game=GAME, draft=draft, players=data["players"], options=options)


class PlayerSetup(Result):
    """What one player sets up once the draft is done (002 Setup K-M)."""

    player: str
    team: str
    heroes: list[str]
    #: the hero figures placed in the friendly nexus area
    nexus: list[str]
    #: each hero's HP token on the track
    hp: dict[str, int]
    #: the heroes' ultimates, face up
    discard_pile: list[str]
    deck_size: int
    draw: int


def setup(session: DraftSession) -> list[PlayerSetup]:
    """What each player does after the draft (002 Setup K "Whenever you choose a hero", L, M)."""
    out = []
    all_players = [p for t in TEAMS for p in session.players.get(t, [])]
    for team in TEAMS:
        for entry in session.assignments(team):
            heroes = entry.heroes
            alone = len(all_players) == 3 and len(session.players.get(team, [])) == 1
            out.append(
                PlayerSetup.of(
                    player=entry.player,
                    team=team,
                    heroes=heroes,
                    nexus=heroes,
                    hp=dict.fromkeys(heroes, HERO_HP),
                    discard_pile=[f"{h} ultimate" for h in heroes],
                    deck_size=DECK_CARDS_PER_HERO * len(heroes),
                    draw=DRAW_WITHOUT_TEAMMATE if alone else DRAW,
                )
            )
    return out


#: "For 3 or 4 player games, freely split these heroes amongst teammates." (002 Setup K, said of the
#: first game's heroes; skyforge reads it for any team of two players, the books giving no other rule)
SPLIT = (
    'teammates freely split their team\'s heroes (002 Setup K: "freely split these heroes amongst teammates"); '
    "until they say otherwise, they are dealt in pick order"
)


def split_note(session: DraftSession) -> str | None:
    """The split rule, for a draft with teammates."""
    return SPLIT if any(len(names) > 1 for names in session.players.values()) else None


#: "for two-player games, we suggest to play with only three heroes per team instead of the usual
#: four. The game works regardless" (002 Two-Lane Map Set Up)
SUGGESTED_TWO_LANE = 3


def team_size_note(session: DraftSession) -> str | None:
    """On the two-lane map with two players, three heroes a team is 002's suggestion, not a rule."""
    players = sum(len(names) for names in session.players.values())
    if session.options.get("map") != "two-lane" or players != 2:
        return None
    size = session.draft.format.team_size
    if size == SUGGESTED_TWO_LANE:
        return (
            f"{size} heroes a team, as 002 suggests for two players on the two-lane map; "
            '"The game works regardless" with the usual four'
        )
    return (
        f'{size} heroes a team: 002 suggests three for two players on the two-lane map, and "The game works regardless"'
    )


class Preset(Result):
    """Ready-made teams a draft took instead of drafting."""

    id: str
    name: str
    source: str


def preset_of(session: DraftSession) -> Preset | None:
    """The ready-made teams a draft took instead of drafting (the first game's), as the result names them."""
    if session.options.get("preset") != FIRST_GAME:
        return None
    return Preset.of(id=FIRST_GAME, name="First game", source='002 Setup K: "For your first game, use these heroes"')


def closing(session: DraftSession) -> tuple[str, list[str]]:
    """What each player does once the draft is done: the setup that follows (002 Setup K-M), in words."""
    lines = []
    for entry in setup(session):
        lines.append(f"{entry.player} ({entry.team.capitalize()}):")
        lines.extend("  " + line for line in setup_lines(entry))
    note = split_note(session)
    if note:
        lines.append(note[0].upper() + note[1:] + ".")
    return "Setup", lines


def setup_lines(entry: PlayerSetup) -> list[str]:
    heroes = ", ".join(entry.heroes) or "(no heroes yet)"
    side = "Shadow" if entry.team == "shadow" else "Light"
    return [
        f"K. Sheets of {heroes} next to you, dark border up; HP tokens on {HERO_HP} ({side} side); "
        f"figures in your friendly nexus area.",
        f'L. Ultimates (gold border, "4") of {heroes}: face up, your discard pile.',
        f"M. Shuffle the other {DECK_CARDS_PER_HERO} cards of each hero: a deck of {entry.deck_size} cards. "
        f"Draw {entry.draw}.",
    ]


class NextTurn(Result):
    """The turn a draft is at: its number, the team whose turn it is, a pick or a ban."""

    turn: int
    team: str
    action: str


def _none(value: object) -> bool:
    return value is None


class OnwardDraft(Result):
    """An Onward draft: its format and restrictions, the turn it is at, the teams, who plays which
    hero, the bans and steps, and each player's setup (002 Setup K-M); as a saved draft's commands
    show it, with its file and the step an undo took back."""

    game: str
    seed: int
    format: str
    method: str | None
    map: str | None
    restrictions: list[str]
    complete: bool
    next: NextTurn | None
    #: team → its heroes, in pick order
    teams: dict[str, list[str]]
    #: team → who plays which of its heroes
    players: dict[str, list[PlayerHeroes]]
    bans: list[str]
    steps: list[DraftStep]
    demo: bool
    demo_heroes: list[str]
    #: how the draft format's order reads an ambiguous rule
    notes: str | None
    #: the heroes left out of the pool, each with why
    left_out: list[str]
    fallback: str | None
    preset: Preset | None
    team_size: int
    team_size_note: str | None
    split: str | None
    setup: list[PlayerSetup]
    file: str | None = Field(default=None, exclude_if=_none)
    undone: DraftStep | None = Field(default=None, exclude_if=_none)


def result(session: DraftSession) -> OnwardDraft:
    d = session.draft
    return OnwardDraft.of(
        game=GAME,
        seed=session.seed,
        format=d.format.id,
        method=session.options.get("method"),
        map=session.options.get("map"),
        restrictions=[r.describe(d.name) for r in d.restrictions],
        complete=d.done,
        next=NextTurn.of(turn=d.current.number, team=d.current.team, action=d.current.action) if d.current else None,
        teams={t: [session.hero_name(k) for k in d.picks(t)] for t in TEAMS},
        players={t: session.assignments(t) for t in TEAMS},
        bans=[session.hero_name(k) for k in d.bans],
        steps=session.steps(),
        demo="demo" in session.provenances(),
        demo_heroes=session.demo_heroes(),
        notes=d.format.notes,
        left_out=[d.left_out[k] for k in sorted(d.left_out)],
        fallback=FALLBACK if session.options.get("fallback") else None,
        preset=preset_of(session),
        team_size=d.format.team_size,
        team_size_note=team_size_note(session),
        split=split_note(session),
        setup=setup(session),
    )
