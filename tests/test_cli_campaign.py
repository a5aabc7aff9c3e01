"""``skyforge campaign`` through the CLI: a whole campaign, the JSON contract, errors."""

from __future__ import annotations

import json
import re
import shlex

import pytest

from skyforge.campaign.report import CampaignShown

from .campaign_util import CAMPAIGN_NEW_WITH_FOUR_PROBLEMS, campaign_new
from .conftest import DEMO_CATALOG, ROOT, cite

CAT = ("--catalog", str(DEMO_CATALOG))
NEW = (
    "campaign",
    "new",
    "spring",
    "--castle",
    "DEMO.001",
    "--player",
    "Alice=demo-blue-wall",
    "--player",
    "Bo=demo-green-grove@DEMO.003",
    "--hordes",
    "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
    "--difficulty",
    "2",
    "--outsider",
    "Orrun the Everwake",
    "--seed",
    "7",
)


def sky(run, *args, expect=0):
    return run(*CAT, *args, expect=expect)


def show(run, name="spring"):
    return json.loads(sky(run, "campaign", "show", name, "--json").stdout)


@pytest.mark.slow
def test_a_full_four_game_campaign_for_two_players(run, workspace):
    result = sky(run, *NEW)
    assert "scenario pile:" in result.stdout and "portal pile:" in result.stdout
    assert (workspace / "campaigns" / "spring.toml").exists()
    state = show(run)
    assert state["status"] == "new" and state["gold"] == 10 and state["castle_health"] == 20
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "bo", "--auto")
    assert show(run)["status"] == "ready"
    health = 20
    for number in range(1, 5):
        out = sky(run, "campaign", "next", "spring").stdout
        assert f"Game {number}" in out and "Outsider:" in out
        state = show(run)
        assert state["status"] == "scenario" and state["game"] == number
        scenario = state["current"]["scenario_card"]
        recruit = next((a for a in scenario["actions"] if a.get("recruit")), None)
        if recruit and state["gold"] >= -recruit["gold"]:
            out = sky(run, "campaign", "recruit", "spring", str(recruit["recruit"])).stdout
            assert "Alice's offers" in out and "Bo's offers" in out
            sky(run, "campaign", "take", "spring", "--player", "Alice", "1")
            sky(run, "campaign", "take", "spring", "--player", "Bo", "3")
        sky(run, "campaign", "action", "spring", "Sell supplies", expect=None)
        sky(run, "campaign", "income", "spring")
        assert show(run)["status"] == "playing"
        sky(run, "campaign", "pillage", "spring", "1")
        health -= 2
        sky(run, "campaign", "end", "spring", "--won", "--castle-health", str(health))
    state = show(run)
    assert state["status"] == "won" and state["game"] == 4
    assert state["scenario_pile"] == [] and state["portal_pile"] == []
    assert [g["number"] for g in state["games"]] == [1, 2, 3, 4]
    assert [g["result"] for g in state["games"]] == ["won"] * 4
    assert state["castle_health"] == health == state["games"][-1]["castle_health"]
    assert state["games"][-1]["outsider"] == "Orrun the Everwake"
    log = json.loads(sky(run, "campaign", "log", "spring", "--json").stdout)
    assert log[0]["type"] == "created" and log[-1]["type"] == "game-ended"
    assert "spring: won" in sky(run, "campaign", "list").stdout
    sky(run, "campaign", "next", "spring", expect=2)


def test_show_json_contract(run):
    sky(run, *NEW)
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    sky(run, "campaign", "next", "spring")
    data = show(run)
    assert set(data) >= {
        "name",
        "status",
        "game",
        "gold",
        "castle_health",
        "scenario_pile",
        "portal_pile",
        "final_outsider",
        "current",
        "players",
        "games",
    }
    assert set(data["current"]) >= {"scenario", "portal", "outsider", "actions_taken"}
    assert data["current"]["scenario"].startswith("DEMO.") and data["current"]["actions_taken"] == []
    for p in data["players"]:
        assert set(p) >= {"name", "castle", "deck", "market", "offers"}
        assert all(isinstance(n, int) for n in p["deck"].values()) and sum(p["deck"].values()) == 20
        assert isinstance(p["market"], list) and p["offers"] == []
    assert set(data["games"][0]) >= {"number", "scenario", "portal", "outsider", "result", "castle_health", "gold"}
    assert len(data["scenario_pile"]) == 5 and len(data["portal_pile"]) == 3
    assert data["horde_deck"] and data["status"] == "scenario"


