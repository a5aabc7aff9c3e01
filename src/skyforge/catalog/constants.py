"""The game's plain tables, shared by the catalog models and the runtime code (no pydantic here)."""

from __future__ import annotations

from typing import Literal

from skyforge.terms import FACTIONS  # the one faction list

__all__ = ["CARD_KINDS", "COPY_LIMITS", "FACTIONS", "FACTION_COLORS", "RARITIES", "RARITY_ALIASES"]

#: the kinds of card, in the catalog models' order (skyforge.catalog.models.KINDS; a test keeps them equal)
CARD_KINDS: tuple[str, ...] = (
    "alliance",
    "castle",
    "horde",
    "portal",
    "outsider",
    "scenario",
    "minion",
    "token",
    "onward-hero",
    "arena-hero",
)
RARITIES: tuple[Literal["base", "rare", "mythic", "legendary"], ...] = ("base", "rare", "mythic", "legendary")
#: the copy-limit rule calls the base rarity "Common" (000, 001): ``common`` is read as base
RARITY_ALIASES: dict[str, str] = {"common": "base"}
FACTION_COLORS = {"liothan": "blue", "taulot": "green", "kurumo": "red", "nupten": "yellow"}

#: "across all players' decks, there can be at most 1 copy of any Mythic or
#: Legendary card, 2 copies of any Rare card, and 3 copies of any Common card"
#: (000 "Customizing Decks"; 001 "Custom Decks"). Kept here as the one table.
COPY_LIMITS: dict[str, int] = {"base": 3, "rare": 2, "mythic": 1, "legendary": 1}
