"""Castle backs as players own them: required heroes, excluded cards and subtypes, types of any
colour, words in any case — through the library and through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.backs import absent_back_names, back_names, named_cards
from skyforge.catalog.constants import COPY_LIMITS
from skyforge.decks import Deck
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError
from skyforge.rules import castle_back_summary, castle_refuses, validate_decks

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
    assert report.valid, report.dump()


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
    assert ok.valid, ok.dump()
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


# -- a back naming cards the catalog lacks ----------------------------------------------------------

FROSTGATE = Path(__file__).parent / "data" / "frostgate-cards.toml"
KEEP = "TST.201"  # "You must have Corjan the Bold and 39 other cards. You cannot include any ROGUE, nor Hakka."
FROST = {f"TST.{n}": 3 for n in range(210, 223)}  # 13 base cards, 3 copies each: 39


def frost(cards: dict[str, int] | None = None, **swap: int) -> Deck:
    """A Frostgate Keep deck: Corjan and the 39 base cards, or ``cards``; ``swap`` changes counts
    (``TST_222=2``)."""
    held = dict(cards if cards is not None else {"TST.202": 1, **FROST})
    for ref, n in swap.items():
        held[ref.replace("_", ".")] = n
    return deck({k: n for k, n in held.items() if n}, KEEP)


def _with_card(tmp_path: Path, code: str, name: str, file: str = "more.toml") -> Path:
    path = tmp_path / file
    text = path.read_text(encoding="utf-8") if path.exists() else "schema = 1\n"
    text += f'\n[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "{name}"\nfaction = "liothan"\n'
    text += 'rarity = "base"\ntype = "ally"\ncost = 1\n'
    path.write_text(text, encoding="utf-8")
    return path


def _frostgate(tmp_path: Path, **replace: str) -> Path:
    """Ann's cards with some text replaced: ``**{"old": "new"}``."""
    text = FROSTGATE.read_text(encoding="utf-8")
    for old, new in replace.items():
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / "frostgate.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_back_naming_a_card_the_catalog_lacks_loads_and_is_noted():
    cite(
        "000",
        "You can include cards from any set when building custom decks, regardless of the set icon on the castle card.",
    )
    catalog = load_catalog([FROSTGATE])
    assert catalog.cards[KEEP].excludes == ["Hakka"]
    (absent,) = absent_back_names(catalog)
    assert (absent.field, absent.ref, absent.cards) == ("excludes", "Hakka", ())
    assert absent.note == "Frostgate Keep's back names Hakka, who is not in your catalog"
    report = validate_decks(catalog, [frost()])
    assert report.valid, report.dump()
    assert castle_back_summary(catalog, catalog.cards[KEEP]) == (
        "must include Corjan the Bold · cannot include Rogues, Hakka (not in the catalog)"
    )


@pytest.mark.parametrize("name", ["Hakka", "hakka", "HAKKA", "hAkKa"])
def test_a_card_named_as_the_back_prints_it_is_excluded_whatever_its_code(tmp_path, name):
    cite(
        "000",
        "The back of the castle card indicates, for each rarity, which faction (color) of cards can be "
        "included and any additional rules.",
    )
    catalog = load_catalog([FROSTGATE, _with_card(tmp_path, "TST.250", name)])
    assert absent_back_names(catalog) == []
    report = validate_decks(catalog, [frost(TST_222=2, TST_250=1)])
    assert rules_of(report) == ["castle-excludes"]
    (v,) = report.violations
    assert v.cards == ("TST.250",) and v.fix == "remove 1 × TST.250"
    assert v.message == f"castle TST.201 'Frostgate Keep' cannot include TST.250 '{name}'"


