"""A deck's lines resolved against the catalog: what the stats and the odds count."""

from __future__ import annotations

from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard
from skyforge.decks.files import Deck


class Entry:
    """One line of a deck, resolved against the catalog (``card`` is None when unknown); ``count``
    grows while lines naming the same card are merged. (A plain class: a dataclass costs its
    module a millisecond of every start-up.)"""

    __slots__ = ("card", "count", "key", "ref")

    def __init__(self, ref: str, key: str, count: int, card: AllianceCard | None) -> None:
        self.ref = ref
        self.key = key
        self.count = count
        self.card = card

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return (self.ref, self.key, self.count, self.card) == (other.ref, other.key, other.count, other.card)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __repr__(self) -> str:
        return f"Entry(ref={self.ref!r}, key={self.key!r}, count={self.count!r}, card={self.card!r})"


def resolve_entries(catalog: Catalog, deck: Deck) -> list[Entry]:
    """The deck's cards by catalog key (errata applied, duplicates merged), sorted by set and number."""
    merged: dict[str, Entry] = {}
    for ref, count in deck.data.cards.items():
        card = catalog.find(ref)
        if card is not None and card.kind == "alliance":
            card = catalog.with_errata(card)
            assert isinstance(card, AllianceCard)  # only alliance cards replace others (errata)
            key = card.key
        else:
            key, card = card.key if card is not None else ref, None
        if key in merged:
            merged[key].count += count
        else:
            merged[key] = Entry(ref, key, count, card)
    return sorted(merged.values(), key=lambda e: code_order(e.key))


def uses_demo_data(catalog: Catalog, entries: list[Entry]) -> bool:
    """Whether any of the deck's cards is demo data (the fictional DEMO set), to mark what is shown."""
    return any(catalog.provenance(e.card) == "demo" for e in entries if e.card is not None)
