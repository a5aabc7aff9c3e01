"""Player and catalog text prints as written in every human view (never read as console markup).

Names of players, decks, cards, heroes and files may hold brackets and backslashes: "[AFK] Bo",
a hint quoting ``[[cards]]``, a path ending in ``\\``. The human views draw console markup, so such
text goes in as a ``rich.text.Text`` (rich's ``escape`` is right only when a tag follows: ``a\\``
then plain text would print doubled): these tests run the commands with such names and look for
them, character for character, in what is printed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import EXAMPLE_DECKS

#: text that console markup would read as tags or escapes if it were not escaped
TRICKY = ["[x]", "[bold]", "[/]", "\\", "a\\", "[AFK] a\\[x] [/]\\", "[[cards]] [red]"]


def in_file_name(text: str) -> str:
    """The text in a file's name: '@' for '/' (``[@]`` is read as a tag too)."""
    return text.replace("/", "@")


def toml_string(text: str) -> str:
    return json.dumps(text)  # a JSON string is a TOML basic string (backslashes escaped)


@pytest.fixture
def catalog(workspace):
    """A catalog file of the player's own, named with the text, holding a card and a hero named with it."""

    def make(text: str) -> list[str]:
        path = workspace / f"mine {in_file_name(text)}.toml"
        path.write_text(
            f'[[cards]]\nkind = "alliance"\nname = {toml_string("Gull " + text)}\nfaction = "liothan"\n'
            f'rarity = "base"\ntype = "ally"\ncost = 2\n\n'
            f'[[cards]]\nkind = "arena-hero"\nname = {toml_string("Quill " + text)}\nhero_class = "crimson"\n',
            encoding="utf-8",
        )
        return ["--catalog", "@demo", "--catalog", str(path)]

    return make


def lines(result) -> list[str]:
    return [line.rstrip() for line in result.output.splitlines()]


def rows(result) -> list[list[str]]:
    """A table's rows as their cells (piped, cells are set apart by two spaces or more)."""
    return [re.split(r"\s{2,}", line.strip()) for line in result.output.splitlines()]


@pytest.mark.parametrize("text", TRICKY)
def test_series_players(run, text):
    ann = f"Ann {text}"
    new = run("series", "new", "fri", "--best-of", "3", "--players", f"{ann},Bob", "--deck-size", "30")
    assert f"fri: best of 3 — trophies: {ann} 0, Bob 0" in lines(new)
    won = lines(run("series", "win", "fri", "--player", ann))
    assert f"  match 1 (30-card decks): won by {ann}" in won
    assert f"  first player: {ann}" in won and f"  {ann} draws 0 extra cards" in won
    run("series", "win", "fri", "--player", ann)
    assert f"{ann} wins the series." in lines(run("series", "show", "fri"))


@pytest.mark.parametrize("text", TRICKY)
def test_draft_players(run, text):
    ann = f"Ann {text}"
    arena = run("arena", "draft", "--players", f"{ann},Bob", "--seed", "3")
    assert [ann, ann] in [row[:2] for row in rows(arena)]
    assert any(line.startswith(f"steps: 1. {ann} pick ") for line in lines(arena))
    onward = lines(run("onward", "draft", "--method", "snake", "--players", f"{ann},Bob", "--seed", "7"))
    assert any(f" {ann} " in line and line.split()[0] in ("light", "shadow", "Light", "Shadow") for line in onward), (
        onward
    )
    assert f"{ann} (" in "\n".join(onward)  # the setup that follows names the player and the team


@pytest.mark.parametrize("text", TRICKY)
def test_a_draft_in_progress_names_the_player_to_pick(run, text):
    ann = f"Ann {text}"
    paused = lines(run("arena", "draft", "--players", f"{ann},Bob", "--seed", "3", "--pause"))
    assert paused[0].endswith(f" — in progress, next: turn 1, {ann} picks"), paused


