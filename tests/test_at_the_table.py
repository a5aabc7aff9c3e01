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
