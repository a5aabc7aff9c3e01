"""The ``mandatory-resolved`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class MandatoryResolved(_Event):
    """The scenario's mandatory effect, applied when the game is set up (000 "Resolving the Scenario")."""

    type: Literal["mandatory-resolved"] = "mandatory-resolved"
    at: str | None = None
    scenario: str = Field(description="The scenario whose mandatory effect this is (code).")
    change: int | None = Field(default=None, description="Gold change applied (after the 0..40 limits).")
    castle_health: int | None = Field(default=None, description="Castle health change applied (no cap, no floor).")
    recruit: int | None = Field(default=None, ge=1, description="Recruit X: X.")
    offers: dict[str, list[list[str]]] | None = Field(default=None, description="Recruit X: the offers formed.")
    exile: int | None = Field(default=None, ge=1, description="Cards each player may now exile.")
    exile_horde: int | None = Field(
        default=None, ge=1, description="Cards the Alliance may now exile from the horde deck."
    )
    reminder: str | None = Field(default=None, description="What the tool could not apply, left to the players.")