def test_the_schema_of_campaign_show_describes_what_it_prints(run, clone_workspace):
    schema = json.loads(run("schema", "campaign-show").stdout)
    data = show(run, "example")
    assert schema["title"] == "skyforge campaign show --json"
    assert set(schema["required"]) <= set(data) <= set(schema["properties"])
    defs = schema["$defs"]
    assert set(data["current"]) == set(defs["CurrentGameView"]["properties"])
    assert data["players"] and all(set(p) == set(defs["PlayerView"]["properties"]) for p in data["players"])
    assert data["games"] and all(set(g) == set(defs["GameView"]["properties"]) for g in data["games"])
    step = schema["properties"]["next_step"]["discriminator"]["mapping"][data["next_step"]["step"]]
    assert set(data["next_step"]) == set(defs[step.rsplit("/", 1)[-1]]["properties"])
    # the JSON reads back as the very result it is the dump of
    assert CampaignShown.model_validate(data).dump() == data


def test_gold_commands_say_when_they_clamp(run):
    sky(run, *NEW)
    assert "at most 40" in sky(run, "campaign", "gold", "spring", "+45").stdout
    assert "cannot be negative" in sky(run, "campaign", "gold", "spring", "-50").stdout
    assert show(run)["gold"] == 0
    out = json.loads(sky(run, "campaign", "gold", "spring", "+3", "--json").stdout)
    assert out["events"][0] == {"type": "gold-adjusted", "at": out["events"][0]["at"], "amount": 3, "change": 3}
    assert out["campaign"]["gold"] == 3
    sky(run, "campaign", "undo", "spring")
    assert show(run)["gold"] == 0


def test_errors_are_messages_not_tracebacks(run):
    result = sky(run, "campaign", "show", "nope", expect=2)
    assert "no campaign 'nope'" in result.stderr and "Traceback" not in result.output
    sky(run, *NEW)
    assert "already exists" in sky(run, *NEW, expect=2).stderr
    result = sky(run, "campaign", "next", "spring", expect=2)
    assert "starting decks" in result.stderr
    result = sky(run, "campaign", "gold", "spring", "lots", expect=2)
    assert "not a whole number" in result.stderr
    result = sky(run, "campaign", "new", "bad/name", *NEW[3:], expect=2)
    assert "not a valid campaign name" in result.stderr
    result = sky(
        run,
        "campaign",
        "new",
        "x",
        *NEW[3:9],
        "--hordes",
        "demo-thornmaw",
        "--difficulty",
        "2",
        "--outsider",
        "Rattlejaw",
        expect=2,
    )
    assert "three different hordes" in result.stderr and "henchman" in result.stderr
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    sky(run, "campaign", "next", "spring")
    sky(run, "campaign", "gold", "spring", "-10")
    result = sky(run, "campaign", "action", "spring", "1", expect=2)
    assert "gold" in result.stderr and "Traceback" not in result.output


@pytest.mark.slow
def test_docs_walkthrough_runs(run, workspace):
    """Every `$ skyforge …` line of docs/campaign.md runs, in order, and shows what the page shows."""
    page = (ROOT / "docs" / "campaign.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n(.*?)```", page, flags=re.S)
    assert blocks
    for block in blocks:
        commands = re.split(r"^\$ ", block, flags=re.M)[1:]
        for chunk in commands:
            command, _, shown = chunk.partition("\n")
            while command.endswith("\\"):
                more, _, shown = shown.partition("\n")
                command = command[:-1] + more
            args = shlex.split(command)
            assert args[0] == "skyforge"
            result = run(*args[1:], expect=None, env={"COLUMNS": "200"})
            assert result.exit_code == 0, f"{command}\n{result.output}"
            for line in shown.strip().splitlines():
                if line.strip() and not line.startswith("…"):
                    assert line.rstrip() in result.stdout, f"{command}: missing {line!r}\n{result.stdout}"