@pytest.mark.parametrize("written", ["Hakka", "hakka", "TST.250", "tst.250", "TST-250", "tst 0250"])
def test_the_back_matches_by_code_or_name_as_when_the_card_is_present(tmp_path, written):
    """However the back writes the card, the catalog loads without it, and once it holds the card
    the verdict is the same."""
    own = _frostgate(tmp_path, **{'excludes = ["Hakka"]': f'excludes = ["{written}"]'})
    (absent,) = absent_back_names(load_catalog([own]))
    word = "which" if written[:3].casefold() == "tst" else "who"
    assert absent.note == f"Frostgate Keep's back names {written}, {word} is not in your catalog"
    catalog = load_catalog([own, _with_card(tmp_path, "TST.250", "Hakka")])
    assert absent_back_names(catalog) == []
    assert [c.key for c in named_cards(catalog, written)] == ["TST.250"]
    report = validate_decks(catalog, [frost(TST_222=2, TST_250=1)])
    assert [(v.rule, v.cards) for v in report.violations] == [("castle-excludes", ("TST.250",))]


def test_a_name_several_cards_share_names_each_of_them(tmp_path):
    """A printed name two cards share (a reprint under another code) is no load error: each is excluded."""
    more = _with_card(tmp_path, "TST.250", "Hakka")
    more = _with_card(tmp_path, "TST.251", "HAKKA")
    catalog = load_catalog([FROSTGATE, more])
    assert [c.key for c in named_cards(catalog, "Hakka")] == ["TST.250", "TST.251"]
    report = validate_decks(catalog, [frost(TST_222=1, TST_250=1, TST_251=1)])
    assert [(v.rule, v.cards) for v in report.violations] == [
        ("castle-excludes", ("TST.250",)),
        ("castle-excludes", ("TST.251",)),
    ]


def test_a_required_hero_the_catalog_lacks_is_still_required(tmp_path):
    cite("001", "which faction (color) of cards can be included and any limits")
    own = _frostgate(tmp_path, **{'name = "Corjan the Bold"': 'name = "Corjan the Younger"'})
    catalog = load_catalog([own])
    assert [(e.field, e.ref) for e in absent_back_names(catalog)] == [
        ("requires", "Corjan the Bold"),
        ("excludes", "Hakka"),
    ]
    report = validate_decks(catalog, [frost(TST_202=0)])
    assert rules_of(report) == ["castle-requires", "deck-size"]
    v = report.violations[0]
    assert v.cards == ("Corjan the Bold",)
    assert v.message == (
        "castle TST.201 'Frostgate Keep' requires Corjan the Bold in the deck (it counts toward the deck size); "
        "Corjan the Bold is not in your catalog"
    )
    assert v.fix == "add 1 × Corjan the Bold" and "catalog add" in v.hint
    # a card printed with that name, under any code and in any case, is the hero the back names
    catalog = load_catalog([own, _with_card(tmp_path, "TST.260", "CORJAN THE BOLD")])
    assert castle_refuses(catalog, catalog.cards[KEEP], catalog.cards["TST.260"]) is None
    assert validate_decks(catalog, [frost(TST_202=0, TST_260=1)]).valid


def test_errata_of_a_card_the_back_names_are_named_too(tmp_path):
    cite("000", "Errata Cards — These completely replace cards from previous sets.")
    more = _with_card(tmp_path, "TST.250", "Hakka")
    (more.open("a", encoding="utf-8")).write(
        '\n[[cards]]\ncode = "TST.251"\nkind = "alliance"\nname = "Hakka, Corrected"\nfaction = "liothan"\n'
        'rarity = "base"\ntype = "ally"\nreplaces = "TST.250"\n'
    )
    own = _frostgate(tmp_path, **{'excludes = ["Hakka"]': 'excludes = ["TST.250"]'})
    catalog = load_catalog([own, more])
    assert [c.key for c in named_cards(catalog, "TST.250")] == ["TST.251"]
    for held in ("TST.250", "TST.251"):  # the old card is played as its erratum
        report = validate_decks(catalog, [frost(TST_222=2, **{held.replace(".", "_"): 1})])
        assert [(v.rule, v.cards) for v in report.violations] == [("castle-excludes", ("TST.251",))]


