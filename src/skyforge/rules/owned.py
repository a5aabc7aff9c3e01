"""What a collection holds: copies of each card, from whole products and single cards."""

from __future__ import annotations

from collections import Counter

from skyforge.catalog.codes import number_of, set_of
from skyforge.catalog.index import Catalog
from skyforge.decks.models import CollectionFile
from skyforge.errors import InputError, Problem
from skyforge.results import Result
from skyforge.text import did_you_mean


def owned_counts(catalog: Catalog, collection: CollectionFile) -> Counter[str]:
    """How many copies of each card a collection holds: products × copies, plus single cards.

    Unknown sets, products and cards are bad input, all reported at once with the file's lines.
    """
    file, lines = collection.source
    owned: Counter[str] = Counter()
    ranges: list[tuple[str, int, int, int]] = []
    problems = []

    def problem(message: str, table: str, ref: str, hint: str | None) -> None:
        problems.append(Problem(message, file=file, line=lines.get((table, ref)), key=f'{table}."{ref}"', hint=hint))

    for ref, count in collection.products.items():
        set_code, _, product_name = ref.partition(":")
        card_set = catalog.sets.get(set_code.strip().upper())
        if card_set is None:
            problem(
                f"no set '{set_code}' in the catalog",
                "products",
                ref,
                did_you_mean(set_code.strip().upper(), sorted(catalog.sets), listing="sets"),
            )
            continue
        if not card_set.products:
            problem(f"set {card_set.code} lists no products in the catalog", "products", ref, None)
            continue
        product = card_set.products[0]
        if product_name:
            names = {p.name.casefold(): p for p in card_set.products}
            named = names.get(product_name.strip().casefold())
            if named is None:
                problem(
                    f"set {card_set.code} has no product '{product_name}'",
                    "products",
                    ref,
                    did_you_mean(
                        product_name.strip(),
                        [p.name for p in card_set.products],
                        fold=True,
                        show=lambda name, code=card_set.code: f"'{code}:{name}'",
                        listing="products",
                    ),
                )
                continue
            product = named
        ranges.append((card_set.code, product.first, product.last, count))
    for ref, count in collection.cards.items():
        card = catalog.find(ref)
        if card is None or not card.code:
            problem(f"no card '{ref}' in the catalog", "cards", ref, catalog.suggest(ref, "alliance"))
            continue
        owned[card.code] += count
    if problems:
        raise InputError(problems)
    for card in catalog:
        if not card.code:
            continue
        for set_code, first, last, count in ranges:
            if set_of(card.code) == set_code and first <= number_of(card.code) <= last:
                owned[card.code] += count * card.copies
    return _with_errata(catalog, owned)


def _with_errata(catalog: Catalog, owned: Counter[str]) -> Counter[str]:
    """The copies of each erratum one can play: errata cards "completely replace cards from
    previous sets" (000 "Errata Cards"), so an original printing is a copy of its erratum — but a copy of the one card,
    not a second card: owning the original and its erratum gives the copies of the larger holding
    (2 originals and 1 erratum: 2 copies), never their sum. skyforge's reading: an erratum is
    printed to take the place of a copy one owns; the rulebooks do not count them."""
    usable = Counter(owned)
    for code, count in owned.items():
        for newer in catalog.errata_of(code):
            usable[newer] = max(usable[newer], count)
    return usable


class CollectionSummary(Result):
    """``collection show``: the products and single cards a collection holds, and the cards that makes."""

    file: str
    #: products as the file names them (SET or SET:Product name) → how many
    products: dict[str, int]
    #: single cards by code → copies
    cards: dict[str, int]
    #: the cards held in all, products and single cards together
    total: int
    #: how many different cards
    different: int


def collection_summary(catalog: Catalog, collection: CollectionFile) -> CollectionSummary:
    """What ``collection`` holds, counted (:func:`owned_counts`)."""
    counts = owned_counts(catalog, collection)
    return CollectionSummary.of(
        file=str(collection.source[0]),
        products=collection.products,
        cards=collection.cards,
        total=sum(counts.values()),
        different=sum(1 for n in counts.values() if n),
    )
