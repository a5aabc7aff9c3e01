"""The catalog's data model: the schema of every catalog TOML file.

These pydantic models *are* the file format: unknown keys are errors, and the
``description`` of each field feeds ``skyforge schema`` and docs/file-formats-reference.md.
Optional fields that are ``None`` mean "not known" — the rulebooks do not print
every card, so official entries may be incomplete (docs/file-formats.md, "Catalog").

One module per kind of data, every name importable from here:

* :mod:`~skyforge.catalog.models.common` — the value types (``Faction``, ``Rarity``, ``GameMode``…)
  and the strict base model;
* :mod:`~skyforge.catalog.models.cardbase` — ``CardBase``, what every card has;
* :mod:`~skyforge.catalog.models.cards` — the sets, alliance cards and castles;
* :mod:`~skyforge.catalog.models.horde_cards` — horde cards, portals, outsiders, scenarios, minions, tokens;
* :mod:`~skyforge.catalog.models.heroes`, :mod:`~skyforge.catalog.models.arena_heroes` — Onward's and
  Skybound: Arena's heroes;
* :mod:`~skyforge.catalog.models.kinds` — ``Card`` (any card, by its ``kind``), ``CARD_MODELS``, ``KINDS``;
* :mod:`~skyforge.catalog.models.deckrules` — castle backs, deck sizes, cards' own rules, pre-made decks;
* :mod:`~skyforge.catalog.models.scenarios` — campaign scenarios' mandatory effects and actions;
* :mod:`~skyforge.catalog.models.setup_rules` — hordes, difficulty, game modes, battle plans, first games;
* :mod:`~skyforge.catalog.models.drafts` — draft orders, team presets, hero classes;
* :mod:`~skyforge.catalog.models.cards_file` — ``CardsFile``, a catalog file of sets and cards alone;
* :mod:`~skyforge.catalog.models.file` — ``CatalogFile``, one catalog TOML file.

The modules of the kinds of cards, of the rule tables (deck rules, setup rules, drafts) and of the
files are imported when one of their names is first asked for: creating a pydantic class costs about a millisecond, and most
commands read cards alone (a cache hit builds no validator either: ``defer_build``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# the game's plain tables live in skyforge.catalog.constants (no pydantic): re-exported here
from skyforge.catalog.codes import slug
from skyforge.catalog.constants import COPY_LIMITS, FACTION_COLORS, RARITIES
from skyforge.catalog.models.cardbase import CardBase
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
from skyforge.firstuse import names_on_first_use

if TYPE_CHECKING:
    from skyforge.catalog.models.arena_heroes import ArenaHero
    from skyforge.catalog.models.cards import AllianceCard, CardSet, CastleCard, Product
    from skyforge.catalog.models.cards_file import CardsFile
    from skyforge.catalog.models.deckrules import CardRule, DeckRule, DeckSize, PremadeDeck
    from skyforge.catalog.models.drafts import DraftFormat, DraftStep, HeroClassList, TeamPreset
    from skyforge.catalog.models.file import CatalogFile
    from skyforge.catalog.models.heroes import OnwardHero
    from skyforge.catalog.models.horde_cards import (
        HordeCard,
        MinionCard,
        OutsiderCard,
        PortalCard,
        ScenarioCard,
        TokenCard,
    )
    from skyforge.catalog.models.kinds import CARD_MODELS, KINDS, Card, build_validators
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

#: the names of the modules imported on first use, by module
_ON_FIRST_USE = {
    "cards": ("Product", "CardSet", "AllianceCard", "CastleCard"),
    "deckrules": ("CardRule", "DeckRule", "DeckSize", "PremadeDeck"),
    "horde_cards": ("HordeCard", "MinionCard", "OutsiderCard", "PortalCard", "ScenarioCard", "TokenCard"),
    "arena_heroes": ("ArenaHero",),
    "heroes": ("OnwardHero",),
    "kinds": ("CARD_MODELS", "KINDS", "Card", "build_validators"),
    "scenarios": ("ScenarioAction", "ScenarioEffect"),
    "drafts": ("DraftFormat", "DraftStep", "HeroClassList", "TeamPreset"),
    "cards_file": ("CardsFile",),
    "file": ("CatalogFile",),
    "setup_rules": (
        "BattlePlan",
        "DifficultyLevel",
        "DifficultyModifier",
        "FirstGame",
        "GameModeRule",
        "Horde",
        "OutsiderTypeRule",
        "Rulebook",
    ),
}
_MODULE_OF = {name: module for module, names in _ON_FIRST_USE.items() for name in names}


#: a name of :data:`_MODULE_OF`, imported from its module the first time it is asked for
__getattr__ = names_on_first_use(__name__, _MODULE_OF, globals())


#: every catalog model (a ``Strict`` entry) by class name: what the catalog cache may hold
MODEL_NAMES: tuple[str, ...] = (
    *_ON_FIRST_USE["cards"],
    *_ON_FIRST_USE["horde_cards"],
    *_ON_FIRST_USE["arena_heroes"],
    *_ON_FIRST_USE["heroes"],
    *_ON_FIRST_USE["deckrules"],
    *_ON_FIRST_USE["scenarios"],
    *(name for module in ("drafts", "setup_rules") for name in _ON_FIRST_USE[module] if name != "Rulebook"),
    "CardsFile",
    "CatalogFile",
)

__all__ = [
    "CARD_MODELS",
    "COPY_LIMITS",
    "FACTION_COLORS",
    "KINDS",
    "MODEL_NAMES",
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
    "build_validators",
    "slug",
]
