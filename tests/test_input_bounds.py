"""Input bounds: files, codes and lists of any size or nesting end in a clear error (exit 2, file, line,
the limit), in bounded work, never a traceback, a hang or silent acceptance."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from skyforge.catalog.codes import normalize_code
from skyforge.storage import MAX_DEPTH, MAX_FILE_BYTES
from skyforge.storage.tomlfiles import MAX_DIGITS, MAX_KEY_PARTS, parse_toml

DECK_HEAD = 'schema = 1\nname = "x"\ncastle = "DEMO.001"\n'

#: not a speed test (tools/fuzz.py checks the 2 s bound on a quiet machine): a guard against
#: the quadratic and unbounded work these inputs caused before (tens of seconds to minutes),
#: counted in CPU seconds of this process, which a machine busy with other work does not stretch
HANG = 20

MINI = Path(__file__).parent / "data" / "mini-catalog.toml"

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


def _deck(workspace: Path, name: str, text: str) -> Path:
    path = workspace / "decks" / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _put(workspace: Path, where: str, text: str) -> Path:
    path = workspace / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _timed(run, *args) -> tuple[float, object]:
    start = time.process_time()
    result = run(*args, expect=None)
    return time.process_time() - start, result


# -- nesting, file size, key depth and number length: refused before parsing -----------------------


def test_deep_nesting_is_refused_before_parsing(run, workspace):
    _deck(workspace, "deep", DECK_HEAD + "x = " + "[" * 500 + "]" * 500 + "\n")
    err = run("deck", "validate", "deep", expect=2).stderr
    assert f"decks/deep.toml:4: nested more than {MAX_DEPTH} deep (nesting-depth limit)" in err


@pytest.mark.parametrize("kind", ["deck", "collection", "campaign", "series", "draft", "plan", "catalog"])
def test_deep_nesting_in_every_file_kind(run, workspace, kind):
    body = "x = " + "{a = " * 300 + "1" + "}" * 300 + "\n"
    path = workspace / f"{kind}.toml"
    path.write_text(body)
    args = {
        "deck": ("deck", "validate", str(path)),
        "collection": ("deck", "validate", "demo-blue-wall", "--collection", str(path)),
        "catalog": ("--catalog", str(path), "catalog", "check"),
    }.get(kind)
    if args is None:
        folder = {"campaign": "campaigns", "series": "series", "draft": "drafts"}.get(kind)
        if folder:
            (workspace / folder).mkdir(exist_ok=True)
            path = workspace / folder / "x.toml"
            path.write_text(body)
            args = {
                "campaign": ("campaign", "show", "x"),
                "series": ("series", "show", "x"),
                "draft": ("onward", "show", "x"),
            }[kind]
        else:
            (workspace / "battle-plan.toml").write_text(body)
            args = ("plan", "show")
    err = run(*args, expect=2).stderr
    assert "nesting-depth limit" in err and ":1:" in err


def test_input_file_size_limit(run, workspace):
    _deck(workspace, "big", DECK_HEAD + "# " + "x" * MAX_FILE_BYTES + "\n")
    err = run("deck", "validate", "big", expect=2).stderr
    assert f"input-file size limit of {MAX_FILE_BYTES:,} bytes" in err and "big.toml" in err


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


def test_a_bad_file_is_parsed_once(run, workspace, monkeypatch):
    import tomllib

    calls = []
    real = tomllib.loads
    monkeypatch.setattr(tomllib, "loads", lambda text, **kw: calls.append(len(text)) or real(text, **kw))
    _put(workspace, "decks/bad.toml", DECK_HEAD + '[cards]\n"DEMO.007" = "x"\n"Nothing" = 1\nzz = 1\n')
    err = run("deck", "validate", "bad", expect=2).stderr
    assert "must be a whole number" in err and "Nothing is not in the catalog" in err
    assert len([n for n in calls if n < 200]) == 1


# -- share codes and long arguments ----------------------------------------------------------------


def test_a_long_share_code_imports(run, workspace):
    """An argument over 255 characters is never taken as a file name (it was OSError)."""
    rnd = random.Random(1)
    text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    name = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(300)).strip()
    _deck(workspace, "long", text.replace('name = "Blue Wall"', f'name = "{name}"'))
    code = run("deck", "export", "long", "--format", "code").stdout.strip()
    assert len(code) > 255
    out = run("deck", "import", code).stdout
    assert "imported" in out


def test_a_long_argument_is_not_a_file_name(run):
    err = run("deck", "validate", "x" * 300, expect=2).stderr
    assert "not a valid deck name" in err and "Traceback" not in err


def test_share_code_size_limits(run):
    from skyforge.workbench.sharecode import MAX_CODE_CHARS

    err = run("deck", "import", "SF1." + "A" * 130_000, expect=2).stderr
    assert f"over the share-code size limit of {MAX_CODE_CHARS:,}" in err


def test_share_code_decompressed_size_limit(run):
    """A small code that unpacks to a huge payload (a zip bomb) stops at the limit, at once."""
    import base64
    import zlib

    from skyforge.workbench.sharecode import MAX_CODE_CHARS, MAX_PAYLOAD_BYTES

    payload = b"x" * 10_000_000
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = zlib.crc32(payload).to_bytes(4, "big") + deflate.compress(payload) + deflate.flush()
    code = "SF1." + base64.urlsafe_b64encode(body).decode().rstrip("=")
    assert len(code) < MAX_CODE_CHARS
    start = time.process_time()
    err = run("deck", "import", code, expect=2).stderr
    assert time.process_time() - start < HANG
    assert f"decompressed-size limit of {MAX_PAYLOAD_BYTES:,} bytes" in err


def test_a_share_code_with_a_count_of_a_hundred_million_says_so(run):
    import base64
    import zlib

    payload = b"DEMO.001\nx\n\nDEMO:7*100000000"
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = zlib.crc32(payload).to_bytes(4, "big") + deflate.compress(payload) + deflate.flush()
    code = "SF1." + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")
    err = run("deck", "import", code, "--name", "big", expect=2).stderr
    assert 'cards."DEMO.007": must be at most 99 (got 100000000)' in err and "damaged" not in err


def test_normalize_code_is_linear():
    start = time.process_time()
    assert normalize_code("ab" + " " * 1_000_000) is None
    assert normalize_code("  cam . 14 ") == "CAM.014"
    assert time.process_time() - start < HANG


# -- counts: at most 99 copies of a card, never a huge number --------------------------------------


def test_huge_counts_never_reach_the_html_sheet(run, workspace):
    _deck(workspace, "huge", DECK_HEAD + '[cards]\n"DEMO.007" = 9223372036854775807\n')
    err = run("deck", "export", "huge", "--format", "html", expect=2).stderr
    assert 'decks/huge.toml:5: cards."DEMO.007": must be at most 99' in err


def test_a_count_of_a_hundred_million_never_reaches_the_html_sheet(run, workspace):
    _deck(workspace, "huge", DECK_HEAD + '[cards]\n"DEMO.007" = 100000000\n')
    err = run("deck", "export", "huge", "--format", "html", expect=2).stderr
    assert 'decks/huge.toml:5: cards."DEMO.007": must be at most 99' in err


def test_imported_counts_are_bounded(run, workspace):
    (workspace / "big.txt").write_text("Blue\n100000000 DEMO.007\n" + "9" * 5000 + " DEMO.008\n")
    out = run("deck", "import", "big.txt", expect=None)
    text = out.stdout + out.stderr
    assert "copy-count limit" in text and "Traceback" not in text


def test_deck_add_never_writes_more_than_99_copies(run, workspace):
    run("deck", "add", "demo-blue-wall", "DEMO.007x60")
    before = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    err = run("deck", "add", "demo-blue-wall", "DEMO.007x60", expect=2).stderr
    assert "DEMO.007 would have 123 copies; a deck holds at most 99 of one card (the copy-count limit)" in err
    assert (workspace / "decks" / "demo-blue-wall.toml").read_text() == before


# -- a megabyte of input: refused or read in bounded work ------------------------------------------


def test_a_deck_with_a_spaced_key_loads_quickly(run, workspace):
    keys = "".join(f'"ab{" " * 200}{i}" = 1\n' for i in range(150))
    _deck(workspace, "spaced", DECK_HEAD + "[cards]\n" + keys)
    start = time.process_time()
    run("deck", "validate", "spaced", expect=1)
    assert time.process_time() - start < HANG


@pytest.mark.parametrize("kind", ["collection", "catalog"])
def test_spaced_keys_in_collections_and_catalogs_are_quick(run, workspace, kind):
    keys = "".join(f'"ab{" " * 200}{i}" = 1\n' for i in range(200))
    path = workspace / f"{kind}.toml"
    if kind == "collection":
        path.write_text("schema = 1\n[cards]\n" + keys)
        args = ("deck", "validate", "demo-blue-wall", "--collection", str(path))
    else:
        path.write_text(MINI.read_text() + "\n[[cards]]\n" + keys.replace("\n", "\n", 1))
        args = ("--catalog", str(path), "catalog", "check")
    start = time.process_time()
    result = run(*args, expect=None)
    assert time.process_time() - start < HANG and result.exit_code in (1, 2) and "Traceback" not in result.output


def test_a_deck_of_a_thousand_names_and_more(run, workspace):
    from skyforge.decks.files import MAX_DECK_ENTRIES

    keys = "".join(f'"Card number {i}" = 1\n' for i in range(40_000))
    _deck(workspace, "many", DECK_HEAD + "[cards]\n" + keys)
    seconds, result = _timed(run, "deck", "validate", "many")
    assert result.exit_code == 2 and seconds < HANG
    assert f"has more than {MAX_DECK_ENTRIES} entries (the entries limit)" in result.stderr


def test_unknown_cards_get_hints_in_bounded_time(run, workspace):
    keys = "".join(f'"Card number {i}" = 1\n' for i in range(999))
    _deck(workspace, "many", DECK_HEAD + "[cards]\n" + keys)
    seconds, result = _timed(run, "deck", "validate", "many")
    assert result.exit_code == 1 and seconds < HANG


def test_error_output_is_bounded(run, workspace):
    from skyforge.cli.output import MAX_JSON_PROBLEMS, MAX_SHOWN_PROBLEMS

    count = 3_000  # a collection: a deck of more than 1,000 entries is refused before its values are read
    _put(workspace, "bad.toml", "schema = 1\n[cards]\n" + "".join(f'"C{i}" = "x"\n' for i in range(count)))
    seconds, result = _timed(run, "deck", "validate", "demo-blue-wall", "--collection", "bad.toml")
    assert result.exit_code == 2 and seconds < HANG
    err = result.stderr
    assert err.startswith(f"error: {count:,} problems")
    assert err.count("must be a whole number") == MAX_SHOWN_PROBLEMS
    assert f"… and {count - MAX_SHOWN_PROBLEMS:,} more problems" in err and len(err) < 10_000
    data = __import__("json").loads(
        run("deck", "validate", "demo-blue-wall", "--collection", "bad.toml", "--json", expect=2).stdout
    )
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


# -- imports: lines, rows and columns --------------------------------------------------------------


def test_import_line_and_row_limits(run, workspace):
    from skyforge.catalog.csv_import import MAX_ROWS
    from skyforge.workbench.formats import MAX_IMPORT_LINES

    (workspace / "big.txt").write_text("Big\n" + "1 DEMO.007\n" * (MAX_IMPORT_LINES + 1))
    seconds, result = _timed(run, "deck", "import", "big.txt", "-o", "x.toml")
    assert result.exit_code == 2 and seconds < HANG
    assert (
        f"big.txt:{MAX_IMPORT_LINES + 1}: more than {MAX_IMPORT_LINES:,} lines (the deck-import line limit)"
        in result.stderr
    )
    (workspace / "cards.csv").write_text("code,name\n" + "MYS.001,x\n" * (MAX_ROWS + 1))
    seconds, result = _timed(run, "catalog", "import", "cards.csv", "-o", "c.toml")
    assert result.exit_code == 2
    assert f"cards.csv:{MAX_ROWS + 2}: {MAX_ROWS + 1:,} rows, over the card-import row limit" in result.stderr


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


@pytest.mark.parametrize("name", ["", "ab" * 200])
def test_catalog_import_of_a_folder_or_an_overlong_name(run, name):
    err = run("catalog", "import", name, expect=2).stderr
    assert "is a folder, not a file" in err or "cannot read" in err


# -- what the csv and json modules refuse: a clear error, never their traceback ------------------------


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("DEMO.0\r07", "in.csv:2: a carriage return (\\r) alone inside a cell that is not in double quotes"),
        ("x" * 200_000, "in.csv:2: a cell of more than 131,072 characters (the csv cell-size limit)"),
    ],
)
@pytest.mark.parametrize("command", ["catalog", "deck"])
def test_what_the_csv_module_refuses_is_bad_input(run, workspace, cell, message, command):
    head = "code,name\n" if command == "catalog" else "deck,count,code\nx,1,"
    (workspace / "in.csv").write_text(head + ("DEMO.240," if command == "catalog" else "") + cell + "\n")
    result = run(command, "import", "in.csv", "-o", "out.toml", expect=2)
    assert message in result.stderr and "hint:" in result.stderr
    assert "Traceback" not in result.output and not (workspace / "out.toml").exists()


def test_json_nested_thousands_deep_is_bad_input(run, workspace):
    (workspace / "deep.json").write_text('{"cards": ' + "[" * 3000 + "]" * 3000 + "}")
    result = run("deck", "import", "deep.json", expect=2)
    assert "deep.json: nested too deeply to read" in result.stderr
    assert "Traceback" not in result.output


def test_ctrl_c_while_a_validator_is_built_exits_130(run, monkeypatch):
    """pydantic-core reports a KeyboardInterrupt met while it builds a (deferred) validator as a
    SchemaError: it stops the command as any Ctrl-C does, with status 130, never as a crash (1)."""
    import pydantic_core
    from pydantic_core import core_schema

    from skyforge.cli.main import App

    class Interrupted:
        def __hash__(self):
            raise KeyboardInterrupt

        __eq__ = __repr__ = __hash__

    def build(self):
        pydantic_core.SchemaValidator(core_schema.literal_schema([Interrupted()]))

    monkeypatch.setattr(App, "workspace", property(build))
    result = run("deck", "list", expect=130)
    assert "Aborted." in result.stderr


def test_a_table_draws_at_most_1000_rows_and_says_so(run, workspace):
    """rich lays a table out at about a millisecond a row: 9,498 cards took `cards search` 7-10 s."""
    sets = "".join(f'[[sets]]\ncode = "FZ{s}"\nname = "Fuzz {s}"\ngame = "skytear-horde"\n' for s in "AB")
    cards = "".join(
        f'[[cards]]\ncode = "FZ{"AB"[i // 999]}.{i % 999 + 1:03d}"\nkind = "alliance"\nname = "Fuzz {i}"\n'
        'faction = "liothan"\nrarity = "base"\ntype = "ally"\n'
        for i in range(1_500)
    )
    (workspace / "many.toml").write_text("schema = 1\n" + sets + cards, encoding="utf-8")
    seconds, result = _timed(run, "--catalog", "@demo", "--catalog", "many.toml", "cards", "search", "fuzz")
    assert result.exit_code == 0, result.output
    assert "(the first 1,000 rows of 1,500; --json lists them all)" in result.stdout
    assert sum(1 for line in result.stdout.splitlines() if line.startswith("FZ")) == 1_000
    assert seconds < HANG


@pytest.mark.parametrize("count", [100_000])
def test_a_deck_of_100000_entries_is_refused_before_it_is_parsed(run, workspace, monkeypatch, count):
    """Counted by its key lines: parsing, validating and placing 100,000 entries took 2.1-2.5 s."""
    from skyforge.decks.files import MAX_DECK_ENTRIES
    from skyforge.storage import tomlfiles

    _deck(
        workspace,
        "huge",
        'schema=1\nname="h"\ncastle="DEMO.001"\n[cards]\n' + "".join(f"A{i}=1\n" for i in range(count)),
    )
    monkeypatch.setattr(tomlfiles, "parse_toml", lambda *a: pytest.fail("parsed"))
    for args in (("deck", "validate", "huge"), ("deck", "show", "huge")):
        result = run(*args, expect=2)
        assert (
            f"decks/huge.toml:{MAX_DECK_ENTRIES + 52}: cards: has more than {MAX_DECK_ENTRIES} entries" in result.stderr
        )


@pytest.mark.parametrize(
    "body",
    [
        "\n" * 50_000 + '[cards]\n"DEMO.007" = 1\n',  # blank lines
        "# a comment line\n" * 50_000 + '[cards]\n"DEMO.007" = 1\n',  # comment lines
        'notes = """\n' + "a line of a note\n" * 50_000 + '"""\n[cards]\n"DEMO.007" = 1\n',  # a long string
        "[cards]\n" + "".join(f'"DEMO.007" = 1 # {i}\n' if i == 0 else f"# {i}\n" for i in range(50_000)),
    ],
    ids=["blank", "comments", "string", "commented-cards"],
)
def test_a_deck_file_of_50000_lines_is_read_in_bounded_work(run, workspace, body):
    """Mapping a file's keys to their lines (tomlpos.key_lines) is one linear pass: a deck file of
    50,000 lines once spent seconds there. The file is read, checked and refused or validated in
    bounded CPU time, whatever the answer."""
    _deck(workspace, "long", DECK_HEAD + body)
    start = time.process_time()
    result = run("deck", "validate", "long", expect=None)
    assert result.exit_code in (1, 2) and "Traceback" not in result.output
    assert time.process_time() - start < HANG
