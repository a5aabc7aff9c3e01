"""skyforge.cli.draw and skyforge.cli.markup: what rich drew, drawn without rich's renderer.

rich stays the reference (tests/rich_reference.py keeps the drawing of issue 12 as rich did it):
for tables and markup lines of the shapes the CLI draws, the output is the same byte for byte —
piped, on a terminal of any width, with styles and colours, with styles and NO_COLOR.
"""

from __future__ import annotations

import io

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from skyforge.cli.cell_widths import NARROW_TO_WIDE, WIDTHS
from skyforge.cli.cells import cell_len, char_width
from skyforge.cli.draw import Console, Table
from skyforge.cli.markup import escape, markup
from tests.rich_reference import rich_console, rich_table

#: (styles, colours): piped or a dumb terminal, a colour terminal, a terminal with NO_COLOR
MODES = [(False, False), (True, True), (True, False)]

words = st.one_of(
    st.sampled_from(
        [
            "DEMO.007",
            "DEMO.1234",
            "3×",
            "50%",
            "cost 5",
            "—",
            "?",
            "1W 2L",
            "-4",
            "+2",
            "Gullwing",
            "Lookout",
            "Saltglass Bastion",
            "Warden-Queen",
            "✓",
            "✗ 3",
            "…",
            "·",
            "two\nlines",
            "Tab\there",
            "\tx\t",
            "Family 👨\u200d👩\u200d👧 Wall",
            "🇫🇷",
            "❤\ufe0f",
            "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
            "e\u0301",
            "x\u20dd",
        ]
    ),
    st.text(alphabet="abcdefghij klmnXYZ-'.,:;()/\t", min_size=1, max_size=14),
    st.text(alphabet="äéñ字█│★∞", min_size=1, max_size=3),
    # emoji and zero-width characters as text has them: marks (variation selectors, tags, combining
    # and enclosing marks, zero-width spaces) after a character, ZWJs between characters
    st.lists(
        st.builds(
            str.__add__,
            st.sampled_from("a字❤👨👩🇫"),
            st.text(alphabet="\u200b\ufe0e\ufe0f\U000e0020\U000e007f\u0301\u20dd", max_size=2),
        ),
        min_size=1,
        max_size=3,
    ).flatmap(lambda chars: st.sampled_from(["", "\u200d"]).map(lambda j: j.join(chars))),
)
styled = st.builds(
    lambda w, s: f"[{s}]{escape(w)}[/]" if s else escape(w),
    words,
    st.sampled_from(["", "", "bold", "dim", "red", "green", "yellow", "bold red", "italic"]),
)
cells = st.lists(styled, max_size=4).map(" ".join)


def ours(width: int | None, styles: bool, colours: bool, *objects) -> str:
    out = io.StringIO()
    Console(out, width or 10_000, styles=styles, colours=colours, hanging=width is not None).print(*objects)
    return out.getvalue()


def theirs(width: int | None, styles: bool, colours: bool, *objects) -> str:
    out = io.StringIO()
    rich_console(out, width, styles, colours).print(*objects)
    return out.getvalue()


@st.composite
def tables(draw):
    n = draw(st.integers(1, 7))
    headers = draw(
        st.lists(
            st.sampled_from(
                ["code", "name", "cost", "castle health", "size", "valid", "hordes fought", "#", "[bold]x[/]"]
            ),
            min_size=n,
            max_size=n,
        )
    )
    justify = draw(st.lists(st.sampled_from(["left", "right", "center"]), min_size=n, max_size=n))
    rows = draw(st.lists(st.lists(cells, min_size=n, max_size=n), max_size=6))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "rule": st.booleans(),
                "pad_edge": st.booleans(),
                "show_header": st.booleans(),
                "title": st.sampled_from(["Games", "Battle plan 001", "[bold]a long title that may be wider[/]"]),
                "title_justify": st.sampled_from(["left", "center"]),
            },
        )
    )
    return headers, justify, rows, options


def build(make, headers, justify, rows, options, **extra):
    table = make(**options, **extra)
    for header, how in zip(headers, justify):
        table.add_column(header, justify=how)
    for row in rows:
        table.add_row(*row)
    return table


def our_table(terminal: bool, **options) -> Table:
    from skyforge.cli import output

    output.terminal_width, saved = (lambda stderr=False: 80 if terminal else None), output.terminal_width
    try:
        return output.table(**options)
    finally:
        output.terminal_width = saved


