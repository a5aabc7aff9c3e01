"""What every catalog model shares: the value types (factions, rarities, game modes…), the
strict base model, and card codes read as ``SET.NNN``."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from skyforge.catalog.codes import normalize_code
from skyforge.terms import FACTIONS

Faction = Literal[FACTIONS]  # type: ignore[valid-type]  # the one faction list: skyforge.terms
Rarity = Literal["base", "rare", "mythic", "legendary"]
AllianceType = Literal["ally", "tower", "spell", "attachment"]
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
