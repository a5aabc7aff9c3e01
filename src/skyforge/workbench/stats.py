"""What a deck holds: cards by type, mana curve, breakdowns, castle budget, opening-hand odds.

``deck_stats`` returns a :class:`DeckStats`, a typed value; its ``as_dict()`` is the
``deck show --json`` shape, and the CLI and the export formats read its fields. The opening-hand
odds are in :mod:`skyforge.workbench.odds`.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from skyforge.catalog.constants import COPY_LIMITS, RARITIES
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import CastleCard
from skyforge.decks.files import Deck
from skyforge.rules import ValidationReport, Violation, admitted_words, castle_back_summary, validate_decks
from skyforge.terms import FACTIONS
from skyforge.workbench.entries import Entry, resolve_entries, uses_demo_data
from skyforge.workbench.odds import DEFAULT_TURNS, HAND_SIZE, MULLIGAN_COST, OpeningHand, opening_hand_table, p_drawn_by

TYPES = ("ally", "tower", "spell", "attachment")


class CardLine(NamedTuple):
    """One card of a deck as the views and exports show it (``name`` etc. None when unknown)."""

    code: str
    name: str | None
    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count: JSON calls it count
    type: str | None
    cost: int | None
    rarity: str | None
    faction: str | None
    set: str | None
    #: the chance to hold at least one copy by turn ``DeckStats.draws.turns``
    drawn_by_turn: float

    @classmethod
    def of(cls, entry: Entry, drawn_by_turn: float) -> CardLine:
        c = entry.card
        return cls(
            entry.key,
            c.name if c else None,
            entry.count,
            c.type if c else None,
            c.cost if c else None,
            c.rarity if c else None,
            c.faction if c else None,
            entry.key.split(".")[0] if "." in entry.key else None,
            drawn_by_turn,
        )

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "name": self.name,
            "count": self.count,
            "type": self.type,
            "cost": self.cost,
            "rarity": self.rarity,
            "faction": self.faction,
            "set": self.set,
            "drawn_by_turn": self.drawn_by_turn,
        }


class TypeGroup(NamedTuple):
    """The deck's cards of one type (``unknown`` for cards not in the catalog), cheapest first."""

    type: str
    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count: JSON calls it count
    cards: tuple[CardLine, ...]

    def as_dict(self) -> dict:
        return {"type": self.type, "count": self.count, "cards": [c.as_dict() for c in self.cards]}


class CurveStep(NamedTuple):
    """How many cards cost ``cost`` (None: cards whose cost the catalog does not give)."""

    cost: int | None
    count: int  # type: ignore[assignment]  # a NamedTuple field may shadow tuple.count: JSON calls it count

    def as_dict(self) -> dict:
        return {"cost": self.cost, "count": self.count}


class RarityBudget(NamedTuple):
    """What the deck uses of one rarity against what the castle's back allows."""

    rarity: str
    used: int
    #: None: any number, or the castle's rules are not in the catalog
    max: int | None
    allowed: bool
    factions: tuple[str, ...]
    subtypes: tuple[str, ...]
    copy_limit: int
    types: tuple[str, ...] = ()
    #: who the rarity line admits, in words ("Liothan and towers of any colour")
    admits: str = ""

    @property
    def over(self) -> bool:
        return self.max is not None and self.used > self.max

    def as_dict(self) -> dict:
        return {
            "rarity": self.rarity,
            "used": self.used,
            "max": self.max,
            "allowed": self.allowed,
            "factions": list(self.factions),
            "subtypes": list(self.subtypes),
            "types": list(self.types),
            "admits": self.admits,
            "copy_limit": self.copy_limit,
        }


class SizeBudget(NamedTuple):
    """The deck's size against the castle's deck size (``max`` None: no upper bound)."""

    used: int
    min: int
    max: int | None

    @property
    def wanted(self) -> str:
        return str(self.min) if self.max == self.min else f"{self.min}–{self.max or '∞'}"

    @property
    def ok(self) -> bool:
        return self.used >= self.min and (self.max is None or self.used <= self.max)

    def as_dict(self) -> dict:
        return {"rarity": "deck", "used": self.used, "min": self.min, "max": self.max}


class Draws(NamedTuple):
    """How many cards a player has seen by turn ``turns``: the opening hand plus one a turn."""

    turns: int
    cards_seen: int
    hand: int = HAND_SIZE
    per_turn: int = 1

    def as_dict(self) -> dict:
        return {"turns": self.turns, "cards_seen": self.cards_seen, "hand": self.hand, "per_turn": self.per_turn}


