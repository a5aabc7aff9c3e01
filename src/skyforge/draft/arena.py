"""Skybound: Arena teams: draft, team check and game setup (rulebook 003)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final

from pydantic import BaseModel, ConfigDict, Field

from skyforge.draft.common import build, find_format, heroes_of, saved_format
from skyforge.draft.engine import Draft
from skyforge.draft.restrictions import OnePer, pool
from skyforge.draft.state import DraftSession, DraftStep
from skyforge.errors import InputError, NotFoundError, Problem, command, option
from skyforge.results import Result, ResultList
from skyforge.storage import parse_model, read_text, workspace_file
from skyforge.terms import new_seed

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

GAME = "skybound-arena"
KIND: Final = "arena-hero"
#: the players' teams in turn order: two players, or four in a two versus two game
TEAMS = ("first", "second", "third", "fourth")
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


# -- teams ---------------------------------------------------------------------


def team_path(workspace: Path, ref: str) -> Path:
    """A team file: a path to a ``.toml`` file, or NAME for ``teams/NAME.toml`` in the workspace.

    Raises :class:`NotFoundError` (with the teams there) when the file does not exist."""
    path = workspace_file(workspace, "teams", ref, "team name", path_ok=True)
    if not path.exists():
        folder = Path(workspace) / "teams"
        known = sorted(f.stem for f in folder.glob("*.toml")) if folder.is_dir() else []
        raise NotFoundError(
            Problem(
                f"no team '{ref}'",
                file=path,
                hint="a team is a .toml file, or NAME for teams/NAME.toml in the workspace"
                + (f"; teams there: {', '.join(known)}" if known else "; there is no teams/ folder yet"),
            )
        )
    return path


def read_teams(workspace: Path, refs: list[str], stdin: str | None = None) -> list[dict]:
    """The team files ``refs`` (paths or names), in order; the same file twice is refused.

    A ref ``-`` is the team file given as ``stdin`` (standard input, read by the caller).
    """
    seen: dict[Path, str] = {}
    teams = []
    for ref in refs:
        if ref == "-" and stdin is not None:
            teams.append(read_team(Path("<stdin>"), stdin))
            continue
        path = team_path(workspace, ref)
        key = path.resolve()
        if key in seen:
            raise InputError(
                Problem(
                    f"the team file is given twice ('{seen[key]}' and '{ref}')",
                    file=path,
                    hint="give each player's own team file",
                )
            )
        seen[key] = ref
        teams.append(read_team(path))
    return teams


class TeamFile(BaseModel):
    """A Skybound: Arena team (`teams/NAME.toml`)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    player: str | None = Field(default=None, description="Who plays the team (default: the name, or the file name).")
    name: str | None = Field(default=None, description="The team's name.")
    heroes: list[str] = Field(max_length=100, description="The team's heroes: names or codes (5 of them).")


def read_team(path: Path, text: str | None = None) -> dict:
    """A team file: ``schema = 1``, optional ``player``, ``heroes = [names or codes]``.

    ``text``: the file's content read elsewhere (standard input), named ``path`` in messages.
    """
    team = parse_model(read_text(path) if text is None else text, path, TeamFile, "team")[0]
    return {"player": team.player or team.name or path.stem, "heroes": team.heroes, "file": str(path)}


class TeamViolation(Result):
    """A rule a team breaks: its id, the heroes it is about, and what is wrong."""

    rule: str
    heroes: list[str]
    message: str


