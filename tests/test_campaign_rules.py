"""Campaign Mode rules (000 "Campaign Mode" to "Pausing a Campaign"), each citing its line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from skyforge.campaign import commands as c
from skyforge.campaign import events as ev
from skyforge.campaign import nextgame, starting
from skyforge.campaign.hordedeck import campaign_horde_deck
from skyforge.campaign.setup import NewCampaign, PlayerChoice, new_campaign
from skyforge.campaign.state import fold
from skyforge.errors import InputError, RuleError, StateError, option

from .campaign_util import HORDES, Game, created, demo_catalog
from .conftest import ROOT, cite


def rarity(code):
    return demo_catalog().get(code).rarity


# ---------------------------------------------------------------- setup


def test_gold_starts_at_ten_and_castle_at_full_health():
    cite("000", "Set your gold to 10.", "(You start with 10 gold and the castle is at full health.)")
    state = fold([created()])
    assert state.gold == 10
    assert state.castle_health == demo_catalog().get("DEMO.001").health == 20
    assert state.status == "new"


def test_castle_health_unknown_asks_for_it():
    from skyforge.catalog import load_catalog

    catalog = load_catalog([ROOT / "tests" / "data" / "mini-catalog.toml"])
    castle = next(x for x in catalog.castles() if x.health is None)
    with pytest.raises(InputError) as exc:
        new_campaign(
            catalog,
            ROOT,
            "x",
            NewCampaign(
                castle=castle.key,
                players=[PlayerChoice(name="A", decks=["demo-blue-wall"])],
                hordes=HORDES,
                difficulty=1,
                outsider="x",
            ),
        )
    assert f"give {option('castle_health')} N" in exc.value.render()


def test_three_different_hordes_and_a_non_henchman_final_outsider():
    cite(
        "000",
        "Choose three different Hordes for this campaign",
        "Choose one outsider for the final game of this campaign; it can be any non-henchman outsider.",
    )
    with pytest.raises(InputError, match="three different"):
        created(hordes=HORDES[:2])
    with pytest.raises(InputError) as exc:
        created(hordes=[HORDES[0], HORDES[0], HORDES[1]])
    assert "given twice" in exc.value.render()
    with pytest.raises(InputError, match="henchman"):
        created(outsider="Rattlejaw")


def test_scenario_and_portal_piles_default_to_the_chosen_hordes_and_say_which():
    cite(
        "000",
        "take six scenario cards to form the scenario pile.",
        "Take four stage 1 portals to form the portal pile.",
        "You may take the portals and scenarios connected to the hordes you have chosen but you do not have to.",
    )
    state = fold([created()])
    assert len(state.scenario_pile) == 6 and {s.horde for s in state.scenario_pile} == set(HORDES)
    assert len(state.portal_pile) == 4
    assert all(demo_catalog().get(p.code).stage == 1 for p in state.portal_pile)
    assert any(n.startswith("scenario pile:") for n in state.notes)
    assert any(n.startswith("portal pile:") and "added at random" in n for n in state.notes)


def test_explicit_piles_are_checked():
    with pytest.raises(InputError, match="six"):
        created(scenarios=["DEMO.183", "DEMO.184"])
    with pytest.raises(InputError, match="stage 1"):
        created(portals=["DEMO.151", "DEMO.152", "DEMO.153", "DEMO.156"])
    state = fold([created(portals=["DEMO.151", "DEMO.152", "DEMO.153", "DEMO.155"])])
    assert [p.code for p in state.portal_pile] == ["DEMO.151", "DEMO.152", "DEMO.153", "DEMO.155"]


def test_market_deck_must_follow_its_players_castle():
    cite(
        "000",
        "This can be any regular deck that follows the restrictions on the back of that player's castle.",
        "They will choose another castle, which will only be used to determine that player deck's restrictions.",
    )
    # Bo's green deck is not legal for the campaign castle (liothan): it needs the visiting castle
    with pytest.raises(InputError, match="another castle"):
        created(players=("Alice=demo-blue-wall", "Bo=demo-green-grove@DEMO.001"))
    with pytest.raises(RuleError, match="restrictions"):
        created(players=("Alice=demo-green-grove", "Bo=demo-blue-wall@DEMO.003"))
    state = fold([created()])
    assert [(p.name, p.castle, p.visiting) for p in state.players] == [
        ("Alice", "DEMO.001", False),
        ("Bo", "DEMO.003", True),
    ]
    # the market deck holds every card of the deck file, shuffled
    from skyforge.decks import load_deck

    deck = load_deck(ROOT / "decks" / "demo-blue-wall.toml")
    assert Counter(state.players[0].market) == Counter(deck.data.cards)
    assert state.players[0].market != sorted(state.players[0].market)


def test_visiting_castle_defaults_to_the_decks_own_and_says_so():
    state = fold([created(players=("Alice=demo-blue-wall", "Bo=demo-green-grove"))])
    assert state.players[1].castle == "DEMO.003"
    assert any("visiting army" in n for n in state.notes)


def test_limited_format_market_is_three_decks_shuffled_together():
    cite(
        "000",
        "simply form the market deck shuffling together any three decks of your choice "
        "(either pre-made or custom built).",
    )
    first = created(players=("Alice",), limited=[["demo-blue-wall", "demo-red-rush", "taulot-demo"]])
    state = fold([first])
    assert state.format == "limited"
    from skyforge.decks import load_deck

    expected = Counter()
    for name in ("demo-blue-wall", "demo-red-rush"):
        expected.update(load_deck(ROOT / "decks" / f"{name}.toml").data.cards)
    from skyforge.workbench.premade import premade_cards

    taulot = Counter(premade_cards(demo_catalog(), demo_catalog().premade_decks["taulot-demo"])[0])
    taulot[first.players[0].removed[0]] -= 1  # 41 cards: one heroic ally removed at random
    expected.update(taulot)
    assert Counter(state.players[0].market) == expected
    assert state.players[0].market_decks[2] == "premade:taulot-demo"


def test_premade_market_deck_is_40_cards_with_errata_and_one_heroic_ally_removed():
    cite(
        "000",
        "If you have the Nupten & Utsesh expansions, you have 41 cards per faction instead of 40. "
        "Remove 1 heroic ally at random",
        "3 Errata Cards — These completely replace cards from previous sets.",
    )
    catalog = demo_catalog()
    first = created(players=("Alice=liothan-demo", "Bo=taulot-demo@DEMO.003"))
    for p in first.players:
        assert len(p.market) == 40
        assert len(p.removed) == 1
        ally = catalog.get(p.removed[0])
        assert ally.type == "ally" and "heroic" in {k.casefold() for k in ally.keywords}
        assert any(p.removed[0] in n and "at random" in n for n in first.notes)
    alice = first.players[0]
    assert "DEMO.017" not in alice.market and "DEMO.203" in alice.market  # errata replaces the card
    assert any("DEMO.017" in n and "errata DEMO.203" in n for n in first.notes)
    # the removal is the campaign's seeded draw: the same seed removes the same ally
    assert (
        created(players=("Alice=liothan-demo",)).players[0].removed
        == created(players=("Alice=liothan-demo",)).players[0].removed
    )
    # the replay needs nothing but the event
    assert len(fold([first]).players[0].market) == 40


def test_premade_market_deck_follows_the_players_castle():
    cite(
        "000",
        "each player shuffles together 40 alliance cards from the same set and of the same faction as their castle",
    )
    # a visiting player without @CASTLE: the castle of the deck's set and faction
    state = fold([created(players=("Alice=liothan-demo", "Bo=taulot-demo"))])
    assert state.players[1].castle == "DEMO.003"
    assert any("visiting army" in n and "taulot-demo" in n for n in state.notes)


def test_same_seed_same_campaign():
    a, b = created(seed=3), created(seed=3)
    assert a.model_dump(exclude={"at"}) == b.model_dump(exclude={"at"})
    assert created(seed=4).players[0].market != a.players[0].market


# ---------------------------------------------------------------- horde deck


def test_horde_deck_never_takes_treachery_only_cards():
    cite("000", "never take cards with the treachery-only symbol, not even at the highest difficulty levels.")
    catalog = demo_catalog()
    for level in range(1, 6):
        deck, _notes, lacking = campaign_horde_deck(catalog, HORDES, level, c.rng(1, 0))
        assert lacking == []
        cards = [catalog.get(code) for code in deck]
        assert cards and not any(x.treachery_only for x in cards)
        powers = next(d.powers for d in catalog.difficulty_levels if d.set == "DEMO" and d.level == level)
        extra = [x for x in cards if x.power not in powers]
        assert len(extra) == (1 if level == 3 else 0)
        assert {x.horde for x in cards} == set(HORDES)


def test_horde_deck_says_which_data_is_missing():
    from skyforge.catalog import load_catalog

    catalog = load_catalog()
    deck, notes, lacking = campaign_horde_deck(catalog, ["renegade", "undead", "demo-thornmaw"], 1, c.rng(1, 0))
    assert all(catalog.get(code).horde == "demo-thornmaw" for code in deck)
    # original-set hordes: "take all cards of the chosen horde" (001), and none are in the catalog
    assert [what for what, _ in lacking] == [
        "Renegade: its horde cards are not in the catalog (the original set: all of them)",
        "Undead: its horde cards are not in the catalog (the original set: all of them)",
    ]
    assert all('kind = "horde"' in hint and "catalog file" in hint for _, hint in lacking)
    assert not any(n.startswith("Renegade:") for n in notes)  # said once, as what is lacking


# ---------------------------------------------------------------- starting deck


def test_starting_deck_at_most_18_base_and_2_legendary():
    cite(
        "000",
        "Each player now takes at most 18 base cards and 2 legendary cards from their market decks "
        "to form their starting alliance deck.",
    )
    g = Game()
    g.do(starting.starting_deck, demo_catalog(), "Alice", auto=True)
    deck = g.state.player("Alice").deck
    by = Counter()
    for code, n in deck.items():
        by[rarity(code)] += n
    assert by == Counter({"base": 18, "legendary": 2})
    assert len(g.state.player("Alice").market) == 40 - 20
    bo = g.state.player("Bo")
    base = [x for x in dict.fromkeys(bo.market) if rarity(x) == "base"]
    too_many = {}
    for code in base:
        too_many[code] = bo.market.count(code)
    assert sum(too_many.values()) > 18
    with pytest.raises(RuleError, match="at most 18"):
        starting.starting_deck(g.state, demo_catalog(), "Bo", too_many)
    rare = next(x for x in bo.market if rarity(x) == "rare")
    with pytest.raises(RuleError, match="rare"):
        starting.starting_deck(g.state, demo_catalog(), "Bo", {rare: 1})
    with pytest.raises(RuleError, match="holds"):
        starting.starting_deck(g.state, demo_catalog(), "Bo", {"DEMO.036": 9})
    g.do(starting.starting_deck, demo_catalog(), "Bo", {"DEMO.036": 3, "Thicket Sentry": 2})
    assert g.state.player("Bo").deck == Counter({"DEMO.036": 3, "DEMO.037": 2})
    assert g.state.status == "ready"
    with pytest.raises(StateError):
        starting.starting_deck(g.state, demo_catalog(), "Bo", auto=True)


# ---------------------------------------------------------------- a game


def test_outsiders_and_piles_over_four_games():
    cite(
        "000",
        "In your first game: the outsider is the stage 1 portal",
        "In your second and third games: remove a random card from the scenario pile and use that henchman.",
        "In the fourth and last game: use the outsider determined during campaign setup.",
        "You will potentially use all these four portals and six scenarios throughout four games "
        "(two scenarios will be used as outsider henchmen).",
    )
    g = Game().ready()
    first = fold(g.events[:1])
    scenarios = {s.code: s for s in first.scenario_pile}
    portals = {p.code: p for p in first.portal_pile}
    for number in range(1, 5):
        setup = g.do(nextgame.next_game)[0]
        assert setup.game == number == g.state.game
        if number == 1:
            assert setup.outsider == portals[setup.portal].name and setup.henchman_scenario is None
        elif number in (2, 3):
            assert setup.outsider == scenarios[setup.henchman_scenario].henchman
        else:
            assert setup.outsider == "Orrun the Everwake" and setup.henchman_scenario is None
        g.do(c.earn_income)
        g.do(c.end_game, True, 10 + number)
    used_s = [x for gm in g.state.games for x in (gm.scenario, gm.henchman_scenario) if x]
    assert sorted(used_s) == sorted(scenarios) and not g.state.scenario_pile
    assert sorted(gm.portal for gm in g.state.games) == sorted(portals) and not g.state.portal_pile
    assert g.state.status == "won"
    with pytest.raises(StateError):
        nextgame.next_game(g.state)


def test_castle_health_and_gold_carry_over():
    cite("000", "Set the castle's gold and health to the level it was at the end of your previous game, if any.")
    g = Game().ready()
    g.do(nextgame.next_game)
    g.do(c.earn_income)
    g.do(c.pillage, 3)
    gold = g.state.gold
    g.do(c.end_game, True, 13)
    setup = g.do(nextgame.next_game)[0]
    after_setup = fold(g.events[: g.events.index(setup) + 1])  # before any mandatory effect
    assert (after_setup.gold, after_setup.castle_health) == (gold, 13)
    assert g.state.games[0].gold == gold and g.state.games[0].castle_health == 13


def test_a_lost_game_loses_the_campaign():
    cite("000", "You lose a campaign if you lose any game of it. You win if you win all four games of it!")
    g = Game().ready()
    g.do(nextgame.next_game)
    g.do(c.earn_income)
    g.do(c.end_game, False, 0)
    assert g.state.status == "lost"
    for command in (nextgame.next_game, c.earn_income):
        with pytest.raises(StateError):
            command(g.state)
    with pytest.raises(StateError):
        c.adjust_gold(g.state, 1)


def _scenario_game(code="DEMO.183", gold=None):
    """A game set up with a chosen scenario (the test picks the draw)."""
    g = Game().ready()
    g.do(lambda s: [ev.GameSetUp(game=1, scenario=code, portal=s.portal_pile[0].code, outsider=s.portal_pile[0].name)])
    if g.state.current.scenario.mandatory_effect() is not None:
        g.do(c.resolve_mandatory)
    if gold is not None:
        g.do(c.adjust_gold, gold - g.state.gold)
    return g


def test_action_needs_enough_gold():
    cite(
        "000",
        "The Alliance must spend the gold indicated next to the action effect to take an action.",
        "If the number is positive, the Alliance earns that gold instead.",
    )
    g = _scenario_game(gold=3)
    with pytest.raises(RuleError, match="costs 4 gold"):
        c.take_action(g.state, "Recruit 2")
    g.do(c.take_action, "Recruit 1")
    assert g.state.gold == 1
    g.do(c.take_offer, "Alice", 1)
    g.do(c.take_offer, "Bo", 1)
    g.do(c.take_action, "Sell supplies")
    assert g.state.gold == 3


def test_each_action_once_unless_infinity():
    cite("000", 'Each action may only be taken once unless there is a "∞" symbol next to it.')
    g = _scenario_game(gold=10)
    g.do(c.take_action, "Exile 1")
    with pytest.raises(RuleError, match="already taken"):
        c.take_action(g.state, "exile 1")
    for _ in range(3):
        g.do(c.take_action, "Sell supplies")  # ∞
    assert g.state.gold == 15
    assert g.state.current.actions_taken.count("Sell supplies") == 3
    with pytest.raises(InputError, match="no action"):
        c.take_action(g.state, "Fly away")


def test_income_once_after_the_actions():
    cite(
        "000",
        "Once you are satisfied with your choices:",
        "earn the gold indicated in the bottom left corner of the scenario card;",
    )
    g = _scenario_game(gold=10)
    g.do(c.recruit, 2)
    with pytest.raises(StateError, match="offers"):
        c.earn_income(g.state)
    g.do(c.take_offer, "Alice", 2)
    g.do(c.take_offer, "Bo", 3)
    g.do(c.earn_income)
    assert g.state.gold == 6 + 4 and g.state.status == "playing"
    with pytest.raises(StateError):
        c.earn_income(g.state)
    with pytest.raises(StateError):
        c.take_action(g.state, "Sell supplies")


def test_gold_never_below_zero_nor_above_forty():
    cite("000", "Gold cannot be negative and nothing happens if it is 0.", "Gold can be at most 40.")
    g = _scenario_game()
    (e,) = g.do(c.adjust_gold, 100)
    assert g.state.gold == 40 and e.change == 30 and e.amount == 100
    g.do(c.take_action, "Sell supplies")
    assert g.state.gold == 40
    (e,) = g.do(c.adjust_gold, -55)
    assert g.state.gold == 0 and e.change == -40


def test_pillage_loses_x_gold_once_however_many_players():
    cite(
        "000",
        "Each time a number of cards are pillaged, decrease your gold by the same amount to a minimum of zero",
        "In cooperative games, when both players pillage X cards at the same time, the Alliance only loses X gold.",
    )
    g = _scenario_game(gold=10)
    g.do(c.earn_income)
    (e,) = g.do(c.pillage, 3)
    assert len(g.state.players) == 2 and g.state.gold == 14 - 3 and e.change == -3
    g.do(c.pillage, 30)
    assert g.state.gold == 0


# ---------------------------------------------------------------- recruit and exile


def test_recruit_forms_three_offers_from_the_top_of_each_market():
    cite(
        "000",
        "To form an offer, place the top X cards of your market deck face-up next to each other.",
        "Each player takes all the cards from one offer and places them on the top of their deck in any order.",
        "Then, place all the cards left in the market at the bottom of the market deck in a random order.",
    )
    g = _scenario_game(gold=10)
    markets = {p.name: list(p.market) for p in g.state.players}
    (formed,) = g.do(c.recruit, 2)
    assert g.state.gold == 6
    for name, market in markets.items():
        assert formed.offers[name] == [market[0:2], market[2:4], market[4:6]]
    with pytest.raises(StateError, match="offers are open"):
        c.recruit(g.state, 1, free=True)
    (taken,) = g.do(c.take_offer, "Alice", 2)
    alice = g.state.player("Alice")
    assert taken.cards == markets["Alice"][2:4]
    assert alice.top_of_deck == markets["Alice"][2:4]
    assert Counter(alice.deck) - Counter(fold(g.events[:-2]).player("Alice").deck) == Counter(markets["Alice"][2:4])
    rest = markets["Alice"][0:2] + markets["Alice"][4:6]
    assert sorted(taken.to_bottom) == sorted(rest)
    assert alice.market == markets["Alice"][6:] + taken.to_bottom
    assert not alice.offers and g.state.player("Bo").offers


def test_recruit_with_a_short_market_forms_as_many_offers_as_possible():
    cite(
        "000",
        "If the market deck is empty, just form as many offers as possible even though some "
        "might have fewer cards than others.",
    )
    cite("000", "To form an offer, place the top X cards of your market deck face-up next to each other.")
    # each offer is the top X cards of what is left, in turn: the last ones run short
    assert c.offer_sizes(20, 2) == [2, 2, 2]
    assert c.offer_sizes(5, 2) == [2, 2, 1]
    assert c.offer_sizes(4, 3) == [3, 1]
    assert c.offer_sizes(4, 2) == [2, 2]
    assert c.offer_sizes(2, 3) == [2]
    assert c.offer_sizes(7, 3) == [3, 3, 1]
    assert c.offer_sizes(0, 3) == []
    # through the command: a market of 4 cards and Recruit 3
    g = _scenario_game("DEMO.187", gold=10)
    for p in g.state.players:
        del p.market[4:]
    (formed,) = g.do(c.recruit, 3)
    assert [len(o) for o in formed.offers["Alice"]] == [3, 1]


def _two_recruit_1_game(second_repeatable: bool):
    """A game whose scenario lists 'Recruit 1' twice (a first one, and a second one maybe with ∞)."""
    first = created()
    scenario = first.scenario_pile[0]
    actions = [
        ev.ScenarioAction(name="Recruit 1", gold=-1, recruit=1),
        ev.ScenarioAction(name="Recruit 1 again", gold=-1, recruit=1, repeatable=second_repeatable),
    ]
    pile = [scenario.model_copy(update={"actions": actions}), *first.scenario_pile[1:]]
    g = Game(first.model_copy(update={"scenario_pile": pile})).ready()
    g.do(
        lambda s: [
            ev.GameSetUp(game=1, scenario=scenario.code, portal=s.portal_pile[0].code, outsider=s.portal_pile[0].name)
        ]
    )
    return g


def _take_offers(g):
    for p in g.state.players:
        g.do(c.take_offer, p.name, 1)


def test_recruit_x_takes_the_first_recruit_x_action_still_takeable():
    cite("000", 'Each action may only be taken once unless there is a "∞" symbol next to it.')
    g = _two_recruit_1_game(second_repeatable=False)
    g.do(c.recruit, 1)
    _take_offers(g)
    (second,) = g.do(c.recruit, 1)
    assert second.action == "Recruit 1 again"
    _take_offers(g)
    with pytest.raises(RuleError, match="already taken"):
        c.recruit(g.state, 1)
    g = _two_recruit_1_game(second_repeatable=True)
    for expected in ("Recruit 1", "Recruit 1 again", "Recruit 1 again"):
        (taken,) = g.do(c.recruit, 1)
        assert taken.action == expected
        _take_offers(g)


def test_recruit_only_through_the_scenario_action_unless_free():
    g = _scenario_game("DEMO.186", gold=10)  # lists Recruit 2 only
    with pytest.raises(RuleError, match="no 'Recruit 3'"):
        c.recruit(g.state, 3)
    g.do(c.recruit, 3, free=True)
    assert g.state.gold == 10 and all(len(p.offers) == 3 for p in g.state.players)
    assert all(len(o) == 3 for p in g.state.players for o in p.offers)


def test_exiled_card_goes_to_the_bottom_of_the_market_deck():
    cite(
        "000",
        "EXILE — To exile a card remove it from its deck for this and future games of the campaign. "
        "If it is an alliance card, return it to the bottom of its market deck.",
    )
    g = _scenario_game(gold=10)
    bo = g.state.player("Bo")
    code = sorted(bo.deck)[0]
    before = bo.deck[code]
    g.do(c.take_action, "Exile 1")
    g.do(c.exile, demo_catalog(), "Bo", code)
    assert g.state.player("Bo").deck[code] == before - 1
    assert g.state.player("Bo").market[-1] == code
    with pytest.raises(RuleError, match="holds no"):
        c.exile(g.state, demo_catalog(), "Bo", "DEMO.001", free=True)


# ---------------------------------------------------------------- the usual steps of a campaign game

MON_CASTLE = """schema = 1
[[cards]]
code = "MON.010"
kind = "castle"
name = "Test Keep of Monoliths"
faction = "liothan"
health = 20
[cards.deck_size]
min = 40
max = 40
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


