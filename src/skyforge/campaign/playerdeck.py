"""A player's deck as it stands now — the starting deck, plus what was recruited, less what was
exiled — as a regular deck file (:class:`skyforge.decks.DeckFile`), for ``campaign deck``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field, SerializerFunctionWrapHandler, field_serializer

from skyforge.campaign import events as ev
from skyforge.campaign.preconditions import find_player
from skyforge.campaign.report import facts_table
from skyforge.campaign.state import CampaignState
from skyforge.campaign.view import CardFacts
from skyforge.decks.models import DeckFile
from skyforge.empty import empty_dict
from skyforge.results import Result

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog


class CampaignDeck(Result):
    """The deck file, its size, how it came to be (cards of the starting deck, recruited,
    exiled), the file it was written to (None: not written) and the facts of its cards."""

    deck: DeckFile
    size: int
    starting: int
    recruited: int
    exiled: int
    file: str | None = None
    cards: dict[str, CardFacts] = Field(default_factory=empty_dict)

    # the return is not annotated: pydantic then keeps the deck file's own JSON Schema
    @field_serializer("deck", mode="wrap")
    def _as_written(self, deck: DeckFile, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """The deck as its file holds it: without the keys it leaves out."""
        return deck.model_dump(by_alias=True, exclude_none=True)


def current_deck(
    state: CampaignState, events: list, player: str | None = None, catalog: Catalog | None = None
) -> CampaignDeck:
    """``player``'s deck now (named, or the only player), named after the campaign and the player;
    it follows the player's castle (the visiting castle for the second player). Its cards' facts
    are looked up in ``catalog``."""
    p = find_player(state, player)
    starting = recruited = exiled = 0
    for event in events:
        if getattr(event, "player", None) != p.name:
            continue
        if isinstance(event, ev.StartingDeck):
            starting += sum(event.cards.values())
        elif isinstance(event, ev.OfferTaken):
            recruited += len(event.cards)
        elif isinstance(event, ev.Exiled) and not event.horde:
            exiled += 1
    deck = DeckFile(
        name=f"{state.name}: {p.name}'s deck", castle=p.castle, player=p.name, cards=dict(sorted(p.deck.items()))
    )
    return CampaignDeck.of(
        deck=deck,
        size=sum(deck.cards.values()),
        starting=starting,
        recruited=recruited,
        exiled=exiled,
        cards=facts_table(catalog, deck.cards),
    )


__all__ = ["CampaignDeck", "current_deck"]
