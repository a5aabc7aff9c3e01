"""What a campaign tells its players, the same for people and for scripts: one line per event
of the journal (``campaign log``, its ``--json`` and ``undo``), the listing of a workspace's
campaigns, and whether a campaign uses the fictional demo data."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from skyforge.campaign.events import event_dict
from skyforge.campaign.state import CampaignState
from skyforge.errors import SkyforgeError
from skyforge.terms import demo_note
from skyforge.text import plural

DEMO_NOTE = demo_note()


def _created(e) -> str:
    return f"campaign {e.name} created (seed {e.seed}, {plural(len(e.players), 'player')})"


def _starting_deck(e) -> str:
    return f"{e.player} chose a starting deck of {plural(sum(e.cards.values()), 'card')}"


def _game_set_up(e) -> str:
    return f"game {e.game} set up: scenario {e.scenario}, portal {e.portal}, outsider {e.outsider}"


def _effect(e) -> str:
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


def _exiled(e) -> str:
    house = " (house rule: --free)" if e.free else ""
    return f"{e.card} exiled from the horde deck{house}" if e.horde else f"{e.player} exiled {e.card}{house}"


#: each takes the event of the type its key names (Any: the key, not the type, tells which)
_SUMMARIES: dict[str, Callable[[Any], str]] = {
    "created": _created,
    "starting-deck": _starting_deck,
    "game-set-up": _game_set_up,
    "action-taken": _effect,
    "mandatory-resolved": _effect,
    "offers-formed": lambda e: f"Recruit {e.recruit}: offers formed for " + ", ".join(e.offers),
    "offer-taken": lambda e: f"{e.player} took offer {e.offer}: {', '.join(e.cards)}",
    "income-earned": lambda e: f"scenario income (gold {e.change:+d})",
    "gold-adjusted": lambda e: f"gold {e.amount:+d} (applied {e.change:+d})",
    "pillaged": lambda e: f"{plural(e.cards, 'card')} pillaged (gold {e.change:+d})",
    "exiled": _exiled,
    "health-set": lambda e: f"castle health set to {e.castle_health}",
    "game-ended": lambda e: f"game {e.game} {e.result}, castle health {e.castle_health}",
}


def summary(event) -> str:
    """What an event did, in one line of the players' words."""
    say = _SUMMARIES.get(event.type)
    return say(event) if say is not None else event.type


def log_entries(events: list) -> list[dict]:
    """The journal, oldest first: each event's index (what ``undo`` removes from the end), its
    summary and its fields — the ``campaign log --json`` contract."""
    return [{"index": i, "summary": summary(e), **event_dict(e)} for i, e in enumerate(events)]


def changes(new: list, after: CampaignState) -> dict:
    """What a command did: its new events and the campaign after them (every changing command's
    ``--json``)."""
    return {"events": [event_dict(e) for e in new], "campaign": after.as_dict()}


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


def uses_demo_data(state: CampaignState, catalog=None) -> bool:
    """Whether the campaign's castle, decks, scenarios, portals or hordes are demo data (the DEMO set).

    Codes are looked up in ``catalog`` when given; a code of the DEMO set counts as demo anyway,
    so a campaign read with another catalog is still marked."""
    codes = [state.castle, *state.horde_deck]
    codes += [x.code for x in state.scenario_pile] + [x.code for x in state.portal_pile]
    codes += [x for g in state.games for x in (g.scenario, g.portal)]
    for p in state.players:
        codes += [p.castle, *p.deck, *p.market]
    for code in codes:
        if code and code.upper().startswith("DEMO."):
            return True
    if catalog is not None:
        if any(
            catalog.provenance(c) == "demo"
            for c in catalog.of_kind("horde")
            if getattr(c, "horde", None) in state.hordes
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


__all__ = ["DEMO_NOTE", "changes", "listing", "log_entries", "summary", "uses_demo_data"]
