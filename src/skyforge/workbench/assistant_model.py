"""The deck assistant's constraint model: the decks to fill as CP-SAT variables under every rule.

An exact model (OR-Tools' CP-SAT) over the rules of :mod:`skyforge.rules`: which cards a castle
admits (``castle_refuses``, ``card_rule_refuses``), its deck size and rarity maxima, the cards'
own rules, the copy limits across every deck of the table (``copy_limit``) and what the
collection holds. Each rule is a group of constraints switched on by one literal and kept as
data (:class:`Rule`: what it is about, never its wording — that is
:mod:`skyforge.workbench.assistant_words`), so the solver can prove a request impossible with an
unsatisfiable core of those literals, made minimal here.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any, Literal

from pydantic import Field, computed_field, field_serializer

from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog, card_label
from skyforge.catalog.models import AllianceCard, CastleCard, DeckSize
from skyforge.decks.files import Deck
from skyforge.decks.models import CollectionFile
from skyforge.errors import InputError, Problem, SkyforgeError
from skyforge.lasting import made_to_last
from skyforge.results import Result
from skyforge.rules import (
    card_rule_refuses,
    castle_refuses,
    copies_per_deck,
    copy_limit,
    needed_cards,
    owned_counts,
    printing_group,
    rarity_maxima,
    required_cards,
)
from skyforge.rules.deckbuilding import RuleId, most_copies
from skyforge.text import plural_word

#: the mana curve a 40-card deck aims at by default: cost bucket → cards ("6+": cost 6 or more)
DEFAULT_CURVE: dict[str, int] = {"1": 5, "2": 10, "3": 10, "4": 7, "5": 5, "6+": 3}
#: the share of each card type, in percent, by default (about the demo set's own mix)
DEFAULT_TYPES: dict[str, int] = {"ally": 60, "spell": 15, "attachment": 15, "tower": 10}
#: what one card off the target costs in the objective: the curve first, then types, then factions
CURVE_WEIGHT, TYPE_WEIGHT, FACTION_WEIGHT, TIE_WEIGHT = 100, 40, 10, 5
#: CP-SAT's deterministic time (about seconds of work on one core) for one solve
EFFORT = 10.0
PLAN_EFFORT = 0.1


@dataclass(frozen=True)
class Preferences:
    """What a good deck is, as the player's choices (docs/deck-assistant.md gives the defaults)."""

    curve: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_CURVE))
    types: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_TYPES))
    #: preferred factions; empty: each deck prefers its castle's faction
    factions: tuple[str, ...] = ()
    must: tuple[str, ...] = ()  # card keys that go in (at least one copy among the decks made)
    never: tuple[str, ...] = ()  # card keys that stay out
    seed: int = 0


def curve_buckets(curve: dict[str, int]) -> list[tuple[str, int, int | None, int]]:
    """The curve as ``(label, lowest cost, highest cost or None, cards)``, in cost order.

    A label is a cost ("3") or a cost and more ("6+"); cards below the lowest bucket count in it.
    """
    buckets = []
    for label, cards in curve.items():
        text = label.strip()
        open_ended = text.endswith("+")
        try:
            cost = int(text.rstrip("+"))
        except ValueError:
            raise InputError(
                Problem(f"'{label}' is not a mana cost", hint="write costs as 1, 2, … and the last as 6+")
            ) from None
        if cost < 0 or cards < 0:
            raise InputError(Problem(f"the curve's '{label}:{cards}' is negative"))
        buckets.append((text, cost, None if open_ended else cost, cards))
    buckets.sort(key=lambda b: b[1])
    if buckets:
        label, _, high, cards = buckets[0]
        buckets[0] = (label, 0, high, cards)
    return buckets


@dataclass(frozen=True)
class Seat:
    """One deck to make: its castle, the cards the player keeps, who plays it."""

    castle: CastleCard
    name: str
    kept: dict[str, int] = field(default_factory=dict)
    player: str | None = None
    file: str | None = None
    #: another player's deck, still short of its size: its cards stay as they are (its own
    #: violations are its own), and only room for the cards it still needs is kept
    reserved: bool = False

    @property
    def label(self) -> str:
        return f"{self.player}'s deck" if self.player else f"deck '{self.name}'"

    @property
    def held(self) -> int:
        """The cards the deck holds already."""
        return sum(self.kept.values())


