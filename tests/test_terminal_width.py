"""Every command's human view fits an 80-column terminal; piped output is never hard-wrapped."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.campaign_util import CAMPAIGN_NEW_WITH_FOUR_PROBLEMS
from tests.pty_util import run_in_pty

WIDTH = 80

#: every command of the CLI with a human view, in an order where each finds what it needs
SESSION: list[tuple[str, ...]] = [
    ("--help",),
    ("deck", "--help"),
    ("cards", "search", "--faction", "liothan", "--rarity", "mythic"),
    ("cards", "search"),
    ("cards", "search", "--kind", "horde"),
    ("cards", "show", "DEMO.014"),
    ("cards", "show", "Pools of Flyema"),
    ("castles",),
    ("catalog", "check"),
    ("catalog", "init", "mine.toml"),
    ("catalog", "import", "cards.csv", "--set", "DEMO", "-o", "imported-cards.toml"),
    ("deck", "list"),
    ("deck", "validate", "demo-blue-wall", "demo-green-grove", "--collection", "collection.toml"),
    ("deck", "new", "blue-wall", "--castle", "DEMO.001", "--player", "Alice"),
    ("deck", "add", "blue-wall", "DEMO.007x3", "DEMO.017", "Saltmarsh Pikeman x3"),
    ("deck", "remove", "blue-wall", "DEMO.007x2"),
    ("deck", "copy", "demo-blue-wall", "my-blue-wall"),
    ("deck", "rename", "blue-wall", "blue-wall-v2"),
    ("deck", "premade", "DEMO", "liothan", "--seed", "7"),
    ("deck", "show", "demo-blue-wall"),
    ("deck", "show", "demo-blue-wall", "--turns", "5"),
    ("deck", "stats", "demo-blue-wall"),
    ("deck", "diff", "demo-blue-wall", "blue-wall-v2"),
    ("deck", "export", "demo-blue-wall", "--format", "text"),
    ("deck", "export", "demo-blue-wall", "demo-green-grove", "--players", "--format", "text"),
    ("deck", "import", "demo-red-rush-copy.txt", "--name", "imported"),
    ("collection", "add", "--product", "DEMO:Demo expansion", "DEMO.207x2"),
    ("collection", "show"),
    ("collection", "remove", "DEMO.207"),
    ("deck", "list"),
    ("cards", "search", "--for", "demo-blue-wall", "--with", "demo-green-grove"),
    ("game", "setup", "--first-game", "DEMO"),
    (
        "game",
        "setup",
        "--castle",
        "DEMO.002",
        "--hordes",
        "demo-ironwraiths",
        "--difficulty",
        "3",
        "--mode",
        "competitive-2",
        "--seed",
        "42",
    ),
    ("game", "difficulty", "--difficulty", "2", "--hordes", "nightmare", "--outsider", "Silent Ambassador"),
    ("plan",),
    ("plan", "record", "liothan-shapeshifters", "renegade", "--won"),
    ("plan", "show"),
    ("plan", "record", "My Blue Deck", "undead", "--lost", "--new"),
    ("plan", "show"),
    ("plan", "use", "--plan", "demo"),
    ("plan", "show"),
    (
        "campaign",
        "new",
        "spring",
        "--castle",
        "DEMO.001",
        "--player",
        "Alice=demo-blue-wall",
        "--player",
        "Bo=demo-green-grove@DEMO.003",
        "--outsider",
        "Orrun the Everwake",
        "--hordes",
        "demo-thornmaw,demo-ironwraiths,demo-gloomcrawlers",
        "--difficulty",
        "2",
        "--seed",
        "7",
    ),
    ("campaign", "start-deck", "spring", "--player", "Alice", "--auto"),
    ("campaign", "start-deck", "spring", "--player", "Bo", "--auto"),
    ("campaign", "next", "spring"),
    ("campaign", "recruit", "spring", "2"),
    ("campaign", "take", "spring", "--player", "Alice", "1"),
    ("campaign", "take", "spring", "--player", "Bo", "1"),
    ("campaign", "action", "spring", "Sell supplies"),
    ("campaign", "exile", "spring", "--player", "Alice", "DEMO.007", "--free"),
    ("campaign", "gold", "spring", "+3"),
    ("campaign", "health", "spring", "16"),
    ("campaign", "income", "spring"),
    ("campaign", "pillage", "spring", "2"),
    ("campaign", "end", "spring", "--won", "--castle-health", "14"),
    ("campaign", "show", "spring"),
    ("campaign", "log", "spring"),
    ("campaign", "list"),
    ("campaign", "undo", "spring"),
    (
        "onward",
        "heroes",
    ),
    ("onward", "draft", "--method", "snake", "--one-per-color", "--players", "Ann,Bob", "--seed", "7"),
    ("onward", "draft", "--method", "moba", "--players", "Ann,Bob", "--seed", "3", "--save", "friday", "--pause"),
    ("onward", "pick", "friday", "--random"),
    ("onward", "show", "friday"),
    ("onward", "undo", "friday"),
    ("arena", "heroes"),
    ("arena", "draft", "--players", "Ann,Bob", "--seed", "3"),
    ("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "cup"),
    ("arena", "draft", "--players", "Ann,Bob", "--seed", "4", "--save", "cup2", "--pause"),
    ("arena", "pick", "cup2", "--random"),
    ("arena", "undo", "cup2"),
    ("arena", "show", "cup"),
    ("arena", "setup", "--draft", "cup"),
    ("arena", "team", "validate", "ann"),
    ("series", "new", "friday", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30"),
    ("series", "win", "friday", "--player", "Ann"),
    ("series", "show", "friday"),
    ("series", "undo", "friday"),
]


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch):
    """The CLI believes it draws on an 80-column terminal."""
    from skyforge.cli import output

    monkeypatch.setattr(output, "_isatty", lambda stream: True)
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setenv("NO_COLOR", "1")


def _prepare(run, workspace: Path) -> None:
    text = run("deck", "export", "demo-red-rush", "--format", "text").stdout
    (workspace / "demo-red-rush-copy.txt").write_text(text)
    (workspace / "cards.csv").write_text(
        "code,kind,name,faction,rarity,type,cost\nDEMO.240,alliance,Tidewatch Novice,liothan,base,ally,1\n"
    )
    (workspace / "teams").mkdir()
    (workspace / "teams" / "ann.toml").write_text(
        'schema = 1\nplayer = "Ann"\nheroes = ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"]\n'
    )


@pytest.mark.slow
def test_every_human_view_fits_80_columns(run, workspace: Path, terminal):
    _prepare(run, workspace)
    too_long = []
    for args in SESSION:
        result = run(*args, expect=None)
        if result.exit_code not in (0, 1):
            too_long.append(f"skyforge {' '.join(args)}: exit {result.exit_code}\n{result.stderr}")
        for stream in (result.stdout, result.stderr):
            lines = stream.splitlines()
            for number, line in enumerate(lines):
                if len(line) > WIDTH:
                    too_long.append(f"skyforge {' '.join(args)}: {len(line)}: {line}")
                # a table's header is the line above its rule: headers are never cut
                if number and set(line.strip()) == {"─"} and "…" in lines[number - 1]:
                    too_long.append(f"skyforge {' '.join(args)}: header cut: {lines[number - 1]}")
    assert not too_long, "\n".join(too_long)


def test_card_table_at_80_columns_keeps_codes_and_headers_whole(run, terminal):
    out = run("cards", "search", "--faction", "liothan", "--rarity", "mythic").stdout
    lines = out.splitlines()
    header = next(line for line in lines if line.lstrip().startswith("code"))
    assert "faction" in header and "health" in header
    assert "horde" not in header and "power" not in header  # empty columns are dropped
    codes = [line.split()[0] for line in lines if line.strip().startswith("DEMO.")]
    assert codes and all(len(c) == 8 for c in codes)  # DEMO.028: never split over two lines
    rows = [line for line in lines if line.strip().startswith("DEMO.")]
    assert len(rows) == len(codes)  # one line a card: nothing wrapped


def test_long_names_are_cut_with_an_ellipsis(run, workspace: Path, monkeypatch, terminal):
    monkeypatch.setenv("COLUMNS", "60")
    out = run("deck", "list").stdout
    assert all(len(line) <= 60 for line in out.splitlines())
    assert "…" in out  # "Saltglass Bastion" does not fit: cut, not wrapped
    assert sum(1 for line in out.splitlines() if "demo-" in line) == 3


def test_piped_output_is_never_hard_wrapped(run, workspace: Path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    out = run("castles").stdout + run("game", "setup", "--first-game", "DEMO").stdout
    # a long line stays one line, whatever COLUMNS says, so grep finds whole sentences
    assert any(len(line) > 40 for line in out.splitlines())
    rows = run("cards", "search", "--faction", "liothan", "--rarity", "mythic").stdout.splitlines()
    assert all(line.split()[0].startswith("DEMO.") for line in rows[1:-1])


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_a_real_80_column_pseudo_terminal(workspace: Path):
    """Run the real command in a pty of 80 columns: tables fit, codes and headers whole."""
    text = run_in_pty(["cards", "search", "--faction", "liothan", "--rarity", "mythic"], workspace, columns=WIDTH)
    lines = [line for line in text.splitlines() if line.strip()]
    assert lines, text
    assert all(len(line) <= WIDTH for line in lines), text
    assert any(line.strip().startswith("DEMO.028") for line in lines), text
    assert any("faction" in line and "rarity" in line for line in lines), text


def test_errors_wrap_between_words_on_a_terminal(run, monkeypatch, terminal):
    err = run(*CAMPAIGN_NEW_WITH_FOUR_PROBLEMS, expect=2).stderr
    assert "error: 4 problems" in err and all(len(line) <= WIDTH for line in err.splitlines())


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
@pytest.mark.parametrize("columns", [80, 40])
def test_deck_tables_fit_a_real_terminal(workspace: Path, columns: int):
    """Tables on a real terminal fit it, cutting names, never codes."""
    listing = run_in_pty(["deck", "list"], workspace, columns=columns).splitlines()
    assert listing[0].split()[:2] == ["deck", "name"] and set(listing[1]) == {"─"}, listing
    assert all(len(line) <= columns for line in listing), listing
    rows = [line for line in listing if "DEMO." in line]
    assert len(rows) == 3
    if columns == 80:  # everything fits
        assert all(line.split()[-1] == "✓" for line in rows) and "…" not in "\n".join(rows)
    else:  # names cut, codes whole, and what is left out is said
        assert "…" in "\n".join(rows) and all(line.split()[0].startswith("demo-") for line in rows)
        assert "(left out to fit the terminal: size, valid;" in " ".join(" ".join(listing).split())
    show = run_in_pty(["deck", "show", "demo-blue-wall"], workspace, columns=columns).splitlines()
    assert all(len(line) <= columns for line in show), show
    cards = [line for line in show if line.lstrip().startswith(("1×", "2×", "3×"))]
    assert cards and all(line.split()[1].startswith("DEMO.") and len(line.split()[1]) == 8 for line in cards)
    if columns == 80:  # the odds are a number: whole, or (at 40) left out with a note
        assert all(line.rstrip().endswith("%") for line in cards)
    else:
        assert "left out to fit the terminal" in "\n".join(show)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_colour_only_on_a_terminal_and_never_with_no_color(run, workspace: Path):
    colour = {"TERM": "xterm-256color", "NO_COLOR": ""}
    text = run_in_pty(["deck", "show", "demo-blue-wall"], workspace, columns=WIDTH, env=colour, keep_ansi=True)
    assert "\x1b[1mBlue Wall\x1b[0m" in text and "\x1b[32m✓ valid\x1b[0m" in text
    no_color = run_in_pty(
        ["deck", "show", "demo-blue-wall"],
        workspace,
        columns=WIDTH,
        env={"TERM": "xterm-256color", "NO_COLOR": "1"},
        keep_ansi=True,
    )
    assert "\x1b[1mBlue Wall\x1b[0m" in no_color  # bold is not a colour (as rich, and no-color.org)
    assert not any(f"\x1b[{n}" in no_color for n in range(30, 38))
    dumb = run_in_pty(["deck", "show", "demo-blue-wall"], workspace, columns=WIDTH, keep_ansi=True)
    assert "\x1b[" not in dumb
    assert "\x1b[" not in run("deck", "show", "demo-blue-wall").stdout  # piped: plain text


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_a_terminal_that_is_not_utf8_gets_question_marks_not_a_traceback(workspace: Path):
    """A latin-1 terminal cannot show ✓ or …: it gets "?" in their place (and an ASCII rule), and
    --json escapes what it cannot show, so the data read back is the same."""
    import json

    latin = {"PYTHONIOENCODING": "latin-1"}
    listing = run_in_pty(["deck", "list"], workspace, columns=40, env=latin)
    assert "Traceback" not in listing and "Error" not in listing, listing
    rows = [line for line in listing.splitlines() if line.startswith("demo-")]
    assert len(rows) == 3 and "?" in "\n".join(rows), listing  # the cut names' … shows as ?
    assert set(listing.splitlines()[1]) <= {"-", "+"}, listing
    show = run_in_pty(["deck", "show", "demo-blue-wall"], workspace, columns=WIDTH, env=latin)
    assert "Traceback" not in show and "Blue Wall" in show and "? valid" in show, show
    as_json = run_in_pty(["deck", "list", "--json"], workspace, env=latin)
    assert json.loads(as_json) == json.loads(run_in_pty(["deck", "list", "--json"], workspace))


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_names_with_emoji_and_tabs_keep_tables_aligned_and_colours_in_place(workspace: Path):
    """The review's repros: a deck named "Family 👨‍👩‍👧 Wall" (an emoji ZWJ sequence, two columns)
    and one named "Tab\\there" in `deck list` at 100 columns and `deck show` on a colour terminal."""
    from rich.cells import cell_len

    family = "Family \U0001f468\u200d\U0001f469\u200d\U0001f467 Wall"
    for deck, old, new in (("demo-blue-wall", "Blue Wall", "Tab\\there"), ("demo-green-grove", "Green Grove", family)):
        path = workspace / "decks" / f"{deck}.toml"
        path.write_text(path.read_text(encoding="utf-8").replace(f'"{old}"', f'"{new}"'), encoding="utf-8")
    listing = run_in_pty(["deck", "list"], workspace, columns=100).splitlines()
    rows = [line for line in listing if line.startswith("demo-")]
    assert len(rows) == 3 and any(family in row for row in rows), listing
    assert len({cell_len(row[: row.index("DEMO.")]) for row in rows}) == 1, listing  # the castle column lines up
    assert len({cell_len(row.rstrip()) for row in rows}) == 1, listing  # and so does valid
    colour = {"TERM": "xterm-256color", "NO_COLOR": ""}
    show = run_in_pty(["deck", "show", "demo-blue-wall"], workspace, columns=WIDTH, env=colour, keep_ansi=True)
    assert show.startswith("\x1b[1mTab     \x1b[0m\x1b[1mhere\x1b[0m (Alice)"), show[:120]
    assert "\x1b[32m✓ valid\x1b[0m" in show


def _many_decks(workspace: Path, count: int = 60) -> list[str]:
    source = (workspace / "decks" / "demo-blue-wall.toml").read_text(encoding="utf-8")
    names = [f"copy-{n:02d}" for n in range(count)]
    for name in names:
        (workspace / "decks" / f"{name}.toml").write_text(source, encoding="utf-8")
    return names


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_a_progress_bar_for_many_decks_on_a_terminal_only(run, workspace: Path):
    names = _many_decks(workspace)
    term = {"TERM": "xterm"}
    listing = run_in_pty(["deck", "list"], workspace, columns=WIDTH, env=term)
    assert "checking decks" in listing and "/63" in listing, listing[:400]
    checked = run_in_pty(["deck", "validate", *names], workspace, columns=WIDTH, env=term)
    assert "reading decks" in checked and "/60" in checked, checked[:400]
    few = run_in_pty(["deck", "validate", "demo-blue-wall"], workspace, columns=WIDTH, env=term)
    assert "reading decks" not in few
    as_json = run_in_pty(["deck", "list", "--json"], workspace, columns=WIDTH, env=term)
    assert "checking decks" not in as_json and as_json.lstrip().startswith("[")
    piped = run("deck", "list")  # CliRunner: not a terminal
    assert "checking decks" not in piped.stdout + piped.stderr


def _views(workspace: Path) -> dict[str, list[str]]:
    import shutil

    from tests.conftest import ROOT

    shutil.copytree(ROOT / "campaigns", workspace / "campaigns", dirs_exist_ok=True)
    return {
        "deck show": ["deck", "show", "demo-blue-wall"],
        "deck list": ["deck", "list"],
        "deck validate": ["deck", "validate", "demo-blue-wall", "demo-green-grove"],
        "cards search": ["cards", "search", "--faction", "liothan"],
        "campaign show": ["campaign", "show", "example"],
        "castles": ["castles"],
    }


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
@pytest.mark.parametrize("columns", [80, 40])
def test_what_a_person_sees_at_80_and_40_columns(workspace: Path, columns: int):
    for name, args in _views(workspace).items():
        text = run_in_pty(args, workspace, columns=columns)
        lines = text.splitlines()
        assert "Traceback" not in text and lines, (name, text)
        assert all(len(line) <= columns for line in lines), (name, text)
        codes = [w for line in lines for w in line.split() if w.startswith("DEMO.") and not w.endswith("…")]
        assert codes and all(len(c.rstrip(",:)")) == 8 for c in codes), (name, codes)
    search = run_in_pty(_views(workspace)["cards search"], workspace, columns=columns)
    flat = " ".join(search.split())
    if columns == 40:
        assert "…" in search and "(left out to fit the terminal: faction," in flat, search
    else:
        assert "faction" in search.splitlines()[0], search


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_plain_views_no_colour_dumb_and_latin1(run, workspace: Path):
    views = _views(workspace)
    for name, args in views.items():
        piped = run(*args, expect=None).stdout
        assert "\x1b[" not in piped, name  # piped: plain text
        assert name.startswith("campaign") or "…" not in piped, name  # and nothing cut
        no_color = run_in_pty(args, workspace, columns=WIDTH, env={"TERM": "xterm", "NO_COLOR": "1"}, keep_ansi=True)
        assert not any(f"\x1b[{n}m" in no_color for n in range(30, 38)), name
        dumb = run_in_pty(args, workspace, columns=WIDTH, env={"TERM": "dumb", "NO_COLOR": ""}, keep_ansi=True)
        assert "\x1b[" not in dumb.replace("\x1b[?25l", "").replace("\x1b[?25h", ""), name
        latin = run_in_pty(args, workspace, columns=40, env={"PYTHONIOENCODING": "latin-1"})
        assert "Traceback" not in latin and "?" in latin, (name, latin)
    long_line = run("castles").stdout.splitlines()
    assert any(len(line) > 80 for line in long_line)  # piped: one line stays one line


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_a_progress_bar_while_the_catalog_is_rebuilt(workspace: Path, tmp_path: Path):
    """A cache miss reads and merges every catalog file: a bar says so, on a terminal only."""
    env = {"TERM": "xterm", "SKYFORGE_CACHE_DIR": str(tmp_path / "fresh-cache")}
    rebuilt = run_in_pty(["castles"], workspace, columns=WIDTH, env=env)
    assert "reading the catalog" in rebuilt and "Traceback" not in rebuilt, rebuilt[:400]
    cached = run_in_pty(["castles"], workspace, columns=WIDTH, env=env)  # a hit: nothing to read
    assert "reading the catalog" not in cached
    env["SKYFORGE_CACHE_DIR"] = str(tmp_path / "another-cache")
    as_json = run_in_pty(["castles", "--json"], workspace, columns=WIDTH, env=env)
    assert "reading the catalog" not in as_json and as_json.lstrip().startswith("[")


def test_rows_with_control_characters_fit_the_terminal(run, workspace: Path, terminal):
    """A table measures the visible form the console prints (ESC as ^[): such rows once took 88-108
    columns of 80."""
    (workspace / "decks" / "ctl.toml").write_text(
        'schema = 1\nname = "' + "\\u001b[2J\\r" * 12 + 'Zed"\ncastle = "DEMO.001"\n[cards]\n', encoding="utf-8"
    )
    out = run("deck", "list", expect=None).stdout
    assert "^[[2J" in out and "\x1b" not in out
    assert all(len(line) <= WIDTH for line in out.splitlines()), out


def test_a_name_of_300000_lines_is_cut_for_display(run, workspace: Path):
    """A deck name of 300,000 lines once made `deck list` take 45 s and 400 MB (rich measured
    every line); a cell shows its first lines."""
    from skyforge.cli.output import CELL_LINES

    (workspace / "decks" / "big.toml").write_text(
        'schema = 1\nname = """' + "x\n" * 300_000 + '"""\ncastle = "DEMO.001"\n[cards]\n', encoding="utf-8"
    )
    out = run("deck", "list", expect=None).stdout
    assert len(out.splitlines()) < 3 * CELL_LINES and " …" in out


@pytest.mark.parametrize("on_terminal", [True, False])
def test_print_all_draws_what_a_print_of_each_draws(monkeypatch, capsys, on_terminal: bool):
    """One print of a view's lines is the same text as a print a line (a wrapped line under its
    indent on a terminal, styles, a table)."""
    from rich.text import Text

    from skyforge.cli import output

    monkeypatch.setattr(output, "_isatty", lambda stream: on_terminal)
    monkeypatch.setenv("COLUMNS", "40")
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # styles too, on the terminal

    def lines() -> list:
        table = output.table(rule=False, show_header=False, pad_edge=False)
        table.add_row("3×", "DEMO.007", Text("Gullwing Lookout", style="red"), "50%")
        return [
            Text.assemble(("Blue Wall", "bold"), " — castle DEMO.001"),
            "  an indented line long enough to wrap under its indent on a narrow terminal",
            Text("\nMana curve", style="bold"),
            table,
            Text("  dim and indented", style="dim"),
        ]

    out = output.console()
    for line in lines():
        out.print(line)
    each = capsys.readouterr().out
    output.console().print_all(*lines())
    assert capsys.readouterr().out == each
    assert ("\x1b[1m" in each) is on_terminal and "Gullwing Lookout" in each


def test_a_hidden_header_does_not_widen_its_column(capsys):
    """FitTable gives rich its columns' widths; a header not shown is not one of the cells."""
    from skyforge.cli import output

    table = output.table("a header wider than the cells", "b", show_header=False)
    table.add_row("x", "y")
    output.console().print(table)
    drawn = capsys.readouterr().out
    assert drawn.split() == ["x", "y"] and len(drawn) < 10, drawn
