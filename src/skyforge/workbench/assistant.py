"""The deck assistant: complete, build and plan decks under every deck-building rule at once.

An exact constraint model (OR-Tools' CP-SAT) over the rules of :mod:`skyforge.rules`: which
cards a castle admits (``castle_refuses``, ``card_rule_refuses``), its deck size and rarity
maxima, the cards' own rules, the copy limits across every deck of the table and what the
collection holds. Each rule is a group of constraints switched on by one literal; the solver
proves a request impossible with an unsatisfiable core of those literals, made minimal here, and
:class:`Conflict` words each rule in the core for the player. Every proposed deck is checked by
``validate_decks`` with the other decks and the collection before it is returned.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from skyforge.catalog.backs import BackEntry
from skyforge.catalog.codes import code_order
from skyforge.catalog.constants import COPY_LIMITS
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CastleCard, DeckSize
from skyforge.decks.files import Deck
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.decks.specs import CardSpec
from skyforge.errors import InputError, Problem, ProposalError, SkyforgeError
from skyforge.ondemand import library
from skyforge.rules import (
    card_rule_refuses,
    castle_refuses,
    copies_per_deck,
    copy_limit,
    needed_cards,
    owned_counts,
    rarity_maxima,
    required_cards,
    validate_decks,
)
from skyforge.text import plural
from skyforge.workbench.deckfile import save_new_deck
from skyforge.workbench.editing import add_cards, edit_deck
from skyforge.workbench.workspace import deck_path

#: the mana curve a 40-card deck aims at by default: cost bucket → cards ("6+": cost 6 or more)
DEFAULT_CURVE: dict[str, int] = {"1": 5, "2": 10, "3": 10, "4": 7, "5": 5, "6+": 3}
#: the share of each card type, in percent, by default (about the demo set's own mix)
DEFAULT_TYPES: dict[str, int] = {"ally": 60, "spell": 15, "attachment": 15, "tower": 10}
#: what one card off the target costs in the objective: the curve first, then types, then factions
CURVE_WEIGHT, TYPE_WEIGHT, FACTION_WEIGHT, TIE_WEIGHT = 100, 40, 10, 5
#: CP-SAT's deterministic time (about seconds of work on one core) for one solve
EFFORT = 10.0
PLAN_EFFORT = 0.1
_MOST = max(COPY_LIMITS.values())


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

    @property
    def label(self) -> str:
        return f"{self.player}'s deck" if self.player else f"deck '{self.name}'"


@dataclass(frozen=True)
class Conflict:
    """One rule of the smallest set that cannot all hold, in the player's words."""

    rule: str
    message: str
    deck: str | None = None
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"rule": self.rule, "message": self.message}
        if self.deck:
            out["deck"] = self.deck
        if self.cards:
            out["cards"] = list(self.cards)
        return out


@dataclass(frozen=True)
class Addition:
    key: str
    name: str
    count: int
    reason: str

    def as_dict(self) -> dict:
        return {"code": self.key, "name": self.name, "count": self.count, "reason": self.reason}


@dataclass
class ProposedDeck:
    seat: Seat
    cards: dict[str, int]
    added: list[Addition]
    curve: dict[str, tuple[int, int]]  # bucket → (cards, target)

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    def as_dict(self) -> dict:
        return {
            "name": self.seat.name,
            "castle": self.seat.castle.key,
            "player": self.seat.player,
            "file": self.seat.file,
            "size": self.size,
            "cards": dict(sorted(self.cards.items(), key=lambda kv: code_order(kv[0]))),
            "added": [a.as_dict() for a in self.added],
            "curve": {b: {"cards": n, "target": t} for b, (n, t) in self.curve.items()},
        }


@dataclass
class Outcome:
    """What the assistant found: decks that are legal together, or the rules that conflict."""

    decks: list[ProposedDeck]
    conflicts: list[Conflict]
    optimal: bool = False
    penalty: int = 0  # how far the decks are from the player's targets (0: on target)
    demo: bool = False

    @property
    def possible(self) -> bool:
        return not self.conflicts

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"possible": self.possible}
        if self.possible:
            out["decks"] = [d.as_dict() for d in self.decks]
            out["optimal"] = self.optimal
            out["penalty"] = self.penalty
        else:
            out["conflicts"] = [c.as_dict() for c in self.conflicts]
        if self.demo:
            out["demo_data"] = True
        return out


