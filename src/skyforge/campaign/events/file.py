"""The journal as a whole: :data:`Event`, the union of every event's model told apart by its
``type``, and :class:`CampaignFile`, the campaign file's model (its JSON Schema is
``skyforge schema campaign``'s). Imported when one is first named: a command that reads a journal
validates each event by the model its ``type`` names (:func:`skyforge.campaign.events.parse_events`)."""

from typing import Annotated

from pydantic import ConfigDict, Field

from skyforge.campaign.events import Created, _Model
from skyforge.campaign.events.action_taken import ActionTaken
from skyforge.campaign.events.exiled import Exiled
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
from skyforge.empty import empty_list

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


class CampaignFile(_Model):
    """A campaign file: the schema version and the journal of events, oldest first (the state is their fold)."""

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    events: list[Event] = Field(default_factory=empty_list, description="[[events]]: what happened, in order.")

    model_config = ConfigDict(**_Model.model_config, populate_by_name=True)
