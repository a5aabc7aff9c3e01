"""A draft in progress: the engine's draft with its players and options (no files; see :mod:`.session`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skyforge.draft.engine import Choice, Draft, Turn
from skyforge.errors import InputError, NotFoundError, Problem, RuleError, SkyforgeError
from skyforge.results import Result

#: "Method 1: all random" (002 Choosing Heroes): the method whose every hero is drawn at random
RANDOM = "random"


class DraftStep(Result):
    """One step of a draft: the turn, the team, a pick or a ban, the hero, and whether chance chose it."""

    turn: int
    team: str
    action: str
    hero: str
    random: bool


class PlayerHeroes(Result):
    """Who plays which heroes of a team."""

    player: str
    heroes: list[str]


class DraftSession:
    """A draft of one game with its players and options (a plain class, as the engine's values are)."""

    def __init__(
        self, game: str, draft: Draft, players: dict[str, list[str]], options: dict[str, Any] | None = None
    ) -> None:
        self.game = game
        self.draft = draft
        self.players = players  # team -> players
        self.options = options if options is not None else {}  # how the draft was set up
        #: player -> the hero keys they play, when teammates split their heroes themselves ("freely split
        #: these heroes amongst teammates", 002 Setup K); a team's other heroes are dealt in pick order
        self.split: dict[str, list[str]] = {}

    @property
    def seed(self) -> int:
        return self.draft.seed

    @property
    def all_random(self) -> bool:
        """Every hero is drawn at random: nobody chooses (method random)."""
        return self.options.get("method") == RANDOM

    def refuse_choosing(self) -> None:
        """A chosen hero in an all-random draft is refused: "Method 1: all random. Draw heroes at
        random" (002 Choosing Heroes) leaves no turn to a player's choice."""
        if self.all_random:
            turn = self.draft.current
            raise RuleError(
                'this draft\'s method is all random (002 Method 1: "Draw heroes at random"): no hero is chosen'
                + (f"; turn {turn.number} and the ones after it are drawn at random" if turn else ""),
                hint="draw the remaining turns at random, or start a snake or MOBA draft to choose heroes",
            )

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
        of_player = self.team_of(who)
        if of_player is None:
            raise NotFoundError(
                Problem(f"no team or player '{who}' in this draft", hint="teams: " + ", ".join(self.draft.teams))
            )
        return of_player

    def fill(
        self,
        picks: Sequence[str] = (),
        prompt: Callable[[Turn, DraftSession], str | None] | None = None,
        on_error: Callable[[SkyforgeError], None] | None = None,
        stop: bool = False,
        on_random: Callable[[Turn, str], None] | None = None,
        on_choice: Callable[[DraftSession], None] | None = None,
    ) -> None:
        """Apply ``picks`` in order; then ask ``prompt`` for each remaining turn
        (``None`` = choose at random), or choose at random, unless ``stop``.
        ``on_random(turn, hero name)`` is told each random choice made after a prompt, and
        ``on_choice(session)`` is called after each turn a prompt settled (to save it at once)."""
        if picks or (prompt is not None and not self.draft.done and not stop):
            self.refuse_choosing()
        for ref in picks:
            if self.draft.done:
                raise InputError(f"too many choices: the draft is complete before '{ref}'")
            self.choose(ref)
        while not self.draft.done and not stop:
            turn = self.draft.current
            assert turn is not None  # the draft is not done
            answer = prompt(turn, self) if prompt else None
            if answer is None:
                choice = self.draft.choose_random()
                if prompt and on_random:
                    on_random(turn, self.hero_name(choice.hero))
                if prompt and on_choice:
                    on_choice(self)
                continue
            try:
                self.choose(answer)
            except (RuleError, NotFoundError) as exc:
                if on_error is None:
                    raise
                on_error(exc)
                continue
            if on_choice:
                on_choice(self)

    # -- results --------------------------------------------------------------

    def hero_name(self, key: str) -> str:
        return self.draft.heroes[key].name

    def assignments(self, team: str) -> list[PlayerHeroes]:
        """Who plays which hero: the heroes a player was given (:meth:`give`), and the team's
        others dealt round-robin in pick order to the teammates who were given none."""
        return [
            PlayerHeroes.of(player=p, heroes=[self.hero_name(k) for k in keys]) for p, keys in self._dealt(team).items()
        ]

    def _dealt(self, team: str) -> dict[str, list[str]]:
        players = self.players.get(team) or [self.draft.name(team)]
        picks = self.draft.picks(team)
        heroes = {p: [k for k in self.split.get(p, []) if k in picks] for p in players}
        given = {k for keys in heroes.values() for k in keys}
        free = [p for p in players if not heroes[p]] or players
        for i, key in enumerate(k for k in picks if k not in given):
            heroes[free[i % len(free)]].append(key)
        return heroes

    def player(self, ref: str) -> tuple[str, str]:
        """The team and the name of the player ``ref`` (any case)."""
        for team, names in self.players.items():
            for name in names:
                if name.casefold() == ref.strip().casefold():
                    return team, name
        everyone = [n for names in self.players.values() for n in names]
        raise NotFoundError(Problem(f"no player '{ref}' in this draft", hint="players: " + ", ".join(everyone)))

    def give(self, ref: str, heroes: Sequence[str]) -> None:
        """Player ``ref`` plays ``heroes`` of their team (and no other hero given before): teammates
        "freely split these heroes amongst teammates" (002 Setup K). Refused for a hero of another
        team, a player without a teammate, and a split that leaves a teammate no hero."""
        team, player = self.player(ref)
        mates = self.players.get(team, [])
        if len(mates) < 2:
            raise RuleError(f"{player} has no teammate: they play every hero of {self.draft.name(team)}")
        keys = list(dict.fromkeys(self.draft.resolve(h) for h in heroes))
        picks = self.draft.picks(team)
        for key in keys:
            if key not in picks:
                raise RuleError(
                    f"{self.hero_name(key)} is not a hero of {self.draft.name(team)}",
                    hint=f"{player}'s team: " + (", ".join(self.hero_name(k) for k in picks) or "no hero yet"),
                )
        before = {p: list(k) for p, k in self.split.items()}
        for other in self.split:
            self.split[other] = [k for k in self.split[other] if k not in keys]
        self.split[player] = keys
        self.split = {p: k for p, k in self.split.items() if k}
        dealt = self._dealt(team)
        empty = [p for p in mates if not dealt[p]]
        if empty and len(picks) >= len(mates):
            self.split = before
            raise RuleError(
                f"that leaves {' and '.join(empty)} no hero to play",
                hint="each player on a team plays at least one of its heroes",
            )

    def steps(self) -> list[DraftStep]:
        return [
            DraftStep.of(turn=i + 1, team=c.team, action=c.action, hero=self.hero_name(c.hero), random=c.random)
            for i, c in enumerate(self.draft.journal)
        ]

    def provenances(self) -> set[str]:
        return {self.draft.heroes[c.hero].provenance for c in self.draft.journal}

    def demo_heroes(self) -> list[str]:
        """Names of the drafted (or banned) heroes that are demo data, in draft order."""
        return list(
            dict.fromkeys(
                self.hero_name(c.hero) for c in self.draft.journal if self.draft.heroes[c.hero].provenance == "demo"
            )
        )

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
            "journal": [
                {"team": c.team, "action": c.action, "hero": c.hero, "name": self.hero_name(c.hero), "random": c.random}
                for c in self.draft.journal
            ],
        } | ({"split": self.split} if self.split else {})
