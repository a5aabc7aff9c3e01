"""Scenario effects as data: mandatory effects and actions applied as events, reminders,
Exile allowances (alliance and horde cards), castle health without cap or floor."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.campaign import commands as c
from skyforge.campaign import events as ev
from skyforge.campaign import starting
from skyforge.campaign.state import fold, next_step
from skyforge.campaign.view import view_of
from skyforge.catalog.models import ScenarioCard
from skyforge.errors import RuleError

from .campaign_util import Game, demo_catalog
from .conftest import cite


def _game(code: str) -> Game:
    g = Game().ready()
    g.do(lambda s: [ev.GameSetUp(game=1, scenario=code, portal=s.portal_pile[0].code, outsider=s.portal_pile[0].name)])
    return g


def test_old_mandatory_keys_load_as_a_mandatory_table():
    old = ScenarioCard(name="Old", mandatory=True, mandatory_text="The castle loses 2 health.")
    assert old.mandatory.text == "The castle loses 2 health." and old.mandatory.castle_health is None
    assert ScenarioCard(name="Flag", mandatory=True).mandatory.text == "mandatory effects: see the card"
    assert ScenarioCard(name="None").mandatory is None
    new = ScenarioCard(name="New", mandatory={"text": "Lose 2.", "castle_health": -2})
    assert new.mandatory.castle_health == -2 and new.mandatory.pending() is None
    # a mandatory effect the tool cannot apply is a reminder
    assert ScenarioCard(name="R", mandatory={"text": "Discard at random."}).mandatory.pending() == "Discard at random."


def test_demo_bells_at_midnight_and_fortify_take_effect():
    cite(
        "000",
        "The scenario card may have some mandatory effects at the top that must be resolved first.",
        "There is no maximum or minimum health value.",
    )
    catalog = demo_catalog()
    bells = catalog.get("Bells at Midnight", "scenario")
    assert bells.mandatory.castle_health == -2
    assert {a.name: a.castle_health for a in bells.actions}["Fortify"] == 2
    g = _game(bells.code)
    assert next_step(g.state).step == "mandatory"
    with pytest.raises(RuleError, match="resolved first"):
        c.take_action(g.state, "Fortify")
    with pytest.raises(RuleError, match="resolved first"):
        c.earn_income(g.state)
    (event,) = g.do(c.resolve_mandatory)
    assert event.castle_health == -2 and g.state.castle_health == 18
    with pytest.raises(RuleError, match="already applied"):
        c.resolve_mandatory(g.state)
    g.do(c.take_action, "Fortify")
    assert g.state.castle_health == 20
    assert fold(g.events[:-1]).castle_health == 18  # undo takes Fortify back
    assert fold(g.events[:-2]).castle_health == 20  # and then the mandatory loss


def test_a_gain_above_full_health_and_a_loss_below_zero_are_kept():
    cite(
        "000",
        "HEALTH — When an effect references the health of a card, you must consider the printed "
        "value modified by tokens and temporary effects. There is no maximum or minimum health value.",
    )
    g = _game("DEMO.184")  # The Glowing Grotto: Fortify
    g.do(c.resolve_mandatory)
    assert g.state.castle_health == g.state.full_health == 20
    g.do(c.take_action, "Fortify")
    assert g.state.castle_health == 22
    g.do(c.earn_income)
    g.do(c.set_health, -4)  # a destroyed castle: the game is lost at once
    assert g.state.status == "lost" and g.state.games[0].castle_health == -4
    with pytest.raises(RuleError, match="destroyed castle"):
        c.end_game(fold(g.events[:-2]), True, -4)


def test_reminders_last_until_the_scenario_is_resolved():
    cite(
        "000",
        "The scenario card may have some mandatory effects at the top that must be resolved first.",
        "earn the gold indicated in the bottom left corner of the scenario card;",
    )
    g = _game("DEMO.184")  # mandatory: a discard at random; Sell supplies: a discard
    g.do(c.resolve_mandatory)
    assert g.state.current.reminders == ["Each player discards 1 card at random from their deck."]
    g.do(c.take_action, "Sell supplies")
    assert g.state.current.reminders[-1] == "Each player discards the top card of their deck."
    assert view_of(g.state).dump()["reminders"] == g.state.current.reminders
    g.do(c.earn_income)
    assert g.state.current.reminders == [] and view_of(g.state).dump()["reminders"] == []


def test_exile_draws_on_the_allowance_of_the_exile_action_just_taken():
    cite(
        "000",
        "EXILE — To exile a card remove it from its deck for this and future games of the campaign. "
        "If it is an alliance card, return it to the bottom of its market deck.",
    )
    catalog = demo_catalog()
    g = _game("DEMO.183")  # Flooded Mine Shafts: Exile 1, Sell supplies ∞
    alice, bo = (sorted(g.state.player(n).deck) for n in ("Alice", "Bo"))
    with pytest.raises(RuleError, match="Exile X action just taken"):
        c.exile(g.state, catalog, "Alice", alice[0])
    g.do(c.take_action, "Exile 1")
    assert g.state.current.exile_allowance == {"Alice": 1, "Bo": 1}
    g.do(c.exile, catalog, "Alice", alice[0])
    assert next_step(g.state).dump() == {"step": "exile", "player": "Bo", "allowance": 1, "horde_allowance": 0}
    with pytest.raises(RuleError, match="has exiled the cards"):
        c.exile(g.state, catalog, "Alice", alice[1])
    (free,) = g.do(c.exile, catalog, "Alice", alice[1], free=True)
    assert free.free is True and g.state.player("Alice").exiled_free == 1
    g.do(c.take_action, "Sell supplies")  # the next action ends what is left of it
    with pytest.raises(RuleError):
        c.exile(g.state, catalog, "Bo", bo[0])
    # undo gives the allowance back
    back = fold(g.events[:-2])
    assert back.current.exile_allowance == {"Alice": 0, "Bo": 1}


def test_horde_cards_are_exiled_from_the_horde_deck():
    cite("000", "EXILE — To exile a card remove it from its deck for this and future games of the campaign.")
    catalog = demo_catalog()
    g = _game("DEMO.183")
    code = sorted(g.state.horde_deck)[0]
    copies = g.state.horde_deck[code]
    with pytest.raises(RuleError, match="horde card"):
        c.exile(g.state, catalog, None, code, horde=True)
    (event,) = g.do(c.exile, catalog, None, code, horde=True, free=True)
    assert event.horde and event.player is None
    assert g.state.horde_deck.get(code, 0) == copies - 1 and g.state.horde_exiled == [code]
    assert g.state.player("Alice").market == fold(g.events[:-1]).player("Alice").market  # no market deck
    # an effect that allows it: exile_horde
    scenario = g.state.current.scenario
    action = ev.ScenarioAction(name="Purge", gold=0, exile_horde=1)
    events = list(g.events)
    events[0] = events[0].model_copy(
        update={
            "scenario_pile": [
                s.model_copy(update={"actions": [*s.actions, action]}) if s.code == scenario.code else s
                for s in events[0].scenario_pile
            ]
        }
    )
    h = Game(events[0])
    for e in events[1:]:
        h.events.append(e)
    h.state = fold(h.events)
    h.do(c.take_action, "Purge")
    h.do(c.exile, catalog, None, sorted(h.state.horde_deck)[0], horde=True)
    with pytest.raises(RuleError):
        c.exile(h.state, catalog, None, sorted(h.state.horde_deck)[0], horde=True)


def test_next_step_names_the_player_who_must_act():
    g = Game()
    assert next_step(g.state).dump() == {"step": "starting-deck", "player": "Alice"}
    g.do(starting.starting_deck, demo_catalog(), "Alice", auto=True)
    assert next_step(g.state).dump() == {"step": "starting-deck", "player": "Bo"}
    g.do(starting.starting_deck, demo_catalog(), "Bo", auto=True)
    assert next_step(g.state).dump() == {"step": "next-game", "player": None, "game": 1}
    g.do(c.recruit, 1, free=True)
    assert next_step(g.state).step == "take-offer" and next_step(g.state).player == "Alice"
    g.do(c.take_offer, "Alice", 1)
    assert next_step(g.state).player == "Bo"


def test_an_exile_recorded_before_allowances_replays_as_it_did():
    """Journals written before Exile allowances were kept have exiled events without `free`."""
    g = _game("DEMO.183")
    code = sorted(g.state.player("Bo").deck)[0]
    legacy = ev.Exiled(player="Bo", card=code)
    state = fold([*g.events, legacy])
    assert state.player("Bo").exiled == [code] and state.current.exile_allowance == {}
    with pytest.raises(ValueError, match="may not exile now"):
        fold([*g.events, ev.Exiled(player="Bo", card=code, free=False)])


@settings(max_examples=80, deadline=None)
@given(
    text=st.one_of(st.none(), st.text(min_size=1, max_size=40)),
    flag=st.one_of(st.none(), st.booleans()),
    health=st.one_of(st.none(), st.integers(-30, 30)),
)
def test_mandatory_keys_old_and_new_always_load_the_same_effect(text, flag, health):
    old = {"name": "S"}
    if flag is not None:
        old["mandatory"] = flag
    if text is not None:
        old["mandatory_text"] = text
    card = ScenarioCard(**old)
    if text or flag:
        assert card.mandatory.text == (text or "mandatory effects: see the card")
        assert card.mandatory.pending() == card.mandatory.text  # text alone: a reminder
    else:
        assert card.mandatory is None
    new = ScenarioCard(name="S", mandatory={"text": text, "castle_health": health})
    assert new.mandatory.castle_health == health
    assert new.mandatory.pending() == (text if health is None else None)
