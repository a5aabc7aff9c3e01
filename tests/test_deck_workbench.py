"""The deck workbench: editing, pre-made decks, show/stats, diff (library and CLI)."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.codes import code_order
from skyforge.catalog.models import AllianceCard
from skyforge.decks import load_deck
from skyforge.decks.specs import CardSpec, parse_spec
from skyforge.errors import InputError
from skyforge.workbench.diff import DeckDiff, diff_decks
from skyforge.workbench.entries import Entry
from skyforge.workbench.odds import (
    HAND_SIZE,
    MULLIGAN_COST,
    HandCounts,
    hand_counts,
    p_after_mulligan,
    p_opening,
)
from skyforge.workbench.premade import build_premade

from .conftest import DEMO_CATALOG, EXAMPLE_DECKS, cite


def simulate(
    entries: list[Entry], max_cost: int, k: int, *, trials: int, seed: int, mulligan_cost: int = MULLIGAN_COST
) -> tuple[float, float]:
    """The same two probabilities by shuffling cards (a check on the exact numbers)."""
    rng = random.Random(seed)
    cards = []
    for e in entries:
        c = e.card
        ally = c is not None and c.type == "ally" and c.cost is not None
        cards += [(ally and c.cost <= max_cost, ally and c.cost < mulligan_cost)] * e.count  # type: ignore[union-attr, operator]
    hits_open = hits_mull = 0
    hand_size = min(HAND_SIZE, len(cards))
    for _ in range(trials):
        rng.shuffle(cards)
        hand, rest = cards[:hand_size], cards[hand_size:]
        hits_open += sum(1 for wanted, _ in hand if wanted) >= k
        kept = [c for c in hand if c[1]]
        final = kept + rest[: hand_size - len(kept)]
        hits_mull += sum(1 for wanted, _ in final if wanted) >= k
    return hits_open / trials, hits_mull / trials


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


# -- editing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, ref, count",
    [
        ("DEMO.007", "DEMO.007", 1),
        ("DEMO.007x3", "DEMO.007", 3),
        ("demo.7 x2", "demo.7", 2),
        ("2xDEMO.007", "DEMO.007", 2),
        ("Gullwing Lookout x2", "Gullwing Lookout", 2),
        ("Gullwing Lookout", "Gullwing Lookout", 1),
        ("DEMO.007×3", "DEMO.007", 3),
    ],
)
def test_card_specs(text, ref, count):
    assert parse_spec(text) == CardSpec(ref, count)


def test_new_add_remove_keep_the_file_sorted_and_show_validity(run, workspace):
    result = run("deck", "new", "mine", "--castle", "Saltglass Bastion", "--player", "Cy")
    assert "created decks/mine.toml" in result.stdout and "✗ not valid" in result.stdout
    assert "0 cards; castle DEMO.001 'Saltglass Bastion' needs exactly 40" in result.stdout
    run("deck", "add", "mine", "DEMO.008x2", "demo.7", "Brinecoil Adept x2")
    result = run("deck", "add", "mine", "DEMO.007x2")
    assert "added 2 cards" in result.stdout and "7 cards" in result.stdout
    text = (workspace / "decks" / "mine.toml").read_text()
    assert text == (
        'schema = 1\nname = "mine"\ncastle = "DEMO.001"  # Saltglass Bastion (liothan)\nplayer = "Cy"\n\n[cards]\n'
        '"DEMO.007" = 3  # Gullwing Lookout (liothan base)\n'
        '"DEMO.008" = 2  # Saltmarsh Pikeman (liothan base)\n'
        '"DEMO.009" = 2  # Brinecoil Adept (liothan base)\n'
    )
    run("deck", "remove", "mine", "DEMO.007x3", "DEMO.008")
    deck = load_deck(workspace / "decks" / "mine.toml").data
    assert deck.cards == {"DEMO.008": 1, "DEMO.009": 2}


def test_edit_errors_are_reported_all_at_once(run, workspace):
    run("deck", "new", "mine", "--castle", "DEMO.001")
    result = run("deck", "add", "mine", "DEMO.999", "Gulwing Lookout", "DEMO.001", expect=2)
    assert "error: 3 problems" in result.stderr
    assert "no card 'Gulwing Lookout'" in result.stderr and "did you mean DEMO.007 'Gullwing Lookout'?" in result.stderr
    assert "DEMO.001 'Saltglass Bastion' is a castle card, not an alliance card" in result.stderr
    result = run("deck", "remove", "mine", "DEMO.007", expect=2)
    assert "the deck holds no DEMO.007" in result.stderr
    run("deck", "add", "mine", "DEMO.007")
    result = run("deck", "remove", "mine", "DEMO.007x2", expect=2)
    assert "cannot remove 2 × DEMO.007: the deck holds 1" in result.stderr


def test_errata_card_is_added_in_place_of_the_card_it_corrects(run, workspace):
    """000 "Customizing Decks"/Glossary: errata cards completely replace the cards they correct."""
    run("deck", "new", "mine", "--castle", "DEMO.001")
    run("deck", "add", "mine", "DEMO.017")
    assert load_deck(workspace / "decks" / "mine.toml").data.cards == {"DEMO.203": 1}


@pytest.mark.parametrize("name", ["../evil", "a/b", "..", ".hidden", "x" * 81, "bad name/"])
def test_names_cannot_leave_the_decks_folder(run, workspace, name):
    result = run("deck", "new", name, "--castle", "DEMO.001", expect=2)
    assert "is not a valid deck name" in result.stderr
    assert not (workspace / "evil.toml").exists()


def test_no_clobbering_without_force(run, workspace):
    before = (workspace / "decks" / "demo-red-rush.toml").read_text()
    result = run("deck", "new", "demo-red-rush", "--castle", "DEMO.001", expect=2)
    assert "already exists" in result.stderr and "--force" in result.stderr
    result = run("deck", "copy", "demo-blue-wall", "demo-red-rush", expect=2)
    assert (workspace / "decks" / "demo-red-rush.toml").read_text() == before
    run("deck", "copy", "demo-blue-wall", "demo-red-rush", "--force")
    assert load_deck(workspace / "decks" / "demo-red-rush.toml").data.name == "demo-red-rush"


def test_copy_rename_and_list(run, workspace):
    run("deck", "copy", "demo-blue-wall", "bw2")
    result = run("deck", "rename", "bw2", "bw3")
    assert "renamed to decks/bw3.toml" in result.stdout and "✓ valid" in result.stdout
    assert not (workspace / "decks" / "bw2.toml").exists()
    original = load_deck(workspace / "decks" / "demo-blue-wall.toml").data
    renamed = load_deck(workspace / "decks" / "bw3.toml").data
    assert renamed.cards == original.cards and renamed.castle == original.castle and renamed.name == "bw3"
    (workspace / "decks" / "broken.toml").write_text("name = \n")
    rows = json.loads(run("deck", "list", "--json").stdout)
    by_deck = {r.get("deck", r["name"]): r for r in rows}
    assert by_deck["bw3"]["valid"] and by_deck["bw3"]["size"] == 40 and by_deck["bw3"]["castle"] == "DEMO.001"
    assert by_deck["broken"]["valid"] is False and "invalid TOML" in by_deck["broken"]["error"]
    human = run("deck", "list").stdout
    assert "Blue Wall" in human and "Saltglass Bastion" in human and "unreadable" in human


# -- pre-made decks ----------------------------------------------------------------


def test_a_premade_faction_of_41_cards_loses_one_heroic_ally_and_keeps_the_rest(catalog):
    cite(
        "000",
        "each player shuffles together 40 alliance cards from the same set and of the same faction as their castle",
        "you have 41 cards per faction instead of 40. Remove 1 heroic ally at random",
    )
    cite("001", "you have 41 cards per faction instead of 40. Remove 1 heroic ally at random")
    from skyforge.workbench.premade import find_premade, premade_cards

    for faction in ("liothan", "taulot", "kurumo"):
        marked, _ = premade_cards(catalog, find_premade(catalog, "DEMO", faction))
        assert sum(marked.values()) == 41  # the demo set plays as a faction with its expansion
        result = build_premade(catalog, "DEMO", faction, seed=4)
        removed = result.removed
        assert removed is not None and "Heroic" in removed.keywords and removed.type == "ally"
        kept = {**marked, removed.key: marked[removed.key] - 1}
        assert result.deck.cards == {code: n for code, n in kept.items() if n}


@pytest.mark.parametrize("faction", ["liothan", "taulot", "kurumo"])
def test_premade_demo_decks_have_40_cards_after_removing_one_heroic_ally(catalog, faction):
    result = build_premade(catalog, "DEMO", faction, seed=3)
    assert sum(result.deck.cards.values()) == 40
    assert result.removed is not None and "Heroic" in result.removed.keywords and result.removed.type == "ally"
    castle = catalog.cards[result.deck.castle]
    assert castle.faction == faction and castle.set_code == "DEMO"
    for code in result.deck.cards:
        card = catalog.cards[code]
        assert card.kind == "alliance" and card.faction == faction and card.set_code == "DEMO"
    again = build_premade(catalog, "DEMO", faction, seed=3)
    assert again.deck == result.deck and again.removed == result.removed


def test_premade_seed_varies_the_removed_heroic_ally(catalog):
    removed = {build_premade(catalog, "DEMO", "liothan", seed=s).removed.key for s in range(20)}
    assert len(removed) > 1


def test_premade_applies_errata(catalog):
    """DEMO.203 is the errata of DEMO.017: it takes its place (42 marked → 41 → 40)."""
    deck = build_premade(catalog, "DEMO", "liothan", seed=1).deck
    assert "DEMO.017" not in deck.cards and deck.cards.get("DEMO.203") == 1


def test_premade_checks_its_cards_and_its_castle(run, workspace, tmp_path):
    cite(
        "000",
        "each player shuffles together 40 alliance cards from the same set and of the same faction as their castle",
    )
    result = run("deck", "premade", "DEMO", "liothan", "--castle", "DEMO.003", expect=2)  # a taulot castle
    assert "is taulot; pre-made deck 'liothan-demo' is liothan" in result.stderr
    assert "Traceback" not in result.output
    extra = tmp_path / "stray.toml"
    extra.write_text(
        '[[sets]]\ncode = "ZZZ"\nname = "Elsewhere"\n'
        '[[cards]]\ncode = "DEMO.990"\nkind = "alliance"\nname = "Stray Raider"\n'
        'faction = "kurumo"\nrarity = "base"\ntype = "ally"\npremade = "liothan-demo"\n'
        '[[cards]]\ncode = "ZZZ.001"\nkind = "alliance"\nname = "Far Visitor"\n'
        'faction = "liothan"\nrarity = "base"\ntype = "ally"\npremade = "liothan-demo"\n',
        encoding="utf-8",
    )
    from .conftest import DEMO_CATALOG

    result = run(
        "--catalog", str(DEMO_CATALOG), "--catalog", str(extra), "deck", "premade", "DEMO", "liothan", expect=2
    )
    assert "DEMO.990 Stray Raider" in result.stderr and "kurumo, not liothan" in result.stderr
    assert "ZZZ.001 Far Visitor" in result.stderr and "of set ZZZ, not DEMO" in result.stderr
    assert "stray.toml" in result.stderr


def test_premade_official_decks_say_which_data_is_missing(run):
    result = run("deck", "premade", "CAM", "liothan", expect=2)
    assert "no card list for pre-made deck 'liothan-zealots'" in result.stderr
    assert 'premade = "liothan-zealots"' in result.stderr
    result = run("deck", "premade", "XYZ", "liothan", expect=2)
    assert "no pre-made deck of set 'XYZ'" in result.stderr and "DEMO liothan" in result.stderr


def test_premade_cli_writes_a_valid_deck(run, workspace):
    result = run("deck", "premade", "DEMO", "taulot", "--seed", "5", "--player", "Bo")
    assert "decks/taulot-demo.toml" in result.stdout and "--seed 5 repeats it" in result.stdout
    assert "40 cards" in result.stdout and "custom-deck rules" in result.stdout
    data = json.loads(run("deck", "premade", "DEMO", "taulot", "--seed", "5", "--json", "--force").stdout)
    assert data["size"] == 40 and data["seed"] == 5 and data["removed"]
    run("deck", "premade", "DEMO", "taulot", expect=2)  # exists: needs --force


# -- show and stats -----------------------------------------------------------------


def test_show_json_contract(run):
    data = json.loads(run("deck", "show", "demo-blue-wall", "--json").stdout)
    assert data["castle"] == "DEMO.001" and data["size"] == 40 and data["valid"] is True
    deck = load_deck(EXAMPLE_DECKS / "demo-blue-wall.toml").data
    assert data["cards"] == deck.cards
    assert data["types"] == {"ally": 30, "tower": 3, "spell": 5, "attachment": 2}
    assert data["rarities"] == {"base": 24, "rare": 8, "mythic": 6, "legendary": 2}
    assert sum(c["count"] for c in data["curve"]) == 40
    mythic = next(r for r in data["budget"] if r["rarity"] == "mythic")
    assert (mythic["used"], mythic["max"]) == (6, 6)
    assert [g["type"] for g in data["groups"]] == ["ally", "tower", "spell", "attachment"]
    assert json.loads(run("deck", "stats", "demo-blue-wall", "--json").stdout) == data


def test_show_human_view(run):
    out = run("deck", "show", "demo-blue-wall").stdout
    for text in (
        "Blue Wall (Alice) — castle DEMO.001 Saltglass Bastion · 40 cards · ✓ valid",
        "Ally (30)",
        "Gullwing Lookout",
        "Mana curve",
        "mythic     6/6",
        "Opening hand",
        "after mulligan",
        "demo data",
    ):
        assert text in out
    assert "Gullwing Lookout" not in run("deck", "stats", "demo-blue-wall").stdout


def test_the_suggested_mulligan_throws_back_what_each_book_says():
    cite(
        "000",
        'we suggest you mulligan any card that is not of the "ally" type and/or has a mana cost of 5 or higher',
        "Each player draws five cards from their alliance deck.",
        "discard any number of cards, draw back the same amount, and then shuffle the discarded "
        "cards back into the deck",
    )
    cite("001", "has a mana cost of 6 or higher")
    assert (HAND_SIZE, MULLIGAN_COST) == (5, 5)
    entries = [
        Entry("a", "X.001", 1, AllianceCard(name="cost 4", type="ally", cost=4)),
        Entry("b", "X.002", 2, AllianceCard(name="cost 5", type="ally", cost=5)),
        Entry("c", "X.003", 4, AllianceCard(name="cost 6", type="ally", cost=6)),
        Entry("d", "X.004", 8, AllianceCard(name="a spell", type="spell", cost=1)),
    ]
    # every ally is wanted (cost 9 or less); 000 throws back the allies of cost 5 and up and the spells
    assert hand_counts(entries, 9) == HandCounts(target_keep=1, target_toss=6, other_keep=0, other_toss=8)
    # 001 keeps the allies of cost 5
    assert hand_counts(entries, 9, mulligan_cost=6) == HandCounts(3, 4, 0, 8)


def _brute_force(counts: HandCounts, k: int) -> tuple[Fraction, Fraction]:
    """Enumerate every opening hand and every redraw: the definition, by exhaustion."""
    cards = (
        ["A"] * counts.target_keep + ["B"] * counts.target_toss + ["C"] * counts.other_keep + ["D"] * counts.other_toss
    )
    n = len(cards)
    hand = min(5, n)
    opening = after = Fraction(0)
    hands = list(itertools.combinations(range(n), hand))
    for h in hands:
        drawn = [cards[i] for i in h]
        opening += Fraction(int(sum(c in "AB" for c in drawn) >= k), len(hands))
        kept = [c for c in drawn if c in "AC"]
        rest = [cards[i] for i in range(n) if i not in h]
        redraws = list(itertools.combinations(rest, min(hand - len(kept), len(rest))))
        good = sum(1 for r in redraws if sum(c in "AB" for c in kept + list(r)) >= k)
        after += Fraction(good, len(redraws)) / len(hands)
    return opening, after


@settings(max_examples=60, deadline=None)
@given(a=st.integers(0, 4), b=st.integers(0, 2), c=st.integers(0, 3), d=st.integers(0, 4), k=st.integers(0, 4))
def test_exact_odds_match_enumeration(a, b, c, d, k):
    counts = HandCounts(a, b, c, d)
    opening, after = _brute_force(counts, k) if counts.size else (Fraction(int(k <= 0)),) * 2
    assert p_opening(counts, k) == opening
    assert p_after_mulligan(counts, k) == after


def test_exact_odds_agree_with_a_seeded_simulation(catalog):
    from skyforge.workbench.entries import resolve_entries

    deck = load_deck(EXAMPLE_DECKS / "demo-blue-wall.toml")
    entries = resolve_entries(catalog, deck)
    for max_cost, k in ((2, 2), (3, 3), (4, 1)):
        counts = hand_counts(entries, max_cost)
        sim_open, sim_mull = simulate(entries, max_cost, k, trials=20000, seed=42)
        assert abs(float(p_opening(counts, k)) - sim_open) < 0.015
        assert abs(float(p_after_mulligan(counts, k)) - sim_mull) < 0.015
    # with the Monoliths threshold (cost 6 or higher) cost-5 allies stay in the hand
    counts6 = hand_counts(entries, 5, mulligan_cost=6)
    assert (
        counts6.target_toss == 0
        and counts6.target_keep == hand_counts(entries, 5).target_keep + hand_counts(entries, 5).target_toss
    )


def test_mulligan_improves_the_odds_and_wanted_cards_that_get_tossed():
    entries = [
        Entry("x", "X.001", 10, AllianceCard(name="cheap", type="ally", cost=2)),
        Entry("y", "X.002", 10, AllianceCard(name="big", type="ally", cost=6)),
        Entry("z", "X.003", 20, AllianceCard(name="spell", type="spell", cost=1)),
    ]
    counts = hand_counts(entries, 6)
    assert counts == HandCounts(10, 10, 0, 20)
    sim = simulate(entries, 6, 2, trials=20000, seed=7)
    assert abs(float(p_after_mulligan(counts, 2)) - sim[1]) < 0.015
    assert p_after_mulligan(hand_counts(entries, 2), 2) > p_opening(hand_counts(entries, 2), 2)


# -- diff ---------------------------------------------------------------------------


def test_diff(run, workspace):
    run("deck", "copy", "demo-blue-wall", "b")
    run("deck", "remove", "b", "DEMO.007x2", "DEMO.044")
    run("deck", "add", "b", "DEMO.012x2", "DEMO.008")
    result = run("deck", "diff", "demo-blue-wall", "b", "--json", expect=1)
    data = json.loads(result.stdout)
    assert data["added"] == [{"code": "DEMO.012", "name": "Lanternfin Otterling", "from": 0, "to": 2, "change": 2}]
    assert [r["code"] for r in data["removed"]] == ["DEMO.044"]
    assert [(r["code"], r["from"], r["to"]) for r in data["changed"]] == [("DEMO.007", 3, 1), ("DEMO.008", 3, 4)]
    human = run("deck", "diff", "demo-blue-wall", "b", expect=1).stdout
    assert "+   2  DEMO.012" in human and "-   1  DEMO.044" in human and "~  -2  DEMO.007" in human
    assert "same cards and castle" in run("deck", "diff", "demo-blue-wall", "demo-blue-wall").stdout


def test_diff_is_a_typed_value(catalog):
    blue, green = (load_deck(EXAMPLE_DECKS / f"{n}.toml") for n in ("demo-blue-wall", "demo-green-grove"))
    changes = diff_decks(catalog, blue, green)
    assert isinstance(changes, DeckDiff) and not changes.same
    assert changes.a.name == blue.name and changes.a.size == changes.b.size == 40
    assert all(c.before == 0 and c.change == c.after > 0 for c in changes.added)
    assert all(c.after == 0 and c.change == -c.before for c in changes.removed)
    assert [c.code for c in changes.added] == sorted((c.code for c in changes.added), key=code_order)
    same = diff_decks(catalog, blue, blue)
    assert same.same and not (same.added or same.removed or same.changed)
    assert (
        same.dump()["a"]
        == same.dump()["b"]
        == {"file": blue.file, "name": blue.name, "castle": same.a.castle, "size": 40}
    )


def test_demo_catalog_is_used(catalog):
    assert any(Path(f).is_relative_to(DEMO_CATALOG) for f in catalog.files)


def test_bad_spec_is_input_error():
    with pytest.raises(InputError):
        parse_spec("DEMO.007x0")


@pytest.mark.parametrize(
    "spec, message",
    [("DEMO.007x999999999999", "from 1 to 99"), ("DEMO.007x-1", "at least 1"), ("DEMO.007x0", "from 1 to 99")],
)
def test_card_counts_out_of_range_are_refused(spec, message):
    from skyforge.decks.specs import parse_spec
    from skyforge.errors import InputError

    with pytest.raises(InputError) as err:
        parse_spec(spec)
    assert message in err.value.problems[0].message


@pytest.mark.parametrize("faction", ["liothan", "taulot", "kurumo"])
def test_demo_premade_decks_are_legal_whichever_heroic_ally_goes(faction):
    """000 Setup step 3: 41 cards per faction with the expansion; "Remove 1 heroic ally at random"."""
    from skyforge.catalog import load_catalog
    from skyforge.decks import Deck
    from skyforge.rules import validate_decks
    from skyforge.workbench.premade import build_premade

    catalog = load_catalog()
    for seed in range(12):
        result = build_premade(catalog, "DEMO", faction, seed=seed)
        assert sum(result.deck.cards.values()) == 40
        report = validate_decks(catalog, [Deck(None, result.deck, {})])
        assert report.valid, (seed, [v.message for v in report.violations])


# -- test draws --------------------------------------------------------------------------------


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


def test_a_test_draw_of_demo_cards_says_they_are_demo_data(run):
    from skyforge.terms import demo_note

    cite("000", "Each player draws five cards from their alliance deck.")
    assert demo_note() in run("deck", "draw", "demo-blue-wall", "--seed", "3").stdout
    assert json.loads(run("deck", "draw", "demo-blue-wall", "--seed", "3", "--json").stdout)["demo_data"] is True


# -- pre-made deck hints ---------------------------------------------------------------


def test_premade_hint_names_decks_without_a_set_by_id(run):
    err = run("--catalog", "@shipped", "deck", "premade", "XYZ", "liothan", expect=2).stderr
    assert "? liothan" not in err and "liothan-shapeshifters (set not in the catalog)" in err


# -- one card-reference grammar ----------------------------------------------------------


@pytest.mark.parametrize(
    "text,ref,count",
    [
        ("DEMO.007", "DEMO.007", 1),
        ("DEMO.007x3", "DEMO.007", 3),
        ("DEMO.007=3", "DEMO.007", 3),
        ("DEMO.007 x 3", "DEMO.007", 3),
        ("3xDEMO.007", "DEMO.007", 3),
        ("DEMO.007×2", "DEMO.007", 2),
        ("Gullwing Lookout", "Gullwing Lookout", 1),
        ("Gullwing Lookout x3", "Gullwing Lookout", 3),
        ("Gullwing Lookout=2", "Gullwing Lookout", 2),
    ],
)
def test_one_card_grammar(text, ref, count):
    from skyforge.decks.specs import parse_spec

    spec = parse_spec(text)
    assert (spec.ref, spec.count) == (ref, count)


def test_card_grammar_never_crashes():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.decks.specs import parse_spec
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


# -- errata said and owned -----------------------------------------------------------------


def test_errata_said_on_edit_and_owned_through_the_original(run, workspace: Path):
    cite("000", "3 Errata Cards — These completely replace cards from previous sets.")
    run("deck", "new", "errt", "--castle", "DEMO.001")
    out = run("deck", "add", "errt", "DEMO.017").stdout
    assert "errata: DEMO.017 Drizzle Ward is replaced by errata DEMO.203 Drizzle Ward: added DEMO.203" in out
    assert '"DEMO.203" = 1' in (workspace / "decks" / "errt.toml").read_text()
    # the collection owns the Demo base box (DEMO.001-184), which holds DEMO.017, not DEMO.203
    import json

    report = json.loads(run("deck", "validate", "errt", "--collection", "collection.toml", "--json", expect=1).stdout)
    assert not [v for v in report["violations"] if v["rule"] == "collection-limit"]
    (workspace / "none.toml").write_text("schema = 1\n[products]\n[cards]\n")
    report = json.loads(run("deck", "validate", "errt", "--collection", "none.toml", "--json", expect=1).stdout)
    assert [v for v in report["violations"] if v["rule"] == "collection-limit"]


# -- help choosing cards ---------------------------------------------------------------------


def _for(run, *args):
    import json

    return json.loads(run("cards", "search", "--json", *args).stdout)


def test_cards_search_for_a_deck_lists_what_it_may_still_take(run, workspace: Path):
    cite(
        "000",
        "across all players' decks, there can be at most 1 copy of any Mythic or Legendary card, "
        "2 copies of any Rare card, and 3 copies of any Common card.",
    )
    run("deck", "new", "t", "--castle", "DEMO.001")
    run("deck", "add", "t", "DEMO.007x2", "DEMO.028")
    data = _for(run, "--for", "t")
    rows = {c["code"]: c for c in data["cards"]}
    assert rows["DEMO.007"]["left"] == 1 and rows["DEMO.007"]["in_deck"] == 2
    assert "DEMO.028" not in rows  # a mythic: its one copy is in the deck
    assert all(c["faction"] in ("liothan", "taulot") or c.get("subtypes") for c in data["cards"])
    assert not [c for c in data["cards"] if c["faction"] == "kurumo" and not c.get("subtypes")]
    # with the other player's deck, copies there count too
    (workspace / "decks" / "o.toml").write_text(
        'schema = 1\nname = "O"\ncastle = "DEMO.003"\n[cards]\n"DEMO.007" = 1\n'
    )
    rows = {c["code"]: c for c in _for(run, "--for", "t", "--with", "o")["cards"]}
    assert "DEMO.007" not in rows
    # a collection: only copies you own and the decks do not use
    (workspace / "few.toml").write_text('schema = 1\n[products]\n[cards]\n"DEMO.008" = 2\n')
    rows = {c["code"]: c for c in _for(run, "--for", "t", "--collection", "few.toml")["cards"]}
    assert set(rows) == {"DEMO.008"} and rows["DEMO.008"]["left"] == 2
    assert rows["DEMO.008"]["limited_by"] == "collection"
    out = run("cards", "search", "--for", "t", "--rarity", "mythic").stdout
    assert "left" in out and "DEMO.029" in out and "DEMO.028" not in out
    err = run("cards", "search", "--with", "o", expect=2).stderr
    assert "--for" in err


def test_cards_search_for_respects_the_rarity_limit(run, workspace: Path):
    # the shipped Blue Wall holds as many mythic cards as its castle's back allows
    data = _for(run, "--for", "demo-blue-wall")
    assert data["rarity_left"]["mythic"] == 0 and not [c for c in data["cards"] if c["rarity"] == "mythic"]
    assert data["notes"] and "40 cards" in data["notes"][0]


def test_deck_show_chance_to_draw_by_turn(run):
    cite("000", "Each player draws five cards from their alliance deck.")
    from fractions import Fraction
    from math import comb

    from skyforge.workbench.odds import p_drawn_by

    assert p_drawn_by(1, 40, 10) == Fraction(10, 40)
    assert p_drawn_by(3, 40, 10) == 1 - Fraction(comb(37, 10), comb(40, 10))
    assert p_drawn_by(3, 40, 0) == 0 and p_drawn_by(3, 3, 3) == 1
    import json

    data = json.loads(run("deck", "show", "demo-blue-wall", "--turns", "5", "--json").stdout)
    assert data["draws"] == {"turns": 5, "cards_seen": 10, "hand": 5, "per_turn": 1}
    card = next(c for g in data["groups"] for c in g["cards"] if c["code"] == "DEMO.028")
    assert card["drawn_by_turn"] == 0.25
    out = run("deck", "show", "demo-blue-wall", "--turns", "5").stdout
    assert "by turn 5" in out and "25%" in out and "59%" in out


# -- comments survive edits --------------------------------------------------------------------


MY_DECK = """# my deck, built for Friday
schema = 1
name = "Cm"   # the name
castle = "DEMO.001"

