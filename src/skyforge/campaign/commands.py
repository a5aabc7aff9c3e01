"""Campaign actions: check the rules against the current state, draw what must be
drawn, and return the event(s) that record the outcome.

Every function here is pure apart from its random draws, which come from
:func:`rng` — a generator derived from the campaign seed and the index of the
event being made — so the same command on the same journal draws the same
cards. The events store what was drawn, so replay never needs the generator.
A new campaign, which reads the players' deck files, is :mod:`skyforge.campaign.setup`.

An action the campaign is not ready for raises a :class:`StateError` whose
``next_step`` is :func:`next_step` of the state: what to do first, for the caller to word.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from skyforge import storage
from skyforge.campaign import events as ev
from skyforge.campaign.limits import (
    GOLD_MAX,
    GOLD_MIN,
    OFFERS,
    clamp_gold,
)
from skyforge.campaign.preconditions import find_player
from skyforge.campaign.state import CampaignState, apply, next_step
from skyforge.errors import InputError, NotFoundError, Problem, RuleError, StateError, option
from skyforge.text import did_you_mean

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog
    from skyforge.catalog.models import AllianceCard, HordeCard


def rng(seed: int, index: int) -> random.Random:
    """The generator for the draw made by event number ``index`` of a campaign."""
    return random.Random(f"skyforge-campaign:{seed}:{index}")


def now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def check_name(name: str) -> str:
    return storage.check_name(name, "campaign name")


# --------------------------------------------------------------------------- during the campaign


#: steps that are not the campaign's next one but what an error asks for first: take the last
#: event back (``campaign undo``), recruit (offers are formed first), look at the horde deck
UNDO, RECRUIT, SHOW = (
    {"step": "undo", "player": None},
    {"step": "recruit", "player": None},
    {"step": "show", "player": None},
)


def _not_now(
    state: CampaignState, message: str, kind: type[StateError | RuleError] = StateError, step: dict | None = None
) -> StateError | RuleError:
    """The error of an action the campaign is not ready for; its ``next_step`` says what comes
    first — :func:`next_step` of the state unless ``step`` is given — for the caller to word as
    the hint (the command that takes it)."""
    error = kind(message)
    error.next_step = dict(step) if step is not None else next_step(state).dump()
    return error


def _require(state: CampaignState, *statuses: str, doing: str) -> None:
    if state.status not in statuses:
        raise _not_now(state, f"cannot {doing} now: the campaign is '{state.status}'")


def _scenario(state: CampaignState) -> ev.Scenario:
    """The scenario of the game being resolved (status 'scenario': the game set up drew one)."""
    assert state.current.scenario is not None, "a game being resolved has its scenario"
    return state.current.scenario


def _no_offers(state: CampaignState, doing: str) -> None:
    if state.offers_pending:
        waiting = [p.name for p in state.players if p.offers]
        raise _not_now(state, f"cannot {doing} while Recruit offers are open ({', '.join(waiting)} still to take one)")


def _mandatory(state: CampaignState, scenario: ev.Scenario) -> ev.MandatoryResolved:
    """The outcome of the scenario's mandatory effect, against ``state`` (gold, offers)."""
    effect = scenario.mandatory_effect()
    assert effect is not None  # the callers check the scenario has one
    return ev.MandatoryResolved(
        at=now(),
        scenario=scenario.code,
        change=clamp_gold(state.gold + effect.gold) - state.gold if effect.gold else None,
        castle_health=effect.castle_health or None,
        recruit=effect.recruit,
        offers=_offers(state, effect.recruit) if effect.recruit else None,
        exile=effect.exile,
        exile_horde=effect.exile_horde,
        reminder=effect.pending(),
    )


def resolve_mandatory(state: CampaignState) -> list[ev.MandatoryResolved]:
    """Apply this game's mandatory effect when `next` did not (it was undone, or the game was set
    up by an older skyforge): "The scenario card may have some mandatory effects at the top that
    must be resolved first." """
    _require(state, "scenario", doing="resolve the scenario's mandatory effect")
    _no_offers(state, "resolve the mandatory effect")
    scenario = _scenario(state)
    if scenario.mandatory_effect() is None:
        raise RuleError(f"the scenario {scenario.name} has no mandatory effect")
    if state.current.mandatory_resolved:
        raise _not_now(state, f"the mandatory effect of {scenario.name} is already applied", RuleError, UNDO)
    if state.current.actions_taken:
        raise RuleError(
            "actions were taken already: the mandatory effect comes first",
            hint="undo the actions first (skyforge campaign undo), or apply its effect by hand",
        )
    return _castle_destroyed(state, [_mandatory(state, scenario)])


def _mandatory_first(state: CampaignState) -> None:
    """Called once the scenario is being resolved and no offers are open: then the next step is
    the mandatory effect while it is still to apply (and no action was taken)."""
    if next_step(state).step == "mandatory":
        raise _not_now(state, f"the mandatory effect of {_scenario(state).name} is resolved first", RuleError)


