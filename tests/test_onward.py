"""``skyforge onward``: roster, drafts, saved drafts, provenance (rulebook 002)."""

from __future__ import annotations

import json
import re
import tomllib

import pytest

from skyforge.cli import stdio

from .conftest import SHIPPED_CATALOG, cite


def test_official_roster_holds_only_rulebook_facts():
    cite("002", "Shadow team: Akimo, Miyuki, Kichie, and Yami.", "Light team: Vorhild, Brylvar, Astryda, and Heraal.")
    data = tomllib.loads((SHIPPED_CATALOG / "official" / "onward.toml").read_text())
    assert data["provenance"] == "official"
    for hero in data["cards"]:
        # the rulebook prints no colour, faction, class or code for any hero
        assert set(hero) == {"kind", "name", "source"}
    preset = data["team_presets"][0]
    assert preset["teams"]["shadow"] == ["Akimo", "Miyuki", "Kichie", "Yami"]


def test_demo_roster_is_marked_and_covers_every_faction_and_colour():
    data = tomllib.loads((SHIPPED_CATALOG / "demo" / "onward-demo.toml").read_text())
    assert data["provenance"] == "demo"
    assert data["sets"] == [{"code": "DEMOO", "name": "Onward demo heroes (fictional)", "game": "onward"}]
    cite("002", "Kurumo, Liothan, Taulot, Nupten")
    pairs = {(h["faction"], h["color"]) for h in data["cards"]}
    assert pairs == {
        (f, c) for f in ("kurumo", "liothan", "taulot", "nupten") for c in ("red", "blue", "green", "yellow")
    }


def test_heroes_lists_roster_and_first_game_preset(run):
    data = json.loads(run("onward", "heroes", "--json").output)
    names = {h["name"]: h for h in data["heroes"]}
    assert names["Akimo"]["provenance"] == "official" and names["Akimo"]["color"] is None
    assert data["presets"][0]["teams"]["light"] == ["Vorhild", "Brylvar", "Astryda", "Heraal"]
    out = run("onward", "heroes").output
    assert "First game" in out and "Akimo" in out


def test_snake_draft_json_shape_and_setup(run):
    cite(
        "002",
        "Each player draws 2 cards into their hand.",
        "Take all of your other hero cards (there should be 5 for each hero).",
    )
    out = run(
        "onward",
        "draft",
        "--method",
        "snake",
        "--one-per-color",
        "--players",
        "Ann,Bob",
        "--picks",
        "Emberjaw,Tidewarden,Galewing",
        "--seed",
        "11",
        "--json",
    ).output
    data = json.loads(out)
    assert data["seed"] == 11
    assert [s["team"] for s in data["steps"]] == [
        "shadow",
        "light",
        "light",
        "shadow",
        "shadow",
        "light",
        "light",
        "shadow",
    ]
    assert [s["hero"] for s in data["steps"][:3]] == ["Emberjaw", "Tidewarden", "Galewing"]
    assert all(s["random"] for s in data["steps"][3:])
    assert data["teams"]["shadow"][0] == "Emberjaw" and data["bans"] == []
    assert {p for t in data["players"].values() for e in t for p in [e["player"]]} == {"Ann", "Bob"}
    for entry in data["setup"]:
        assert entry["deck_size"] == 20 and entry["draw"] == 2 and len(entry["discard_pile"]) == 4


def test_three_players_one_without_teammate_draws_four(run):
    cite("002", "In a 3-player game, the player without a teammate draws 4 cards instead.")
    data = json.loads(run("onward", "draft", "--players", "A,B,C", "--seed", "3", "--json").output)
    draws = sorted(e["draw"] for e in data["setup"])
    assert draws == [2, 2, 4]
    alone = next(e for e in data["setup"] if e["draw"] == 4)
    assert alone["deck_size"] == 20


def test_two_lane_two_players_three_heroes(run):
    data = json.loads(run("onward", "draft", "--map", "two-lane", "--seed", "1", "--json").output)
    assert len(data["teams"]["shadow"]) == len(data["teams"]["light"]) == 3