class Addition(Result):
    """Copies of one card the assistant adds to a deck, and why."""

    key: str = Field(serialization_alias="code")
    name: str
    count: int
    reason: str


class CurveStep(Result):
    """The deck's cards in one cost bucket of the curve, against the target."""

    cards: int
    target: int


class ProposedDeck(Result):
    """A deck the assistant proposes: its seat (castle, player, file), its cards, what it added."""

    seat: Seat = Field(exclude=True)
    #: by code, in set-and-number order in the dump
    cards: dict[str, int]
    added: list[Addition]
    #: bucket → (cards, target)
    curve: dict[str, tuple[int, int]]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def name(self) -> str:
        return self.seat.name

    @computed_field  # type: ignore[prop-decorator]
    @property
    def castle(self) -> str:
        return self.seat.castle.key

    @computed_field  # type: ignore[prop-decorator]
    @property
    def player(self) -> str | None:
        return self.seat.player

    @computed_field  # type: ignore[prop-decorator]
    @property
    def file(self) -> str | None:
        return self.seat.file

    @computed_field  # type: ignore[prop-decorator]
    @property
    def size(self) -> int:
        return sum(self.cards.values())

    @field_serializer("cards")
    def _in_code_order(self, cards: dict[str, int]) -> dict[str, int]:
        return dict(sorted(cards.items(), key=lambda kv: code_order(kv[0])))

    @field_serializer("curve")
    def _steps(self, curve: dict[str, tuple[int, int]]) -> dict[str, CurveStep]:
        return {b: CurveStep.of(cards=n, target=t) for b, (n, t) in curve.items()}


def cp_model() -> ModuleType:
    """OR-Tools' CP-SAT, or the extra to install (the solver is imported only by these commands).

    It is imported once per process, after what the command loaded (the catalog, the decks): CP-SAT
    brings numpy and pandas, some hundred thousand objects that live until the process ends, and
    few reference cycles. The collector skips its rounds while they are made, then leaves them
    and everything made before out of its rounds (``gc.freeze``), the round at exit included:
    without it, that round alone is about a quarter of a ``deck complete``'s CPU time.
    """
    first = "ortools.sat.python.cp_model" not in sys.modules
    if first:
        # numpy starts OpenBLAS's threads when imported; the assistant does no linear algebra
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        with made_to_last() if first else nullcontext():
            # start-up: CP-SAT takes ~0.4 s to import, and it is an optional extra (skyforge[assistant])
            from ortools.sat.python import cp_model as solver
    except ImportError:
        raise SkyforgeError(
            "the deck assistant needs OR-Tools' CP-SAT solver, which is not installed",
            hint="pip install 'skyforge[assistant]' (or: pip install ortools)",
        ) from None
    return solver


# ---------------------------------------------------------------------------------------------
# the model


#: the ids of the assistant's rules: the validator's, what a seat keeps and what the player asked for
AssistantRuleId = RuleId | Literal["keep", "must", "never"]


@dataclass(frozen=True)
class Rule:
    """A group of constraints switched on by one literal: which rule, of which deck (``None``: of
    the table), about which cards, and what the wording needs to know (``about``)."""

    id: AssistantRuleId
    deck: int | None
    cards: tuple[str, ...] = ()
    about: dict[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, int | None]:
        return self.id, self.deck


