"""The ``gold-adjusted`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class GoldAdjusted(_Event):
    type: Literal["gold-adjusted"] = "gold-adjusted"
    at: str | None = None
    amount: int = Field(description="The change asked for.")
    change: int = Field(description="The change applied (after the 0..40 limits).")
