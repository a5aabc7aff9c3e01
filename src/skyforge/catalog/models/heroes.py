"""Onward's heroes as cards, and a hero's class as the draft games keep it (Skybound: Arena's heroes
are in :mod:`~skyforge.catalog.models.arena_heroes`: a draft creates its game's model alone)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from skyforge.catalog.models.cardbase import CardBase
from skyforge.catalog.models.common import Faction, canonical_class

#: a hero's class as the catalog keeps it: read in any case and trimmed ("Crimson ", "crimson"), so a
#: team's "ONE of any class" (003) and one hero per class compare one word
HeroClass = Annotated[str, BeforeValidator(canonical_class), Field(min_length=1)]


class OnwardHero(CardBase):
    kind: Literal["onward-hero"] = "onward-hero"
    color: Literal["red", "blue", "green", "yellow"] | None = Field(default=None, description="Hero sheet colour.")
    faction: Faction | None = Field(
        default=None, description="Onward faction (002 Heroes Overview): kurumo, liothan, taulot or nupten."
    )
    hero_class: HeroClass | None = Field(default=None, description="Class (role) of the hero.")
    range: Literal["melee", "ranged"] | None = Field(default=None, description="Attack range on the fallback plan.")
