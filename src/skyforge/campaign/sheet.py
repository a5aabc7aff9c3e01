"""What the printable campaign sheet shows: the four games, gold and castle health across them,
each player's deck with what was recruited and exiled in which game, and the piles left.

Everything is read from the states of the journal's fold (:func:`~skyforge.campaign.state.replay`),
one after each event, so the sheet says what ``campaign show`` and ``campaign log`` say. The
catalog only names the cards; a code it does not know is shown as the code.
:mod:`skyforge.campaign.sheet_html` draws it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal, overload

from pydantic import Field

from skyforge.campaign import events as ev
from skyforge.campaign.limits import GAMES
from skyforge.campaign.report import summary, uses_demo_data
from skyforge.campaign.state import CampaignState, replay
from skyforge.campaign.view import view_of
from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.empty import empty_list
from skyforge.errors import SkyforgeError
from skyforge.results import Result

if TYPE_CHECKING:
    from skyforge.catalog.models import AllianceCard
    from skyforge.catalog.models import Card as CatalogCard


class Card(Result):
    """An alliance card as the sheet lists it (only the code when the catalog lacks it)."""

    code: str
    name: str | None = None
    cost: int | None = None
    type: str | None = None
    rarity: str | None = None
    faction: str | None = None


@overload
def _find(catalog: Catalog | None, code: str, kind: Literal["alliance"]) -> AllianceCard | None: ...
@overload
def _find(catalog: Catalog | None, code: str, kind: str) -> CatalogCard | None: ...
def _find(catalog: Catalog | None, code: str, kind: str) -> CatalogCard | None:
    try:
        return catalog.find(code, kind) if catalog is not None else None
    except SkyforgeError:  # a name that matches several cards: the code is enough
        return None


def card_facts(catalog: Catalog | None, code: str) -> Card:
    card = _find(catalog, code, "alliance")
    if card is None:
        return Card.of(code=code)
    return Card.of(code=code, name=card.name, cost=card.cost, type=card.type, rarity=card.rarity, faction=card.faction)


class GameBox(Result):
    """One game of the four: what was drawn for it and how it went.

    ``status``: won, lost, in play, to play (not set up yet) or not played (the campaign was lost
    before it)."""

    number: int
    status: str
    scenario: str | None = None  # code
    scenario_name: str | None = None
    portal: str | None = None
    portal_name: str | None = None
    outsider: str | None = None
    henchman_scenario: str | None = None  # games 2 and 3: the scenario whose henchman is the outsider
    henchman_scenario_name: str | None = None
    final_outsider: str | None = None  # game 4's outsider, known from the start
    actions: list[str] = Field(default_factory=empty_list)
    pillaged: int = 0  # cards pillaged during the game
    gold_before: int | None = None  # when it was set up
    castle_health_before: int | None = None
    gold: int | None = None  # at its end
    castle_health: int | None = None


class Point(Result):
    """Gold and castle health after one event: ``x`` in games (0 the start, k the end of game k)."""

    x: float
    game: int
    gold: int
    castle_health: int
    game_end: bool
    event: int  # its index in the journal
    what: str  # the event's summary, as the log says it


class DeckChange(Result):
    """Cards recruited into or exiled from a player's deck in one game (``before_game``: between
    the game before and this one's setup)."""

    game: int
    kind: str  # recruited | exiled
    cards: list[str]
    before_game: bool = False
    house_rule: bool = False  # exiled beyond the allowance (--free)


class DeckRow(Result):
    """A card that was in the deck at some time: copies at the start, gained and lost in each game, now."""

    card: Card
    start: int
    recruited: dict[int, int]  # game → copies
    exiled: dict[int, int]
    now: int


class PileCard(Result):
    code: str
    name: str | None
    copies: int = 1


class Pile(Result):
    """A pile of cards left: how many, and which (by code)."""

    size: int
    cards: list[PileCard]