def cp_model() -> Any:
    """OR-Tools' CP-SAT, or the extra to install (the solver is imported only by these commands)."""
    try:
        return library("ortools.sat.python.cp_model")
    except ImportError:
        raise SkyforgeError(
            "the deck assistant needs OR-Tools' CP-SAT solver, which is not installed",
            hint="pip install 'skyforge[assistant]' (or: pip install ortools)",
        ) from None


# ---------------------------------------------------------------------------------------------
# the model


@dataclass
class _Rule:
    """A group of constraints switched on by one literal, and how to word it."""

    id: str
    deck: int | None
    words: Callable[[], Conflict]


class _Pool:
    """What every solve of one command would otherwise work out again: the cards a deck may hold,
    which of them each castle admits, and the collection's copies (``deck plan`` solves 136 times)."""

    def __init__(self, catalog: Catalog, collection: CollectionFile | None) -> None:
        self.catalog = catalog
        self.alliance: dict[str, AllianceCard] = {
            c.key: c for c in catalog.of_kind("alliance") if not catalog.replaced_by(c.key) and c.rarity is not None
        }
        self.owned = owned_counts(catalog, collection) if collection is not None else None
        self._admitted: dict[str, dict[str, AllianceCard]] = {}

    def admitted(self, castle: CastleCard) -> dict[str, AllianceCard]:
        """The cards the back of ``castle`` lets a deck hold (its cards' own rules aside)."""
        if castle.key not in self._admitted:
            self._admitted[castle.key] = {
                key: c for key, c in self.alliance.items() if castle_refuses(self.catalog, castle, c) is None
            }
        return self._admitted[castle.key]


