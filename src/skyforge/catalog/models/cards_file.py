"""A catalog file of sets and cards alone (most files of a player's own): without the rule tables'
models, which :class:`~skyforge.catalog.models.file.CatalogFile` adds."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from skyforge.catalog.models.cards import CardSet
from skyforge.catalog.models.common import Provenance, Strict
from skyforge.catalog.models.kinds import Card
from skyforge.empty import empty_list


class CardsHead(Strict):
    """What a catalog file states beside its cards: its format version, its provenance and its
    sets (a file of sets and cards alone is read with it and each card's own model: the
    validator of every card kind is built only for a file with a problem to say)."""

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    provenance: Provenance = Field(
        default="user", description="official: stated by the rulebooks; demo: fictional demo data; user: your own."
    )
    sets: list[CardSet] = Field(
        default_factory=empty_list, description="[[sets]]: card sets and their products' code ranges."
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True, strict=True)


class CardsFile(CardsHead):
    """A catalog file of sets and cards alone, as most files of a player's own are: the first tables
    of :class:`~skyforge.catalog.models.file.CatalogFile`, read with the models they need rather
    than every table's (a cache miss of such a file, and the cards an import adds, neither create
    the rule tables' models nor build their validators)."""

    cards: list[Card] = Field(
        default_factory=empty_list, description="[[cards]]: cards of every kind (see Cards below)."
    )
