"""What the journal's scenario tables answer besides their fields, written once for both forms.

A scenario read from a plain, valid journal is a record (:mod:`skyforge.campaign.plain_events`);
one made by a command is a pydantic model (:mod:`skyforge.campaign.events`). Both take their
methods from the mixins here, which use only the fields, so the two forms answer alike.
"""

from __future__ import annotations

from typing import Any


class EffectMethods:
    """A scenario's mandatory effect (``ScenarioEffect``)."""

    def pending(self: Any) -> str | None:
        """What the players resolve by hand: the reminder, else the text when nothing is applied."""
        if self.reminder:
            return self.reminder
        applied = (self.gold, self.castle_health, self.recruit, self.exile, self.exile_horde)
        return self.text if all(v is None for v in applied) else None


class ActionMethods:
    """A scenario action (``ScenarioAction``)."""

    def pending(self: Any) -> str | None:
        """What the players resolve by hand: the reminder, else the text when nothing is applied."""
        if self.reminder:
            return self.reminder
        applied = (self.recruit, self.exile, self.exile_horde, self.castle_health)
        return self.text if all(v is None for v in applied) else None


class ScenarioMethods:
    """A scenario card as copied into the journal (``Scenario``)."""

    def mandatory_effect(self: Any) -> Any:
        """The mandatory effect; a campaign begun before effects were data has only its text."""
        if self.mandatory is not None:
            return self.mandatory
        return self.effect_from_text(self.mandatory_text) if self.mandatory_text else None


def event_dict(event: Any) -> dict:
    """An event (model or record) as plain data for TOML/JSON: no None values, type first."""
    return event.model_dump(mode="json", exclude_none=True)


#: model name → its mixin
MIXINS: dict[str, type] = {
    "ScenarioEffect": EffectMethods,
    "ScenarioAction": ActionMethods,
    "Scenario": ScenarioMethods,
}
