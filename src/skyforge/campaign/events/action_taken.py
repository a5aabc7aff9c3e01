"""The ``action-taken`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class ActionTaken(_Event):
    """A scenario action; a Recruit X action also records the offers it formed (one command, one event)."""

    type: Literal["action-taken"] = "action-taken"
    at: str | None = None
    action: str
    change: int = Field(description="Gold change applied (after the 0..40 limits).")
    recruit: int | None = Field(default=None, ge=1, description="Recruit X: X.")
    offers: dict[str, list[list[str]]] | None = Field(
        default=None, description="Recruit X: player → the offers formed from the top of their market deck."
    )
    castle_health: int | None = Field(default=None, description="Castle health change applied (no cap, no floor).")
    exile: int | None = Field(default=None, ge=1, description="Exile X: cards each player may now exile.")
    exile_horde: int | None = Field(
        default=None, ge=1, description="Cards the Alliance may now exile from the horde deck."
    )
    reminder: str | None = Field(default=None, description="What the tool could not apply, left to the players.")
