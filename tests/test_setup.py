"""Stand-alone setup, total difficulty and battle plan — each number cites its rulebook line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.errors import InputError, option
from skyforge.setup.difficulty import total_difficulty
from skyforge.setup.plan import PlanFile, PlanResult, plan_status
from skyforge.setup.rules import mode_rule
from skyforge.setup.standalone import GameSetupRequest, game_setup

from .conftest import cite


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def rule(catalog, mode, book):
    return mode_rule(catalog, mode, book)[0]


# -- minion health tokens per mode ----------------------------------------------------


def test_minion_tokens_000(catalog):
    cite(
        "000",
        "For solo games, place 1 health token on two different minions of your choice "
        "(e.g. Zephylite Minions and Ratamil minions). For cooperative games, place 1 health "
        "token on each minion card.",
    )
    solo, coop = rule(catalog, "solo", "000"), rule(catalog, "coop", "000")
    assert (solo.minion_tokens, solo.minions_with_tokens, solo.minions_choice) == (1, 2, True)
    assert (coop.minion_tokens, coop.minions_with_tokens) == (1, None)


def test_minion_tokens_001(catalog):
    cite(
        "001",
        "For solo or 2-player competitive games place 1 health token on each minion card "
        "(place 2 on each minion for cooperative or 3-player competitive games).",
    )
    for mode, tokens in (("solo", 1), ("competitive-2", 1), ("coop", 2), ("competitive-3", 2)):
        r = rule(catalog, mode, "001")
        assert (r.minion_tokens, r.minions_with_tokens) == (tokens, None), mode


def test_minions_in_the_setup_follow_the_chosen_book(catalog):
    s = game_setup(
        catalog,
        GameSetupRequest(
            castle="DEMO.001", hordes=["demo-gloomcrawlers"], difficulty=1, mode="solo", rulebook="000", seed=3
        ),
    )
    assert sorted(s.minions.values()) == [0, 0, 1, 1]
    s = game_setup(
        catalog,
        GameSetupRequest(
            castle="DEMO.001", hordes=["demo-gloomcrawlers"], difficulty=1, mode="coop", rulebook="001", seed=3
        ),
    )
    assert sorted(s.minions.values()) == [2, 2, 2, 2]
    assert s.rulebook == "001" and "001" in s.rule_reason


# -- portal pile ---------------------------------------------------------------------


def test_portal_stages(catalog):
    cite("000", "Form a face-up pile of 4 portal cards ordered by stage with stage 1 on top and stage 4 on the bottom.")
    cite(
        "001",
        "Take the 2 portal cards with the same game mode.",
        "Form a face-up pile ordered by stage number with stage I on top and stage III on the bottom.",
    )
    assert rule(catalog, "solo", "000").portal_stages == [1, 2, 3, 4]
    assert rule(catalog, "solo", "001").portal_stages == [1, 3]
    s = game_setup(
        catalog,
        GameSetupRequest(
            castle="DEMO.001", hordes=["demo-thornmaw"], difficulty=2, mode="solo", rulebook="000", seed=1
        ),
    )
    assert [p.stage for p in s.portals] == [1, 2, 3, 4]
    s = game_setup(
        catalog,
        GameSetupRequest(castle="DEMO.001", hordes=["demo-thornmaw"], difficulty=2, mode="competitive-2", seed=1),
    )
    assert [p.stage for p in s.portals] == [1, 3] and all("competitive-2" in p.modes for p in s.portals)


def test_000_has_no_competitive_mode(catalog):
    cite("000", "Portal cards are double-sided with one side for each player count, either solo or cooperative.")
    with pytest.raises(InputError, match="rulebook 000 has no competitive-2 mode"):
        mode_rule(catalog, "competitive-2", "000")
    assert mode_rule(catalog, "competitive-2")[0].rulebook == "001"


def test_default_book_is_the_castle_sets_then_the_latest(catalog):
    cite("000", "first set, Monoliths, and Campaigns")
    assert mode_rule(catalog, "solo")[0].rulebook == "000"  # Campaigns is the latest
    mon = load_catalog()  # a MON castle follows 001
    from skyforge.catalog.models import CastleCard

    castle = CastleCard(code="MON.001", name="x")
    assert mode_rule(mon, "solo", castle=castle)[0].rulebook == "001"


def test_competitive_horde_player(catalog):
    cite(
        "001",
        "Place the horde mana token on 0.",
        "The horde player draws 5 cards and may take a mulligan, like the alliance players.",
    )
    r = rule(catalog, "competitive-3", "001")
    assert r.horde_player and r.alliance_players == 2
    assert any("horde mana token on 0" in x for x in r.horde_player_rules)
    assert rule(catalog, "competitive-2", "001").alliance_players == 1


# -- horde deck by difficulty ----------------------------------------------------------


def test_difficulty_table(catalog):
    cite("000", "| Level 3 (and also add 1 random) | 10 |")
    cite("001", "| Level 3 (and also add 1 random legendary card) | 10 |")
    cite("000", "with the two weakest power levels. This will set the difficulty to level 2.")
    cam = {r.level: r for r in catalog.difficulty_levels if r.set == "CAM"}
    mon = {r.level: r for r in catalog.difficulty_levels if r.set == "MON"}
    assert [cam[n].cards for n in range(1, 6)] == [9, 18, 10, 20, 11]
    assert cam[2].powers == [1, 2] and mon[2].powers == [1, 2]
    assert cam[3].extra_random == 1 and not cam[3].extra_legendary
    assert mon[3].extra_random == 1 and mon[3].extra_legendary


def test_horde_deck_takes_the_levels_power_levels(catalog):
    s = game_setup(catalog, GameSetupRequest(castle="DEMO.001", hordes=["demo-gloomcrawlers"], difficulty=2, seed=1))
    assert {line.card.power for line in s.horde_deck} == {1, 2}
    expected = sum(c.copies for c in catalog.of_kind("horde") if c.horde == "demo-gloomcrawlers" and c.power in (1, 2))
    assert len(s.horde_deck_codes) == expected


def test_level_3_adds_one_random_legendary_card_seeded(catalog):
    decks = set()
    for seed in range(8):
        s = game_setup(catalog, GameSetupRequest(castle="DEMO.001", hordes=["demo-thornmaw"], difficulty=3, seed=seed))
        extra = [line for line in s.horde_deck if line.extra]
        assert len(extra) == 1 and extra[0].card.legendary and extra[0].card.power not in (2, 3)
        decks.add(extra[0].card.code)
        assert any("extra random" in p for p in s.random_picks)
    assert len(decks) > 1  # really random across seeds


def test_unknown_power_levels_are_reported_not_guessed(catalog):
    s = game_setup(catalog, GameSetupRequest(castle="Beraph of Grialth", hordes=["monoliths"], difficulty=4, seed=1))
    assert s.horde_deck == ()
    assert any("power levels difficulty level 4 takes is not stated" in m for m in s.missing)


# -- total difficulty ------------------------------------------------------------------


def test_difficulty_modifiers(catalog):
    cite(
        "001",
        "+0 for easy hordes.",
        "+0.5 for medium hordes.",
        "+1 for hard hordes.",
        "+0.5 for The Ancient Outsider or Silent Ambassador.",
        "+1 for each card of a colossal outsider.",
    )
    h = catalog.hordes
    assert total_difficulty(catalog, 2, [h["skybooter"]], None).total == 2
    assert total_difficulty(catalog, 2, [h["sinklings"]], None).total == 2.5
    assert total_difficulty(catalog, 2, [h["slitherers"]], None).total == 3
    assert total_difficulty(catalog, 3, [h["renegade"]], "Silent Ambassador").total == 3.5
    assert total_difficulty(catalog, 3, [h["renegade"]], "The Ancient Outsider").total == 3.5
    colossal = total_difficulty(catalog, 1, [h["demo-thornmaw"]], "Grumbleback the Mountain")
    assert colossal.total == 1 + 1 + 3  # hard + 3 colossal cards


def test_harder_hordes_are_unknown_and_the_disagreement_is_said(catalog):
    cite("000", "Nightmare (Harder)", "The Brood (Harder)")
    cite("001", "Nightmare (Hard)", "The Brood (Hard)")
    report = total_difficulty(catalog, 2, [catalog.hordes["nightmare"]], None)
    assert report.total is None and report.known_total == 2
    assert any("Harder in 000" in n and "Hard in 001" in n for n in report.notes)
    assert "001 rates it Hard: +1" in report.terms[1].note
    assert total_difficulty(catalog, 2, [catalog.hordes["the-brood"]], None, "001").total == 3


def test_outsider_of_unknown_type_is_unknown(catalog):
    report = total_difficulty(catalog, 2, [catalog.hordes["undead"]], "The Death Dealer")
    assert report.total is None and "outsider type is not in the catalog" in report.terms[-1].note


# -- same seed, same setup -------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["solo", "coop", "competitive-2", "competitive-3"]))
def test_same_seed_same_setup(seed, mode):
    catalog = _CATALOG
    a = game_setup(catalog, GameSetupRequest(randomize=True, mode=mode, seed=seed)).dump()
    b = game_setup(catalog, GameSetupRequest(randomize=True, mode=mode, seed=seed)).dump()
    assert a == b and a["seed"] == seed


_CATALOG = load_catalog()


# -- first games ----------------------------------------------------------------------


def test_first_game_cam_is_the_rulebooks(catalog):
    cite(
        "000",
        'for your first game, use "Pools of Flyema"',
        'For your first game, use "Atlas".',
        "For your first game, take the stage 1 portal for either solo or co-op that does not have a "
        "horde name after the stage.",
    )
    s = game_setup(catalog, GameSetupRequest(first_game="CAM", seed=1))
    assert s.castle.name == "Pools of Flyema" and s.level == 2 and [h.id for h in s.hordes] == ["skybooter"]
    assert s.outsider[0].name == "Atlas" and s.rulebook == "000"
    assert any("Skybooter: its horde cards are not in the catalog" in m for m in s.missing)
    assert s.portals == ()  # no official portals: said, not borrowed from the demo set


def test_first_game_mon(catalog):
    cite("001", 'for your first game use "Beraph of Grialth"', 'For your first game use "Purple Circle".')
    s = game_setup(catalog, GameSetupRequest(first_game="mon", seed=1))
    assert (s.castle.name, s.outsider[0].name, s.level, s.rulebook) == ("Beraph of Grialth", "Purple Circle", 2, "001")


def test_first_game_demo_is_complete(catalog):
    s = game_setup(catalog, GameSetupRequest(first_game="DEMO", seed=1))
    assert s.missing == ()
    assert s.portals[0].stage == 1 and s.portals[0].horde is None
    assert s.difficulty.total == 2


# -- battle plan ----------------------------------------------------------------------


def test_battle_plan_order_and_thresholds(catalog):
    cite(
        "001",
        "Start from Liothan Shapeshifters and end with Nupten Diviners",
        "Start from the Renegades and end with the Broods",
        "If you win 6 or more games, you can consider yourself victorious",
        "after you have won 4 or more games with the same alliance deck, use a random outsider",
    )
    plan = catalog.battle_plans["001"]
    assert plan.decks[0] == "liothan-shapeshifters" and plan.decks[-1] == "nupten-diviners"
    assert plan.hordes[0] == "renegade" and plan.hordes[-1] == "the-brood"
    assert (plan.random_outsider_after, plan.victorious_after) == (4, 6)


def test_battle_plan_suggestions(catalog):
    state = PlanFile()
    status = plan_status(catalog, state)
    assert (status.next.deck, status.next.horde, status.next.outsider) == (
        "liothan-shapeshifters",
        "renegade",
        "The Hate Bringer",
    )
    cite("001", "go on to fight against all the hordes in your collection in the order listed")
    state.results = [PlanResult(deck="liothan-shapeshifters", horde="renegade", won=False)]
    assert plan_status(catalog, state).next.horde == "undead"  # each horde once, in order: a lost one too
    hordes = catalog.battle_plans["001"].hordes
    state.results = [PlanResult(deck="liothan-shapeshifters", horde=h, won=True) for h in hordes[:4]]
    status = plan_status(catalog, state, seed=9)
    assert status.next.horde == "monoliths" and "random outsider of the catalog (seed 9)" in status.next.outsider_reason
    assert plan_status(catalog, state, seed=9).next.outsider == status.next.outsider
    state.results += [PlanResult(deck="liothan-shapeshifters", horde=h, won=True) for h in hordes[4:6]]
    status = plan_status(catalog, state)
    assert status.next.deck == "taulot-followers" and status.decks[0].victorious
    assert "victorious (6 wins, 6 needed)" in " ".join(status.notes)


def test_battle_plan_deck_that_fought_every_horde_moves_on(catalog):
    hordes = catalog.battle_plans["001"].hordes
    state = PlanFile(
        results=[PlanResult(deck="liothan-shapeshifters", horde=h, won=i < 5) for i, h in enumerate(hordes)]
    )
    status = plan_status(catalog, state)
    first = status.decks[0]
    assert first.wins == 5 and not first.victorious and first.fought_all
    assert status.next.deck == "taulot-followers" and status.next.horde == "renegade"
    assert "has fought every horde" in " ".join(status.notes)


def test_battle_plan_of_000_recommendations(catalog):
    cite(
        "000",
        "For the alliance decks the main recommendation is to leave the Nupten (yellow) decks last",
        "A possible order is to play all the Liothan (blue), Taulot (green), Kurumo (red), and Nupten "
        "(yellow) decks in the release order: first set, Monoliths, and Campaigns.",
        "Play them from easier to harder and for the outsider use the first one indicated for each horde, "
        "and then the second indicated for a more challenging difficulty.",
    )
    plan = catalog.battle_plans["000"]
    assert plan.decks[:3] == ["liothan-shapeshifters", "liothan-enforcers", "liothan-zealots"]
    assert all(catalog.premade_decks[d].faction == "nupten" for d in plan.decks[-3:])
    order = ["easy", "medium", "hard", "harder"]
    ranks = [order.index(catalog.hordes[h].difficulty) for h in plan.hordes]
    assert ranks == sorted(ranks) and set(plan.hordes) == {h for h in catalog.hordes if not h.startswith("demo-")}
    state = PlanFile(plan="000")
    status = plan_status(catalog, state)
    assert (status.next.deck, status.next.horde, status.next.outsider) == (
        "liothan-shapeshifters",
        "renegade",
        "The Hate Bringer",
    )
    state.results = [PlanResult(deck="liothan-shapeshifters", horde=h, won=True) for h in plan.hordes]
    status = plan_status(catalog, state)
    assert status.next.deck == "liothan-shapeshifters"  # no win threshold: the second pass
    assert (status.next.horde, status.next.outsider) == ("renegade", "Rider of Hate")
    assert "second suggested outsider" in status.next.outsider_reason


# -- CLI ----------------------------------------------------------------------------


def test_cli_setup_json_keys_and_seed(run):
    out = json.loads(
        run(
            "game",
            "setup",
            "--castle",
            "DEMO.002",
            "--hordes",
            "demo-ironwraiths",
            "--difficulty",
            "3",
            "--mode",
            "coop",
            "--seed",
            "42",
            "--json",
        ).stdout
    )
    for key in ("castle", "castle_health", "portals", "minions", "horde_deck", "outsider", "total_difficulty", "seed"):
        assert key in out
    assert out["seed"] == 42 and out["castle"] == "DEMO.002" and out["castle_health"] is not None
    again = json.loads(
        run(
            "game",
            "setup",
            "--castle",
            "DEMO.002",
            "--hordes",
            "demo-ironwraiths",
            "--difficulty",
            "3",
            "--mode",
            "coop",
            "--seed",
            "42",
            "--json",
        ).stdout
    )
    assert again == out


def test_cli_setup_human_view(run):
    text = run("game", "setup", "--first-game", "DEMO", "--seed", "1").stdout
    assert "Portal pile" in text and "Quiet Rift" in text and "seed 1" in text and "demo data" in text
    text = run("game", "setup", "--first-game", "CAM", "--seed", "1").stdout
    assert "Missing from the catalog" in text and "Pools of Flyema" in text


def test_cli_setup_bad_input(run):
    r = run("game", "setup", "--hordes", "demo-thornmaw", "--difficulty", "2", expect=2)
    assert "choose a castle" in r.stderr and "--random" in r.stderr
    r = run("game", "setup", "--castle", "DEMO.001", "--hordes", "demo-thornmow", "--difficulty", "2", expect=2)
    assert "did you mean" in r.stderr
    r = run("game", "setup", "--castle", "DEMO.001", "--hordes", "demo-thornmaw", "--difficulty", "9", expect=2)
    assert "1 to 5" in r.stderr
    r = run("game", "setup", "--first-game", "CAM", "--mode", "competitive-2", "--rules", "000", expect=2)
    assert "rulebook 000 has no competitive-2 mode" in r.stderr


def test_cli_difficulty(run):
    text = run("game", "difficulty", "--difficulty", "2", "--hordes", "nightmare").stdout
    assert "unknown" in text and "Harder in 000" in text
    out = json.loads(
        run("game", "difficulty", "--difficulty", "2", "--hordes", "nightmare", "--rules", "001", "--json").stdout
    )
    assert out["total"] == 3


def test_cli_plan_cycle(run, workspace):
    run("plan", "use", "--plan", "demo")
    assert "Gloomcrawlers" in run("plan").stdout
    run("plan", "record", "liothan-demo", "demo-gloomcrawlers", "--won")
    run("plan", "record", "Liothan Demo Vanguard", "demo-ironwraiths", "--lost")
    status = json.loads(run("plan", "--json").stdout)
    assert status["next"]["horde"] == "demo-thornmaw"  # each horde once, a lost one too
    assert "1W" in run("plan", "show").stdout
    assert (workspace / "plan.toml").exists()
    r = run("plan", "record", "liothan-demo", "nope", "--won", expect=2)
    assert "no horde 'nope'" in r.stderr


def test_cli_plan_suggested_command_pastes(run, workspace):
    """The 'Then:' line is a command the shell runs as is, even for a deck name with spaces."""
    import shlex

    run("plan", "use", "--plan", "demo", "--decks", "My Blue Deck")
    line = next(x for x in run("plan").stdout.splitlines() if x.startswith("Then: "))
    assert "'My Blue Deck'" in line
    args = shlex.split(line.removeprefix("Then: ").split(" (or")[0])
    assert args[0] == "skyforge"
    run(*args[1:])
    assert json.loads(run("plan", "--json").stdout)["games"] == 1


def test_cli_difficulty_marks_demo_hordes(run):
    out = run("game", "difficulty", "--difficulty", "2", "--hordes", "demo-thornmaw").stdout
    assert "demo data: fictional" in out
    assert (
        json.loads(run("game", "difficulty", "--difficulty", "2", "--hordes", "demo-thornmaw", "--json").stdout)["demo"]
        is True
    )
    out = run("game", "difficulty", "--difficulty", "2", "--hordes", "nightmare").stdout
    assert "demo data" not in out


# -- one horde deck builder for stand-alone games and campaigns -------------------------


class _Recorder:
    """A random generator that records what each ``sample`` draws from (and takes the first)."""

    def __init__(self):
        self.populations = []

    def sample(self, population, k):
        self.populations.append(list(population))
        return list(population)[:k]

    def __getattr__(self, name):  # every other draw: an ordinary seeded generator
        import random

        return getattr(random.Random(0), name)


HORDES3 = ["demo-gloomcrawlers", "demo-ironwraiths", "demo-thornmaw"]


def test_extra_random_card_is_drawn_over_physical_copies_the_same_way_everywhere(catalog):
    from skyforge.campaign.hordedeck import campaign_horde_deck
    from skyforge.setup.hordedeck import build_horde_deck

    row = next(r for r in catalog.difficulty_levels if r.set == "DEMO" and r.level == 3)
    assert row.extra_random == 1 and row.extra_legendary
    cards = [c for c in catalog.of_kind("horde") if c.horde in HORDES3]
    outside = [c for c in cards if c.power is not None and c.power not in row.powers and c.legendary]
    assert outside  # the demo data has legendary cards outside power levels 2-3
    standalone, campaign = _Recorder(), _Recorder()
    build_horde_deck(catalog, HORDES3, 3, standalone)
    deck, notes, _ = campaign_horde_deck(catalog, HORDES3, 3, campaign)
    [pool] = standalone.populations
    [cpool] = campaign.populations
    # one physical card per copy, legendary only, outside the level's power levels
    from collections import Counter

    assert Counter(c.key for c in pool) == Counter({c.key: c.copies for c in outside})
    # the campaign draws from the same pool, less the treachery-only cards
    assert Counter(c.key for c in cpool) == Counter({c.key: c.copies for c in outside if not c.treachery_only})
    # and its journal records the card drawn
    assert any(f"adds 1 random legendary card: {cpool[0].key}" in n for n in notes)
    assert deck[cpool[0].key] >= 1


def test_stand_alone_and_campaign_decks_agree_apart_from_treachery_only(catalog):
    import random

    from skyforge.campaign.hordedeck import campaign_horde_deck
    from skyforge.setup.hordedeck import build_horde_deck

    for level in range(1, 6):
        plain = build_horde_deck(catalog, HORDES3, level, random.Random(9))
        campaign = build_horde_deck(catalog, HORDES3, level, random.Random(9), exclude_treachery_only=True)
        deck, _, _ = campaign_horde_deck(catalog, HORDES3, level, random.Random(9))
        assert [(x.card.key, x.count) for x in plain.lines if not x.extra and not x.card.treachery_only] == [
            (x.card.key, x.count) for x in campaign.lines if not x.extra
        ]
        assert len(campaign.extra) == len(plain.extra) == (1 if level == 3 else 0)
        recorded = Counter()
        for x in campaign.lines:
            recorded[x.card.key] += x.count
        assert deck == dict(sorted(recorded.items()))


def test_too_few_cards_for_the_extra_one_is_reported_not_guessed(catalog):
    from types import SimpleNamespace

    from skyforge.setup.hordedeck import build_horde_deck

    no_legendary = [
        c.model_copy(update={"legendary": False}) for c in catalog.of_kind("horde") if c.horde == "demo-thornmaw"
    ]
    fake = SimpleNamespace(
        hordes=catalog.hordes, difficulty_levels=catalog.difficulty_levels, of_kind=lambda kind: no_legendary
    )
    built = build_horde_deck(fake, ["demo-thornmaw"], 3, _Recorder())
    assert built.extra == [] and not any(line.extra for line in built.lines)
    assert any("adds 1 random legendary card" in m and "0 left" in m for m in built.missing)


# -- the portal pile: each stage once -------------------------------------------------------


def _stages(portals):
    from skyforge.setup.rules import stages_of

    return [s for p in portals for s in stages_of(p)]


def test_a_portal_pile_deals_each_stage_once(catalog):
    cite(
        "000",
        "Form a face-up pile of 4 portal cards ordered by stage with stage 1 on top and stage 4 on the bottom.",
        "since portals are double sided, the next stage might be on the back of the destroyed portal",
    )
    cite("001", "Portals are 2-sided, their stage is a roman numeral: in order: I, II, III, and IV.")
    for seed in range(12):
        for mode, book, cards in (
            ("solo", "000", 4),
            ("coop", "000", 4),
            ("solo", "001", 2),
            ("competitive-3", "001", 2),
        ):
            s = game_setup(
                catalog,
                GameSetupRequest(
                    castle="DEMO.001", hordes=["demo-thornmaw"], difficulty=2, mode=mode, rulebook=book, seed=seed
                ),
            )
            assert _stages(s.portals) == [1, 2, 3, 4], (seed, mode, [p.key for p in s.portals])
            assert len(s.portals) == cards and s.dump()["portal_stages"] == [p.stage for p in s.portals]
    first = game_setup(catalog, GameSetupRequest(first_game="DEMO", seed=1))
    assert [p.stage for p in first.portals] == [1, 2, 3, 4] and first.portals[0].horde is None


def test_a_stage_on_a_portals_back_is_not_dealt_again(tmp_path):
    cite("000", "Portal — replace the card with the next stage portal in its upright orientation")
    from .conftest import DEMO_CATALOG

    folder = tmp_path / "demo-without-a-one-sided-stage-3"
    folder.mkdir()
    for f in DEMO_CATALOG.glob("*.toml"):
        text = f.read_text()
        if f.name == "encounters.toml":
            text = text[: text.index('[[cards]]\ncode = "DEMO.198"')]  # Riven Spire, the one-sided stage 3
        (folder / f.name).write_text(text)
    catalog = load_catalog([folder])
    for seed in range(8):
        s = game_setup(
            catalog,
            GameSetupRequest(castle="DEMO.001", hordes=["demo-thornmaw"], difficulty=2, rulebook="000", seed=seed),
        )
        assert _stages(s.portals) == [1, 2, 3, 4]
        assert [(p.stage, p.back_stage) for p in s.portals][-1] == (3, 4)  # The Final Aperture is not dealt
        assert s.missing == ()


ORIGINAL = """schema = 1
[[sets]]
code = "OLD"
name = "Old set (test)"
game = "skytear-horde"
[[hordes]]
id = "old-horde"
name = "Old Horde"
difficulty = "medium"
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
power = 4
"""


def _portal(code: int, stage: int, level: int) -> str:
    return (
        f'[[cards]]\ncode = "OLD.{code:03d}"\nkind = "portal"\nname = "Old Portal {stage}-L{level}"\n'
        f'stage = {stage}\nmodes = ["solo", "coop"]\nlevel = {level}\n'
    )


def test_the_original_set_sets_the_level_by_its_portals(tmp_path):
    cite(
        "001",
        "Otherwise, set the difficulty level by choosing the right portals from the original Skytear Horde set and "
        "take all cards of the chosen horde to form the horde deck.",
    )
    portals = "".join(_portal(100 + 10 * level + stage, stage, level) for level in (2, 3) for stage in (1, 2, 3, 4))
    (tmp_path / "old.toml").write_text(ORIGINAL + portals)
    from .conftest import DEMO_CATALOG

    catalog = load_catalog([DEMO_CATALOG, tmp_path / "old.toml"])
    s = game_setup(
        catalog,
        GameSetupRequest(castle="DEMO.001", hordes=["old-horde"], difficulty=3, outsider="Orrun the Everwake", seed=1),
    )
    assert [p.level for p in s.portals] == [3, 3, 3, 3] and _stages(s.portals) == [1, 2, 3, 4]
    assert sorted(s.horde_deck_codes) == ["OLD.001"] * 3 + ["OLD.002"]  # all its cards, whatever the level
    assert any("portals marked level = 3" in n for n in s.notes) and s.dump()["portal_level"] == 3
    assert s.difficulty.total == 3.5  # level 3 + 0.5 for a medium horde: the pile stands for the level
    assert s.missing == ()


def test_a_level_no_portal_stands_for_is_not_counted(tmp_path):
    cite("001", "add the modifiers below to the baseline difficulty level chosen during setup")
    cite("001", "set the difficulty level by choosing the right portals from the original Skytear Horde set")
    from .conftest import DEMO_CATALOG

    (tmp_path / "old.toml").write_text(ORIGINAL)
    catalog = load_catalog([DEMO_CATALOG, tmp_path / "old.toml"])
    s = game_setup(
        catalog,
        GameSetupRequest(castle="DEMO.001", hordes=["old-horde"], difficulty=3, outsider="Orrun the Everwake", seed=1),
    )
    assert s.difficulty.total is None and s.difficulty.terms[0].value is None
    assert "the level is not set, so not counted" in s.difficulty.terms[0].note
    [missing] = [m for m in s.missing if "level" in m]
    assert "no portal says which level it stands for" in missing and "add level = 3" in missing
    assert "catalog file" in missing and 'kind = "portal"' in missing
    # portals of other levels only: the same, and said so
    (tmp_path / "old.toml").write_text(ORIGINAL + _portal(101, 1, 2))
    catalog = load_catalog([DEMO_CATALOG, tmp_path / "old.toml"])
    s = game_setup(
        catalog,
        GameSetupRequest(castle="DEMO.001", hordes=["old-horde"], difficulty=3, outsider="Orrun the Everwake", seed=1),
    )
    assert any("no solo portal is marked level = 3" in m for m in s.missing) and s.difficulty.total is None
    # `game difficulty` alone (no pile) counts the level, and says the portals must stand for it
    report = total_difficulty(catalog, 3, [catalog.horde("old-horde")], None)
    assert report.total == 3.5 and any("choosing the portals that stand for it" in n for n in report.notes)


def test_a_missing_difficulty_row_names_the_file_and_keys(catalog):
    cite("000", "To build your horde deck in future games, choose one or more hordes to fight and a difficulty level")
    s = game_setup(
        catalog,
        GameSetupRequest(
            castle="Beraph of Grialth", hordes=["monoliths"], difficulty=1, outsider="Purple Circle", seed=1
        ),
    )
    [missing] = [m for m in s.missing if "power levels" in m]
    assert '[[difficulty_levels]] row with set = "MON", level = 1 and powers' in missing
    assert "catalog file" in missing and "it completes the rulebook's row" in missing
    [minions] = [m for m in s.missing if "minion" in m]
    assert 'kind = "minion"' in minions


# -- one-off games: portal piles, henchmen, the original set -----------------------------------


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


#: the original set of ORIGINAL, with a card of the common set
ORIGINAL_SET = (
    ORIGINAL
    + """[[cards]]
