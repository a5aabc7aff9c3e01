"""Issue 12, "at the table": wording, output that fits, sharing, one card grammar, names, choosing cards."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import SHIPPED_CATALOG, assert_quotes

OFFICIAL = str(SHIPPED_CATALOG / "official")


# -- wording ---------------------------------------------------------------------------

def test_counts_and_articles_read_as_english(run):
    from skyforge.text import a, plural

    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards" and plural(0, "problem") == "0 problems"
    assert a("alliance") == "an alliance" and a("castle") == "a castle" and a("Onward") == "an Onward"
    out = run("deck", "add", "demo-blue-wall", "DEMO.015").stdout
    assert "(1 problem)" in out and "1 problems" not in out
    out = run("deck", "show", "demo-blue-wall").stdout
    assert "(1 problem)" in out and "41 cards" in out
    err = run("deck", "add", "demo-blue-wall", "DEMO.001", expect=2).stderr
    assert "is a castle card" in err


def test_official_castle_without_code_is_named_once(run, workspace: Path):
    (workspace / "decks" / "p.toml").write_text('schema = 1\nname = "P"\ncastle = "Pools of Flyema"\n[cards]\n')
    out = run("--catalog", OFFICIAL, "deck", "list").stdout
    assert "Pools of Flyema" in out and "Pools of Flyema Pools of Flyema" not in out
    out = run("--catalog", OFFICIAL, "deck", "show", "p").stdout
    assert "castle Pools of Flyema ·" in out and "castle:pools-of-flyema" not in out


def test_premade_hint_names_decks_without_a_set_by_id(run):
    err = run("--catalog", "@shipped", "deck", "premade", "XYZ", "liothan", expect=2).stderr
    assert "? liothan" not in err and "liothan-shapeshifters (set not in the catalog)" in err


def test_contradictory_setup_options_are_refused(run):
    assert_quotes("000", "If there are two players, choose another castle that will remain out of play.")
    err = run("game", "setup", "--mode", "solo", "--castle", "DEMO.001", "--castle2", "DEMO.002",
              "--hordes", "demo-thornmaw", "--difficulty", "1", expect=2).stderr
    assert "--castle2 contradicts --mode solo" in err and "Traceback" not in err
    err = run("game", "setup", "--random", "--first-game", "DEMO", expect=2).stderr
    assert "--random and --first-game contradict" in err


# -- one card-reference grammar, one way to name players ---------------------------------

@pytest.mark.parametrize("text,ref,count", [
    ("DEMO.007", "DEMO.007", 1), ("DEMO.007x3", "DEMO.007", 3), ("DEMO.007=3", "DEMO.007", 3),
    ("DEMO.007 x 3", "DEMO.007", 3), ("3xDEMO.007", "DEMO.007", 3), ("DEMO.007×2", "DEMO.007", 2),
    ("Gullwing Lookout", "Gullwing Lookout", 1), ("Gullwing Lookout x3", "Gullwing Lookout", 3),
    ("Gullwing Lookout=2", "Gullwing Lookout", 2),
])
def test_one_card_grammar(text, ref, count):
    from skyforge.decks.editing import parse_spec

    spec = parse_spec(text)
    assert (spec.ref, spec.count) == (ref, count)


def test_card_grammar_never_crashes():
    from hypothesis import given, settings, strategies as st

    from skyforge.decks.editing import parse_spec
    from skyforge.errors import InputError

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=30))
    def check(text):
        try:
            spec = parse_spec(text)
        except InputError:
            return
        assert spec.ref and 1 <= spec.count <= 99

    check()


def test_deck_add_takes_equals_and_bad_specs_are_reported_together(run):
    run("deck", "new", "g", "--castle", "DEMO.001")
    run("deck", "add", "g", "DEMO.007=2", "Gullwing Lookout x1")
    text = (Path("decks") / "g.toml").read_text()
    assert '"DEMO.007" = 3' in text  # Gullwing Lookout is DEMO.007
    err = run("deck", "add", "g", "DEMO.007x0", "DEMO.008=-1", expect=2).stderr
    assert "2 problems" in err


def test_campaign_start_deck_reads_the_same_grammar(run):
    assert_quotes("000", "at most 18 base cards")
    run("campaign", "new", "spring", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall",
        "--hordes", "demo-thornmaw,demo-ironwraiths,demo-gloomcrawlers", "--difficulty", "2",
        "--outsider", "Orrun the Everwake", "--seed", "3")
    import json

    state = json.loads(run("campaign", "show", "spring", "--json").stdout)
    market = state["players"][0]["market"]
    from skyforge.catalog import load_catalog

    catalog = load_catalog(None)
    base = [c for c in dict.fromkeys(market) if getattr(catalog.find(c), "rarity", None) == "base"][:3]
    args = [base[0], f"{base[1]}=1", f"{base[2]}x1"]
    out = run("campaign", "start-deck", "spring", "--player", "Alice", *args).stdout
    assert "starting deck: 3 cards" in out


def test_series_win_takes_player_option_and_old_form(run):
    assert_quotes("004", "The player who won the previous match is always first player at the start of the next game.")
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "cup", "--player", "Ann")
    out = run("series", "win", "cup", "Bob").stdout
    assert "Ann 1, Bob 1" in out
    err = run("series", "win", "cup", "Ann", "--player", "Bob", expect=2).stderr
    assert "two winners" in err
    assert "who won" in run("series", "win", "cup", expect=2).stderr
