"""What the export formats draw from: each deck's :class:`DeckStats`, and the table's pull list.

Shared by the writers: how a castle and a card are named on one line, and the demo-data note.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyforge.catalog.codes import code_order, normalize_code
from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck
from skyforge.results import Result
from skyforge.rules import Violation, validate_decks
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.stats import CardLine, DeckStats, deck_stats

DEMO_NOTE = demo_note()


class PullRow(CardLine):
    """One card of the table's pull list: the copies of all decks (``count``), and each player's share."""

    by_deck: dict[str, int]


class TablePull(Result):
    """The pull list for the whole table (``--players``), with the copy limits across all decks."""

    valid: bool
    violations: tuple[Violation, ...]
    players: list[str]
    size: int
    pull_list: list[PullRow]

    @property
    def verdict(self) -> str:
        return (
            "copy limits across all decks respected"
            if self.valid
            else f"{plural(len(self.violations), 'problem')} across the decks"
        )


@dataclass(frozen=True)
class Export:
    """What the formats draw from: each deck's numbers, and the table's pull list."""

    decks: list[DeckStats]
    table: TablePull | None = None


def prepare(catalog: Catalog, decks: list[Deck], *, players: bool = False) -> Export:
    stats = [deck_stats(catalog, d, report=validate_decks(catalog, [d])) for d in decks]
    if not players:
        return Export(stats)
    report = validate_decks(catalog, decks)
    first: dict[str, CardLine] = {}
    counts: dict[str, int] = {}
    by_deck: dict[str, dict[str, int]] = {}
    for s in stats:
        for card in s.entries:
            first.setdefault(card.code, card)
            counts[card.code] = counts.get(card.code, 0) + card.count
            by_deck.setdefault(card.code, {})[s.who] = card.count
    rows = [
        PullRow.of(**{**dict(first[k]), "count": counts[k], "by_deck": by_deck[k]})
        for k in sorted(first, key=code_order)
    ]
    table = TablePull.of(
        valid=report.valid,
        violations=tuple(report.violations),
        players=[s.who for s in stats],
        size=sum(counts.values()),
        pull_list=rows,
    )
    return Export(stats, table)


def castle_line(s: DeckStats) -> str:
    if not s.castle_name:
        return s.castle
    return f"{s.castle} {s.castle_name}" if normalize_code(s.castle) else s.castle_name


def card_line(code: str, name: str | None, count: int) -> str:
    ident = f"{code} {name}" if normalize_code(code) and name else (name or code)
    return f"{count} {ident}"


def details(card: CardLine) -> str:
    bits = [f"cost {card.cost}" if card.cost is not None else None, card.rarity, card.faction]
    return ", ".join(b for b in bits if b)
