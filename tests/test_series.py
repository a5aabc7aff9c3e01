"""``skyforge series``: best-of-3/5 match series (rulebook 004, "The Next Match")."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyforge.errors import InputError, StateError
from skyforge.series import new, state

from .conftest import cite


def test_a_series_is_won_at_two_or_three_trophies_and_the_next_match_follows_004():
    cite(
        "004",
        "The first player to claim two trophies in a best of three game, or to claim three trophies in "
        "a best of five game, is declared the winner of the game.",
        "From here on out, both players’ decks will be one card smaller.",
        "for each trophy your opponent possesses, you draw one additional card at the start of the game",
        "The player who won the previous match is always first player at the start of the next game.",
    )
    three = new("s", 3, ["Ann", "Bob"], 30).win("Ann").win("Bob")
    assert state(three).winner is None and state(three.win("Ann")).winner == "Ann"
    five = new("f", 5, ["Ann", "Bob"], 30).win("Ann").win("Ann")
    assert state(five).winner is None and state(five.win("Ann")).winner == "Ann"
    after_one = state(new("n", 5, ["Ann", "Bob"], 30).win("Bob")).dump()["next_match"]
    assert after_one == {
        "match": 2,
        "deck_size": 29,
        "extra_cards": {"Ann": 1, "Bob": 0},
        "extra_cards_when": "at the start of the match, before selecting leaders",
        "first_player": "Bob",
    }


def test_fold():
    s = new("s", 5, ["Ann", "Bob"], 30).win("ann").win("Bob").win("Bob")
    st_ = state(s)
    assert st_.trophies == {"Ann": 1, "Bob": 2} and st_.winner is None
    assert st_.dump()["next_match"] == {
        "match": 4,
        "deck_size": 27,
        "extra_cards": {"Ann": 2, "Bob": 1},
        "extra_cards_when": "at the start of the match, before selecting leaders",
        "first_player": "Bob",
    }
    s = s.win("Bob")
    assert state(s).winner == "Bob" and state(s).next_match is None
    with pytest.raises(StateError, match="the series is over"):
        s.win("Ann")
    assert state(s.undo()).winner is None


@given(best_of=st.sampled_from([3, 5]), winners=st.lists(st.sampled_from(["A", "B"]), max_size=5))
def test_series_ends_exactly_at_majority(best_of, winners):
    s = new("x", best_of, ["A", "B"], 20)
    for w in winners:
        if state(s).winner:
            break
        s = s.win(w)
        assert s.undo() == new("x", best_of, ["A", "B"], 20).__class__(s.name, best_of, s.players, 20, s.winners[:-1])
    st_ = state(s)
    need = best_of // 2 + 1
    assert (st_.winner is not None) == (max(st_.trophies.values()) == need)
    assert len(s.winners) <= best_of


def test_bad_setups():
    with pytest.raises(InputError, match="best of 3 or best of 5"):
        new("x", 4, ["A", "B"], 20)
    with pytest.raises(InputError, match="one card smaller"):
        new("x", 5, ["A", "B"], 4)
    with pytest.raises(InputError, match="two players"):
        new("x", 3, ["A", "a"], 20)


def test_cli_flow(run, workspace):
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    assert (workspace / "series" / "cup.toml").read_text().startswith("schema = 1")
    run("series", "win", "cup", "Ann")
    data = json.loads(run("series", "show", "cup", "--json").output)
    assert data["trophies"] == {"Ann": 1, "Bob": 0}
    assert data["next_match"] == {
        "match": 2,
        "deck_size": 29,
        "extra_cards": {"Ann": 0, "Bob": 1},
        "extra_cards_when": "at the start of the match, before selecting leaders",
        "first_player": "Ann",
    }
    run("series", "win", "cup", "Ann")
    data = json.loads(run("series", "show", "cup", "--json").output)
    assert data["winner"] == "Ann" and data["next_match"] is None
    r = run("series", "win", "cup", "Bob", expect=2)
    assert "the series is over: Ann won it" in r.stderr
    data = json.loads(run("series", "undo", "cup", "--json").output)
    assert data["winner"] is None
    r = run("series", "win", "cup", "Carl", expect=2)
    assert "'Carl' does not play" in r.stderr
    r = run("series", "show", "nope", expect=2)
    assert "file not found" in r.stderr
    r = run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30", expect=2)
    assert "already exists" in r.stderr


def test_absurd_deck_sizes_are_refused(run, workspace):
    for size in ("99999999999999999999", "201", "0", "-3"):
        r = run("series", "new", "x", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", size, expect=2)
        assert "out of range" in r.stderr and "3 to 200" in r.stderr, size
        assert "Traceback" not in r.output
    assert not (workspace / "series" / "x.toml").exists()
    run("series", "new", "x", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "200")


def test_extra_cards_come_before_selecting_leaders(run, workspace):
    cite("004", "you draw one additional card at the start of the game, before selecting leaders.")
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "cup", "--player", "Ann")
    out = run("series", "show", "cup").stdout
    assert (
        "  Bob draws 1 extra card\n  extra cards are drawn at the start of the match, before selecting leaders" in out
    )


def test_series_undo_says_what_it_took_back(run, workspace):
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "cup", "--player", "Ann")
    run("series", "win", "cup", "--player", "Bob")
    out = run("series", "undo", "cup").stdout
    assert out.startswith("Undone: match 2 (29-card decks) won by Bob")
    data = json.loads(run("series", "undo", "cup", "--json").output)
    assert data["undone"] == {"match": 1, "deck_size": 30, "winner": "Ann"} and data["matches"] == []
    r = run("series", "undo", "cup", expect=2)
    assert "nothing to undo" in r.stderr


# -- naming the winner -------------------------------------------------------------------


def test_series_win_takes_player_option_and_old_form(run):
    cite("004", "The player who won the previous match is always first player at the start of the next game.")
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "cup", "--player", "Ann")
    out = run("series", "win", "cup", "Bob").stdout
    assert "Ann 1, Bob 1" in out
    err = run("series", "win", "cup", "Ann", "--player", "Bob", expect=2).stderr
    assert "two winners" in err
    assert "who won" in run("series", "win", "cup", expect=2).stderr


# -- series files: strict models, names never leave the workspace ----------------------------------


SERIES = 'best_of = 3\nplayers = ["Ann", "Bob"]\ndeck_size = 30\n'


@pytest.mark.parametrize(
    "change, expected",
    [
        (("best_of = 3", "best_of = 3.9"), "series/s.toml:1: best_of: must be a whole number (got 3.9)"),
        (("best_of = 3", "best_of = 3.0"), "series/s.toml:1: best_of: must be a whole number (got 3.0)"),
        (("best_of = 3", "best_of = 4"), "series/s.toml:1: best_of: must be 3 or 5 (got 4)"),
        (("best_of = 3", 'best_of = ""'), "series/s.toml:1: best_of: must be a whole number (got '')"),
        (('players = ["Ann", "Bob"]', 'players = "AB"'), "series/s.toml:2: players: must be a list [ … ] (got 'AB')"),
        (('players = ["Ann", "Bob"]', "players = 5"), "series/s.toml:2: players: must be a list [ … ] (got 5)"),
        (("deck_size = 30", "deck_size = inf"), "series/s.toml:3: deck_size: must be a whole number (got inf)"),
        (("deck_size = 30", "deck_size = 30\nwinners = [1]"), "series/s.toml:4: winners[0]: must be text in quotes"),
        (("deck_size = 30", 'deck_size = 30\nwinners = ["Cy"]'), "series/s.toml:4: winners[0]: 'Cy' does not play"),
        (
            ('players = ["Ann", "Bob"]', 'players = ["Ann", "ann"]'),
            "series/s.toml:2: players: a series is between two players with different names",
        ),
    ],
)
def test_series_files_are_checked(run, workspace, change, expected):
    (workspace / "series").mkdir()
    (workspace / "series" / "s.toml").write_text(SERIES.replace(*change))
    err = run("series", "show", "s", expect=2).stderr
    assert expected in err, err


def test_series_names_never_leave_the_workspace(run, workspace, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "v.toml").write_text(SERIES)
    err = run("series", "win", "../outside/v.toml", "Ann", expect=2).stderr
    assert "is a name, not a path" in err
    assert (outside / "v.toml").read_text() == SERIES


def test_the_schema_of_series_show_describes_what_it_prints(run):
    run("series", "new", "s", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "s", "Ann")
    schema = json.loads(run("schema", "series-show").stdout)
    data = json.loads(run("series", "show", "s", "--json").stdout)
    assert set(schema["required"]) <= set(data) <= set(schema["properties"])
    assert set(data["next_match"]) == set(schema["$defs"]["NextMatch"]["properties"])
