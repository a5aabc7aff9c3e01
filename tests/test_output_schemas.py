"""Every command's ``--json`` is described by its schema (``skyforge schema NAME``).

The JSON a command prints is the dump of the result the library returns, and ``skyforge schema``
prints that result's JSON Schema: each case runs the real command (after the commands that give it
something to say) and checks every key and value it prints against the schema.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skyforge.cli.schema import OUTPUTS

from .schema_util import problems

TEAM = 'schema = 1\nplayer = "{player}"\nheroes = [{heroes}]\n'
SNAKE = ("onward", "draft", "--method", "snake", "--one-per-color", "--players", "Ann,Bob", "--seed", "7")
FIRST_GAME = ("onward", "draft", "--first-game", "--players", "Ann,Bob,Cy,Dee", "--seed", "3")
RECORD = ("plan", "record", "demo-blue-wall", "demo-thornmaw", "--won", "--new", "--date", "2024-01-02")
SERIES = ("series", "new", "fri", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
CASTLE = ("--set", "kind=castle", "--set", "code=CAM.040", "--set", "name=My Keep", "--set", "requires=Nowhere Thing")

#: (schema name, commands run first, the command whose --json is checked, its exit status)
#: the example campaign of a fresh clone, part-way through
EXAMPLE_CAMPAIGN = (Path(__file__).parents[1] / "campaigns" / "example.toml").read_text(encoding="utf-8")

CASES: list[tuple[str, list[tuple[str, ...]], tuple[str, ...], int]] = [
    ("deck-show", [], ("deck", "show", "demo-blue-wall"), 0),
    ("campaign-show", [("write", "campaigns/example.toml", EXAMPLE_CAMPAIGN)], ("campaign", "show", "example"), 0),
    ("deck-stats", [], ("deck", "stats", "demo-blue-wall"), 0),
    ("deck-diff", [], ("deck", "diff", "demo-blue-wall", "demo-green-grove"), 1),
    ("deck-draw", [], ("deck", "draw", "demo-blue-wall", "--mulligan", "--seed", "3"), 0),
    ("deck-validate", [], ("deck", "validate", "demo-blue-wall", "demo-green-grove"), 0),
    ("deck-list", [("write", "decks/broken.toml", "not [toml")], ("deck", "list"), 0),
    ("deck-premade", [], ("deck", "premade", "DEMO", "liothan", "--seed", "7"), 0),
    (
        "deck-import",
        [("deck", "export", "demo-blue-wall", "demo-green-grove", "--format", "code", "-o", "two.txt")],
        ("deck", "import", "two.txt", "--name", "two"),
        0,
    ),
    (
        "deck-import",
        [("write", "list.txt", "Castle: DEMO.014\n2x Gullwing Lookout\n1 Nothing Like It\n")],
        ("deck", "import", "list.txt", "--skip-unresolved"),
        0,
    ),
    ("deck-history", [("deck", "add", "demo-blue-wall", "DEMO.007")], ("deck", "history", "demo-blue-wall"), 0),
    ("catalog-check", [], ("catalog", "check"), 0),
    ("catalog-add", [], ("catalog", "add", "mine.toml", *CASTLE), 0),
    ("cards-search", [], ("cards", "search", "heal"), 0),
    ("cards-search", [], ("cards", "search", "--for", "demo-blue-wall", "--with", "demo-green-grove"), 0),
    ("cards-show", [], ("cards", "show", "DEMO.014"), 0),
    ("cards-show", [], ("cards", "show", "DEMO.001", "DEMO.014", "DEMO.205"), 0),
    ("castles", [], ("castles",), 0),
    ("collection-show", [], ("collection", "show"), 0),
    ("game-setup", [], ("game", "setup", "--first-game", "DEMO", "--seed", "1"), 0),
    ("game-setup", [], ("game", "setup", "--random", "--mode", "coop", "--seed", "5"), 0),
    ("game-difficulty", [], ("game", "difficulty", "--difficulty", "3", "--hordes", "demo-thornmaw"), 0),
    ("plan-next", [RECORD], ("plan", "--seed", "3"), 0),
    ("plan-show", [RECORD], ("plan", "show"), 0),
    ("plan-record", [], RECORD, 0),
    ("plan-undo", [RECORD], ("plan", "undo"), 0),
    ("onward-heroes", [], ("onward", "heroes"), 0),
    ("onward-draft", [], SNAKE, 0),
    ("onward-draft", [], FIRST_GAME, 0),
    ("onward-draft", [], ("onward", "draft", "--map", "two-lane", "--team-size", "4", "--seed", "7"), 0),
    ("onward-pick", [(*SNAKE, "--save", "fri", "--pause")], ("onward", "pick", "fri", "--random"), 0),
    ("onward-show", [(*SNAKE, "--save", "fri", "--pause")], ("onward", "show", "fri"), 0),
    ("onward-undo", [(*SNAKE, "--save", "fri")], ("onward", "undo", "fri"), 0),
    ("onward-split", [(*FIRST_GAME, "--save", "first")], ("onward", "split", "first", "Ann", "Miyuki"), 0),
    ("arena-heroes", [], ("arena", "heroes"), 0),
    ("arena-draft", [], ("arena", "draft", "--players", "Ann,Bob", "--seed", "3"), 0),
    ("arena-draft", [], ("arena", "draft", "--players", "Ann,Bob,Cy,Dee", "--two-vs-two", "--seed", "3"), 0),
    (
        "arena-pick",
        [("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "duo", "--pause")],
        ("arena", "pick", "duo", "--random"),
        0,
    ),
    (
        "arena-show",
        [("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "duo")],
        ("arena", "show", "duo"),
        0,
    ),
    (
        "arena-undo",
        [("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "duo")],
        ("arena", "undo", "duo"),
        0,
    ),
    (
        "arena-team-validate",
        [
            (
                "write",
                "teams/ann.toml",
                TEAM.format(player="Ann", heroes='"Ilya", "Kestrel", "Yarrow", "Vesna", "Ashka"'),
            )
        ],
        ("arena", "team", "validate", "ann"),
        0,
    ),
    (
        "arena-team-validate",
        [("write", "teams/bo.toml", TEAM.format(player="Bo", heroes='"Ilya", "Ilya", "Nobody"'))],
        ("arena", "team", "validate", "bo"),
        1,
    ),
    (
        "arena-setup",
        [("arena", "draft", "--players", "Ann,Bob,Cy,Dee", "--two-vs-two", "--seed", "3", "--save", "quad")],
        ("arena", "setup", "--draft", "quad"),
        0,
    ),
    ("series-new", [], SERIES, 0),
    ("series-win", [SERIES], ("series", "win", "fri", "--player", "Ann"), 0),
    ("series-show", [SERIES, ("series", "win", "fri", "--player", "Ann")], ("series", "show", "fri"), 0),
    ("series-undo", [SERIES, ("series", "win", "fri", "--player", "Ann")], ("series", "undo", "fri"), 0),
    ("history", [("deck", "add", "demo-blue-wall", "DEMO.007")], ("history",), 0),
    ("history", [("deck", "add", "demo-blue-wall", "DEMO.007")], ("history", "decks/demo-blue-wall.toml"), 0),
]

#: outputs whose commands need the deck assistant's solver: tests/test_assistant.py checks them
ELSEWHERE = {"deck-complete", "deck-build", "deck-plan"}


@pytest.mark.parametrize("name,before,args,status", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_commands_json_is_described_by_its_schema(run, workspace, name, before, args, status):
    for step in before:
        if step[0] == "write":
            (workspace / step[1]).parent.mkdir(parents=True, exist_ok=True)
            (workspace / step[1]).write_text(step[2], encoding="utf-8")
        else:
            run(*step)
    schema = json.loads(run("schema", name).stdout)
    data = json.loads(run(*args, "--json", expect=status).stdout)
    command = "plan" if name == "plan-next" else name.replace("-", " ")  # `skyforge plan` says what is next
    assert schema["title"] == f"skyforge {command} --json"
    assert problems(schema, data) == []


def test_every_output_is_checked():
    assert {c[0] for c in CASES} | ELSEWHERE == set(OUTPUTS)


def test_the_check_finds_what_a_schema_does_not_describe():
    schema = {
        "$defs": {"Row": {"properties": {"n": {"type": "integer"}}, "required": ["n"], "type": "object"}},
        "items": {"$ref": "#/$defs/Row"},
        "type": "array",
    }
    assert problems(schema, [{"n": 1}]) == []
    assert problems(schema, [{"n": "1"}]) == ["$[0].n: '1' is not integer"]
    assert problems(schema, [{"n": 1, "extra": 2}]) == ["$[0]: 'extra' is not described"]
    assert problems(schema, [{}]) == ["$[0]: 'n' is missing"]
    assert problems(schema, {"n": 1}) == ["$: {'n': 1} is not array"]
