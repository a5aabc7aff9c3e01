"""Deck-building rules, each tested against the rulebook line it comes from.

000 = Skytear Horde: Campaigns "Customizing Decks"; 001 = Monoliths "Custom Decks".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from skyforge.catalog import load_catalog
from skyforge.decks import Deck
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.errors import InputError
from skyforge.rules import owned_counts, validate_decks, validate_given

from .conftest import cite

MINI = Path(__file__).parent / "data" / "mini-catalog.toml"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([MINI])


def deck(cards: dict[str, int], castle: str = "TST.001", player: str | None = None, name: str = "d") -> Deck:
    return Deck(None, DeckFile(name=name, castle=castle, player=player, cards=cards), {})


def filler(n: int) -> dict[str, int]:
    """n legal base cards for Blue Keep (within the 3-copy limit)."""
    out, codes = {}, ["TST.010", "TST.011"]
    for code in codes:
        take = min(3, n)
        if take:
            out[code] = take
            n -= take
    assert n <= 4, "filler only tops up small decks"
    if n:
        out["TST.020"] = min(2, n)
        n -= out["TST.020"]
    if n:
        out["TST.030"] = 1
        n -= 1
    if n:
        out["TST.031"] = 1
    return out


def rules_of(report) -> list[str]:
    return [v.rule for v in report.violations]


def test_legal_deck_passes(catalog):
    report = validate_decks(catalog, [deck(filler(10))])
    assert report.valid, report.dump()
    assert report.decks[0].size == 10


def test_castle_back_sets_factions_per_rarity(catalog):
    cite(
        "000",
        "The back of the castle card indicates, for each rarity, which faction (color) "
        "of cards can be included and any additional rules.",
    )
    cards = filler(8) | {"TST.012": 2}  # kurumo base: Blue Keep allows liothan, taulot
    report = validate_decks(catalog, [deck(cards)])
    assert rules_of(report) == ["faction-not-allowed"]
    v = report.violations[0]
    assert v.cards == ("TST.012",)
    assert "kurumo" in v.message and "liothan or taulot" in v.message
    assert v.fix == "remove 2 × TST.012"


def test_rarity_without_a_line_is_not_allowed(catalog):
    cards = filler(9) | {"TST.040": 1}  # Blue Keep has no legendary line
    report = validate_decks(catalog, [deck(cards)])
    assert rules_of(report) == ["rarity-not-allowed"]
    assert "allows no legendary cards" in report.violations[0].message


def test_rarity_limit_counts_copies(catalog):
    cite("000", "you can only have 6 Mythic cards of the blue Liothan faction")
    cards = {"TST.010": 3, "TST.011": 3, "TST.020": 1, "TST.030": 1, "TST.031": 1, "TST.032": 1}
    report = validate_decks(catalog, [deck(cards)])  # Blue Keep: at most 2 mythic
    assert rules_of(report) == ["rarity-limit"]
    v = report.violations[0]
    assert (v.count, v.limit) == (3, 2)
    # the fix names the cards of that rarity, so the player sees what to choose from
    assert v.fix == (
        "remove 1 mythic card of these: 1 × TST.030 (Blue Titan), 1 × TST.031 (Blue Wyrm), 1 × TST.032 (Blue Oracle)"
    )
    assert set(v.cards) == {"TST.030", "TST.031", "TST.032"}


def test_subtype_admits_cards_of_any_faction(catalog):
    cite(
        "001",
        "Some restrictions are in place to cover for possible expansions where, for example, "
        "Shapeshifters (currently only in the Liothan faction) may join the friendly Taulot "
        "or Nupten factions.",
    )
    ok = filler(9) | {"TST.021": 1}  # taulot rare Shapeshifter: admitted by subtype
    assert validate_decks(catalog, [deck(ok)]).valid
    bad = filler(9) | {"TST.022": 1}  # taulot rare without the subtype
    assert rules_of(validate_decks(catalog, [deck(bad)])) == ["faction-not-allowed"]


def test_any_set_may_be_used(catalog):
    cite(
        "000",
        "You can include cards from any set when building custom decks, regardless of the set icon on the castle card.",
    )
    # The promo-range card TST.100 (another product) is as legal as the base box ones.
    report = validate_decks(catalog, [deck(filler(9) | {"TST.100": 1})])
    assert report.valid


@pytest.mark.parametrize("rarity_code, limit", [("TST.010", 3), ("TST.020", 2), ("TST.030", 1), ("TST.041", 1)])
def test_copy_limits_within_one_deck(catalog, rarity_code, limit):
    cite(
        "000",
        "across all players' decks, there can be at most 1 copy of any Mythic or Legendary "
        "card, 2 copies of any Rare card, and 3 copies of any Common card.",
    )
    castle = "TST.002" if rarity_code == "TST.041" else "TST.001"
    report = validate_decks(catalog, [deck({rarity_code: limit + 1}, castle=castle)])
    limits = [v for v in report.violations if v.rule == "copy-limit"]
    assert len(limits) == 1 and (limits[0].count, limits[0].limit) == (limit + 1, limit)


def test_copy_limits_hold_across_all_players_decks(catalog):
    cite(
        "001",
        "The only general rule not written on the castle card is: across all players' decks, "
        "there can be at most 1 copy of any Mythic or Legendary card",
    )
    alice = deck(filler(9) | {"TST.030": 1}, player="Alice", name="a")
    bo = deck(
        {"TST.010": 2, "TST.011": 3, "TST.012": 1, "TST.021": 1, "TST.030": 1, "TST.022": 1, "TST.041": 1},
        castle="TST.002",
        player="Bo",
        name="b",
    )
    report = validate_decks(catalog, [alice, bo])
    limits = {v.cards[0]: v for v in report.violations if v.rule == "copy-limit"}
    assert set(limits) == {"TST.030", "TST.010", "TST.011"}  # 1+1 mythic; 3+2 and 3+3 base
    v = limits["TST.030"]
    assert v.decks == ("a", "b") and v.deck is None
    assert "remove 1 × TST.030 from" in v.fix
    assert "across all players' decks" in v.message
    # each deck is judged by its own castle: Bo's taulot cards are fine for Green Hall
    assert not any(
        x.rule == "faction-not-allowed" and x.deck == "b" and "TST.011" in x.cards for x in report.violations
    )


def test_second_player_follows_own_castle(catalog):
    cite(
        "000",
        "If there are two players, choose another castle that will remain out of play. "
        "This castle will only be used for determining the second player's alliance deck restrictions.",
    )
    green = deck({"TST.011": 2, "TST.041": 1}, castle="Green Hall", name="g")
    report = validate_decks(catalog, [green])
    assert report.valid, report.dump()
    blue = deck({"TST.041": 1} | filler(9), castle="Blue Keep", name="b")
    assert "rarity-not-allowed" in rules_of(validate_decks(catalog, [blue]))


def test_deck_size_from_castle(catalog):
    report = validate_decks(catalog, [deck(filler(8))])
    assert rules_of(report) == ["deck-size"]
    assert report.violations[0].fix == "add 2 cards"
    assert "needs exactly 10" in report.violations[0].message
    one = validate_decks(catalog, [deck({"TST.010": 1})]).violations[0]
    assert one.message == "1 card; castle TST.001 'Blue Keep' needs exactly 10" and one.fix == "add 9 cards"


def test_unknown_and_non_alliance_cards(catalog):
    report = validate_decks(catalog, [deck(filler(8) | {"TST.013": 1, "TST.090": 1})])
    by_rule = {v.rule: v for v in report.violations}
    assert set(by_rule) == {"unknown-card", "not-alliance-card"}
    assert "did you mean TST.012" in by_rule["unknown-card"].hint


def test_unknown_castle_with_hint(catalog):
    report = validate_decks(catalog, [deck(filler(10), castle="Blue Kep")])
    assert rules_of(report) == ["unknown-castle"]
    assert "Blue Keep" in report.violations[0].hint


def test_castle_without_rules_says_what_to_fill_in(catalog):
    report = validate_decks(catalog, [deck(filler(10), castle="Unknown Fort")])
    assert rules_of(report) == ["missing-data"]
    assert "deck_rules" in report.violations[0].hint and "mini-catalog.toml" in report.violations[0].hint


def test_card_without_rarity_is_reported_not_guessed(catalog):
    report = validate_decks(catalog, [deck(filler(9) | {"TST.070": 1})])
    assert rules_of(report) == ["missing-data"]
    assert "rarity" in report.violations[0].hint


def test_errata_replace_the_cards_they_correct(catalog):
    cite("000", "3 Errata Cards — These completely replace cards from previous sets.")
    report = validate_decks(catalog, [deck(filler(9) | {"TST.050": 1})])
    assert report.valid
    assert report.decks[0].cards.get("TST.100") == 1 and "TST.050" not in report.decks[0].cards
    assert any("errata TST.100" in n for n in report.decks[0].notes)
    # by name, the errata card wins too
    assert catalog.find("Old Banner").code == "TST.100"


def test_card_rules(catalog):
    report = validate_decks(catalog, [deck(filler(7) | {"TST.060": 2, "TST.061": 1})])
    messages = [v.message for v in report.violations if v.rule == "card-rule"]
    assert any("at most 1 per deck" in m for m in messages)
    green = deck({"TST.061": 1, "TST.011": 2}, castle="TST.002", name="g")
    messages = [v.message for v in validate_decks(catalog, [green]).violations if v.rule == "card-rule"]
    assert any("needs TST.010" in m for m in messages)
    assert any("liothan castle" in m for m in messages)


def test_every_problem_is_reported_at_once(catalog):
    cards = {"TST.012": 4, "TST.040": 1, "TST.030": 1, "TST.031": 1, "TST.032": 1, "TST.999": 1}
    report = validate_decks(catalog, [deck(cards)])
    assert set(rules_of(report)) == {
        "faction-not-allowed",
        "rarity-not-allowed",
        "rarity-limit",
        "copy-limit",
        "unknown-card",
        "deck-size",
    }


def test_collection_counts_products_times_copies_plus_singles(catalog):
    owned = owned_counts(catalog, CollectionFile(products={"TST": 1}, cards={"TST.011": 1}))
    assert owned["TST.010"] == 3 and owned["TST.011"] == 3


def test_an_erratum_and_its_original_are_copies_of_one_card(catalog):
    cite("000", "3 Errata Cards — These completely replace cards from previous sets.")
    # TST.100 is the erratum of TST.050 (1 in the box): the original and the erratum are one card
    owned = owned_counts(catalog, CollectionFile(products={"TST": 1}, cards={"TST.100": 1}))
    assert owned["TST.100"] == 1
    # the original printing alone is a copy of the erratum
    assert owned_counts(catalog, CollectionFile(products={"TST": 1}))["TST.100"] == 1
    # the larger holding counts: 2 originals (2 boxes) and 1 erratum (the promo) are 2 copies, not 3
    owned2 = owned_counts(catalog, CollectionFile(products={"TST": 2, "TST:Test promo": 1}))
    assert owned2["TST.050"] == 2 and owned2["TST.100"] == 2
    two = deck(filler(8) | {"TST.050": 1, "TST.100": 1})
    report = validate_decks(catalog, [two], CollectionFile(products={"TST": 1}, cards={"TST.100": 1}))
    (v,) = [v for v in report.violations if v.rule == "collection-limit" and "TST.100" in v.cards]
    assert (v.count, v.limit) == (2, 1)


def test_collection_limit(catalog):
    alice = deck(filler(10), name="a")
    report = validate_decks(catalog, [alice], CollectionFile(products={}, cards={"TST.010": 1}))
    limits = [v for v in report.violations if v.rule == "collection-limit"]
    assert {v.cards[0] for v in limits} >= {"TST.010", "TST.011"}
    v = next(v for v in limits if v.cards[0] == "TST.010")
    assert (v.count, v.limit) == (3, 1) and v.fix == "remove 2 × TST.010 from deck 'a'"


def test_collection_with_unknown_product_is_bad_input(catalog):
    with pytest.raises(InputError) as err:
        owned_counts(catalog, CollectionFile(products={"TST:Nope": 1, "XXX": 1}))
    assert len(err.value.problems) == 2
    assert "Test box" in err.value.problems[0].hint


def test_two_decks_on_one_castle_break_same_castle(run, workspace):
    from .conftest import cite

    cite(
        "000",
        "If there are two players, choose another castle that will remain out of play. "
        "This castle will only be used for determining the second player's alliance deck restrictions.",
    )
    cite("001", "If there are two alliance players, choose another castle that will remain out of play.")
    import json

    from .conftest import DEMO_CATALOG

    text = (workspace / "decks" / "demo-blue-wall.toml").read_text(encoding="utf-8")
    (workspace / "decks" / "twin.toml").write_text(text.replace('name = "', 'name = "Twin ', 1), encoding="utf-8")
    result = run("--catalog", str(DEMO_CATALOG), "deck", "validate", "demo-blue-wall", "twin", "--json", expect=1)
    data = json.loads(result.stdout)
    rules = {v["rule"] for v in data["violations"]}
    assert "same-castle" in rules
    same = next(v for v in data["violations"] if v["rule"] == "same-castle")
    assert len(same["decks"]) == 2
    result = run(
        "game",
        "setup",
        "--castle",
        "DEMO.001",
        "--castle2",
        "DEMO.001",
        "--hordes",
        "demo-thornmaw",
        "--difficulty",
        "2",
        "--mode",
        "coop",
        expect=2,
    )
    assert "same-castle" in result.stderr and "Traceback" not in result.output


# -- one game: one or two alliance decks -------------------------------------------------------------


def test_three_decks_are_not_one_game_so_each_is_checked_on_its_own(catalog):
    cite("000", "1-2 Solo or Co-op.")
    cite("001", "If there are two alliance players, choose another castle that will remain out of play.")
    # together these would break the mythic copy limit and follow one castle twice
    decks = [deck(filler(10), name=n) for n in ("a", "b", "c")]
    report = validate_given(catalog, decks)
    assert report.valid and not report.one_game, report.dump()
    assert "3 decks given together are not one game's" in report.notes[0]
    assert "each deck is checked on its own" in report.notes[0]
    data = report.dump()
    assert data["one_game"] is False and data["notes"] == report.notes
    # each is still checked against its castle
    bad = validate_given(catalog, [*decks[:2], deck(filler(9) | {"TST.012": 1}, name="c")])
    assert rules_of(bad) == ["faction-not-allowed"] and bad.violations[0].deck == "c"
    # two decks are one game: the copy limit and the castles run across them
    two = validate_given(catalog, decks[:2])
    assert two.one_game and not two.notes
    assert {"same-castle", "copy-limit"} <= set(rules_of(two))


def test_three_decks_in_the_cli_say_they_are_checked_each_on_its_own(run, workspace):
    cite("000", "1-2 Solo or Co-op.")
    import json

    names = ["demo-blue-wall", "demo-green-grove", "demo-red-rush"]
    data = json.loads(run("deck", "validate", *names, "--json").stdout)
    assert data["one_game"] is False and "not one game's" in data["notes"][0]
    out = run("deck", "validate", *names).stdout
    assert "note: 3 decks given together are not one game's" in out
    assert json.loads(run("deck", "validate", *names[:2], "--json").stdout)["one_game"] is True


def test_same_castle_comes_before_the_copy_limits_it_explains(catalog):
    cite(
        "000",
        "If there are two players, choose another castle that will remain out of play. "
        "This castle will only be used for determining the second player's alliance deck restrictions.",
    )
    twins = [deck(filler(10), name="a"), deck(filler(10), name="b")]
    rules = rules_of(validate_decks(catalog, twins))
    assert rules[0] == "same-castle" and set(rules[1:]) == {"copy-limit"}, rules


# -- two printings of one card (a reprint) -------------------------------------------------------------

REPRINTS = """
schema = 1
provenance = "user"

