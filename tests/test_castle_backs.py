"""Castle backs as players own them: required heroes, excluded cards and subtypes, types of any
colour, words in any case — through the library and through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.constants import COPY_LIMITS
from skyforge.decks import Deck
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError
from skyforge.rules import castle_refuses, validate_decks

from .conftest import cite

MINI = Path(__file__).parent / "data" / "mini-catalog.toml"
WATCH = "TST.003"  # "You must have Vorhild and 9 other cards. You may include any ROYAL GUARD, but … nor Sly."
GATE = "TST.004"  # "Base and Rare Towers of any colour."


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([MINI])


def deck(cards: dict[str, int], castle: str = WATCH, name: str = "d") -> Deck:
    return Deck(None, DeckFile(name=name, castle=castle, cards=cards), {})


def rules_of(report) -> list[str]:
    return [v.rule for v in report.violations]


def test_back_gives_additional_rules_and_limits(catalog):
    cite(
        "000",
        "The back of the castle card indicates, for each rarity, which faction (color) of cards can be "
        "included and any additional rules.",
    )
    cite("001", "which faction (color) of cards can be included and any limits")
    cite("001", "Related Hero (only relevant for custom decks, see Custom Decks)")
    keep = "TST.001"  # Blue Keep: base liothan or taulot; rare liothan or a Shapeshifter; at most 2 mythic
    fits = {"TST.010": 3, "TST.011": 2, "TST.020": 2, "TST.021": 1, "TST.030": 1, "TST.031": 1}
    assert validate_decks(catalog, [deck(fits, keep)]).valid
    other_colour = validate_decks(catalog, [deck({**fits, "TST.011": 1, "TST.012": 1}, keep)])
    assert [(v.rule, v.cards) for v in other_colour.violations] == [("faction-not-allowed", ("TST.012",))]
    assert "allows base cards of liothan or taulot" in other_colour.violations[0].message
    druid = {
        **{c: n for c, n in fits.items() if c != "TST.021"},
        "TST.022": 1,
    }  # a rare, neither liothan nor Shapeshifter
    rare = validate_decks(catalog, [deck(druid, keep)])
    assert [v.rule for v in rare.violations] == ["faction-not-allowed"]
    assert "allows rare cards of liothan (or subtype Shapeshifter)" in rare.violations[0].message
    over = validate_decks(catalog, [deck({**fits, "TST.020": 1, "TST.032": 1}, keep)])
    assert [v.rule for v in over.violations] == ["rarity-limit"]
    assert "3 mythic cards; castle TST.001 'Blue Keep' allows at most 2" in over.violations[0].message


def test_words_are_read_in_any_case(catalog):
    cite("000", "3 copies of any Common card")
    watch = catalog.cards[WATCH]
    assert watch.faction == "liothan"
    assert [r.rarity for r in watch.deck_rules] == ["base", "rare", "mythic", "legendary"]
    assert watch.deck_rules[0].subtypes == ["Royal Guard"]
    assert watch.excludes_subtypes == ["Rogue"]
    tower = catalog.cards["TST.084"]
    assert (tower.faction, tower.rarity, tower.type) == ("kurumo", "base", "tower")
    assert catalog.cards["TST.082"].subtypes == ["Rogue"]


def test_required_hero_is_missing(catalog):
    report = validate_decks(catalog, [deck({"TST.010": 3, "TST.083": 3, "TST.020": 2, "TST.030": 1, "TST.031": 1})])
    assert rules_of(report) == ["castle-requires"]
    (v,) = report.violations
    assert v.cards == ("TST.080",)
    assert v.fix == "add 1 × TST.080 (Vorhild) in place of another card"


def test_required_hero_counts_toward_the_size(catalog):
    report = validate_decks(catalog, [deck({"TST.080": 1, "TST.010": 3, "TST.083": 3, "TST.020": 2, "TST.030": 1})])
    assert report.valid, report.as_dict()


def test_excluded_card_and_subtype_whatever_admits_them(catalog):
    cite("000", 'If an ability says to do something and another says you cannot do it, the "cannot" takes precedence.')
    report = validate_decks(catalog, [deck({"TST.080": 1, "TST.081": 1, "TST.082": 2, "TST.010": 3, "TST.083": 3})])
    assert rules_of(report) == ["castle-excludes", "castle-excludes"]
    sly, rogue = report.violations
    assert sly.cards == ("TST.081",) and "cannot include TST.081 'Sly'" in sly.message
    # Cutpurse is liothan, which the base line admits: the exclusion still wins
    assert rogue.message == "TST.082 'Cutpurse' is a Rogue: castle TST.003 'Vorhild's Watch' cannot include Rogues"
    assert rogue.fix == "remove 2 × TST.082"


def test_types_of_any_colour_keep_the_faction_list_for_other_types(catalog):
    ok = validate_decks(
        catalog, [deck({"TST.084": 3, "TST.085": 2, "TST.011": 2, "TST.021": 1, "TST.022": 1, "TST.041": 1}, GATE)]
    )
    assert ok.valid, ok.as_dict()
    bad = validate_decks(catalog, [deck({"TST.084": 3, "TST.085": 2, "TST.011": 2, "TST.021": 1, "TST.086": 2}, GATE)])
    assert rules_of(bad) == ["faction-not-allowed"]
    assert "(or towers of any faction)" in bad.violations[0].message


def test_related_hero_of_another_hero_is_refused(catalog):
    refusal = castle_refuses(catalog, catalog.cards[WATCH], catalog.cards["TST.081"])
    assert refusal is not None and refusal.rule == "castle-excludes"  # excluded by name first
    assert castle_refuses(catalog, catalog.cards[WATCH], catalog.cards["TST.080"]) is None


def test_castle_without_deck_size_cannot_check_the_size(tmp_path):
    own = tmp_path / "own.toml"
    own.write_text(MINI.read_text(encoding="utf-8").replace("deck_size = { min = 1 }\n", ""), encoding="utf-8")
    report = validate_decks(load_catalog([own]), [deck({}, "TST.002")])
    assert rules_of(report) == ["missing-data"]
    assert "size (0) cannot be checked" in report.violations[0].message
    # the hint asks for the size the back gives; it states no real back's size
    assert "deck_size = { min = N, max = N }" in report.violations[0].hint
    assert "min = 40" not in report.violations[0].hint and "39 other" not in report.violations[0].hint


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("requires", "Nobody", "refers to a card that is not in the catalog"),
        ("excludes", "Double", "matches several cards"),
    ],
)
def test_castle_names_that_resolve_to_no_card_or_several_are_catalog_problems(tmp_path, key, value, message):
    own = tmp_path / "own.toml"
    text = MINI.read_text(encoding="utf-8").replace(f'{key} = ["', f'{key} = ["{value}", "', 1)
    for code in ("TST.091", "TST.092"):
        text += f'\n[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "Double"\n'
    own.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_catalog([own])
    (problem,) = [p for p in err.value.problems if p.value == value]
    assert message in problem.message
    assert problem.file == own and problem.line and problem.key.endswith(f"{key}[0]") and problem.hint


# -- property: admitted cards within every cap and size are valid; an excluded card is not ----------

WATCH_CAPS = {"mythic": 2, "legendary": 2}


def _admitted_pool(catalog) -> list:
    """Vorhild's Watch's back, read by hand: Liothan cards or Royal Guards, no Rogue, not Sly."""
    pool = []
    for card in catalog.of_kind("alliance"):
        if card.card_rules or catalog.replaced_by(card.key) or card.rarity is None or card.key == "TST.080":
            continue
        if "Rogue" in card.subtypes or card.name == "Sly" or card.hero not in (None, "Vorhild"):
            continue
        if card.faction == "liothan" or "Royal Guard" in card.subtypes:
            pool.append(card)
    return pool


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_property_admitted_deck_is_valid_and_excluded_card_is_not(catalog, data):
    pool = _admitted_pool(catalog)
    order = data.draw(st.permutations(pool))
    cards, size, per_rarity = {"TST.080": 1}, 1, {"legendary": 1}
    for card in order:
        room = min(COPY_LIMITS[card.rarity], 10 - size)
        if card.rarity in WATCH_CAPS:
            room = min(room, WATCH_CAPS[card.rarity] - per_rarity.get(card.rarity, 0))
        take = data.draw(st.integers(0, max(room, 0)))
        if take:
            cards[card.key] = take
            size += take
            per_rarity[card.rarity] = per_rarity.get(card.rarity, 0) + take
    # top up to exactly 10 with whatever room the pool has left, in its order
    for card in order:
        room = min(COPY_LIMITS[card.rarity] - cards.get(card.key, 0), 10 - size)
        if card.rarity in WATCH_CAPS:
            room = min(room, WATCH_CAPS[card.rarity] - per_rarity.get(card.rarity, 0))
        if room > 0:
            cards[card.key] = cards.get(card.key, 0) + room
            size += room
            per_rarity[card.rarity] = per_rarity.get(card.rarity, 0) + room
    assert size == 10, cards
    report = validate_decks(catalog, [deck(cards)])
    assert report.valid, report.as_dict()
    victim = data.draw(st.sampled_from(sorted(k for k in cards if k != "TST.080")))
    swapped = dict(cards)
    swapped[victim] -= 1
    if not swapped[victim]:
        del swapped[victim]
    bad_card = data.draw(st.sampled_from(["TST.081", "TST.082"]))
    swapped[bad_card] = swapped.get(bad_card, 0) + 1
    bad = validate_decks(catalog, [deck(swapped)])
    assert not bad.valid
    assert "castle-excludes" in rules_of(bad)


# -- through the CLI ---------------------------------------------------------------------------------

DECK = 'schema = 1\nname = "No hero"\ncastle = "Vorhild\'s Watch"\n[cards]\n"TST.010" = 3\n"TST.081" = 1\n'


def test_cli_castles_shows_the_back_in_words_and_as_printed(run):
    out = run("--catalog", str(MINI), "castles", "--faction", "Liothan").stdout
    assert "must include Vorhild · cannot include Rogues, Sly · hero Vorhild" in out
    assert "Liothan and Royal Guards of any colour" in out
    assert "“You must have Vorhild and 9 other cards." in out
    data = json.loads(run("--catalog", str(MINI), "castles", "--json").stdout)
    watch = next(c for c in data if c["code"] == WATCH)
    assert watch["requires"] == ["Vorhild"] and watch["excludes_subtypes"] == ["Rogue"]


def test_cli_cards_show_castle_and_related_hero(run):
    out = run("--catalog", str(MINI), "cards", "show", GATE).stdout
    assert "Taulot and towers of any colour" in out
    assert "Base and Rare Towers of any colour" in out
    hero = run("--catalog", str(MINI), "cards", "show", "TST.081").stdout
    assert "hero" in hero and "Sly" in hero


def test_cli_search_for_never_offers_an_excluded_card_and_names_the_hero_first(run, workspace):
    (workspace / "decks" / "w.toml").write_text(DECK, encoding="utf-8")
    data = json.loads(run("--catalog", str(MINI), "cards", "search", "--for", "w", "--json").stdout)
    offered = {c["code"] for c in data["cards"]}
    assert not offered & {"TST.081", "TST.082"}
    assert {"TST.080", "TST.083"} <= offered
    assert data["notes"][0].startswith("castle Vorhild's Watch requires TST.080 Vorhild")
    out = run("--catalog", str(MINI), "cards", "search", "--for", "w").stdout
    assert out.index("requires TST.080") < out.index("TST.083")


def test_cli_validate_json_names_the_new_rules(run, workspace):
    (workspace / "decks" / "w.toml").write_text(DECK, encoding="utf-8")
    result = run("--catalog", str(MINI), "deck", "validate", "w", "--json", expect=1)
    data = json.loads(result.stdout)
    by_rule = {v["rule"]: v for v in data["violations"]}
    assert by_rule["castle-requires"]["fix"] == "add 1 × TST.080 (Vorhild)"
    assert by_rule["castle-excludes"]["cards"] == ["TST.081"]
    assert by_rule["castle-excludes"]["fix"] == "remove 1 × TST.081"


def test_cli_options_read_words_in_any_case(run):
    out = run(
        "--catalog", str(MINI), "cards", "search", "--rarity", "COMMON", "--faction", "Kurumo", "--type", "Tower"
    ).stdout
    assert "Ember Tower" in out and "Ember Spire" not in out


# -- a rarity line that restricts types: "Legendary: any faction, allies only" ------------------------

COURT = """
schema = 1
provenance = "user"

