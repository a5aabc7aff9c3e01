"""The pick/ban engine shared by Onward and Skybound: Arena.

A draft format is data (:class:`~skyforge.catalog.models.DraftFormat`): a list of
steps "team X picks/bans N heroes". The engine expands the steps into single
turns, and the current turn follows from the journal of what happened so far —
state is never stored twice. Restrictions are predicates (:mod:`.restrictions`).
Before every pick, ban or random choice the engine checks with a matching
(:mod:`.matching`) that every team can still complete a legal team, so a draft
never dead-ends.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import NamedTuple

from skyforge.catalog.codes import normalize_code
from skyforge.catalog.models import DraftFormat
from skyforge.draft.matching import can_complete, completion
from skyforge.draft.restrictions import Hero, Restriction
from skyforge.errors import NotFoundError, Problem, RuleError, StateError
from skyforge.text import did_you_mean


class Turn(NamedTuple):
    """One hero to pick or ban: the expanded form of a format's steps."""

    number: int  # 1-based position in the draft
    team: str
    action: str  # "pick" | "ban"


class Choice(NamedTuple):
    """What happened at one turn (an outcome, not an intent)."""

    team: str
    action: str
    hero: str  # hero key in the catalog
    random: bool = False


def expand(fmt: DraftFormat) -> list[Turn]:
    turns: list[Turn] = []
    for step in fmt.steps:
        for _ in range(step.count):
            turns.append(Turn(len(turns) + 1, step.team, step.action))
    return turns


def team_label(team: str) -> str:
    return team.capitalize()


