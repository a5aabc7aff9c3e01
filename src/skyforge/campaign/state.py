"""The campaign's state: the pure fold of its events.

``apply(state, event)`` returns a new state and never changes the one it is
given; ``fold(events)`` replays a whole journal. Nothing here draws at random
or reads the catalog: every outcome is already in the events.

Made on every campaign command, so kept cheap to make: each dataclass has a docstring (without
one, ``dataclass`` writes one from the class's signature, a fifth of what making the class costs)
and no ``__repr__`` (nothing prints a state; ``dataclass`` compiles each method it writes),
and the annotations are not postponed (no ``from __future__ import annotations``: pydantic would
compile the text of each field's annotation of the step results).
"""

import copy
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Annotated, Literal, TypeVar

from pydantic import Field

from skyforge.campaign import events as ev
from skyforge.campaign.limits import GAMES, GOLD_START, clamp_gold
from skyforge.campaign.preconditions import check, created_problem, missing, player_in
from skyforge.results import Result


@dataclass(repr=False)
class PlayerState:
    """One player: their market deck, their deck, what they recruited and exiled, their open offers."""

    name: str
    castle: str
    visiting: bool
    market_decks: list[str]
    market: list[str]  # top first
    deck: Counter = field(default_factory=Counter)
    top_of_deck: list[str] = field(default_factory=list)  # recruited this game, on top of the deck
    starting_deck_chosen: bool = False
    offers: list[list[str]] = field(default_factory=list)  # pending offers
    exiled: list[str] = field(default_factory=list)
    exiled_free: int = 0  # of them, exiled as a house rule (--free)


@dataclass(repr=False)
class CurrentGame:
    """The game being played: its scenario, portal and outsider, and how far its scenario step has come."""

    scenario: ev.Scenario | None = None
    portal: ev.Portal | None = None
    outsider: str | None = None
    henchman_scenario: ev.Scenario | None = None
    actions_taken: list[str] = field(default_factory=list)
    income_earned: bool = False
    recruit: int | None = None  # X while offers are pending
    mandatory_resolved: bool = False
    reminders: list[str] = field(default_factory=list)  # what the players must do by hand, this step
    exile_allowance: dict[str, int] = field(default_factory=dict)  # player → cards still to exile (Exile X)
    horde_exile_allowance: int = 0  # horde cards the Alliance may still exile


@dataclass(repr=False)
class GameRecord:
    """A game set up, and once it has ended, how: its result, castle health and gold."""

    number: int
    scenario: str
    portal: str
    outsider: str
    henchman_scenario: str | None = None
    result: str | None = None
    castle_health: int | None = None
    gold: int | None = None


@dataclass(repr=False)
class CampaignState:
    """Where the campaign stands after the events folded so far (``events`` of them)."""

    name: str
    seed: int
    castle: str
    castle_name: str | None
    full_health: int
    castle_health: int
    format: str
    hordes: list[str]
    difficulty: int
    horde_deck: dict[str, int]
    horde_deck_notes: list[str]
    scenario_pile: list[ev.Scenario]
    portal_pile: list[ev.Portal]
    final_outsider: str
    players: list[PlayerState]
    notes: list[str] = field(default_factory=list)
    horde_exiled: list[str] = field(default_factory=list)  # horde cards exiled from the horde deck
    gold: int = GOLD_START
    game: int = 1
    phase: str = "setup"  # setup | scenario | playing | between | won | lost
    current: CurrentGame = field(default_factory=CurrentGame)
    games: list[GameRecord] = field(default_factory=list)
    events: int = 0  # how many events were folded

    # -- derived ---------------------------------------------------------------

    @property
    def status(self) -> str:
        """new | ready | scenario | playing | won | lost (the ``show --json`` contract)."""
        if self.phase in ("won", "lost", "scenario", "playing"):
            return self.phase
        if not all(p.starting_deck_chosen for p in self.players):
            return "new"
        return "ready"

    @property
    def offers_pending(self) -> bool:
        return any(p.offers for p in self.players)

    def player(self, name: str) -> PlayerState | None:
        for p in self.players:
            if p.name.casefold() == name.casefold():
                return p
        return None