@settings(max_examples=300, deadline=None)
@given(tables(), st.one_of(st.none(), st.integers(20, 140)), st.sampled_from(MODES))
@example(
    (
        ["code", "name", "cost"],
        ["left", "left", "right"],
        [["DEMO.007", "Gullwing Lookout of the Very Long Name", "5"]] * 3,
        {},
    ),
    30,
    (True, True),
)
def test_tables_are_drawn_as_rich_drew_them(case, width, mode):
    headers, justify, rows, options = case
    terminal = width is not None
    mode = mode if terminal else (False, False)  # styles only on a terminal
    mine = build(lambda **o: our_table(terminal, **o), headers, justify, rows, options)
    reference = build(lambda **o: rich_table(terminal=terminal, **o), headers, justify, rows, options)
    assert ours(width, *mode, mine) == theirs(width, *mode, reference)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 6),
    st.lists(styled, min_size=0, max_size=30),
    st.one_of(st.none(), st.integers(20, 140)),
    st.sampled_from(MODES),
)
def test_markup_lines_wrap_as_rich_wrapped_them(indent, parts, width, mode):
    line = " " * indent + " ".join(parts)
    mode = mode if width else (False, False)
    assert ours(width, *mode, line) == theirs(width, *mode, line)


#: where the CLI puts escaped text: alone, inside a tag, before a tag, before text
CONTEXTS = ["{}", "[bold]{}[/]", "{} [green]✓[/]", "{}: more", "[red]{}[/] [bold]x[/]", "a [dim]{}[/dim]"]


@given(
    st.text(alphabet="ab [/]\\A\x07", max_size=30), st.sampled_from(CONTEXTS), st.text(alphabet="ab [/]\\", max_size=30)
)
@example("Bo\\", "{}: more", "")
@example("[AFK] \\[x] [[cards]] [/]", "[bold]{}[/]", "")
def test_escaped_text_reads_as_written_wherever_it_is_put(text, context, raw):
    from rich.text import Text as RichText

    line = context.format(escape(text))
    expected = markup(context.format("\0")).plain.replace("\0", text.replace("\x07", ""))
    assert markup(line).plain == expected
    assert RichText.from_markup(line, emoji=False).plain == expected  # rich reads it alike
    assert "[" in text or "\\" in text or escape(text) == text
    try:
        reference = RichText.from_markup(raw, emoji=False)
    except Exception:
        with pytest.raises(ValueError):
            markup(raw)
        return
    assert markup(raw).plain == reference.plain


def test_styles_and_colours():
    line = "[bold]Blue Wall[/] (Alice) · [green]✓ valid[/] [bold red]over[/]"
    assert (
        ours(80, True, True, line) == "\x1b[1mBlue Wall\x1b[0m (Alice) · \x1b[32m✓ valid\x1b[0m \x1b[1;31mover\x1b[0m\n"
    )
    # NO_COLOR: no colour, bold stays (as rich, and as no-color.org asks)
    assert ours(80, True, False, line) == "\x1b[1mBlue Wall\x1b[0m (Alice) · ✓ valid \x1b[1mover\x1b[0m\n"
    assert ours(80, False, False, line) == "Blue Wall (Alice) · ✓ valid over\n"


def test_a_tab_moves_the_styles_with_the_text():
    # the name stays bold over the tab's spaces; the colour stays on "✓ valid" (before, it moved left)
    line = "[bold]Tab\there[/] (Alice) · [green]✓ valid[/]"
    assert ours(80, True, True, line) == "\x1b[1mTab     \x1b[0m\x1b[1mhere\x1b[0m (Alice) · \x1b[32m✓ valid\x1b[0m\n"
    # to the next multiple of 8 columns, a wide character counting two
    assert ours(None, False, False, "字\tx\ty") == "字      x       y\n"


def test_a_tab_is_measured_as_the_columns_it_takes():
    """An indented line or a table cell with a tab is not cut or wrapped though it fits."""
    assert ours(80, False, False, "  x\tab\tc") == "  x       ab      c\n"
    table = our_table(False)
    table.add_column("name")
    table.add_row("[bold]Tab\there[/]")
    assert ours(None, False, False, table) == "name        \nTab     here\n"


def test_a_tag_that_names_no_style_styles_nothing():
    # as rich: the tag is read and shows nothing (escape what is not markup)
    assert markup("a [cards] entry").plain == "a  entry"
    assert markup(escape("a [cards] entry")).plain == "a [cards] entry"


def test_indented_lines_wrap_under_their_indent():
    text = ours(30, False, False, "    " + "word " * 12)
    lines = text.splitlines()
    assert len(lines) > 1 and all(line.startswith("    word") and len(line) <= 30 for line in lines)


