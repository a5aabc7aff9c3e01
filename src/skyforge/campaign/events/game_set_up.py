"""The ``game-set-up`` event (:mod:`skyforge.campaign.events`)."""

from typing import Literal

from pydantic import Field

from skyforge.campaign.events import _Event
from skyforge.empty import empty_dict, empty_list


class GameSetUp(_Event):
    type: Literal["game-set-up"] = "game-set-up"
    at: str | None = None
    game: int = Field(ge=1, le=4)
    scenario: str = Field(description="Scenario removed from the pile for this game (code).")
    portal: str = Field(description="Stage 1 portal removed from the portal pile (code).")
    outsider: str = Field(description="This game's outsider (name).")
    henchman_scenario: str | None = Field(
        default=None, description="Games 2 and 3: the scenario whose henchman is the outsider (code)."
    )
    portals_below: list[str] = Field(
        default_factory=empty_list, description="The portals below the stage 1 portal, top first (codes; 000 Setup)."
    )
    minion_rule: str | None = Field(default=None, description="How the minions get health tokens in this mode.")
    minions: dict[str, int] = Field(default_factory=empty_dict, description="Minion → health tokens placed on it.")
    setup_missing: list[str] = Field(
        default_factory=empty_list,
        description="What the catalog lacks for the usual steps (portals, minion cards), and where to add it.",
    )
    setup_notes: list[str] = Field(default_factory=empty_list, description="How the usual steps were read.")