class _Model:
    """The CP-SAT model of the seats to fill, next to the fixed other decks and the collection."""

    def __init__(
        self,
        catalog: Catalog,
        seats: Sequence[Seat],
        others: Sequence[Deck],
        collection: CollectionFile | None,
        prefs: Preferences,
        pool: _Pool | None = None,
    ) -> None:
        self.cp = cp_model()
        self.catalog, self.seats, self.others, self.prefs = catalog, list(seats), list(others), prefs
        self.pool = pool or _Pool(catalog, collection)
        self.model = self.cp.CpModel()
        self.rules: list[tuple[Any, _Rule]] = []
        self.x: list[dict[str, Any]] = [{} for _ in self.seats]
        self.cards: dict[str, AllianceCard] = {}
        self.theirs: Counter[str] = Counter()
        for deck in self.others:
            self.theirs.update(deck_counts(catalog, deck))
        self.owned = self.pool.owned
        self._build()

    # -- helpers
    def rule(self, id: str, deck: int | None, words: Callable[..., Conflict]) -> Any:
        lit = self.model.NewBoolVar(f"{id}:{deck}:{len(self.rules)}")
        self.rules.append((lit, _Rule(id, deck, words)))
        return lit

    def _seat_label(self, i: int) -> str:
        return self.seats[i].label

    def _others_words(self) -> str:
        labels = [d.label for d in self.others]
        return (
            (" once " + ", ".join(labels) + (" take" if len(labels) > 1 else " takes") + " its copies")
            if labels
            else ""
        )

    # -- the rules
    def _build(self) -> None:
        catalog, m = self.catalog, self.model
        for i, seat in enumerate(self.seats):
            castle = seat.castle
            admitted = self.pool.admitted(castle)
            wanted = dict(seat.kept)
            for key in self.prefs.must:
                wanted.setdefault(key, 0)
            for key, card in admitted.items():
                if card_rule_refuses(castle, card) is None or key in wanted:
                    self._var(i, card, wanted.get(key, 0))
            for key, count in wanted.items():
                if key not in self.x[i]:
                    asked = catalog.cards.get(key)
                    if isinstance(asked, AllianceCard):
                        self._var(i, asked, count)
            xs = self.x[i]
            # what the castle and the card refuse, for the cards the player asked for
            for key, var in xs.items():
                card = self.cards[key]
                refusal = castle_refuses(catalog, castle, card) or card_rule_refuses(castle, card)
                if refusal is not None:
                    words = refusal.message
                    lit = self.rule(refusal.rule, i, lambda w=words, k=key: Conflict("refused", w, None, (k,)))
                    m.Add(var == 0).OnlyEnforceIf(lit)
            # the kept cards
            for key, count in seat.kept.items():
                if key in xs and count > 0:
                    card = self.cards[key]
                    lit = self.rule(
                        "keep",
                        i,
                        lambda i=i, k=key, n=count, c=card: Conflict(
                            "keep", f"{self._seat_label(i)} keeps {n} × {_show(c)}", None, (k,)
                        ),
                    )
                    m.Add(xs[key] >= count).OnlyEnforceIf(lit)
            # the deck size
            size = _size(castle)
            total = sum(xs.values())
            lit = self.rule("deck-size", i, lambda i=i: self._size_words(i))
            m.Add(total >= size.min).OnlyEnforceIf(lit)
            if size.max is not None:
                m.Add(total <= size.max).OnlyEnforceIf(lit)
            # the rarity maxima
            for rarity, most in rarity_maxima(castle).items():
                lit = self.rule(
                    "rarity-limit",
                    i,
                    lambda c=castle, r=rarity, n=most: Conflict(
                        "rarity-limit", f"castle {_show(c)} allows at most {plural(n, r + ' card')}"
                    ),
                )
                m.Add(sum(v for k, v in xs.items() if self.cards[k].rarity == rarity) <= most).OnlyEnforceIf(lit)
            # the castle's required cards (its hero)
            for required in required_cards(catalog, castle):
                lit = self.rule(
                    "castle-requires",
                    i,
                    lambda c=castle, r=required: Conflict(
                        "castle-requires", f"castle {_show(c)} requires {_required(r)}", None, (r.key,)
                    ),
                )
                held = [xs[card.key] for card in required.cards if card.key in xs]
                if held:
                    m.Add(sum(held) >= 1).OnlyEnforceIf(lit)
                else:
                    m.AddBoolOr([lit.Not()])
            # the cards' own rules: copies per deck, cards needed beside them
            for key, var in xs.items():
                card = self.cards[key]
                per_deck = copies_per_deck(card)
                needs = needed_cards(catalog, card)
                if per_deck is None and not needs:
                    continue
                lit = self.rule(
                    "card-rule",
                    i,
                    lambda c=card, n=per_deck, needs=needs: Conflict(
                        "card-rule", _card_rule_words(c, n, needs), None, (c.key,)
                    ),
                )
                if per_deck is not None:
                    m.Add(var <= per_deck).OnlyEnforceIf(lit)
                if needs:
                    present = m.NewBoolVar(f"has:{i}:{key}")
                    m.Add(var >= 1).OnlyEnforceIf(present)
                    m.Add(var == 0).OnlyEnforceIf(present.Not())
                    for other in needs:
                        if other in xs:
                            m.Add(xs[other] >= 1).OnlyEnforceIf([present, lit])
                        else:
                            m.AddBoolOr([present.Not(), lit.Not()])
        self._table_rules()

    def _var(self, i: int, card: AllianceCard, low: int) -> None:
        self.cards[card.key] = card
        # the kept copies are a rule (``keep``), not the domain: a core can name them
        self.x[i][card.key] = self.model.NewIntVar(0, max(low, _MOST), f"x{i}:{card.key}")

    def _table_rules(self) -> None:
        m, prefs = self.model, self.prefs
        keys = sorted({k for xs in self.x for k in xs}, key=code_order)
        copies = self.rule("copy-limit", None, self._copy_words)
        collection = self.rule("collection-limit", None, self._collection_words) if self.owned is not None else None
        # where the other decks already hold too many, that is their violation: these decks take none
        for key in keys:
            card = self.cards[key]
            held = [xs[key] for xs in self.x if key in xs]
            limit = copy_limit(card)
            if limit is not None:
                m.Add(sum(held) <= max(limit - self.theirs[key], 0)).OnlyEnforceIf(copies)
            if collection is not None:
                m.Add(sum(held) <= max(self.owned.get(key, 0) - self.theirs[key], 0)).OnlyEnforceIf(collection)  # type: ignore[union-attr]
        for key in prefs.must:
            held = [xs[key] for xs in self.x if key in xs]
            named = self.catalog.cards.get(key)
            lit = self.rule(
                "must", None, lambda c=named, k=key: Conflict("must", f"you asked for {_show(c)}", None, (k,))
            )
            if held:
                m.Add(sum(held) >= 1).OnlyEnforceIf(lit)
            else:
                m.AddBoolOr([lit.Not()])
        for key in prefs.never:
            held = [xs[key] for xs in self.x if key in xs]
            named = self.catalog.cards.get(key)
            lit = self.rule(
                "never", None, lambda c=named, k=key: Conflict("never", f"you asked for no {_show(c)}", None, (k,))
            )
            if held:
                m.Add(sum(held) == 0).OnlyEnforceIf(lit)

    # -- the objective
    def objective(self) -> Any:
        prefs = self.prefs
        terms = []
        buckets = curve_buckets(prefs.curve)
        for i, seat in enumerate(self.seats):
            xs, size = self.x[i], _size(seat.castle).min
            for label, low, high, target in _scaled(buckets, size):
                in_bucket = [v for k, v in xs.items() if _in_bucket(self.cards[k].cost, low, high)]
                terms.append(CURVE_WEIGHT * self._deviation(sum(in_bucket), target, f"curve{i}:{label}"))
            for kind, share in _shares(prefs.types, size).items():
                of_type = [v for k, v in xs.items() if self.cards[k].type == kind]
                terms.append(TYPE_WEIGHT * self._deviation(sum(of_type), share, f"type{i}:{kind}"))
            liked = set(prefs.factions) or {f for f in (seat.castle.faction,) if f is not None}
            for key, var in xs.items():
                weight = _tie(prefs.seed, seat.castle.key, key)
                if self.cards[key].faction not in liked:
                    weight += FACTION_WEIGHT
                if weight:
                    terms.append(weight * var)
        return sum(terms)

    def _deviation(self, expr: Any, target: int, name: str) -> Any:
        dev = self.model.NewIntVar(0, 10_000, name)
        self.model.Add(dev >= expr - target)
        self.model.Add(dev >= target - expr)
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
        self.model.ClearAssumptions()
        self.model.AddAssumptions(lits)
        solver = self.solver(effort)
        status = solver.Solve(self.model)
        if status == self.cp.INFEASIBLE:
            core = set(solver.SufficientAssumptionsForInfeasibility())
            return False, [lit for lit in lits if lit.Index() in core]
        if status in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return True, []
        return None, []

    def minimal_core(self, core: list, effort: float) -> list:
        """Drop each rule whose absence still leaves the rest impossible: the player's own choices
        first, so the reason is in the game's rules where they suffice."""
        order = {"keep": 0, "must": 0, "never": 0}
        by_lit = {lit.Index(): rule for lit, rule in self.rules}
        for lit in sorted(core, key=lambda lit: order.get(by_lit[lit.Index()].id, 1)):
            if lit not in core:
                continue
            rest = [other for other in core if other is not lit]
            ok, smaller = self.feasible(rest, effort)
            if ok is False:
                core = smaller or rest
        return core

    def explain(self, core: list, effort: float) -> list[Conflict]:
        self._core = core
        by_lit = {lit.Index(): rule for lit, rule in self.rules}
        rules = [by_lit[lit.Index()] for lit in core]
        out = []
        for rule in rules:
            conflict = rule.words()
            if rule.deck is not None and conflict.deck is None:
                conflict = replace(conflict, deck=self.seats[rule.deck].file or self.seats[rule.deck].name)
            out.append(conflict)
        order = {"deck-size": 0}
        return [c for _, c in sorted(enumerate(out), key=lambda ic: (order.get(ic[1].rule, 1), ic[0]))]

    # -- wording
    def _size_words(self, i: int) -> Conflict:
        seat = self.seats[i]
        size = _size(seat.castle)
        wanted = f"{size.min}" if size.max == size.min else f"at least {size.min}"
        core = [lit for lit in getattr(self, "_core", []) if self._rule_of(lit) != ("deck-size", i)]
        most = self._bound(core, i, maximize=True)
        head = f"castle {_show(seat.castle)} needs {wanted} cards"
        if most is not None and most[0] < size.min:
            parts = ", ".join(f"{n} {what}" for what, n in most[1].most_common())
            return Conflict(
                "deck-size",
                f"{head}; {seat.label} can hold at most {most[0]} cards it admits under these rules"
                f"{self._others_words()}" + (f": {parts}" if parts else ""),
            )
        least = self._bound(core, i, maximize=False)
        if least is not None and size.max is not None and least[0] > size.max:
            return Conflict(
                "deck-size",
                f"castle {_show(seat.castle)} allows at most {size.max} cards; {seat.label} needs at least {least[0]} under these rules",
            )
        return Conflict("deck-size", f"{head} (at most {size.max})" if size.max and size.max != size.min else head)

    def _rule_of(self, lit) -> tuple[str, int | None]:
        for other, rule in self.rules:
            if other.Index() == lit.Index():
                return rule.id, rule.deck
        return "", None

    def _bound(self, core: list, seat: int, maximize: bool) -> tuple[int, Counter] | None:
        """The most (or fewest) cards ``expr`` counts under the rules ``core``, and their mix."""
        m = self.model
        m.ClearAssumptions()
        m.AddAssumptions(core)
        (m.Maximize if maximize else m.Minimize)(sum(self.x[seat].values()))
        solver = self.solver(EFFORT)
        status = solver.Solve(m)
        m.ClearObjective()
        if status not in (self.cp.OPTIMAL, self.cp.FEASIBLE):
            return None
        mix: Counter = Counter()
        for key, var in self.x[seat].items():
            n = solver.Value(var)
            if n:
                card = self.cards[key]
                mix[f"{card.faction} {card.rarity}"] += n
        return round(solver.ObjectiveValue()), mix

    def _copy_words(self) -> Conflict:
        over = [k for k, n in self.theirs.items() if k in self.cards and n > (copy_limit(self.cards[k]) or 0)]
        text = (
            "at most 3 copies of a base card, 2 of a rare and 1 of a mythic or legendary card "
            "across all players' decks" + self._others_words()
        )
        if over:
            text += "; the other decks already hold too many of " + ", ".join(over)
        return Conflict("copy-limit", text, None, tuple(over))

    def _collection_words(self) -> Conflict:
        return Conflict("collection-limit", "only the copies your collection holds" + self._others_words())

    # -- reading the answer
    def proposal(self, solver: Any) -> list[ProposedDeck]:
        decks = []
        buckets = curve_buckets(self.prefs.curve)
        for i, seat in enumerate(self.seats):
            cards = {k: solver.Value(v) for k, v in self.x[i].items() if solver.Value(v)}
            size = _size(seat.castle).min
            scaled = _scaled(buckets, size)
            curve = {
                label: (sum(n for k, n in cards.items() if _in_bucket(self.cards[k].cost, low, high)), target)
                for label, low, high, target in scaled
            }
            decks.append(ProposedDeck(seat, cards, self._additions(i, seat, cards, scaled), curve))
        return decks

    def _additions(self, i: int, seat: Seat, cards: dict[str, int], scaled) -> list[Addition]:
        kept = seat.kept
        required = {c.key for r in required_cards(self.catalog, seat.castle) for c in r.cards}
        needed_by = {n: self.cards[k] for k in cards for n in needed_cards(self.catalog, self.cards[k])}
        filled: Counter = Counter()
        for key, n in kept.items():
            if key in self.cards:
                filled[_bucket_of(self.cards[key].cost, scaled)] += n
        shares = _shares(self.prefs.types, _size(seat.castle).min)
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
                why.append(f"{cost}, {card.type}s toward their share")
            else:
                why.append(f"{cost}, to reach {_size(seat.castle).min} cards")
            filled[bucket] += extra
            typed[card.type] += extra
            out.append(Addition(key, card.name, extra, "; ".join(why)))
        return out


