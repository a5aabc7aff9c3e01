"""Skybound: Arena teams (rulebook 003): team files, their check (five heroes, one per class), and
the setup of a game from team files or a finished draft."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from skyforge.draft.arena import (
    CARDS_PER_HERO,
    FIRST_DRAW,
    GAME,
    KIND,
    SCORE_TO_WIN,
    SCORE_TO_WIN_2V2,
    class_inferred,
    team_size,
    teams_of,
    who_chooses,
)
from skyforge.draft.state import DraftSession
from skyforge.errors import InputError, NotFoundError, Problem, command, option
from skyforge.results import Result
from skyforge.storage import parse_model, read_text, workspace_file

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog


def _none(value: object) -> bool:
    return value is None


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
            TeamHero.of(name=h.name, code=h.code, hero_class=h.hero_class, inferred=class_inferred(h.inferred))
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
