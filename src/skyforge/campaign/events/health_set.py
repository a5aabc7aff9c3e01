"""The ``health-set`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class HealthSet(_Event):
    type: Literal["health-set"] = "health-set"
    at: str | None = None
    castle_health: int = Field(description="Castle health now (no cap, no floor: glossary HEALTH).")
