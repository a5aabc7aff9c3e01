"""The sets cards come in, what every card has (``CardBase``), and the two kinds a deck is made of:
alliance cards and castles. The other kinds are in :mod:`~skyforge.catalog.models.horde_cards` and
:mod:`~skyforge.catalog.models.heroes`, and ``Card`` (any card, told apart by its ``kind``) in
:mod:`~skyforge.catalog.models.kinds`: each module is imported when first used, so a command that
reads decks creates these models alone."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from skyforge.catalog.codes import slug
from skyforge.catalog.models.common import (
    AllianceType,
    Faction,
    Game,
    MayInfer,
    Rarity,
    Strict,
    Subtype,
    as_code,
)
from skyforge.catalog.models.deckrules import CardRule, DeckRule, DeckSize


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
    products: list[Product] = Field(default_factory=list, description="Products and their card-number ranges.")
    source: str | None = Field(default=None, description="Where this entry comes from (rulebook and section).")

    @field_validator("code", mode="before")
    @classmethod
    def _upper(cls, v: object) -> object:
        return v.upper() if isinstance(v, str) else v


class CardBase(MayInfer):
    code: str | None = Field(
        default=None,
        description="SET.NNN as printed (any case or padding is accepted). Unknown for some official entries.",
    )
    name: str = Field(min_length=1, description="Card name as printed.")
    copies: int = Field(default=1, ge=1, description="Copies of this card in one product (the '2x' after the code).")
    source: str | None = Field(
        default=None, description="Rulebook and section this entry is taken from (official data)."
    )
    text: str | None = Field(default=None, description="Ability text, when known.")

    _code = field_validator("code", mode="before")(lambda v: as_code(v))

    @property
    def key(self) -> str:
        """Identity in the catalog: the code, or kind:name for entries without one."""
        return self.code or f"{self.kind}:{slug(self.name)}"  # type: ignore[attr-defined]  # each card model declares kind

    @property
    def set_code(self) -> str | None:
        return self.code.split(".")[0] if self.code else None

    def table(self) -> dict[str, Any]:
        """The card's ``[[cards]]`` table as a catalog file writes it: code, kind and name first, then
        every field that is known and not its default, the ability text and the source last."""
        data = self.model_dump(exclude_none=True, exclude_defaults=True)
        first = {k: getattr(self, k) for k in ("code", "kind", "name") if getattr(self, k, None) is not None}
        last = ("text", "source")
        return (
            first
            | {k: v for k, v in data.items() if k not in first and k not in last}
            | {k: data[k] for k in last if k in data}
        )


class AllianceCard(CardBase):
    kind: Literal["alliance"] = "alliance"
    faction: Faction | None = Field(
        default=None, description="Faction (banner colour): liothan blue, taulot green, kurumo red, nupten yellow."
    )
    rarity: Rarity | None = Field(default=None, description="Alliance rarity: base, rare, mythic or legendary.")
    type: AllianceType | None = Field(default=None, description="ally, tower, spell or attachment.")
    subtypes: list[Subtype] = Field(default_factory=list, description="Subtypes such as Shapeshifter, Order, Dryad.")
    keywords: list[str] = Field(default_factory=list, description="Keywords such as Heroic, Fast, Elusive.")
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
        default_factory=list, description="Deck-building restrictions printed on the card."
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
        default_factory=list,
        description="Cards the deck must hold, by code or name as printed (a back might say, for example, "
        '"You must have <a card> and …"); they count toward the deck size. A card the catalog lacks is kept '
        "as printed.",
    )
    excludes: list[str] = Field(
        default_factory=list,
        description='Cards the deck cannot include, by code or name as printed ("you cannot include … <a rival '
        'hero>"), whatever else admits them. A card the catalog lacks is kept as printed.',
    )
    excludes_subtypes: list[Subtype] = Field(
        default_factory=list,
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