[cards]
# the core
"DEMO.007" = 3  # Gullwing -- keep 3!
"DEMO.009" = 2
# finishers
"DEMO.028" = 1  # Captain
"""


def test_deck_edits_keep_comments_and_layout(run, workspace: Path):
    deck = workspace / "decks" / "cm.toml"
    deck.write_text(MY_DECK)
    run("deck", "add", "cm", "DEMO.008", "DEMO.040")
    run("deck", "remove", "cm", "DEMO.009x2", "DEMO.007")
    assert deck.read_text() == MY_DECK.replace(
        '"DEMO.007" = 3  # Gullwing -- keep 3!\n"DEMO.009" = 2\n',
        '"DEMO.007" = 2  # Gullwing -- keep 3!\n"DEMO.008" = 1  # Saltmarsh Pikeman (liothan base)\n',
    ).replace(
        '"DEMO.028" = 1  # Captain\n', '"DEMO.028" = 1  # Captain\n"DEMO.040" = 1  # Bramblecoat Warden (taulot base)\n'
    )
    run("deck", "rename", "cm", "cm2")
    text = (workspace / "decks" / "cm2.toml").read_text()
    assert text.startswith("# my deck, built for Friday\n") and 'name = "cm2"   # the name' in text
    assert "# finishers" in text


def test_deck_edit_keeps_comments_property():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.decks.files import parse_deck
    from skyforge.decks.writing import edited_text

    codes = st.sampled_from([f"DEMO.{n:03d}" for n in range(7, 60)])

    @settings(max_examples=60, deadline=None)
    @given(
        st.dictionaries(codes, st.integers(1, 3), max_size=8),
        st.dictionaries(codes, st.integers(1, 3), max_size=8),
        st.text(alphabet="abc xyz-", min_size=1, max_size=12),
    )
    def check(before, after, remark):
        lines = ["# " + remark, "schema = 1", 'name = "P"', 'castle = "DEMO.001"', "", "[cards]"]
        lines += [f'"{k}" = {v}  # {remark}' for k, v in sorted(before.items())]
        text = "\n".join(lines) + "\n"
        deck = parse_deck(text, "p.toml").data
        new = edited_text(text, deck.model_copy(update={"cards": after}))
        assert parse_deck(new, "p.toml").data.cards == after
        assert new.startswith("# " + remark + "\n")
        kept = set(before) & set(after)
        assert new.count(f"# {remark}") >= 1 + len(kept)

    check()


def test_collection_edits_keep_comments(run, workspace: Path):
    path = workspace / "collection.toml"
    original = path.read_text()
    assert original.startswith("# Example collection")
    out = run("collection", "add", "--product", "DEMO:Demo expansion", "DEMO.207x2").stdout
    assert "added 1 × DEMO:Demo expansion" in out and "added 2 × DEMO.207" in out
    run("collection", "remove", "DEMO.205")
    text = path.read_text()
    assert text.startswith(original.split("schema")[0])  # the comment lines stay
    assert '"DEMO.205" = 1' in text and '"DEMO.207" = 2  # Cinderpeak Sapper' in text
    assert '"DEMO:Demo expansion" = 1' in text
    err = run("collection", "remove", "DEMO.208x5", expect=2).stderr
    assert "cannot remove 5" in err
    err = run("collection", "add", "DEMO.999", "--product", "XYZ", expect=2).stderr
    assert "2 problems" in err
    import json

    data = json.loads(run("collection", "show", "--json").stdout)
    assert data["products"] == {"DEMO": 1, "DEMO:Demo expansion": 1} and data["total"] > 200
    run("collection", "add", "--product", "DEMO", "--file", "new.toml")
    assert (workspace / "new.toml").read_text().count("DEMO = 1") == 1


def test_collection_add_of_a_card_without_a_code_says_so_and_where_to_add_one(run, workspace: Path):
    """A collection records cards by code: a card the catalog has no code for is named as such,
    not reported missing with itself as the suggestion."""
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "alliance"\nname = "My Card"\nfaction = "liothan"\nrarity = "rare"\n',
        encoding="utf-8",
    )
    before = (workspace / "collection.toml").read_text()
    err = run("--catalog", "mine.toml", "collection", "add", "My Card", expect=2).stderr
    assert "card 'My Card' has no code, and a collection records cards by code" in err
    assert 'add code = "SET.NNN"' in err and "mine.toml" in err
    assert "no card" not in err and "did you mean" not in err
    err = run("collection", "add", "Pools of Flyema", expect=2).stderr  # official, codeless
    assert "'Pools of Flyema' has no code" in err and 'kind = "castle", name = "Pools of Flyema"' in err
    assert (workspace / "collection.toml").read_text() == before
