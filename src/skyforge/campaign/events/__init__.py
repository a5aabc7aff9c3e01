"""The campaign journal's events: a discriminated union on ``type``.

Events record outcomes, never intents: a draw is stored as what was drawn, an
offer as the cards it held, a gold change as the change actually applied. So
replaying a journal never calls a random generator, and a later skyforge reads
an old campaign the same way. The ``created`` event also keeps a copy of the
scenario and portal cards in the piles, so a campaign does not depend on the
catalog it was created with.

The ``created`` event and the models it holds are made here, with the helpers every command
uses; each later event's model is in a module of its own (``events/game_ended.py``, ...), the
union :data:`Event` and the file's model :class:`CampaignFile` in ``events/file.py``. Each is
imported when first named (``events.GameEnded``, :func:`model_of`), so a command makes the models
of the events its journal holds: making a pydantic class costs about a millisecond, and a
campaign command used to make 26. Code that tells events apart looks at ``type`` before naming a
model (``match event.type, event``), so that it makes no other.

The annotations are not postponed (no ``from __future__ import annotations``): pydantic reads each
field's type as the class is made rather than compiling and evaluating its text, a tenth of what a
campaign command spends making these classes.
"""

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from skyforge.empty import empty_dict, empty_list
from skyforge.firstuse import names_on_first_use

if TYPE_CHECKING:
    from skyforge.campaign.events.action_taken import ActionTaken
    from skyforge.campaign.events.exiled import Exiled
    from skyforge.campaign.events.file import CampaignFile, Event
    from skyforge.campaign.events.game_ended import GameEnded
    from skyforge.campaign.events.game_set_up import GameSetUp
    from skyforge.campaign.events.gold_adjusted import GoldAdjusted
    from skyforge.campaign.events.health_set import HealthSet
    from skyforge.campaign.events.income_earned import IncomeEarned
    from skyforge.campaign.events.mandatory_resolved import MandatoryResolved
    from skyforge.campaign.events.offer_taken import OfferTaken
    from skyforge.campaign.events.offers_formed import OffersFormed
    from skyforge.campaign.events.pillaged import Pillaged
    from skyforge.campaign.events.starting_deck import StartingDeck

__all__ = [
    "EVENT_TYPES",
    "LATER_EVENTS",
    "ActionTaken",
    "CampaignFile",
    "Created",
    "Event",
    "Exiled",
    "GameEnded",
    "GameSetUp",
    "GoldAdjusted",
    "HealthSet",
    "IncomeEarned",
    "MandatoryResolved",
    "OfferTaken",
    "OffersFormed",
    "Pillaged",
    "StartingDeck",
    "ValidationError",
    "event_dict",
    "last_command",
    "model_named",
    "model_of",
    "one_command",
    "parse_events",
]  # and the models of the created event


#: copies of one card: at least 1, at most 99 (as in deck files)
Copies = Annotated[int, Field(ge=1, le=99)]


class _Model(BaseModel):
    # defer_build: a model's validator is built when it first validates, not at import
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)


def event_dict(event: BaseModel) -> dict:
    """An event as plain data for TOML/JSON: no None values, type first, ``same_command`` last."""
    data = event.model_dump(mode="json", exclude_none=True)
    joined = data.pop("same_command", None)
    return {"type": data.pop("type"), **data, **({"same_command": joined} if joined is not None else {})}


class _Event(_Model):
    """An event after ``created``: what one command wrote, alone or with the events before it."""

    same_command: bool | None = Field(
        default=None,
        description="true: written by the same command as the event before it (a game set up with its "
        "mandatory effect, a game lost as the castle falls); `campaign undo` takes a command back whole.",
    )


def one_command(new: list) -> list:
    """The events of one command, each after the first marked as written with the one before it."""
    return [event if i == 0 else event.model_copy(update={"same_command": True}) for i, event in enumerate(new)]