def test_moba_bans_and_same_seed_same_draft(run):
    args = ("onward", "draft", "--method", "moba", "--factions", "kurumo,taulot", "--seed", "99", "--json")
    a, b = json.loads(run(*args).output), json.loads(run(*args).output)
    assert a == b and len(a["bans"]) == 4
    assert [s["action"] for s in a["steps"]].count("ban") == 4


def test_illegal_pick_exits_2_with_reason(run):
    r = run(
        "onward",
        "draft",
        "--method",
        "snake",
        "--factions",
        "kurumo,liothan",
        "--picks",
        "Brightlance",
        "--seed",
        "1",
        expect=2,
    )
    assert "wrong faction: Shadow drafts only from kurumo; Brightlance is liothan" in r.stderr
    assert "Traceback" not in r.output
    r = run("onward", "draft", "--method", "snake", "--picks", "Emberjaw,Emberjaw", expect=2)
    assert "already taken: Emberjaw is in Shadow's team" in r.stderr
    r = run(
        "onward",
        "draft",
        "--method",
        "snake",
        "--one-per-color",
        "--picks",
        "Emberjaw,Sunblade,Brightlance,Thornrage",
        expect=2,
    )
    assert "colour already in your team" in r.stderr
    r = run("onward", "draft", "--method", "snake", "--picks", "light:Emberjaw", expect=2)
    assert "not your turn" in r.stderr
    r = run("onward", "draft", "--method", "moba", "--picks", "Emberjaw,Emberjaw", expect=2)
    assert "banned: Emberjaw was banned by Shadow" in r.stderr
    r = run("onward", "draft", "--method", "snake", "--picks", "Emberjow", expect=2)
    assert "unknown hero 'Emberjow'" in r.stderr and "Emberjaw" in r.stderr
    r = run("onward", "draft", "--factions", "kurumo,kurumo", expect=2)
    assert "another faction" in r.stderr


def test_official_heroes_left_out_under_colour_rule(run):
    r = run("onward", "draft", "--method", "snake", "--one-per-color", "--picks", "Akimo", expect=2)
    assert "color is not known" in r.stderr and "official/onward.toml" not in r.stderr
    assert "a catalog file of your own" in r.stderr and 'name = "Akimo"' in r.stderr


def test_saved_draft_resume_and_undo(run, workspace):
    run("onward", "draft", "--method", "moba", "--save", "g1", "--pause", "--picks", "Glasswind", "--seed", "4")
    path = workspace / "drafts" / "g1.toml"
    saved = tomllib.loads(path.read_text())
    assert saved["schema"] == 1 and len(saved["journal"]) == 1
    data = json.loads(run("onward", "pick", "g1", "Sunblade", "--json").output)
    assert data["bans"] == ["Glasswind", "Sunblade"] and not data["complete"]
    data = json.loads(run("onward", "undo", "g1", "--json").output)
    assert data["bans"] == ["Glasswind"] and data["next"] == {"turn": 2, "team": "light", "action": "ban"}
    data = json.loads(run("onward", "pick", "g1", "--random", "--json").output)
    assert data["complete"]
    assert json.loads(run("onward", "show", "g1", "--json").output) == data
    r = run("onward", "draft", "--save", "g1", expect=2)
    assert "already exists" in r.stderr


def test_hand_edited_draft_file_reports_the_entry(run, workspace):
    run("onward", "draft", "--method", "snake", "--save", "g2", "--pause", "--picks", "Emberjaw")
    path = workspace / "drafts" / "g2.toml"
    path.write_text(path.read_text().replace('team = "shadow"', 'team = "light"'))
    r = run("onward", "show", "g2", expect=2)
    assert "journal[0]" in r.stderr and "not your turn" in r.stderr