def check_team(catalog: Catalog, refs: list[str]) -> tuple[list, list[TeamViolation]]:
    """The heroes of a team and every rule it breaks (all of them, not just the first)."""
    size = team_size(catalog)
    violations: list[TeamViolation] = []
    heroes = []
    for ref in refs:
        card = catalog.find(ref, KIND)
        if card is None:
            violations.append(
                TeamViolation.of(
                    rule="unknown-hero",
                    heroes=[ref],
                    message=f"no Arena hero '{ref}' in the catalog"
                    + (f" ({hint})" if (hint := catalog.suggest(ref, KIND)) else ""),
                )
            )
        else:
            heroes.append(card)
    if len(refs) != size:
        violations.append(
            TeamViolation.of(rule="team-size", heroes=[], message=f"{len(refs)} heroes; a team is {size} heroes")
        )
    counts = Counter(h.name for h in heroes)
    for name, n in counts.items():
        if n > 1:
            violations.append(
                TeamViolation.of(rule="duplicate-hero", heroes=[name], message=f"{name} is in the team {n} times")
            )
    by_class: dict[str, list[str]] = {}
    for hero in heroes:
        if hero.hero_class is None:
            origin = catalog.source_file(hero.key)
            violations.append(
                TeamViolation.of(
                    rule="class-unknown",
                    heroes=[hero.name],
                    message=f"the class of {hero.name} is not known (fill in hero_class in {origin})",
                )
            )
        else:
            by_class.setdefault(hero.hero_class, []).append(hero.name)
    inferred = {h.name for h in heroes if "hero_class" in h.inferred}
    for cls, names in by_class.items():
        if len(set(names)) > 1:
            guessed = sorted(set(names) & inferred)
            violations.append(
                TeamViolation.of(
                    rule="one-per-class",
                    heroes=sorted(set(names)),
                    message=f"{len(set(names))} heroes of class {cls} ({', '.join(sorted(set(names)))}); "
                    "a team may have only one of any class (colour)"
                    + (f" ({' and '.join(guessed)}: class inferred, not stated by the rulebooks)" if guessed else ""),
                )
            )
    return heroes, violations


def _class_inferred(inferred: Mapping[str, str]) -> dict[str, str]:
    """The fields of a hero read into the rulebooks, its ``hero_class`` named as the JSON names it."""
    return {"class" if f == "hero_class" else f: why for f, why in inferred.items()}


class TeamHero(Result):
    """A hero of a team: name, code, class (colour), and the fields read into the rulebooks."""

    name: str
    code: str | None
    hero_class: str | None = Field(serialization_alias="class")
    inferred: dict[str, str]


class TeamCheck(Result):
    """``arena team validate``: a team file's heroes and every rule it breaks."""

    file: str
    player: str
    valid: bool
    heroes: list[TeamHero]
    violations: list[TeamViolation]
    demo: bool
    demo_heroes: list[str]


def validate(catalog: Catalog, path: Path, text: str | None = None) -> TeamCheck:
    team = read_team(path, text)
    heroes, violations = check_team(catalog, team["heroes"])
    return TeamCheck.of(
        file=team["file"],
        player=team["player"],
        valid=not violations,
        heroes=[
            TeamHero.of(name=h.name, code=h.code, hero_class=h.hero_class, inferred=_class_inferred(h.inferred))
            for h in heroes
        ],
        violations=violations,
        demo=any(catalog.provenance(h) == "demo" for h in heroes),
        demo_heroes=[h.name for h in heroes if catalog.provenance(h) == "demo"],
    )


class ArenaPlayer(Result):
    """One player of an Arena game: turn, bench of heroes, deck of action cards, cards drawn."""

    player: str
    turn: int
    heroes: list[str]
    bench: list[str]
    deck: list[str]
    deck_size: int
    #: the heroes whose action cards the catalog lacks, each with where to fill them in
    action_cards_missing: list[str]
    draw: int
    demo: bool
    demo_heroes: list[str]


class ArenaSetup(Result):
    """``arena setup``: the players in turn order with their decks and draws, the score to win,
    the sides of a two versus two game, and who goes first after a draft."""

    mode: str
    score_to_win: int
    players: list[ArenaPlayer]
    sides: list[list[str]] | None = Field(default=None, exclude_if=_none)
    first_player: str | None = Field(default=None, exclude_if=_none)