[[cards]]
code = "TST.005"
kind = "castle"
name = "Open Court"
faction = "liothan"
back_text = "An example back, not a real card's: Legendary: any faction, allies only."
deck_size = { min = 1 }
[[cards.deck_rules]]
rarity = "base"
factions = ["liothan"]
[[cards.deck_rules]]
rarity = "Legendary"
any_faction = true
only_types = ["Ally"]

[[cards]]
code = "TST.113"
kind = "alliance"
name = "Blue Decree"
faction = "liothan"
rarity = "legendary"
type = "spell"
"""


@pytest.fixture(scope="module")
def court(tmp_path_factory):
    path = tmp_path_factory.mktemp("court") / "court.toml"
    path.write_text(COURT, encoding="utf-8")
    return load_catalog([MINI, path])


def test_a_line_admits_any_faction_and_restricts_the_types(court):
    cite(
        "000",
        "The back of the castle card indicates, for each rarity, which faction (color) of cards can be "
        "included and any additional rules.",
    )
    castle = court.cards["TST.005"]
    (line,) = [r for r in castle.deck_rules if r.rarity == "legendary"]
    assert line.any_faction and line.only_types == ["ally"]
    # legendary allies of any faction: a taulot one and a liothan one
    ok = validate_decks(court, [deck({"TST.041": 1, "TST.040": 1}, "TST.005")])
    assert ok.valid, ok.as_dict()
    # a legendary spell of the castle's own faction is refused for being a spell, not for its faction
    refusal = castle_refuses(court, castle, court.cards["TST.113"])
    assert refusal is not None and refusal.rule == "faction-not-allowed"
    assert (
        refusal.message == "TST.113 'Blue Decree' is a spell; castle TST.005 'Open Court' allows legendary allies only"
    )
    assert "liothan" not in refusal.message
    bad = validate_decks(court, [deck({"TST.041": 1, "TST.113": 1}, "TST.005")])
    assert rules_of(bad) == ["faction-not-allowed"] and bad.violations[0].fix == "remove 1 × TST.113"


def test_a_line_that_admits_a_type_it_restricts_away_is_a_catalog_problem(tmp_path):
    own = tmp_path / "own.toml"
    own.write_text(COURT.replace('only_types = ["Ally"]', 'only_types = ["Ally"]\ntypes = ["tower"]'), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_catalog([MINI, own])
    assert any("only_types" in p.message for p in err.value.problems)


def test_cli_castles_shows_any_faction_allies_only(run, tmp_path):
    own = tmp_path / "court.toml"
    own.write_text(COURT, encoding="utf-8")
    out = run("--catalog", str(MINI), "--catalog", str(own), "cards", "show", "TST.005").stdout
    assert "any faction, allies only" in out


def test_the_hero_of_the_castle_is_named_plainly(catalog):
    cite("001", "Related Hero (only relevant for custom decks, see Custom Decks)")
    own_hero = catalog.cards["TST.083"].model_copy(update={"hero": "Sly"})
    refusal = castle_refuses(catalog, catalog.cards[WATCH], own_hero)
    assert refusal is not None and refusal.rule == "card-rule"
    assert refusal.message.endswith("; the hero of castle TST.003 'Vorhild's Watch' is Vorhild")