def find_action(state: CampaignState, ref: str) -> ev.ScenarioAction:
    scenario = state.current.scenario
    actions = scenario.actions if scenario else []
    if ref.strip().isdigit() and 1 <= int(ref) <= len(actions):
        return actions[int(ref) - 1]
    for action in actions:
        if action.name.casefold() == ref.strip().casefold():
            return action
    raise NotFoundError(
        Problem(
            f"the scenario {scenario.name if scenario else ''} has no action '{ref}'",
            hint=did_you_mean(ref, [a.name for a in actions], listing="actions"),
        )
    )


def take_action(state: CampaignState, ref: str) -> list:
    """Take a listed scenario action, paying (or earning) its gold; Recruit X forms offers."""
    _require(state, "scenario", doing="take a scenario action")
    _no_offers(state, "take another action")
    _mandatory_first(state)
    action = find_action(state, ref)
    if action.name in state.current.actions_taken and not action.repeatable:
        raise RuleError(
            f"'{action.name}' was already taken: each action may only be taken once "
            "unless there is a '∞' symbol next to it"
        )
    if action.gold < 0 and state.gold < -action.gold:
        raise RuleError(
            f"'{action.name}' costs {-action.gold} gold; the Alliance has {state.gold}",
            hint="earn gold with another action first, or skip it",
        )
    change = clamp_gold(state.gold + action.gold) - state.gold
    offers = _offers(state, action.recruit) if action.recruit else None
    return _castle_destroyed(
        state,
        [
            ev.ActionTaken(
                at=now(),
                action=action.name,
                change=change,
                recruit=action.recruit,
                offers=offers,
                castle_health=action.castle_health or None,
                exile=action.exile,
                exile_horde=action.exile_horde,
                reminder=action.pending(),
            )
        ],
    )


def recruit(state: CampaignState, x: int, free: bool = False) -> list:
    """Recruit X: the scenario's 'Recruit X' action, or (``free``) one from another effect."""
    if x < 1:
        raise InputError(Problem("Recruit X needs X of 1 or more", value=x, has_value=True))
    if not free:
        _require(state, "scenario", doing="take the Recruit action")
        scenario = _scenario(state)
        actions = [a for a in scenario.actions if a.recruit == x]
        if not actions:
            raise RuleError(
                f"the scenario {scenario.name} lists no 'Recruit {x}' action",
                hint="actions: "
                + ", ".join(a.name for a in scenario.actions)
                + f"; use {option('free')} for a Recruit from another effect",
            )
        taken = state.current.actions_taken
        open_ = [a for a in actions if a.repeatable or a.name not in taken]
        if not open_:
            raise RuleError(
                f"'Recruit {x}' was already taken ({', '.join(a.name for a in actions)}): each action "
                "may only be taken once unless there is a '∞' symbol next to it"
            )
        return take_action(state, open_[0].name)
    _require(state, "ready", "scenario", "playing", doing="recruit")
    _no_offers(state, "recruit again")
    return [ev.OffersFormed(at=now(), recruit=x, offers=_offers(state, x))]


def offer_sizes(cards: int, x: int) -> list[int]:
    """Up to three offers, each the top X cards of what is left (000 "Recruit Action").

    "To form an offer, place the top X cards of your market deck face-up … If the market
    deck is empty, just form as many offers as possible even though some might have fewer
    cards than others": offers are filled in turn, so 4 cards and Recruit 3 give [3, 1]."""
    sizes: list[int] = []
    left = cards
    while left > 0 and len(sizes) < OFFERS:
        size = min(x, left)
        sizes.append(size)
        left -= size
    return sizes


def _offers(state: CampaignState, x: int) -> dict[str, list[list[str]]]:
    """Each player's offers: the top cards of the market deck, dealt offer by offer."""
    offers: dict[str, list[list[str]]] = {}
    for p in state.players:
        top, dealt = list(p.market), []
        for size in offer_sizes(len(top), x):
            dealt.append(top[:size])
            top = top[size:]
        offers[p.name] = dealt
    return offers


def take_offer(state: CampaignState, player: str | None, number: int) -> list[ev.OfferTaken]:
    _active(state, "take an offer")  # offers left open when the castle fell are moot: the game is lost
    p = find_player(state, player)
    if not p.offers:
        raise _not_now(state, f"{p.name} has no open offers", step=RECRUIT)
    if not 1 <= number <= len(p.offers):
        raise InputError(Problem(f"{p.name} has offers 1 to {len(p.offers)}", value=number, has_value=True))
    rest = [code for i, offer in enumerate(p.offers) if i != number - 1 for code in offer]
    rng(state.seed, state.events).shuffle(rest)  # "at the bottom of the market deck in a random order"
    return [ev.OfferTaken(at=now(), player=p.name, offer=number, cards=list(p.offers[number - 1]), to_bottom=rest)]


def earn_income(state: CampaignState) -> list[ev.IncomeEarned]:
    _require(state, "scenario", doing="earn the scenario income")
    _no_offers(state, "earn the income")
    _mandatory_first(state)
    income = _scenario(state).income
    return [ev.IncomeEarned(at=now(), change=clamp_gold(state.gold + income) - state.gold)]


def _active(state: CampaignState, doing: str) -> None:
    _require(state, "new", "ready", "scenario", "playing", doing=doing)


