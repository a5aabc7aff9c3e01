"""Checks of a merged catalog beyond what loading it needs (``skyforge catalog check``)."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from skyforge.catalog.backs import BackEntry, absent_back_names
from skyforge.catalog.codes import number_of, set_of
from skyforge.catalog.index import Catalog
from skyforge.catalog.readiness import Area, fill_in_hint, readiness
from skyforge.errors import InputError, Problem
from skyforge.results import Result


class AbsentBackName(Result):
    """A card a castle's back names that the catalog lacks (kept as printed)."""

    castle: str
    castle_name: str
    field: Literal["requires", "excludes"]
    #: the entry as printed
    name: str
    #: the catalog's cards it names (none: it is absent)
    cards: list[str]
    #: the entry in words
    note: str

    @classmethod
    def of_entry(cls, entry: BackEntry) -> AbsentBackName:
        return cls.of(
            castle=entry.castle.key,
            castle_name=entry.castle.name,
            field=entry.field,
            name=entry.ref,
            cards=[c.key for c in entry.cards],
            note=entry.note,
        )


class CatalogCheck(Result):
    """``skyforge catalog check``: what the catalog holds, what is incomplete, what works so far."""

    files: list[str]
    user_files: list[str]
    sets: list[str]
    hordes: int
    premade_decks: int
    #: cards by "provenance/kind"
    cards: dict[str, int]
    incomplete: list[str]
    absent_back_names: list[AbsentBackName]
    works: list[Area]
    fill_in: str
    #: where the catalog came from, as the front end found it (its workspace, workspace file, and
    #: what chose the catalog files)
    workspace: str | None = None
    workspace_file: str | None = None
    catalog_from: str | None = None


def check_catalog(catalog: Catalog) -> CatalogCheck:
    """``skyforge catalog check``: every problem raised at once (codes outside their set's product
    ranges), else what the catalog holds, what is incomplete and what works with it so far."""
    outside = codes_outside_products(catalog)
    if outside:
        raise InputError(outside)
    by = Counter((catalog.provenance(c), c.kind) for c in catalog)
    return CatalogCheck.of(
        files=[catalog.display(f) for f in catalog.files],
        user_files=[str(f) for f in catalog.user_files],
        sets=sorted(catalog.sets),
        hordes=len(catalog.hordes),
        premade_decks=len(catalog.premade_decks),
        cards={f"{prov}/{kind}": n for (prov, kind), n in sorted(by.items())},
        incomplete=incomplete_entries(catalog),
        absent_back_names=[AbsentBackName.of_entry(e) for e in absent_back_names(catalog)],
        works=readiness(catalog),
        fill_in=fill_in_hint(catalog),
    )


def incomplete_entries(catalog: Catalog) -> list[str]:
    """Castles without their back, alliance cards without rarity or faction, and where they are."""
    out = []
    for card in catalog:
        if card.kind == "castle" and card.deck_rules is None:
            out.append(f"castle '{card.name}': no deck_rules ({catalog.source_file(card.key)})")
        elif card.kind == "alliance" and (card.rarity is None or card.faction is None):
            out.append(f"alliance card '{card.name}': no rarity/faction ({catalog.source_file(card.key)})")
    return out


def codes_outside_products(catalog: Catalog) -> list[Problem]:
    """Cards whose number is in none of their set's product ranges ("Card codes look like
    CAM.014 2x"; the rulebooks give each product's range, e.g. Campaigns base box 001–184).
    A set without products says nothing, so its cards are not checked."""
    problems = []
    for card in catalog:
        ranges = outside_products(catalog, card.code) if card.code else None
        if card.code is None or ranges is None:
            continue
        origin = catalog.origins.get(card.key)
        problems.append(
            Problem(
                f"card {card.code} ({card.name}) is outside the product ranges of set {set_of(card.code)}",
                file=origin.file if origin else None,
                line=origin.line if origin else None,
                key="code",
                value=card.code,
                has_value=True,
                hint=f"set {ranges}; fix the code, or add the product to the set's products",
            )
        )
    return problems


def outside_products(catalog: Catalog, code: str) -> str | None:
    """When the number of ``code`` is in none of its set's product ranges, the set and its ranges in
    words ("CAM: Campaigns base box 001–184, …"); else None (a set without products says nothing)."""
    card_set = catalog.sets.get(set_of(code))
    if card_set is None or not card_set.products:
        return None
    number = number_of(code)
    if any(p.first <= number <= p.last for p in card_set.products):
        return None
    return f"{card_set.code}: " + ", ".join(f"{p.name} {p.first:03d}–{p.last:03d}" for p in card_set.products)
