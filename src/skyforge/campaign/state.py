"""The campaign's state: the pure fold of its events.

``apply(state, event)`` returns a new state and never changes the one it is
given; ``fold(events)`` replays a whole journal. Nothing here draws at random
or reads the catalog: every outcome is already in the events.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from skyforge.campaign import plain_events as ev   # records read from files, and the models commands create
from skyforge.errors import SkyforgeError

GOLD_START = 10   # "Set your gold to 10."
GOLD_MAX = 40     # "Gold can be at most 40."
GOLD_MIN = 0      # "Gold cannot be negative"
GAMES = 4         # "A campaign is a series of four games"
STARTING_BASE = 18       # "at most 18 base cards
STARTING_LEGENDARY = 2   #  and 2 legendary cards"


def clamp_gold(value: int) -> int:
    return max(GOLD_MIN, min(GOLD_MAX, value))


@dataclass
class PlayerState:
    name: str
    castle: str
    visiting: bool
    market_decks: list[str]
    market: list[str]                      # top first
    deck: Counter = field(default_factory=Counter)
    top_of_deck: list[str] = field(default_factory=list)   # recruited this game, on top of the deck
    starting_deck_chosen: bool = False
    offers: list[list[str]] = field(default_factory=list)  # pending offers
    exiled: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"name": self.name, "castle": self.castle, "visiting": self.visiting,
                "deck": dict(sorted(self.deck.items())), "deck_size": sum(self.deck.values()),
                "top_of_deck": list(self.top_of_deck), "market": list(self.market),
                "market_decks": list(self.market_decks), "offers": [list(o) for o in self.offers],
                "starting_deck_chosen": self.starting_deck_chosen, "exiled": list(self.exiled)}


@dataclass
class CurrentGame:
    scenario: ev.Scenario | None = None
    portal: ev.Portal | None = None
    outsider: str | None = None
    henchman_scenario: ev.Scenario | None = None
    actions_taken: list[str] = field(default_factory=list)
    income_earned: bool = False
    recruit: int | None = None      # X while offers are pending

    def as_dict(self) -> dict:
        scenario = self.scenario
        return {"scenario": scenario.code if scenario else None,
                "portal": self.portal.code if self.portal else None,
                "outsider": self.outsider,
                "henchman_scenario": self.henchman_scenario.code if self.henchman_scenario else None,
                "actions_taken": list(self.actions_taken), "income_earned": self.income_earned,
                "recruit": self.recruit,
                "scenario_card": scenario.model_dump(exclude_none=True) if scenario else None,
                "portal_card": self.portal.model_dump(exclude_none=True) if self.portal else None}


@dataclass
class GameRecord:
    number: int
    scenario: str
    portal: str
    outsider: str
    henchman_scenario: str | None = None
    result: str | None = None
    castle_health: int | None = None
    gold: int | None = None

    def as_dict(self) -> dict:
        return {"number": self.number, "scenario": self.scenario, "portal": self.portal,
                "outsider": self.outsider, "henchman_scenario": self.henchman_scenario,
                "result": self.result, "castle_health": self.castle_health, "gold": self.gold}


@dataclass
class CampaignState:
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
    gold: int = GOLD_START
    game: int = 1
    phase: str = "setup"    # setup | scenario | playing | between | won | lost
    current: CurrentGame = field(default_factory=CurrentGame)
    games: list[GameRecord] = field(default_factory=list)
    events: int = 0         # how many events were folded

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

    def as_dict(self) -> dict:
        return {
            "name": self.name, "seed": self.seed, "status": self.status, "game": self.game,
            "gold": self.gold, "castle_health": self.castle_health, "full_health": self.full_health,
            "castle": self.castle, "castle_name": self.castle_name, "format": self.format,
            "hordes": list(self.hordes), "difficulty": self.difficulty,
            "horde_deck": dict(self.horde_deck), "horde_deck_notes": list(self.horde_deck_notes),
            "scenario_pile": [s.code for s in self.scenario_pile],
            "portal_pile": [p.code for p in self.portal_pile],
            "final_outsider": self.final_outsider,
            "current": self.current.as_dict(),
            "players": [p.as_dict() for p in self.players],
            "games": [g.as_dict() for g in self.games],
            "notes": list(self.notes), "events": self.events,
        }


def initial(created: ev.Created) -> CampaignState:
    return CampaignState(
        name=created.name, seed=created.seed, castle=created.castle, castle_name=created.castle_name,
        full_health=created.castle_health, castle_health=created.castle_health, format=created.format,
        hordes=list(created.hordes), difficulty=created.difficulty, horde_deck=dict(created.horde_deck),
        horde_deck_notes=list(created.horde_deck_notes), scenario_pile=list(created.scenario_pile),
        portal_pile=list(created.portal_pile), final_outsider=created.final_outsider,
        players=[PlayerState(p.name, p.castle, p.visiting, list(p.market_decks), list(p.market))
                 for p in created.players],
        notes=list(created.notes), events=1)


def _take(pile: list, code: str) -> object:
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
    s.scenario_pile = list(state.scenario_pile)
    s.portal_pile = list(state.portal_pile)
    s.players = [replace(p, market_decks=list(p.market_decks), market=list(p.market), deck=Counter(p.deck),
                         top_of_deck=list(p.top_of_deck), offers=[list(o) for o in p.offers],
                         exiled=list(p.exiled)) for p in state.players]
    s.current = replace(state.current, actions_taken=list(state.current.actions_taken))
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


def _player(s: CampaignState, name: str) -> PlayerState:
    p = s.player(name)
    if p is None:
        raise ValueError(f"no player '{name}' in the campaign (players: {', '.join(q.name for q in s.players)})")
    return p


def _missing(have: list[str] | Counter, want: Iterable[str]) -> list[str]:
    """The codes of ``want`` (a multiset) that ``have`` does not hold."""
    left = Counter(have)
    out = []
    for code in want:
        if left[code] > 0:
            left[code] -= 1
        else:
            out.append(code)
    return out


def _check(s: CampaignState, event: ev.BaseModel) -> None:
    """Raise ValueError unless ``event`` can follow state ``s`` (what its command checked)."""
    if s.phase in ("won", "lost"):
        raise ValueError(f"the campaign is over ({s.phase}): nothing can follow")
    match event:
        case ev.StartingDeck():
            p = _player(s, event.player)
            if p.starting_deck_chosen:
                raise ValueError(f"{p.name} has already chosen a starting deck")
            if s.status != "new":
                raise ValueError("a starting deck is chosen before game 1")
            gone = _missing(p.market, [c for code, n in event.cards.items() for c in [code] * n])
            if gone:
                raise ValueError(f"{', '.join(gone)} not in {p.name}'s market deck")
        case ev.GameSetUp():
            if s.status != "ready":
                raise ValueError(f"a game is already in play (game {s.game})" if s.status != "new" else
                                 "a game is set up after every player has chosen a starting deck")
            if event.game != len(s.games) + 1:
                raise ValueError(f"game {event.game} set up after {len(s.games)} game(s)")
        case ev.ActionTaken() | ev.IncomeEarned():
            if s.phase != "scenario":
                raise ValueError("scenario actions and income only while resolving a scenario "
                                 f"(the campaign is {'between games' if s.phase in ('setup', 'between') else s.phase})")
            if s.offers_pending:
                raise ValueError("Recruit offers are still open")
        case ev.OffersFormed():
            if s.status == "new":
                raise ValueError("offers are formed once the starting decks are chosen")
            if s.offers_pending:
                raise ValueError("Recruit offers are still open")
        case ev.OfferTaken():
            p = _player(s, event.player)
            if not p.offers:
                raise ValueError(f"{p.name} has no open offers")
            if event.offer > len(p.offers):
                raise ValueError(f"{p.name} has offers 1 to {len(p.offers)}, not {event.offer}")
            if list(event.cards) != p.offers[event.offer - 1]:
                raise ValueError(f"{', '.join(event.cards) or 'no cards'} is not {p.name}'s offer {event.offer} "
                                 f"({', '.join(p.offers[event.offer - 1])})")
            rest = [code for i, offer in enumerate(p.offers) if i != event.offer - 1 for code in offer]
            if sorted(rest) != sorted(event.to_bottom):
                raise ValueError(f"to_bottom is not the cards of {p.name}'s other offers")
        case ev.Exiled():
            p = _player(s, event.player)
            if s.status == "new":
                raise ValueError("cards are exiled once the starting decks are chosen")
            if p.deck.get(event.card, 0) < 1:
                raise ValueError(f"{p.name}'s deck holds no {event.card}")
        case ev.HealthSet():
            if s.status == "new":
                raise ValueError("the castle health is set once the starting decks are chosen")
        case ev.Pillaged():
            if s.status not in ("scenario", "playing"):
                raise ValueError("cards are pillaged during a game")
        case ev.GameEnded():
            if s.phase not in ("scenario", "playing") or not s.games:
                raise ValueError("no game in play to end")
            if event.game != s.games[-1].number:
                raise ValueError(f"game {event.game} ended, but game {s.games[-1].number} is in play")


def _apply_in_place(s: CampaignState, event: ev.BaseModel) -> None:
    if isinstance(event, ev.Created):
        raise ValueError("a journal has one 'created' event, the first")
    _check(s, event)
    s.events += 1
    match event:
        case ev.StartingDeck(player=name, cards=cards):
            p = _player(s, name)
            for code, n in cards.items():
                for _ in range(n):
                    p.market.remove(code)
            p.deck.update(cards)
            p.starting_deck_chosen = True
        case ev.GameSetUp():
            s.game = event.game
            s.phase = "scenario"
            scenario = _take(s.scenario_pile, event.scenario)
            portal = _take(s.portal_pile, event.portal)
            henchman = _take(s.scenario_pile, event.henchman_scenario) if event.henchman_scenario else None
            s.current = CurrentGame(scenario=scenario, portal=portal, outsider=event.outsider,
                                    henchman_scenario=henchman)
            for p in s.players:
                p.top_of_deck = []
            s.games.append(GameRecord(event.game, event.scenario, event.portal, event.outsider,
                                      event.henchman_scenario))
        case ev.ActionTaken():
            s.current.actions_taken.append(event.action)
            s.gold = clamp_gold(s.gold + event.change)
            if event.offers is not None:
                _form_offers(s, event.recruit, event.offers)
        case ev.OffersFormed():
            _form_offers(s, event.recruit, event.offers)
        case ev.OfferTaken():
            p = _player(s, event.player)
            p.deck.update(event.cards)
            p.top_of_deck = list(event.cards) + p.top_of_deck
            p.market.extend(event.to_bottom)
            p.offers = []
            if not s.offers_pending:
                s.current.recruit = None
        case ev.IncomeEarned():
            s.current.income_earned = True
            s.phase = "playing"
            s.gold = clamp_gold(s.gold + event.change)
        case ev.GoldAdjusted() | ev.Pillaged():
            s.gold = clamp_gold(s.gold + event.change)
        case ev.Exiled():
            p = _player(s, event.player)
            p.deck[event.card] -= 1
            if p.deck[event.card] <= 0:
                del p.deck[event.card]
            if event.card in p.top_of_deck:
                p.top_of_deck.remove(event.card)
            p.market.append(event.card)       # "return it to the bottom of its market deck"
            p.exiled.append(event.card)
        case ev.HealthSet():
            s.castle_health = event.castle_health
        case ev.GameEnded():
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


def _form_offers(s: CampaignState, recruit: int | None, offers: dict[str, list[list[str]]]) -> None:
    for name in offers:
        _player(s, name)
    for p in s.players:
        gone = _missing(p.market, [code for o in offers.get(p.name, []) for code in o])
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


DEMO_NOTE = "demo data: fictional DEMO cards, not the published game's"


def uses_demo_data(state: CampaignState, catalog=None) -> bool:
    """Whether the campaign's castle, decks, scenarios, portals or hordes are demo data (the DEMO set).

    Codes are looked up in ``catalog`` when given; a code of the DEMO set counts as demo anyway,
    so a campaign read with another catalog is still marked."""
    codes = [state.castle, *state.horde_deck]
    codes += [x.code for x in (*state.scenario_pile, *state.portal_pile)]
    codes += [x for g in state.games for x in (g.scenario, g.portal)]
    for p in state.players:
        codes += [p.castle, *p.deck, *p.market]
    for code in codes:
        if code and code.upper().startswith("DEMO."):
            return True
    if catalog is not None:
        if any(catalog.provenance(c) == "demo" for c in catalog.of_kind("horde")
               if getattr(c, "horde", None) in state.hordes):
            return True
        for code in dict.fromkeys(c for c in codes if c):
            try:
                card = catalog.find(code)
            except SkyforgeError:
                card = None
            if card is not None and catalog.provenance(card) == "demo":
                return True
    return False
