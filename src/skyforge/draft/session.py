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
from typing import Any

from skyforge.draft.engine import Choice, Draft, Turn
from skyforge.errors import InputError, NotFoundError, Problem, RuleError, SkyforgeError
from skyforge.storage import atomic_write, check_schema, dump_toml, locked, read_toml, workspace_file
from skyforge.tomlpos import key_lines

GAMES = ("onward", "skybound-arena")


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


def refuse_existing(path: Path, name: str, command: str) -> None:
    if path.exists():
        raise InputError(Problem("a draft with this name already exists", file=path,
                                 hint=f"continue it with 'skyforge {command} pick {shlex.quote(name)}', "
                                      "or pass --force"))


def create(session: DraftSession, path: Path, name: str, command: str, force: bool) -> None:
    """Save a new draft; checked again under the lock, so a draft saved meanwhile is never overwritten."""
    with locked(path):
        if not force:
            refuse_existing(path, name, command)
        atomic_write(path, dump_toml(session.to_file()))


#: the keys of a draft file and the TOML type each must have
_FILE_KEYS = {"game": str, "format": str, "seed": int, "options": dict, "players": (list, dict), "journal": list}
_TYPE_WORDS = {str: "text in quotes", int: "a whole number", dict: "a table", list: "a list [ … ]",
               (list, dict): "a list or a table"}


def read(path: Path) -> dict:
    data, text = read_toml(path)
    check_schema(data, path, "draft")
    lines = key_lines(text)
    problems = []
    for key, kind in _FILE_KEYS.items():
        if key not in data:
            if key != "journal":
                problems.append(Problem(f"required key '{key}' is missing", file=path, key=key))
        elif not isinstance(data[key], kind) or isinstance(data[key], bool):
            problems.append(Problem(f"must be {_TYPE_WORDS[kind]}", file=path, line=lines.get((key,)), key=key,
                                    value=data[key], has_value=True))
    for i, entry in enumerate(data.get("journal") or []):
        if not isinstance(entry, dict):
            problems.append(Problem("each journal entry must be a table", file=path, key=f"journal[{i}]",
                                    value=entry, has_value=True))
    if problems:
        raise InputError(problems)
    if data["game"] not in GAMES:
        raise InputError(Problem("not a draft of a known game", file=path, key="game",
                                 value=data["game"], has_value=True, hint="onward or skybound-arena"))
    return data


def replay(session: DraftSession, journal: list[dict], path: Path) -> DraftSession:
    """Apply a saved journal, reporting an illegal entry with its place in the file."""
    for i, entry in enumerate(journal):
        try:
            hero = entry["hero"]
            if hero not in session.draft.heroes:
                raise NotFoundError(Problem(f"hero '{hero}' is not in the catalog's draft pool"))
            session.draft.apply(Choice(entry["team"], entry["action"], hero, bool(entry.get("random", False))))
        except KeyError as exc:
            raise InputError(Problem(f"required key '{exc.args[0]}' is missing", file=path,
                                     key=f"journal[{i}]")) from None
        except (TypeError, ValueError) as exc:
            raise InputError(Problem(f"a journal entry is damaged: {exc}", file=path, key=f"journal[{i}]",
                                     hint="fix or remove that entry (and the ones after it)")) from None
        except SkyforgeError as exc:
            raise InputError(Problem(exc.message, file=path, key=f"journal[{i}]",
                                     value=entry.get("name") or entry.get("hero"), has_value=True,
                                     hint="fix or remove that entry (and the ones after it)")) from None
    return session


def load(catalog, path: Path) -> DraftSession:
    """Resume a saved draft of either game."""
    data = read(path)
    if data["game"] == "onward":
        from skyforge.draft.onward import resume
    else:
        from skyforge.draft.arena import resume
    try:
        session = resume(catalog, data)
    except InputError as exc:
        raise InputError([Problem(p.message, file=path, key=p.key, hint=p.hint) for p in exc.problems]) from None
    except (ValueError, TypeError, AttributeError, KeyError) as exc:
        raise InputError(Problem(f"the draft file is damaged: {exc}", file=path,
                                 hint="fix the options by hand, or start the draft again")) from None
    return replay(session, list(data.get("journal", [])), path)


def update(catalog, path: Path, change: Callable[[DraftSession], object]) -> DraftSession:
    """Load, change and save a draft under its lock."""
    with locked(path):
        session = load(catalog, path)
        change(session)
        save_unlocked(session, path)
    return session


def save_unlocked(session: DraftSession, path: Path) -> None:
    atomic_write(path, dump_toml(session.to_file()))
