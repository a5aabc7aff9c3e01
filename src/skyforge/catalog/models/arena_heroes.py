"""Skybound: Arena's heroes as cards (Onward's: :mod:`~skyforge.catalog.models.heroes`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from skyforge.catalog.models.cardbase import CardBase
from skyforge.catalog.models.heroes import HeroClass
from skyforge.empty import empty_list


class ArenaHero(CardBase):
    kind: Literal["arena-hero"] = "arena-hero"
    hero_class: HeroClass | None = Field(
        default=None, description="Class, shown by the hero's colour; a team has at most one of each."
    )
    action_cards: list[str] = Field(default_factory=empty_list, description="Names of the hero's 5 action cards.")
