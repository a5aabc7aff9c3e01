"""``html``: a printable sheet, one A4 page per deck (and one for the table's pull list).

Each page has the pull list sorted by set and code with a box per copy to tick, the castle's
rules with what the deck uses of them, the mana curve and the type and rarity counts. The page is
the template ``deck-sheet.html.j2`` (:mod:`skyforge.pages`). A sheet is for printing: it is not
read back.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyforge.catalog.codes import code_order
from skyforge.pages import render
from skyforge.workbench.formats.base import DEMO_NOTE, Export, castle_line
from skyforge.workbench.stats import CardLine, DeckStats


@dataclass(frozen=True)
class Bar:
    """One bar of the mana curve: the cost ("?" when unknown), how many cards, its height in %."""

    cost: str
    count: int
    height: int


def curve_bars(s: DeckStats) -> list[Bar]:
    """The mana curve as bars, the tallest at 75 % of the chart."""
    top = max([c.count for c in s.curve] or [1]) or 1
    return [Bar("?" if c.cost is None else str(c.cost), c.count, round(75 * c.count / top)) for c in s.curve]


@dataclass(frozen=True)
class SheetDeck:
    """One deck's page of the sheet: its numbers, its castle in words, its curve and its pull list."""

    stats: DeckStats
    castle: str
    curve: list[Bar]
    cards: list[CardLine]  # by set and code


def write(data: Export) -> str:
    decks = [
        SheetDeck(s, castle_line(s), curve_bars(s), sorted(s.entries, key=lambda c: code_order(c.code)))
        for s in data.decks
    ]
    title = " · ".join(s.name for s in data.decks)
    return render("deck-sheet.html.j2", title=title, table=data.table, decks=decks, demo_note=DEMO_NOTE)