@pytest.fixture(scope="module")
def frost_catalog(tmp_path_factory):
    """Ann's cards with Hakka twice (two codes), an erratum, and a card named as a code would be."""
    folder = tmp_path_factory.mktemp("frost")
    for code, name in [("TST.250", "Hakka"), ("TST.251", "hakka"), ("TST.252", "Old Pike"), ("TST.254", "TST.210")]:
        more = _with_card(folder, code, name)
    more.open("a", encoding="utf-8").write(
        '\n[[cards]]\ncode = "TST.253"\nkind = "alliance"\nname = "Old Pike"\nfaction = "liothan"\n'
        'rarity = "base"\ntype = "ally"\nreplaces = "TST.252"\n'
    )
    return load_catalog([FROSTGATE, more])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    ref=st.sampled_from(["Hakka", "Corjan the Bold", "Sly Knife", "Frost Pike", "TST.210", "Old Pike", "TST.252", "x"]),
    spelling=st.sampled_from([str, str.upper, str.lower, str.swapcase, lambda s: f"  {s} "]),
)
def test_property_the_index_finds_exactly_the_cards_the_back_names(frost_catalog, ref, spelling):
    """``named_cards`` (through the catalog's index) and ``back_names`` (the one decision, card by
    card) never disagree, whatever the spelling."""
    catalog, written = frost_catalog, spelling(ref)
    played = {catalog.with_errata(c).key: catalog.with_errata(c) for c in catalog.of_kind("alliance")}
    scanned = {key for key, card in played.items() if back_names(catalog, [written], card) is not None}
    assert {c.key for c in named_cards(catalog, written)} == scanned
    assert scanned or ref == "x"


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
    assert report.valid, report.dump()
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
    assert ok.valid, ok.dump()
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


# -- a back naming cards the catalog lacks, through the CLI --------------------------------------------


def test_cli_catalog_check_notes_a_name_the_catalog_lacks(run):
    out = run("--catalog", str(FROSTGATE), "catalog", "check").stdout
    assert "note  Frostgate Keep's back names Hakka, who is not in your catalog: kept as printed" in out
    data = json.loads(run("--catalog", str(FROSTGATE), "catalog", "check", "--json").stdout)
    assert data["absent_back_names"] == [
        {
            "castle": KEEP,
            "castle_name": "Frostgate Keep",
            "field": "excludes",
            "name": "Hakka",
            "cards": [],
            "note": "Frostgate Keep's back names Hakka, who is not in your catalog",
        }
    ]
    shown = run("--catalog", str(FROSTGATE), "castles").stdout
    assert "cannot include Rogues, Hakka (not in the catalog)" in shown


def test_cli_validate_and_search_for_match_a_printed_name(run, workspace, tmp_path):
    own = _frostgate(tmp_path, **{'name = "Corjan the Bold"': 'name = "Corjan the Younger"'})
    hakka = _with_card(tmp_path, "TST.250", "hakka")
    (workspace / "decks" / "f.toml").write_text(
        'name = "F"\ncastle = "Frostgate Keep"\n[cards]\n"TST.210" = 3\n"TST.250" = 1\n', encoding="utf-8"
    )
    data = json.loads(
        run("--catalog", str(own), "--catalog", str(hakka), "deck", "validate", "f", "--json", expect=1).stdout
    )
    by_rule = {v["rule"]: v for v in data["violations"]}
    assert by_rule["castle-requires"]["cards"] == ["Corjan the Bold"]
    assert by_rule["castle-excludes"]["cards"] == ["TST.250"]
    found = json.loads(
        run("--catalog", str(own), "--catalog", str(hakka), "cards", "search", "--for", "f", "--json").stdout
    )
    assert "TST.250" not in {c["code"] for c in found["cards"]}
    assert found["notes"][0] == (
        "castle Frostgate Keep requires Corjan the Bold, who is not in your catalog: add the card to it, "
        "then take it first (it counts toward the deck size)"
    )


CASTLE_ANSWERS = ("kind=castle", "code=TST.201", "name=Frostgate Keep", "faction=liothan")