def test_human_view_cites_no_design_notes_and_names_demo_heroes(run, workspace):
    out = run(
        "onward",
        "draft",
        "--method",
        "snake",
        "--players",
        "Ann,Bob",
        "--picks",
        "Akimo,Sunblade,Dunewall",
        "--seed",
        "3",
        "--save",
        "mix",
    ).stdout
    assert "DESIGN.md" not in out
    assert "skyforge's reading of the rulebook where it is ambiguous; see docs/drafting.md" in out
    note = next(line for line in out.splitlines() if line.startswith("demo data:"))
    assert "Sunblade" in note and "Dunewall" in note and "Akimo" not in note
    assert "saved to drafts/mix.toml" in out.replace("\\", "/")
    shown = run("onward", "show", "mix").stdout
    assert "from drafts/mix.toml" in shown.replace("\\", "/") and "saved to" not in shown
    data = json.loads(run("onward", "show", "mix", "--json").stdout)
    assert "DESIGN.md" not in (data["notes"] or "") and "Akimo" not in data["demo_heroes"]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda t: re.sub(r"(?m)^seed = .*$", 'seed = "abc"', t), "seed: must be a whole number"),
        (lambda t: re.sub(r"(?m)^format = .*$", 'format = ["x"]', t), "format: must be text in quotes"),
        (
            lambda t: t.split("[[journal]]")[0].replace("[options]", "journal = [1]\n[options]"),
            "journal[0]: must be a table",
        ),
    ],
)
def test_damaged_draft_files_are_bad_input(run, workspace, change, message):
    run("onward", "draft", "--method", "snake", "--seed", "1", "--save", "d")
    path = workspace / "drafts" / "d.toml"
    path.write_text(change(path.read_text()))
    assert message in run("onward", "show", "d", expect=2).stderr


def test_saving_never_overwrites_a_draft_saved_meanwhile(run, workspace, monkeypatch):
    from skyforge.draft import session as sessions

    real = sessions.create

    def someone_else_saves_first(session, path, name, command, force):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("# another player's draft\n")
        real(session, path, name, command, force)

    monkeypatch.setattr(sessions, "create", someone_else_saves_first)
    result = run("onward", "draft", "--method", "snake", "--seed", "1", "--save", "d", expect=2)
    assert "already exists" in result.stderr
    assert (workspace / "drafts" / "d.toml").read_text() == "# another player's draft\n"


def test_nothing_chosen_is_the_fallback_one_per_color_all_random(run):
    import json as _json

    from .conftest import cite

    cite(
        "002",
        "If you cannot agree, use the first restriction (one per color) and the first drafting method (all random!).",
    )
    data = _json.loads(run("onward", "draft", "--seed", "7", "--json").stdout)
    assert data["method"] == "random" and data["restrictions"] == ["one hero per colour"]
    assert "fallback" in data["fallback"]
    for team in ("shadow", "light"):
        colours = [
            h["color"]
            for h in _json.loads(run("onward", "heroes", "--json").stdout)["heroes"]
            if h["name"] in data["teams"][team]
        ]
        assert len(colours) == len(set(colours)) == 4
    assert "002's fallback" in run("onward", "draft", "--seed", "7").stdout
    # a method or a restriction chosen: no fallback
    chosen = _json.loads(run("onward", "draft", "--method", "random", "--seed", "7", "--json").stdout)
    assert chosen["restrictions"] == [] and chosen["fallback"] is None


def test_hero_classes_are_checked_against_the_games_own_list(run, tmp_path):
    from .conftest import cite

    cite(
        "002",
        "Heroes belong to one of these classes:",
        "Slayers seize the initiative",
        "Marksmen are unbeatable damage dealers",
        "Tanks keep friendly heroes alive",
        "Controllers influence the battlefield",
        "Mages are the best at clearing waves",
        "Laners push toward the enemy nexus",
        "Junglers earn gold faster",
        "Warriors excel at team fights",
    )
    from skyforge.catalog import load_catalog
    from skyforge.catalog.loader import SHIPPED

    catalog = load_catalog([SHIPPED])
    assert catalog.hero_classes["onward"].classes == [
        "slayer",
        "marksman",
        "tank",
        "controller",
        "mage",
        "laner",
        "jungler",
        "warrior",
    ]
    for hero in catalog.of_kind("onward-hero"):  # the demo heroes use the rulebook's classes
        assert hero.hero_class is None or hero.hero_class in catalog.hero_classes["onward"].classes
    mine = tmp_path / "heroes.toml"
    mine.write_text(
        '[[sets]]\ncode = "MYO"\nname = "Mine"\ngame = "onward"\n\n'
        '[[cards]]\ncode = "MYO.001"\nkind = "onward-hero"\nname = "Zed"\nhero_class = "Slayr"\n',
        encoding="utf-8",
    )
    result = run("--catalog", "@shipped", "--catalog", str(mine), "catalog", "check", expect=2)
    assert "heroes.toml:10: cards[0].hero_class: 'slayr' is not one of the onward hero classes" in result.stderr
    assert "did you mean 'slayer'?" in result.stderr