@pytest.mark.parametrize("text", TRICKY)
def test_campaign_players(run, text):
    ann = f"Ann {text}"
    out = lines(
        run(
            "campaign",
            "new",
            "spring",
            "--castle",
            "DEMO.001",
            "--player",
            f"{ann}=demo-blue-wall",
            "--outsider",
            "Orrun the Everwake",
            "--hordes",
            "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
            "--difficulty",
            "2",
            "--seed",
            "1",
        )
    )
    assert any(
        line.startswith("spring: game 1/4 ") and f"next: {ann} chooses a starting deck" in line for line in out
    ), out
    started = lines(run("campaign", "start-deck", "spring", "--player", ann, "--auto"))
    assert started[0].startswith(f"{ann}'s starting deck: ")
    assert any(line.startswith(f"{ann}: castle DEMO.001 ") for line in lines(run("campaign", "show", "spring")))


@pytest.mark.parametrize("text", TRICKY)
def test_deck_views(run, workspace, text):
    deck = (EXAMPLE_DECKS / "demo-blue-wall.toml").read_text(encoding="utf-8")
    deck = (
        deck.replace('name = "Blue Wall"', f"name = {toml_string('Wall ' + text)}")
        .replace('player = "Alice"', f"player = {toml_string('Ann ' + text)}")
        .replace("[cards]\n", f"[cards]\n{toml_string('Card ' + text)} = 1\n")
    )
    (workspace / "decks" / "tricky.toml").write_text(deck, encoding="utf-8")
    assert ["tricky", f"Wall {text}", f"Ann {text}", "DEMO.001 Saltglass Bastion", "41", "✗ 2"] in rows(
        run("deck", "list")
    )
    shown = lines(run("deck", "show", "tricky"))
    assert shown[0].startswith(f"Wall {text} (Ann {text}) — castle DEMO.001 Saltglass Bastion · ")
    assert any(f"Card {text}" in line for line in shown[1:]), shown
    diff = lines(run("deck", "diff", "tricky", "demo-blue-wall", expect=1))
    assert diff[0] == f"Wall {text} (41) → Blue Wall (40)"
    assert f"Card {text}" in "\n".join(diff[1:])
    assert any(line.endswith(f"  Card {text}") for line in diff[1:]), diff  # nothing printed after it


@pytest.mark.parametrize("text", TRICKY)
def test_catalog_text(run, catalog, text):
    mine = catalog(text)
    checked = lines(run(*mine, "catalog", "check"))
    assert f"yours: {mine[-1]}" in checked[0]
    found = rows(run(*mine, "cards", "search", "Gull", "--kind", "alliance"))
    assert ["—", f"Gull {text}", "liothan", "base", "ally", "2"] in found
    assert lines(run(*mine, "cards", "show", f"Gull {text}"))[0] == f"—  Gull {text}  user data"
    assert [f"Quill {text}", "—", "crimson", "0", "user"] in rows(run(*mine, "arena", "heroes"))
    owned = f"owned {in_file_name(text)}.toml"
    assert lines(run(*mine, "collection", "add", "DEMO.007", "--file", owned))[1] == f"{owned} (its comments are kept)"
    assert lines(run(*mine, "collection", "show", "--file", owned))[-1] == f"1 card in all, 1 different ({owned})"


@pytest.mark.parametrize("text", TRICKY)
def test_battle_plan_deck_names(run, text):
    wall = f"Wall {text}"
    run("plan", "use", "--plan", "demo", "--decks", wall)
    assert f"Next: {wall} (0 wins) vs Gloomcrawlers" in lines(run("plan"))
    run("plan", "record", wall, "demo-thornmaw", "--won", "--new")
    assert [wall, "·", "·", "1W", "1"] in rows(run("plan", "show"))


# -- safe exports: CSV cells, Markdown and HTML escape player text ---------------------------------


def _deck(workspace: Path, name: str, text: str) -> Path:
    path = workspace / "decks" / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


EVIL = '=HYPERLINK(\\"http://x\\")'


