"""What a campaign tells its players, the same for people and for scripts: one line per event
of the journal (``campaign log``, its ``--json`` and ``undo``), each card it names with its
name, cost, type, rarity and faction (:func:`card_text`, :func:`card_facts`), the campaign as
``campaign show`` gives it (:func:`shown`), what a command changed (:func:`changes`), the listing
of a workspace's campaigns, and whether a campaign uses the fictional demo data."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, field_serializer

from skyforge.campaign import events as ev
from skyforge.campaign.events import event_dict
from skyforge.campaign.state import CampaignState
from skyforge.campaign.view import CampaignView, CardFacts, view_of
from skyforge.empty import empty_dict
from skyforge.errors import SkyforgeError, option
from skyforge.results import Result
from skyforge.terms import demo_note
from skyforge.text import plural

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

DEMO_NOTE = demo_note()

#: what a player reads of a card in an offer, the log or undo, in this order
CARD_FACTS = ("name", "cost", "type", "rarity", "faction")


def card_facts(catalog: Catalog | None, code: str) -> dict:
    """A card's name, cost, type, rarity and faction (None where the catalog does not say, or
    has no such card): what every ``--json`` that lists a campaign's cards gives beside the code."""
    if catalog is not None and code in catalog.cards:  # a card's key: its facts from the index, no card made
        return {fact: catalog.name_of(code) if fact == "name" else catalog.facet_of(code, fact) for fact in CARD_FACTS}
    try:
        card = catalog.find(code) if catalog is not None else None
    except SkyforgeError:
        card = None
    return {fact: getattr(card, fact, None) for fact in CARD_FACTS}


def card_text(catalog: Catalog | None, code: str) -> str:
    """A card as offers, the log and undo show it: "DEMO.022 Cloudloom Weaver (3 mana, ally,
    rare, liothan)"; what the catalog does not give is left out, an unknown card is its code."""
    facts = card_facts(catalog, code)
    if facts["name"] is None:
        return code
    cost = facts["cost"]
    bits = [f"{cost} mana" if cost is not None else None, facts["type"], facts["rarity"], facts["faction"]]
    told = ", ".join(b for b in bits if b)
    return f"{code} {facts['name']}" + (f" ({told})" if told else "")


def card_table(catalog: Catalog | None, codes: Iterable[str]) -> dict[str, dict]:
    """``{code: card_facts}`` for each of ``codes`` once, in order: the ``cards`` of a ``--json``."""
    return {code: card_facts(catalog, code) for code in dict.fromkeys(codes)}


def cards_named(event: ev.Event) -> list[str]:
    """The alliance (or horde) cards an event names: offers, an offer taken, an exile, a starting deck."""
    codes = [code for offers in (getattr(event, "offers", None) or {}).values() for offer in offers for code in offer]
    if event.type in ("offer-taken", "starting-deck"):
        codes += list(event.cards)
    if event.type == "offer-taken":
        codes += event.to_bottom
    if event.type == "exiled":
        codes.append(event.card)
    return codes


def campaign_cards(state: CampaignState) -> list[str]:
    """Every card ``campaign show`` lists: each player's deck, market deck, offers and exiles, the horde deck."""
    codes: list[str] = []
    for p in state.players:
        codes += [*p.deck, *p.market, *(c for offer in p.offers for c in offer), *p.exiled]
    return [*codes, *state.horde_deck, *state.horde_exiled]


def _cards(catalog: Catalog | None, codes: Iterable[str]) -> str:
    return ", ".join(card_text(catalog, code) for code in codes)


def _created(e: ev.Created, catalog: Catalog | None) -> str:
    return f"campaign {e.name} created (seed {e.seed}, {plural(len(e.players), 'player')})"


def _starting_deck(e: ev.StartingDeck, catalog: Catalog | None) -> str:
    return f"{e.player} chose a starting deck of {plural(sum(e.cards.values()), 'card')}"


def _game_set_up(e: ev.GameSetUp, catalog: Catalog | None) -> str:
    return f"game {e.game} set up: scenario {e.scenario}, portal {e.portal}, outsider {e.outsider}"


