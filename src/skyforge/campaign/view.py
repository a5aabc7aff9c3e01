"""The campaign as its players and scripts see it: a typed result built from the state.

:func:`view_of` turns a :class:`~skyforge.campaign.state.CampaignState` into a
:class:`CampaignView`, whose dump is the ``campaign`` of every campaign command's ``--json``
(``campaign show --json`` adds the cards' facts, :class:`~skyforge.campaign.report.CampaignShown`)
and which the human views draw. A few fields the JSON has never had are kept for people only
(``exclude=True``): the names of the cards in the piles, the henchman's scenario, the exiles taken
as a house rule.
"""

# annotations stay objects (no ``from __future__ import annotations``): pydantic would otherwise
# compile each field's annotation text when the classes are made, on every campaign command
from typing import Literal

from pydantic import Field, SerializerFunctionWrapHandler, field_serializer

from skyforge.campaign import events as ev
from skyforge.campaign.state import CampaignState, CurrentGame, GameRecord, NextStep, PlayerState, next_step
from skyforge.empty import empty_list
from skyforge.results import Result


class CardFacts(Result):
    """A card's name, cost, type, rarity and faction: None where the catalog does not say."""

    name: str | None
    cost: int | None
    type: str | None
    rarity: str | None
    faction: str | None


class PlayerView(Result):
    """A player: their castle, deck (code → copies), market deck (top first) and offers."""

    name: str
    castle: str
    visiting: bool
    deck: dict[str, int]
    deck_size: int
    top_of_deck: list[str] = Field(description="Recruited this game, on top of the deck.")
    market: list[str] = Field(description="The market deck, top first.")
    market_decks: list[str]
    offers: list[list[str]] = Field(description="The offers still to take one of.")
    starting_deck_chosen: bool
    exiled: list[str]
    exiled_free: int = Field(default=0, exclude=True)  # of them, exiled as a house rule: for people


class CurrentGameView(Result):
    """The game being played: its scenario, portal and outsider, and how far its scenario is resolved."""

    scenario: str | None
    portal: str | None
    outsider: str | None
    henchman_scenario: str | None
    actions_taken: list[str]
    income_earned: bool
    recruit: int | None = Field(description="X of Recruit X while offers are open.")
    mandatory_resolved: bool
    exile_allowance: dict[str, int] = Field(description="Player → cards they may still exile.")
    horde_exile_allowance: int
    scenario_card: ev.Scenario | None
    portal_card: ev.Portal | None
    henchman_card: ev.Scenario | None = Field(default=None, exclude=True)  # its name, for people

    # the return is not annotated: pydantic then keeps the cards' own JSON Schema
    @field_serializer("scenario_card", "portal_card", mode="wrap")
    def _printed(self, card: ev.Scenario | ev.Portal | None, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """A card as the campaign copied it, without the facts it does not have."""
        return None if card is None else card.model_dump(exclude_none=True)


class GameView(Result):
    """A game set up: what was drawn for it, and how it ended (None while it is played)."""

    number: int
    scenario: str
    portal: str
    outsider: str
    henchman_scenario: str | None
    result: Literal["won", "lost"] | None
    castle_health: int | None
    gold: int | None


class CampaignView(Result):
    """A campaign: status, gold, castle health, piles, players, games, horde deck, what comes next."""

    name: str
    seed: int
    status: Literal["new", "ready", "scenario", "playing", "won", "lost"]
    game: int
    gold: int
    castle_health: int
    full_health: int
    castle: str
    castle_name: str | None
    format: Literal["standard", "limited"]
    hordes: list[str]
    difficulty: int
    horde_deck: dict[str, int]
    horde_deck_notes: list[str]
    scenario_pile: list[str]
    portal_pile: list[str]
    final_outsider: str
    current: CurrentGameView
    players: list[PlayerView]
    games: list[GameView]
    notes: list[str]
    events: int = Field(description="How many events the journal holds.")
    horde_exiled: list[str]
    reminders: list[str] = Field(description="What the players must do by hand, this step.")
    next_step: NextStep
    # the piles' cards with their names, for people (the JSON gives their codes)
    scenario_cards: list[ev.Scenario] = Field(default_factory=empty_list, exclude=True)
    portal_cards: list[ev.Portal] = Field(default_factory=empty_list, exclude=True)

    @property
    def offers_pending(self) -> bool:
        return any(p.offers for p in self.players)

    def player(self, name: str) -> PlayerView | None:
        for p in self.players:
            if p.name.casefold() == name.casefold():
                return p
        return None


def _player(p: PlayerState) -> PlayerView:
    return PlayerView.of(
        name=p.name,
        castle=p.castle,
        visiting=p.visiting,
        deck=dict(sorted(p.deck.items())),
        deck_size=sum(p.deck.values()),
        top_of_deck=list(p.top_of_deck),
        market=list(p.market),
        market_decks=list(p.market_decks),
        offers=[list(o) for o in p.offers],
        starting_deck_chosen=p.starting_deck_chosen,
        exiled=list(p.exiled),
        exiled_free=p.exiled_free,
    )


def _current(c: CurrentGame) -> CurrentGameView:
    return CurrentGameView.of(
        scenario=c.scenario.code if c.scenario else None,
        portal=c.portal.code if c.portal else None,
        outsider=c.outsider,
        henchman_scenario=c.henchman_scenario.code if c.henchman_scenario else None,
        actions_taken=list(c.actions_taken),
        income_earned=c.income_earned,
        recruit=c.recruit,
        mandatory_resolved=c.mandatory_resolved,
        exile_allowance=dict(c.exile_allowance),
        horde_exile_allowance=c.horde_exile_allowance,
        scenario_card=c.scenario,
        portal_card=c.portal,
        henchman_card=c.henchman_scenario,
    )


def _game(g: GameRecord) -> GameView:
    return GameView.of(
        number=g.number,
        scenario=g.scenario,
        portal=g.portal,
        outsider=g.outsider,
        henchman_scenario=g.henchman_scenario,
        result=g.result,
        castle_health=g.castle_health,
        gold=g.gold,
    )


def view_of(state: CampaignState) -> CampaignView:
    """The campaign as ``campaign show`` and every command that changes it give it."""
    return CampaignView.of(
        name=state.name,
        seed=state.seed,
        status=state.status,
        game=state.game,
        gold=state.gold,
        castle_health=state.castle_health,
        full_health=state.full_health,
        castle=state.castle,
        castle_name=state.castle_name,
        format=state.format,
        hordes=list(state.hordes),
        difficulty=state.difficulty,
        horde_deck=dict(state.horde_deck),
        horde_deck_notes=list(state.horde_deck_notes),
        scenario_pile=[s.code for s in state.scenario_pile],
        portal_pile=[p.code for p in state.portal_pile],
        final_outsider=state.final_outsider,
        current=_current(state.current),
        players=[_player(p) for p in state.players],
        games=[_game(g) for g in state.games],
        notes=list(state.notes),
        events=state.events,
        horde_exiled=list(state.horde_exiled),
        reminders=list(state.current.reminders),
        next_step=next_step(state),
        scenario_cards=list(state.scenario_pile),
        portal_cards=list(state.portal_pile),
    )


__all__ = ["CampaignView", "CardFacts", "CurrentGameView", "GameView", "PlayerView", "view_of"]