class CardPool:
    """What every solve of one command would otherwise work out again: the cards a deck may hold,
    which of them each castle admits, and the collection's copies (``deck plan`` solves 136 times)."""

    def __init__(self, catalog: Catalog, collection: CollectionFile | None) -> None:
        self.catalog = catalog
        self.alliance: dict[str, AllianceCard] = {
            c.key: c for c in catalog.of_kind("alliance") if not catalog.replaced_by(c.key) and c.rarity is not None
        }
        self.owned = owned_counts(catalog, collection) if collection is not None else None
        #: each card's copy limit across the decks
        self.limits = {key: copy_limit(c) or 0 for key, c in self.alliance.items()}
        self._admitted: dict[str, dict[str, AllianceCard]] = {}
        self._allowed: dict[str, dict[str, AllianceCard]] = {}

    def admitted(self, castle: CastleCard) -> dict[str, AllianceCard]:
        """The cards the back of ``castle`` lets a deck hold (its cards' own rules aside)."""
        if castle.key not in self._admitted:
            self._admitted[castle.key] = {
                key: c for key, c in self.alliance.items() if castle_refuses(self.catalog, castle, c) is None
            }
        return self._admitted[castle.key]

    def allowed(self, castle: CastleCard) -> dict[str, AllianceCard]:
        """The cards a deck of ``castle`` may hold at all: its back admits them, and so do their own rules."""
        if castle.key not in self._allowed:
            self._allowed[castle.key] = {
                key: c for key, c in self.admitted(castle).items() if card_rule_refuses(castle, c) is None
            }
        return self._allowed[castle.key]


