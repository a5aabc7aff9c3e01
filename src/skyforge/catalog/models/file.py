"""One catalog TOML file: every table a catalog file may hold. Any number of them are merged."""

from __future__ import annotations

from pydantic import ConfigDict, Field

from skyforge.catalog.models.cards_file import CardsFile
from skyforge.catalog.models.deckrules import PremadeDeck
from skyforge.catalog.models.drafts import DraftFormat, HeroClassList, TeamPreset
from skyforge.catalog.models.setup_rules import (
    BattlePlan,
    DifficultyLevel,
    DifficultyModifier,
    FirstGame,
    GameModeRule,
    Horde,
    OutsiderTypeRule,
)
from skyforge.empty import empty_list


class CatalogFile(CardsFile):
    """One catalog TOML file. Any number of them are merged."""

    hordes: list[Horde] = Field(
        default_factory=empty_list, description="[[hordes]]: hordes, their difficulty and suggested outsiders."
    )
    difficulty_levels: list[DifficultyLevel] = Field(
        default_factory=empty_list,
        description="[[difficulty_levels]]: which horde power levels each difficulty level takes, per set.",
    )
    premade_decks: list[PremadeDeck] = Field(
        default_factory=empty_list, description="[[premade_decks]]: the pre-made alliance decks."
    )
    draft_formats: list[DraftFormat] = Field(
        default_factory=empty_list, description="Hero draft orders (Onward, Skybound: Arena)."
    )
    team_presets: list[TeamPreset] = Field(default_factory=empty_list, description="Ready-made hero teams.")
    game_modes: list[GameModeRule] = Field(
        default_factory=empty_list, description="[[game_modes]]: how each rulebook sets up each game mode."
    )
    difficulty_modifiers: list[DifficultyModifier] = Field(
        default_factory=empty_list, description="[[difficulty_modifiers]]: the terms of the total difficulty level."
    )
    outsider_types: list[OutsiderTypeRule] = Field(
        default_factory=empty_list, description="[[outsider_types]]: how each outsider type enters play."
    )
    battle_plans: list[BattlePlan] = Field(
        default_factory=empty_list, description="[[battle_plans]]: orders of decks and hordes to play through."
    )
    first_games: list[FirstGame] = Field(
        default_factory=empty_list, description="[[first_games]]: the rulebooks' recommended first games."
    )
    hero_classes: list[HeroClassList] = Field(
        default_factory=empty_list,
        description="[[hero_classes]]: each game's hero classes; heroes' hero_class is checked against them.",
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True, strict=True)
