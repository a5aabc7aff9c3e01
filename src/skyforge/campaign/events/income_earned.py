"""The ``income-earned`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from skyforge.campaign.events import _Event


class IncomeEarned(_Event):
    type: Literal["income-earned"] = "income-earned"
    at: str | None = None
    change: int
