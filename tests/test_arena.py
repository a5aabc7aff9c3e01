"""``skyforge arena``: draft, team check, setup (rulebook 003)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from .conftest import SHIPPED_CATALOG, cite


def test_official_arena_data_is_only_what_003_says():
    data = tomllib.loads((SHIPPED_CATALOG / "official" / "arena.toml").read_text())
    assert data["provenance"] == "official"
    for hero in data["cards"]:  # each name is checked against 003 in test_citations.py
        assert "action_cards" not in hero
    benidia = next(h for h in data["cards"] if h["name"] == "Benidia")
    cite("003", "use the enchanter Skill of Benidia")
    assert benidia["hero_class"] == "enchanter"


def test_demo_arena_roster_big_enough():
    data = tomllib.loads((SHIPPED_CATALOG / "demo" / "arena-demo.toml").read_text())
    assert data["provenance"] == "demo" and data["sets"][0]["game"] == "skybound-arena"
    assert len(data["cards"]) >= 10 and len({h["hero_class"] for h in data["cards"]}) >= 5
    assert all(len(h["action_cards"]) == 5 for h in data["cards"])


def test_draft_alternates_and_one_per_class(run):
    cite("003", "A player's team (5 heroes) may only have ONE of any class (colour) of hero included in it.")
    data = json.loads(run("arena", "draft", "--players", "Ann,Bob", "--seed", "5", "--json").output)
    assert [s["player"] for s in data["steps"]] == ["Ann", "Bob"] * 5
    assert set(data["teams"]) == {"Ann", "Bob"} and all(len(t) == 5 for t in data["teams"].values())
    assert data == json.loads(run("arena", "draft", "--players", "Ann,Bob", "--seed", "5", "--json").output)


def test_illegal_arena_pick(run):
    r = run("arena", "draft", "--players", "Ann,Bob", "--picks", "Ashka,Brenna,Galen", expect=2)
    assert "class already in your team: Ann has crimson (Ashka)" in r.stderr
    r = run("arena", "draft", "--players", "Ann,Bob", "--picks", "Bob:Ashka", expect=2)
    assert "not your turn: turn 1 is Ann's pick, not Bob's" in r.stderr


def write(path, heroes, player="Ann"):
    path.write_text(f'schema = 1\nplayer = "{player}"\nheroes = {json.dumps(heroes)}\n')
    return str(path)


def test_team_validate(run, workspace):
    good = write(workspace / "good.toml", ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"])
    data = json.loads(run("arena", "team", "validate", good, "--json").output)
    assert data["valid"] and data["demo"]
    bad = write(workspace / "bad.toml", ["Ashka", "Galen", "Corvin", "Nobody"])
    r = run("arena", "team", "validate", bad, "--json", expect=1)
    rules = {v["rule"] for v in json.loads(r.output)["violations"]}
    assert rules == {"unknown-hero", "team-size", "one-per-class"}
    (workspace / "broken.toml").write_text("heroes = [")
    r = run("arena", "team", "validate", str(workspace / "broken.toml"), expect=2)
    assert "invalid TOML" in r.stderr


def test_setup_two_players(run, workspace):
    cite(
        "003",
        "the player going first draws 5 cards, the player going second draws 6 cards.",
        "In a two player game, the first player to score 30 points wins the game.",
        "Each hero comes with a deck of 5 action cards",
    )
    a = write(workspace / "a.toml", ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"], "Ann")
    b = write(workspace / "b.toml", ["Galen", "Hesper", "Ilya", "Jorund", "Kestrel"], "Bob")
    data = json.loads(run("arena", "setup", a, b, "--json").output)
    assert data["score_to_win"] == 30
    assert [(p["player"], p["draw"], p["deck_size"], len(p["deck"])) for p in data["players"]] == [
        ("Ann", 5, 25, 25),
        ("Bob", 6, 25, 25),
    ]
    data = json.loads(run("arena", "setup", a, b, "--first", "Bob", "--json").output)
    assert data["players"][0]["player"] == "Bob"


def test_setup_more_players_and_two_vs_two(run, workspace):
    cite(
        "003",
        "each player draws 5 cards plus one for each player before them in turn order.",
        "In a two versus two player game, the first player team to score 50 points wins the game.",
    )
    teams = [
        ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"],
        ["Galen", "Hesper", "Ilya", "Jorund", "Kestrel"],
        ["Maddoc", "Nerys", "Orrin", "Pell", "Quilla"],
        ["Rask", "Sorrel", "Tamsin", "Ulric", "Vesna"],
    ]
    files = [write(workspace / f"t{i}.toml", t, f"P{i}") for i, t in enumerate(teams)]
    data = json.loads(run("arena", "setup", *files, "--two-vs-two", "--json").output)
    assert data["score_to_win"] == 50 and [p["draw"] for p in data["players"]] == [5, 6, 7, 8]
    assert data["sides"] == [["P0", "P2"], ["P1", "P3"]]
    data = json.loads(run("arena", "setup", *files[:3], "--json").output)
    assert data["score_to_win"] == 30 and [p["draw"] for p in data["players"]] == [5, 6, 7]


def test_setup_from_draft_and_missing_action_cards(run, workspace):
    run("arena", "draft", "--players", "Ann,Bob", "--seed", "8", "--save", "d")
    data = json.loads(run("arena", "setup", "--draft", "d", "--json").output)
    assert {p["player"] for p in data["players"]} == {"Ann", "Bob"}
    t = write(workspace / "o.toml", ["Benidia", "Ashka", "Corvin", "Delphi", "Eskel"])
    u = write(workspace / "u.toml", ["Galen", "Hesper", "Ilya", "Jorund", "Kestrel"], "Bob")
    data = json.loads(run("arena", "setup", t, u, "--json").output)
    assert "Benidia (fill in action_cards in" in data["players"][0]["action_cards_missing"][0]


def test_team_names_resolve_like_setup_and_the_same_file_twice_is_refused(run, workspace):
    (workspace / "teams").mkdir()
    ann = write(workspace / "teams" / "ann.toml", ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"], "Ann")
    assert json.loads(run("arena", "team", "validate", "ann", "--json").output)["valid"]
    r = run("arena", "team", "validate", "bob", expect=2)
    assert "no team 'bob'" in r.stderr and "teams/NAME.toml" in r.stderr and "teams there: ann" in r.stderr
    for args in (("teams/ann.toml", "teams/ann.toml"), ("ann", ann), ("ann", "ann")):
        r = run("arena", "setup", *args, expect=2)
        assert "given twice" in r.stderr, args


def test_mixed_official_and_demo_heroes_say_which_are_demo(run, workspace):
    t = write(workspace / "o.toml", ["Benidia", "Ashka", "Corvin", "Delphi", "Eskel"])
    out = run("arena", "team", "validate", t).stdout
    assert "demo data: Ashka, Corvin, Delphi, Eskel are fictional, from the DEMO set; the other heroes are" in out
    assert "fictional heroes from the DEMO set, not the published game's" not in out
    data = json.loads(run("arena", "team", "validate", t, "--json").output)
    assert data["demo_heroes"] == ["Ashka", "Corvin", "Delphi", "Eskel"]
    u = write(workspace / "u.toml", ["Galen", "Hesper", "Ilya", "Jorund", "Kestrel"], "Bob")
    assert (
        "demo data: fictional heroes from the DEMO set, not the published game's"
        in run("arena", "team", "validate", u).stdout
    )


def test_show_reads_and_says_from(run, workspace):
    run("arena", "draft", "--players", "Ann,Bob", "--seed", "8", "--save", "d")
    out = run("arena", "show", "d").stdout
    assert "from drafts/d.toml" in out.replace("\\", "/") and "saved to" not in out
    assert "saved to" in run("arena", "undo", "d").stdout


def test_setup_refuses_two_teams_sharing_a_hero(run, workspace):
    cite(
        "003",
        "Decide which player will pick the first hero deck, then take turns selecting hero's until "
        "both players have 5 heroes.",
    )
    a = write(workspace / "a.toml", ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"], "Ann")
    b = write(workspace / "b.toml", ["Ashka", "Hesper", "Ilya", "Jorund", "Kestrel"], "Bob")
    r = run("arena", "setup", a, b, expect=2)
    assert "Ashka is in 2 teams (Ann, Bob)" in r.stderr and "give Bob another hero" in r.stderr
    assert "skyforge arena team validate checks a team file" in r.stderr  # a command that exists
    run("arena", "team", "validate", a)
    assert "Traceback" not in r.output


def test_a_draft_of_the_other_game_is_refused_by_name(run, workspace):
    run("arena", "draft", "--players", "Ann,Bob", "--seed", "8", "--save", "a")
    run("onward", "draft", "--seed", "8", "--save", "o")
    assert "'a' is a Skybound: Arena draft, not an Onward one" in run("onward", "show", "a", expect=2).stderr
    assert "'o' is an Onward draft, not a Skybound: Arena one" in run("arena", "pick", "o", expect=2).stderr
    assert "'o' is not a Skybound: Arena draft" in run("arena", "setup", "--draft", "o", expect=2).stderr


def test_setup_draws_names_and_hints_as_written(run, workspace):
    """A name with brackets, and the hint naming a [[cards]] entry, print as written (not as markup);
    heroes of the player's own catalog are not called the published game's."""
    mine = workspace / "mine.toml"
    mine.write_text('[[cards]]\nkind = "arena-hero"\nname = "Quill [the] Bold"\nhero_class = "crimson"\n')
    a = write(workspace / "a.toml", ["Quill [the] Bold", "Brenna", "Corvin", "Delphi", "Eskel"], "Ann [1]")
    b = write(workspace / "b.toml", ["Galen", "Hesper", "Ilya", "Jorund", "Kestrel"], "Bob")
    out = run("--catalog", "@demo", "--catalog", str(mine), "arena", "setup", a, b).output
    assert "1. Ann [1]: bench Quill [the] Bold, Brenna" in out
    assert "action cards not known: Quill [the] Bold (fill in action_cards in" in out
    assert "published game's" not in out and "the other heroes are not demo data" in out


def test_classes_are_one_word_in_any_case(run, workspace, tmp_path):
    cite("003", "A player's team (5 heroes) may only have ONE of any class (colour) of hero included in it.")
    mine = tmp_path / "heroes.toml"
    mine.write_text(
        '[[sets]]\ncode = "MYA"\nname = "Mine"\ngame = "skybound-arena"\n'
        + "".join(
            f'\n[[cards]]\ncode = "MYA.00{i}"\nkind = "arena-hero"\nname = "{name}"\nhero_class = "{cls}"\n'
            for i, (name, cls) in enumerate(
                [("Ada", "Crimson"), ("Bea", "crimson"), ("Cy", "crimson "), ("Di", "Azure"), ("Ed", "verdant")], 1
            )
        ),
        encoding="utf-8",
    )
    team = write(workspace / "t.toml", ["Ada", "Bea", "Cy", "Di", "Ed"])
    r = run("--catalog", str(mine), "arena", "team", "validate", team, "--json", expect=1)
    violations = json.loads(r.output)["violations"]
    assert [v["rule"] for v in violations] == ["one-per-class"]
    assert violations[0]["heroes"] == ["Ada", "Bea", "Cy"] and "class crimson" in violations[0]["message"]
    heroes = json.loads(run("--catalog", str(mine), "arena", "heroes", "--json").output)
    assert {h["class"] for h in heroes if (h["code"] or "").startswith("MYA")} == {"crimson", "azure", "verdant"}


def test_a_two_vs_two_draft_sets_up_a_two_vs_two_game(run, workspace):
    cite(
        "003",
        "In a two versus two player game, the first player team to score 50 points wins the game.",
        "Players on the same team should take alternating turns.",
        "A player's team (5 heroes) may only have ONE of any class (colour) of hero included in it.",
    )
    args = ("arena", "draft", "--players", "Ann,Bob,Cy,Dee", "--two-vs-two", "--seed", "6")
    data = json.loads(run(*args, "--save", "duo", "--json").output)
    assert data["complete"] and data["mode"] == "2v2" and data["score_to_win"] == 50
    assert data["sides"] == [["Ann", "Cy"], ["Bob", "Dee"]] and data["pick_order"] == ["Ann", "Bob", "Cy", "Dee"]
    assert [s["player"] for s in data["steps"]] == ["Ann", "Bob", "Cy", "Dee"] * 5
    heroes = [h for team in data["teams"].values() for h in team]
    assert len(heroes) == 20 == len(set(heroes))  # each hero is picked by one player only
    assert "003 says who chooses the first player for two players only" in data["notes"]
    setup = json.loads(run("arena", "setup", "--draft", "duo", "--json").output)
    assert setup["mode"] == "2v2" and setup["score_to_win"] == 50
    assert setup["sides"] == [["Ann", "Cy"], ["Bob", "Dee"]]
    assert [p["player"] for p in setup["players"]] == ["Ann", "Bob", "Cy", "Dee"]
    assert "sides: Ann & Cy vs Bob & Dee" in run("arena", "show", "duo").stdout
    # four players are a two versus two game; two are not
    r = run("arena", "draft", "--players", "Ann,Bob,Cy,Dee", expect=2)
    assert "four players draft a two versus two game" in r.stderr and "--two-vs-two" in r.stderr
    r = run("arena", "draft", "--players", "Ann,Bob", "--two-vs-two", expect=2)
    assert "takes 4 players" in r.stderr
    # a saved draft must name its players in turn order
    path = workspace / "drafts" / "duo.toml"
    path.write_text(path.read_text().replace("second = ", "fifth = "), encoding="utf-8")
    r = run("arena", "show", "duo", expect=2)
    assert "drafts/duo.toml" in r.stderr and "unknown team 'fifth'" in r.stderr


def test_benidias_inferred_class_is_marked_wherever_it_shows(run, workspace, tmp_path):
    cite("003", "use the enchanter Skill of Benidia to give +1 power to Yaesia")
    team = write(workspace / "t.toml", ["Benidia", "Ashka", "Brenna", "Corvin", "Delphi"])
    out = run("arena", "team", "validate", team).stdout
    assert "Benidia (enchanter (inferred))" in out and "inferred, not stated by the rulebooks — Benidia's class" in out
    data = json.loads(run("arena", "team", "validate", team, "--json").output)
    benidia = next(h for h in data["heroes"] if h["name"] == "Benidia")
    assert benidia["class"] == "enchanter" and "enchanter Skill" in benidia["inferred"]["class"]
    assert next(h for h in data["heroes"] if h["name"] == "Ashka")["inferred"] == {}
    # a hero of one's own whose class is written "Enchanter": the same class, and the clash says what is inferred
    mine = tmp_path / "mine.toml"
    mine.write_text(
        '[[sets]]\ncode = "MYA"\nname = "Mine"\ngame = "skybound-arena"\n\n'
        '[[cards]]\ncode = "MYA.001"\nkind = "arena-hero"\nname = "Zora"\nhero_class = "Enchanter"\n',
        encoding="utf-8",
    )
    both = write(workspace / "both.toml", ["Benidia", "Zora"])
    r = run("--catalog", "@shipped", "--catalog", str(mine), "arena", "team", "validate", both, "--json", expect=1)
    clash = next(v for v in json.loads(r.output)["violations"] if v["rule"] == "one-per-class")
    assert "class enchanter (Benidia, Zora)" in clash["message"] and "Benidia: class inferred" in clash["message"]
    r = run(
        "--catalog",
        "@shipped",
        "--catalog",
        str(mine),
        "arena",
        "draft",
        "--players",
        "Ann,Bob",
        "--picks",
        "Benidia,Ashka,Zora",
        expect=2,
    )
    assert "Ann has enchanter (Benidia; Benidia: class inferred)" in r.stderr


# -- Arena: the player who picked second chooses who goes first ----------------------------------


def test_arena_draft_and_setup_say_the_second_picker_chooses_who_goes_first(run):
    cite("003", "The player that selected second, then chooses if they want to go first or second.")
    closing = run("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "t").stdout
    assert "Bob picked second, so Bob chooses who goes first (003 Setup)." in closing
    assert "Bob chooses who goes first" in run("arena", "setup", "--draft", "t").stdout
    data = json.loads(run("arena", "setup", "--draft", "t", "--first", "Bob", "--json").stdout)
    assert data["first_player"].endswith("Bob goes first.")
    assert data["players"][0]["player"] == "Bob"


# -- a team file from standard input -----------------------------------------------------------


def test_dash_for_team_files(run, workspace: Path):
    team = 'schema = 1\nplayer = "Ann"\nheroes = ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"]\n'
    (workspace / "teams").mkdir()
    (workspace / "teams" / "bob.toml").write_text(team.replace("Ann", "Bob"))
    out = run("arena", "team", "validate", "-", input=team, expect=None).stdout
    assert "<stdin>: Ann" in out
    out = run("arena", "setup", "-", "bob", input=team, expect=None)
    assert "Ann" in out.stdout + out.stderr


# -- Arena draft and team files: strict models -----------------------------------------------------


def test_arena_draft_needs_both_players(run, workspace):
    run("arena", "draft", "--players", "Ann,Bob", "--seed", "1", "--save", "a")
    path = workspace / "drafts" / "a.toml"
    text = path.read_text()
    path.write_text(text.replace("first = [", "fifth = [", 1).replace("[players]", "[players]\n", 1))
    err = run("arena", "show", "a", expect=2).stderr
    assert "players: unknown team 'fifth'" in err
    path.write_text(text.replace("first = [", "third = [", 1))  # a team of four players' draft, out of turn order
    err = run("arena", "show", "a", expect=2).stderr
    assert "a player for each team (first, second), in turn order (with four players, also third, fourth)" in err


def test_arena_draft_players_table_without_first(run, workspace):
    run("arena", "draft", "--players", "Ann,Bob", "--seed", "1", "--save", "a")
    path = workspace / "drafts" / "a.toml"
    lines = path.read_text().splitlines()
    start = lines.index("first = [")
    del lines[start : start + 3]
    path.write_text("\n".join(lines) + "\n")
    err = run("arena", "show", "a", expect=2).stderr
    assert "drafts/a.toml:" in err and "players: an Arena draft names a player for each team (first, second)" in err


@pytest.mark.parametrize(
    "body, expected",
    [
        ('player = 3\nheroes = ["a"]', "teams/t.toml:2: player: must be text in quotes (got 3)"),
        ("heroes = [1]", "teams/t.toml:2: heroes[0]: must be text in quotes (got 1)"),
        ('heroes = ["a"]\nherose = 1', "teams/t.toml:3: herose: unknown key 'herose'"),
    ],
)
def test_arena_team_files_are_checked(run, workspace, body, expected):
    (workspace / "teams").mkdir()
    (workspace / "teams" / "t.toml").write_text("schema = 1\n" + body + "\n")
    assert expected in run("arena", "team", "validate", "t", expect=2).stderr
