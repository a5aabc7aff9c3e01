"""What every catalog model shares: the value types (factions, rarities, game modes…), the
strict base model, and card codes read as ``SET.NNN``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict

from skyforge.catalog.codes import normalize_code
from skyforge.catalog.constants import RARITY_ALIASES
from skyforge.terms import FACTIONS

#: words as printed ("Liothan", "MYTHIC", "Ally") are read in any case and kept in the catalog's
#: lower case, ``common`` read as base (RARITY_ALIASES)


def canonical_word(value: object) -> object:
    """A faction, rarity or type as the catalog writes it: lower case, ``common`` read as base."""
    if isinstance(value, str):
        word = value.strip().casefold()
        return RARITY_ALIASES.get(word, word)
    return value


def canonical_subtype(value: object) -> object:
    """A subtype as the catalog writes it: each all-capital or all-lower word capitalised ("ROYAL GUARD" → "Royal Guard")."""
    if isinstance(value, str):
        return " ".join(w.capitalize() if w.isupper() or w.islower() else w for w in value.split())
    return value


Faction = Annotated[Literal[FACTIONS], BeforeValidator(canonical_word)]  # type: ignore[valid-type]  # Literal of skyforge.terms' tuple: read at run time
Rarity = Annotated[Literal["base", "rare", "mythic", "legendary"], BeforeValidator(canonical_word)]
AllianceType = Annotated[Literal["ally", "tower", "spell", "attachment"], BeforeValidator(canonical_word)]
Subtype = Annotated[str, BeforeValidator(canonical_subtype)]
HordeType = Literal["monster", "spell", "attachment"]
HordeDifficulty = Literal["easy", "medium", "hard", "harder"]
GameMode = Literal["solo", "coop", "competitive-2", "competitive-3"]
OutsiderType = Literal["immortal", "enchanter", "colossal", "henchman"]
Game = Literal["skytear-horde", "onward", "skybound-arena"]
Provenance = Literal["official", "demo", "user"]


class Strict(BaseModel):
    # defer_build: validators are built on first validation, not at import — a
    # command served from the catalog cache never pays for them.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, strict=True)


def as_code(value: object) -> object:
    """Normalise a card code as it is read (``cam.14`` → ``CAM.014``), or refuse it."""
    if isinstance(value, str):
        code = normalize_code(value)
        if code is None:
            raise ValueError("not a card code: use SET.NNN, e.g. CAM.014")
        return code
    return value
