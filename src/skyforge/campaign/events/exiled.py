"""The ``exiled`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event


class Exiled(_Event):
    type: Literal["exiled"] = "exiled"
    at: str | None = None
    player: str | None = Field(default=None, description="Whose deck; absent for a card of the horde deck.")
    card: str
    horde: bool | None = Field(default=None, description="True: the card left the campaign's horde deck.")
    free: bool | None = Field(
        default=None,
        description=(
            "false: drawn on the Exile allowance; true: beyond it, recorded as a house rule; absent: "
            "recorded before allowances were kept (not checked on replay)."
        ),
    )
