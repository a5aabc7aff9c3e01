"""A deck's lines resolved against the catalog: what the stats and the odds count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck

if TYPE_CHECKING:  # the runtime catalog holds plain records, not the pydantic models
    from skyforge.catalog.models import AllianceCard


@dataclass
class Entry:
    """One line of a deck, resolved against the catalog (``card`` is None when unknown)."""

    ref: str
    key: str
    count: int
    card: AllianceCard | None


def resolve_entries(catalog: Catalog, deck: Deck) -> list[Entry]:
    """The deck's cards by catalog key (errata applied, duplicates merged), sorted by set and number."""
    merged: dict[str, Entry] = {}
    for ref, count in deck.data.cards.items():
        card = catalog.find(ref)
        if card is not None and card.kind == "alliance":  # type: ignore[attr-defined]
            card = catalog.with_errata(card)
            key = card.key
        else:
            key, card = card.key if card is not None else ref, None
        if key in merged:
            merged[key].count += count
        else:
            merged[key] = Entry(ref, key, count, card)  # type: ignore[arg-type]
    return sorted(merged.values(), key=lambda e: code_order(e.key))
