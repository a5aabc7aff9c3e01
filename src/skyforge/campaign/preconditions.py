"""What must hold for an event to follow a campaign's state: what the command that made it
checked. :func:`skyforge.campaign.state.fold` checks each event of a journal before applying it,
so a journal edited by hand into something the rules forbid is refused with the reason. And the
player an event (:func:`player_in`) or a request (:func:`find_player`) names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from skyforge.campaign import events as ev
from skyforge.campaign.limits import clamp_gold
from skyforge.errors import InputError, NotFoundError, Problem, option
from skyforge.text import plural

if TYPE_CHECKING:
    from skyforge.campaign.state import CampaignState, PlayerState


def created_problem(created: ev.Created) -> str | None:
    """What the rules make impossible in a campaign's setup, whatever the catalog: no players.

    A market deck's size is its castle's to say ("any regular deck" its castle accepts), so
    it is checked against the catalog by ``campaign new``, not here without it."""
    if not created.players:
        return "a campaign has at least one player"
    return None


def player_in(s: CampaignState, name: str | None) -> PlayerState:  # None: an event that names no player
    p = s.player(name) if name is not None else None
    if p is None:
        raise ValueError(f"no player '{name}' in the campaign (players: {', '.join(q.name for q in s.players)})")
    return p


def find_player(state: CampaignState, name: str | None) -> PlayerState:
    """The player named, or with one player and no name, that player."""
    if name is None:
        if len(state.players) == 1:
            return state.players[0]
        raise InputError(
            Problem(
                "which player? The campaign has " + ", ".join(q.name for q in state.players),
                key=option("player"),
                hint=f"{option('player')} {state.players[0].name}",
            )
        )
    p = state.player(name)
    if p is None:
        raise NotFoundError(
            Problem(
                f"no player '{name}' in campaign {state.name}",
                hint="players: " + ", ".join(q.name for q in state.players),
            )
        )
    return p


def missing(have: list[str] | Counter, want: Iterable[str]) -> list[str]:
    """The codes of ``want`` (a multiset) that ``have`` does not hold."""
    left = Counter(have)
    out = []
    for code in want:
        if left[code] > 0:
            left[code] -= 1
        else:
            out.append(code)
    return out


def check(s: CampaignState, event: ev.BaseModel) -> None:
    """Raise ValueError unless ``event`` can follow state ``s`` (what its command checked)."""
    if s.phase in ("won", "lost"):
        raise ValueError(f"the campaign is over ({s.phase}): nothing can follow")
    match getattr(event, "type", None), event:  # the type first: a model is looked up only for its own events
        case "starting-deck", ev.StartingDeck():
            p = player_in(s, event.player)
            if p.starting_deck_chosen:
                raise ValueError(f"{p.name} has already chosen a starting deck")
            if s.status != "new":
                raise ValueError("a starting deck is chosen before game 1")
            gone = missing(p.market, [c for code, n in event.cards.items() for c in [code] * n])
            if gone:
                raise ValueError(f"{', '.join(gone)} not in {p.name}'s market deck")
        case "game-set-up", ev.GameSetUp():
            if s.status != "ready":
                raise ValueError(
                    f"a game is already in play (game {s.game})"
                    if s.status != "new"
                    else "a game is set up after every player has chosen a starting deck"
                )
            if event.game != len(s.games) + 1:
                raise ValueError(f"game {event.game} set up after {plural(len(s.games), 'game')}")
        case "mandatory-resolved", ev.MandatoryResolved():
            if s.phase != "scenario" or s.current.scenario is None:
                raise ValueError("a mandatory effect is resolved while setting up a game")
            if s.current.mandatory_resolved or s.current.actions_taken:
                raise ValueError("the mandatory effect is resolved once, before any action")
            if event.scenario != s.current.scenario.code:
                raise ValueError(f"scenario {event.scenario} is not this game's ({s.current.scenario.code})")
            if s.offers_pending:
                raise ValueError("Recruit offers are still open")
        case ("action-taken", ev.ActionTaken()) | ("income-earned", ev.IncomeEarned()):
            if s.phase != "scenario":
                raise ValueError(
                    "scenario actions and income only while resolving a scenario "
                    f"(the campaign is {'between games' if s.phase in ('setup', 'between') else s.phase})"
                )
            if s.offers_pending:
                raise ValueError("Recruit offers are still open")
            if isinstance(event, ev.ActionTaken):
                _check_action(s, event)
        case "offers-formed", ev.OffersFormed():
            if s.status == "new":
                raise ValueError("offers are formed once the starting decks are chosen")
            if s.offers_pending:
                raise ValueError("Recruit offers are still open")
        case "offer-taken", ev.OfferTaken():
            p = player_in(s, event.player)
            if not p.offers:
                raise ValueError(f"{p.name} has no open offers")
            if event.offer > len(p.offers):
                raise ValueError(f"{p.name} has offers 1 to {len(p.offers)}, not {event.offer}")
            if list(event.cards) != p.offers[event.offer - 1]:
                raise ValueError(
                    f"{', '.join(event.cards) or 'no cards'} is not {p.name}'s offer {event.offer} "
                    f"({', '.join(p.offers[event.offer - 1])})"
                )
            rest = [code for i, offer in enumerate(p.offers) if i != event.offer - 1 for code in offer]
            if sorted(rest) != sorted(event.to_bottom):
                raise ValueError(f"to_bottom is not the cards of {p.name}'s other offers")
        case "exiled", ev.Exiled():
            if s.status == "new":
                raise ValueError("cards are exiled once the starting decks are chosen")
            if event.horde:
                if s.horde_deck.get(event.card, 0) < 1:
                    raise ValueError(f"the horde deck holds no {event.card}")
                if event.free is False and s.current.horde_exile_allowance < 1:
                    raise ValueError("no horde card may be exiled now (no allowance, and not free)")
            else:
                if event.player is None:
                    raise ValueError("an exiled alliance card names the player")
                p = player_in(s, event.player)
                if p.deck.get(event.card, 0) < 1:
                    raise ValueError(f"{p.name}'s deck holds no {event.card}")
                if event.free is False and s.current.exile_allowance.get(p.name, 0) < 1:
                    raise ValueError(f"{p.name} may not exile now (no Exile allowance left, and not free)")
        case "health-set", ev.HealthSet():
            if s.status == "new":
                raise ValueError("the castle health is set once the starting decks are chosen")
        case "pillaged", ev.Pillaged():
            if s.status not in ("scenario", "playing"):
                raise ValueError("cards are pillaged during a game")
            # "Each time a number of cards are pillaged, decrease your gold by the same amount
            # to a minimum of zero"
            lost = clamp_gold(s.gold - event.cards) - s.gold
            if event.change != lost:
                raise ValueError(
                    f"a pillage of {plural(event.cards, 'card')} with {s.gold} gold changes the gold by "
                    f"{lost}, not {event.change:+d}" + (" (a pillage never gains gold)" if event.change > 0 else "")
                )
        case "game-ended", ev.GameEnded():
            if s.phase not in ("scenario", "playing") or not s.games:
                raise ValueError("no game in play to end")
            if event.game != s.games[-1].number:
                raise ValueError(f"game {event.game} ended, but game {s.games[-1].number} is in play")


def _check_action(s: CampaignState, event: ev.ActionTaken) -> None:
    """The action is one of this game's scenario, not taken twice unless ∞, paid in full."""
    scenario = s.current.scenario
    action = next((a for a in (scenario.actions if scenario else []) if a.name == event.action), None)
    if action is None:
        raise ValueError(
            f"the scenario {scenario.name if scenario else ''} has no action '{event.action}' "
            f"(its actions: {', '.join(a.name for a in scenario.actions) if scenario else 'none'})"
        )
    if action.name in s.current.actions_taken and not action.repeatable:
        raise ValueError(f"'{action.name}' was already taken, and it is not marked ∞")
    if action.gold < 0 and s.gold < -action.gold:
        raise ValueError(f"'{action.name}' costs {-action.gold} gold; the Alliance had {s.gold}")
    change = clamp_gold(s.gold + action.gold) - s.gold
    if event.change != change:
        raise ValueError(f"'{action.name}' changes the gold by {change:+d} (from {s.gold}), not {event.change:+d}")
    if event.recruit != action.recruit:
        raise ValueError(
            f"'{action.name}' is "
            + (f"Recruit {action.recruit}" if action.recruit else "not a Recruit action")
            + f", not recruit = {event.recruit}"
        )