def test_csv_cells_never_start_a_formula(run, workspace):
    import csv
    import io

    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    _deck(
        workspace,
        "evil",
        text.replace('name = "Blue Wall"', f'name = "{EVIL}"').replace('player = "Alice"', 'player = "@SUM(A1)"'),
    )
    out = run("deck", "export", "evil", "--format", "csv").stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["deck"] == '\'=HYPERLINK("http://x")' and rows[0]["player"] == "'@SUM(A1)"
    for row in rows:
        assert not any(str(v).startswith(("=", "+", "-", "@", "\t", "\r")) for v in row.values())
    (workspace / "evil.csv").write_text(out)
    run("deck", "import", "evil.csv", "-o", "back.toml")
    assert 'name = "=HYPERLINK' in (workspace / "back.toml").read_text()


def test_markdown_escapes_raw_html_and_emphasis(run, workspace):
    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    _deck(workspace, "evil", text.replace('name = "Blue Wall"', 'name = "<script>x</script> *bold* [a](b)"'))
    out = run("deck", "export", "evil", "--format", "md").stdout
    assert "<script>" not in out and "# \\<script\\>x\\</script\\> \\*bold\\* \\[a\\](b)" in out
    (workspace / "evil.md").write_text(out)
    run("deck", "import", "evil.md", "-o", "back.toml")
    assert 'name = "<script>x</script> *bold* [a](b)"' in (workspace / "back.toml").read_text()


def test_html_sheet_stays_escaped(run, workspace):
    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    _deck(workspace, "evil", text.replace('name = "Blue Wall"', 'name = "<script>x</script>"'))
    out = run("deck", "export", "evil", "--format", "html").stdout
    assert "<script>" not in out and "&lt;script&gt;" in out


# -- what reaches the terminal: no escape sequences from player text -------------------------------


def _put(workspace: Path, where: str, text: str) -> Path:
    path = workspace / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


EVIL_TERMINAL = "Evil\\u001b[2J\\u001b]0;title\\u0007\\u001b]8;;http://x\\u001b\\\\link\\u009b\\r"


def _evil_deck(workspace: Path) -> None:
    import re

    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    text = re.sub(r"(?m)^name = .*$", lambda m: f'name = "{EVIL_TERMINAL}"', text, count=1)
    text = re.sub(r"(?m)^player = .*$", lambda m: 'player = "P\\u001b[31m"', text, count=1)
    _put(workspace, "decks/evil.toml", text)


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "show", "evil"),
        ("deck", "list"),
        ("deck", "validate", "evil"),
        ("deck", "export", "evil", "--format", "text"),
        ("deck", "stats", "evil"),
    ],
)
def test_escape_sequences_in_player_text_never_reach_the_terminal(run, workspace, args):
    _evil_deck(workspace)
    result = run(*args, expect=None)
    assert result.exit_code in (0, 1)
    out = result.stdout + result.stderr
    assert "\x1b" not in out and "\x9b" not in out and "\r" not in out and "\x07" not in out
    assert "Evil^[[2J" in out


def test_json_keeps_control_characters_escaped(run, workspace):
    import json

    _evil_deck(workspace)
    out = run("deck", "show", "evil", "--json").stdout
    assert "\x1b" not in out and "\x9b" not in out and "\\u001b[2J" in out and "\\u009b" in out
    assert json.loads(out)["name"].startswith("Evil\x1b[2J")


def test_a_share_code_from_chat_prints_no_escape_sequences(run, workspace):
    _evil_deck(workspace)
    code = run("deck", "export", "evil", "--format", "code").stdout.strip()
    result = run("deck", "import", code, "--name", "pasted", expect=None)
    out = result.stdout + result.stderr
    assert result.exit_code in (0, 1) and "\x1b" not in out and "\x9b" not in out


# -- what reaches the terminal: no character that reorders or hides what is read --------------------

