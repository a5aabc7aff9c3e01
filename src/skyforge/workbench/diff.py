"""Comparing two decks (``deck diff``): the cards added, removed and changed from deck A to deck B.

:func:`diff_decks` returns a :class:`DeckDiff`, a typed result; its dump is the
``deck diff --json`` contract (tests/golden/workbench holds it).
"""

from __future__ import annotations

from pydantic import Field, computed_field

from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck
from skyforge.results import Result
from skyforge.workbench.entries import Entry, resolve_entries


class DiffSide(Result):
    """One of the two decks: its file, name, castle (the catalog's key for it, or as the deck file
    names it when the catalog does not know it) and how many cards it holds."""

    file: str
    name: str
    castle: str
    size: int


class CardChange(Result):
    """A card whose count goes from ``before`` (0: added) to ``after`` (0: removed)."""

    code: str
    name: str | None
    before: int = Field(serialization_alias="from")
    after: int = Field(serialization_alias="to")

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented use on a property
    @property
    def change(self) -> int:
        return self.after - self.before


class DeckDiff(Result):
    """What changes from deck ``a`` to deck ``b``, each list in card-code order; ``same``: the same
    cards and castle."""

    a: DiffSide
    b: DiffSide
    same: bool
    added: tuple[CardChange, ...]
    removed: tuple[CardChange, ...]
    changed: tuple[CardChange, ...]


def diff_decks(catalog: Catalog, a: Deck, b: Deck) -> DeckDiff:
    """What changes from deck A to deck B: cards added, removed, and changed counts."""
    left = {e.key: e for e in resolve_entries(catalog, a)}
    right = {e.key: e for e in resolve_entries(catalog, b)}

    def change(key: str, before: int, after: int) -> CardChange:
        entry = right.get(key) or left[key]
        return CardChange.of(code=key, name=entry.card.name if entry.card else None, before=before, after=after)

    keys = sorted(set(left) | set(right), key=code_order)
    added = tuple(change(k, 0, right[k].count) for k in keys if k not in left)
    removed = tuple(change(k, left[k].count, 0) for k in keys if k not in right)
    changed = tuple(
        change(k, left[k].count, right[k].count)
        for k in keys
        if k in left and k in right and left[k].count != right[k].count
    )
    castle_a = catalog.find(a.data.castle, "castle")
    castle_b = catalog.find(b.data.castle, "castle")
    return DeckDiff.of(
        a=_side(a, castle_a.key if castle_a else a.data.castle, left),
        b=_side(b, castle_b.key if castle_b else b.data.castle, right),
        same=not (added or removed or changed) and (castle_a == castle_b),
        added=added,
        removed=removed,
        changed=changed,
    )


def _side(deck: Deck, castle: str, entries: dict[str, Entry]) -> DiffSide:
    return DiffSide.of(file=deck.file, name=deck.name, castle=castle, size=sum(e.count for e in entries.values()))