class DeckStats(NamedTuple):
    """Every number ``deck show`` draws; ``as_dict()`` is its ``--json``."""

    name: str
    player: str | None
    file: str
    castle: str
    castle_name: str | None
    size: int
    valid: bool
    violations: tuple[Violation, ...]
    cards: dict[str, int]
    groups: tuple[TypeGroup, ...]
    curve: tuple[CurveStep, ...]
    types: dict[str, int]
    rarities: dict[str, int]
    factions: dict[str, int]
    #: per rarity (empty when the castle is not in the catalog)
    budget: tuple[RarityBudget, ...]
    #: the deck's size against the castle's (None when the castle gives none)
    deck_size: SizeBudget | None
    opening_hand: OpeningHand
    draws: Draws
    demo_data: bool
    #: what the castle's back requires and excludes, in words (None: nothing)
    castle_back: str | None = None

    @property
    def who(self) -> str:
        """The deck's player, or its name when it has none."""
        return self.player or self.name

    @property
    def entries(self) -> list[CardLine]:
        """Every card of the deck, group by group."""
        return [c for g in self.groups for c in g.cards]

    def as_dict(self) -> dict:
        budget = [row.as_dict() for row in self.budget] + ([self.deck_size.as_dict()] if self.deck_size else [])
        return {
            "name": self.name,
            "player": self.player,
            "file": self.file,
            "castle": self.castle,
            "castle_name": self.castle_name,
            "size": self.size,
            "valid": self.valid,
            "violations": [v.as_dict() for v in self.violations],
            "cards": self.cards,
            "groups": [g.as_dict() for g in self.groups],
            "curve": [c.as_dict() for c in self.curve],
            "types": self.types,
            "rarities": self.rarities,
            "factions": self.factions,
            "budget": budget,
            "opening_hand": self.opening_hand.as_dict(),
            "draws": self.draws.as_dict(),
            "demo_data": self.demo_data,
            "castle_back": self.castle_back,
        }


def deck_stats(
    catalog: Catalog,
    deck: Deck,
    *,
    mulligan_cost: int = MULLIGAN_COST,
    report: ValidationReport | None = None,
    turns: int = DEFAULT_TURNS,
) -> DeckStats:
    """Every number ``deck show`` draws.

    Per card, ``drawn_by_turn`` is the exact chance to hold at least one copy by turn ``turns``,
    counting the 5-card opening hand plus one card a turn (no mulligan).
    """
    entries = resolve_entries(catalog, deck)
    castle = catalog.find(deck.data.castle, "castle")
    report = report or validate_decks(catalog, [deck])
    size = sum(e.count for e in entries)
    known = [e for e in entries if e.card is not None]
    budget, deck_size = (
        castle_budget(castle, entries, size) if castle is not None and castle.kind == "castle" else ((), None)
    )
    return DeckStats(
        name=deck.data.name,
        player=deck.data.player,
        file=deck.file,
        castle=castle.key if castle else deck.data.castle,
        castle_name=castle.name if castle else None,
        size=size,
        valid=report.valid,
        violations=tuple(report.violations),
        cards={e.key: e.count for e in entries},
        groups=_groups(entries, size, HAND_SIZE + turns),
        curve=_curve(known),
        types=_breakdown(entries, "type", TYPES),
        rarities=_breakdown(entries, "rarity", RARITIES),
        factions=_breakdown(entries, "faction", FACTIONS),
        budget=budget,
        deck_size=deck_size,
        opening_hand=opening_hand_table(entries, mulligan_cost=mulligan_cost),
        draws=Draws(turns, min(HAND_SIZE + turns, size)),
        demo_data=uses_demo_data(catalog, entries),
        castle_back=castle_back_summary(catalog, castle) if castle is not None and castle.kind == "castle" else None,
    )


def _groups(entries: list[Entry], size: int, seen: int) -> tuple[TypeGroup, ...]:
    groups = []
    for t in (*TYPES, None):
        members = [e for e in entries if (e.card.type if e.card else None) == t]
        if members:
            members.sort(key=lambda e: ((e.card.cost if e.card and e.card.cost is not None else 99), e.key))
            groups.append(
                TypeGroup(
                    t or "unknown",
                    sum(e.count for e in members),
                    tuple(CardLine.of(e, float(p_drawn_by(e.count, size, seen))) for e in members),
                )
            )
    return tuple(groups)


def _curve(known: list[Entry]) -> tuple[CurveStep, ...]:
    curve: Counter = Counter()
    for e in known:
        assert e.card is not None  # known: the entries the catalog has
        curve[e.card.cost if e.card.cost is not None else "?"] += e.count
    top = max([k for k in curve if k != "?"], default=0)
    steps = [CurveStep(c, curve.get(c, 0)) for c in range(top + 1)]
    if "?" in curve:
        steps.append(CurveStep(None, curve["?"]))
    return tuple(steps)


def _breakdown(entries: list[Entry], attr: str, order: tuple[str, ...]) -> dict[str, int]:
    counts: Counter = Counter()
    for e in entries:
        counts[(getattr(e.card, attr, None) if e.card else None) or "unknown"] += e.count
    return {k: counts[k] for k in (*order, *sorted(k for k in counts if k not in order)) if counts.get(k)}


def castle_budget(
    castle: CastleCard, entries: list[Entry], size: int
) -> tuple[tuple[RarityBudget, ...], SizeBudget | None]:
    """Per rarity: how many cards the deck uses against what the castle's back allows; and its size."""
    rules = {r.rarity: r for r in castle.deck_rules or []}
    used: Counter = Counter()
    for e in entries:
        if e.card and e.card.rarity:
            used[e.card.rarity] += e.count
    rows = []
    for rarity in RARITIES:
        rule = rules.get(rarity)
        rows.append(
            RarityBudget(
                rarity,
                used[rarity],
                (rule.max if rule else 0) if castle.deck_rules is not None else None,
                rule is not None,
                tuple(rule.factions) if rule else (),
                tuple(rule.subtypes) if rule else (),
                COPY_LIMITS[rarity],
                tuple(rule.types) if rule else (),
                admitted_words(rule) if rule else "none allowed",
            )
        )
    deck_size = SizeBudget(size, castle.deck_size.min, castle.deck_size.max) if castle.deck_size is not None else None
    return tuple(rows), deck_size