def test_methods_come_from_the_catalog_formats(run, monkeypatch):
    from .test_completion import _complete

    for shell in ("bash", "fish"):
        out = _complete(shell, "skyforge onward draft --method ", monkeypatch)
        assert all(m in out for m in ("random", "snake", "moba")), out
    out = _complete("bash", "skyforge onward draft --method sn", monkeypatch)
    assert "snake" in out and "random" not in out
    r = run("onward", "draft", "--method", "bogus", expect=2)
    assert "unknown method 'bogus'" in r.stderr and "methods: random, snake, moba" in r.stderr
    assert "Traceback" not in r.output


def test_a_saved_fallback_draft_can_be_read_back(run, workspace):
    saved = json.loads(run("onward", "draft", "--seed", "8", "--save", "f", "--json").stdout)
    assert saved["fallback"] and "fallback = true" in (workspace / "drafts" / "f.toml").read_text()
    shown = json.loads(run("onward", "show", "f", "--json").stdout)
    assert shown == saved


def test_a_method_of_ones_own_catalog_drafts(run, tmp_path, workspace):
    """Methods are the catalog's data: a format added in a catalog file of one's own is a --method."""
    mine = tmp_path / "formats.toml"
    mine.write_text(
        '[[draft_formats]]\nid = "onward-alternate-4"\ngame = "onward"\nmethod = "alternate"\n'
        'team_size = 4\nteams = ["shadow", "light"]\n'
        "steps = [" + ", ".join(['{ team = "shadow" }, { team = "light" }'] * 4) + "]\n",
        encoding="utf-8",
    )
    args = ("--catalog", "@shipped", "--catalog", str(mine), "onward")
    data = json.loads(run(*args, "draft", "--method", "alternate", "--seed", "2", "--save", "alt", "--json").stdout)
    assert data["format"] == "onward-alternate-4" and data["complete"]
    assert [s["team"] for s in data["steps"]] == ["shadow", "light"] * 4
    assert json.loads(run(*args, "show", "alt", "--json").stdout)["steps"] == data["steps"]
    assert "methods: random, snake, moba, alternate" in run(*args, "draft", "--method", "x", expect=2).stderr


def test_a_heros_faction_is_one_of_the_four_in_any_case(run, tmp_path):
    cite("002", "The faction of a hero is identified by the symbol next to its name: Kurumo, Liothan, Taulot, Nupten.")
    cite("002", "Teams may only use heroes from the chosen factions.")
    mine = tmp_path / "heroes.toml"
    heroes = [("Ada", "Kurumo", "red"), ("Bea", "KURUMO", "blue"), ("Cy", " kurumo", "green")]
    heroes += [("Di", "Liothan", "red"), ("Ed", "liothan", "blue"), ("Flo", "Liothan ", "green")]
    mine.write_text(
        '[[sets]]\ncode = "MYO"\nname = "Mine"\ngame = "onward"\n'
        + "".join(
            f'\n[[cards]]\ncode = "MYO.00{i}"\nkind = "onward-hero"\nname = "{n}"\nfaction = "{f}"\ncolor = "{c}"\n'
            for i, (n, f, c) in enumerate(heroes, 1)
        ),
        encoding="utf-8",
    )
    data = json.loads(run("--catalog", str(mine), "onward", "heroes", "--json").output)
    assert [h["faction"] for h in data["heroes"] if (h["code"] or "").startswith("MYO")] == ["kurumo"] * 3 + [
        "liothan"
    ] * 3
    args = ("--catalog", str(mine), "onward", "draft", "--method", "snake", "--map", "two-lane")
    data = json.loads(run(*args, "--factions", "Kurumo,LIOTHAN", "--picks", "Ada,Di,Ed,Bea,Cy", "--json").output)
    assert data["teams"] == {"shadow": ["Ada", "Bea", "Cy"], "light": ["Di", "Ed", "Flo"]}
    mine.write_text(mine.read_text().replace('"KURUMO"', '"elves"'), encoding="utf-8")
    r = run("--catalog", str(mine), "catalog", "check", expect=2)
    assert "heroes.toml:17: cards[1] (MYO.002).faction: must be one of liothan, taulot, kurumo, nupten" in r.stderr
    assert "(got 'elves')" in r.stderr


