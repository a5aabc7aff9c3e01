"""A draft in progress with its players and options; saving and resuming it.

The draft file (``drafts/NAME.toml``) holds the options, the seed and the journal
of choices (outcomes: which hero was picked or banned, and whether at random).
Loading replays the journal through the engine, so a hand-edited illegal choice
is reported with its place in the file.
"""

from __future__ import annotations

from collections.abc import Callable
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from skyforge.catalog.models import Faction
from skyforge.draft.engine import Choice, Draft, Turn
from skyforge.errors import InputError, NotFoundError, Problem, RuleError, SkyforgeError
from skyforge.storage import Store, dump_toml, parse_model, read_text, refuse_overwrite, workspace_file

GAMES = ("onward", "skybound-arena")
#: the teams of each game, as the draft file names them
GAME_TEAMS = {"onward": ("shadow", "light"), "skybound-arena": ("first", "second")}
_Text = Annotated[str, Field(min_length=1)]


class _FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)


class DraftChoice(_FileModel):
    """One entry of the journal: what was picked or banned, by which team."""

    team: _Text = Field(description="The team whose turn it was.")
    action: Literal["pick", "ban"] = Field(description="pick or ban.")
    hero: _Text = Field(description="The hero's catalog key (its code).")
    name: str | None = Field(default=None, description="The hero's name, for people reading the file.")
    random: bool = Field(default=False, description="Whether the choice was made at random.")


class DraftOptions(_FileModel):
    """How the draft was set up (Onward; an Arena draft only records its method)."""

    method: str | None = Field(default=None, description="random, snake, moba (Onward) or turns (Arena).")
    map: Literal["three-lane", "two-lane"] | None = Field(default=None, description="Onward map.")
    one_per_color: bool = Field(default=False, description="Restriction 1: one hero of each colour in a team.")
    factions: dict[Literal["shadow", "light"], Faction] = Field(
        default_factory=dict, description="Restriction 2: the faction each team drafts from (a table).")


class DraftFile(_FileModel):
    """A draft in progress or done (`drafts/NAME.toml`): options, seed and the journal of choices."""

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    game: Literal["onward", "skybound-arena"] = Field(description="Which game the draft is for.")
    format: _Text = Field(description="Draft format id in the catalog (e.g. onward-snake-4).")
    seed: int = Field(description="Seed of the random choices.")
    options: DraftOptions = Field(default_factory=DraftOptions, description="How the draft was set up.")
    players: dict[str, list[_Text]] = Field(description="Team → its players' names.")
    journal: list[DraftChoice] = Field(default_factory=list, max_length=100,
                                       description="The choices so far, in order.")

    @field_validator("players")
    @classmethod
    def _teams(cls, players: dict[str, list[str]], info: ValidationInfo) -> dict[str, list[str]]:
        game = info.data.get("game")
        if game not in GAME_TEAMS:
            return players
        teams = GAME_TEAMS[game]
        unknown = sorted(set(players) - set(teams))
        if unknown:
            raise ValueError(f"unknown team '{unknown[0]}' (teams: {', '.join(teams)})")
        if game == "skybound-arena" and not all(players.get(t) for t in teams):
            raise ValueError(f"an Arena draft names a player for each team ({', '.join(teams)})")
        return players