def test_cli_catalog_add_takes_a_back_naming_cards_the_catalog_lacks(run, workspace):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[sets]]\ncode = "TST"\nname = "Test box (fictional)"\n', encoding="utf-8"
    )
    args = [a for answer in CASTLE_ANSWERS for a in ("--set", answer)]
    args += ["--set", "requires=Corjan the Bold", "--set", "excludes=Hakka; vorhild"]
    out = run("--catalog", "mine.toml", "catalog", "add", "mine.toml", *args).stdout
    assert "note: Frostgate Keep's back names Corjan the Bold, who is not in your catalog: kept as printed" in out
    assert "names Hakka, who is not" in out and "vorhild" not in out.split("added TST.201")[-1]  # official
    keep = load_catalog([workspace / "mine.toml"]).cards[KEEP]
    assert (keep.requires, keep.excludes) == (["Corjan the Bold"], ["Hakka", "vorhild"])
    other = [a.replace("TST.201", "TST.205").replace("Keep", "Gate") for a in args]
    data = json.loads(run("--catalog", "mine.toml", "catalog", "add", "mine.toml", "--json", *other).stdout)
    assert data["notes"] == [
        "Frostgate Gate's back names Corjan the Bold, who is not in your catalog",
        "Frostgate Gate's back names Hakka, who is not in your catalog",
    ]


def test_cli_guided_catalog_add_says_a_name_is_kept_as_printed(run, workspace):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[sets]]\ncode = "TST"\nname = "Test box (fictional)"\n', encoding="utf-8"
    )
    args = [a for answer in CASTLE_ANSWERS for a in ("--set", answer)]
    answers = {"requires": "Corjan the Bold", "excludes": "Hakka"}
    from skyforge.catalog.entry import questions

    asked = [q.key for q in questions(load_catalog([workspace / "mine.toml"]), "castle")]
    lines = [answers.get(key, "") for key in asked if key not in ("code", "name", "faction")] + ["y"]
    result = run("--catalog", "mine.toml", "catalog", "add", "mine.toml", "--ask", *args, input="\n".join(lines) + "\n")
    assert "Corjan the Bold is not in your catalog: kept as printed" in result.stderr
    assert "Hakka is not in your catalog: kept as printed" in result.stderr
    assert load_catalog([workspace / "mine.toml"]).cards[KEEP].excludes == ["Hakka"]


@pytest.mark.slow
def test_cli_the_assistant_says_a_required_hero_is_not_in_the_catalog(run, workspace, tmp_path):
    pytest.importorskip("ortools")
    own = _frostgate(tmp_path, **{'name = "Corjan the Bold"': 'name = "Corjan the Younger"'})
    (workspace / "decks" / "f.toml").write_text('name = "F"\ncastle = "Frostgate Keep"\n[cards]\n"TST.210" = 3\n')
    out = run("--catalog", str(own), "deck", "complete", "f", expect=1).stdout
    assert "castle TST.201 'Frostgate Keep' requires Corjan the Bold, who is not in your catalog" in out
    hakka = _with_card(tmp_path, "TST.260", "Corjan THE BOLD")
    data = json.loads(run("--catalog", str(own), "--catalog", str(hakka), "deck", "complete", "f", "--json").stdout)
    assert data["possible"] and data["decks"][0]["cards"].get("TST.260", 0) >= 1, data


def test_a_long_back_is_indexed_once_not_read_for_every_card(catalog, monkeypatch):
    """A back of many entries tested against every card of a large catalog (9,498 cards once took
    `cards search --for` 7-10 s): each entry is read once, each card is one look-up; the entry
    found is the first that names the card, as before."""
    from skyforge.catalog import backs

    calls = []
    real = backs.normalize_code
    monkeypatch.setattr(backs, "normalize_code", lambda ref: calls.append(ref) or real(ref))
    cards = list(catalog.of_kind("alliance"))
    refs = [f"Nobody {i}" for i in range(2_000)] + [cards[0].name.upper(), cards[0].code or cards[0].key]
    found = [back_names(catalog, refs, card) for card in cards]
    assert found[0] == cards[0].name.upper()  # the first entry that names it
    assert found[1:] == [None] * (len(cards) - 1) or cards[1].name.casefold() == cards[0].name.casefold()
    assert len(calls) <= len(refs)  # read once, not once a card
