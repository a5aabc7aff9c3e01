"""``skyforge deck validate`` through the CLI: exit codes, JSON contract, golden messages."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.conftest import SHIPPED_CATALOG

GOLDEN = Path(__file__).parent / "golden"
MINI = Path(__file__).parent / "data" / "mini-catalog.toml"
CASES = sorted((GOLDEN / "decks").glob("*.toml"))


@pytest.mark.parametrize("deck", CASES, ids=lambda p: p.stem)
def test_golden_messages(run, deck, monkeypatch):
    """Each deck in tests/golden/decks has its exact output beside it (.expected.txt).

    Regenerate with SKYFORGE_UPDATE_GOLDEN=1 after a deliberate change of wording.
    """
    monkeypatch.chdir(GOLDEN)
    result = run("--catalog", str(MINI), "deck", "validate", f"decks/{deck.name}", expect=None)
    got = f"exit {result.exit_code}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    expected = deck.with_suffix(".expected.txt")
    if os.environ.get("SKYFORGE_UPDATE_GOLDEN"):
        expected.write_text(got, encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8")
    assert "Traceback" not in got


def test_json_contract(run, monkeypatch):
    monkeypatch.chdir(GOLDEN)
    result = run(
        "--catalog", str(MINI), "deck", "validate", "decks/many-problems.toml", "decks/valid.toml", "--json", expect=1
    )
    data = json.loads(result.stdout)
    assert data["valid"] is False
    assert [d["file"] for d in data["decks"]] == ["decks/many-problems.toml", "decks/valid.toml"]
    assert set(data["decks"][0]) >= {"file", "name", "castle", "size", "valid"}
    assert data["decks"][0]["castle"] == "TST.001" and data["decks"][0]["size"] == 12
    for v in data["violations"]:
        assert set(v) >= {"rule", "deck", "cards", "message"}
    rules = {v["rule"] for v in data["violations"]}
    assert {
        "copy-limit",
        "faction-not-allowed",
        "rarity-not-allowed",
        "rarity-limit",
        "unknown-card",
        "deck-size",
    } <= rules
    # The two decks are checked together: TST.030 (mythic) is in both
    shared = [v for v in data["violations"] if v["rule"] == "copy-limit" and v["cards"] == ["TST.030"]]
    assert shared and shared[0]["decks"] == ["decks/many-problems.toml", "decks/valid.toml"]


def test_valid_deck_exit_zero_and_name_lookup(run, workspace):
    deck = (GOLDEN / "decks" / "valid.toml").read_text()
    (workspace / "decks" / "mine.toml").write_text(deck)
    result = run("--catalog", str(MINI), "deck", "validate", "mine")
    assert "✓ valid" in result.stdout and "Blue Ten (Alice)" in result.stdout
    data = json.loads(run("--catalog", str(MINI), "deck", "validate", "mine", "--json").stdout)
    assert data == {
        "valid": True,
        "one_game": True,
        "decks": [
            {
                "file": "decks/mine.toml",
                "name": "Blue Ten",
                "castle": "TST.001",
                "size": 10,
                "valid": True,
                "player": "Alice",
                "notes": data["decks"][0]["notes"],
            }
        ],
        "violations": [],
    }


def test_missing_deck_is_bad_input_with_hint(run, workspace):
    (workspace / "decks" / "blue-wall.toml").write_text((GOLDEN / "decks" / "valid.toml").read_text())
    result = run("--catalog", str(MINI), "deck", "validate", "blue-wal", expect=2)
    assert "no deck 'blue-wal'" in result.stderr and "did you mean 'blue-wall'?" in result.stderr
    result = run("--catalog", str(MINI), "deck", "validate", "nowhere/x.toml", expect=2)
    assert "nowhere/x.toml: file not found" in result.stderr


def test_collection_option(run, monkeypatch, tmp_path):
    monkeypatch.chdir(GOLDEN)
    owned = tmp_path / "owned.toml"
    owned.write_text('schema = 1\n[products]\n"TST" = 1\n')
    result = run(
        "--catalog", str(MINI), "deck", "validate", "decks/valid.toml", "--collection", str(owned), "--json", expect=1
    )
    data = json.loads(result.stdout)
    # the box holds 2 × TST.011; the errata TST.100 is a promo, but the box holds TST.050, the card it
    # replaces, and owning the original printing owns its erratum
    assert {v["cards"][0] for v in data["violations"] if v["rule"] == "collection-limit"} == {"TST.011"}
    owned.write_text('schema = 1\n[products]\n"TST" = 1\n[cards]\n"TST.011" = 1\n"TST.100" = 1\n')
    run("--catalog", str(MINI), "deck", "validate", "decks/valid.toml", "--collection", str(owned))
    owned.write_text('schema = 1\n[produkts]\n"TST" = 1\n')
    result = run("--catalog", str(MINI), "deck", "validate", "decks/valid.toml", "--collection", str(owned), expect=2)
    assert "unknown key 'produkts'" in result.stderr and "did you mean 'products'?" in result.stderr


def test_bad_catalog_is_bad_input(run, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('schema = 1\n[[cards]]\ncode = "X.1"\nkind = "alliance"\nname = "A"\n')
    result = run("--catalog", str(bad), "cards", "search", expect=2)
    assert f"{bad}:3: cards[0] (X.1).code: not a card code" in result.stderr
    assert "Traceback" not in result.stderr


def test_catalog_env_variable(run, tmp_path):
    result = run("cards", "search", "--json", env={"SKYFORGE_CATALOG": str(MINI)})
    assert {c["code"] for c in json.loads(result.stdout)} >= {"TST.001", "TST.010"}


def test_same_deck_twice_is_bad_input(run):
    result = run("deck", "validate", "demo-blue-wall", "decks/demo-blue-wall.toml", expect=2)
    assert "the same deck is given twice" in result.stderr


def test_collection_problems_name_file_line_and_hint(run, workspace):
    (workspace / "c.toml").write_text('schema = 1\n[products]\n"DEMO:Demo bse box" = 1\n[cards]\n"DEMO.9999" = 1\n')
    result = run("deck", "validate", "demo-blue-wall", "--collection", "c.toml", expect=2)
    assert 'c.toml:3: products."DEMO:Demo bse box"' in result.stderr
    assert "did you mean 'DEMO:Demo base box'?" in result.stderr
    assert "c.toml:5" in result.stderr


def test_errors_as_json_with_json_flag(run):
    result = run("deck", "validate", "nope", "--json", expect=2)
    data = json.loads(result.stdout)
    assert data["error"]["exit_code"] == 2 and "no deck 'nope'" in data["error"]["problems"][0]["message"]


@pytest.mark.parametrize("deck", sorted((Path(__file__).parent.parent / "decks").glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_example_deck_is_valid(run, deck):
    data = json.loads(run("deck", "validate", str(deck), "--collection", "collection.toml", "--json").stdout)
    assert data["valid"] and data["demo_data"]


@pytest.mark.slow
def test_deck_validate_loads_no_workbench_module(workspace):
    """The workbench's commands are imported on first use: `deck validate` (the command a player
    runs most, timed by benchmarks/bench_ratios.py) loads none of them, nor tomlkit."""
    import subprocess
    import sys

    code = (
        "import sys; from skyforge.cli.main import cli\n"
        "try: cli(['deck', 'validate', 'decks/demo-blue-wall.toml'])\nexcept SystemExit: pass\n"
        "extra = [m for m in sys.modules if m.startswith(('skyforge.workbench', 'skyforge.cli.deck_', 'tomlkit'))]\n"
        "print('EXTRA:' + ','.join(sorted(extra)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=workspace).stdout
    assert "EXTRA:\n" in out, f"deck validate imported {out.split('EXTRA:')[-1]}"
    assert "✓ valid" in out


# -- deck validate --all, deck draw ------------------------------------------------------------


def test_validate_all_reports_every_deck_of_the_workspace_and_fails_on_one_invalid(run, workspace: Path):
    out = run("deck", "validate", "--all", "--json").stdout
    assert {d["file"] for d in json.loads(out)["decks"]} == {
        "decks/demo-blue-wall.toml",
        "decks/demo-green-grove.toml",
        "decks/demo-red-rush.toml",
    }
    # each checked on its own: two decks with the same castle are no "same castle" problem
    (workspace / "decks" / "twin.toml").write_text((workspace / "decks" / "demo-blue-wall.toml").read_text())
    assert json.loads(run("deck", "validate", "--all", "--json").stdout)["valid"]
    (workspace / "decks" / "short.toml").write_text(
        'schema = 1\nname = "Short"\ncastle = "DEMO.001"\n[cards]\n"DEMO.008" = 2\n'
    )
    result = run("deck", "validate", "--all", expect=1)
    assert "✗ invalid  decks/short.toml" in result.stdout
    assert "✓ valid  decks/demo-red-rush.toml" in result.stdout
    run("deck", "validate", expect=2)
    run("deck", "validate", "--all", "demo-red-rush", expect=2)


OFFICIAL = str(SHIPPED_CATALOG / "official")


# -- names and standard input ----------------------------------------------------------


def test_official_castle_without_code_is_named_once(run, workspace: Path):
    (workspace / "decks" / "p.toml").write_text('schema = 1\nname = "P"\ncastle = "Pools of Flyema"\n[cards]\n')
    out = run("--catalog", OFFICIAL, "deck", "list").stdout
    assert "Pools of Flyema" in out and "Pools of Flyema Pools of Flyema" not in out
    out = run("--catalog", OFFICIAL, "deck", "show", "p").stdout
    assert "castle Pools of Flyema ·" in out and "castle:pools-of-flyema" not in out


def test_dash_is_standard_input_and_output(run, workspace: Path):
    deck_text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    out = run("deck", "export", "demo-red-rush", "--format", "code", "-o", "-").stdout
    assert out.startswith("SF1.")
    toml_out = run("deck", "import", "-", "-o", "-", input=out).stdout
    assert toml_out.startswith("schema = 1") and 'castle = "DEMO.006"' in toml_out
    assert "✓ valid" in run("deck", "validate", "-", input=deck_text).stdout
    assert "Blue Wall" in run("deck", "show", "-", input=deck_text).stdout
    assert "demo-blue-wall" not in run("deck", "export", "-", input=deck_text).stdout
    collection = (workspace / "collection.toml").read_text()
    run("deck", "validate", "demo-blue-wall", "--collection", "-", input=collection, expect=None)
    err = run("deck", "add", "-", "DEMO.007", input=deck_text, expect=2).stderr
    assert "standard input" in err and "not edited in place" in err
    err = run("deck", "diff", "-", "-", input=deck_text, expect=2).stderr
    assert "given twice" in err


# -- key errors and unknown cards together -----------------------------------------------------


def test_deck_file_key_errors_and_unknown_cards_together(run, workspace: Path):
    (workspace / "decks" / "k.toml").write_text(
        'schema = 1\nname = "K"\ncastel = "DEMO.001"\n[cards]\n"DEMO.999" = 1\n"DEMO.008" = 0\n'
    )
    err = run("deck", "validate", "k", expect=2).stderr
    assert "unknown key 'castel'" in err and "did you mean 'castle'?" in err
    assert 'decks/k.toml:5: cards."DEMO.999": DEMO.999 is not in the catalog' in err
    assert "must be at least 1" in err