class SeatModel:
    """The CP-SAT model of the seats to fill, next to the fixed other decks and the collection."""

    def __init__(
        self,
        catalog: Catalog,
        seats: Sequence[Seat],
        others: Sequence[Deck],
        collection: CollectionFile | None,
        prefs: Preferences,
        pool: CardPool | None = None,
    ) -> None:
        self.catalog, self.seats, self.others, self.prefs = catalog, list(seats), list(others), prefs
        self.pool = pool or CardPool(catalog, collection)
        self.cp = cp_model()  # after the cards are loaded: see cp_model
        self.model = self.cp.CpModel()
        self.rules: list[tuple[Any, Rule]] = []
        self._by_index: dict[int, Rule] = {}
        self.x: list[dict[str, Any]] = [{} for _ in self.seats]
        self.cards: dict[str, AllianceCard] = {}
        self.theirs: Counter[str] = Counter()
        for deck in self.others:
            self.theirs.update(deck_counts(catalog, deck))
        # a reserved seat's own cards are fixed like another deck's; its variables are what it adds
        self.base: list[Counter[str]] = [Counter(s.kept) if s.reserved else Counter() for s in self.seats]
        for base in self.base:
            self.theirs.update(base)
        self.owned = self.pool.owned
        self._build()

    # -- helpers
    def rule(self, id: AssistantRuleId, deck: int | None, cards: tuple[str, ...] = (), **about: Any) -> Any:
        """A new rule's literal: its constraints hold when it is on."""
        lit = self.model.new_bool_var(f"{id}:{deck}:{len(self.rules)}")
        self.rules.append((lit, Rule(id, deck, cards, about)))
        self._by_index[lit.index] = self.rules[-1][1]
        return lit

    def rule_of(self, lit: Any) -> Rule:
        return self._by_index[lit.index]

    # -- the rules
    def _build(self) -> None:
        for i, seat in enumerate(self.seats):
            self._seat_rules(i, seat)
        self._table_rules()

    def _seat_rules(self, i: int, seat: Seat) -> None:
        """The rules of one deck. A reserved seat's variables are the cards it adds to what it
        holds (``base``); where what it holds already breaks a rule, that is its own violation:
        it adds nothing more there, and the decks being made are not refused for it."""
        catalog, m, castle, base = self.catalog, self.model, seat.castle, self.base[i]
        allowed = self.pool.allowed(castle)
        wanted = {} if seat.reserved else dict(seat.kept)
        if not seat.reserved:
            for key in self.prefs.must:
                wanted.setdefault(key, 0)
        for key, card in self.pool.admitted(castle).items():
            if key in allowed or key in wanted:
                self._var(i, card, wanted.get(key, 0))
        for key, count in wanted.items():
            if key not in self.x[i]:
                asked = catalog.cards.get(key)
                if isinstance(asked, AllianceCard):
                    self._var(i, asked, count)
        xs = self.x[i]
        # what the castle and the card refuse, for the cards the player asked for (every other
        # card is one they allow)
        for key, var in xs.items():
            if key not in wanted:
                continue
            card = self.cards[key]
            refusal = castle_refuses(catalog, castle, card) or card_rule_refuses(castle, card)
            if refusal is not None:
                words = refusal.message
                lit = self.rule(refusal.rule, i, (key,), message=words)
                m.add(var == 0).only_enforce_if(lit)
        # the kept cards (a reserved seat's are its base, not a rule)
        for key, count in wanted.items():
            if key in xs and count > 0:
                card = self.cards[key]
                lit = self.rule("keep", i, (key,), card=card, count=count)
                m.add(xs[key] >= count).only_enforce_if(lit)
        # the deck size
        size = deck_size(castle)
        total = self.total(i)
        lit = self.rule("deck-size", i)
        m.add(total >= size.min).only_enforce_if(lit)
        if size.max is not None:
            m.add(total <= max(size.max, seat.held)).only_enforce_if(lit)
        # the rarity maxima
        for rarity, most in rarity_maxima(castle).items():
            lit = self.rule("rarity-limit", i, castle=castle, rarity=rarity, most=most)
            held = sum(n for k, n in base.items() if k in self.pool.alliance and self.pool.alliance[k].rarity == rarity)
            added = self.sum([v for k, v in xs.items() if self.cards[k].rarity == rarity])
            m.add(added <= max(most - held, 0)).only_enforce_if(lit)
        # the castle's required cards (its hero)
        for required in required_cards(catalog, castle):
            if any(base[card.key] for card in required.cards):
                continue
            lit = self.rule("castle-requires", i, (required.key,), castle=castle, card=required)
            holding = [xs[card.key] for card in required.cards if card.key in xs]
            if holding:
                m.add(self.sum(holding) >= 1).only_enforce_if(lit)
            else:
                m.add_bool_or([lit.negated()])
        # the cards' own rules: copies per deck, cards needed beside them
        for key, var in xs.items():
            card = self.cards[key]
            per_deck = copies_per_deck(card)
            needs = [] if base[key] else [n for n in needed_cards(catalog, card) if not base[n]]
            if per_deck is None and not needs:
                continue
            lit = self.rule("card-rule", i, (key,), card=card, per_deck=per_deck, needs=needs)
            if per_deck is not None:
                m.add(var <= max(per_deck - base[key], 0)).only_enforce_if(lit)
            if needs:
                present = m.new_bool_var(f"has:{i}:{key}")
                m.add(var >= 1).only_enforce_if(present)
                m.add(var == 0).only_enforce_if(present.negated())
                for other in needs:
                    if other in xs:
                        m.add(xs[other] >= 1).only_enforce_if([present, lit])
                    else:
                        m.add_bool_or([present.negated(), lit.negated()])

    def total(self, i: int) -> Any:
        """The cards deck ``i`` holds: what it adds, and a reserved seat's own cards."""
        added = self.sum(list(self.x[i].values()))
        return added + self.seats[i].held if self.seats[i].reserved else added

    def sum(self, exprs: list) -> Any:
        """``exprs`` added up as one CP-SAT sum (0 when there are none, as the built-in ``sum``
        gives): the built-in adds them one at a time, making a new expression for each."""
        if len(exprs) == 1:
            return exprs[0]  # the same constraint, one call fewer (most copy and collection limits)
        return self.cp.LinearExpr.sum(exprs) if exprs else 0

    def _var(self, i: int, card: AllianceCard, low: int) -> None:
        self.cards[card.key] = card
        # the kept copies are a rule (``keep``), not the domain: a core can name them
        self.x[i][card.key] = self.model.new_int_var(0, max(low, most_copies()), f"x{i}:{card.key}")

    def _table_rules(self) -> None:
        m, prefs = self.model, self.prefs
        keys = sorted({k for xs in self.x for k in xs}, key=_code_order)
        copies = self.rule("copy-limit", None)
        collection = self.rule("collection-limit", None) if self.owned is not None else None
        # where the other decks already hold too many, that is their violation: these decks take none
        # the copy limit counts the printings of one card (one name, several codes) together
        printings: dict[str, list[str]] = defaultdict(list)
        for key in keys:
            printings[printing_group(self.cards[key])].append(key)
        theirs_by_name: Counter[str] = Counter()
        for key, n in self.theirs.items():
            other = self.catalog.cards.get(key)
            if other is not None and other.kind == "alliance":
                theirs_by_name[printing_group(other)] += n
        for name, group in printings.items():
            limits = [limit for k in group if (limit := copy_limit(self.cards[k])) is not None]
            if limits:
                held = [xs[k] for xs in self.x for k in group if k in xs]
                m.add(self.sum(held) <= max(min(limits) - theirs_by_name.get(name, 0), 0)).only_enforce_if(copies)
        if collection is not None and self.owned is not None:
            owned, theirs = self.owned, self.theirs
            for key in keys:
                held = [xs[key] for xs in self.x if key in xs]
                m.add(self.sum(held) <= max(owned.get(key, 0) - theirs.get(key, 0), 0)).only_enforce_if(collection)
        made = [xs for xs, seat in zip(self.x, self.seats) if not seat.reserved]
        for key in prefs.must:
            held = [xs[key] for xs in made if key in xs]
            named = self.catalog.cards.get(key)
            lit = self.rule("must", None, (key,), card=named)
            if held:
                m.add(self.sum(held) >= 1).only_enforce_if(lit)
            else:
                m.add_bool_or([lit.negated()])
        for key in prefs.never:
            held = [xs[key] for xs in made if key in xs]
            named = self.catalog.cards.get(key)
            lit = self.rule("never", None, (key,), card=named)
            if held:
                m.add(self.sum(held) == 0).only_enforce_if(lit)

    # -- the objective
    def objective(self) -> Any:
        prefs = self.prefs
        terms: list = []
        buckets = curve_buckets(prefs.curve)
        for i, seat in enumerate(self.seats):
            xs, size = self.x[i], deck_size(seat.castle).min
            if seat.reserved:
                # another player's deck: any cards that leave it room will do (the fewest, seeded)
                terms.extend((1 + _tie(prefs.seed, seat.castle.key, key)) * var for key, var in xs.items())
                continue
            scaled = _scaled(buckets, size)
            # each card's variable in its cost's buckets and under its type, in the deck's order
            costs = {self.cards[key].cost for key in xs}
            buckets_of = {cost: [n for n, b in enumerate(scaled) if _in_bucket(cost, b[1], b[2])] for cost in costs}
            in_bucket: list[list] = [[] for _ in scaled]
            of_type: dict[str | None, list] = defaultdict(list)
            for key, var in xs.items():
                card = self.cards[key]
                for n in buckets_of[card.cost]:
                    in_bucket[n].append(var)
                of_type[card.type].append(var)
            for (label, _, _, target), held in zip(scaled, in_bucket):
                terms.append(CURVE_WEIGHT * self._deviation(self.sum(held), target, f"curve{i}:{label}"))
            for kind, share in _shares(prefs.types, size).items():
                terms.append(TYPE_WEIGHT * self._deviation(self.sum(of_type[kind]), share, f"type{i}:{kind}"))
            liked = set(prefs.factions) or {f for f in (seat.castle.faction,) if f is not None}
            for key, var in xs.items():
                weight = _tie(prefs.seed, seat.castle.key, key)
                if self.cards[key].faction not in liked:
                    weight += FACTION_WEIGHT
                if weight:
                    terms.append(weight * var)
        return self.sum(terms)

    def _deviation(self, expr: Any, target: int, name: str) -> Any:
        dev = self.model.new_int_var(0, 10_000, name)
        self.model.add(dev >= expr - target)
        self.model.add(dev >= target - expr)
        return dev

    # -- solving
    def solver(self, effort: float) -> Any:
        solver = self.cp.CpSolver()
        solver.parameters.num_workers = 1  # one worker and a deterministic budget: the same deck every run
        solver.parameters.max_deterministic_time = effort
        solver.parameters.random_seed = self.prefs.seed % (2**31)
        # the rules are linear constraints switched on by literals: without their full linear
        # relaxation, proving "no legal deck" under assumptions takes seconds instead of ms
        solver.parameters.linearization_level = 2
        return solver

    def feasible(self, lits: list, effort: float) -> tuple[bool | None, list]:
        """Whether the rules ``lits`` can all hold (``None``: not decided in time), and a core if not."""
        self.model.clear_assumptions()
        self.model.add_assumptions(lits)
        solver = self.solver(effort)
        status = solver.solve(self.model)
        if status == self.cp.INFEASIBLE:
            core = set(solver.sufficient_assumptions_for_infeasibility())
            return False, [lit for lit in lits if lit.index in core]
        if status in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return True, []
        return None, []

    def minimal_core(self, core: list, effort: float) -> list:
        """Drop each rule whose absence still leaves the rest impossible: the player's own choices
        first, so the reason is in the game's rules where they suffice."""
        order = {"keep": 0, "must": 0, "never": 0}
        for lit in sorted(core, key=lambda lit: order.get(self.rule_of(lit).id, 1)):
            if lit not in core:
                continue
            rest = [other for other in core if other is not lit]
            ok, smaller = self.feasible(rest, effort)
            if ok is False:
                core = smaller or rest
        return core

    # -- bounds, for the explanations
    def bound(self, core: list, seat: int, maximize: bool) -> tuple[int, Counter] | None:
        """The most (or fewest) cards deck ``seat`` can hold under the rules ``core``, and their
        mix by faction and rarity; ``None`` if not found in time."""
        m = self.model
        m.clear_assumptions()
        m.add_assumptions(core)
        (m.maximize if maximize else m.minimize)(self.total(seat))
        solver = self.solver(EFFORT)
        status = solver.solve(m)
        m.clear_objective()
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        mix: Counter = Counter()
        held = Counter({key: solver.value(var) for key, var in self.x[seat].items()}) + self.base[seat]
        for key, n in held.items():
            card = self.cards.get(key) or self.pool.alliance.get(key)
            if n and card is not None:
                mix[f"{card.faction} {card.rarity}"] += n
        return round(solver.objective_value), mix

    def most_together(self, core: list, seats: Sequence[int]) -> int | None:
        """The most of the cards the decks ``seats`` need (each counted up to its size) that they
        can hold at once under the rules ``core``; ``None`` if not found in time."""
        m = self.model
        counted = []
        for i in seats:
            up_to = m.new_int_var(0, deck_size(self.seats[i].castle).min, f"counted:{i}:{len(self.rules)}")
            m.add(up_to <= self.total(i))  # always satisfiable (0): harmless to the model
            counted.append(up_to)
        m.clear_assumptions()
        m.add_assumptions(core)
        m.maximize(self.sum(counted))
        solver = self.solver(EFFORT)
        status = solver.solve(m)
        m.clear_objective()
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        return round(solver.objective_value)

    # -- reading the answer
    def proposal(self, solver: Any) -> list[ProposedDeck]:
        """The decks read from the solution; a reserved seat's with its own cards, and what it
        adds only as the room kept for it."""
        decks = []
        buckets = curve_buckets(self.prefs.curve)
        for i, seat in enumerate(self.seats):
            values = {k: solver.value(v) for k, v in self.x[i].items()}
            chosen = {k: n for k, n in values.items() if n}
            cards = dict(Counter(chosen) + self.base[i])
            size = deck_size(seat.castle).min
            scaled = _scaled(buckets, size)
            curve = {
                label: (sum(n for k, n in cards.items() if _in_bucket(self._cost(k), low, high)), target)
                for label, low, high, target in scaled
            }
            if seat.reserved:
                added = [
                    Addition.of(key=k, name=self.cards[k].name, count=n, reason="room kept")
                    for k, n in sorted(chosen.items())
                ]
            else:
                added = self._additions(i, seat, cards, scaled)
            decks.append(ProposedDeck.of(seat=seat, cards=cards, added=added, curve=curve))
        return decks

    def _cost(self, key: str) -> int | None:
        card = self.cards.get(key) or self.pool.alliance.get(key)
        return card.cost if card is not None else None

    def _additions(
        self, i: int, seat: Seat, cards: dict[str, int], scaled: list[tuple[str, int, int | None, int]]
    ) -> list[Addition]:
        kept = seat.kept
        required = {c.key for r in required_cards(self.catalog, seat.castle) for c in r.cards}
        needed_by = {n: self.cards[k] for k in cards for n in needed_cards(self.catalog, self.cards[k])}
        filled: Counter = Counter()
        for key, n in kept.items():
            if key in self.cards:
                filled[_bucket_of(self.cards[key].cost, scaled)] += n
        shares = _shares(self.prefs.types, deck_size(seat.castle).min)
        typed: Counter = Counter(self.cards[k].type for k, n in kept.items() for _ in range(n) if k in self.cards)
        out = []
        for key in sorted(cards, key=code_order):
            extra = cards[key] - kept.get(key, 0)
            if extra <= 0:
                continue
            card = self.cards[key]
            why = []
            if key in required:
                why.append(f"castle {seat.castle.name} requires it")
            if key in self.prefs.must:
                why.append("you asked for it")
            if key in needed_by:
                why.append(f"{needed_by[key].name} needs it")
            bucket = _bucket_of(card.cost, scaled)
            cost = f"cost {card.cost}" if card.cost is not None else "no cost"
            target = next((t for label, _, _, t in scaled if label == bucket), None)
            if bucket is not None and target is not None and filled[bucket] < target:
                why.append(f"{cost}, fills the curve")
            elif card.type in shares and typed[card.type] < shares[card.type]:
                why.append(f"{cost}, {plural_word(card.type)} toward their share")
            else:
                why.append(f"{cost}, to reach {deck_size(seat.castle).min} cards")
            filled[bucket] += extra
            typed[card.type] += extra
            out.append(Addition.of(key=key, name=card.name, count=extra, reason="; ".join(why)))
        return out