def test_piped_lines_are_never_wrapped():
    assert ours(None, False, False, "x " * 3000) == "x " * 3000 + "\n"


def test_wide_characters_take_two_columns():
    assert cell_len("字a") == 3 and cell_len("é") == 1


def test_zero_width_characters_and_emoji_sequences_take_the_columns_a_terminal_draws():
    assert cell_len("Family 👨\u200d👩\u200d👧 Wall") == 14  # the family is one emoji, two columns
    assert [cell_len(c) for c in "\u200d\u200b\ufe0e\ufe0f\U000e0020\U000e007f\u0301\u20dd"] == [0] * 8
    assert cell_len("🇫🇷") == 2 and cell_len("❤") == 1 and cell_len("❤\ufe0f") == 2
    assert cell_len("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f") == 2  # a flag of tags


def test_a_name_with_an_emoji_sequence_keeps_its_row_aligned():
    """The reviewer's repro: `deck list` with a deck named "Family 👨‍👩‍👧 Wall" at 100 columns."""
    table = our_table(True)
    for header in ("deck", "name", "valid"):
        table.add_column(header)
    table.add_row("family", "Family 👨\u200d👩\u200d👧 Wall", "✓")
    table.add_row("demo-blue-wall", "Blue Wall", "✓")
    lines = ours(100, False, False, table).splitlines()
    assert len({cell_len(line) for line in lines}) == 1, lines
    assert cell_len(lines[2][: lines[2].index("✓")]) == lines[3].index("✓")  # the valid column lines up


def test_the_width_table_is_rich_s():
    """Every run of the table, its ends and the characters either side, measure as rich measures
    them; and the characters VARIATION SELECTOR-16 widens are the ones it widens in rich."""
    from rich.cells import cell_len as rich_cell_len
    from rich.cells import get_character_cell_size

    codes = {c + d for first, last, _ in WIDTHS for c in (first, last) for d in (-1, 0, 1)} | {0x10FFFF}
    chars = [chr(c) for c in sorted(codes) if 0 <= c <= 0x10FFFF and not 0xD800 <= c <= 0xDFFF]
    assert [char_width(c) for c in chars] == [get_character_cell_size(c, "17.0.0") for c in chars]
    narrow = (chr(c) for c in range(0x20, 0x20000) if not 0xD800 <= c <= 0xDFFF)
    widened = {
        c for c in narrow if get_character_cell_size(c, "17.0.0") == 1 and rich_cell_len(c + "\ufe0f", "17.0.0") == 2
    }
    assert widened == NARROW_TO_WIDE


@pytest.mark.parametrize("width", [80, 40])
def test_a_table_fits_cutting_names_not_codes(width):
    table = our_table(True)
    for header in ("code", "name", "cost"):
        table.add_column(header)
    table.add_row(
        "DEMO.028", "Captain Yselde Marrow of the Saltglass Bastion, Warden of the Tides and the Long Grey Sea", "5"
    )
    lines = ours(width, False, False, table).splitlines()
    assert all(len(line) <= width for line in lines)
    assert lines[0].split() == ["code", "name", "cost"] and "DEMO.028" in lines[2] and "…" in lines[2]


def test_the_cli_never_imports_rich():
    """Drawing is skyforge.cli.draw and skyforge.cli.markup; rich is only the tests' reference."""
    import re
    from pathlib import Path

    import skyforge

    root = Path(skyforge.__file__).parent
    found = [
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if re.search(r"^\s*(import rich|from rich)\b", p.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert not found


def test_a_terminal_without_unicode_gets_an_ascii_rule():
    class Ascii(io.StringIO):
        encoding = "ascii"

    def build(table):
        for header in ("code", "name", "cost"):
            table.add_column(header)
        table.add_row("DEMO.1", "Some name here", "5")
        return table

    mine, reference = Ascii(), Ascii()
    Console(mine, 40, hanging=True, ascii_only=True).print(build(our_table(True)))
    rich_console(reference, 40).print(build(rich_table(terminal=True)))
    assert (
        mine.getvalue()
        == reference.getvalue()
        == "code   |name           |cost \n-------+---------------+-----\nDEMO.1 |Some name here |5    \n"
    )


def test_a_column_left_out_is_named_as_written():
    table = Table(rule=True, padding=(0, 1))
    for header in ("name", "cost", "[x] \\ [/]"):
        table.add_column(escape(header))
    table.add_row("Gullwing Lookout", "5", "a")
    drawn = " ".join(ours(24, False, False, table).split())
    assert "(left out to fit the terminal: [x] \\ [/]; wider terminal or --json for all)" in drawn