class GameStep(Result):
    """The Alliance's step in game ``game``: set it up (next-game), apply its scenario's mandatory
    effect first (mandatory), resolve the scenario: actions, then income (scenario), or play it
    and record its end (end-game)."""

    step: Literal["next-game", "mandatory", "scenario", "end-game"]
    player: None = None
    game: int


class StartingDeckStep(Result):
    """``player`` chooses a starting deck from their market deck."""

    step: Literal["starting-deck"]
    player: str


class TakeOfferStep(Result):
    """``player`` takes one of their offers (Recruit ``recruit``)."""

    step: Literal["take-offer"]
    player: str
    recruit: int | None


class ExileStep(Result):
    """An Exile allowance is open: ``player`` may exile ``allowance`` cards from their deck (None:
    the Alliance, only horde cards), the Alliance ``horde_allowance`` horde cards."""

    step: Literal["exile"]
    player: str | None
    allowance: int
    horde_allowance: int


class OverStep(Result):
    """The campaign is over: won or lost."""

    step: Literal["over"]
    player: None = None
    result: Literal["won", "lost"]


#: what comes next, told apart by its ``step``
NextStep = Annotated[GameStep | StartingDeckStep | TakeOfferStep | ExileStep | OverStep, Field(discriminator="step")]


def next_step(state: CampaignState) -> NextStep:
    """What comes next and who acts (``player``: a name, or None for the Alliance).

    Steps: starting-deck, take-offer, next-game, mandatory (the scenario's mandatory effect is
    still to apply), exile (an Exile allowance is open), scenario (actions, then income),
    end-game, over."""
    if state.phase in ("won", "lost"):
        return OverStep.of(step="over", result=state.phase)
    waiting = [p for p in state.players if p.offers]
    if waiting:
        return TakeOfferStep.of(step="take-offer", player=waiting[0].name, recruit=state.current.recruit)
    if state.status == "new":
        p = next(p for p in state.players if not p.starting_deck_chosen)
        return StartingDeckStep.of(step="starting-deck", player=p.name)
    if state.status == "ready":
        return GameStep.of(step="next-game", game=len(state.games) + 1)
    if state.status == "scenario":
        c = state.current
        if (
            c.scenario is not None
            and c.scenario.mandatory_effect() is not None
            and not c.mandatory_resolved
            and not c.actions_taken
        ):
            return GameStep.of(step="mandatory", game=state.game)
        left = {name: n for name, n in c.exile_allowance.items() if n > 0}
        if left or c.horde_exile_allowance:
            name = next(iter(left), None)
            return ExileStep.of(
                step="exile",
                player=name,
                allowance=left[name] if name is not None else 0,
                horde_allowance=c.horde_exile_allowance,
            )
        return GameStep.of(step="scenario", game=state.game)
    return GameStep.of(step="end-game", game=state.game)


def initial(created: ev.Created) -> CampaignState:
    reason = created_problem(created)
    if reason:
        raise ReplayError(0, created, reason)
    return CampaignState(
        name=created.name,
        seed=created.seed,
        castle=created.castle,
        castle_name=created.castle_name,
        full_health=created.castle_health,
        castle_health=created.castle_health,
        format=created.format,
        hordes=list(created.hordes),
        difficulty=created.difficulty,
        horde_deck=dict(created.horde_deck),
        horde_deck_notes=list(created.horde_deck_notes),
        scenario_pile=list(created.scenario_pile),
        portal_pile=list(created.portal_pile),
        final_outsider=created.final_outsider,
        players=[
            PlayerState(p.name, p.castle, p.visiting, list(p.market_decks), list(p.market)) for p in created.players
        ],
        notes=list(created.notes),
        events=1,
    )


_Card = TypeVar("_Card", ev.Scenario, ev.Portal)


def _take(pile: list[_Card], code: str) -> _Card:
    for i, card in enumerate(pile):
        if card.code == code:
            return pile.pop(i)
    raise ValueError(f"{code} is not in the pile")


