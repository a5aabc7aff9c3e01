"""What the campaign says: event summaries (one for every event type, the same for the log and
``log --json``), the next step behind every "not now" error, and the ``--player`` syntax."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyforge.campaign import commands as c
from skyforge.campaign import events as ev
from skyforge.campaign import nextgame, starting
from skyforge.campaign.report import log_entries, summary
from skyforge.campaign.state import next_step, replay
from skyforge.campaign.view import CampaignView, view_of
from skyforge.cli.campaign.new import parse_player
from skyforge.errors import InputError, RuleError, StateError

from .campaign_util import Game, created, demo_catalog
from .test_cli_campaign import NEW, sky


def _played() -> Game:
    """A journal holding nearly every kind of event."""
    g = Game().ready()
    g.do(nextgame.next_game)
    g.do(c.adjust_gold, 5)
    g.do(c.recruit, 1, free=True)
    for p in g.state.players:
        g.do(c.take_offer, p.name, 1)
    g.do(c.exile, demo_catalog(), "Alice", next(iter(g.state.player("Alice").deck)), free=True)
    g.do(c.set_health, 17)
    g.do(c.earn_income)
    g.do(c.pillage, 2)
    g.do(c.end_game, True, 12)
    return g


def test_every_event_type_has_its_own_summary():
    samples = {e.type: e for e in _played().events}
    samples["action-taken"] = ev.ActionTaken(action="Sell supplies", change=3, exile=1)
    samples["exiled"] = ev.Exiled(card="DEMO.150", horde=True, free=False)
    assert set(samples) == set(ev.EVENT_TYPES)
    for kind, event in samples.items():
        assert summary(event) != kind and "\n" not in summary(event)
    assert summary(samples["action-taken"]) == "action Sell supplies (gold +3, exile 1 each)"
    assert summary(samples["exiled"]) == "DEMO.150 exiled from the horde deck"
    assert summary(samples["game-ended"]) == "game 1 won, castle health 12"


def test_the_campaign_reads_back_from_its_json_after_every_event():
    events = _played().events
    steps = set()
    for state in replay(events):
        data = view_of(state).dump()
        assert CampaignView.model_validate(data).dump() == data
        assert data["next_step"] == next_step(state).dump() and data["events"] == state.events
        steps.add(data["next_step"]["step"])
    assert steps >= {"starting-deck", "next-game", "take-offer", "scenario", "end-game"}


def test_the_log_and_its_json_tell_the_same_story(run):
    sky(run, *NEW)
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    entries = json.loads(sky(run, "campaign", "log", "spring", "--json").stdout)
    assert [e["index"] for e in entries] == [0, 1]
    assert entries[1]["summary"] == "Alice chose a starting deck of 20 cards" and entries[1]["type"] == "starting-deck"
    human = sky(run, "campaign", "log", "spring").stdout.splitlines()
    for entry, line in zip(entries, human):
        assert line.startswith(f"{entry['index']:>3}  ") and line.endswith(entry["summary"])
    assert log_entries(Game().events)[0]["summary"] == "campaign test created (seed 7, 2 players)"


def test_an_action_at_the_wrong_time_names_the_next_step():
    g = Game()
    with pytest.raises(StateError) as exc:
        nextgame.next_game(g.state)
    assert exc.value.next_step == next_step(g.state).dump() == {"step": "starting-deck", "player": "Alice"}
    g.do(starting.starting_deck, demo_catalog(), "Alice", auto=True)
    with pytest.raises(StateError) as exc:  # what takes it back, rather than what comes next
        starting.starting_deck(g.state, demo_catalog(), "Alice", auto=True)
    assert exc.value.next_step["step"] == "undo"
    g.do(starting.starting_deck, demo_catalog(), "Bo", auto=True)
    with pytest.raises(StateError) as exc:
        c.take_offer(g.state, "Alice", 1)
    assert exc.value.next_step["step"] == "recruit"
    g.do(c.recruit, 1, free=True)
    with pytest.raises(StateError) as exc:
        nextgame.next_game(g.state)
    assert exc.value.next_step["step"] == "take-offer"
    # an error of the rules, not of the moment, names no step
    g = Game().ready()
    g.do(nextgame.next_game)
    with pytest.raises((RuleError, InputError)) as exc:
        c.take_action(g.state, "no such action")
    assert getattr(exc.value, "next_step", None) is None


def test_while_offers_are_open_the_hint_says_to_take_them(run):
    sky(run, *NEW)
    for player in ("Alice", "Bo"):
        sky(run, "campaign", "start-deck", "spring", "--player", player, "--auto")
    sky(run, "campaign", "recruit", "spring", "1", "--free")
    result = sky(run, "campaign", "next", "spring", expect=2)
    assert "offers are open" in result.stderr
    assert "hint: skyforge campaign take spring --player P N" in result.stderr
    status = sky(run, "campaign", "show", "spring").stdout.splitlines()[-1]
    assert "next: Alice takes one offer (skyforge campaign take spring --player Alice N)" in status


NAME = st.text(
    st.characters(blacklist_characters="@=,", blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12
).filter(lambda s: s.strip() == s and s)
REF = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True)


@given(NAME, st.lists(REF, max_size=3), st.none() | st.from_regex(r"DEMO\.0[0-9]{2}", fullmatch=True))
def test_player_specs_read_back(name, decks, castle):
    text = name + ("=" + ",".join(decks) if decks else "") + (f"@{castle}" if castle else "")
    choice = parse_player(text)
    assert (choice.name, choice.decks, choice.castle) == (name, tuple(decks), castle)


def test_a_player_spec_without_a_name_is_bad_input():
    with pytest.raises(InputError, match="name is missing"):
        parse_player("=demo-blue-wall")
    assert created().players[1].castle == "DEMO.003"
