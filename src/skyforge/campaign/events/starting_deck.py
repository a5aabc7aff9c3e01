"""The ``starting-deck`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import Copies, _Event


class StartingDeck(_Event):
    type: Literal["starting-deck"] = "starting-deck"
    at: str | None = None
    player: str
    cards: dict[str, Copies] = Field(description="Cards taken from the market deck: code → copies.")