def test_limited_format_and_unknown_castle_health(run, workspace):
    sky(
        run,
        "campaign",
        "new",
        "solo",
        "--castle",
        "DEMO.001",
        "--player",
        "Alice",
        "--seed",
        "1",
        "--limited",
        "demo-blue-wall,demo-red-rush,taulot-demo",
        "--hordes",
        "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
        "--difficulty",
        "1",
        "--outsider",
        "Lamplighter Sova",
    )
    data = show(run, "solo")
    assert data["format"] == "limited" and len(data["players"]) == 1
    assert data["players"][0]["market_decks"] == [
        "decks/demo-blue-wall.toml",
        "decks/demo-red-rush.toml",
        "premade:taulot-demo",
    ]
    result = run(
        "campaign",
        "new",
        "x",
        "--castle",
        "Pools of Flyema",
        "--player",
        "A=demo-blue-wall",
        "--hordes",
        "a,b,c",
        "--difficulty",
        "1",
        "--outsider",
        "y",
        expect=2,
    )
    assert "--castle-health" in result.stderr and "Traceback" not in result.output


def test_the_file_keeps_what_pausing_a_campaign_asks_for(run, workspace):
    """000 "Pausing a Campaign": everything to set aside is in the campaign file, nothing else needed."""
    from .conftest import cite

    cite(
        "000",
        "you need to note down your gold and castle's health.",
        "set aside the alliance and market decks as well as the scenario pile, portal pile, castle, "
        "and final outsider.",
    )
    sky(run, *NEW)
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    before = show(run)
    # a different catalog later (here: none of the demo cards) does not change the campaign
    after = json.loads(
        run(
            "--catalog", str(ROOT / "tests" / "data" / "mini-catalog.toml"), "campaign", "show", "spring", "--json"
        ).stdout
    )
    cards = before.pop("cards")  # the card facts beside the codes are read from the catalog
    assert after.pop("cards") != cards and after == before
    for key in ("gold", "castle_health", "scenario_pile", "portal_pile", "castle", "final_outsider"):
        assert before[key]
    assert all(p["market"] for p in before["players"]) and before["players"][0]["deck"]


def _playing(run):
    sky(run, *NEW)
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    sky(run, "campaign", "next", "spring")
    sky(run, "campaign", "income", "spring")


def test_end_needs_exactly_one_of_won_and_lost(run):
    _playing(run)
    result = sky(run, "campaign", "end", "spring", "--won", "--lost", "--castle-health", "4", expect=2)
    assert "--won and --lost together" in result.stderr
    result = sky(run, "campaign", "end", "spring", "--castle-health", "4", expect=2)
    assert "--won or --lost" in result.stderr
    assert show(run)["games"][0]["result"] is None  # nothing recorded
    sky(run, "campaign", "end", "spring", "--lost", "--castle-health", "0")
    assert show(run)["status"] == "lost"


def test_castle_health_has_no_cap_and_no_floor(run):
    from .conftest import cite

    cite(
        "000",
        "HEALTH — When an effect references the health of a card, you must consider the printed "
        "value modified by tokens and temporary effects. There is no maximum or minimum health value.",
    )
    cite("001", "There is no maximum or minimum health value.")
    _playing(run)  # DEMO.001: full health 20 in the catalog
    out = sky(run, "campaign", "health", "spring", "22").stdout
    assert "Castle health 20 → 22 (full 20)" in out
    assert show(run)["castle_health"] == 22 and show(run)["full_health"] == 20
    assert "The castle is destroyed" in sky(run, "campaign", "health", "spring", "-3").stdout  # the game is lost
    assert show(run)["castle_health"] == -3
    data = show(run)
    assert data["status"] == "lost" and data["games"][0]["castle_health"] == -3
    assert "castle health -3 (full 20)" in sky(run, "campaign", "show", "spring").stdout