def setup(catalog: Catalog, teams: list[dict], two_vs_two: bool = False) -> ArenaSetup:
    """Decks, opening hands and the score to win (003 Key Information, Setup).

    ``teams`` in turn order: ``[{"player": …, "heroes": [refs]}]``.
    """
    if len(teams) < 2:
        raise InputError("Skybound: Arena needs at least two players' teams")
    if two_vs_two and len(teams) != 4:
        raise InputError(f"a two versus two game needs four players' teams, got {len(teams)}")
    problems: list[Problem] = []
    players: list[ArenaPlayer] = []
    for position, team in enumerate(teams):
        heroes, violations = check_team(catalog, team["heroes"])
        for v in violations:
            problems.append(Problem(v.message, file=team.get("file"), key=f"{team['player']}"))
        deck, missing = [], []
        for hero in heroes:
            if len(hero.action_cards) == CARDS_PER_HERO:
                deck.extend(hero.action_cards)
            else:
                missing.append(f"{hero.name} (fill in action_cards in {catalog.source_file(hero.key)})")
        players.append(
            ArenaPlayer.of(
                player=team["player"],
                turn=position + 1,
                heroes=[h.name for h in heroes],
                bench=[h.name for h in heroes],
                deck=sorted(deck),
                deck_size=CARDS_PER_HERO * len(heroes),
                action_cards_missing=missing,
                draw=FIRST_DRAW + position,
                demo=any(catalog.provenance(h) == "demo" for h in heroes),
                demo_heroes=[h.name for h in heroes if catalog.provenance(h) == "demo"],
            )
        )
    # one copy of each hero: "take turns selecting hero's until both players have 5 heroes" (003 Setup)
    owners: dict[str, list[str]] = {}
    for p in players:
        for name in dict.fromkeys(p.heroes):
            owners.setdefault(name, []).append(p.player)
    for name, who in owners.items():
        if len(who) > 1:
            problems.append(
                Problem(
                    f"{name} is in {len(who)} teams ({', '.join(who)}): each hero is picked by one player only",
                    key="heroes",
                    value=name,
                    has_value=True,
                    hint=f"give {who[-1]} another hero (skyforge arena team validate checks a team file)",
                )
            )
    if problems:
        raise InputError(problems)
    return ArenaSetup.of(
        mode="2v2" if two_vs_two else f"{len(teams)} players",
        score_to_win=SCORE_TO_WIN_2V2 if two_vs_two else SCORE_TO_WIN,
        players=players,
        # "Players on the same team should take alternating turns."
        sides=[[players[0].player, players[2].player], [players[1].player, players[3].player]] if two_vs_two else None,
    )


def game_setup(
    catalog: Catalog,
    teams: list[dict],
    *,
    draft: DraftSession | None = None,
    draft_name: str = "",
    first: str | None = None,
    two_vs_two: bool = False,
) -> ArenaSetup:
    """:func:`setup` for the ``teams`` read from files and the teams of a finished ``draft``, in turn
    order from the player ``first`` when one is named (the others keep their order)."""
    entries = list(teams)
    if draft is not None:
        if draft.game != GAME:
            raise InputError(Problem(f"'{draft_name}' is not a Skybound: Arena draft"))
        if not draft.draft.done:
            raise InputError(
                Problem(
                    f"the draft '{draft_name}' is not finished",
                    hint=f"finish it with '{command('arena pick', draft_name)}'",
                )
            )
        entries.extend(teams_of(draft))
        two_vs_two = two_vs_two or bool(draft.options.get("two_vs_two"))
    if first:
        names = [e["player"].casefold() for e in entries]
        if first.casefold() not in names:
            raise InputError(
                Problem(f"no team for player '{first}'", hint="players: " + ", ".join(e["player"] for e in entries))
            )
        i = names.index(first.casefold())
        entries = entries[i:] + entries[:i]
    out = setup(catalog, entries, two_vs_two=two_vs_two)
    if draft is None:
        return out
    first_player = who_chooses(draft) + (
        f" {entries[0]['player']} goes first."
        if first
        else ""
        if two_vs_two
        else f" Until they say ({option('first')}), the pick order is shown."
    )
    return out.model_copy(update={"first_player": first_player})


class ArenaHero(Result):
    """An Arena hero to choose a team with: class (colour), action cards known, and the fields
    read into the rulebooks."""

    name: str
    code: str | None
    hero_class: str | None = Field(serialization_alias="class")
    action_cards: int
    provenance: str
    inferred: dict[str, str]


def roster(catalog: Catalog) -> ResultList[ArenaHero]:
    """``arena heroes``: every Arena hero of the catalog."""
    return ResultList[ArenaHero].of(
        ArenaHero.of(
            name=h.name,
            code=h.code,
            hero_class=h.attrs.get("hero_class"),
            action_cards=len(getattr(catalog.cards[h.key], "action_cards", [])),
            provenance=h.provenance,
            inferred=_class_inferred(h.inferred),
        )
        for h in heroes_of(catalog, KIND, ATTRS)
    )
