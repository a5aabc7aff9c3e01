"""At the table: campaigns, drafts and the workbench as players use them, and the rules still open."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cite

HORDES = "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw"
SETUP = ["--hordes", HORDES, "--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "3"]

RARE_ERRATUM = """schema = 1
[[cards]]
code = "DEMO.290"
kind = "alliance"
name = "Harbor Bellringer (errata)"
faction = "liothan"
rarity = "rare"
type = "ally"
cost = 2
copies = 2
replaces = "DEMO.010"
"""

BIG_CASTLE = """schema = 1
[[cards]]
code = "DEMO.291"
kind = "castle"
name = "Wide Keep"
faction = "liothan"
health = 20
[cards.deck_size]
min = 40
max = 45
[[cards.deck_rules]]
rarity = "base"
factions = ["liothan", "taulot"]
[[cards.deck_rules]]
rarity = "rare"
factions = ["liothan"]
[[cards.deck_rules]]
rarity = "mythic"
factions = ["liothan"]
max = 6
[[cards.deck_rules]]
rarity = "legendary"
factions = ["liothan"]
max = 2
"""


def _market(run, name: str, *cat: str) -> list[str]:
    return json.loads(run(*cat, "campaign", "show", name, "--json").stdout)["players"][0]["market"]


# -- rules -------------------------------------------------------------------------------------


def test_errata_replace_the_cards_of_a_market_deck_read_from_a_deck_file(run, workspace: Path):
    cite("000", "These completely replace cards from previous sets.")
    (workspace / "errata.toml").write_text(RARE_ERRATUM)
    cat = ("--catalog", "@demo", "--catalog", "errata.toml")
    run(*cat, "campaign", "new", "e", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall", *SETUP)
    market = _market(run, "e", *cat)
    assert "DEMO.010" not in market and market.count("DEMO.290") == 2
    # the erratum is rare: neither its code nor the original's takes it as a base card
    for ref in ("DEMO.290", "DEMO.010"):
        err = run(*cat, "campaign", "start-deck", "e", "--player", "Alice", f"{ref}=1", expect=2).stderr
        assert "DEMO.290 is rare" in err


def test_a_market_deck_its_castle_accepts_at_41_cards(run, workspace: Path):
    cite("000", "This can be any regular deck that follows the restrictions on the back of that player's castle.")
    (workspace / "big.toml").write_text(BIG_CASTLE)
    deck = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    deck = deck.replace('castle = "DEMO.001"', 'castle = "DEMO.291"').replace('"DEMO.016" = 1', '"DEMO.016" = 2')
    (workspace / "decks" / "wide.toml").write_text(deck)
    cat = ("--catalog", "@demo", "--catalog", "big.toml")
    assert "41 cards" in run(*cat, "deck", "validate", "wide").stdout
    result = run(*cat, "campaign", "new", "w", "--castle", "DEMO.291", "--player", "A=wide", *SETUP)
    assert "Traceback" not in result.stderr
    assert len(_market(run, "w", *cat)) == 41
    run(*cat, "campaign", "start-deck", "w", "--player", "A", "--auto")


def test_a_premade_deck_follows_a_castle_of_its_own_set(run, workspace: Path):
    cite("000", "40 alliance cards from the same set and of the same faction as their castle")
    other = BIG_CASTLE.replace("DEMO.291", "XTR.001").replace("Wide Keep", "Far Keep")
    other = (
        'schema = 1\n[[sets]]\ncode = "XTR"\nname = "Extra"\ngame = "skytear-horde"\n' + other[len("schema = 1\n") :]
    )
    (workspace / "xtr.toml").write_text(other)
    cat = ("--catalog", "@demo", "--catalog", "xtr.toml")
    err = run(*cat, "deck", "premade", "DEMO", "liothan", "--castle", "XTR.001", expect=2).stderr
    assert "is of set XTR" in err and "Traceback" not in err
    # a campaign's market deck is "any regular deck that follows the restrictions on the back of that
    # player's castle" (000): the pre-made deck's 40 cards are judged by the deck rules, as a deck file
    cite("000", "This can be any regular deck that follows the restrictions on the back of that player's castle.")
    out = run(*cat, "campaign", "new", "p", "--castle", "XTR.001", "--player", "A=liothan-demo", *SETUP).stdout
    assert "checked against castle XTR.001" in out


def test_a_campaign_portal_pile_takes_portals_of_its_mode(run):
    cite("000", "Take four stage 1 portals to form the portal pile.")
    err = run(
        "campaign", "new", "m", "--castle", "DEMO.001", "--player", "A=demo-blue-wall", *SETUP,
        "--portals", "DEMO.151,DEMO.152,DEMO.153,DEMO.160", expect=2,
    ).stderr  # fmt: skip
    assert "DEMO.160 (competitive-2)" in err and "played solo" in err


def test_a_two_card_portal_pile_takes_portals_with_the_next_stage_on_the_back(run, workspace: Path):
    cite("001", "Take the 2 portal cards with the same game mode.", "Portals are 2-sided")
    args = ["game", "setup", "--castle", "DEMO.001", "--hordes", "demo-thornmaw", "--difficulty", "1"]
    data = json.loads(run(*args, "--rules", "001", "--seed", "1", "--json").stdout)
    assert [(p["stage"], p["back_stage"]) for p in data["portal_cards"]] == [(1, 2), (3, 4)]
    # a catalog whose stage 1 portals have no stage II side fills no 2-card pile with them
    one_sided = workspace.parent / "demo-no-backs"
    one_sided.mkdir()
    from tests.conftest import DEMO_CATALOG

    for f in DEMO_CATALOG.glob("*.toml"):
        (one_sided / f.name).write_text(f.read_text().replace("back_stage = 2\n", ""))
    data = json.loads(run("--catalog", str(one_sided), *args, "--rules", "001", "--seed", "1", "--json").stdout)
    assert [p["stage"] for p in data["portal_cards"]] == [3]
    assert any("with stage 2 on its back" in m for m in data["missing"])


def _ready(run, name="s", *players):
    run("campaign", "new", name, "--castle", "DEMO.001", *(players or ("--player", "A=demo-blue-wall")), *SETUP)
    state = json.loads(run("campaign", "show", name, "--json").stdout)
    for p in state["players"]:
        run("campaign", "start-deck", name, "--player", p["name"], "--auto")


def test_a_campaign_game_is_set_up_with_the_usual_steps(run):
    cite("000", "follow the usual steps to set up a game using the castle, Horde deck, and Alliance deck")
    cite("000", "Form a face-up pile of 4 portal cards ordered by stage with stage 1 on top and stage 4 on the bottom.")
    _ready(run)
    data = json.loads(run("campaign", "next", "s", "--json").stdout)["events"][0]
    assert len(data["portals_below"]) == 3 and data["minion_rule"].startswith("place 1 health token on 2")
    assert sum(data["minions"].values()) == 2
    run("campaign", "undo", "s")
    out = run("campaign", "next", "s").stdout
    assert "Portals below it, top first:" in out and "Minions: place 1 health token" in out


def test_the_castle_at_0_health_while_resolving_the_scenario_loses_the_game(run):
    cite("000", "All players immediately lose when either:", "The castle is destroyed, or")
    _ready(run)
    run("campaign", "next", "s")
    out = run("campaign", "health", "s", "0").stdout
    assert "The castle is destroyed" in out and "game 1 is lost" in out
    state = json.loads(run("campaign", "show", "s", "--json").stdout)
    assert state["status"] == "lost"
    err = run("campaign", "income", "s", expect=2).stderr
    assert "over" in err or "lost" in err


def test_a_henchman_in_a_one_off_game_is_two_stages_of_an_immortal(run):
    cite(
        "000",
        "To play them in one-off games, you can use two of them as if they were two stages of an immortal outsider.",
    )
    args = ["game", "setup", "--castle", "DEMO.001", "--hordes", "demo-thornmaw", "--difficulty", "1"]
    data = json.loads(run(*args, "--outsider", "Rattlejaw", "--seed", "2", "--json").stdout)
    assert len(data["outsider"]) == 2 and data["outsider"][0] == "DEMO.179"
    assert data["outsider_type"] == "immortal"
    assert any("use two henchmen" in n for n in data["notes"])


ORIGINAL_SET = """schema = 1
[[hordes]]
id = "old-horde"
name = "Old Horde"
difficulty = "easy"
[[cards]]
code = "OLD.001"
kind = "horde"
name = "Old Troll"
horde = "old-horde"
power = 1
copies = 3
[[cards]]
code = "OLD.002"
kind = "horde"
name = "Old Giant"
horde = "old-horde"
power = 3
[[cards]]
code = "OLD.003"
kind = "horde"
name = "Common Imp"
common_set = true
[[sets]]
code = "OLD"
name = "Old set"
game = "skytear-horde"
"""


def test_the_original_set_without_the_challenge_expansion_takes_the_whole_horde(run, workspace: Path):
    cite("001", "take all cards of the chosen horde to form the horde deck")
    cite("001", "add these cards to the horde deck to give extra power to the minions")
    (workspace / "old.toml").write_text(ORIGINAL_SET)
    args = ["--catalog", "@demo", "--catalog", "old.toml", "game", "setup", "--castle", "DEMO.001"]
    args += ["--hordes", "old-horde", "--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "1"]
    data = json.loads(run(*args, "--json").stdout)
    assert sorted(data["horde_deck"]) == ["OLD.001"] * 3 + ["OLD.002"]
    assert any("001 The Original Set" in n for n in data["notes"])
    data = json.loads(run(*args, "--common-set", "--json").stdout)
    assert data["horde_deck"].count("OLD.003") == 1


def test_the_battle_plans_random_outsider_comes_from_your_collection():
    cite("001", "use a random outsider from your collection instead")
    from skyforge.catalog import load_catalog
    from skyforge.setup.plan import PlanFile, PlanResult, plan_status

    catalog = load_catalog(None)
    hordes = catalog.battle_plans["001"].hordes
    plan = PlanFile(results=[PlanResult(deck="liothan-shapeshifters", horde=h, won=True) for h in hordes[:4]])
    orrun = next(c for c in catalog.of_kind("outsider") if c.name == "Orrun the Everwake")
    for seed in range(5):
        status = plan_status(catalog, plan, seed=seed, owned={orrun.key: 1})
        assert status.next_outsider == "Orrun the Everwake" and "from your collection" in status.outsider_reason


# -- campaign at the table -----------------------------------------------------------------------


def test_end_won_uses_the_health_just_set_and_one_player_needs_no_player_option(run):
    cite("000", "the health of the castle is carried over from one game to the next")
    run("campaign", "new", "s", "--castle", "DEMO.001", "--player", "A=demo-blue-wall", *SETUP)
    run("campaign", "start-deck", "s", "--auto")  # one player: no --player
    run("campaign", "next", "s")
    run("campaign", "income", "s")
    run("campaign", "health", "s", "14")
    out = run("campaign", "end", "s", "--won").stdout
    assert "castle health 14" in out
    two = ("--player", "A=demo-blue-wall", "--player", "Bo=demo-green-grove@DEMO.003")
    run("campaign", "new", "t", "--castle", "DEMO.001", *two, *SETUP)
    err = run("campaign", "start-deck", "t", "--auto", expect=2).stderr
    assert "which player?" in err and "A, Bo" in err
