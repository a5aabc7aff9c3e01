"""Campaigns at the table: cards shown with their facts, the starting deck ticked from a list,
a player's deck as a deck file, undo of a whole command, copied campaign files, and the battle
plan's undo and repeated games."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyforge.campaign.report import card_facts, card_text
from skyforge.campaign.starting import Row, Ticks
from skyforge.cli.syntax import parse_ticks
from skyforge.errors import InputError
from tests.conftest import cite
from tests.pty_util import run_in_pty

from .campaign_util import demo_catalog

HORDES = "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw"
SETUP = ["--hordes", HORDES, "--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "7"]
ONE = ["--player", "A=demo-blue-wall"]
TWO = ["--player", "Alice=demo-blue-wall", "--player", "Bo=demo-green-grove@DEMO.003"]
#: a card as offers, the log and undo show it: code, name, then cost, type, rarity and faction
FACTS = re.compile(r"DEMO\.\d{3} [^(]+ \(\d+ mana, (ally|tower|spell|attachment), (base|rare|mythic|legendary), \w+\)")


def _new(run, name="s", players=ONE):
    run("campaign", "new", name, "--castle", "DEMO.001", *players, *SETUP)


def _show(run, name="s") -> dict:
    return json.loads(run("campaign", "show", name, "--json").stdout)


def _ready(run, name="s", players=ONE) -> None:
    _new(run, name, players)
    for p in _show(run, name)["players"]:
        run("campaign", "start-deck", name, "--player", p["name"], "--auto")


def _interactive(monkeypatch) -> None:
    from skyforge.cli import stdio

    monkeypatch.setattr(stdio, "interactive", lambda: True)  # as if standard input were a terminal


# -- cards with their name, cost, type, rarity and faction -------------------------------------------


def test_card_text_gives_name_cost_type_rarity_and_faction_and_leaves_out_what_is_unknown():
    catalog = demo_catalog()
    assert card_text(catalog, "DEMO.022") == "DEMO.022 Cloudloom Weaver (3 mana, ally, rare, liothan)"
    assert card_facts(catalog, "DEMO.022") == {
        "name": "Cloudloom Weaver",
        "cost": 3,
        "type": "ally",
        "rarity": "rare",
        "faction": "liothan",
    }
    assert card_text(catalog, "ZZZ.999") == "ZZZ.999"  # not in the catalog: the code alone
    assert card_text(None, "DEMO.022") == "DEMO.022"
    horde = next(c for c in catalog.of_kind("horde") if c.type)
    assert card_text(catalog, horde.key) == f"{horde.key} {horde.name} ({horde.type})"  # no cost, rarity, faction


def test_offers_take_log_and_undo_show_each_cards_facts(run):
    cite(
        "000",
        "To form an offer, place the top X cards of your market deck face-up next to each other.",
        "Each player takes all the cards from one offer and places them on the top of their deck in any order.",
    )
    _ready(run)
    run("campaign", "next", "s")
    out = run("campaign", "recruit", "s", "2").stdout
    offers = [line for line in out.splitlines() if FACTS.search(line)]
    assert len(offers) == 6, out  # three offers of two cards, one card a line
    assert re.match(r"  1\. DEMO\.", offers[0]) and re.match(r"     DEMO\.", offers[1])
    data = json.loads(run("campaign", "take", "s", "1", "--json").stdout)
    taken = data["events"][0]["cards"]
    assert set(taken) <= set(data["cards"]) and data["cards"][taken[0]]["rarity"] in (
        "base",
        "rare",
        "mythic",
        "legendary",
    )
    log = run("campaign", "log", "s").stdout
    took = next(line for line in log.splitlines() if "A took offer 1:" in line)
    assert len(list(FACTS.finditer(took))) == 2 and all(card_text(demo_catalog(), c) in took for c in taken)
    assert "A's offer 3: DEMO." in log  # the offers formed, under the Recruit line
    entries = json.loads(run("campaign", "log", "s", "--json").stdout)
    assert entries[-1]["cards"][taken[0]] == card_facts(demo_catalog(), taken[0])
    undone = run("campaign", "undo", "s").stdout
    assert undone.startswith("Undone:\n") and f"A took offer 1: {card_text(demo_catalog(), taken[0])}" in undone
    undone = run("campaign", "undo", "s").stdout
    assert "action Recruit 2 (gold -4); offers formed for A" in undone and "A's offer 1: DEMO." in undone
    shown = _show(run)
    code = shown["players"][0]["market"][0]
    assert shown["cards"][code] == card_facts(demo_catalog(), code)


# -- the starting deck ------------------------------------------------------------------------------


def test_start_deck_on_a_terminal_ticks_cards_from_a_numbered_list(run, monkeypatch):
    cite("000", "Each player now takes at most 18 base cards and 2 legendary cards from their market decks")
    _new(run)
    _interactive(monkeypatch)
    # 26 base and legendary cards, base first: 1-24 base, 25-26 legendary
    result = run("campaign", "start-deck", "s", input="1-19\n-1\n1 25,26\nnope\n?\n\n")
    err = result.stderr
    assert "A's market deck: tick at most 18 base and 2 legendary cards" in err
    assert re.search(r"^  1\. \[ \] DEMO\.007 Gullwing Lookout \(1 mana, ally, base, liothan\)$", err, re.M)
    assert "not ticked: 19 — the starting deck takes at most 18 base cards" in err
    assert "0/18 base, 0/2 legendary (0 cards): " in err and "18/18 base, 2/2 legendary (20 cards): " in err
    assert "'nope' is not a number or a range" in err
    assert re.search(r"^  1\. \[x\] DEMO\.007", err, re.M)  # ? lists again, with the ticks
    assert re.search(r"\(\d+ rare and \d+ mythic cards stay in the market deck\)", err)
    assert "A's starting deck: 20 cards; 20 left in the market deck." in result.stdout
    assert "warning" not in result.stdout
    assert sum(_show(run)["players"][0]["deck"].values()) == 20


def test_a_legendary_card_past_the_cap_is_refused_with_a_message():
    rows = [
        Row(1, "X.001", "legendary"),
        Row(2, "X.002", "legendary"),
        Row(3, "X.003", "legendary"),
        Row(4, "X.004", "base"),
    ]
    ticks = Ticks(rows)
    assert ticks.tick([1, 2, 3, 4]) == {"legendary": [3]}
    assert (
        ticks.chosen() == {"X.001": 1, "X.002": 1, "X.004": 1} and ticks.tally() == "1/18 base, 2/2 legendary (3 cards)"
    )
    ticks.untick([2])
    assert ticks.tick([3]) == {} and ticks.counts()["legendary"] == 2


@given(
    st.lists(st.tuples(st.booleans(), st.integers(1, 40), st.integers(0, 5)), max_size=12),
    st.sampled_from([" ", ",", ", "]),
)
def test_parse_ticks_reads_numbers_ranges_and_unticks(parts, sep):
    text = sep.join(("-" if minus else "") + (f"{n}-{n + k}" if k else str(n)) for minus, n, k in parts)
    tick, untick = parse_ticks(text, 45)
    assert tick == [x for minus, n, k in parts if not minus for x in range(n, n + k + 1)]
    assert untick == [x for minus, n, k in parts if minus for x in range(n, n + k + 1)]


@pytest.mark.parametrize("text", ["0", "46", "3-50", "a", "1..3", "--2"])
def test_parse_ticks_refuses_what_is_not_on_the_list(text):
    with pytest.raises(InputError):
        parse_ticks(text, 45)


def test_ctrl_c_or_ctrl_d_in_the_list_exits_130_writing_nothing(run, monkeypatch, workspace: Path):
    _new(run)
    before = (workspace / "campaigns" / "s.toml").read_text()
    _interactive(monkeypatch)
    result = run("campaign", "start-deck", "s", input="1-5\n", expect=130)  # then end of input: Ctrl-D
    assert "start-deck stopped: nothing was written; A has no starting deck yet" in result.stderr
    assert (workspace / "campaigns" / "s.toml").read_text() == before


def test_auto_says_its_rule_named_cards_still_work_and_a_small_deck_is_warned_about(run):
    _new(run)
    out = run("campaign", "start-deck", "s", "--auto").stdout
    assert out.startswith("A's starting deck: 20 cards; 20 left in the market deck.\n")
    assert "  (--auto takes the first 18 base and 2 legendary cards from the top of the shuffled market deck)" in out
    run("campaign", "undo", "s")
    data = json.loads(run("campaign", "start-deck", "s", "DEMO.007x2", "DEMO.034", "--json").stdout)
    assert data["warnings"] == [
        "A's starting deck has 3 cards; the market deck had 20 to take (at most 18 base and 2 legendary). "
        "The rest stay in the market deck."
    ]
    run("campaign", "undo", "s")
    out = run("campaign", "start-deck", "s", "DEMO.007x2", "DEMO.034").stdout
    assert "warning: A's starting deck has 3 cards; the market deck had 20 to take" in out
    assert sum(_show(run)["players"][0]["deck"].values()) == 3  # said, not refused


def test_no_cards_off_a_terminal_is_refused_with_a_hint(run):
    _new(run)
    err = run("campaign", "start-deck", "s", expect=2).stderr
    assert "give the cards" in err and "on a terminal, start-deck with no cards lists the market deck" in err
    err = run("campaign", "start-deck", "s", "--auto", "DEMO.007", expect=2).stderr
    assert "not both" in err


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_start_deck_list_in_a_real_pseudo_terminal(run, workspace: Path):
    _new(run)
    answers = iter([b"1-18\n", b"27\n", b"25 26\n", b"\n"])  # 27: past the list

    def answer(out: bytes) -> bytes | None:
        return next(answers, None) if re.search(rb"\(\d+ cards?\): $", out) else None

    text = run_in_pty(["campaign", "start-deck", "s"], workspace, answer=answer)
    assert " 26. [ ] DEMO.035 Archmagus Pell of the Loom (8 mana, ally, legendary, liothan)" in text
    assert "'27': the list runs from 1 to 26" in text
    assert "A's starting deck: 20 cards; 20 left in the market deck." in text
    assert sum(_show(run)["players"][0]["deck"].values()) == 20


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_ctrl_c_in_a_real_pseudo_terminal_writes_nothing(run, workspace: Path):
    _new(run)
    before = (workspace / "campaigns" / "s.toml").read_text()
    sent: list[bool] = []

    def interrupt(out: bytes) -> bytes | None:
        if sent or not out.rstrip().endswith(b"(0 cards):"):
            return None
        sent.append(True)
        # Ctrl-C: the terminal sends SIGINT. A SIGINT that lands just before the prompt reads is kept
        # for the next line read (a person never types that fast): "?" is that line
        return b"\x03?\n"

    text = run_in_pty(["campaign", "start-deck", "s"], workspace, answer=interrupt)
    assert "start-deck stopped: nothing was written" in text
    assert (workspace / "campaigns" / "s.toml").read_text() == before


# -- a player's deck as a deck file -------------------------------------------------------------------


def test_campaign_deck_writes_the_deck_as_it_stands_now(run, workspace: Path):
    cite(
        "000",
        "EXILE — To exile a card remove it from its deck for this and future games of the campaign.",
    )
    _ready(run)
    run("campaign", "next", "s")
    run("campaign", "recruit", "s", "2")
    run("campaign", "take", "s", "3")
    gone = sorted(_show(run)["players"][0]["deck"])[0]
    run("campaign", "exile", "s", "--player", "A", gone, "--free")
    deck = _show(run)["players"][0]["deck"]
    out = run("campaign", "deck", "s", "-o", "a-now.toml").stdout  # one player: no --player
    assert out == "A's deck in campaign s → a-now.toml: 21 cards (starting deck 20, recruited 2, exiled 1)\n"
    from skyforge.decks import load_deck

    written = load_deck(workspace / "a-now.toml").data
    assert written.cards == deck and written.castle == "DEMO.001" and written.player == "A"
    err = run("campaign", "deck", "s", "-o", "a-now.toml", expect=2).stderr
    assert "a file already exists here" in err and "--force" in err
    run("campaign", "deck", "s", "-o", "a-now.toml", "--force")
    printed = run("campaign", "deck", "s").stdout
    assert printed == (workspace / "a-now.toml").read_text() and "[cards]" in printed
    data = json.loads(run("campaign", "deck", "s", "--json").stdout)
    assert data["deck"]["cards"] == deck and data["size"] == 21 and data["recruited"] == 2 and data["exiled"] == 1
    assert data["cards"][next(iter(deck))]["name"]
    assert "deck" in run("deck", "validate", str(workspace / "a-now.toml"), expect=1).stdout  # 21 of 40 cards


def test_campaign_deck_with_two_players_needs_the_player(run):
    _ready(run, "t", TWO)
    err = run("campaign", "deck", "t", expect=2).stderr
    assert "which player? The campaign has Alice, Bo" in err
    data = json.loads(run("campaign", "deck", "t", "--player", "bo", "--json").stdout)
    assert data["deck"]["player"] == "Bo" and data["deck"]["castle"] == "DEMO.003"  # the visiting castle


# -- undo takes back the whole command -------------------------------------------------------------


def test_undo_after_the_castle_is_destroyed_takes_back_the_whole_command(run, workspace: Path):
    cite("000", "All players immediately lose when either:", "The castle is destroyed, or")
    _ready(run)
    run("campaign", "next", "s")
    before = _show(run)
    out = run("campaign", "health", "s", "0").stdout
    assert "The castle is destroyed" in out and _show(run)["status"] == "lost"
    out = run("campaign", "undo", "s").stdout
    assert out.startswith("Undone (2 events):\n")
    assert re.search(r"^ +\d+  castle health set to 0$", out, re.M)
    assert re.search(r"^ +\d+  game 1 lost, castle health 0$", out, re.M)
    after = _show(run)
    assert after["status"] == "scenario" and after["castle_health"] == before["castle_health"]
    assert after["events"] == before["events"]
    # the journal marks the second event as the same command's (the [[undone]] tables after the
    # journal, kept for redo, are not the journal)
    journal = (workspace / "campaigns" / "s.toml").read_text().split("[[undone]]")[0]
    run("campaign", "health", "s", "0")
    again = (workspace / "campaigns" / "s.toml").read_text()
    assert "[[undone]]" not in again  # a new command: nothing left to redo
    assert again.count("same_command = true") == journal.count("same_command = true") + 1


def test_undo_in_a_journal_written_before_commands_were_marked(run, workspace: Path):
    _ready(run)
    run("campaign", "next", "s")
    run("campaign", "health", "s", "0")
    path = workspace / "campaigns" / "s.toml"
    path.write_text(path.read_text().replace("same_command = true\n", ""))
    events = _show(run)["events"]
    out = run("campaign", "undo", "s").stdout
    assert out.startswith("Undone (2 events):\n") and _show(run)["events"] == events - 2
    out = run("campaign", "undo", "s").stdout  # the mandatory effect, unmarked: alone, as it was written
    assert "mandatory effect of" in out and "game 1 set up" not in out


def test_offers_left_open_when_the_castle_falls_cannot_be_taken(run):
    _ready(run)
    run("campaign", "next", "s")
    run("campaign", "recruit", "s", "2")
    assert "The castle is destroyed" in run("campaign", "health", "s", "0").stdout
    err = run("campaign", "take", "s", "1", expect=2).stderr
    assert "cannot take an offer now: the campaign is 'lost'" in err
    run("campaign", "undo", "s")
    assert "A takes offer 1:" in run("campaign", "take", "s", "1").stdout


# -- a copy of a campaign file is its own campaign -----------------------------------------------------


def test_a_copy_of_a_campaign_file_names_itself_in_every_hint(run, workspace: Path):
    _new(run, "spring", TWO)
    folder = workspace / "campaigns"
    shutil.copy(folder / "spring.toml", folder / "autumn.toml")
    said = []

    def sky(*args, expect=0):
        result = run(*args, expect=expect)
        said.append(result.stdout + result.stderr)
        return result

    sky("campaign", "show", "autumn")
    sky("campaign", "next", "autumn", expect=2)  # starting decks first: the hint names the command
    sky("campaign", "start-deck", "autumn", "--auto", expect=2)  # which player?
    sky("campaign", "start-deck", "autumn", "--player", "Alice", "--auto")
    sky("campaign", "start-deck", "autumn", "--player", "Alice", "--auto", expect=2)  # chosen already: undo
    sky("campaign", "start-deck", "autumn", "--player", "Bo", "--auto")
    sky("campaign", "next", "autumn")
    sky("campaign", "recruit", "autumn", "2")
    sky("campaign", "income", "autumn", expect=2)  # offers open
    sky("campaign", "take", "autumn", "--player", "Alice", "1")
    sky("campaign", "take", "autumn", "--player", "Bo", "1")
    sky("campaign", "exile", "autumn", "--player", "Alice", "DEMO.007", expect=2)
    sky("campaign", "income", "autumn")
    sky("campaign", "end", "autumn", "--won")
    sky("campaign", "undo", "autumn")
    sky("campaign", "deck", "autumn", "--player", "Bo", "-o", "bo.toml")
    text = "\n".join(said)
    assert text.count("skyforge campaign") > 10 and text.count("autumn") > 10
    assert "spring" not in text
    assert (
        "autumn: " in json.loads(run("campaign", "deck", "autumn", "--player", "Bo", "--json").stdout)["deck"]["name"]
    )
    assert _show(run, "autumn")["name"] == "autumn" and _show(run, "spring")["status"] == "new"


# -- the battle plan: undo, and a game entered twice --------------------------------------------------


def test_plan_undo_takes_back_the_last_game(run, workspace: Path):
    run("plan", "record", "liothan-shapeshifters", "renegade", "--won", "--date", "2025-03-01")
    run("plan", "record", "liothan-shapeshifters", "undead", "--lost", "--date", "2025-03-02")
    out = run("plan", "undo").stdout
    assert out == "undone: Liothan Shapeshifters lost to Undead (2025-03-02); 1 game recorded\n"
    data = json.loads(run("plan", "undo", "--json").stdout)
    assert data == {
        "undone": {
            "deck": "liothan-shapeshifters",
            "horde": "renegade",
            "won": True,
            "outsider": None,
            "date": "2025-03-01",
        },
        "games": 0,
    }
    assert "nothing to undo" in run("plan", "undo", expect=2).stderr


def test_a_game_entered_twice_is_refused_off_a_terminal_and_asked_about_on_one(run, monkeypatch):
    record = ("plan", "record", "liothan-shapeshifters", "renegade", "--won")
    run(*record)
    err = run(*record, expect=2).stderr
    assert "Liothan Shapeshifters beat Renegade (" in err and "is the last game recorded already" in err
    assert "Played twice? add --again" in err and "skyforge plan undo" in err
    assert json.loads(run("plan", "show", "--json").stdout)["games"] == 1
    run(*record, "--again")
    assert json.loads(run("plan", "show", "--json").stdout)["games"] == 2
    _interactive(monkeypatch)
    result = run(*record, input="n\n")
    assert "Was it played twice? Record it again [y/N]: " in result.stderr and "nothing recorded" in result.stderr
    assert json.loads(run("plan", "show", "--json").stdout)["games"] == 2
    assert "recorded: Liothan Shapeshifters beat Renegade" in run(*record, input="y\n").stdout
    assert json.loads(run("plan", "show", "--json").stdout)["games"] == 3
    run("plan", "record", "liothan-shapeshifters", "renegade", "--lost")  # another result: no question
    assert json.loads(run("plan", "show", "--json").stdout)["games"] == 4


SETUP_SEED_3 = ["--hordes", HORDES, "--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "3"]


# -- campaign at the table -----------------------------------------------------------------------


def test_end_won_uses_the_health_just_set_and_one_player_needs_no_player_option(run):
    cite("000", "the health of the castle is carried over from one game to the next")
    run("campaign", "new", "s", "--castle", "DEMO.001", "--player", "A=demo-blue-wall", *SETUP_SEED_3)
    run("campaign", "start-deck", "s", "--auto")  # one player: no --player
    run("campaign", "next", "s")
    run("campaign", "income", "s")
    run("campaign", "health", "s", "14")
    out = run("campaign", "end", "s", "--won").stdout
    assert "castle health 14" in out
    two = ("--player", "A=demo-blue-wall", "--player", "Bo=demo-green-grove@DEMO.003")
    run("campaign", "new", "t", "--castle", "DEMO.001", *two, *SETUP_SEED_3)
    err = run("campaign", "start-deck", "t", "--auto", expect=2).stderr
    assert "which player?" in err and "A, Bo" in err
