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


# -- more cards merged into the catalog in use (catalog import, catalog add) ------------------------

_CARD = '[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "{name}"\nfaction = "liothan"\nrarity = "base"\n'
#: catalog texts merged on top of the shipped catalog, and whether the cached catalog can take them
#: without its files read again (no: a card could change how the catalog's own entries resolve)
MERGED_ON_TOP = {
    "a new card": (_CARD.format(code="DEMO.240", name="Tidewatch Novice"), True),
    "a code the demo set holds, other data": (_CARD.format(code="DEMO.010", name="Not A Bellringer"), True),
    "a card of no set, and a code taken": (
        _CARD.format(code="ZZZ.001", name="Stray") + _CARD.format(code="DEMO.011", name="Twin"),
        True,
    ),
    "an official entry completed": ('[[cards]]\nkind = "alliance"\nname = "Vorhild"\ncost = 3\n', True),
    "an official entry contradicted": ('[[cards]]\nkind = "alliance"\nname = "Vorhild"\ntype = "event"\n', True),
    "an unknown faction": (_CARD.format(code="DEMO.240", name="Novice").replace("liothan", "elves"), True),
    "a castle back with two lines for a rarity": (
        '[[cards]]\ncode = "DEMO.241"\nkind = "castle"\nname = "Twin Keep"\n'
        '[[cards.deck_rules]]\nrarity = "base"\n[[cards.deck_rules]]\nrarity = "base"\n',
        True,
    ),
    "an unknown pre-made deck": (_CARD.format(code="DEMO.240", name="Novice") + 'premade = "nope"\n', True),
    "a card rule requiring no card": (
        _CARD.format(code="DEMO.240", name="Novice") + '[[cards.card_rules]]\nrequires = ["DEMO.999"]\n',
        True,
    ),
    "a hero of no class": ('[[cards]]\nkind = "onward-hero"\nname = "Hero Z"\nhero_class = "Wizard"\n', True),
    "a second erratum of a card": (
        _CARD.format(code="DEMO.240", name="Drizzle Ward Again") + 'replaces = "DEMO.017"\n',
        False,
    ),
    "a new code, a name taken": (_CARD.format(code="DEMO.240", name="Harbor Bellringer"), False),
    "an official entry given a code": (_CARD.format(code="CAM.300", name="Vorhild") + 'type = "ally"\n', False),
    "a set": ('[[sets]]\ncode = "NEW"\nname = "New"\n' + _CARD.format(code="NEW.001", name="Newcomer"), False),
}


def _problems(merge) -> list:
    try:
        merge()
    except InputError as exc:
        return exc.problems
    return []


@pytest.mark.parametrize("name", list(MERGED_ON_TOP))
def test_more_cards_merge_into_the_cached_catalog_as_into_its_files(tmp_path: Path, name: str):
    text, on_top = MERGED_ON_TOP[name]
    _merges_as_a_load_of_every_file(tmp_path, [], "schema = 1\n" + text, on_top)


def test_a_name_taken_is_checked_against_the_files_that_name_it(tmp_path: Path):
    # a card of the player's own requires Harbor Bellringer by name: a second card of that name
    # makes the name ambiguous there, in that file, which only a load of every file tells
    rules = tmp_path / "rules.toml"
    rules.write_text(
        "schema = 1\n"
        + _CARD.format(code="DEMO.250", name="Bell Keeper")
        + '[[cards.card_rules]]\nrequires = ["Harbor Bellringer"]\n',
        encoding="utf-8",
    )
    text = "schema = 1\n" + _CARD.format(code="DEMO.240", name="Harbor Bellringer")
    problems = _merges_as_a_load_of_every_file(tmp_path, [rules], text, on_top=False)
    assert [p.message for p in problems] == ["the name 'Harbor Bellringer' matches several cards: DEMO.010, DEMO.240"]


def _merges_as_a_load_of_every_file(tmp_path: Path, user: list[Path], text: str, on_top: bool) -> list:
    """Merging ``text`` into the cached catalog (shipped, and the ``user`` files) finds what a load of
    every file finds; without the files read again when ``on_top``. The problems found."""
    from skyforge.catalog.csv_import import check_with_catalog
    from skyforge.catalog.loader import catalog_layers, merged_with

    files = catalog_layers([Path("@shipped"), *user]).files
    mine = tmp_path / "mine.toml"
    mine.write_text(text, encoding="utf-8")
    every_file = [*files, mine]
    expected = _problems(lambda: load_catalog(every_file, cache=False))
    catalog = load_catalog(files)
    before = (list(catalog.cards), dict(catalog.origins), list(catalog.files))

    found: list = []
    try:
        merged = merged_with(catalog, mine, text)
    except InputError as exc:
        merged, found = None, exc.problems
    assert (merged is not None or found != []) is on_top
    if on_top:
        assert found == expected
    if merged is not None:
        fresh = load_catalog(every_file, cache=False)
        assert list(merged.cards) == list(fresh.cards) and dict(merged.cards) == dict(fresh.cards)
        assert dict(merged.origins) == dict(fresh.origins)
        assert (merged.files, merged.user_files, merged.sets) == (fresh.files, fresh.user_files, fresh.sets)
    # with or without the files read again, the same problems
    assert _problems(lambda: check_with_catalog(files, text, named=mine, catalog=catalog)) == expected
    assert _problems(lambda: check_with_catalog(files, text, named=mine)) == expected
    assert (list(catalog.cards), dict(catalog.origins), list(catalog.files)) == before  # left as it was
    return expected
