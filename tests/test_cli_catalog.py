"""Browsing commands, schema output and the catalog cache, through the CLI."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from skyforge.catalog import load_catalog

MINI = Path(__file__).parent / "data" / "mini-catalog.toml"


@pytest.mark.slow
def test_help_lists_every_family_without_importing_them(run):
    import subprocess
    import sys

    result = run("--help")
    for name in ("cards", "castles", "deck", "catalog", "schema", "onward", "arena", "series"):
        assert f"  {name} " in result.stdout
    code = (
        "import sys; from skyforge.cli.main import cli\n"
        "try: cli(['--help'])\nexcept SystemExit: pass\n"
        "heavy = [m for m in ('pydantic.main', 'rich.console', 'pandas', 'filelock', 'tomlkit', 'jinja2', 'textual') if m in sys.modules]\n"
        "print('HEAVY:' + ','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "HEAVY:\n" in out, f"--help imported {out.split('HEAVY:')[-1]}"


def test_cards_search_filters_and_json(run):
    data = json.loads(run("cards", "search", "--faction", "liothan", "--rarity", "mythic", "--json").stdout)
    assert data and all(c["faction"] == "liothan" and c["rarity"] == "mythic" for c in data)
    assert all(c["provenance"] == "demo" for c in data)
    cheap = json.loads(run("cards", "search", "--kind", "alliance", "--cost", "-1", "--json").stdout)
    assert cheap and all(c["cost"] <= 1 for c in cheap)
    human = run("cards", "search", "--faction", "liothan", "--rarity", "mythic").stdout
    assert "demo data" in human and data[0]["code"] in human


def test_cards_search_text_and_bad_cost(run):
    found = json.loads(run("--catalog", str(MINI), "cards", "search", "blue", "--json").stdout)
    assert {c["code"] for c in found} >= {"TST.001", "TST.010"}
    result = run("cards", "search", "--cost", "two", expect=2)
    assert "--cost" in result.stderr and "2-4" in result.stderr


def test_cards_show_by_code_and_name(run):
    card = json.loads(run("--catalog", str(MINI), "cards", "show", "tst.50", "--json").stdout)
    assert card["code"] == "TST.050" and card["replaced_by"] == "TST.100" and card["product"] == "Test box"
    text = run("--catalog", str(MINI), "cards", "show", "Blue Keep").stdout
    assert "Mythic     at most 2 — Liothan" in text and "Legendary  none allowed" in text
    result = run("--catalog", str(MINI), "cards", "show", "Blue Kep", expect=2)
    assert "no card 'Blue Kep'" in result.stderr and "Blue Keep" in result.stderr


def test_official_entries_say_where_they_come_from(run):
    card = json.loads(run("cards", "show", "Pools of Flyema", "--json").stdout)
    assert card["provenance"] == "official" and card["source"].startswith("000")
    text = run("castles").stdout
    assert "Pools of Flyema" in text and "fill in [[cards.deck_rules]]" in text


def test_castles_render_the_card_back(run):
    data = json.loads(run("castles", "--faction", "liothan", "--json").stdout)
    assert data and all(c["faction"] == "liothan" for c in data)
    assert all(c["deck_rules"] for c in data)


def test_catalog_check(run, tmp_path):
    data = json.loads(run("catalog", "check", "--json").stdout)
    assert {"CAM", "MON", "DEMO"} <= set(data["sets"])
    assert data["cards"]["official/castle"] == 2
    assert any("Pools of Flyema" in item for item in data["incomplete"])


@pytest.mark.parametrize("name", ["deck", "collection", "catalog", "campaign", "plan"])
def test_schema(run, name):
    data = json.loads(run("schema", name).stdout)
    assert data["$schema"].startswith("https://json-schema.org/")
    assert "schema" in data["properties"]
    if name == "deck":
        assert set(data["required"]) == {"name", "castle"}


@pytest.mark.parametrize(
    "name,args",
    [
        ("deck-show", ["deck", "show", "demo-blue-wall", "--json"]),
        ("deck-stats", ["deck", "stats", "demo-blue-wall", "--json"]),
        ("deck-draw", ["deck", "draw", "demo-blue-wall", "--mulligan", "--turns", "2", "--seed", "3", "--json"]),
        ("deck-validate", ["deck", "validate", "demo-blue-wall", "--json"]),
        ("catalog-check", ["catalog", "check", "--json"]),
        ("cards-search", ["cards", "search", "--for", "demo-blue-wall", "--with", "demo-green-grove", "--json"]),
    ],
)
def test_the_schema_of_a_commands_json_describes_what_it_prints(run, name, args):
    schema = json.loads(run("schema", name).stdout)
    data = json.loads(run(*args).stdout)
    assert schema["title"] == f"skyforge {name.replace('-', ' ')} --json"
    if name == "cards-search":  # the cards found, or with --for the cards a deck may still take
        schema = schema["$defs"]["CardChoice"] | {"$defs": schema["$defs"]}
    # every key it prints is described; the optional ones (a note, the demo mark) may be left out
    assert set(schema["required"]) <= set(data) <= set(schema["properties"])
    if name == "cards-search":  # each card: the catalog's fields (any), and the copies left
        candidate = schema["$defs"]["Candidate"]
        assert data["cards"] and candidate["additionalProperties"]
        assert all(set(candidate["required"]) <= set(c) for c in data["cards"])
    if name == "deck-draw":
        card = schema["$defs"]["DrawnCard"]["properties"]
        assert all(set(c) == set(card) for c in data["hand"])


def test_the_schema_of_deck_validate_describes_every_violation(run, workspace):
    schema = json.loads(run("schema", "deck-validate").stdout)
    violation = schema["$defs"]["Violation"]
    text = (workspace / "decks" / "demo-blue-wall.toml").read_text(encoding="utf-8")
    (workspace / "decks" / "twin.toml").write_text(text.replace('name = "', 'name = "Twin ', 1), encoding="utf-8")
    data = json.loads(run("deck", "validate", "demo-blue-wall", "twin", "--json", expect=1).stdout)
    assert data["violations"]
    for v in data["violations"]:
        assert set(violation["required"]) <= set(v) <= set(violation["properties"])
        assert None not in (v.get(k, 0) for k in ("fix", "count", "limit", "line", "hint"))


def test_the_schema_of_deck_diff_names_from_and_to(run):
    schema = json.loads(run("schema", "deck-diff").stdout)
    change = schema["$defs"]["CardChange"]["properties"]
    assert set(change) == {"code", "name", "from", "to", "change"}
    data = json.loads(run("deck", "diff", "demo-blue-wall", "demo-green-grove", "--json", expect=1).stdout)
    assert all(set(c) == set(change) for c in data["added"] + data["removed"] + data["changed"])


def test_cache_serves_and_invalidates(tmp_path, monkeypatch):
    monkeypatch.setenv("SKYFORGE_CACHE_DIR", str(tmp_path / "cache"))
    cat = tmp_path / "cat.toml"
    cat.write_text(MINI.read_text())
    first = load_catalog([cat])
    assert list((tmp_path / "cache").glob("catalog-*.json"))
    again = load_catalog([cat])
    assert again.cards.keys() == first.cards.keys() and again.find("Old Banner").code == "TST.100"
    text = cat.read_text().replace('name = "Blue Keep"', 'name = "Blue Citadel"')
    cat.write_text(text)
    os.utime(cat, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert load_catalog([cat]).get("TST.001").name == "Blue Citadel"


def test_cache_can_be_disabled_and_broken_cache_is_a_miss(tmp_path, monkeypatch):
    monkeypatch.setenv("SKYFORGE_CACHE_DIR", "off")
    load_catalog([MINI])
    monkeypatch.setenv("SKYFORGE_CACHE_DIR", str(tmp_path))
    load_catalog([MINI])
    for f in tmp_path.glob("catalog-*.json"):
        f.write_bytes(b"garbage")
    assert load_catalog([MINI]).get("TST.001").name == "Blue Keep"


def test_catalog_check_reports_codes_outside_the_sets_product_ranges(run, tmp_path):
    from .conftest import cite

    cite(
        "000", "All cards from the Campaigns set have a unique code (like CAM.014 2x)", "Campaigns base box: 001 to 184"
    )
    far = tmp_path / "far.toml"
    far.write_text(
        '[[cards]]\ncode = "CAM.350"\nkind = "alliance"\nname = "Too Far"\n\n'
        '[[cards]]\ncode = "CAM.184"\nkind = "alliance"\nname = "Last Of The Box"\n',
        encoding="utf-8",
    )
    result = run("--catalog", "@shipped", "--catalog", str(far), "catalog", "check", expect=2)
    assert "far.toml:1: code: card CAM.350 (Too Far) is outside the product ranges of set CAM" in result.stderr
    assert "Campaigns base box 001–184" in result.stderr and "CAM.184" not in result.stderr
    assert "Traceback" not in result.output
    run("catalog", "check")  # the shipped catalog is within its ranges


# -- catalog files from standard input ---------------------------------------------------------


def test_dash_for_catalog_files(run, workspace: Path):
    text = run("catalog", "init", "-").stdout
    assert "[[" in text and not (workspace / "-").exists()
    csv = "code,kind,name,faction,rarity,type,cost\nDEMO.240,alliance,Tidewatch Novice,liothan,base,ally,1\n"
    out = run("catalog", "import", "-", "--set", "DEMO", "-o", "-", input=csv).stdout
    assert 'code = "DEMO.240"' in out and "Tidewatch Novice" in out


# -- catalog import says where the cards went ------------------------------------------------------

_SHEET = (
    "code,kind,name,faction,rarity,type,cost\n"
    "DEMO.240,alliance,Tidewatch Novice,liothan,base,ally,1\n"
    "DEMO.241,alliance,Tidewatch Adept,liothan,base,ally,2\n"
)


def test_catalog_import_says_when_the_output_is_not_in_the_workspace_catalog(run, workspace):
    (workspace / "skyforge.toml").write_text('schema = 1\ncatalog = ["@demo"]\n', encoding="utf-8")
    (workspace / "cards.csv").write_text(_SHEET, encoding="utf-8")
    err = run("catalog", "import", "cards.csv", "-o", "cards.toml").stderr
    assert "wrote cards.toml: 2 cards from 2 rows" in err
    assert "cards.toml is not in this workspace's catalog (skyforge.toml lists @demo)" in err
    assert "add --record to list it in skyforge.toml, or give --catalog cards.toml" in err
    assert "Tidewatch Novice" not in run("cards", "search", "Tidewatch").stdout  # what the note warns of

    # a re-run that would replace the file names --force, once, instead of a duplicate per row
    again = run("catalog", "import", "cards.csv", "-o", "cards.toml", expect=2).stderr
    assert again.count("error") == 1 and "duplicate" not in again
    assert "cards.toml: a file already exists here" in again and "add --force to overwrite it" in again

    # --record lists it, as catalog init --record does: the next command finds the cards
    err = run("catalog", "import", "cards.csv", "-o", "cards.toml", "--force", "--record").stderr
    assert "recorded cards.toml in" in err and "not in this workspace's catalog" not in err
    assert (workspace / "skyforge.toml").read_text() == 'schema = 1\ncatalog = ["@demo", "cards.toml"]\n'
    assert "Tidewatch Novice" in run("cards", "search", "Tidewatch").stdout
    # listed now: a re-import with --force replaces it quietly, and says nothing of the catalog
    err = run("catalog", "import", "cards.csv", "-o", "cards.toml", "--force").stderr
    assert "wrote cards.toml" in err and "note" not in err and "recorded" not in err


def test_catalog_import_into_a_listed_folder_needs_no_record(run, workspace):
    (workspace / "cards").mkdir()
    (workspace / "cards" / "base.toml").write_text("schema = 1\n", encoding="utf-8")
    (workspace / "skyforge.toml").write_text('schema = 1\ncatalog = ["@demo", "cards"]\n', encoding="utf-8")
    (workspace / "cards.csv").write_text(_SHEET, encoding="utf-8")
    err = run("catalog", "import", "cards.csv", "-o", "cards/mine.toml").stderr
    assert "wrote cards/mine.toml" in err and "not in this workspace's catalog" not in err