@pytest.mark.slow
def test_a_campaign_applies_scenario_effects_exile_allowances_and_undoes_each(run, workspace):
    """Seed 5: game 1 is Bells at Midnight (mandatory: the castle loses 2 health; Exile 1; Fortify),
    game 2 The Glowing Grotto (mandatory: a discard at random, a reminder; Fortify)."""
    from .conftest import cite

    cite(
        "000",
        "The scenario card may have some mandatory effects at the top that must be resolved first.",
        'Each action may only be taken once unless there is a "∞" symbol next to it.',
        "EXILE — To exile a card remove it from its deck for this and future games of the campaign. "
        "If it is an alliance card, return it to the bottom of its market deck.",
        "There is no maximum or minimum health value.",
    )
    sky(run, *NEW[:-1], "5")
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    out = sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto").stdout
    assert "next: set up game 1" in out
    # game 1: the mandatory health loss is applied as the game is set up
    out = sky(run, "campaign", "next", "spring").stdout
    assert "Bells at Midnight" in out and "castle health 20 → 18 (full 20)" in out
    assert show(run)["castle_health"] == 18
    # undo takes the command back whole: the game's setup and its mandatory effect
    out = sky(run, "campaign", "undo", "spring").stdout
    assert out.startswith("Undone (2 events):\n") and "game 1 set up: scenario DEMO.185" in out
    assert "mandatory effect of DEMO.185 (castle health -2)" in out
    data = show(run)
    assert data["castle_health"] == 20 and data["next_step"]["step"] == "next-game"
    assert "Bells at Midnight" in sky(run, "campaign", "next", "spring").stdout  # the same draw again
    # a game set up without its mandatory effect (an older skyforge): `mandatory` applies it first
    path = workspace / "campaigns" / "spring.toml"
    path.write_text(path.read_text().rsplit("[[events]]", 1)[0])
    data = show(run)
    assert data["castle_health"] == 20 and data["next_step"]["step"] == "mandatory"
    assert (
        "the mandatory effect of Bells at Midnight is resolved first"
        in sky(run, "campaign", "action", "spring", "Fortify", expect=2).stderr
    )
    sky(run, "campaign", "mandatory", "spring")
    assert show(run)["castle_health"] == 18
    # exile: none without an Exile action; within its allowance; beyond it only as a house rule
    data = show(run)
    alice = sorted(data["players"][0]["deck"])
    result = sky(run, "campaign", "exile", "spring", "--player", "Alice", alice[0], expect=2)
    assert "Exile X action just taken" in result.stderr and "--free" in result.stderr
    out = sky(run, "campaign", "action", "spring", "Exile 1").stdout
    assert "each player may exile 1 card from their deck" in out
    data = show(run)
    assert data["next_step"] == {"step": "exile", "player": "Alice", "allowance": 1, "horde_allowance": 0}
    assert "next: Alice may exile 1 card (" in sky(run, "campaign", "show", "spring").stdout
    size = sum(data["players"][0]["deck"].values())
    sky(run, "campaign", "exile", "spring", "--player", "Alice", alice[0])
    assert sum(show(run)["players"][0]["deck"].values()) == size - 1
    result = sky(run, "campaign", "exile", "spring", "--player", "Alice", alice[1], expect=2)
    assert "has exiled the cards the Exile action allows" in result.stderr
    out = sky(run, "campaign", "exile", "spring", "--player", "Alice", alice[1], "--free").stdout
    assert "house rule" in out
    assert "(house rule: --free)" in sky(run, "campaign", "log", "spring").stdout
    assert sum(show(run)["players"][0]["deck"].values()) == size - 2
    sky(run, "campaign", "undo", "spring")  # the house-rule exile taken back
    assert sum(show(run)["players"][0]["deck"].values()) == size - 1
    assert show(run)["players"][0]["market"][-1] == alice[0]
    # Fortify: +2 castle health, applied; undo takes it back
    out = sky(run, "campaign", "action", "spring", "Fortify").stdout
    assert "castle health 18 → 20 (full 20)" in out and "lapses" in out
    sky(run, "campaign", "undo", "spring")
    assert show(run)["castle_health"] == 18
    sky(run, "campaign", "action", "spring", "Fortify")
    assert show(run)["castle_health"] == 20 and show(run)["current"]["exile_allowance"] == {}
    sky(run, "campaign", "income", "spring")
    sky(run, "campaign", "end", "spring", "--won", "--castle-health", "20")
    # game 2: a mandatory effect the tool cannot apply is a reminder until the scenario is resolved
    out = sky(run, "campaign", "next", "spring").stdout
    assert "The Glowing Grotto" in out and "Reminder" in out
    data = show(run)
    assert data["reminders"] == ["Each player discards 1 card at random from their deck."]
    text = sky(run, "campaign", "show", "spring").stdout
    assert "Reminders" in text and "Each player discards 1 card at random" in text
    # a health gain above the castle's full health is kept (no maximum)
    out = sky(run, "campaign", "action", "spring", "Fortify").stdout
    assert "castle health 20 → 22 (full 20)" in out
    assert show(run)["castle_health"] == 22
    sky(run, "campaign", "undo", "spring")
    assert show(run)["castle_health"] == 20
    sky(run, "campaign", "action", "spring", "Fortify")
    assert show(run)["castle_health"] == 22
    sky(run, "campaign", "income", "spring")
    data = show(run)
    assert data["reminders"] == [] and data["next_step"] == {"step": "end-game", "player": None, "game": 2}
    log = sky(run, "campaign", "log", "spring").stdout
    assert (
        "mandatory effect of DEMO.185 (castle health -2)" in log and "action Fortify (gold -3, castle health +2)" in log
    )