def _card_rule_words(card: AllianceCard, per_deck: int | None, needs: list[str]) -> str:
    bits = []
    if per_deck is not None:
        bits.append(f"at most {per_deck} per deck")
    if needs:
        bits.append("only beside " + ", ".join(needs))
    return f"{_show(card)}: " + " and ".join(bits)


def _scaled(buckets, size: int) -> list[tuple[str, int, int | None, int]]:
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


def _bucket_of(cost: int | None, scaled) -> str | None:
    return next((label for label, low, high, _ in scaled if _in_bucket(cost, low, high)), None)


def _tie(seed: int, castle: str, key: str) -> int:
    """A small, seeded preference among equally good cards: the same seed, the same deck. It
    follows the deck's castle, not its seat, so a deck's share of the objective is the same
    whether it is solved alone or beside others (``plan_castles`` relies on it)."""
    digest = hashlib.sha256(f"{seed}:{castle}:{key}".encode()).digest()
    return digest[0] % TIE_WEIGHT


def _size(castle: CastleCard) -> DeckSize:
    """The castle's deck size: a castle without one cannot be given a deck (its seat is refused)."""
    if castle.deck_size is None:
        raise InputError(
            Problem(
                f"castle {_show(castle)} has no deck_size in the catalog: the assistant cannot size its deck",
                hint="add deck_size = { min = 40, max = 40 } (as its back says) to the castle's entry",
            )
        )
    return castle.deck_size


