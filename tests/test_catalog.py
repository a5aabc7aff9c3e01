"""Catalog loading: every shipped file, and errors a person can act on."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.codes import normalize_code
from skyforge.errors import InputError

from .conftest import SHIPPED_CATALOG, cite

MINI = Path(__file__).parent / "data" / "mini-catalog.toml"
SHIPPED_FILES = sorted(SHIPPED_CATALOG.rglob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: str(p.relative_to(SHIPPED_CATALOG)))
def test_every_shipped_file_loads_on_its_own_terms(path):
    import tomllib

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data.get("schema") == 1
    assert data.get("provenance") in {"official", "demo"}, "shipped data says where it comes from"


def test_shipped_catalog_merges_without_problems():
    catalog = load_catalog()
    assert {"CAM", "MON"} <= set(catalog.sets)
    assert len(catalog.hordes) >= 12


def test_official_data_is_never_fictional():
    catalog = load_catalog()
    for card in catalog:
        if catalog.provenance(card) == "official":
            assert card.source, f"official entry {card.key} cites no rulebook"
            assert not (card.code or "").startswith("DEMO")
        if (card.code or "").startswith("DEMO"):
            assert catalog.provenance(card) == "demo"


def test_code_ranges_come_from_the_rulebooks():
    cite(
        "000",
        "Campaigns base box: 001 to 184",
        "Nupten Travelers and Faefolk expansion: 185 to 265",
        "Deluxe Promo pack: 266 to 282",
        "Year 3 Promo pack: 283 to 300",
    )
    cite(
        "001",
        "Monoliths base box: 001 to 174",
        "Diviners expansion: 175 to 196",
        "The Brood expansion: 197 to 228",
        "Colossals expansion: 229 to 255",
    )
    catalog = load_catalog()
    assert catalog.product_of("CAM.014") == "Campaigns base box"
    assert catalog.product_of("CAM.270") == "Deluxe Promo pack"
    assert catalog.product_of("MON.200") == "The Brood expansion"


@pytest.mark.parametrize(
    "text, code",
    [
        ("cam.14", "CAM.014"),
        ("CAM.014", "CAM.014"),
        (" mon-7 ", "MON.007"),
        ("DEMO.120", "DEMO.120"),
        ("cam.0014", "CAM.014"),
    ],
)
def test_codes_are_normalised(text, code):
    assert normalize_code(text) == code


@pytest.mark.parametrize("text", ["", "CAM", "014", "CAM.", "C.014", "CAM.1000", "CAM.000", "CAM 01 4"])
def test_non_codes(text):
    assert normalize_code(text) is None


@given(
    st.from_regex(r"[A-Z][A-Z0-9]{1,4}", fullmatch=True),
    st.integers(1, 999),
    st.sampled_from([".", "-", " . "]),
    st.integers(0, 2),
    st.booleans(),
)
def test_normalise_round_trips(set_code, number, sep, pad, lower):
    text = f"{set_code}{sep}{'0' * pad}{number}"
    text = text.lower() if lower else text
    code = normalize_code(text)
    assert code == f"{set_code}.{number:03d}"
    assert normalize_code(code) == code


def write(tmp_path: Path, text: str, name: str = "cat.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


HEAD = 'schema = 1\n[[sets]]\ncode = "TST"\nname = "T"\n'


def problems_of(*paths: Path):
    with pytest.raises(InputError) as err:
        load_catalog(list(paths))
    return err.value.problems


def test_unknown_key_names_file_line_key_and_hint(tmp_path):
    path = write(tmp_path, HEAD + '[[cards]]\ncode = "TST.001"\nkind = "alliance"\nname = "A"\nrarty = "base"\n')
    (problem,) = problems_of(path)
    assert problem.line == 9
    assert problem.key == "cards[0] (TST.001).rarty"
    assert problem.message == "unknown key 'rarty'"
    assert problem.hint == "did you mean 'rarity'?"


def test_bad_choice_gives_did_you_mean(tmp_path):
    path = write(tmp_path, HEAD + '[[cards]]\ncode = "TST.001"\nkind = "alliance"\nname = "A"\nfaction = "liothen"\n')
    (problem,) = problems_of(path)
    assert problem.line == 9 and problem.value == "liothen" and problem.hint == "did you mean 'liothan'?"


def test_every_error_of_a_file_at_once(tmp_path):
    path = write(
        tmp_path,
        HEAD + '[[cards]]\ncode = "TST.001"\nkind = "alliance"\nname = "A"\ncost = "two"\n'
        '[[cards]]\ncode = "nope"\nkind = "alliance"\nname = "B"\n'
        '[[cards]]\ncode = "TST.003"\nkind = "alliance"\n',
    )
    problems = problems_of(path)
    assert [p.line for p in problems] == [9, 11, 14]
    assert "missing" in problems[2].message


@pytest.mark.parametrize("kind", ["{}", "[]", "3", '"castel"'])
def test_a_kind_that_is_not_a_kind_is_named(tmp_path, kind):
    """A card's kind written as a table, a list or a number (found by tools/fuzz.py: a table
    once raised TypeError) is refused with its file, line and key, as a misspelt kind is."""
    path = write(tmp_path, HEAD + f'[[cards]]\ncode = "TST.001"\nkind = {kind}\nname = "A"\n')
    (problem,) = problems_of(path)
    assert problem.file == path and problem.line == 7 and problem.key is not None and "kind" in problem.key


def test_bad_toml_names_the_line(tmp_path):
    path = write(tmp_path, HEAD + '[[cards]]\ncode = "TST.001\n')
    (problem,) = problems_of(path)
    assert problem.line == 6 and "invalid TOML" in problem.message


def test_duplicate_codes_across_files(tmp_path):
    a = write(tmp_path, HEAD + '[[cards]]\ncode = "TST.001"\nkind = "minion"\nname = "A"\n', "a.toml")
    b = write(tmp_path, 'schema = 1\n[[cards]]\ncode = "tst.1"\nkind = "minion"\nname = "B"\n', "b.toml")
    (problem,) = problems_of(a, b)
    assert "duplicate card TST.001" in problem.message and "a.toml line 5" in problem.message
    assert problem.file == b and problem.line == 2


def test_dangling_references(tmp_path):
    path = write(
        tmp_path,
        HEAD + '[[hordes]]\nid = "gloom"\nname = "Gloom"\n'
        '[[cards]]\ncode = "TST.001"\nkind = "horde"\nname = "H"\nhorde = "glom"\n'
        '[[cards]]\ncode = "XYZ.001"\nkind = "minion"\nname = "M"\n',
    )
    problems = problems_of(path)
    assert problems[0].key == "cards[0].horde" and problems[0].hint == "did you mean 'gloom'?"
    assert problems[0].line == 12
    assert "set XYZ" in problems[1].message


def test_newer_schema_is_refused(tmp_path):
    (problem,) = problems_of(write(tmp_path, "schema = 9\n"))
    assert "schema 9" in problem.message and "upgrade" in problem.hint


def test_names_resolve_when_unique():
    catalog = load_catalog([MINI])
    assert catalog.get("blue keep").code == "TST.001"
    assert catalog.get("tst.1").name == "Blue Keep"
    with pytest.raises(InputError) as err:
        catalog.get("Blue Kep")
    assert "Blue Keep" in err.value.problems[0].hint


def test_errata_must_replace_a_known_card(tmp_path):
    path = write(
        tmp_path, HEAD + '[[cards]]\ncode = "TST.002"\nkind = "alliance"\nname = "New"\nreplaces = "TST.009"\n'
    )
    (problem,) = problems_of(path)
    assert problem.key == "cards[0].replaces" and problem.value == "TST.009" and problem.line == 9


def test_errata_replace_cards_of_previous_sets_only(tmp_path):
    cite(
        "000",
        "3 Errata Cards — These completely replace cards from previous sets.",
        "first set, Monoliths, and Campaigns",
    )
    card = '[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "{name}"\n'
    older = card.format(code="MON.010", name="Old Guard") + card.format(code="CAM.010", name="Old Guard (errata)")
    path = write(tmp_path, "schema = 1\n" + older + 'replaces = "MON.010"\n')
    assert load_catalog([path]).with_errata(load_catalog([path]).get("MON.010")).key == "CAM.010"
    later = card.format(code="CAM.011", name="New Guard") + card.format(code="MON.011", name="New Guard (errata)")
    path = write(tmp_path, "schema = 1\n" + later + 'replaces = "CAM.011"\n', "later.toml")
    (problem,) = problems_of(path)
    assert problem.key == "cards[1].replaces" and problem.value == "CAM.011"
    assert "MON.011 of set MON replaces CAM.011 of set CAM, a later set" in problem.message


def test_a_set_defined_twice_says_where(tmp_path):
    a = write(tmp_path, HEAD, "a.toml")
    b = write(tmp_path, HEAD, "b.toml")
    (problem,) = problems_of(a, b)
    assert problem.file == b and str(a) in problem.message and "drop this [[sets]]" in problem.hint


def test_inferences_in_the_official_catalog_are_marked():
    """catalog/official holds only what the rulebooks state; what skyforge reads
    into them names the field in `inferred`, with why, and nothing says "inferred" in `source`."""
    import tomllib

    from .conftest import SHIPPED_CATALOG, cite

    cite("000", "For your first game, use the blue and/or green decks from the Campaigns set")

    def entries(file: str, table: str) -> list[dict]:
        return tomllib.loads((SHIPPED_CATALOG / "official" / file).read_text(encoding="utf-8"))[table]

    cards = entries("cards.toml", "cards")
    wind = next(c for c in cards if c["name"] == "Wind Riders")
    assert wind["kind"] == "alliance" and wind["inferred"]["kind"]
    cam = next(g for g in entries("setup.toml", "first_games") if g["id"] == "CAM")
    assert cam["decks"] and cam["inferred"]["decks"]
    for deck in entries("premade.toml", "premade_decks"):
        if deck["id"] in cam["decks"]:
            assert deck["inferred"]["set"]
    for file in (SHIPPED_CATALOG / "official").glob("*.toml"):
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        for table in data.values():
            for entry in table if isinstance(table, list) else []:
                assert "inferred" not in (entry.get("source") or ""), (file.name, entry.get("name"))


# -- the two official entries that are inferences ----------------------------------------------


def test_benidias_class_is_marked_as_an_inference_wherever_it_is_shown(run):
    # 003 names classes only as colours and says of Benidia only that she has an enchanter Skill
    cite(
        "003",
        "The colour of a hero card determines that card's class",
        "Next they use the enchanter Skill of Benidia to give +1 power to Yaesia",
    )
    out = run("arena", "heroes").stdout
    assert re.search(r"Benidia +— +enchanter \(inferred\)", out)
    assert "inferred, not stated by the rulebooks — Benidia's class: 003 gives no hero's class" in out
    benidia = next(h for h in json.loads(run("arena", "heroes", "--json").stdout) if h["name"] == "Benidia")
    assert benidia["class"] == "enchanter" and "enchanter Skill of Benidia" in benidia["inferred"]["class"]
    assert all(not h["inferred"] for h in json.loads(run("arena", "heroes", "--json").stdout) if h["name"] != "Benidia")
    shown = run("cards", "show", "Benidia").stdout
    assert "hero_class    enchanter (inferred)" in shown and "inferred      hero_class: 003 gives no" in shown
    assert json.loads(run("cards", "show", "Benidia", "--json").stdout)["inferred"]["hero_class"]


def test_the_campaigns_first_games_suggested_decks_are_marked_as_an_inference(run):
    # 000 names a colour and a set, not a deck; 001 does the same, but lists its Monoliths decks
    cite("000", "(For your first game, use the blue and/or green decks from the Campaigns set).")
    cite("001", "(For your first game, use the blue and/or green decks from the Monoliths set).", "From Monoliths:")
    cite("001", "- Liothan Enforcers", "- Taulot Custodians", "Liothan (blue), Taulot (green)")
    out = run("game", "setup", "--first-game", "CAM", "--seed", "1").stdout
    assert "suggested decks: Liothan Zealots, Taulot Dwellers (inferred)" in out
    assert "note: inferred, not stated by the rulebooks — suggested decks: 000 says" in out
    data = json.loads(run("game", "setup", "--first-game", "CAM", "--seed", "1", "--json").stdout)
    assert data["alliance_decks"] == ["Liothan Zealots", "Taulot Dwellers"] and data["inferred"]["alliance_decks"]
    mon = json.loads(run("game", "setup", "--first-game", "MON", "--seed", "1", "--json").stdout)
    assert mon["alliance_decks"] == ["Liothan Enforcers", "Taulot Custodians"]
    assert "alliance_decks" not in mon["inferred"]


def test_a_players_card_takes_the_place_of_an_inference(run, workspace: Path):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "arena-hero"\nname = "Benidia"\nhero_class = "violet"\n', encoding="utf-8"
    )
    heroes = json.loads(run("--catalog", "mine.toml", "arena", "heroes", "--json").stdout)
    benidia = next(h for h in heroes if h["name"] == "Benidia")
    assert benidia["class"] == "violet" and benidia["inferred"] == {} and benidia["provenance"] == "official"
    assert "(inferred)" not in run("--catalog", "mine.toml", "cards", "show", "Benidia").stdout


def test_inferred_names_a_field_of_the_entry(run, workspace: Path):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "arena-hero"\nname = "Zed"\nhero_class = "violet"\n'
        'inferred = { hero_clas = "a guess" }\n',
        encoding="utf-8",
    )
    err = run("--catalog", "mine.toml", "arena", "heroes", expect=2).stderr
    assert "mine.toml" in err and "inferred names 'hero_clas'" in err and "hero_class" in err
    assert "Traceback" not in err


# -- catalog checks: errata cycles, deck sizes, strict numbers -------------------------------------


def _catalog(tmp_path: Path, edit) -> Path:
    path = tmp_path / "cat.toml"
    path.write_text(edit(MINI.read_text()))
    return path


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_a_card_that_replaces_itself(run, tmp_path):
    cat = _catalog(tmp_path, lambda t: t.replace('code = "TST.010"\n', 'code = "TST.010"\nreplaces = "TST.010"\n', 1))
    err = run("--catalog", str(cat), "catalog", "check", expect=2).stderr
    line = _line_of(cat, 'replaces = "TST.010"')
    assert f"cat.toml:{line}: cards[" in err and "a card cannot replace itself" in err


def test_two_cards_replacing_each_other(run, tmp_path):
    cat = _catalog(
        tmp_path,
        lambda t: t.replace('code = "TST.010"\n', 'code = "TST.010"\nreplaces = "TST.011"\n', 1).replace(
            'code = "TST.011"\n', 'code = "TST.011"\nreplaces = "TST.010"\n', 1
        ),
    )
    err = run("--catalog", str(cat), "catalog", "check", expect=2).stderr
    assert "replacement cycle: TST.010 → TST.011 → TST.010" in err
    line = _line_of(cat, 'replaces = "TST.011"')
    assert f"cat.toml:{line}:" in err


def test_deck_size_min_above_max(run, tmp_path):
    cat = _catalog(
        tmp_path, lambda t: t.replace("deck_size = { min = 10, max = 10 }", "deck_size = { min = 12, max = 10 }")
    )
    err = run("--catalog", str(cat), "catalog", "check", expect=2).stderr
    assert f"cat.toml:{_line_of(cat, 'deck_size')}:" in err and "max (10) is below min (12)" in err


def test_catalog_numbers_are_strict(run, tmp_path):
    cat = _catalog(
        tmp_path, lambda t: t.replace("deck_size = { min = 10, max = 10 }", 'deck_size = { min = "10", max = 10.0 }')
    )
    err = run("--catalog", str(cat), "catalog", "check", expect=2).stderr
    assert "deck_size.min: must be a whole number (got '10')" in err
    assert "deck_size.max: must be a whole number (got 10.0)" in err