def last_command(events: list, forced: Callable[[int], bool] = lambda index: False) -> int:
    """The index of the first event of the journal's last command (never the ``created`` event, 0).

    An event marked ``same_command`` goes with the one before it; so does one that ``forced(index)``
    says the command before it wrote without marking it (a journal written before the mark)."""
    start = len(events) - 1
    while start > 1 and (getattr(events[start], "same_command", None) or forced(start)):
        start -= 1
    return start


class ScenarioEffect(_Model):
    """A scenario's mandatory effect as data (copied from the catalog)."""

    text: str | None = Field(default=None, description="The effect as printed.")
    gold: int | None = Field(default=None, description="Gold earned (positive) or lost (negative).")
    castle_health: int | None = Field(default=None, description="Castle health gained or lost (signed).")
    recruit: int | None = Field(default=None, description="Recruit X: X.")
    exile: int | None = Field(default=None, description="Cards each player may exile from their deck.")
    exile_horde: int | None = Field(default=None, description="Cards the Alliance may exile from the horde deck.")
    reminder: str | None = Field(
        default=None, description="What the tool cannot apply (default: the text, when nothing else is given)."
    )

    def pending(self) -> str | None:
        """What the players resolve by hand: the reminder, else the text when nothing is applied."""
        if self.reminder:
            return self.reminder
        applied = (self.gold, self.castle_health, self.recruit, self.exile, self.exile_horde)
        return self.text if all(v is None for v in applied) else None


class ScenarioAction(_Model):
    name: str = Field(description="Action name as printed, e.g. 'Recruit 2'.")
    gold: int = Field(description="Gold it costs (negative) or earns (positive).")
    repeatable: bool = Field(default=False, description="Marked ∞: may be taken any number of times.")
    recruit: int | None = Field(default=None, description="For Recruit X actions: X.")
    exile: int | None = Field(default=None, description="For exile actions: cards each player may exile.")
    exile_horde: int | None = Field(default=None, description="Cards the Alliance may exile from the horde deck.")
    castle_health: int | None = Field(default=None, description="Castle health gained or lost (signed).")
    text: str | None = Field(default=None, description="The effect as printed.")
    reminder: str | None = Field(
        default=None,
        description="What the tool cannot apply (default: the text, when "
        "the action has no recruit, exile or castle_health).",
    )

    def pending(self) -> str | None:
        """What the players resolve by hand: the reminder, else the text when nothing is applied."""
        if self.reminder:
            return self.reminder
        applied = (self.recruit, self.exile, self.exile_horde, self.castle_health)
        return self.text if all(v is None for v in applied) else None


class Scenario(_Model):
    """A scenario card as it was when the campaign began (copied from the catalog)."""

    code: str = Field(description="Card code, or kind:name when the catalog has none.")
    name: str
    horde: str | None = None
    difficulty: int | None = None
    income: int = Field(default=0, description="Gold earned after the actions.")
    mandatory_text: str | None = Field(default=None, description="Mandatory effect to resolve first (its text).")
    mandatory: ScenarioEffect | None = Field(
        default=None, description="The mandatory effect as data, applied at setup."
    )
    henchman: str | None = Field(default=None, description="The outsider henchman on the back.")
    actions: list[ScenarioAction] = Field(default_factory=empty_list)

    def mandatory_effect(self) -> ScenarioEffect | None:
        """The mandatory effect; a campaign begun before effects were data has only its text."""
        if self.mandatory is not None:
            return self.mandatory
        return ScenarioEffect(text=self.mandatory_text) if self.mandatory_text else None


class Portal(_Model):
    code: str
    name: str
    horde: str | None = None


class PlayerSetup(_Model):
    name: str = Field(description="The player's name.")
    castle: str = Field(description="Castle whose back sets this player's deck restrictions (code).")
    visiting: bool = Field(default=False, description="The second player's castle only sets deck restrictions.")
    market_decks: list[str] = Field(description="Decks the market deck was formed from (one; three in limited format).")
    market: list[str] = Field(description="The shuffled market deck, top first (card codes).")
    removed: list[str] = Field(
        default_factory=empty_list,
        description=("Cards left out of a pre-made deck of 41: the heroic ally removed at random (000 Setup step 3)."),
    )