class PlayerSheet(Result):
    name: str
    castle: str  # code
    castle_name: str | None
    visiting: bool
    start_size: int
    deck_size: int
    rows: list[DeckRow]
    changes: list[DeckChange]
    market: Pile  # by code: the order of a shuffled market deck is not the players' to see


class Sheet(Result):
    name: str
    status: str
    seed: int
    format: str
    castle: str
    castle_name: str | None
    full_health: int
    gold: int
    castle_health: int
    difficulty: int
    hordes: list[str]
    final_outsider: str
    games: list[GameBox]
    points: list[Point]
    players: list[PlayerSheet]
    scenario_pile: Pile
    portal_pile: Pile
    horde_deck: Pile
    horde_exiled: list[str]
    demo: bool


def _when(before: CampaignState) -> tuple[int, bool]:
    """The game an event belongs to, and whether it came between games (before that one's setup)."""
    return min(before.game, GAMES), before.phase in ("setup", "between")


def _named_pile(cards: list[ev.Scenario] | list[ev.Portal]) -> Pile:
    return Pile.of(size=len(cards), cards=[PileCard.of(code=c.code, name=c.name) for c in cards])


def _counted_pile(catalog: Catalog | None, cards: Counter, kind: str) -> Pile:
    found = {code: _find(catalog, code, kind) for code in cards}
    return Pile.of(
        size=sum(cards.values()),
        cards=[
            PileCard.of(code=code, name=getattr(found[code], "name", None), copies=cards[code])
            for code in sorted(cards, key=code_order)
        ],
    )


def _is(player: str | None, name: str) -> bool:
    """Whether an event names this player (names are matched in any case, as the fold matches them)."""
    return player is not None and player.casefold() == name.casefold()


def _games(events: list, states: list[CampaignState]) -> list[GameBox]:
    """The four game boxes: drawn, played and ended as the journal says."""
    created = events[0]
    names = {c.code: c.name for c in (*created.scenario_pile, *created.portal_pile)}
    final = states[-1]
    actions: dict[int, list[str]] = {}
    pillaged: Counter = Counter()
    before_setup: dict[int, CampaignState] = {}
    for i, event in enumerate(events[1:], 1):
        before = states[i - 1]
        if isinstance(event, ev.GameSetUp):
            before_setup[event.game] = before
        elif isinstance(event, ev.ActionTaken):
            actions.setdefault(before.game, []).append(event.action)
        elif isinstance(event, ev.Pillaged):
            pillaged[before.game] += event.cards
    boxes = []
    for number in range(1, GAMES + 1):
        known = final.final_outsider if number == GAMES else None
        if number > len(final.games):
            status = "not played" if final.phase == "lost" else "to play"
            boxes.append(GameBox.of(number=number, status=status, final_outsider=known))
            continue
        g = final.games[number - 1]
        start = before_setup[number]
        boxes.append(
            GameBox.of(
                number=number,
                status=g.result or "in play",
                scenario=g.scenario,
                scenario_name=names.get(g.scenario),
                portal=g.portal,
                portal_name=names.get(g.portal),
                outsider=g.outsider,
                henchman_scenario=g.henchman_scenario,
                henchman_scenario_name=names.get(g.henchman_scenario) if g.henchman_scenario else None,
                final_outsider=known,
                actions=actions.get(number, []),
                pillaged=pillaged[number],
                gold_before=start.gold,
                castle_health_before=start.castle_health,
                gold=g.gold,
                castle_health=g.castle_health,
            )
        )
    return boxes