@dataclass
class DraftSession:
    game: str
    draft: Draft
    players: dict[str, list[str]]  # team -> players
    options: dict[str, Any] = field(default_factory=dict)  # how the draft was set up

    @property
    def seed(self) -> int:
        return self.draft.seed

    def team_of(self, player: str) -> str | None:
        for team, names in self.players.items():
            if any(n.casefold() == player.casefold() for n in names):
                return team
        return None

    def choose(self, ref: str) -> Choice:
        """``HERO`` or ``TEAM:HERO`` / ``PLAYER:HERO`` (refused when it is not that team's turn)."""
        team = None
        if ":" in ref:
            who, _, hero_ref = ref.partition(":")
            team = self._team(who.strip())
            return self.draft.choose(hero_ref, team=team)
        return self.draft.choose(ref)

    def _team(self, who: str) -> str:
        for team in self.draft.teams:
            if team.casefold() == who.casefold() or self.draft.name(team).casefold() == who.casefold():
                return team
        team = self.team_of(who)
        if team is None:
            raise NotFoundError(Problem(f"no team or player '{who}' in this draft",
                                        hint="teams: " + ", ".join(self.draft.teams)))
        return team

    def fill(self, picks: list[str] = (), prompt: Callable[[Turn, DraftSession], str | None] | None = None,
             on_error: Callable[[SkyforgeError], None] | None = None, stop: bool = False) -> None:
        """Apply ``picks`` in order; then ask ``prompt`` for each remaining turn
        (``None`` = choose at random), or choose at random, unless ``stop``."""
        for ref in picks:
            if self.draft.done:
                raise InputError(f"too many choices: the draft is complete before '{ref}'")
            self.choose(ref)
        while not self.draft.done and not stop:
            turn = self.draft.current
            ref = prompt(turn, self) if prompt else None
            if ref is None:
                self.draft.choose_random()
                continue
            try:
                self.choose(ref)
            except (RuleError, NotFoundError) as exc:
                if on_error is None:
                    raise
                on_error(exc)

    # -- results --------------------------------------------------------------

    def hero_name(self, key: str) -> str:
        return self.draft.heroes[key].name

    def assignments(self, team: str) -> list[dict]:
        """Who plays which hero: the team's heroes dealt round-robin in pick order."""
        players = self.players.get(team) or [self.draft.name(team)]
        out = [{"player": p, "heroes": []} for p in players]
        for i, key in enumerate(self.draft.picks(team)):
            out[i % len(out)]["heroes"].append(self.hero_name(key))
        return out

    def steps(self) -> list[dict]:
        return [{"turn": i + 1, "team": c.team, "action": c.action, "hero": self.hero_name(c.hero),
                 "random": c.random} for i, c in enumerate(self.draft.journal)]

    def provenances(self) -> set[str]:
        return {self.draft.heroes[c.hero].provenance for c in self.draft.journal}

    def demo_heroes(self) -> list[str]:
        """Names of the drafted (or banned) heroes that are demo data, in draft order."""
        return list(dict.fromkeys(self.hero_name(c.hero) for c in self.draft.journal
                                  if self.draft.heroes[c.hero].provenance == "demo"))

    def hero_count(self) -> int:
        return len({c.hero for c in self.draft.journal})

    def to_file(self) -> dict:
        return {
            "schema": 1,
            "game": self.game,
            "format": self.draft.format.id,
            "seed": self.draft.seed,
            "options": self.options,
            "players": self.players,
            "journal": [{"team": c.team, "action": c.action, "hero": c.hero,
                         "name": self.hero_name(c.hero), "random": c.random}
                        for c in self.draft.journal],
        }


def draft_path(workspace: Path, name: str, *, path_ok: bool = False) -> Path:
    """``drafts/NAME.toml``; a ``.toml`` path only for commands whose help says so (``path_ok``)."""
    return workspace_file(workspace, "drafts", name, "draft name", path_ok=path_ok)


def _continue(name: str, command: str) -> str:
    return f"continue it with 'skyforge {command} pick {shlex.quote(name)}'"


def refuse_existing(path: Path, name: str, command: str) -> None:
    refuse_overwrite(path, "draft", instead=_continue(name, command))


def drafts(catalog=None) -> Store[DraftSession]:
    """Draft files, kept by the one store helper (reading one needs the ``catalog``)."""
    return Store("draft", lambda text, path: load(catalog, path, text), lambda session, before: dump_toml(session.to_file()))


def create(session: DraftSession, path: Path, name: str, command: str, force: bool) -> None:
    """Save a new draft; checked again under the lock, so a draft saved meanwhile is never overwritten."""
    drafts().create(path, session, force=force, instead=_continue(name, command))


def read(path: Path, text: str | None = None) -> tuple[dict, dict]:
    """The draft file at ``path`` (or its ``text``) checked against :class:`DraftFile` (every problem
    with its line), and the lines of its keys."""
    model, lines = parse_model(read_text(path) if text is None else text, path, DraftFile, "draft")
    return model.model_dump(by_alias=True, exclude_unset=True) | {
        "options": model.options.model_dump(exclude_unset=True),
        "journal": [c.model_dump() for c in model.journal]}, lines


def replay(session: DraftSession, journal: list[dict], path: Path, lines: dict | None = None) -> DraftSession:
    """Apply a saved journal, reporting an illegal entry with its place in the file."""
    from skyforge.tomlpos import locate

    for i, entry in enumerate(journal):
        try:
            hero = entry["hero"]
            if hero not in session.draft.heroes:
                raise NotFoundError(Problem(f"hero '{hero}' is not in the catalog's draft pool"))
            session.draft.apply(Choice(entry["team"], entry["action"], hero, entry["random"]))
        except SkyforgeError as exc:
            raise InputError(Problem(exc.message, file=path, line=locate(lines or {}, ("journal", i)),
                                     key=f"journal[{i}]", value=entry.get("name") or hero, has_value=True,
                                     hint="fix or remove that entry (and the ones after it)")) from None
    return session


def load(catalog, path: Path, text: str | None = None) -> DraftSession:
    """Resume a saved draft of either game (from its ``text`` when already read)."""
    data, lines = read(path, text)
    if data["game"] == "onward":
        from skyforge.draft.onward import resume
    else:
        from skyforge.draft.arena import resume
    try:
        session = resume(catalog, data)
    except InputError as exc:
        raise InputError([Problem(p.message, file=path, line=lines.get((p.key,)) if p.key else None, key=p.key,
                                  hint=p.hint) for p in exc.problems]) from None
    return replay(session, data["journal"], path, lines)


def update(catalog, path: Path, change: Callable[[DraftSession], object]) -> DraftSession:
    """Load, change and save a draft under its lock."""
    def changed(session: DraftSession) -> DraftSession:
        change(session)
        return session

    return drafts(catalog).update(path, changed)