def test_an_all_random_draft_takes_no_chosen_hero(run, workspace, monkeypatch):
    cite("002", "Method 1: all random. Draw heroes at random, respecting the chosen restrictions, if any!")
    run("onward", "draft", "--method", "random", "--save", "r", "--pause", "--seed", "3")
    before = (workspace / "drafts" / "r.toml").read_text()
    r = run("onward", "pick", "r", "Emberjaw", expect=2)
    assert "this draft's method is all random" in r.stderr and "no hero is chosen" in r.stderr
    assert "skyforge onward pick r --random" in r.stderr
    monkeypatch.setattr(stdio, "interactive", lambda: True)  # on a terminal too: nothing is asked
    r = run("onward", "pick", "r", expect=2, input="Emberjaw\n")
    assert "all random" in r.stderr and "turn 1:" not in r.output
    assert (workspace / "drafts" / "r.toml").read_text() == before
    data = json.loads(run("onward", "pick", "r", "--random", "--json").output)
    assert data["complete"] and all(s["random"] for s in data["steps"])


def test_draft_undo_says_what_it_took_back(run, workspace):
    run("onward", "draft", "--method", "snake", "--save", "u", "--pause", "--picks", "Emberjaw,Sunblade", "--seed", "2")
    out = run("onward", "undo", "u").stdout
    assert out.startswith("Undone: turn 2, Light pick Sunblade")
    data = json.loads(run("onward", "undo", "u", "--json").output)
    assert data["undone"] == {"turn": 1, "team": "shadow", "action": "pick", "hero": "Emberjaw", "random": False}
    assert data["steps"] == []


def test_the_first_game_teams_are_a_drafts_result(run, workspace):
    cite(
        "002",
        "For your first game, use these heroes:",
        "Shadow team: Akimo, Miyuki, Kichie, and Yami.",
        "Light team: Vorhild, Brylvar, Astryda, and Heraal.",
        "Players split into Light and Shadow teams, assigned randomly.",
    )
    data = json.loads(run("onward", "draft", "--first-game", "--players", "Ann,Bob", "--seed", "2", "--json").output)
    assert data["complete"] and data["preset"]["id"] == "onward-first-game"
    assert data["teams"] == {
        "shadow": ["Akimo", "Miyuki", "Kichie", "Yami"],
        "light": ["Vorhild", "Brylvar", "Astryda", "Heraal"],
    }
    assert [e["deck_size"] for e in data["setup"]] == [20, 20]
    run("onward", "draft", "--first-game", "--map", "two-lane", "--seed", "2", "--save", "fg")
    shown = json.loads(run("onward", "show", "fg", "--json").output)
    assert shown["teams"] == data["teams"] and shown["team_size"] == 4  # two-lane: four "works regardless"
    out = run("onward", "show", "fg").stdout
    assert "the rulebook's First game teams" in out and "steps:" not in out
    r = run("onward", "draft", "--first-game", "--method", "snake", expect=2)
    assert "--first-game takes the rulebook's teams" in r.stderr and "--method" in r.stderr