def adjust_gold(state: CampaignState, amount: int) -> list[ev.GoldAdjusted]:
    _active(state, "change the gold")
    return [ev.GoldAdjusted(at=now(), amount=amount, change=clamp_gold(state.gold + amount) - state.gold)]


def set_gold(state: CampaignState, value: int) -> list[ev.GoldAdjusted]:
    """Set the gold to the value the players have noted (a correction): recorded as the change it makes."""
    _active(state, "change the gold")
    if not GOLD_MIN <= value <= GOLD_MAX:
        raise InputError(
            Problem(f"gold is {GOLD_MIN} to {GOLD_MAX}", value=value, has_value=True, hint=f"e.g. ={state.gold}")
        )
    return [ev.GoldAdjusted(at=now(), amount=value - state.gold, change=value - state.gold)]


def pillage(state: CampaignState, cards: int) -> list[ev.Pillaged]:
    """Each time X cards are pillaged the Alliance loses X gold, once however many players discard."""
    if cards < 1:
        raise InputError(Problem("the number of pillaged cards must be 1 or more", value=cards, has_value=True))
    _require(state, "scenario", "playing", doing="pillage")
    return [ev.Pillaged(at=now(), cards=cards, change=clamp_gold(state.gold - cards) - state.gold)]


def exile(
    state: CampaignState,
    catalog: Catalog | None,
    player: str | None,
    card: str,
    *,
    free: bool = False,
    horde: bool = False,
) -> list[ev.Exiled]:
    """Exile a card: from a player's deck (to the bottom of their market deck), or (``horde``) from
    the campaign's horde deck. It draws on the allowance of the Exile X action just taken; beyond
    it, or with none, only ``free`` (a house rule, recorded in the event) allows it."""
    _require(state, "ready", "scenario", "playing", doing="exile a card")
    _no_offers(state, "exile")
    if horde:
        found: HordeCard | AllianceCard | None = catalog.find(card, "horde") if catalog is not None else None
        code = found.key if found is not None else card
        if state.horde_deck.get(code, 0) < 1:
            raise _not_now(state, f"the campaign's horde deck holds no {code}", RuleError, SHOW)
        if not free and state.current.horde_exile_allowance < 1:
            raise RuleError(
                "no effect lets the Alliance exile a horde card now",
                hint=f"a house rule? record it as one with {option('free')}",
            )
        return [ev.Exiled(at=now(), card=code, horde=True, free=free)]
    p = find_player(state, player or "")
    found = catalog.find(card, "alliance") if catalog is not None else None
    code = found.key if found is not None else card
    if p.deck.get(code, 0) < 1:
        raise RuleError(
            f"{p.name}'s deck holds no {code}",
            hint="cards in the deck: " + ", ".join(sorted(p.deck)) if p.deck else None,
        )
    if not free:
        left = state.current.exile_allowance.get(p.name, 0)
        if left < 1:
            given = state.current.exile_allowance
            raise RuleError(
                f"{p.name} has exiled the cards the Exile action allows"
                if p.name in given
                else f"{p.name} may exile a card only with an Exile X action just taken (none is open)",
                hint=f"take the scenario's Exile action first; a house rule? record it as one with {option('free')}",
            )
    return [ev.Exiled(at=now(), player=p.name, card=code, free=free)]


def set_health(state: CampaignState, health: int, catalog: Catalog | None = None) -> list[ev.HealthSet]:
    """Set the castle health: any whole number — "There is no maximum or minimum health value"
    (000/001 glossary, HEALTH). ``catalog`` is unused (kept for callers)."""
    _require(state, "ready", "scenario", "playing", doing="change the castle health")
    return _castle_destroyed(state, [ev.HealthSet(at=now(), castle_health=health)])


def _castle_destroyed(state: CampaignState, new: list) -> list:
    """``new``, and the game lost when they bring the castle to 0 health or less during a game:
    "All players immediately lose when either: - The castle is destroyed" (000)."""
    after = state
    for event in new:
        after = apply(after, event)
    if after.phase in ("scenario", "playing") and after.castle_health <= 0:
        return [*new, ev.GameEnded(at=now(), game=after.game, result="lost", castle_health=after.castle_health)]
    return new


def end_game(
    state: CampaignState, won: bool, castle_health: int | None = None, catalog: Catalog | None = None
) -> list[ev.GameEnded]:
    """The end of a game; the castle health as last set (`campaign health`) unless given."""
    _require(state, "playing", doing="end the game")
    _no_offers(state, "end the game")
    if castle_health is None:
        castle_health = state.castle_health
    if won and castle_health < 1:
        raise RuleError(
            "a game won with the castle at 0 health? A destroyed castle loses the game",
            hint=f"use {option('lost')}, or give the castle's health at the end of the game",
        )
    return [ev.GameEnded(at=now(), game=state.game, result="won" if won else "lost", castle_health=castle_health)]


__all__ = [
    "adjust_gold",
    "earn_income",
    "end_game",
    "exile",
    "find_action",
    "offer_sizes",
    "pillage",
    "recruit",
    "resolve_mandatory",
    "rng",
    "set_health",
    "take_action",
    "take_offer",
]