[[cards]]
code = "TST.111"
kind = "alliance"
name = "Blue Titan"
faction = "liothan"
rarity = "mythic"
type = "ally"
cost = 5
text = "A reprint of TST.030 under another code."

[[cards]]
code = "TST.112"
kind = "alliance"
name = "Green Shifter"
faction = "taulot"
rarity = "rare"
type = "ally"
subtypes = ["Shapeshifter"]
"""


@pytest.fixture(scope="module")
def reprints(tmp_path_factory):
    path = tmp_path_factory.mktemp("reprints") / "reprints.toml"
    path.write_text(REPRINTS, encoding="utf-8")
    return load_catalog([MINI, path])


def test_two_printings_of_one_card_count_together_for_the_copy_limit(reprints):
    cite(
        "000",
        "across all players' decks, there can be at most 1 copy of any Mythic or Legendary card, "
        "2 copies of any Rare card, and 3 copies of any Common card.",
    )
    alice = deck(filler(9) | {"TST.030": 1}, name="a")
    bo = deck({"TST.041": 1, "TST.111": 1}, castle="TST.002", name="b")  # Green Hall: taulot mythic only
    report = validate_decks(reprints, [alice, bo])
    (v,) = [v for v in report.violations if v.rule == "copy-limit"]
    assert v.cards == ("TST.030", "TST.111") and (v.count, v.limit) == (2, 1)
    assert "2 copies of mythic card 'Blue Titan' (1 × TST.030 in deck 'a', 1 × TST.111 in deck 'b')" in v.message
    assert "printings of one card" in v.message and "reading" in v.message
    # the copy where the card breaks its deck's castle goes first (TST.111 is liothan; Green Hall is taulot)
    assert v.fix == "remove 1 × TST.111 from deck 'b'"
    # within one deck too
    one = validate_decks(reprints, [deck(filler(8) | {"TST.030": 1, "TST.111": 1})])
    (v,) = [v for v in one.violations if v.rule == "copy-limit"]
    assert v.deck == "d" and v.cards == ("TST.030", "TST.111") and "in a deck" in v.message


def test_printings_within_the_copy_limit_are_said_to_count_together(reprints):
    cite("000", "2 copies of any Rare card")
    ok = validate_decks(reprints, [deck(filler(8) | {"TST.021": 1, "TST.112": 1})])
    assert ok.valid, ok.dump()
    assert ok.notes == [
        "TST.021 and TST.112 are printings of one card (one name), counted together for the copy limit "
        "(skyforge's reading: the rulebooks say nothing of reprints) ('Green Shifter', 2 copies)"
    ]
    over = validate_decks(reprints, [deck(filler(7) | {"TST.021": 2, "TST.112": 1})])
    assert rules_of(over) == ["copy-limit"] and not over.notes


def test_choosing_cards_counts_the_printings_of_one_card_together(reprints):
    cite("000", "there can be at most 1 copy of any Mythic or Legendary card")
    from skyforge.rules.choosing import choose_cards

    offered = {c.card.key for c in choose_cards(reprints, deck(filler(4) | {"TST.030": 1})).candidates}
    assert "TST.031" in offered and "TST.111" not in offered  # TST.111 is another printing of TST.030
    assert "TST.111" in {c.card.key for c in choose_cards(reprints, deck(filler(4))).candidates}


def test_copy_limits_are_worded_from_their_table():
    """The deck assistant's copy-limit line is read from COPY_LIMITS, never typed out."""
    from skyforge.rules.deckbuilding import copy_limits_words, most_copies

    cite("000", "at most 1 copy of any Mythic or Legendary card, 2 copies of any Rare card, and 3 copies of any Common")
    assert copy_limits_words() == "at most 3 copies of a base card, 2 of a rare and 1 of a mythic or legendary card"
    assert most_copies() == 3


# -- fixes name decks by file ------------------------------------------------------------------


def test_fixes_name_decks_by_file_when_players_share_a_name(run, workspace: Path):
    cite("000", "3 copies of any Common card")
    source = (workspace / "decks" / "demo-blue-wall.toml").read_text().replace('player = "Alice"', 'player = "Me"')
    (workspace / "decks" / "me1.toml").write_text(source)
    (workspace / "decks" / "me2.toml").write_text(source.replace("Blue Wall", "Other"))
    out = run("deck", "validate", "me1", "me2", expect=1).stdout
    assert "3 in Me's deck (decks/me1.toml), 3 in Me's deck (decks/me2.toml)" in out
    assert "fix: remove 3 × DEMO.007 from Me's deck (decks/me1.toml)" in out