def _effect(e: ev.ActionTaken | ev.MandatoryResolved, catalog: Catalog | None) -> str:
    """An action taken or a mandatory effect: what it applied, the offers it formed, what is left by hand."""
    parts = [f"gold {e.change:+d}"] if e.change is not None else []
    if e.castle_health:
        parts.append(f"castle health {e.castle_health:+d}")
    if e.exile:
        parts.append(f"exile {e.exile} each")
    if e.exile_horde:
        parts.append(f"exile {plural(e.exile_horde, 'horde card')}")
    offers = f"; offers formed for {', '.join(e.offers)}" if e.offers else ""
    reminder = f"; reminder: {e.reminder}" if e.reminder else ""
    what = f"action {e.action}" if e.type == "action-taken" else f"mandatory effect of {e.scenario}"
    return f"{what} ({', '.join(parts) or 'nothing applied'}){offers}{reminder}"


def _exiled(e: ev.Exiled, catalog: Catalog | None) -> str:
    house = f" (house rule: {option('free')})" if e.free else ""
    card = card_text(catalog, e.card)
    return f"{card} exiled from the horde deck{house}" if e.horde else f"{e.player} exiled {card}{house}"


#: each takes the event of the type its key names (Any: the key, not the type, tells which) and
#: the catalog the cards are looked up in (None: codes alone)
_SUMMARIES: dict[str, Callable[[Any, Any], str]] = {
    "created": _created,
    "starting-deck": _starting_deck,
    "game-set-up": _game_set_up,
    "action-taken": _effect,
    "mandatory-resolved": _effect,
    "offers-formed": lambda e, catalog: f"Recruit {e.recruit}: offers formed for " + ", ".join(e.offers),
    "offer-taken": lambda e, catalog: f"{e.player} took offer {e.offer}: {_cards(catalog, e.cards)}",
    "income-earned": lambda e, catalog: f"scenario income (gold {e.change:+d})",
    "gold-adjusted": lambda e, catalog: f"gold {e.amount:+d} (applied {e.change:+d})",
    "pillaged": lambda e, catalog: f"{plural(e.cards, 'card')} pillaged (gold {e.change:+d})",
    "exiled": _exiled,
    "health-set": lambda e, catalog: f"castle health set to {e.castle_health}",
    "game-ended": lambda e, catalog: f"game {e.game} {e.result}, castle health {e.castle_health}",
}


def summary(event: ev.Event, catalog: Catalog | None = None) -> str:
    """What an event did, in one line of the players' words; with ``catalog``, each card it names
    as :func:`card_text` shows it."""
    say = _SUMMARIES.get(event.type)
    return say(event, catalog) if say is not None else event.type


def details(event: ev.Event, catalog: Catalog | None = None) -> list[str]:
    """The lines under an event's summary: each offer it formed, with its cards."""
    return [
        f"{player}'s offer {number}: {_cards(catalog, offer)}"
        for player, offers in (getattr(event, "offers", None) or {}).items()
        for number, offer in enumerate(offers, 1)
    ]


def log_entries(events: list, catalog: Catalog | None = None, start: int = 0) -> list[dict]:
    """The journal, oldest first (``events`` from index ``start``): each event's index (what
    ``undo`` removes from the end), its summary, the lines under it, its fields, and the cards it
    names with their facts — the ``campaign log --json`` contract."""
    out = []
    for i, e in enumerate(events, start):
        entry = {"index": i, "summary": summary(e, catalog), "details": details(e, catalog), **event_dict(e)}
        named = cards_named(e)
        if named:
            entry["cards"] = card_table(catalog, named)
        out.append(entry)
    return out


def facts_table(catalog: Catalog | None, codes: Iterable[str]) -> dict[str, CardFacts]:
    """:func:`card_table` as typed results."""
    return {code: CardFacts.of(**facts) for code, facts in card_table(catalog, codes).items()}


class CampaignShown(CampaignView):
    """``campaign show``: the campaign, the facts of every card it lists, and whether it uses the
    demo data."""

    cards: dict[str, CardFacts]
    demo: bool = Field(default=False, exclude_if=lambda demo: not demo)
    demo_note: str | None = Field(default=None, exclude_if=lambda note: note is None)


