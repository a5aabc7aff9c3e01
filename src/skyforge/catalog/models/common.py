"""What every catalog model shares: the value types (factions, rarities, game modes…), the
strict base model, and card codes read as ``SET.NNN``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from skyforge.catalog.codes import normalize_code
from skyforge.catalog.constants import RARITY_ALIASES
from skyforge.empty import empty_dict
from skyforge.terms import FACTIONS
from skyforge.text import did_you_mean

#: words as printed ("Liothan", "MYTHIC", "Ally") are read in any case and kept in the catalog's
#: lower case, ``common`` read as base (RARITY_ALIASES)


def canonical_word(value: object) -> object:
    """A faction, rarity or type as the catalog writes it: lower case, ``common`` read as base."""
    if isinstance(value, str):
        word = value.strip().casefold()
        return RARITY_ALIASES.get(word, word)
    return value


def canonical_class(value: object) -> object:
    """A hero class as the catalog writes it: trimmed, lower case ("Crimson " → "crimson")."""
    return value.strip().casefold() if isinstance(value, str) else value


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


class MayInfer(Strict):
    """An entry whose fields may be read into the rulebooks rather than stated by them: each such
    field is named in ``inferred``, with why, so every view can mark it as an inference."""

    inferred: dict[str, str] = Field(
        default_factory=empty_dict,
        description="Fields the rulebooks do not state, read into them by skyforge: field name → why "
        '(e.g. inferred = { hero_class = "003 only speaks of her enchanter Skill" }).',
    )

    @model_validator(mode="after")
    def _inferred_fields(self) -> MayInfer:
        fields = [name for name in type(self).model_fields if name != "inferred"]
        for name in self.inferred:
            if name not in fields:
                hint = did_you_mean(name, fields, otherwise="fields: " + ", ".join(fields))
                raise ValueError(f"inferred names '{name}', which is not a field of this entry ({hint})")
        return self


def as_code(value: object) -> object:
    """Normalise a card code as it is read (``cam.14`` → ``CAM.014``), or refuse it."""
    if isinstance(value, str):
        code = normalize_code(value)
        if code is None:
            raise ValueError("not a card code: use SET.NNN, e.g. CAM.014")
        return code
    return value
