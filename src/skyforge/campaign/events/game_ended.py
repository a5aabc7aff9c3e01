"""The ``game-ended`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class GameEnded(_Event):
    type: Literal["game-ended"] = "game-ended"
    at: str | None = None
    game: int = Field(ge=1, le=4)
    result: Literal["won", "lost"]
    castle_health: int = Field(description="Castle health at the end of the game (no cap, no floor).")