def _required(required: BackEntry) -> str:
    """A card a castle requires, for a conflict: as printed when the catalog lacks it."""
    if required.card is not None:
        return _show(required.card)
    return required.ref + ("" if required.cards else ", who is not in your catalog")


def _show(card) -> str:
    if card is None:
        return "?"
    return f"{card.code} '{card.name}'" if card.code else f"'{card.name}'"


# ---------------------------------------------------------------------------------------------
# the requests


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


def castle_of(catalog: Catalog, ref: str, file: str | None = None) -> CastleCard:
    """The castle ``ref`` names, with the deck-building rules and size the assistant needs."""
    castle = catalog.find(ref, "castle")
    if castle is None:
        raise InputError(
            Problem(
                f"no castle '{ref}' in the catalog",
                file=file,
                key="castle" if file else None,
                hint=catalog.suggest(ref, "castle") or "see `skyforge castles`",
            )
        )
    missing = [
        what for what, value in (("deck_rules", castle.deck_rules), ("deck_size", castle.deck_size)) if value is None
    ]
    if missing:
        raise InputError(
            Problem(
                f"castle '{castle.name}' has no {' or '.join(missing)} in the catalog, so no deck can be made for it",
                file=file,
                hint=f"fill them in for it in {catalog.source_file(castle.key)}",
            )
        )
    return castle


