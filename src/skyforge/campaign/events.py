"""The campaign journal's events: a discriminated union on ``type``.

Events record outcomes, never intents: a draw is stored as what was drawn, an
offer as the cards it held, a gold change as the change actually applied. So
replaying a journal never calls a random generator, and a later skyforge reads
an old campaign the same way. The ``created`` event also keeps a copy of the
scenario and portal cards in the piles, so a campaign does not depend on the
catalog it was created with.

The annotations are not postponed (no ``from __future__ import annotations``): pydantic reads each
field's type as the class is made rather than compiling and evaluating its text, a tenth of what a
campaign command spends making these classes.
"""

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

__all__ = [
    "EVENT_MODELS",
    "EVENT_TYPES",
    "CampaignFile",
    "Event",
    "ValidationError",
    "event_dict",
    "last_command",
    "one_command",
    "parse_events",
]  # and the models


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
    actions: list[ScenarioAction] = Field(default_factory=list)

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
        default_factory=list,
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
    horde_deck: dict[str, Copies] = Field(default_factory=dict, description="Horde deck: code → copies.")
    horde_deck_notes: list[str] = Field(
        default_factory=list, description="What is missing or was drawn for the horde deck."
    )
    scenario_pile: list[Scenario]
    portal_pile: list[Portal]
    final_outsider: str = Field(description="The non-henchman outsider of game 4 (name).")
    notes: list[str] = Field(default_factory=list, description="What the tool chose for the players.")


class StartingDeck(_Event):
    type: Literal["starting-deck"] = "starting-deck"
    at: str | None = None
    player: str
    cards: dict[str, Copies] = Field(description="Cards taken from the market deck: code → copies.")


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
        default_factory=list, description="The portals below the stage 1 portal, top first (codes; 000 Setup)."
    )
    minion_rule: str | None = Field(default=None, description="How the minions get health tokens in this mode.")
    minions: dict[str, int] = Field(default_factory=dict, description="Minion → health tokens placed on it.")
    setup_missing: list[str] = Field(
        default_factory=list,
        description="What the catalog lacks for the usual steps (portals, minion cards), and where to add it.",
    )
    setup_notes: list[str] = Field(default_factory=list, description="How the usual steps were read.")


class ActionTaken(_Event):
    """A scenario action; a Recruit X action also records the offers it formed (one command, one event)."""

    type: Literal["action-taken"] = "action-taken"
    at: str | None = None
    action: str
    change: int = Field(description="Gold change applied (after the 0..40 limits).")
    recruit: int | None = Field(default=None, ge=1, description="Recruit X: X.")
    offers: dict[str, list[list[str]]] | None = Field(
        default=None, description="Recruit X: player → the offers formed from the top of their market deck."
    )
    castle_health: int | None = Field(default=None, description="Castle health change applied (no cap, no floor).")
    exile: int | None = Field(default=None, ge=1, description="Exile X: cards each player may now exile.")
    exile_horde: int | None = Field(
        default=None, ge=1, description="Cards the Alliance may now exile from the horde deck."
    )
    reminder: str | None = Field(default=None, description="What the tool could not apply, left to the players.")


class MandatoryResolved(_Event):
    """The scenario's mandatory effect, applied when the game is set up (000 "Resolving the Scenario")."""

    type: Literal["mandatory-resolved"] = "mandatory-resolved"
    at: str | None = None
    scenario: str = Field(description="The scenario whose mandatory effect this is (code).")
    change: int | None = Field(default=None, description="Gold change applied (after the 0..40 limits).")
    castle_health: int | None = Field(default=None, description="Castle health change applied (no cap, no floor).")
    recruit: int | None = Field(default=None, ge=1, description="Recruit X: X.")
    offers: dict[str, list[list[str]]] | None = Field(default=None, description="Recruit X: the offers formed.")
    exile: int | None = Field(default=None, ge=1, description="Cards each player may now exile.")
    exile_horde: int | None = Field(
        default=None, ge=1, description="Cards the Alliance may now exile from the horde deck."
    )
    reminder: str | None = Field(default=None, description="What the tool could not apply, left to the players.")


class OffersFormed(_Event):
    """Offers formed by a Recruit from another effect (``recruit --free``)."""

    type: Literal["offers-formed"] = "offers-formed"
    at: str | None = None
    recruit: int = Field(ge=1, description="X of Recruit X.")
    offers: dict[str, list[list[str]]] = Field(
        description="Player → the offers formed from the top of their market deck."
    )


class OfferTaken(_Event):
    type: Literal["offer-taken"] = "offer-taken"
    at: str | None = None
    player: str
    offer: int = Field(ge=1, le=3)
    cards: list[str] = Field(description="Cards put on top of the alliance deck.")
    to_bottom: list[str] = Field(
        description="The other offers' cards, in the random order they went to the bottom of the market."
    )


class IncomeEarned(_Event):
    type: Literal["income-earned"] = "income-earned"
    at: str | None = None
    change: int


class GoldAdjusted(_Event):
    type: Literal["gold-adjusted"] = "gold-adjusted"
    at: str | None = None
    amount: int = Field(description="The change asked for.")
    change: int = Field(description="The change applied (after the 0..40 limits).")


class Pillaged(_Event):
    type: Literal["pillaged"] = "pillaged"
    at: str | None = None
    cards: int = Field(ge=1)
    change: int


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


class HealthSet(_Event):
    type: Literal["health-set"] = "health-set"
    at: str | None = None
    castle_health: int = Field(description="Castle health now (no cap, no floor: glossary HEALTH).")


class GameEnded(_Event):
    type: Literal["game-ended"] = "game-ended"
    at: str | None = None
    game: int = Field(ge=1, le=4)
    result: Literal["won", "lost"]
    castle_health: int = Field(description="Castle health at the end of the game (no cap, no floor).")


Event = Annotated[
    Created
    | StartingDeck
    | GameSetUp
    | ActionTaken
    | MandatoryResolved
    | OffersFormed
    | OfferTaken
    | IncomeEarned
    | GoldAdjusted
    | Pillaged
    | Exiled
    | HealthSet
    | GameEnded,
    Field(discriminator="type"),
]
#: each event's model by its ``type``, in the order of :data:`Event`
EVENT_MODELS: dict[str, type[_Model]] = {
    model.model_fields["type"].default: model
    for model in (
        Created,
        StartingDeck,
        GameSetUp,
        ActionTaken,
        MandatoryResolved,
        OffersFormed,
        OfferTaken,
        IncomeEarned,
        GoldAdjusted,
        Pillaged,
        Exiled,
        HealthSet,
        GameEnded,
    )
}
EVENT_TYPES: tuple[str, ...] = tuple(EVENT_MODELS)


class CampaignFile(_Model):
    """A campaign file: the schema version and the journal of events, oldest first (the state is their fold)."""

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    events: list[Event] = Field(default_factory=list, description="[[events]]: what happened, in order.")

    model_config = {**_Model.model_config, "populate_by_name": True}


def parse_events(raw: object) -> list:
    """The events of a journal's ``[[events]]`` tables, oldest first; raises ``ValidationError``.

    Each event is validated by the model its ``type`` names, so a command builds the validators of
    the kinds of event its file holds, not of all of them; a journal with a problem is validated as
    :class:`CampaignFile` is, so that its errors are those of the union (the unknown type, the
    table's key)."""
    if isinstance(raw, list) and all(isinstance(e, dict) and e.get("type") in EVENT_TYPES for e in raw):
        try:
            return [EVENT_MODELS[e["type"]].model_validate(e) for e in raw]
        except ValidationError:
            pass
    return CampaignFile.model_validate({"events": raw}).events
