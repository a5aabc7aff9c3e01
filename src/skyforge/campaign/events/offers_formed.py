"""The ``offers-formed`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class OffersFormed(_Event):
    """Offers formed by a Recruit from another effect (``recruit --free``)."""

    type: Literal["offers-formed"] = "offers-formed"
    at: str | None = None
    recruit: int = Field(ge=1, description="X of Recruit X.")
    offers: dict[str, list[list[str]]] = Field(
        description="Player → the offers formed from the top of their market deck."
    )
