"""Hardening II (issue 23): bounded work on every input, and a file system that may be hostile.

Each test is a reproducer from the issue: an input of at most 1 MB that once cost seconds,
gigabytes or a traceback, or a file system left in a state skyforge did not expect. Each gets
a clear error (exit 2, file and line) in bounded time. Inputs are as large as the bug needs.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from skyforge.storage.tomlfiles import MAX_DIGITS, MAX_KEY_PARTS, parse_toml

DECK_HEAD = 'schema = 1\nname = "x"\ncastle = "DEMO.001"\n'
#: not a speed test: a guard against the work these inputs caused before (seconds to minutes)
HANG = 20

#: a file of each kind, at its place in the workspace, and the command that reads it
KINDS = {
    "deck": ("decks/x.toml", ("deck", "validate", "x")),
    "collection": ("c.toml", ("deck", "validate", "demo-blue-wall", "--collection", "c.toml")),
    "catalog": ("cat.toml", ("--catalog", "cat.toml", "catalog", "check")),
    "campaign": ("campaigns/x.toml", ("campaign", "show", "x")),
    "draft": ("drafts/x.toml", ("onward", "show", "x")),
    "series": ("series/x.toml", ("series", "show", "x")),
    "plan": ("plan.toml", ("plan", "show")),
    "team": ("teams/x.toml", ("arena", "team", "validate", "x")),
}


def _put(workspace: Path, where: str, text: str) -> Path:
    path = workspace / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _timed(run, *args):
    start = time.monotonic()
    result = run(*args, expect=None)
    return time.monotonic() - start, result


# -- unbounded work ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_dotted_keys_are_refused_before_parsing_in_every_file_kind(run, workspace, kind):
    where, args = KINDS[kind]
    _put(workspace, where, "schema = 1\n" + "a." * 16_000 + "a = 1\n")
    seconds, result = _timed(run, *args)
    assert result.exit_code == 2 and seconds < HANG, result.output
    assert f"{where}:2: a key of more than {MAX_KEY_PARTS} dotted parts (the key-depth limit)" in result.stderr


@pytest.mark.parametrize(
    "text",
    ["[" + "a." * 30 + "a]\n", "[[" + "a." * 30 + "a]]\n", "x = {" + '"q" . ' * 30 + "a = 1}\n"],
)
def test_dotted_headers_and_quoted_parts_count_too(text):
    with pytest.raises(Exception, match="key-depth limit"):
        parse_toml(text, "f.toml")


@pytest.mark.parametrize(
    "text",
    [
        'x = "' + "a." * 100 + 'a"\n',
        "# " + "a." * 100 + "a\n",
        'x = """\n' + "a." * 100 + 'a\n"""\n',
        "x = '" + "a." * 100 + "a'\n",
        "[cards]\n" + "".join(f'"DEMO.{i:03d}" = 2\n' for i in range(1, 200)),
    ],
)
def test_dots_in_strings_and_comments_are_not_keys(text):
    parse_toml(text, "f.toml")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_number_of_5000_digits_is_bad_input_in_every_file_kind(run, workspace, kind):
    where, args = KINDS[kind]
    _put(workspace, where, "schema = 1\nzz = " + "9" * 5000 + "\n")
    result = run(*args, expect=2)
    assert f"{where}:2: a number of more than {MAX_DIGITS:,} digits (the number-length limit)" in result.stderr


def test_a_deck_with_a_huge_number_leaves_deck_list_working(run, workspace):
    _put(workspace, "decks/huge.toml", DECK_HEAD + '[cards]\n"DEMO.007" = ' + "1" * 5000 + "\n")
    out = run("deck", "list").stdout
    assert "huge" in out and "number-length limit" in out and "demo-blue-wall" in out


def test_csv_code_column_of_5000_digits(run, workspace):
    header = "code,kind,name,faction,rarity,type,cost\n"
    _put(workspace, "c.csv", header + "1" * 5000 + ",alliance,Fine,liothan,base,ally,2\n")
    err = run("catalog", "import", "c.csv", "--set", "MYS", "-o", "x.toml", expect=2).stderr
    assert "c.csv:2: code: not a card code" in err


@pytest.mark.parametrize("names", ["distinct", "duplicate"])
def test_csv_import_bounds_the_columns(run, workspace, names):
    from skyforge.catalog.csv_import import MAX_COLUMNS

    count = 20_000  # enough to be refused; the bug needed 100,000 to take seconds
    header = ",".join(f"c{i}" if names == "distinct" else "c" for i in range(count))
    _put(workspace, "w.csv", header + "\n")
    seconds, result = _timed(run, "catalog", "import", "w.csv", "-o", "x.toml")
    assert result.exit_code == 2 and seconds < HANG
    assert f"w.csv:1: {count:,} columns, over the card-import column limit of {MAX_COLUMNS}" in result.stderr


def test_a_bad_file_is_parsed_once(run, workspace, monkeypatch):
    import tomllib

    calls = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text, **kw: calls.append(len(text)) or real(text, **kw))
    _put(workspace, "decks/bad.toml", DECK_HEAD + '[cards]\n"DEMO.007" = "x"\n"Nothing" = 1\nzz = 1\n')
    err = run("deck", "validate", "bad", expect=2).stderr
    assert "must be a whole number" in err and "Nothing is not in the catalog" in err
    assert len([n for n in calls if n < 200]) == 1


def test_error_output_is_bounded(run, workspace):
    from skyforge.cli.output import MAX_JSON_PROBLEMS, MAX_SHOWN_PROBLEMS

    count = 3_000
    _put(workspace, "decks/bad.toml", DECK_HEAD + "[cards]\n" + "".join(f'"C{i}" = "x"\n' for i in range(count)))
    seconds, result = _timed(run, "deck", "validate", "bad")
    assert result.exit_code == 2 and seconds < HANG
    err = result.stderr
    assert err.startswith(f"error: {count:,} problems")
    assert err.count("must be a whole number") == MAX_SHOWN_PROBLEMS
    assert f"… and {count - MAX_SHOWN_PROBLEMS:,} more problems" in err and len(err) < 10_000
    data = __import__("json").loads(run("deck", "validate", "bad", "--json", expect=2).stdout)
    assert len(data["error"]["problems"]) == MAX_JSON_PROBLEMS and data["error"]["problems_left_out"] > 0


def test_deck_add_on_a_deck_padded_with_blank_lines(run, workspace):
    path = workspace / "decks" / "demo-blue-wall.toml"
    before = path.read_text()
    path.write_text(before + "\n" * 200_000)
    seconds, result = _timed(run, "deck", "add", "demo-blue-wall", "DEMO.016")
    assert result.exit_code in (0, 1) and seconds < HANG
    after = path.read_text()
    assert after.endswith("\n" * 200_000) and after.count("DEMO.016") == 1


def test_an_edit_keeping_comments_is_bounded(run, workspace):
    from skyforge.storage import MAX_EDIT_LINES

    path = workspace / "decks" / "demo-blue-wall.toml"
    text = path.read_text().replace("[cards]", "# note\n" * MAX_EDIT_LINES + "[cards]")
    path.write_text(text)
    err = run("deck", "add", "demo-blue-wall", "DEMO.016", expect=2).stderr
    assert f"decks/demo-blue-wall.toml: {text.count(chr(10)) + 1:,} lines, over the edit limit" in err
    assert path.read_text() == text
    collection = workspace / "collection.toml"
    collection.write_text(collection.read_text() + "# note\n" * MAX_EDIT_LINES)
    err = run("collection", "add", "DEMO.016", "--file", "collection.toml", expect=2).stderr
    assert "collection.toml: " in err and "over the edit limit" in err


def test_draft_teams_are_bounded(run, workspace):
    from skyforge.draft.session import MAX_TEAM_PLAYERS

    run("onward", "draft", "--method", "snake", "--players", "Ann,Bob", "--seed", "1", "--save", "d")
    path = workspace / "drafts" / "d.toml"
    text = path.read_text()
    many = ", ".join(f'"P{i}"' for i in range(50_000))
    text = text.replace('shadow = [\n    "Bob",\n]', f'shadow = ["Bob", {many}]')
    assert many in text
    path.write_text(text)
    seconds, result = _timed(run, "onward", "pick", "d", "--random")
    assert result.exit_code == 2 and seconds < HANG
    assert f"players.shadow: has more than {MAX_TEAM_PLAYERS} entries" in result.stderr


# -- the file system and the cache as someone else may leave them -----------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "export", "demo-blue-wall", "-o", "a" * 300 + ".txt"),
        ("catalog", "init", "b" * 4000),
        ("catalog", "import", "c.csv", "-o", "c" * 300 + ".toml"),
    ],
)
def test_an_output_name_too_long_is_bad_input(run, workspace, args):
    _put(workspace, "c.csv", "code,kind,name,faction,rarity,type,cost\nDEMO.199,alliance,Fine,liothan,base,ally,2\n")
    err = run(*args, expect=2).stderr
    assert "the file name is too long" in err and len(err) < 1000


def test_a_cache_folder_that_cannot_be_made_is_skipped(run, workspace):
    blocker = workspace / "not-a-folder"
    blocker.write_text("a file where the cache folder would go")
    env = {"SKYFORGE_CACHE_DIR": str(blocker / "skyforge")}
    run("deck", "validate", "demo-blue-wall", env=env)
    run("cards", "search", "wall", env=env)


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_link_planted_under_the_cache_name_is_never_followed(run, workspace, tmp_path):
    from skyforge.catalog import cache

    folder = tmp_path / "cache"
    folder.mkdir()
    env = {"SKYFORGE_CACHE_DIR": str(folder)}
    run("deck", "validate", "demo-blue-wall", env=env)  # writes the cache: its name is now known
    (name,) = [p.name for p in folder.glob("catalog-*.json")]
    for p in folder.glob("catalog-*.json"):
        p.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (folder / name).symlink_to(victim)
    run("deck", "validate", "demo-blue-wall", env=env)  # a miss: rebuilt and written
    assert victim.read_text() == "precious"
    assert not (folder / name).is_symlink() and (folder / name).read_bytes().startswith(b"{")
    assert cache.VERSION  # the module is the one under test


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("dangling", [False, True])
def test_a_data_file_linked_out_of_the_workspace_is_never_written(run, workspace, tmp_path, dangling):
    outside = tmp_path / "outside.toml"
    if not dangling:
        outside.write_text((workspace / "decks" / "demo-blue-wall.toml").read_text())
    before = outside.read_text() if not dangling else None
    link = workspace / "decks" / "x.toml"
    link.symlink_to(outside)
    args = ("deck", "add", "x", "DEMO.016") if not dangling else ("deck", "new", "x", "--castle", "DEMO.001")
    err = run(*args, expect=2).stderr
    assert "decks/x.toml: is a symbolic link to " + str(outside) in err
    assert (outside.read_text() if not dangling else None) == before and outside.exists() != dangling


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize(
    "folder, args",
    [
        (
            "campaigns",
            (
                *("campaign", "new", "c", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall"),
                *("--player", "Bo=demo-green-grove@DEMO.003", "--outsider", "Orrun the Everwake"),
                *("--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw", "--difficulty", "2"),
            ),
        ),
        ("drafts", ("onward", "draft", "--method", "snake", "--players", "Ann,Bob", "--seed", "1", "--save", "c")),
    ],
)
def test_dangling_links_in_other_folders_create_nothing(run, workspace, tmp_path, folder, args):
    (workspace / folder).mkdir()
    target = tmp_path / "anywhere.toml"
    (workspace / folder / "c.toml").symlink_to(target)
    err = run(*args, expect=2).stderr
    assert "is a symbolic link to" in err and not target.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_named_like_a_deck_never_blocks(run, workspace):
    os.mkfifo(workspace / "decks" / "x.toml")
    seconds, result = _timed(run, "deck", "list")
    assert result.exit_code == 0 and seconds < HANG and "demo-blue-wall" in result.stdout
    err = run("deck", "validate", "x", expect=2).stderr
    assert "decks/x.toml: is not a regular file" in err


def test_deck_rename_leaves_exactly_one_file_at_every_step(run, workspace, monkeypatch):
    import skyforge.workbench.editing as editing

    calls = []
    real = editing.os.replace
    monkeypatch.setattr(editing.os, "replace", lambda a, b: calls.append((a, b)) or real(a, b))
    run("deck", "rename", "demo-blue-wall", "wall-two")
    decks = workspace / "decks"
    assert not (decks / "demo-blue-wall.toml").exists() and (decks / "wall-two.toml").exists()
    moves = [(Path(a).name, Path(b).name) for a, b in calls if not Path(a).name.endswith(".tmp")]
    assert moves == [("demo-blue-wall.toml", "wall-two.toml")]  # the file moves in one step
    assert 'name = "wall-two"' in (decks / "wall-two.toml").read_text()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_linked_skyforge_folder_is_refused_before_anything_is_made(run, workspace, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (workspace / ".skyforge").symlink_to(outside)
    err = run("deck", "add", "demo-blue-wall", "DEMO.016", expect=2).stderr
    assert "is a symbolic link" in err and list(outside.iterdir()) == []


# -- what reaches the terminal ------------------------------------------------------------------------

EVIL = "Evil\\u001b[2J\\u001b]0;title\\u0007\\u001b]8;;http://x\\u001b\\\\link\\u009b\\r"


def _evil_deck(workspace: Path) -> None:
    import re

    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    text = re.sub(r"(?m)^name = .*$", lambda m: f'name = "{EVIL}"', text, count=1)
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


# -- messages ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, message, hint",
    [
        ('"3"', "must be a whole number (got '3')", "write 3 without quotes"),
        ("3.0", "must be a whole number (got 3.0)", "write 3, without a decimal point"),
        ("true", "must be a whole number (got True)", "write a whole number such as 3"),
        ("0", "must be at least 1 (got 0)", "use 1 or more"),
        ("100", "must be at most 99 (got 100)", "use 99 or less"),
        ("[]", "must be a whole number", "write a whole number such as 3"),
    ],
)
def test_type_and_range_errors_get_a_hint(run, workspace, value, message, hint):
    _put(workspace, "decks/t.toml", DECK_HEAD + f'[cards]\n"DEMO.007" = {value}\n')
    err = run("deck", "validate", "t", expect=2).stderr
    assert f'decks/t.toml:5: cards."DEMO.007": {message}' in err and f"hint: {hint}" in err


@pytest.mark.parametrize(
    "body, hint",
    [
        ("name = 3\ncastle = 'DEMO.001'\n", 'write it in quotes: "3"'),
        ('name = "x"\ncastle = "DEMO.001"\ncards = "DEMO.007"\n', "write a table"),
        ('name = ""\ncastle = "DEMO.001"\n', "write something between the quotes"),
    ],
)
def test_text_and_table_errors_get_a_hint(run, workspace, body, hint):
    _put(workspace, "decks/t.toml", "schema = 1\n" + body)
    assert f"hint: {hint}" in run("deck", "validate", "t", expect=2).stderr


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_newer_schema_points_at_its_line(run, workspace, kind):
    where, args = KINDS[kind]
    _put(workspace, where, "# written by a newer skyforge\nschema = 2\n")
    assert f"{where}:2: schema: this " in run(*args, expect=2).stderr


def test_plan_result_errors_point_at_their_entry(run, workspace):
    body = 'schema = 1\n\n[[results]]\ndeck = "a"\nhorde = "b"\nwon = true\n\n[[results]]\ndeck = "a"\nwonn = true\n'
    _put(workspace, "plan.toml", body)
    err = run("plan", "show", expect=2).stderr
    assert "plan.toml:8: required key 'horde' is missing in results[1]" in err
    assert "plan.toml:10: results[1].wonn: unknown key 'wonn'" in err


def test_a_share_code_with_a_count_of_a_hundred_million_says_so(run):
    import base64
    import zlib

    payload = b"DEMO.001\nx\n\nDEMO:7*100000000"
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = zlib.crc32(payload).to_bytes(4, "big") + deflate.compress(payload) + deflate.flush()
    code = "SF1." + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")
    err = run("deck", "import", code, "--name", "big", expect=2).stderr
    assert 'cards."DEMO.007": must be at most 99 (got 100000000)' in err and "damaged" not in err