def solve(
    catalog: Catalog,
    seats: Sequence[Seat],
    others: Sequence[Deck] = (),
    collection: CollectionFile | None = None,
    prefs: Preferences | None = None,
    *,
    effort: float = EFFORT,
    check: bool = True,
    pool: _Pool | None = None,
) -> Outcome:
    """The best decks for ``seats``, legal together with ``others`` and the collection; or the
    smallest set of rules that cannot all hold. Each proposal is checked by ``validate_decks``."""
    prefs = prefs or Preferences()
    clash = _same_castle(seats, others, catalog)
    if clash:
        return Outcome([], clash)
    model = _Model(catalog, seats, others, collection, prefs, pool)
    lits = [lit for lit, _ in model.rules]
    m = model.model
    objective = model.objective()
    # the search runs on a copy with every rule fixed on, which presolve can simplify (under
    # assumptions it cannot); the literals are assumptions only when a core is wanted
    hard = m.Clone()
    for lit in lits:
        hard.Add(hard.GetBoolVarFromProtoIndex(lit.Index()) == 1)
    hard.Minimize(objective)
    solver = model.solver(effort)
    status = solver.Solve(hard)
    if status == model.cp.INFEASIBLE:
        m.AddAssumptions(lits)
        solver = model.solver(effort)
        status = solver.Solve(m)
    if status in (model.cp.OPTIMAL, model.cp.FEASIBLE):
        decks = model.proposal(solver)
        outcome = Outcome(decks, [], status == model.cp.OPTIMAL, round(solver.ObjectiveValue()))
        if check:
            outcome.demo = _check(catalog, decks, others, collection)
        return outcome
    m.ClearObjective()
    if status != model.cp.INFEASIBLE:
        raise SkyforgeError(
            "the solver found no decks in its time budget, and could not prove that none exist",
            hint="ask for fewer decks at once, or fewer --must cards",
        )
    core = [lit for lit in lits if lit.Index() in set(solver.SufficientAssumptionsForInfeasibility())]
    core = model.minimal_core(core, effort)
    return Outcome([], model.explain(core, effort))


def _same_castle(seats: Sequence[Seat], others: Sequence[Deck], catalog: Catalog) -> list[Conflict]:
    """Decks played together follow different castles (the rule ``same-castle``)."""
    seen: dict[str, str] = {}
    for deck in others:
        castle = catalog.find(deck.data.castle, "castle") if deck.data.castle else None
        if castle is not None:
            seen.setdefault(castle.key, deck.label)
    for seat in seats:
        if seat.castle.key in seen:
            return [
                Conflict(
                    "same-castle",
                    f"{seen[seat.castle.key]} and {seat.label} both follow castle {_show(seat.castle)}: "
                    "with two players, the second player's deck follows another castle",
                )
            ]
        seen[seat.castle.key] = seat.label
    return []