code = "OLD.003"
kind = "horde"
name = "Common Imp"
common_set = true
"""
)


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
        assert status.next.outsider == "Orrun the Everwake" and "from your collection" in status.next.outsider_reason


# -- the battle plan's random outsider ----------------------------------------------------------


def test_the_battle_plans_outsider_comes_from_the_collection_the_workspace_file_names(run, workspace: Path):
    cite("001", "use a random outsider from your collection instead")
    for horde in ("renegade", "undead", "predator", "nightmare"):
        run("plan", "record", "liothan-shapeshifters", horde, "--won")
    (workspace / "skyforge.toml").write_text('schema = 1\ncollection = "owned.toml"\n', encoding="utf-8")
    (workspace / "owned.toml").write_text('schema = 1\n[cards]\n"DEMO.166" = 1\n', encoding="utf-8")
    for seed in ("1", "2", "3"):
        out = run("plan", "--seed", seed).stdout
        assert (
            "Outsider: Orrun the Everwake — 4 wins with this deck (4+): a random outsider from your collection" in out
        )
    (workspace / "owned.toml").write_text('schema = 1\n[cards]\n"DEMO.008" = 1\n', encoding="utf-8")
    assert "it holds none, so it is drawn from the catalog's" in run("plan", "--seed", "1").stdout


# -- options that contradict, names not known ------------------------------------------


def test_contradictory_setup_options_are_refused(run):
    cite("000", "If there are two players, choose another castle that will remain out of play.")
    err = run(
        "game",
        "setup",
        "--mode",
        "solo",
        "--castle",
        "DEMO.001",
        "--castle2",
        "DEMO.002",
        "--hordes",
        "demo-thornmaw",
        "--difficulty",
        "1",
        expect=2,
    ).stderr
    assert "--castle2 contradicts --mode solo" in err and "Traceback" not in err
    err = run("game", "setup", "--random", "--first-game", "DEMO", expect=2).stderr
    assert "--random and --first-game contradict" in err


# -- recording a battle plan's results ---------------------------------------------------------


def test_plan_record_near_miss_and_new(run, workspace: Path):
    err = run("plan", "record", "liothan-shapeshifter", "renegade", "--won", expect=2).stderr
    assert "did you mean 'liothan-shapeshifters'?" in err and "--new" in err
    assert not (workspace / "plan.toml").exists()
    run("plan", "record", "liothan-shapeshifters", "renegade", "--won")
    run("plan", "record", "Blue Wall", "undead", "--won")  # a deck in decks/, by its name
    run("plan", "record", "my-table-deck", "undead", "--lost", "--new")
    run("plan", "record", "my-table-deck", "undead", "--won")
    assert "my-table-deck" in run("plan", "show").stdout


def test_game_setup_reports_every_unknown_name_at_once(run):
    err = run(
        "game",
        "setup",
        "--castle",
        "DEMO.0011",
        "--hordes",
        "demo-thornmw,x",
        "--outsider",
        "Orrun",
        "--difficulty",
        "2",
        expect=2,
    ).stderr
    assert "error: 4 problems" in err and "did you mean DEMO.001" in err and "did you mean 'demo-thornmaw'?" in err
    assert "did you mean 'Orrun the Everwake'?" in err


def test_plan_record_a_horde_outside_your_hordes_needs_new(run, workspace: Path):
    run("plan", "use", "--hordes", "renegade,undead")
    err = run("plan", "record", "liothan-shapeshifters", "predator", "--won", expect=2).stderr
    assert "horde 'predator' is not among your hordes (renegade, undead)" in err and "--new" in err
    err = run("plan", "record", "liothan-shapeshifters", "predatr", "--won", expect=2).stderr
    assert "did you mean 'predator'?" in err
    run("plan", "record", "liothan-shapeshifters", "predator", "--won", "--new")
    assert "predator" in (workspace / "plan.toml").read_text().split("results")[0]


def test_a_setup_request_refuses_its_conflicts_where_it_is_built():
    with pytest.raises(InputError) as refused:
        GameSetupRequest(first_game="DEMO", randomize=True)
    problem = refused.value.problems[0]
    assert problem.key == option("randomize") and option("first_game") in problem.message
    with pytest.raises(InputError) as refused:
        GameSetupRequest(castle="DEMO.001", difficulty=6)
    assert refused.value.problems[0].key == option("difficulty")
    assert GameSetupRequest(hordes=None).hordes == ()  # an option left out is no horde


def test_setup_problems_are_keyed_by_the_request_field(catalog):
    request = GameSetupRequest(castle="DEMO.001", second_castle="DEMO.002", hordes=["demo-thornmaw"], difficulty=2)
    with pytest.raises(InputError) as refused:
        game_setup(catalog, request)
    problem = refused.value.problems[0]
    assert problem.key == option("second_castle") and "--" not in problem.render()
    assert problem.message.startswith(f"{option('second_castle')} contradicts {option('mode')} solo")