HORDE_NAMES = "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw"
SETUP = ["--hordes", HORDE_NAMES, "--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "3"]

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

#: the castle of MON_CASTLE under a demo code, whose back allows up to 45 cards
BIG_CASTLE = (
    MON_CASTLE.replace("MON.010", "DEMO.291")
    .replace("Test Keep of Monoliths", "Wide Keep")
    .replace("max = 40", "max = 45")
)


def _with(tmp_path, text: str, name: str = "extra.toml"):
    from skyforge.catalog import load_catalog

    from .conftest import DEMO_CATALOG

    (tmp_path / name).write_text(text)
    return load_catalog([DEMO_CATALOG, tmp_path / name])


def _stages(catalog, codes):
    from skyforge.setup.rules import stages_of

    return [s for code in codes for s in stages_of(catalog.get(code, "portal"))]


def test_each_game_of_a_campaign_deals_every_portal_stage_once():
    cite(
        "000",
        "Form a face-up pile of 4 portal cards ordered by stage with stage 1 on top and stage 4 on the bottom.",
        "since portals are double sided, the next stage might be on the back of the destroyed portal",
    )
    catalog = demo_catalog()
    # DEMO.155 Shimmering Tear has stage 2 on its back: below it come stages 3 and 4 only
    g = Game(created(portals=["DEMO.155", "DEMO.152", "DEMO.153", "DEMO.154"])).ready()
    seen = set()
    for _ in range(4):
        setup = g.do(nextgame.next_game, catalog)[0]
        seen.add(setup.portal)
        assert _stages(catalog, [setup.portal, *setup.portals_below]) == [1, 2, 3, 4], setup
        assert setup.setup_missing == []
        if setup.portal == "DEMO.155":
            assert _stages(catalog, setup.portals_below) == [3, 4]
        g.do(c.earn_income)
        g.do(c.end_game, True, 20)
    assert "DEMO.155" in seen


def test_a_campaign_game_follows_000s_steps_whatever_the_castles_set(tmp_path):
    cite(
        "000",
        "Then, follow the usual steps to set up a game using the castle, Horde deck, and Alliance deck from this "
        "campaign",
        "For solo games, place 1 health token on two different minions of your choice",
    )
    cite("001", "Take the 2 portal cards with the same game mode.")  # what a Monoliths castle got before
    catalog = _with(tmp_path, MON_CASTLE)
    first = new_campaign(
        catalog,
        ROOT,
        "mon",
        NewCampaign(
            castle="MON.010",
            players=[PlayerChoice(name="Alice", decks=["demo-blue-wall"])],
            hordes=HORDES,
            difficulty=2,
            outsider="Orrun the Everwake",
            seed=5,
        ),
    )
    g = Game(first).ready()
    setup = g.do(nextgame.next_game, catalog)[0]
    assert "rulebook 000" in setup.minion_rule and "2 different minions" in setup.minion_rule
    assert sum(setup.minions.values()) == 2  # 001 solo: 1 token on each of the four
    assert _stages(catalog, [setup.portal, *setup.portals_below]) == [1, 2, 3, 4]
    assert 2 in _stages(catalog, [setup.portal, *setup.portals_below])  # 001's pile has no stage 2 card


def test_a_campaign_game_says_which_minion_cards_the_catalog_lacks(tmp_path):
    cite("000", "Place the four minion cards above the space reserved for monsters")
    from skyforge.catalog import load_catalog

    from .conftest import DEMO_CATALOG

    folder = tmp_path / "no-minions"
    folder.mkdir()
    for f in DEMO_CATALOG.glob("*.toml"):
        if f.name != "components.toml":
            (folder / f.name).write_text(f.read_text())
    catalog = load_catalog([folder])
    g = Game(created()).ready()
    setup = g.do(nextgame.next_game, catalog)[0]
    [missing] = [m for m in setup.setup_missing if "minion" in m]
    assert "of the 4 minion cards" in missing and 'kind = "minion"' in missing and "catalog file" in missing


# ---------------------------------------------------------------- setup: what the books leave to the castle


PREMADE_OTHER_SET = """schema = 1
[[sets]]
code = "XTR"
name = "Extra (test)"
game = "skytear-horde"
""" + MON_CASTLE[len("schema = 1\n") :].replace("MON.010", "XTR.001").replace("Test Keep of Monoliths", "Far Keep")


def test_a_premade_deck_of_another_set_is_a_market_deck_its_castle_accepts(tmp_path, monkeypatch):
    cite(
        "000",
        'Each player chooses a "market deck" for the campaign. This can be any regular deck that follows the '
        "restrictions on the back of that player's castle.",
        "You can include cards from any set when building custom decks, regardless of the set icon on the castle card.",
    )
    import skyforge.campaign.setup as setup_module

    catalog = _with(tmp_path, PREMADE_OTHER_SET)
    asked = []
    real = setup_module.validate_decks
    monkeypatch.setattr(setup_module, "validate_decks", lambda cat, decks: asked.append(decks) or real(cat, decks))

    def campaign(player: str):
        return new_campaign(
            catalog,
            ROOT,
            "far",
            NewCampaign(
                castle="XTR.001",
                players=[PlayerChoice(name="A", decks=[player])],
                hordes=HORDES,
                difficulty=2,
                outsider="Orrun the Everwake",
                seed=1,
            ),
        )

    made = campaign("liothan-demo")  # a DEMO pre-made deck on a castle of set XTR
    assert made.players[0].castle == "XTR.001" and len(made.players[0].market) == 40
    assert [d.data.castle for d in asked[-1]] == ["XTR.001"]  # the one place that decides was asked
    assert any("checked against castle XTR.001" in n for n in made.notes)


def test_a_premade_deck_its_castle_refuses_is_refused_by_the_deck_rules():
    cite("000", "This can be any regular deck that follows the restrictions on the back of that player's castle.")
    with pytest.raises(RuleError) as exc:  # a kurumo pre-made deck on a liothan castle
        created(players=("Alice=kurumo-demo",))
    text = str(exc.value)
    assert "premade:kurumo-demo" in text and "is kurumo; castle DEMO.001" in text


def test_limited_format_visiting_player_keeps_their_own_castle():
    cite(
        "000",
        "With two players, one of them will be the visiting army. They will choose another castle, which will only "
        "be used to determine that player deck's restrictions.",
        "simply form the market deck shuffling together any three decks of your choice",
    )
    three = [["demo-blue-wall", "demo-red-rush", "taulot-demo"], ["demo-green-grove", "liothan-demo", "kurumo-demo"]]
    state = fold([created(players=("Alice", "Bo@DEMO.003"), limited=three)])
    assert [(p.castle, p.visiting) for p in state.players] == [("DEMO.001", False), ("DEMO.003", True)]
    with pytest.raises(InputError) as exc:
        created(players=("Alice", "Bo"), limited=three)
    assert "Bo is the visiting army and chooses another castle" in exc.value.render()
    with pytest.raises(InputError, match=r"needs another castle than DEMO\.001"):
        created(players=("Alice", "Bo@DEMO.001"), limited=three)


def test_a_campaign_whose_horde_data_is_missing_is_not_created():
    cite(
        "000",
        "Form the horde deck using the cards from all the 3 hordes of this campaign.",
        "You can choose between the 5 difficulty levels as usual",
    )
    from skyforge.catalog import load_catalog

    catalog = load_catalog()  # official + demo: Skybooter's cards and CAM level 1's powers are not stated
    options = {
        "castle": "DEMO.001",
        "players": [PlayerChoice(name="A", decks=["demo-blue-wall"])],
        "outsider": "Orrun the Everwake",
        "scenarios": [f"DEMO.{n}" for n in range(183, 189)],
        "seed": 1,
    }
    with pytest.raises(InputError) as exc:
        new_campaign(catalog, ROOT, "x", NewCampaign(hordes=["skybooter", *HORDES[1:]], difficulty=1, **options))
    text = exc.value.render()
    assert "Skybooter: which power levels difficulty level 1 takes is not stated for set CAM" in text
    assert '[[difficulty_levels]] row with set = "CAM", level = 1 and powers' in text and "catalog file" in text
    with pytest.raises(InputError) as exc:
        new_campaign(catalog, ROOT, "x", NewCampaign(hordes=["skybooter", *HORDES[1:]], difficulty=2, **options))
    assert 'kind = "horde", horde = "skybooter"' in exc.value.render()
    assert new_campaign(catalog, ROOT, "x", NewCampaign(hordes=HORDES, difficulty=2, **options)).horde_deck


def test_a_henchman_given_as_the_final_outsider_says_what_it_is(tmp_path):
    cite(
        "000",
        "it can be any non-henchman outsider",
        "In the second and third games, the outsider is an outsider henchman, a type of outsider weaker than usual "
        "that is on the back of scenario cards.",
    )
    with pytest.raises(InputError) as exc:
        created(outsider="Rattlejaw")
    text = exc.value.render()
    assert "Rattlejaw is an outsider henchman, on the back of scenario DEMO.185 Bells at Midnight" in text
    assert "non-henchman" in text and "Orrun the Everwake" in text  # a hint names outsiders that will do
    # a henchman the catalog knows only from a scenario's back is one too, not an unknown outsider
    scenario = (
        'schema = 1\n[[cards]]\ncode = "DEMO.196"\nkind = "scenario"\nname = "Bone Road"\nhenchman = "Marrow Knight"\n'
    )
    catalog = _with(tmp_path, scenario)
    with pytest.raises(InputError) as exc:
        new_campaign(
            catalog,
            ROOT,
            "x",
            NewCampaign(
                castle="DEMO.001",
                players=[PlayerChoice(name="A", decks=["demo-blue-wall"])],
                hordes=HORDES,
                difficulty=2,
                outsider="Marrow Knight",
            ),
        )
    text = exc.value.render()
    assert "Marrow Knight is an outsider henchman, on the back of scenario DEMO.196 Bone Road" in text
    assert "no outsider" not in text


def test_treachery_only_cards_never_enter_a_campaign_deck_of_a_whole_original_horde(tmp_path):
    cite("000", "never take cards with the treachery-only symbol, not even at the highest difficulty levels.")
    cite("001", "take all cards of the chosen horde to form the horde deck")
    old = """schema = 1
[[sets]]
code = "OLD"
name = "Old set (test)"
game = "skytear-horde"
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
name = "Old Traitor"
horde = "old-horde"
power = 2
treachery_only = true
"""
    catalog = _with(tmp_path, old)
    deck, notes, lacking = campaign_horde_deck(catalog, ["old-horde", *HORDES[1:]], 5, c.rng(1, 0))
    assert deck["OLD.001"] == 3 and "OLD.002" not in deck and lacking == []
    assert any("Old Horde: treachery-only cards left out: OLD.002" in n for n in notes)
    from skyforge.setup.hordedeck import build_horde_deck

    standalone = build_horde_deck(catalog, ["old-horde"], 5, c.rng(1, 0))  # a stand-alone game takes it
    assert {line.card.key for line in standalone.lines} == {"OLD.001", "OLD.002"}


def test_recruit_words_who_takes_an_offer():
    cite(
        "000",
        "Each player takes all the cards from one offer and places them on the top of their deck in any order.",
        "If the market deck is empty, just form as many offers as possible",
    )
    import io

    from rich.console import Console

    from skyforge.campaign.state import apply
    from skyforge.cli.campaign.views import offers_view
    from skyforge.cli.campaign.words import take_offer_text

    assert take_offer_text("s", ["A", "Bo"], 2) == "Take one each: skyforge campaign take s --player P N"
    assert take_offer_text("s", ["A"], 1) == "Take one: skyforge campaign take s N"
    assert take_offer_text("s", ["Bo"], 2) == "Bo takes one: skyforge campaign take s --player Bo N"
    assert take_offer_text("s", [], 2) == "No offers to take: the market decks are empty."

    g = Game().ready()
    g.do(nextgame.next_game)
    g.state.players[1].market = []  # Bo's market deck ran out
    [event] = c.take_action(g.state, "Recruit 2")
    after = apply(g.state, event)
    out = Console(file=io.StringIO(), width=200)
    offers_view(out, demo_catalog(), after, event.offers)
    text = out.file.getvalue()
    assert "Bo's market deck is empty: no offers." in text
    assert "Alice takes one: skyforge campaign take test --player Alice N" in text and "each" not in text


def test_a_campaign_with_an_original_set_horde_takes_the_portals_of_its_level(tmp_path):
    cite(
        "001",
        "set the difficulty level by choosing the right portals from the original Skytear Horde set",
    )
    cite("000", "Take four stage 1 portals to form the portal pile.")
    portal = '[[cards]]\ncode = "OLD.{n:03d}"\nkind = "portal"\nname = "Old Portal {n}"\nstage = {stage}\n'
    portal += 'modes = ["solo", "coop"]\nlevel = {level}\n'
    portals = "".join(
        portal.format(n=100 + 10 * level + i, stage=stage, level=level)
        for level in (2, 4)
        for i, stage in enumerate((1, 1, 1, 1, 2, 3, 4))
    )
    old = (
        'schema = 1\n[[sets]]\ncode = "OLD"\nname = "Old set (test)"\ngame = "skytear-horde"\n'
        '[[hordes]]\nid = "old-horde"\nname = "Old Horde"\ndifficulty = "easy"\n'
        '[[cards]]\ncode = "OLD.001"\nkind = "horde"\nname = "Old Troll"\nhorde = "old-horde"\npower = 1\n'
    )
    catalog = _with(tmp_path, old + portals)
    first = new_campaign(
        catalog,
        ROOT,
        "old",
        NewCampaign(
            castle="DEMO.001",
            players=[PlayerChoice(name="A", decks=["demo-blue-wall"])],
            hordes=["old-horde", *HORDES[1:]],
            difficulty=4,
            outsider="Orrun the Everwake",
            scenarios=[f"DEMO.{n}" for n in range(183, 189)],
            seed=2,
        ),
    )
    assert {catalog.get(p.code, "portal").level for p in first.portal_pile} == {4}
    assert any("stage 1 portals marked level = 4" in n for n in first.notes)
    g = Game(first).ready()
    setup = g.do(nextgame.next_game, catalog)[0]
    below = [catalog.get(code, "portal") for code in setup.portals_below]
    assert [(p.stage, p.level) for p in below] == [(2, 4), (3, 4), (4, 4)] and setup.setup_missing == []


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


# -- campaign replay: what the rules make impossible -----------------------------------------------


def _campaign(workspace: Path, events: list) -> Path:
    from skyforge.campaign import store

    path = workspace / "campaigns" / "c.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(store.render_journal(events))
    return path


def _event_line(path: Path, index: int) -> int:
    headers = [n for n, line in enumerate(path.read_text().splitlines(), 1) if line.strip() == "[[events]]"]
    return headers[index]


def _in_game():
    from .campaign_util import Game

    g = Game().ready()
    g.do(nextgame.next_game)
    return g


def _replay_error(run, workspace, events, index) -> str:
    path = _campaign(workspace, events)
    err = run("campaign", "show", "c", expect=2).stderr
    assert f"campaigns/c.toml:{_event_line(path, index)}: events[{index}]" in err, err
    return err


def test_a_pillage_that_gains_gold(run, workspace):
    from tests.conftest import cite

    cite("000", "Each time a number of cards are pillaged, decrease your gold by the same amount to a minimum of zero")
    g = _in_game()
    from skyforge.campaign import events as ev

    events = [*g.events, ev.Pillaged(cards=2, change=5)]
    err = _replay_error(run, workspace, events, len(events) - 1)
    assert "changes the gold by -2, not +5 (a pillage never gains gold)" in err


def test_an_action_the_scenario_lacks(run, workspace):
    from tests.conftest import cite

    cite("000", "Players may now take any number of the listed actions in any order.")
    g = _in_game()
    from skyforge.campaign import events as ev

    events = [*g.events, ev.ActionTaken(action="Buy a dragon", change=-3)]
    err = _replay_error(run, workspace, events, len(events) - 1)
    assert "has no action 'Buy a dragon'" in err


def test_a_campaign_with_no_players(run, workspace):
    from .campaign_util import created

    first = created()
    err = _replay_error(run, workspace, [first.model_copy(update={"players": []})], 0)
    assert "a campaign has at least one player" in err


def test_a_market_deck_over_40_cards_replays(run, workspace):
    """Its castle says how large a regular deck is; the journal does not invent a cap of 40."""
    from tests.conftest import cite

    cite("000", "This can be any regular deck that follows the restrictions on the back of that player's castle.")
    from .campaign_util import created

    first = created()
    player = first.players[0]
    big = player.model_copy(update={"market": list(player.market) + [player.market[0]] * (41 - len(player.market))})
    _campaign(workspace, [first.model_copy(update={"players": [big, *first.players[1:]]})])
    assert "Traceback" not in run("campaign", "show", "c").stderr


def test_a_new_campaign_request_keys_its_problems_by_field():
    alice = PlayerChoice(name="Alice", decks=["demo-blue-wall"])
    base = {"castle": "DEMO.001", "hordes": HORDES, "difficulty": 2, "outsider": "Orrun the Everwake"}
    with pytest.raises(InputError) as refused:
        NewCampaign(players=[alice, PlayerChoice(name="alice", decks=["demo-red-rush"])], **base)
    assert [p.key for p in refused.value.problems] == [option("players")]
    with pytest.raises(InputError) as refused:
        NewCampaign(players=[], **base)
    assert refused.value.problems[0].key == option("players")
    # what needs no catalog is told with what the catalog says: every problem at once
    request = NewCampaign(players=[alice], **{**base, "castle": "NOPE.001", "hordes": HORDES[:2], "difficulty": 9})
    with pytest.raises(InputError) as refused:
        new_campaign(demo_catalog(), ROOT, "x", request)
    keys = [p.key for p in refused.value.problems]
    assert option("hordes") in keys and option("difficulty") in keys and len(keys) == 3
    assert "--" not in refused.value.render()