def _check(
    catalog: Catalog, decks: list[ProposedDeck], others: Sequence[Deck], collection: CollectionFile | None
) -> bool:
    """Every proposal through ``validate_decks`` with the other decks and the collection: a
    violation that names a proposed deck is a bug, reported, never shown as a legal deck."""
    made = [as_deck(d) for d in decks]
    report = validate_decks(catalog, [*made, *others], collection)
    mine = {d.file for d in made}
    wrong = [v for v in report.violations if v.deck in mine or mine & set(v.decks)]
    if wrong:
        raise ProposalError(
            "the deck assistant proposed decks that validation refuses (a bug in skyforge; "
            "please report it): " + "; ".join(f"{v.rule}: {v.message}" for v in wrong)
        )
    return report.demo


def as_deck(proposed: ProposedDeck) -> Deck:
    """A proposed deck as a deck, for validation and writing."""
    seat = proposed.seat
    data = DeckFile(name=seat.name, castle=seat.castle.key, player=seat.player, cards=dict(proposed.cards))
    return Deck(None if seat.file is None else Path(seat.file), data, {})


def complete_deck(
    catalog: Catalog,
    deck: Deck,
    others: Sequence[Deck] = (),
    collection: CollectionFile | None = None,
    prefs: Preferences | None = None,
) -> Outcome:
    """Add cards to ``deck`` until it is legal with ``others`` and the collection, keeping every
    card the player chose."""
    castle = castle_of(catalog, deck.data.castle, deck.file)
    seat = Seat(castle, deck.name, dict(deck_counts(catalog, deck)), deck.data.player, deck.file)
    return solve(catalog, [seat], others, collection, prefs)


def build_decks(
    catalog: Catalog,
    castles: Sequence[str],
    collection: CollectionFile | None,
    prefs: Preferences | None = None,
    players: Sequence[str | None] = (),
) -> Outcome:
    """One deck per castle from one collection, legal together by construction."""
    seats = []
    for n, ref in enumerate(castles):
        castle = castle_of(catalog, ref)
        player = players[n] if n < len(players) else None
        seats.append(Seat(castle, castle.name, {}, player))
    return solve(catalog, seats, (), collection, prefs)


@dataclass
class PlanRow:
    """One combination of castles: whether the group can build them at once, and how well."""

    castles: list[CastleCard]
    heroes: list[str]
    outcome: Outcome
    room: int  # copies the collection holds for these castles beyond what their decks need

    def lacks(self) -> list[str]:
        if not self.outcome.possible:
            return [c.message for c in self.outcome.conflicts]
        out = []
        for deck in self.outcome.decks:
            short = [f"cost {b} {n}/{t}" for b, (n, t) in deck.curve.items() if n < t]
            if short:
                out.append(f"{deck.seat.castle.name} short on " + ", ".join(short))
        return out

    def as_dict(self) -> dict:
        return {
            "castles": [c.key for c in self.castles],
            "names": [c.name for c in self.castles],
            "heroes": self.heroes,
            "possible": self.outcome.possible,
            "room": self.room,
            "penalty": self.outcome.penalty if self.outcome.possible else None,
            "lacks": self.lacks(),
        }


def plannable_castles(catalog: Catalog) -> tuple[list[CastleCard], list[str]]:
    """The castles decks can be made for, and a note for each one that lacks data."""
    ready, notes = [], []
    for castle in catalog.castles():
        if castle.deck_rules is None or castle.deck_size is None:
            notes.append(f"castle {castle.name}: no deck-building rules or deck size in the catalog, left out")
        else:
            ready.append(castle)
    return ready, notes