class Draft:
    """A draft of a format: its heroes, restrictions and seed, and the journal of choices its state
    is folded from (``journal``: choices to apply first). A plain class, as the engine's values are
    (see :class:`~skyforge.draft.restrictions.Hero`)."""

    def __init__(
        self,
        format: DraftFormat,
        heroes: dict[str, Hero],
        restrictions: tuple[Restriction, ...] = (),
        seed: int = 0,
        left_out: dict[str, str] | None = None,
        journal: list[Choice] | None = None,
        team_names: dict[str, str] | None = None,
    ) -> None:
        self.format = format
        self.heroes = heroes
        self.restrictions = restrictions
        self.seed = seed
        self.left_out = left_out if left_out is not None else {}  # hero key -> why it cannot be drafted
        self.journal: list[Choice] = []
        self.team_names = team_names if team_names is not None else {}  # team id -> how to show it
        self.turns = expand(format)
        distinct = {r.distinct for r in restrictions if r.distinct}
        if len(distinct) > 1:
            raise ValueError(f"at most one 'one per …' restriction is supported, got {sorted(distinct)}")
        self._distinct = next(iter(distinct), None)
        for choice in journal or ():
            self.apply(choice)

    # -- state, folded from the journal ---------------------------------------

    @property
    def teams(self) -> list[str]:
        return list(self.format.teams)

    @property
    def done(self) -> bool:
        return len(self.journal) >= len(self.turns)

    @property
    def current(self) -> Turn | None:
        return None if self.done else self.turns[len(self.journal)]

    def picks(self, team: str) -> list[str]:
        return [c.hero for c in self.journal if c.team == team and c.action == "pick"]

    @property
    def bans(self) -> list[str]:
        return [c.hero for c in self.journal if c.action == "ban"]

    def owner(self, hero: str) -> Choice | None:
        return next((c for c in self.journal if c.hero == hero), None)

    @property
    def available(self) -> list[str]:
        used = {c.hero for c in self.journal}
        return [k for k in self.heroes if k not in used]

    def name(self, team: str) -> str:
        return self.team_names.get(team) or team_label(team)

    # -- rules ----------------------------------------------------------------

    def refusal(
        self, hero: str, team: str | None = None, action: str | None = None, plan: Mapping[str, str] | None = None
    ) -> str | None:
        """Why ``hero`` cannot be chosen now (``None`` when it can); ``plan``: :meth:`_plan`'s."""
        turn = self.current
        if turn is None:
            return "the draft is complete"
        if team is not None and team != turn.team:
            return (
                f"not your turn: turn {turn.number} is {self.name(turn.team)}'s {turn.action}, not {self.name(team)}'s"
            )
        if action is not None and action != turn.action:
            return f"turn {turn.number} is a {turn.action}, not a {action}"
        name = self.heroes[hero].name
        taken = self.owner(hero)
        if taken is not None:
            if taken.action == "ban":
                return f"banned: {name} was banned by {self.name(taken.team)}"
            return f"already taken: {name} is in {self.name(taken.team)}'s team"
        if turn.action == "pick" and self.restrictions:
            team_heroes = [self.heroes[k] for k in self.picks(turn.team)]
            for rule in self.restrictions:
                reason = rule.refuse(turn.team, self.heroes[hero], team_heroes, self.name)
                if reason:
                    return reason
        return self._dead_end(hero, turn, plan)

    def _dead_end(self, hero: str, turn: Turn, plan: Mapping[str, str] | None = None) -> str | None:
        """A reason if taking ``hero`` at ``turn`` leaves some team unable to finish.

        Without restrictions every hero may join every team, so enough heroes are enough. ``plan``
        (:meth:`_plan`) is one way to finish every team from before the turn: when it leaves
        ``hero`` out, or gives it to the team picking it now, it still finishes every team without
        ``hero`` (less the one pick), so no matching is worked out for that hero."""
        after = [k for k in self.available if k != hero]
        needed = {
            t: self.format.team_size - len(self.picks(t)) - (1 if t == turn.team and turn.action == "pick" else 0)
            for t in self.teams
        }
        bans_left = sum(1 for t in self.turns[turn.number :] if t.action == "ban")
        if len(after) < sum(needed.values()) + bans_left:
            return "would leave too few heroes for the rest of the draft"
        if not self.restrictions:
            return None
        if plan is not None and (hero not in plan or (turn.action == "pick" and plan[hero] == turn.team)):
            return None
        held = {t: {self._group(self.heroes[k]) for k in self.picks(t)} for t in self.teams}
        if turn.action == "pick":
            held[turn.team].add(self._group(self.heroes[hero]))

        def feasible(teams: list[str]) -> bool:
            return can_complete(
                {t: needed[t] for t in teams}, after, self._eligible, lambda k: self._group(self.heroes[k]), held
            )

        if feasible(self.teams):
            return None
        stuck = [t for t in self.teams if not feasible([t])]
        if stuck:
            who = " and ".join(self.name(t) + (" (your team)" if t == turn.team else "") for t in stuck)
            return f"would leave {who} without a legal team"
        return "would leave the teams unable to all complete legal teams"

    def _group(self, hero: Hero) -> str | None:
        return hero.attrs.get(self._distinct) if self._distinct else None

    def _eligible(self, team: str, key: str) -> bool:
        hero = self.heroes[key]
        return all(rule.admits(team, hero) for rule in self.restrictions)

    def legal(self) -> list[str]:
        """Every hero that may be chosen at the current turn."""
        if self.done:
            return []
        plan = self._plan() if self.restrictions else None
        return [k for k in self.available if self.refusal(k, plan=plan) is None]

    def _plan(self) -> dict[str, str] | None:
        """One way to finish every team from before the current turn (hero → team, as
        :func:`completion` gives it); ``None`` when there is none, or when a team has more picks
        than its size (then each hero's refusal works out its own matching)."""
        turn = self.current
        assert turn is not None  # the draft is not done
        needed = {t: self.format.team_size - len(self.picks(t)) for t in self.teams}
        if min(needed.values()) < 0 or (turn.action == "pick" and needed[turn.team] < 1):
            return None
        held = {t: {self._group(self.heroes[k]) for k in self.picks(t)} for t in self.teams}
        return completion(needed, self.available, self._eligible, lambda k: self._group(self.heroes[k]), held)

    # -- moves ----------------------------------------------------------------

    def apply(self, choice: Choice) -> Choice:
        if choice.hero not in self.heroes:
            raise NotFoundError(Problem(f"hero '{choice.hero}' is not in this draft's pool"))
        reason = self.refusal(choice.hero, choice.team, choice.action)
        if reason:
            raise (StateError(reason) if self.done else RuleError(reason))
        self.journal.append(choice)
        return choice

    def choose(self, ref: str, team: str | None = None) -> Choice:
        """Choose the hero named ``ref`` (name, code or key) for the current turn."""
        turn = self.current
        if turn is None:
            raise StateError("the draft is complete", hint="undo a step to change it")
        hero = self.resolve(ref)
        reason = self.refusal(hero, team)
        if reason:
            raise RuleError(f"cannot {turn.action} {self.heroes[hero].name}: {reason}", hint=self._hint())
        return self.apply(Choice(turn.team, turn.action, hero))

    def choose_random(self) -> Choice:
        """A random legal choice, reproducible: seeded by the draft seed and the turn."""
        turn = self.current
        if turn is None:
            raise StateError("the draft is complete")
        options = self.legal()
        if not options:  # the feasibility check makes this unreachable
            raise RuleError(f"no legal {turn.action} is left at turn {turn.number}")
        rng = random.Random(f"{self.seed}:{turn.number}")
        return self.apply(Choice(turn.team, turn.action, rng.choice(sorted(options)), random=True))

    def undo(self) -> Choice:
        if not self.journal:
            raise StateError("nothing to undo: no hero has been picked or banned yet")
        return self.journal.pop()

    def _hint(self) -> str | None:
        names = sorted(self.heroes[k].name for k in self.legal())
        if not names:
            return None
        shown = ", ".join(names[:8]) + (" …" if len(names) > 8 else "")
        return f"legal now: {shown}"

    def resolve(self, ref: str) -> str:
        """The key of the hero named by ``ref`` in this draft's pool."""
        text = ref.strip()
        if text in self.heroes:
            return text
        code = normalize_code(text)
        for key, hero in self.heroes.items():
            if (code and hero.code == code) or hero.name.casefold() == text.casefold():
                return key
        for key, reason in self.left_out.items():
            if key == text or key.split(":")[-1] == text.casefold().replace(" ", "-") or (code and key == code):
                raise RuleError(f"{reason}")
        names = [h.name for h in self.heroes.values()]
        raise NotFoundError(
            Problem(
                f"unknown hero '{ref}'",
                hint=did_you_mean(text, names, fold=True, otherwise="see the roster with 'heroes'"),
            )
        )