def shown(state: CampaignState, catalog: Catalog | None = None, facts: bool = True) -> CampaignShown:
    """The campaign as ``campaign show`` gives it; without ``facts``, its ``cards`` left empty (a
    view for people names each card from the catalog's index, and makes none)."""
    campaign = view_of(state)
    demo = uses_demo_data(campaign, catalog)
    return CampaignShown.of(
        **dict(campaign),
        cards=facts_table(catalog, campaign_cards(state)) if facts else {},
        demo=demo,
        demo_note=DEMO_NOTE if demo else None,
    )


class CampaignChange(Result):
    """What a command did: its new events, the campaign after them, the facts of every card the
    new events name, and what the command warns of (``campaign start-deck``)."""

    # each a model of :data:`skyforge.campaign.events.Event`; the union is not named here, so that a
    # command makes the models of the events it reads and writes only (dumped by _recorded below)
    events: list[BaseModel]
    campaign: CampaignView
    cards: dict[str, CardFacts] = Field(default_factory=empty_dict, exclude_if=lambda cards: not cards)
    warnings: list[str] | None = Field(default=None, exclude_if=lambda warnings: warnings is None)
    before: CampaignView = Field(exclude=True)  # the campaign before them, for people

    # the return is not annotated: pydantic then keeps the events' own JSON Schema
    @field_serializer("events", mode="wrap")
    def _recorded(self, events: list[ev.Event], handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """Each event as the journal records it: type first, no empty fields."""
        return [event_dict(e) for e in events]


def changes(
    new: Sequence[ev.Event],
    before: CampaignState,
    after: CampaignState,
    catalog: Catalog | None = None,
    warnings: list[str] | None = None,
) -> CampaignChange:
    """What a command did (every changing command's ``--json``)."""
    return CampaignChange.of(
        events=list(new),
        campaign=view_of(after),
        cards=facts_table(catalog, [code for e in new for code in cards_named(e)]),
        warnings=warnings,
        before=view_of(before),
    )


def listing(rows: list[tuple[Path, CampaignState | None, str | None]]) -> list[dict]:
    """Each campaign file with its status, game, gold and castle health, or the error that stops
    reading it (``campaign list --json``)."""
    return [
        {
            "name": path.stem,
            "file": str(path),
            **(
                {"status": s.status, "game": s.game, "gold": s.gold, "castle_health": s.castle_health}
                if s is not None
                else {"error": error}
            ),
        }
        for path, s, error in rows
    ]


def uses_demo_data(campaign: CampaignView, catalog: Catalog | None = None) -> bool:
    """Whether the campaign's castle, decks, scenarios, portals or hordes are demo data (the DEMO set).

    Codes are looked up in ``catalog`` when given; a code of the DEMO set counts as demo anyway,
    so a campaign read with another catalog is still marked."""
    codes = [campaign.castle, *campaign.horde_deck, *campaign.scenario_pile, *campaign.portal_pile]
    codes += [x for g in campaign.games for x in (g.scenario, g.portal)]
    for p in campaign.players:
        codes += [p.castle, *p.deck, *p.market]
    for code in codes:
        if code and code.upper().startswith("DEMO."):
            return True
    if catalog is not None:
        if any(
            catalog.provenance(c) == "demo"
            for c in catalog.of_kind("horde")
            if getattr(c, "horde", None) in campaign.hordes
        ):
            return True
        for code in dict.fromkeys(c for c in codes if c):
            try:
                card = catalog.find(code)
            except SkyforgeError:
                card = None
            if card is not None and catalog.provenance(card) == "demo":
                return True
    return False


__all__ = [
    "CARD_FACTS",
    "DEMO_NOTE",
    "CampaignChange",
    "CampaignShown",
    "campaign_cards",
    "card_facts",
    "card_table",
    "card_text",
    "cards_named",
    "changes",
    "details",
    "facts_table",
    "listing",
    "log_entries",
    "shown",
    "summary",
    "uses_demo_data",
]
