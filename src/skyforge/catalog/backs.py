"""The cards a castle's back names: its ``requires`` ("You must have <a hero> and 39 other cards")
and ``excludes`` ("You cannot include … nor <a rival>") — made-up wording: the rulebooks print no
real back's words.

A back names cards as printed, by code or by name, and a player may not own them (a rival hero
of a set never bought): an entry that names no card of the catalog is kept as printed, never a
load error, and still meets any card that shows that code or name. :func:`back_names` is the one
test of whether an entry meets a card, shared by validation, choosing cards, the deck assistant
and ``catalog check``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from skyforge.catalog.codes import normalize_code
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CardBase, CastleCard

#: the two lists of a castle's back that name cards
BACK_FIELDS: tuple[Literal["requires", "excludes"], ...] = ("requires", "excludes")


def back_names(catalog: Catalog, refs: Iterable[str], card: CardBase) -> str | None:
    """The entry of ``refs`` (a back's ``requires`` or ``excludes``) that names ``card``, or None.

    An entry names a card by its code (any case or padding) or by its name (any case). Errata
    completely replace a card, so an entry names the card, the cards it replaces and its errata
    alike.
    """
    entries = tuple(refs)
    if not entries:
        return None
    keys, codes, names = _entry_index(entries)
    found = [
        index
        for other in _related(catalog, card)
        for index in (keys.get(other.key), codes.get(other.code or ""), names.get(other.name.casefold()))
        if index is not None
    ]
    return entries[min(found)] if found else None


@lru_cache(maxsize=256)
def _entry_index(refs: tuple[str, ...]) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """The entries of a back by key, by code and by name (casefolded), each with its first place:
    worked out once per castle, so testing the cards of a catalog against a back of many entries
    takes one look-up each (9,498 cards against a long list once took ``cards search --for`` 7-10 s)."""
    keys: dict[str, int] = {}
    codes: dict[str, int] = {}
    names: dict[str, int] = {}
    for index, ref in enumerate(refs):
        keys.setdefault(ref, index)
        code = normalize_code(ref)
        if code is not None:
            codes.setdefault(code, index)
        names.setdefault(ref.strip().casefold(), index)
    return keys, codes, names


@dataclass(frozen=True)
class BackEntry:
    """One card a castle's back names, as written, with the catalog's cards it names (as played,
    errata applied); none when the catalog does not hold it."""

    castle: CastleCard
    field: Literal["requires", "excludes"]
    ref: str
    cards: tuple[AllianceCard, ...]

    @property
    def card(self) -> AllianceCard | None:
        """The catalog's card, when the entry names exactly one."""
        return self.cards[0] if len(self.cards) == 1 else None

    @property
    def name(self) -> str:
        """The name people read: the card's, or the entry as printed."""
        return self.card.name if self.card is not None else self.ref

    @property
    def key(self) -> str:
        """The card's key, or the entry as printed."""
        return self.card.key if self.card is not None else self.ref

    @property
    def note(self) -> str:
        """What ``catalog check`` says of an entry that names no card of the catalog."""
        what = "who" if normalize_code(self.ref) is None else "which"
        return f"{self.castle.name}'s back names {self.ref}, {what} is not in your catalog"


def back_entries(catalog: Catalog, castle: CastleCard, field: Literal["requires", "excludes"]) -> list[BackEntry]:
    """Each card ``castle``'s back names in ``field``, with the catalog's cards it names."""
    return [BackEntry(castle, field, ref, named_cards(catalog, ref)) for ref in getattr(castle, field)]


def named_cards(catalog: Catalog, ref: str) -> tuple[AllianceCard, ...]:
    """The alliance cards of the catalog a back's entry names, as played (errata applied): the
    cards :func:`back_names` meets, found through the catalog's index rather than by a scan."""
    code = normalize_code(ref)
    candidates = [catalog.cards.get(ref), catalog.cards.get(code) if code else None, *catalog.named(ref)]
    found: dict[str, AllianceCard] = {}
    for card in candidates:
        if card is None or card.kind != "alliance":
            continue
        played = catalog.with_errata(card)
        if isinstance(played, AllianceCard) and back_names(catalog, [ref], played) is not None:
            found.setdefault(played.key, played)
    return tuple(found.values())


def absent_back_names(catalog: Catalog, castles: Iterable[CastleCard] | None = None) -> list[BackEntry]:
    """The entries of the backs of ``castles`` (default: every castle of the catalog) that name no
    alliance card of the catalog: kept as printed, said by ``catalog check`` and ``catalog add``."""
    return [
        entry
        for castle in (catalog.of_kind("castle") if castles is None else castles)
        for field in BACK_FIELDS
        for entry in back_entries(catalog, castle, field)
        if not entry.cards
    ]


def _related(catalog: Catalog, card: CardBase) -> list[CardBase]:
    """``card``, the cards it replaces in turn, and its errata."""
    return [card, *(catalog.cards[k] for k in (*catalog.replaced(card.key), *catalog.errata_of(card.key)))]