def copy_state(state: CampaignState) -> CampaignState:
    """A copy sharing nothing mutable with ``state`` (the event models are frozen, so shared)."""
    s = copy.copy(state)
    s.hordes = list(state.hordes)
    s.horde_deck = dict(state.horde_deck)
    s.horde_deck_notes = list(state.horde_deck_notes)
    s.notes = list(state.notes)
    s.horde_exiled = list(state.horde_exiled)
    s.scenario_pile = list(state.scenario_pile)
    s.portal_pile = list(state.portal_pile)
    s.players = [
        replace(
            p,
            market_decks=list(p.market_decks),
            market=list(p.market),
            deck=Counter(p.deck),
            top_of_deck=list(p.top_of_deck),
            offers=[list(o) for o in p.offers],
            exiled=list(p.exiled),
        )
        for p in state.players
    ]
    s.current = replace(
        state.current,
        actions_taken=list(state.current.actions_taken),
        reminders=list(state.current.reminders),
        exile_allowance=dict(state.current.exile_allowance),
    )
    s.games = [replace(g) for g in state.games]
    return s


def apply(state: CampaignState | None, event: ev.BaseModel) -> CampaignState:
    """The state after ``event``; ``state`` itself is left untouched."""
    if isinstance(event, ev.Created):
        if state is not None:
            raise ValueError("a journal has one 'created' event, the first")
        return initial(event)
    if state is None:
        raise ValueError("a journal must start with a 'created' event")
    s = copy_state(state)
    try:
        _apply_in_place(s, event)
    except (ValueError, KeyError, IndexError, AttributeError, TypeError) as exc:
        raise ReplayError(state.events, event, str(exc)) from None
    return s


class ReplayError(ValueError):
    """An event whose preconditions do not hold in the state before it (a damaged journal)."""

    def __init__(self, index: int, event: ev.BaseModel, reason: str):
        self.index = index
        self.event_type = getattr(event, "type", type(event).__name__)
        self.reason = reason
        super().__init__(f"events[{index}] ({self.event_type}): {reason}")


def _apply_in_place(s: CampaignState, event: ev.BaseModel) -> None:
    if isinstance(event, ev.Created):
        raise ValueError("a journal has one 'created' event, the first")
    check(s, event)
    s.events += 1
    match getattr(event, "type", None), event:  # the type first: a model is looked up only for its own events
        case "starting-deck", ev.StartingDeck(player=name, cards=cards):
            p = player_in(s, name)
            for code, n in cards.items():
                for _ in range(n):
                    p.market.remove(code)
            p.deck.update(cards)
            p.starting_deck_chosen = True
        case "game-set-up", ev.GameSetUp():
            s.game = event.game
            s.phase = "scenario"
            scenario = _take(s.scenario_pile, event.scenario)
            portal = _take(s.portal_pile, event.portal)
            henchman = _take(s.scenario_pile, event.henchman_scenario) if event.henchman_scenario else None
            s.current = CurrentGame(
                scenario=scenario, portal=portal, outsider=event.outsider, henchman_scenario=henchman
            )
            for p in s.players:
                p.top_of_deck = []
            s.games.append(
                GameRecord(event.game, event.scenario, event.portal, event.outsider, event.henchman_scenario)
            )
        case "action-taken", ev.ActionTaken():
            s.current.actions_taken.append(event.action)
            _apply_effect(s, event)
        case "mandatory-resolved", ev.MandatoryResolved():
            s.current.mandatory_resolved = True
            _apply_effect(s, event)
        case "offers-formed", ev.OffersFormed():
            _form_offers(s, event.recruit, event.offers)
        case "offer-taken", ev.OfferTaken():
            p = player_in(s, event.player)
            p.deck.update(event.cards)
            p.top_of_deck = list(event.cards) + p.top_of_deck
            p.market.extend(event.to_bottom)
            p.offers = []
            if not s.offers_pending:
                s.current.recruit = None
        case "income-earned", ev.IncomeEarned():
            s.current.income_earned = True
            s.current.reminders = []  # the scenario is resolved: its step ends
            s.current.exile_allowance = {}
            s.current.horde_exile_allowance = 0
            s.phase = "playing"
            s.gold = clamp_gold(s.gold + event.change)
        case "gold-adjusted", ev.GoldAdjusted():
            s.gold = clamp_gold(s.gold + event.change)
        case "pillaged", ev.Pillaged():
            s.gold = clamp_gold(s.gold + event.change)
        case "exiled", ev.Exiled() if event.horde:
            s.horde_deck[event.card] -= 1
            if s.horde_deck[event.card] <= 0:
                del s.horde_deck[event.card]
            s.horde_exiled.append(event.card)
            if event.free is False:
                s.current.horde_exile_allowance -= 1
        case "exiled", ev.Exiled():
            p = player_in(s, event.player)
            if event.free:
                p.exiled_free += 1
            elif event.free is False:  # absent: an exile recorded before allowances were kept
                s.current.exile_allowance[p.name] -= 1
            p.deck[event.card] -= 1
            if p.deck[event.card] <= 0:
                del p.deck[event.card]
            if event.card in p.top_of_deck:
                p.top_of_deck.remove(event.card)
            p.market.append(event.card)  # "return it to the bottom of its market deck"
            p.exiled.append(event.card)
        case "health-set", ev.HealthSet():
            s.castle_health = event.castle_health
        case "game-ended", ev.GameEnded():
            s.castle_health = event.castle_health
            record = s.games[-1]
            record.result = event.result
            record.castle_health = event.castle_health
            record.gold = s.gold
            s.current = CurrentGame()
            for p in s.players:
                p.top_of_deck = []
            if event.result == "lost":
                s.phase = "lost"
            elif event.game >= GAMES:
                s.phase = "won"
            else:
                s.phase = "between"
                s.game = event.game + 1
        case _:
            raise ValueError(f"unknown event {event!r}")


