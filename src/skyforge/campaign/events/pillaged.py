"""The ``pillaged`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class Pillaged(_Event):
    type: Literal["pillaged"] = "pillaged"
    at: str | None = None
    cards: int = Field(ge=1)
    change: int
