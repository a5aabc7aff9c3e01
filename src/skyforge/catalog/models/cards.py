"""The sets cards come in and the two kinds a deck is made of: alliance cards and castles. What
every card has (``CardBase``) is in :mod:`~skyforge.catalog.models.cardbase`, the other kinds in
:mod:`~skyforge.catalog.models.horde_cards` and :mod:`~skyforge.catalog.models.heroes`, and ``Card``
(any card, told apart by its ``kind``) in :mod:`~skyforge.catalog.models.kinds`: each module is
imported when first used, so a command that reads decks creates these models alone, and a draft
(heroes) none of them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from skyforge.catalog.models.cardbase import CardBase
from skyforge.catalog.models.common import (
    AllianceType,
    Faction,
    Game,
    Rarity,
    Strict,
    Subtype,
    as_code,
)
from skyforge.catalog.models.deckrules import CardRule, DeckRule, DeckSize
from skyforge.empty import empty_list


class Product(Strict):
    name: str = Field(description="Product name as printed, e.g. 'Campaigns base box'.")
    first: int = Field(ge=1, le=999, description="First card number in this product.")
    last: int = Field(ge=1, le=999, description="Last card number in this product.")

    @model_validator(mode="after")
    def _range(self) -> Product:
        if self.last < self.first:
            raise ValueError(f"last ({self.last}) is before first ({self.first})")
        return self


class CardSet(Strict):
    code: str = Field(pattern=r"^[A-Z][A-Z0-9]{1,4}$", description="Set code as printed on the cards, e.g. CAM.")
    name: str = Field(description="Full name of the set.")
    game: Game = Field(default="skytear-horde", description="Which game the set belongs to.")
    products: list[Product] = Field(default_factory=empty_list, description="Products and their card-number ranges.")
    source: str | None = Field(default=None, description="Where this entry comes from (rulebook and section).")

    @field_validator("code", mode="before")
    @classmethod
    def _upper(cls, v: object) -> object:
        return v.upper() if isinstance(v, str) else v


class AllianceCard(CardBase):
    kind: Literal["alliance"] = "alliance"
    faction: Faction | None = Field(
        default=None, description="Faction (banner colour): liothan blue, taulot green, kurumo red, nupten yellow."
    )
    rarity: Rarity | None = Field(default=None, description="Alliance rarity: base, rare, mythic or legendary.")
    type: AllianceType | None = Field(default=None, description="ally, tower, spell or attachment.")
    subtypes: list[Subtype] = Field(
        default_factory=empty_list, description="Subtypes such as Shapeshifter, Order, Dryad."
    )
    keywords: list[str] = Field(default_factory=empty_list, description="Keywords such as Heroic, Fast, Elusive.")
    cost: int | None = Field(default=None, ge=0, description="Mana cost.")
    attack: int | None = Field(default=None, description="Printed attack (allies).")
    health: int | None = Field(default=None, description="Printed health (allies and towers).")
    hero: str | None = Field(
        default=None,
        description='Related hero ("only relevant for custom decks"): with a castle that names its hero, '
        "the card is admitted only if that is its hero.",
    )
    replaces: str | None = Field(
        default=None, description="Errata: this card completely replaces the card with this code."
    )
    premade: str | None = Field(
        default=None, description="Id of the pre-made deck this card belongs to (see [[premade_decks]])."
    )
    card_rules: list[CardRule] = Field(
        default_factory=empty_list, description="Deck-building restrictions printed on the card."
    )

    _replaces = field_validator("replaces", mode="before")(lambda v: as_code(v))


class CastleCard(CardBase):
    kind: Literal["castle"] = "castle"
    faction: Faction | None = Field(default=None, description="The castle's faction.")
    health: int | None = Field(default=None, ge=1, description="Starting castle health.")
    deck_size: DeckSize | None = Field(
        default=None, description="Legal deck size, as the castle's back gives it; absent means not known yet."
    )
    deck_rules: list[DeckRule] | None = Field(
        default=None, description="The back of the castle card: one table per rarity line. Absent means not known yet."
    )
    hero: str | None = Field(
        default=None,
        description="The castle's hero, as cards name their related hero: cards related to another hero "
        "are not admitted.",
    )
    requires: list[str] = Field(
        default_factory=empty_list,
        description="Cards the deck must hold, by code or name as printed (a back might say, for example, "
        '"You must have <a card> and …"); they count toward the deck size. A card the catalog lacks is kept '
        "as printed.",
    )
    excludes: list[str] = Field(
        default_factory=empty_list,
        description='Cards the deck cannot include, by code or name as printed ("you cannot include … <a rival '
        'hero>"), whatever else admits them. A card the catalog lacks is kept as printed.',
    )
    excludes_subtypes: list[Subtype] = Field(
        default_factory=empty_list,
        description="Subtypes the deck cannot include (a back might say, for example, "
        '"you cannot include any <SUBTYPE>"), whatever else admits them.',
    )
    back_text: str | None = Field(
        default=None, description="The back of the castle card as printed, shown beside the rules in words."
    )

    @model_validator(mode="after")
    def _one_line_per_rarity(self) -> CastleCard:
        seen: set[str] = set()
        for rule in self.deck_rules or []:
            if rule.rarity in seen:
                raise ValueError(f"two deck_rules for rarity '{rule.rarity}'; a castle back has one line per rarity")
            seen.add(rule.rarity)
        return self