def _points(events: list, states: list[CampaignState]) -> list[Point]:
    """Gold and castle health at the start and after every event that changed them, or ended a
    game; the points of game k lie between x = k - 1 and x = k (its end)."""
    first = states[0]
    by_game: dict[int, list[tuple[int, ev.Event, CampaignState]]] = {}
    for i, event in enumerate(events[1:], 1):
        before, after = states[i - 1], states[i]
        changed = (before.gold, before.castle_health) != (after.gold, after.castle_health)
        if changed or isinstance(event, ev.GameEnded):
            by_game.setdefault(_when(before)[0], []).append((i, event, after))
    points = [
        Point.of(
            x=0.0,
            game=0,
            gold=first.gold,
            castle_health=first.castle_health,
            game_end=False,
            event=0,
            what=summary(events[0]),
        )
    ]
    for game in sorted(by_game):
        steps = by_game[game]
        ended = isinstance(steps[-1][1], ev.GameEnded)
        room = len(steps) if ended else len(steps) + 1
        for j, (i, event, after) in enumerate(steps, 1):
            points.append(
                Point.of(
                    x=round(game - 1 + j / room, 4),
                    game=game,
                    gold=after.gold,
                    castle_health=after.castle_health,
                    game_end=isinstance(event, ev.GameEnded),
                    event=i,
                    what=summary(event),
                )
            )
    return points


def _player(catalog: Catalog | None, name: str, events: list, states: list[CampaignState]) -> PlayerSheet:
    start: Counter = Counter()
    recruited: dict[str, Counter] = {}
    exiled: dict[str, Counter] = {}
    changes: list[DeckChange] = []
    for i, event in enumerate(events[1:], 1):
        game, between = _when(states[i - 1])
        if isinstance(event, ev.StartingDeck) and _is(event.player, name):
            start.update(event.cards)
        elif isinstance(event, ev.OfferTaken) and _is(event.player, name) and event.cards:
            for code in event.cards:
                recruited.setdefault(code, Counter())[game] += 1
            changes.append(DeckChange.of(game=game, kind="recruited", cards=list(event.cards), before_game=between))
        elif isinstance(event, ev.Exiled) and not event.horde and _is(event.player, name):
            exiled.setdefault(event.card, Counter())[game] += 1
            changes.append(
                DeckChange.of(
                    game=game, kind="exiled", cards=[event.card], before_game=between, house_rule=bool(event.free)
                )
            )
    p = states[-1].player(name)
    assert p is not None, "a player of the campaign's first event is in every state"
    codes = sorted({*start, *recruited, *exiled, *p.deck}, key=code_order)
    rows = [
        DeckRow.of(
            card=card_facts(catalog, code),
            start=start[code],
            recruited=dict(sorted(recruited.get(code, Counter()).items())),
            exiled=dict(sorted(exiled.get(code, Counter()).items())),
            now=p.deck[code],
        )
        for code in codes
    ]
    castle = _find(catalog, p.castle, "castle")
    return PlayerSheet.of(
        name=p.name,
        castle=p.castle,
        castle_name=castle.name if castle is not None else None,
        visiting=p.visiting,
        start_size=sum(start.values()),
        deck_size=sum(p.deck.values()),
        rows=rows,
        changes=changes,
        market=_counted_pile(catalog, Counter(p.market), "alliance"),
    )


def campaign_sheet(events: list, catalog: Catalog | None = None) -> Sheet:
    """The sheet of the campaign whose journal is ``events`` (oldest first, ``created`` first)."""
    states = list(replay(events))
    final = states[-1]
    return Sheet.of(
        name=final.name,
        status=final.status,
        seed=final.seed,
        format=final.format,
        castle=final.castle,
        castle_name=final.castle_name,
        full_health=final.full_health,
        gold=final.gold,
        castle_health=final.castle_health,
        difficulty=final.difficulty,
        hordes=list(final.hordes),
        final_outsider=final.final_outsider,
        games=_games(events, states),
        points=_points(events, states),
        players=[_player(catalog, p.name, events, states) for p in final.players],
        scenario_pile=_named_pile(final.scenario_pile),
        portal_pile=_named_pile(final.portal_pile),
        horde_deck=_counted_pile(catalog, Counter(final.horde_deck), "horde"),
        horde_exiled=list(final.horde_exiled),
        demo=uses_demo_data(view_of(final), catalog),
    )


__all__ = [
    "Card",
    "DeckChange",
    "DeckRow",
    "GameBox",
    "Pile",
    "PileCard",
    "PlayerSheet",
    "Point",
    "Sheet",
    "campaign_sheet",
]
