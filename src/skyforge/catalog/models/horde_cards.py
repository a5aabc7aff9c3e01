"""The horde game's cards other than alliance cards and castles: horde cards, portals, outsiders,
scenarios, minions and tokens."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from skyforge.catalog.models.cardbase import CardBase
from skyforge.catalog.models.common import GameMode, HordeType, OutsiderType
from skyforge.catalog.models.scenarios import ScenarioAction, ScenarioEffect
from skyforge.empty import empty_list


class HordeCard(CardBase):
    kind: Literal["horde"] = "horde"
    horde: str | None = Field(default=None, description="Id of the horde (see [[hordes]]).")
    power: int | None = Field(default=None, ge=1, le=9, description="Power level (horde rarity colour), weakest = 1.")
    type: HordeType | None = Field(default=None, description="monster, spell or attachment.")
    epic: bool = Field(default=False, description="Epic qualifier.")
    mana_boost: int = Field(default=0, ge=0, le=2, description="Mana boost printed on the card (0, 1 or 2).")
    treachery_only: bool = Field(
        default=False, description="Carries the treachery-only symbol (never used in campaigns)."
    )
    legendary: bool = Field(default=False, description="A legendary horde card (Monoliths level 3 adds a random one).")
    common_set: bool = Field(
        default=False,
        description="A Common Set card of the original set (001 The Common Set): added only when asked for.",
    )
    attack: int | None = Field(default=None)
    health: int | None = Field(default=None)


class PortalCard(CardBase):
    kind: Literal["portal"] = "portal"
    stage: int = Field(ge=1, le=4, description="Portal stage, I to IV.")
    modes: list[GameMode] = Field(min_length=1, description="Game modes printed on its sides.")
    horde: str | None = Field(default=None, description="Related horde id, if the portal names one.")
    back_stage: int | None = Field(
        default=None,
        ge=2,
        le=4,
        description=(
            "The stage on its other side (Monoliths: I/II and III/IV); absent = its sides are the player "
            "counts of one stage."
        ),
    )
    level: int | None = Field(
        default=None,
        ge=1,
        le=5,
        description=(
            "The difficulty level this portal stands for (the original Skytear Horde set sets the level by its "
            "portals, 001 The Original Set); absent = the portal sets no level."
        ),
    )


class OutsiderCard(CardBase):
    kind: Literal["outsider"] = "outsider"
    outsider_type: OutsiderType | None = Field(
        default=None, description="immortal, enchanter, colossal or henchman; absent = not known."
    )
    stage: int | None = Field(default=None, ge=1, le=4, description="Stage of an immortal outsider's card.")
    horde: str | None = Field(default=None, description="Horde it is thematically connected with.")


class ScenarioCard(CardBase):
    kind: Literal["scenario"] = "scenario"
    horde: str | None = Field(default=None, description="Related horde id.")
    difficulty: int | None = Field(default=None, ge=0, description="Difficulty printed on the scenario.")
    income: int = Field(default=0, description="Gold earned at the end of resolving the scenario.")
    mandatory: ScenarioEffect | None = Field(
        default=None,
        description=(
            "[cards.mandatory]: the mandatory effect resolved first, applied when the scenario is resolved "
            "(the older `mandatory = true` with `mandatory_text` is still read)."
        ),
    )
    mandatory_text: str | None = Field(default=None, description="Older form of mandatory.text (still read).")
    henchman: str | None = Field(default=None, description="Name of the outsider henchman on the back.")
    actions: list[ScenarioAction] = Field(default_factory=empty_list, description="Actions listed on the scenario.")

    @model_validator(mode="before")
    @classmethod
    def _old_mandatory(cls, data: object) -> object:
        """``mandatory = true`` / ``mandatory_text = "…"`` (the first format) as a mandatory table."""
        if isinstance(data, dict) and isinstance(data.get("mandatory"), bool | None):
            data = dict(data)
            flag, text = data.pop("mandatory", None), data.get("mandatory_text")
            if text or flag:
                data["mandatory"] = {"text": text or "mandatory effects: see the card"}
        return data


class MinionCard(CardBase):
    kind: Literal["minion"] = "minion"


class TokenCard(CardBase):
    kind: Literal["token"] = "token"
