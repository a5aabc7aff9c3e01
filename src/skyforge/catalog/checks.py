"""Checks of a merged catalog beyond what loading it needs (``skyforge catalog check``)."""

from __future__ import annotations

from skyforge.catalog.codes import number_of, set_of
from skyforge.catalog.index import Catalog
from skyforge.errors import Problem


def codes_outside_products(catalog: Catalog) -> list[Problem]:
    """Cards whose number is in none of their set's product ranges ("Card codes look like
    CAM.014 2x"; the rulebooks give each product's range, e.g. Campaigns base box 001–184).
    A set without products says nothing, so its cards are not checked."""
    problems = []
    for card in catalog:
        if not card.code:
            continue
        card_set = catalog.sets.get(set_of(card.code))
        if card_set is None or not card_set.products:
            continue
        number = number_of(card.code)
        if any(p.first <= number <= p.last for p in card_set.products):
            continue
        origin = catalog.origins.get(card.key)
        ranges = ", ".join(f"{p.name} {p.first:03d}–{p.last:03d}" for p in card_set.products)
        problems.append(Problem(
            f"card {card.code} ({card.name}) is outside the product ranges of set {card_set.code}",
            file=origin.file if origin else None, line=origin.line if origin else None, key="code",
            value=card.code, has_value=True,
            hint=f"set {card_set.code}: {ranges}; fix the code, or add the product to the set's products"))
    return problems
