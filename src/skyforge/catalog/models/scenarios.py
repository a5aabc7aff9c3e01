"""What a campaign's scenario cards hold as data: the mandatory effect and the actions the
players may take (gold, Recruit, exile, castle health, reminders)."""

from __future__ import annotations

from pydantic import Field

from skyforge.catalog.models.common import Strict


class ScenarioEffect(Strict):
    """What a scenario's mandatory effect does, as data: the tool applies the fields it knows
    and keeps the rest as a reminder until the scenario is resolved."""

    text: str | None = Field(default=None, description="The effect as printed.")
    gold: int | None = Field(default=None, description="Gold the Alliance earns (positive) or loses (negative).")
    castle_health: int | None = Field(
        default=None, description="Castle health gained (positive) or lost (negative); no cap, no floor."
    )
    recruit: int | None = Field(default=None, ge=1, description="Recruit X: X (each player forms offers).")
    exile: int | None = Field(default=None, ge=1, description="Cards each player may exile from their deck.")
    exile_horde: int | None = Field(
        default=None, ge=1, description="Cards the Alliance may exile from the campaign's horde deck."
    )
    reminder: str | None = Field(
        default=None,
        description=(
            "What the tool cannot apply (a discard at random, a look at the top cards…), shown until the "
            "scenario is resolved. Default: the text, when no other field is given."
        ),
    )

    def pending(self) -> str | None:
        """The reminder this effect leaves for the players, if any."""
        if self.reminder:
            return self.reminder
        applied = (self.gold, self.castle_health, self.recruit, self.exile, self.exile_horde)
        return self.text if all(v is None for v in applied) else None


class ScenarioAction(Strict):
    name: str = Field(description="Action name as printed, e.g. 'Recruit 2'.")
    gold: int = Field(description="Gold it costs (negative) or earns (positive).")
    repeatable: bool = Field(default=False, description="Marked ∞: may be taken any number of times.")
    recruit: int | None = Field(default=None, ge=1, description="For Recruit X actions: X.")
    exile: int | None = Field(
        default=None, ge=1, description="For exile actions: how many cards each player may exile."
    )
    exile_horde: int | None = Field(
        default=None, ge=1, description="Cards the Alliance may exile from the campaign's horde deck."
    )
    castle_health: int | None = Field(
        default=None, description="Castle health gained (positive) or lost (negative); no cap, no floor."
    )
    text: str | None = Field(default=None, description="The effect as printed.")
    reminder: str | None = Field(
        default=None,
        description=(
            "What the tool cannot apply, shown until the scenario is resolved. Default: the text, when the "
            "action has no recruit, exile, exile_horde or castle_health."
        ),
    )