def _scaled(buckets: list[tuple[str, int, int | None, int]], size: int) -> list[tuple[str, int, int | None, int]]:
    """The curve's targets scaled to a deck of ``size`` cards (largest remainders)."""
    total = sum(b[3] for b in buckets)
    if total == 0 or total == size:
        return buckets
    raw = [b[3] * size / total for b in buckets]
    counts = [int(r) for r in raw]
    for j in sorted(range(len(raw)), key=lambda j: raw[j] - counts[j], reverse=True)[: size - sum(counts)]:
        counts[j] += 1
    return [(b[0], b[1], b[2], n) for b, n in zip(buckets, counts)]


def _shares(types: dict[str, int], size: int) -> dict[str, int]:
    total = sum(types.values())
    return {kind: round(share * size / total) for kind, share in types.items()} if total else {}


def _in_bucket(cost: int | None, low: int, high: int | None) -> bool:
    return cost is not None and cost >= low and (high is None or cost <= high)


#: sorting by code, each card's key worked out once (``deck plan`` sorts the same cards for each solve)
_code_order = cache(code_order)


def _bucket_of(cost: int | None, scaled: list[tuple[str, int, int | None, int]]) -> str | None:
    return next((label for label, low, high, _ in scaled if _in_bucket(cost, low, high)), None)


