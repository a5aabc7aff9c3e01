"""A player's deck as it stands now — the starting deck, plus what was recruited, less what was
exiled — as a regular deck file (:class:`skyforge.decks.DeckFile`), for ``campaign deck``."""

from __future__ import annotations

from dataclasses import dataclass

from skyforge.campaign import events as ev
from skyforge.campaign.preconditions import find_player
from skyforge.campaign.state import CampaignState
from skyforge.decks.models import DeckFile


@dataclass(frozen=True)
class CampaignDeck:
    """The deck file, and how it came to be: cards of the starting deck, recruited, exiled."""

    deck: DeckFile
    starting: int
    recruited: int
    exiled: int

    @property
    def size(self) -> int:
        return sum(self.deck.cards.values())


def current_deck(state: CampaignState, events: list, player: str | None = None) -> CampaignDeck:
    """``player``'s deck now (named, or the only player), named after the campaign and the player;
    it follows the player's castle (the visiting castle for the second player)."""
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
    return CampaignDeck(deck, starting, recruited, exiled)


__all__ = ["CampaignDeck", "current_deck"]
