"""Issue 22, more: validating every deck, test draws, gold, interrupted drafts, Arena's first player, demo marks."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cite

# -- deck validate --all, deck draw ------------------------------------------------------------


def test_validate_all_reports_every_deck_of_the_workspace_and_fails_on_one_invalid(run, workspace: Path):
    out = run("deck", "validate", "--all", "--json").stdout
    assert {d["file"] for d in json.loads(out)["decks"]} == {
        "decks/demo-blue-wall.toml",
        "decks/demo-green-grove.toml",
        "decks/demo-red-rush.toml",
    }
    # each checked on its own: two decks with the same castle are no "same castle" problem
    (workspace / "decks" / "twin.toml").write_text((workspace / "decks" / "demo-blue-wall.toml").read_text())
    assert json.loads(run("deck", "validate", "--all", "--json").stdout)["valid"]
    (workspace / "decks" / "short.toml").write_text(
        'schema = 1\nname = "Short"\ncastle = "DEMO.001"\n[cards]\n"DEMO.008" = 2\n'
    )
    result = run("deck", "validate", "--all", expect=1)
    assert "✗ invalid  decks/short.toml" in result.stdout
    assert "✓ valid  decks/demo-red-rush.toml" in result.stdout
    run("deck", "validate", expect=2)
    run("deck", "validate", "--all", "demo-red-rush", expect=2)


def test_deck_draw_deals_the_opening_hand_and_a_card_a_turn_repeatably(run):
    cite("000", "Each player draws five cards from their alliance deck.")
    args = ("deck", "draw", "demo-blue-wall", "--turns", "3", "--seed", "7", "--json")
    first = json.loads(run(*args).stdout)
    assert first == json.loads(run(*args).stdout)
    assert len(first["dealt"]) == 5 and len(first["turns"]) == 3 and first["seed"] == 7
    assert first["hand"] == first["dealt"]
    small = json.loads(run("deck", "draw", "demo-blue-wall", "--hand", "3", "--json").stdout)
    assert len(small["hand"]) == 3 and small["turns"] == []
    text = run("deck", "draw", "demo-blue-wall", "--seed", "7", "--turns", "1").stdout
    assert "seed 7" in text and "Turn 1:" in text


def test_deck_draw_mulligan_throws_back_what_the_rulebook_suggests(run):
    cite("000", "discard any number of cards, draw back the same amount, and then shuffle the discarded cards back")
    for seed in range(1, 30):
        d = json.loads(run("deck", "draw", "demo-red-rush", "--mulligan", "--seed", str(seed), "--json").stdout)
        tossed = [c for c in d["dealt"] if c["type"] != "ally" or c["cost"] >= 5]
        assert d["thrown_back"] == tossed
        assert len(d["hand"]) == 5
        assert [c for c in d["dealt"] if c not in tossed] == d["hand"][: 5 - len(tossed)]


# -- campaign gold, the same deck twice --------------------------------------------------------

NEW = ("campaign", "new", "spring", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall")
REST = ("--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw", "--difficulty", "2")
REST += ("--outsider", "Orrun the Everwake", "--seed", "7")


def _gold(run) -> int:
    return json.loads(run("campaign", "show", "spring", "--json").stdout)["gold"]


def test_gold_plus_minus_change_it_equals_sets_it_and_a_bare_number_is_asked_about(run):
    run(*NEW, "--player", "Bo=demo-green-grove@DEMO.003", *REST)
    start = _gold(run)
    run("campaign", "gold", "spring", "+3")
    run("campaign", "gold", "spring", "-2")
    assert _gold(run) == start + 1
    assert "→ 12" in run("campaign", "gold", "spring", "=12").stdout
    assert _gold(run) == 12
    run("campaign", "gold", "spring", "--set", "4")
    assert _gold(run) == 4
    refused = run("campaign", "gold", "spring", "5", expect=2)
    assert "+5 or =5?" in refused.output
    assert _gold(run) == 4
    run("campaign", "gold", "spring", "=99", expect=2)
    run("campaign", "gold", "spring", "+1", "--set", "3", expect=2)
    run("campaign", "undo", "spring")
    assert _gold(run) == 12


def test_a_bare_gold_number_is_asked_about_on_a_terminal(run, monkeypatch):
    """ "a bare 5 is asked about, not added": on a terminal the player says + or =."""
    from skyforge.cli import stdio

    run(*NEW, "--player", "Bo=demo-green-grove@DEMO.003", *REST)
    monkeypatch.setattr(stdio, "interactive", lambda: True)  # as if stdin were a terminal
    start = _gold(run)
    added = run("campaign", "gold", "spring", "5", input="+\n")
    assert "5: add 5 gold (+) or set the gold to 5 (=)?" in added.output
    assert _gold(run) == min(start + 5, 40)
    run("campaign", "gold", "spring", "5", input="?\n=\n")  # a wrong answer is asked again
    assert _gold(run) == 5
    # --json is for programs: never a question
    assert "+7 or =7?" in run("campaign", "gold", "spring", "7", "--json", expect=2).output


def test_the_same_deck_for_two_players_is_refused_once_naming_them(run):
    result = run(*NEW, "--player", "Bo=decks/demo-blue-wall.toml@DEMO.003", *REST, expect=2)
    assert result.output.count("the same deck is given twice") == 1
    assert "Alice=demo-blue-wall and Bo=decks/demo-blue-wall.toml" in result.output
    assert "copies of" not in result.output


# -- interactive drafts: random choices said at once, Ctrl-C/Ctrl-D pauses -----------------------

ONWARD = ("onward", "draft", "--method", "moba", "--players", "Ann,Bob", "--seed", "7")


def _interactive(monkeypatch):
    from skyforge.cli import stdio

    monkeypatch.setattr(stdio, "interactive", lambda: True)


def test_a_random_choice_is_said_at_once_and_the_prompt_shows_each_heros_traits(run, monkeypatch):
    import re

    _interactive(monkeypatch)
    err = run(*ONWARD, input="\n" * 30).stderr
    said = re.findall(r"turn (\d+): (\w+) \((Light|Shadow)\) (picks|bans) \(random\) (\S.*)", err)
    assert said and [int(t[0]) for t in said] == list(range(1, len(said) + 1))
    legal = next(line for line in err.splitlines() if line.startswith("legal: "))
    assert re.search(r"\w \((red|blue|green|yellow)", legal), legal


def test_ctrl_d_pauses_a_saved_draft_with_every_choice_kept(run, monkeypatch, workspace: Path):
    _interactive(monkeypatch)
    result = run(*ONWARD, "--save", "friday", input="\n\n\n", expect=130)
    assert "resume with: skyforge onward pick friday" in result.stderr
    shown = json.loads(run("onward", "show", "friday", "--json").stdout)
    assert len(shown["steps"]) == 3
    run("onward", "pick", "friday", "--random")


def test_ctrl_d_without_save_says_nothing_was_kept(run, monkeypatch, workspace: Path):
    _interactive(monkeypatch)
    result = run("arena", "draft", "--players", "Ann,Bob", "--seed", "3", input="\n", expect=130)
    assert "nothing was kept" in result.stderr
    assert not (workspace / "drafts").exists() or not list((workspace / "drafts").iterdir())


def test_ctrl_c_at_any_prompt_exits_130(run, monkeypatch):
    import click

    from skyforge.cli import drafting

    def interrupted(*args, **kwargs):
        raise click.exceptions.Abort

    _interactive(monkeypatch)
    monkeypatch.setattr(drafting, "prompt_for", lambda: interrupted)
    run(*ONWARD, expect=130)


# -- Arena: the player who picked second chooses who goes first ----------------------------------


def test_arena_draft_and_setup_say_the_second_picker_chooses_who_goes_first(run):
    cite("003", "The player that selected second, then chooses if they want to go first or second.")
    closing = run("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "t").stdout
    assert "Bob picked second, so Bob chooses who goes first (003 Setup)." in closing
    assert "Bob chooses who goes first" in run("arena", "setup", "--draft", "t").stdout
    data = json.loads(run("arena", "setup", "--draft", "t", "--first", "Bob", "--json").stdout)
    assert data["first_player"].endswith("Bob goes first.")
    assert data["players"][0]["player"] == "Bob"


# -- demo data marked --------------------------------------------------------------------------


def test_demo_data_is_marked_in_deck_list_csv_and_code_exports_and_campaign_show(run):
    from skyforge.terms import demo_note

    assert demo_note() in run("deck", "list").stdout
    assert all(r["demo"] for r in json.loads(run("deck", "list", "--json").stdout))
    for fmt in ("csv", "code"):
        result = run("deck", "export", "demo-blue-wall", "--format", fmt)
        assert demo_note() in result.stderr and demo_note() not in result.stdout
    run(*NEW, "--player", "Bo=demo-green-grove@DEMO.003", *REST)
    shown = json.loads(run("campaign", "show", "spring", "--json").stdout)
    assert shown["demo"] is True and shown["demo_note"] == demo_note()


def test_a_saved_interactive_draft_is_written_after_each_choice(run, monkeypatch, workspace: Path):
    import tomllib

    from skyforge.cli import drafting

    seen = []

    def prompt_for():
        def ask(turn, session):
            path = workspace / "drafts" / "fri.toml"
            seen.append(len(tomllib.loads(path.read_text())["journal"]) if path.exists() else 0)
            return None

        return ask

    _interactive(monkeypatch)
    monkeypatch.setattr(drafting, "prompt_for", prompt_for)
    run(*ONWARD, "--save", "fri")
    assert seen[:4] == [0, 1, 2, 3]
