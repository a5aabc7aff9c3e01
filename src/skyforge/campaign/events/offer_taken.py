"""The ``offer-taken`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class OfferTaken(_Event):
    type: Literal["offer-taken"] = "offer-taken"
    at: str | None = None
    player: str
    offer: int = Field(ge=1, le=3)
    cards: list[str] = Field(description="Cards put on top of the alliance deck.")
    to_bottom: list[str] = Field(
        description="The other offers' cards, in the random order they went to the bottom of the market."
    )