class Created(_Model):
    type: Literal["created"] = "created"
    at: str | None = Field(default=None, description="When (UTC, ISO 8601); not part of the state.")
    name: str
    seed: int
    castle: str = Field(description="The campaign castle (code).")
    castle_name: str | None = None
    castle_health: int = Field(ge=0, description="Castle health at the start of game 1 (full health).")
    format: Literal["standard", "limited"] = "standard"
    players: list[PlayerSetup]
    hordes: list[str]
    difficulty: int = Field(ge=1, le=5)
    horde_deck: dict[str, Copies] = Field(default_factory=empty_dict, description="Horde deck: code → copies.")
    horde_deck_notes: list[str] = Field(
        default_factory=empty_list, description="What is missing or was drawn for the horde deck."
    )
    scenario_pile: list[Scenario]
    portal_pile: list[Portal]
    final_outsider: str = Field(description="The non-henchman outsider of game 4 (name).")
    notes: list[str] = Field(default_factory=empty_list, description="What the tool chose for the players.")


#: each event type after ``created``, in the order of :data:`Event`: the module of its model (one
#: module each, imported when the model is first named) and the model's name
LATER_EVENTS: dict[str, tuple[str, str]] = {
    "starting-deck": ("starting_deck", "StartingDeck"),
    "game-set-up": ("game_set_up", "GameSetUp"),
    "action-taken": ("action_taken", "ActionTaken"),
    "mandatory-resolved": ("mandatory_resolved", "MandatoryResolved"),
    "offers-formed": ("offers_formed", "OffersFormed"),
    "offer-taken": ("offer_taken", "OfferTaken"),
    "income-earned": ("income_earned", "IncomeEarned"),
    "gold-adjusted": ("gold_adjusted", "GoldAdjusted"),
    "pillaged": ("pillaged", "Pillaged"),
    "exiled": ("exiled", "Exiled"),
    "health-set": ("health_set", "HealthSet"),
    "game-ended": ("game_ended", "GameEnded"),
}
EVENT_TYPES: tuple[str, ...] = ("created", *LATER_EVENTS)
#: the names made on first use: each later event's model, the union and the file's model
_MODULE_OF = {name: module for module, name in LATER_EVENTS.values()} | {"Event": "file", "CampaignFile": "file"}


#: a name of :data:`_MODULE_OF`, imported from its module the first time it is asked for
__getattr__ = names_on_first_use(__name__, _MODULE_OF, globals())


def model_of(event_type: str) -> type[_Model]:
    """The model of the events of ``event_type`` (one of :data:`EVENT_TYPES`)."""
    if event_type == "created":
        return Created
    _, name = LATER_EVENTS[event_type]
    return __getattr__(name)


#: the models the ``created`` event is made of, by class name
_CREATED_MODELS: dict[str, type[_Model]] = {
    m.__name__: m for m in (Created, PlayerSetup, Scenario, ScenarioEffect, ScenarioAction, Portal)
}


def model_named(name: str) -> type[_Model]:
    """The model of an event, or of a part of the ``created`` event, by its class name (a later
    event's imported on first use); ``KeyError`` for any other name."""
    if name in _CREATED_MODELS:
        return _CREATED_MODELS[name]
    if name not in _MODULE_OF or name in ("Event", "CampaignFile"):
        raise KeyError(name)
    return __getattr__(name)


def parse_events(raw: object) -> list:
    """The events of a journal's ``[[events]]`` tables, oldest first; raises ``ValidationError``.

    Each event is validated by the model its ``type`` names, so a command builds the validators of
    the kinds of event its file holds, not of all of them; a journal with a problem is validated as
    :class:`CampaignFile` is, so that its errors are those of the union (the unknown type, the
    table's key)."""
    if isinstance(raw, list) and all(isinstance(e, dict) and e.get("type") in EVENT_TYPES for e in raw):
        try:
            return [model_of(e["type"]).model_validate(e) for e in raw]
        except ValidationError:
            pass
    file_model: type[CampaignFile] = __getattr__("CampaignFile")  # a name made on first use
    return file_model.model_validate({"events": raw}).events