def test_teammates_split_their_heroes_freely(run, workspace):
    cite("002", "For 3 or 4 player games, freely split these heroes amongst teammates.")
    run("onward", "draft", "--first-game", "--players", "Ann,Bob,Cy", "--seed", "1", "--save", "fg")
    data = json.loads(run("onward", "show", "fg", "--json").output)
    assert data["split"] and "freely split these heroes amongst teammates" in data["split"]
    pair = next(t for t, ps in data["players"].items() if len(ps) == 2)
    alone = next(t for t in data["players"] if t != pair)
    a, b = (p["player"] for p in data["players"][pair])
    first, *others = data["teams"][pair]
    data = json.loads(run("onward", "split", "fg", a, *others, "--json").output)
    assert data["players"][pair] == [{"player": a, "heroes": others}, {"player": b, "heroes": [first]}]
    decks = {e["player"]: e["deck_size"] for e in data["setup"]}
    assert decks[a] == 15 and decks[b] == 5  # the setup follows the split
    assert "split" in (workspace / "drafts" / "fg.toml").read_text()
    assert json.loads(run("onward", "show", "fg", "--json").output)["players"] == data["players"]
    # a hero of the other team, a player alone on a team, and a split that leaves a teammate nothing
    r = run("onward", "split", "fg", a, data["teams"][alone][0], expect=2)
    assert f"is not a hero of {pair.capitalize()}" in r.stderr
    lone = data["players"][alone][0]["player"]
    r = run("onward", "split", "fg", lone, data["teams"][alone][0], expect=2)
    assert f"{lone} has no teammate" in r.stderr
    r = run("onward", "split", "fg", a, *data["teams"][pair], expect=2)
    assert f"that leaves {b} no hero to play" in r.stderr
    assert "Teammates freely split" in run("onward", "show", "fg").stdout
    path = workspace / "drafts" / "fg.toml"
    path.write_text(path.read_text().replace(f"[split]\n{a} =", "[split]\nZed ="), encoding="utf-8")
    r = run("onward", "show", "fg", expect=2)
    assert "drafts/fg.toml:" in r.stderr and "split.Zed: no player 'Zed' in this draft" in r.stderr


def test_two_lane_two_players_three_heroes_is_a_suggestion(run):
    cite(
        "002",
        "for two-player games, we suggest to play with only three heroes per team instead of the usual four. "
        "The game works regardless",
    )
    data = json.loads(run("onward", "draft", "--map", "two-lane", "--seed", "1", "--json").output)
    assert data["team_size"] == 3 and "as 002 suggests" in data["team_size_note"]
    assert "(--team-size 4)" in run("onward", "draft", "--map", "two-lane", "--seed", "1").stdout
    args = ("onward", "draft", "--map", "two-lane", "--method", "snake", "--team-size", "4", "--seed", "1")
    data = json.loads(run(*args, "--json").output)
    assert len(data["teams"]["shadow"]) == len(data["teams"]["light"]) == 4 and data["format"] == "onward-snake-4"
    assert '"The game works regardless"' in data["team_size_note"]
    r = run("onward", "draft", "--team-size", "3", "--seed", "1", expect=2)
    assert "of 3 heroes a team on the three-lane map" in r.stderr
    data = json.loads(run("onward", "draft", "--seed", "1", "--json").output)
    assert data["team_size_note"] is None


# -- draft files: strict models, names never leave the workspace -----------------------------------


@pytest.mark.parametrize(
    "change, expected",
    [
        (("seed = ", "seed = 5.0 #"), ":4: seed: must be a whole number (got 5.0)"),
        (("[[journal]]", "[[journal]]"), ":5: journal: must be a list [ … ] (got -1)"),
        (("[options.factions]", 'factions = "kurumo"'), "options.factions: must be a table (got 'kurumo')"),
        (("one_per_color = false", "one_per_color = 1"), "options.one_per_color: must be true or false (got 1)"),
        (("light = [", "dark = ["), "players: unknown team 'dark'"),
    ],
)
def test_draft_files_are_checked(run, workspace, change, expected):
    run("onward", "draft", "--method", "snake", "--seed", "1", "--players", "Ann,Bob", "--save", "d")
    path = workspace / "drafts" / "d.toml"
    text = path.read_text()
    assert change[0] in text
    if change[0] == "[[journal]]":
        text = text.split("[[journal]]")[0].replace("seed = 1\n", "seed = 1\njournal = -1\n")
    path.write_text(text.replace(*change, 1))
    err = run("onward", "show", "d", expect=2).stderr
    assert "drafts/d.toml:" in err and expected in err, err


def test_draft_save_stays_in_the_workspace(run, workspace, tmp_path):
    err = run("onward", "draft", "--save", str(tmp_path / "x.toml"), expect=2).stderr
    assert "is a name, not a path" in err
    assert not (tmp_path / "x.toml").exists()
