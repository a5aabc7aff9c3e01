"""The catalog's data model: the schema of every catalog TOML file.

These pydantic models *are* the file format: unknown keys are errors, and the
``description`` of each field feeds ``skyforge schema`` and docs/file-formats-reference.md.
Optional fields that are ``None`` mean "not known" — the rulebooks do not print
every card, so official entries may be incomplete (docs/file-formats.md, "Catalog").

One module per kind of data, every name importable from here:

* :mod:`~skyforge.catalog.models.common` — the value types (``Faction``, ``Rarity``, ``GameMode``…)
  and the strict base model;
* :mod:`~skyforge.catalog.models.cards` — cards of every kind, ``Card``, ``CARD_MODELS``, the sets;
* :mod:`~skyforge.catalog.models.deckrules` — castle backs, deck sizes, cards' own rules, pre-made decks;
* :mod:`~skyforge.catalog.models.scenarios` — campaign scenarios' mandatory effects and actions;
* :mod:`~skyforge.catalog.models.setup_rules` — hordes, difficulty, game modes, battle plans, first games;
* :mod:`~skyforge.catalog.models.drafts` — draft orders, team presets, hero classes;
* :mod:`~skyforge.catalog.models.file` — ``CatalogFile``, one catalog TOML file.
"""

from __future__ import annotations

# the game's plain tables live in skyforge.catalog.constants (no pydantic): re-exported here
from skyforge.catalog.codes import slug
from skyforge.catalog.constants import COPY_LIMITS, FACTION_COLORS, RARITIES
from skyforge.catalog.models.cards import (
    CARD_MODELS,
    KINDS,
    AllianceCard,
    ArenaHero,
    Card,
    CardBase,
    CardSet,
    CastleCard,
    HordeCard,
    MinionCard,
    OnwardHero,
    OutsiderCard,
    PortalCard,
    Product,
    ScenarioCard,
    TokenCard,
)
from skyforge.catalog.models.common import (
    AllianceType,
    Faction,
    Game,
    GameMode,
    HordeDifficulty,
    HordeType,
    OutsiderType,
    Provenance,
    Rarity,
    Strict,
)
from skyforge.catalog.models.deckrules import CardRule, DeckRule, DeckSize, PremadeDeck
from skyforge.catalog.models.drafts import DraftFormat, DraftStep, HeroClassList, TeamPreset
from skyforge.catalog.models.file import CardsFile, CatalogFile
from skyforge.catalog.models.scenarios import ScenarioAction, ScenarioEffect
from skyforge.catalog.models.setup_rules import (
    BattlePlan,
    DifficultyLevel,
    DifficultyModifier,
    FirstGame,
    GameModeRule,
    Horde,
    OutsiderTypeRule,
    Rulebook,
)

__all__ = [
    "CARD_MODELS",
    "COPY_LIMITS",
    "FACTION_COLORS",
    "KINDS",
    "RARITIES",
    "AllianceCard",
    "AllianceType",
    "ArenaHero",
    "BattlePlan",
    "Card",
    "CardBase",
    "CardRule",
    "CardSet",
    "CardsFile",
    "CastleCard",
    "CatalogFile",
    "DeckRule",
    "DeckSize",
    "DifficultyLevel",
    "DifficultyModifier",
    "DraftFormat",
    "DraftStep",
    "Faction",
    "FirstGame",
    "Game",
    "GameMode",
    "GameModeRule",
    "HeroClassList",
    "Horde",
    "HordeCard",
    "HordeDifficulty",
    "HordeType",
    "MinionCard",
    "OnwardHero",
    "OutsiderCard",
    "OutsiderType",
    "OutsiderTypeRule",
    "PortalCard",
    "PremadeDeck",
    "Product",
    "Provenance",
    "Rarity",
    "Rulebook",
    "ScenarioAction",
    "ScenarioCard",
    "ScenarioEffect",
    "Strict",
    "TeamPreset",
    "TokenCard",
    "slug",
]