# the event's annotation is text: naming the two models here would make them on import
def _apply_effect(s: CampaignState, event: "ev.ActionTaken | ev.MandatoryResolved") -> None:
    """An action's or mandatory effect's outcome: gold, castle health, offers, Exile allowances, reminder.

    A new Exile X replaces what is left of the one before: the allowance is the action just taken."""
    s.gold = clamp_gold(s.gold + (event.change or 0))
    s.castle_health += event.castle_health or 0  # no maximum or minimum (glossary HEALTH)
    s.current.exile_allowance = {p.name: event.exile for p in s.players} if event.exile else {}
    s.current.horde_exile_allowance = event.exile_horde or 0
    if event.reminder:
        s.current.reminders.append(event.reminder)
    if event.offers is not None:
        _form_offers(s, event.recruit, event.offers)


def _form_offers(s: CampaignState, recruit: int | None, offers: dict[str, list[list[str]]]) -> None:
    for name in offers:
        player_in(s, name)
    for p in s.players:
        gone = missing(p.market, [code for o in offers.get(p.name, []) for code in o])
        if gone:
            raise ValueError(f"offer cards {', '.join(gone)} are not in {p.name}'s market deck")
    s.current.recruit = recruit
    for p in s.players:
        dealt = [list(o) for o in offers.get(p.name, [])]
        for offer in dealt:
            for code in offer:
                p.market.remove(code)
        p.offers = dealt


def fold(events: Iterable[ev.BaseModel]) -> CampaignState:
    """Replay a journal: the first event is ``created``; the rest change one working copy."""
    events = list(events)
    if not events:
        raise ValueError("an empty journal has no state")
    if not isinstance(events[0], ev.Created):
        raise ValueError("a journal must start with a 'created' event")
    state = initial(events[0])
    for index, event in enumerate(events[1:], 1):
        try:
            _apply_in_place(state, event)
        except (ValueError, KeyError, IndexError, AttributeError, TypeError) as exc:
            if isinstance(exc, ReplayError):
                raise
            raise ReplayError(index, event, str(exc)) from None
    return state


def replay(events: Iterable[ev.BaseModel]) -> Iterator[CampaignState]:
    """The state after each event of a journal, in order: each one a state of its own, equal to
    the fold of the journal up to that event."""
    state: CampaignState | None = None
    for event in events:
        state = apply(state, event)
        yield state


def after_each_game(events: Iterable[ev.BaseModel]) -> list[CampaignState]:
    """The state right after each game's end (its ``game-ended`` event), oldest game first."""
    journal = list(events)
    return [s for e, s in zip(journal, replay(journal)) if isinstance(e, ev.GameEnded)]
