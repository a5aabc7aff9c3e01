"""What a deck holds: cards by type, mana curve, breakdowns, castle budget, opening-hand odds.

``deck_stats`` returns a :class:`DeckStats`, a typed result; its dump is
``deck show --json``, and the CLI and the export formats read its fields. The opening-hand
odds are in :mod:`skyforge.workbench.odds`.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from skyforge.catalog.constants import COPY_LIMITS, RARITIES
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import CastleCard
from skyforge.decks.files import Deck
from skyforge.results import Result
from skyforge.rules import ValidationReport, Violation, admitted_words, castle_back_summary, validate_decks
from skyforge.terms import FACTIONS
from skyforge.workbench.entries import Entry, resolve_entries, uses_demo_data
from skyforge.workbench.odds import DEFAULT_TURNS, HAND_SIZE, MULLIGAN_COST, OpeningHand, opening_hand_table, p_drawn_by

TYPES = ("ally", "tower", "spell", "attachment")


class CardLine(Result):
    """One card of a deck as the views and exports show it (``name`` etc. None when unknown)."""

    code: str
    name: str | None
    count: int
    type: str | None
    cost: int | None
    rarity: str | None
    faction: str | None
    set: str | None
    #: the chance to hold at least one copy by turn ``DeckStats.draws.turns``
    drawn_by_turn: float

    @classmethod
    def of_entry(cls, entry: Entry, drawn_by_turn: float) -> CardLine:
        c = entry.card
        return cls.of(
            code=entry.key,
            name=c.name if c else None,
            count=entry.count,
            type=c.type if c else None,
            cost=c.cost if c else None,
            rarity=c.rarity if c else None,
            faction=c.faction if c else None,
            set=entry.key.split(".")[0] if "." in entry.key else None,
            drawn_by_turn=drawn_by_turn,
        )


class TypeGroup(Result):
    """The deck's cards of one type (``unknown`` for cards not in the catalog), cheapest first."""

    type: str
    count: int
    cards: tuple[CardLine, ...]


class CurveStep(Result):
    """How many cards cost ``cost`` (None: cards whose cost the catalog does not give)."""

    cost: int | None
    count: int


class RarityBudget(Result):
    """What the deck uses of one rarity against what the castle's back allows."""

    rarity: str
    used: int
    #: None: any number, or the castle's rules are not in the catalog
    max: int | None
    allowed: bool
    factions: tuple[str, ...]
    subtypes: tuple[str, ...]
    types: tuple[str, ...] = ()
    #: who the rarity line admits, in words ("Liothan and towers of any colour")
    admits: str = ""
    copy_limit: int

    @property
    def over(self) -> bool:
        return self.max is not None and self.used > self.max


class SizeBudget(Result):
    """The deck's size against the castle's deck size (``max`` None: no upper bound)."""

    #: a row of the castle budget beside the rarities, in ``--json``
    rarity: Literal["deck"] = "deck"
    used: int
    min: int
    max: int | None

    @property
    def wanted(self) -> str:
        return str(self.min) if self.max == self.min else f"{self.min}–{self.max or '∞'}"

    @property
    def ok(self) -> bool:
        return self.used >= self.min and (self.max is None or self.used <= self.max)


class Draws(Result):
    """How many cards a player has seen by turn ``turns``: the opening hand plus one a turn."""

    turns: int
    cards_seen: int
    hand: int = HAND_SIZE
    per_turn: int = 1


class DeckStats(Result):
    """Every number ``deck show`` draws; its dump is ``deck show --json``."""

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
    #: per rarity (none when the castle is not in the catalog), then the deck's size against the
    #: castle's when the castle gives one
    budget: tuple[RarityBudget | SizeBudget, ...]
    opening_hand: OpeningHand
    draws: Draws
    demo_data: bool
    #: what the castle's back requires and excludes, in words (None: nothing)
    castle_back: str | None = None

    @property
    def rarity_budget(self) -> list[RarityBudget]:
        """The castle budget's rows of rarities."""
        return [row for row in self.budget if isinstance(row, RarityBudget)]

    @property
    def deck_size(self) -> SizeBudget | None:
        """The deck's size against the castle's (None when the castle gives none)."""
        return next((row for row in self.budget if isinstance(row, SizeBudget)), None)

    @property
    def who(self) -> str:
        """The deck's player, or its name when it has none."""
        return self.player or self.name

    @property
    def entries(self) -> list[CardLine]:
        """Every card of the deck, group by group."""
        return [c for g in self.groups for c in g.cards]


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
    return DeckStats.of(
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
        budget=(*budget, *([deck_size] if deck_size else [])),
        opening_hand=opening_hand_table(entries, mulligan_cost=mulligan_cost),
        draws=Draws.of(turns=turns, cards_seen=min(HAND_SIZE + turns, size)),
        demo_data=uses_demo_data(catalog, entries),
        castle_back=castle_back_summary(catalog, castle) if castle is not None and castle.kind == "castle" else None,
    )


def _groups(entries: list[Entry], size: int, seen: int) -> tuple[TypeGroup, ...]:
    # the chance to have drawn a card depends on its copies alone: once a number of copies
    drawn = {count: float(p_drawn_by(count, size, seen)) for count in {e.count for e in entries}}
    groups = []
    for t in (*TYPES, None):
        members = [e for e in entries if (e.card.type if e.card else None) == t]
        if members:
            members.sort(key=lambda e: ((e.card.cost if e.card and e.card.cost is not None else 99), e.key))
            groups.append(
                TypeGroup.of(
                    type=t or "unknown",
                    count=sum(e.count for e in members),
                    cards=tuple(CardLine.of_entry(e, drawn[e.count]) for e in members),
                )
            )
    return tuple(groups)


def _curve(known: list[Entry]) -> tuple[CurveStep, ...]:
    curve: Counter = Counter()
    for e in known:
        assert e.card is not None  # known: the entries the catalog has
        curve[e.card.cost if e.card.cost is not None else "?"] += e.count
    top = max([k for k in curve if k != "?"], default=0)
    steps = [CurveStep.of(cost=c, count=curve.get(c, 0)) for c in range(top + 1)]
    if "?" in curve:
        steps.append(CurveStep.of(cost=None, count=curve["?"]))
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
            RarityBudget.of(
                rarity=rarity,
                used=used[rarity],
                max=(rule.max if rule else 0) if castle.deck_rules is not None else None,
                allowed=rule is not None,
                factions=tuple(rule.factions) if rule else (),
                subtypes=tuple(rule.subtypes) if rule else (),
                types=tuple(rule.types) if rule else (),
                admits=admitted_words(rule) if rule else "none allowed",
                copy_limit=COPY_LIMITS[rarity],
            )
        )
    deck_size = (
        SizeBudget.of(used=size, min=castle.deck_size.min, max=castle.deck_size.max)
        if castle.deck_size is not None
        else None
    )
    return tuple(rows), deck_size