#: a right-to-left override, an isolate, a direction mark and a zero-width space: each would make a
#: name read otherwise than it is written ("Gull‮sknaB" shows as "GullBanks")
BIDI = "Gull\u202esknaB\u2066x\u2069\u200fy\u200bz"


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "show", "bidi"),
        ("deck", "list"),
        ("deck", "validate", "bidi"),
        ("deck", "stats", "bidi"),
        ("deck", "diff", "bidi", "demo-blue-wall"),
        ("deck", "draw", "bidi", "--seed", "1", "--turns", "36"),
        ("deck", "export", "bidi", "--format", "text"),
        ("cards", "search", "Gull"),
        ("cards", "show", "DEMO.250"),
        ("series", "show", "s"),
    ],
)
def test_characters_that_reorder_or_hide_text_are_shown_by_their_code(run, workspace, args):
    own = _put(
        workspace,
        "bidi-cards.toml",
        f'[[cards]]\ncode = "DEMO.250"\nkind = "alliance"\nname = {toml_string(BIDI)}\nfaction = "liothan"\n'
        'rarity = "base"\ntype = "ally"\ncost = 2\n',
    )
    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    text = re.sub(r"(?m)^name = .*$", lambda m: f"name = {toml_string(BIDI)}", text, count=1)
    _put(workspace, "decks/bidi.toml", text.replace("[cards]\n", '[cards]\n"DEMO.250" = 1\n', 1))
    run("series", "new", "s", "--best-of", "3", "--players", f"Ann,{BIDI}", "--deck-size", "30")
    result = run("--catalog", "@demo", "--catalog", str(own), *args, expect=None)
    assert result.exit_code in (0, 1), result.output
    out = result.stdout + result.stderr
    assert not any(ch in out for ch in "\u202e\u2066\u2069\u200f\u200b"), out
    assert "Gull<U+202E>sknaB<U+2066>x<U+2069><U+200F>y<U+200B>z" in out


def test_json_keeps_such_characters_as_written(run, workspace):
    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    text = re.sub(r"(?m)^name = .*$", lambda m: f"name = {toml_string(BIDI)}", text, count=1)
    _put(workspace, "decks/bidi.toml", text)
    assert json.loads(run("deck", "show", "bidi", "--json").stdout)["name"] == BIDI


def test_a_bare_carriage_return_in_a_csv_export_stays_in_its_cell(run, workspace):
    """A bare \\r in a player's name once split the row, so "=..." began a new row unguarded."""
    path = workspace / "decks" / "demo-blue-wall.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('player = "Alice"', 'player = "Bo\\r=HYPERLINK(1)"', 1)
    path.write_text(text, encoding="utf-8")
    run("deck", "export", "demo-blue-wall", "--format", "csv", "-o", "out.csv")
    out = (workspace / "out.csv").read_bytes().decode("utf-8")
    rows = out.split("\n")
    assert '"Bo\r=HYPERLINK(1)"' in rows[1] and rows[1].startswith('"')
    (workspace / "again.csv").write_text(out, encoding="utf-8", newline="")
    imported = run("deck", "import", "again.csv", "-o", "again.toml")
    assert "Traceback" not in imported.output
    assert "Bo\r=HYPERLINK(1)" in (workspace / "again.toml").read_text(encoding="utf-8").replace("\\r", "\r")


@pytest.mark.parametrize("fmt", ["html", "page"])
def test_html_files_never_keep_raw_escape_bytes(run, workspace, fmt):
    """A player's name and a deck's name holding ESC, CSI (C1) and BEL: the HTML written to a file
    shows them as a terminal does (pages.escape), so `cat` of the file runs nothing."""
    path = workspace / "decks" / "demo-blue-wall.toml"
    text = path.read_text(encoding="utf-8").replace('player = "Alice"', 'player = "Al\\u001b[2Jice\\u009b\\u0007"')
    path.write_text(text.replace('name = "Blue Wall"', 'name = "Blue\\u001b]0;x\\u0007 Wall"'), encoding="utf-8")
    run("deck", "export", "demo-blue-wall", "--format", fmt, "-o", "out.html")
    written = (workspace / "out.html").read_bytes().decode("utf-8")
    assert not any(ch in written for ch in "\x1b\x9b\x07")
    assert "Al^[[2Jice" in written and "Blue^[]0;x^G Wall" in written
