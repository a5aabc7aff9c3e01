"""Deck-building rules as data: the back of a castle card (one line per rarity), the deck size,
a card's own restrictions, and the pre-made decks."""

from __future__ import annotations

from pydantic import Field, model_validator

from skyforge.catalog.models.common import AllianceType, Faction, MayInfer, Rarity, Strict, Subtype
from skyforge.empty import empty_list


class DeckRule(Strict):
    """One rarity line on the back of a castle card."""

    rarity: Rarity = Field(description="The alliance rarity this line is about.")
    factions: list[Faction] = Field(
        default_factory=empty_list, description="Factions whose cards of this rarity may be included."
    )
    subtypes: list[Subtype] = Field(
        default_factory=empty_list, description="Cards with any of these subtypes are admitted too, from any faction."
    )
    types: list[AllianceType] = Field(
        default_factory=empty_list,
        description="Cards of these types (ally, tower, spell, attachment) are admitted too, from any faction "
        '("Base and Rare Towers of any colour").',
    )
    any_faction: bool = Field(
        default=False, description='Cards of this rarity are admitted from any faction ("Legendary: any faction").'
    )
    only_types: list[AllianceType] = Field(
        default_factory=empty_list,
        description="Cards of this rarity must be of these types, whatever admits them "
        '("allies only": a legendary spell is refused for being a spell).',
    )
    max: int | None = Field(default=None, ge=0, description="At most this many cards of this rarity (counting copies).")

    @model_validator(mode="after")
    def _types_agree(self) -> DeckRule:
        stray = [t for t in self.types if self.only_types and t not in self.only_types]
        if stray:
            raise ValueError(
                f"types {stray} admits what only_types {self.only_types} refuses: a rarity line admits a type "
                "from any faction, or restricts the rarity to some types"
            )
        return self


class DeckSize(Strict):
    min: int = Field(ge=1, description="Smallest legal deck.")
    max: int | None = Field(default=None, ge=1, description="Largest legal deck; no limit when absent.")

    @model_validator(mode="after")
    def _order(self) -> DeckSize:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class CardRule(Strict):
    """A restriction printed on an alliance card itself (rule id ``card-rule``)."""

    max_copies: int | None = Field(default=None, ge=1, description="At most this many copies in one deck.")
    castle_factions: list[Faction] = Field(
        default_factory=empty_list, description="Only in decks whose castle is of one of these factions."
    )
    requires: list[str] = Field(
        default_factory=empty_list, description="Only in decks that also hold these cards (codes)."
    )
    text: str | None = Field(default=None, description="The rule as printed, shown in messages.")


class PremadeDeck(MayInfer):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. liothan-shapeshifters.")
    name: str = Field(description="Deck name as the Alliance Overview gives it.")
    set: str | None = Field(default=None, description="Set code.")
    faction: Faction = Field(description="The deck's faction.")
    complex: bool = Field(default=False, description="Marked (Complex) in the rulebook.")
    source: str | None = Field(default=None)
    text: str | None = Field(default=None)