def plan_castles(
    catalog: Catalog,
    collection: CollectionFile,
    players: int = 2,
    prefs: Preferences | None = None,
    step: Callable[[int, int], None] | None = None,
) -> tuple[list[PlanRow], list[str]]:
    """Every combination of ``players`` castles the collection can build at once, best first:
    the possible ones by room (spare copies: how many other good decks it allows), then by how
    close their decks come to the targets; the impossible ones with what they lack."""
    prefs = prefs or Preferences()
    castles, notes = plannable_castles(catalog)
    combos = list(itertools.combinations(castles, players))
    pool = _Pool(catalog, collection)
    owned = pool.owned or Counter()
    admitted = {c.key: _admitted(catalog, c) for c in castles}
    alone: dict[str, Outcome] = {}
    rows = []
    total = len(castles) + len(combos)
    for n, castle in enumerate(castles):
        if step:
            step(n, total)
        alone[castle.key] = solve(
            catalog, [Seat(castle, castle.name)], (), collection, prefs, effort=PLAN_EFFORT, pool=pool
        )
    for n, combo in enumerate(combos):
        if step:
            step(len(castles) + n, total)
        failed = [alone[c.key] for c in combo if not alone[c.key].possible]
        if failed:
            outcome = Outcome([], [c for f in failed for c in f.conflicts])
        elif players == 1:
            outcome = alone[combo[0].key]
        else:
            outcome = _side_by_side(catalog, [alone[c.key] for c in combo], collection, pool, prefs) or solve(
                catalog, [Seat(c, c.name) for c in combo], (), collection, prefs, effort=PLAN_EFFORT, pool=pool
            )
        heroes = [required.name for c in combo for required in required_cards(catalog, c)]
        rows.append(PlanRow(list(combo), heroes, outcome, _room(catalog, combo, owned, admitted)))
    if step:
        step(total, total)
    rows.sort(key=lambda r: (not r.outcome.possible, -r.room, r.outcome.penalty, [c.key for c in r.castles]))
    return rows, notes


def _side_by_side(
    catalog: Catalog,
    outcomes: Sequence[Outcome],
    collection: CollectionFile | None,
    pool: _Pool,
    prefs: Preferences,
) -> Outcome | None:
    """The decks found for each castle alone, played together, when they fit the copy limits and
    the collection side by side; else ``None`` (the castles must be solved together).

    No solve is needed then: the castles' decks share only those two limits (and the player's
    --must, which is asked of the table, so this shortcut is not taken with it), and each deck's
    share of the objective does not depend on the others (``_tie`` follows the castle), so two
    best decks side by side are the best pair.
    """
    if prefs.must:
        return None
    held: Counter[str] = Counter()
    for outcome in outcomes:
        for deck in outcome.decks:
            held.update(deck.cards)
    for key, n in held.items():
        card = pool.alliance.get(key)
        limit = copy_limit(card) if card is not None else None
        if card is None or (limit is not None and n > limit) or (pool.owned is not None and n > pool.owned.get(key, 0)):
            return None
    decks = [deck for outcome in outcomes for deck in outcome.decks]
    demo = _check(catalog, decks, (), collection)  # validation has the last word, as for every proposal
    return Outcome(decks, [], all(o.optimal for o in outcomes), sum(o.penalty for o in outcomes), demo)


def _admitted(catalog: Catalog, castle: CastleCard) -> set[str]:
    """The cards a deck of ``castle`` may hold at all (errata applied, rarity known)."""
    return {
        card.key
        for card in catalog.of_kind("alliance")
        if not catalog.replaced_by(card.key)
        and card.rarity is not None
        and castle_refuses(catalog, castle, card) is None
        and card_rule_refuses(castle, card) is None
    }


def _room(catalog: Catalog, castles: Sequence[CastleCard], owned: Counter[str], admitted: dict) -> int:
    """Copies these castles admit that the collection and the copy limits allow, beyond the decks' sizes."""
    room = 0
    for card in catalog.of_kind("alliance"):
        takers = sum(1 for c in castles if card.key in admitted[c.key])
        if takers:
            room += min(owned.get(card.key, 0), copy_limit(card) or 0, _MOST * takers)
    return room - sum(_size(c).min for c in castles)


def write_completion(catalog: Catalog, workspace: Path, ref: str, proposed: ProposedDeck) -> Path:
    """Add the proposed cards to the deck file ``ref``, keeping its comments and layout."""
    specs = [CardSpec(a.key, a.count) for a in proposed.added]
    return edit_deck(catalog, workspace, ref, lambda deck: add_cards(catalog, deck, specs))


def save_built(catalog: Catalog, workspace: Path, decks: Sequence[ProposedDeck]) -> list[Path]:
    """Write each built deck as a new file in decks/, named after its castle; never overwriting
    (a taken name gets -2, -3, …)."""
    paths = []
    for proposed in decks:
        seat = proposed.seat
        stem = re.sub(r"[^a-z0-9]+", "-", seat.castle.name.casefold()).strip("-") or "deck"
        path = deck_path(workspace, stem)
        n = 2
        while path.exists() or path in paths:
            path = deck_path(workspace, f"{stem}-{n}")
            n += 1
        data = DeckFile(name=seat.name, castle=seat.castle.key, player=seat.player, cards=proposed.cards)
        paths.append(save_new_deck(path, data, catalog))
    return paths