@cache  # the same for every solve of a command: deck plan asks it of each castle's cards again
def _tie(seed: int, castle: str, key: str) -> int:
    """A small, seeded preference among equally good cards: the same seed, the same deck. It
    follows the deck's castle, not its seat, so a deck's share of the objective is the same
    whether it is solved alone or beside others (``plan_castles`` relies on it)."""
    digest = hashlib.sha256(f"{seed}:{castle}:{key}".encode()).digest()
    return digest[0] % TIE_WEIGHT


def deck_size(castle: CastleCard) -> DeckSize:
    """The castle's deck size: a castle without one cannot be given a deck (its seat is refused)."""
    if castle.deck_size is None:
        raise InputError(
            Problem(
                f"castle {card_label(castle, quoted=True)} has no deck_size in the catalog: the assistant cannot size its deck",
                hint="add deck_size = { min = N, max = N } to the castle's entry, N being the deck size its back gives",
            )
        )
    return castle.deck_size


def deck_counts(catalog: Catalog, deck: Deck) -> Counter[str]:
    """A deck's alliance cards by key, errata applied (what the copy limits count)."""
    counts: Counter[str] = Counter()
    for ref, n in deck.data.cards.items():
        try:
            card = catalog.find(ref)
        except InputError:
            card = None
        if card is not None and card.kind == "alliance":
            counts[catalog.with_errata(card).key] += n
    return counts