def test_show_lists_each_players_cards_and_the_next_step(run):
    from .conftest import cite

    cite(
        "000",
        "set aside the alliance and market decks as well as the scenario pile, portal pile, castle, "
        "and final outsider.",
    )
    sky(run, *NEW)
    data = show(run)
    assert data["next_step"] == {"step": "starting-deck", "player": "Alice"} and data["reminders"] == []
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    text = sky(run, "campaign", "show", "spring").stdout
    assert "next: Bo chooses a starting deck" in text
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    text = sky(run, "campaign", "show", "spring").stdout
    data = show(run)
    alice = data["players"][0]
    assert "deck (20 cards):" in text and f"market deck ({len(alice['market'])} cards):" in text
    assert "Scenario pile (6):" in text and "Portal pile (4):" in text
    code = sorted(alice["deck"])[0]
    assert f"{alice['deck'][code]}× {code} " in text and "    base (" in text
    assert "next: set up game 1 (skyforge campaign next spring)" in text


def test_demo_campaigns_say_so_in_every_human_view(run):
    note = "demo data: fictional cards from the DEMO set, not the published game's"
    assert note in sky(run, *NEW).stdout
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    assert note in sky(run, "campaign", "next", "spring").stdout
    for command in (("show", "spring"), ("log", "spring"), ("list",)):
        assert note in sky(run, "campaign", *command).stdout, command
    assert "spring: scenario, game 1/4" in sky(run, "campaign", "list").stdout
    assert "(demo data)" in sky(run, "campaign", "list").stdout


# -- campaign gold, the same deck twice --------------------------------------------------------


NEW_SPRING = ("campaign", "new", "spring", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall")
REST_SPRING: tuple[str, ...] = ("--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw", "--difficulty", "2")
REST_SPRING += ("--outsider", "Orrun the Everwake", "--seed", "7")


def _gold(run) -> int:
    return json.loads(run("campaign", "show", "spring", "--json").stdout)["gold"]


def test_gold_plus_minus_change_it_equals_sets_it_and_a_bare_number_is_asked_about(run):
    run(*NEW_SPRING, "--player", "Bo=demo-green-grove@DEMO.003", *REST_SPRING)
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

    run(*NEW_SPRING, "--player", "Bo=demo-green-grove@DEMO.003", *REST_SPRING)
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
    result = run(*NEW_SPRING, "--player", "Bo=decks/demo-blue-wall.toml@DEMO.003", *REST_SPRING, expect=2)
    assert result.output.count("the same deck is given twice") == 1
    assert "Alice=demo-blue-wall and Bo=decks/demo-blue-wall.toml" in result.output
    assert "copies of" not in result.output


# -- campaign new and start-deck: the card grammar, every problem at once ----------------


def test_campaign_start_deck_reads_the_same_grammar(run):
    cite("000", "at most 18 base cards")
    run(*campaign_new())
    import json

    state = json.loads(run("campaign", "show", "spring", "--json").stdout)
    market = state["players"][0]["market"]
    from skyforge.catalog import load_catalog

    catalog = load_catalog(None)
    base = [c for c in dict.fromkeys(market) if getattr(catalog.find(c), "rarity", None) == "base"][:3]
    args = [base[0], f"{base[1]}=1", f"{base[2]}x1"]
    out = run("campaign", "start-deck", "spring", "--player", "Alice", *args).stdout
    assert "starting deck: 3 cards" in out


def test_campaign_new_reports_every_problem_with_suggestions(run):
    err = run(*CAMPAIGN_NEW_WITH_FOUR_PROBLEMS, expect=2).stderr
    assert "error: 4 problems" in err and "no horde 'A'" in err and "no horde 'B'" in err
    assert "three different hordes" in err and "did you mean DEMO.168 'Orrun the Everwake'?" in err
