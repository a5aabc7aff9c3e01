"""Catalog layers: the official rules always, the demo set by default or by name, your files on top."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skyforge.catalog import load_catalog
from skyforge.errors import InputError

from .conftest import ROOT

HEROES = """schema = 1
[[sets]]
code = "MYO"
name = "My Onward heroes"
game = "onward"

[[cards]]
kind = "onward-hero"
name = "Akimo"
color = "red"
hero_class = "Slayer"
""" + "".join(
    f'\n[[cards]]\nkind = "onward-hero"\nname = "Hero {n}"\ncolor = "{c}"\n'
    for n, c in zip("ABCDEFGH", ["blue", "green", "yellow", "red"] * 2)
)


@pytest.fixture
def mine(workspace: Path) -> Path:
    path = workspace / "my-heroes.toml"
    path.write_text(HEROES, encoding="utf-8")
    return path


def provenances(catalog) -> set[str]:
    return {catalog.provenance(c) for c in catalog}


def test_default_is_official_plus_demo_and_names_select_layers():
    default = load_catalog()
    assert provenances(default) == {"official", "demo"} and default.user_files == []
    official = load_catalog([Path("@official")])
    assert provenances(official) == {"official"}
    assert official.game_modes and official.draft_formats and official.first_games
    assert provenances(load_catalog([Path("@demo")])) == {"official", "demo"}
    assert len(load_catalog([Path("@shipped")]).cards) == len(default.cards)


def test_unknown_layer_name_is_bad_input():
    with pytest.raises(InputError) as err:
        load_catalog([Path("@offical")])
    assert "@official" in err.value.problems[0].hint


def test_a_shipped_folder_given_by_path_is_its_layer_loaded_once():
    catalog = load_catalog([ROOT / "catalog"])  # official + demo folders, by path
    assert len(catalog.cards) == len(load_catalog().cards) and catalog.user_files == []


def test_own_file_keeps_the_rule_tables_and_drops_the_demo(mine):
    catalog = load_catalog([mine])
    assert "demo" not in provenances(catalog)
    assert {f.id for f in catalog.draft_formats.values() if f.game == "onward"} >= {"onward-snake-4"}
    assert catalog.game_modes and catalog.difficulty_levels and catalog.battle_plans
    assert catalog.user_files == [mine]


def test_own_entry_completes_the_official_one(mine):
    catalog = load_catalog([mine])
    akimo = catalog.get("Akimo", "onward-hero")
    assert (akimo.color, akimo.hero_class) == ("red", "slayer")  # a class is kept canonical, as every catalog word
    assert akimo.source and akimo.source.startswith("002")  # the official citation stays
    origin = catalog.origins[akimo.key]
    assert origin.provenance == "official" and origin.completed_by[0] == mine
    assert catalog.source_file(akimo.key) == str(mine)
    assert len([c for c in catalog.of_kind("onward-hero") if c.name == "Akimo"]) == 1


def test_a_codeless_official_castle_is_completed_by_name_and_gains_its_code(workspace):
    path = workspace / "castle.toml"
    path.write_text(
        'schema = 1\n[[cards]]\nkind = "castle"\ncode = "CAM.001"\nname = "Pools of Flyema"\n'
        'faction = "liothan"\nhealth = 20\n[[cards.deck_rules]]\nrarity = "base"\n'
        'factions = ["liothan"]\n',
        encoding="utf-8",
    )
    castle = load_catalog([path]).get("CAM.001")
    assert castle.name == "Pools of Flyema" and castle.health == 20 and castle.deck_rules[0].rarity == "base"
    assert castle.source.startswith("000")


def test_a_contradiction_names_both_files_and_lines(workspace):
    path = workspace / "wrong.toml"
    path.write_text(
        'schema = 1\n[[hordes]]\nid = "skybooter"\nname = "Skybooter"\nset = "CAM"\ndifficulty = "hard"\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as err:
        load_catalog([path])
    (problem,) = err.value.problems
    assert problem.file == path and problem.line == 6 and problem.key == "hordes[0].difficulty"
    assert problem.value == "hard" and "@official/hordes.toml line" in problem.message
    assert "'easy'" in problem.message


def test_hints_name_the_users_files_never_the_package(run, workspace):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "alliance"\ncode = "CAM.014"\n'
        'name = "My Card"\nfaction = "liothan"\nrarity = "rare"\n',
        encoding="utf-8",
    )
    (workspace / "decks" / "real.toml").write_text(
        'schema = 1\nname = "Real"\ncastle = "Pools of Flyema"\n[cards]\n"CAM.014" = 2\n', encoding="utf-8"
    )
    result = run("--catalog", "mine.toml", "deck", "validate", "real", expect=None)
    assert "mine.toml" in result.output and "deck_rules" in result.output
    for args in (
        ("deck", "validate", "real"),
        ("catalog", "check"),
        ("castles",),
        ("arena", "draft", "--players", "A,B", "--seed", "1"),
    ):
        for prefix in ((), ("--catalog", "mine.toml")):
            out = run(*prefix, *args, expect=None).output
            assert "site-packages" not in out and "_catalog" not in out, (prefix, args, out)


@pytest.mark.parametrize("method", ["random", "snake", "moba"])
@pytest.mark.parametrize("map_", ["three-lane", "two-lane"])
def test_onward_draft_with_own_heroes_uses_the_official_orders(run, mine, method, map_):
    data = json.loads(
        run(
            "--catalog", "my-heroes.toml", "onward", "draft", "--method", method, "--map", map_, "--seed", "3", "--json"
        ).stdout
    )
    assert data["complete"] and not data["demo"] and data["format"].startswith(f"onward-{method}")
    picked = [h for team in data["teams"].values() for h in team]
    assert not any(h.startswith("Demo") for h in picked)


def test_one_per_color_leaves_out_heroes_without_a_colour_with_a_note(run, mine):
    result = run(
        "--catalog", "my-heroes.toml", "onward", "draft", "--method", "snake", "--one-per-color", "--seed", "3"
    )
    assert "left out, a field they need is missing: Astryda" in result.output
    data = json.loads(
        run(
            "--catalog",
            "my-heroes.toml",
            "onward",
            "draft",
            "--method",
            "snake",
            "--one-per-color",
            "--seed",
            "3",
            "--json",
        ).stdout
    )
    assert len(data["left_out"]) == 7 and "fill in color in your catalog file my-heroes.toml" in data["left_out"][0]


def test_game_setup_and_difficulty_with_own_files_use_the_official_tables(run, mine):
    run("--catalog", "my-heroes.toml", "game", "difficulty", "--hordes", "skybooter", "--difficulty", "2")
    out = run("--catalog", "my-heroes.toml", "game", "setup", "--first-game", "CAM", expect=None).output
    assert "no setup rules" not in out and "DEMO" not in out


def test_installed_layout_never_shows_the_package_path(run, workspace, monkeypatch, tmp_path):
    """After `pip install .` the shipped catalog sits in site-packages/skyforge/_catalog: no output names it."""
    import shutil

    from skyforge.catalog import loader

    installed = tmp_path / "lib" / "site-packages" / "skyforge" / "_catalog"
    shutil.copytree(ROOT / "catalog", installed)
    monkeypatch.setattr(loader, "shipped_catalog_dir", lambda: installed)
    (workspace / "decks" / "flyema.toml").write_text(
        'schema = 1\nname = "F"\ncastle = "Pools of Flyema"\n[cards]\n"DEMO.007" = 1\n', encoding="utf-8"
    )
    (workspace / "team.toml").write_text(
        'schema = 1\nheroes = ["Benidia", "Arkuma", "Stageo", "Akuma", "X"]\n', encoding="utf-8"
    )
    commands = [
        ("deck", "validate", "flyema"),
        ("catalog", "check"),
        ("catalog", "check", "--json"),
        ("game", "setup", "--first-game", "CAM", "--seed", "1"),
        ("castles",),
        ("onward", "draft", "--method", "snake", "--one-per-color", "--picks", "Akimo"),
        ("arena", "team", "validate", "team.toml"),
        (
            "campaign",
            "new",
            "x",
            "--castle",
            "Pools of Flyema",
            "--player",
            "A=demo-blue-wall",
            "--hordes",
            "skybooter,renegade,undead",
            "--difficulty",
            "1",
            "--outsider",
            "Atlas",
        ),
    ]
    for prefix in ((), ("--catalog", "@official")):
        for args in commands:
            out = run(*prefix, *args, expect=None).output
            assert "site-packages" not in out and "_catalog" not in out, (prefix, args, out)


def test_arena_draft_with_own_heroes_uses_the_official_format(run, workspace):
    heroes = "".join(
        f'\n[[cards]]\nkind = "arena-hero"\nname = "Mine {i}"\nhero_class = "class-{i % 5}"\n'
        f'action_cards = ["a", "b", "c", "d", "e"]\n'
        for i in range(10)
    )
    (workspace / "arena.toml").write_text("schema = 1\n" + heroes, encoding="utf-8")
    data = json.loads(
        run("--catalog", "arena.toml", "arena", "draft", "--players", "Ann,Ben", "--seed", "3", "--json").stdout
    )
    assert data["complete"] and not data["demo"]
    official = {"Benidia"}  # the one official hero whose class 003 states
    assert all(h.startswith("Mine ") or h in official for team in data["teams"].values() for h in team)
    assert not data["demo_heroes"]
