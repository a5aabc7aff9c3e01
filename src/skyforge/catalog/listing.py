"""The catalog's cards as commands list and show them (``cards search``, ``cards show``, ``castles``)."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from skyforge.catalog.index import Catalog
from skyforge.catalog.models import CardBase
from skyforge.catalog.models.common import Provenance
from skyforge.results import Result, ResultList


def _absent(value: object) -> bool:
    return value is None


class CardEntry(Result):
    """A card as the catalog gives it: its own fields (those it states; ``full``: every field), its
    code, kind and provenance, and for ``full`` the product it comes in and the errata card that
    replaces it."""

    # the card's own fields are in the dump before these
    model_config = ConfigDict(json_schema_extra={"additionalProperties": True})

    card: CardBase = Field(exclude=True)
    #: every field of the card, its defaults too (``cards show``), or those it states (a list)
    full: bool = Field(exclude=True)
    code: str | None
    kind: str
    #: where the card's data comes from: "official", "demo" or "user"
    provenance: Provenance
    product: str | None = Field(default=None, exclude_if=_absent)
    replaced_by: str | None = Field(default=None, exclude_if=_absent)

    # the return is not annotated: pydantic then keeps the fields' own JSON Schema
    @model_serializer(mode="wrap")
    def _with_the_card(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        facts = self.card.model_dump(mode="json", exclude_none=True, exclude_defaults=not self.full)
        return {**facts, **handler(self)}


def card_entry(catalog: Catalog, card: CardBase, full: bool = False) -> CardEntry:
    """``card`` as a list shows it, or with ``full`` as ``cards show`` does."""
    return CardEntry.of(
        card=card,
        full=full,
        code=card.code,
        kind=card.kind,  # type: ignore[attr-defined]  # each card model declares kind
        provenance=catalog.provenance(card),
        product=catalog.product_of(card.code) if full and card.code else None,
        replaced_by=catalog.replaced_by(card.key) if full else None,
    )


def card_entries(catalog: Catalog, cards: Iterable[CardBase], full: bool = False) -> ResultList[CardEntry]:
    """The cards as a list of :func:`card_entry`."""
    return ResultList[CardEntry].of(card_entry(catalog, card, full) for card in cards)
