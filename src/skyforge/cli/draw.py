"""Drawing for people in pure Python: console markup lines and tables that fit the terminal.

What rich drew for skyforge since issue 12, without rich's renderer (issue 14: drawing was most of
what `deck show`, `campaign show` and `deck list` spent beyond start-up). The output is the same,
byte for byte, for what the CLI draws (tests/test_draw.py compares the two):

- markup as rich's console markup (:mod:`skyforge.cli.markup`);
- a line wraps between words on a terminal, an indented line keeping its indent; piped output is
  never wrapped (the width is :data:`PIPE_WIDTH`);
- :class:`Table`: columns justified left, right or centre, a bold header (or none), a title and a
  caption, no box or a rule under the header; on a terminal it fits the width (:meth:`Table.fit`);
- ANSI styles only on a terminal (never ``TERM=dumb``), colours never with ``NO_COLOR``.
"""

from __future__ import annotations

import re

from skyforge.cli.cells import cell_len, cut
from skyforge.cli.markup import BOLD, CAPTION, NULL, TITLE, Style, crop, escape, markup, pad_to, plain_text, wrap

#: the width when output is not a terminal: wide enough that nothing is wrapped
PIPE_WIDTH = 10_000

#: a cell of a code or a number, which is never cut
_WHOLE = re.compile(r"[A-Za-z0-9]+\.\d+|[-+]?[\d.,%×/–W L·]*|—|\?")


# --- tables ------------------------------------------------------------------------------------


class Column:
    __slots__ = ("_plains", "_widths", "cells", "header", "justify", "width")

    def __init__(self, header: str = "", justify: str = "left") -> None:
        self.header = header
        self.justify = justify
        self.cells: list[str] = []
        self.width: int | None = None
        self._plains: list[str] | None = None
        self._widths: list[int] = []

    def measure(self) -> tuple[list[str], list[int]]:
        """What the header and each cell show, and how wide each is (the header first); taken once."""
        if self._plains is None or len(self._plains) != len(self.cells) + 1:
            self._plains = [plain_text(x) for x in (self.header, *self.cells)]
            self._widths = [_lines_width(x) for x in self._plains]
        return self._plains, self._widths


def _lines_width(text: str) -> int:
    if "\n" not in text:
        return cell_len(text)
    return max(cell_len(line) for line in text.split("\n"))


class Table:
    """A table for people (rich's ``Table`` with issue 12's fitting, see :meth:`fit`).

    ``rule`` draws a line under the header (rich's ``SIMPLE_HEAD`` box, columns one space apart);
    without it columns are set apart by their padding only.
    """

    def __init__(
        self,
        *headers: str,
        rule: bool = False,
        pad_edge: bool = True,
        padding: tuple[int, int] = (1, 1),
        show_header: bool = True,
        header_style: Style = BOLD,
        title: str | None = None,
        title_justify: str = "center",
        caption: str | None = None,
    ) -> None:
        self.columns = [Column(h) for h in headers]
        self.rows = 0
        self.rule = rule
        self.pad_edge = pad_edge
        self.padding = padding  # (left, right)
        self.show_header = show_header
        self.header_style = header_style
        self.title = title
        self.title_justify = title_justify
        self.caption = caption

    def add_column(self, header: str = "", justify: str = "left") -> None:
        column = Column(header, justify)
        column.cells = [""] * self.rows
        self.columns.append(column)

    def add_row(self, *cells: str | None) -> None:
        if len(cells) > len(self.columns):
            for _ in range(len(cells) - len(self.columns)):
                self.add_column()
        for column, cell in zip(self.columns, [*cells, *[""] * (len(self.columns) - len(cells))]):
            column.cells.append("" if cell is None else cell)
        self.rows += 1

    # the measures rich takes of a table
    def _padding(self, index: int) -> tuple[int, int]:
        """The spaces left and right of column ``index``'s text (none at the edges without ``pad_edge``)."""
        left, right = self.padding
        if not self.pad_edge:
            left = 0 if index == 0 else left
            right = 0 if index == len(self.columns) - 1 else right
        return left, right

    def _pad(self, index: int) -> int:
        return sum(self._padding(index))

    @property
    def _extra_width(self) -> int:
        return len(self.columns) - 1 if self.rule else 0

    def fit(self, max_width: int) -> None:
        """Fit ``max_width``: empty columns are dropped, no code, number or header is cut, and the
        longest text columns (names) are cut with an ellipsis — never wrapped over several lines;
        still too wide, the rightmost columns are left out, and a note under the table says so."""
        if self.rows and len(self.columns) > 1:
            kept = [c for c in self.columns if not all(not x.strip() for x in c.measure()[0][1:])]
            if kept and len(kept) < len(self.columns):
                self.columns = kept
        dropped: list[str] = []
        while True:
            widths, natural, excess = self._widths(max_width)
            if excess <= 0 or len(self.columns) <= 2:
                break
            dropped.insert(0, escape(plain_text(str(self.columns[-1].header))))
            self.columns = self.columns[:-1]
        if dropped:
            note = f"(left out to fit the terminal: {', '.join(dropped)}; wider terminal or --json for all)"
            self.caption = f"{self.caption} {note}" if self.caption else note
        for c, w, n in zip(self.columns, widths, natural):
            if w < n:
                c.width = w

    def _widths(self, max_width: int) -> tuple[list[int], list[int], int]:
        """Column widths that fit ``max_width`` as well as cutting allows, and the excess left."""
        measures = [c.measure() for c in self.columns]
        natural = [max(lengths) for _, lengths in measures]
        headers = [lengths[0] for _, lengths in measures]
        plains = [[x.strip() for x in texts[1:]] for texts, _ in measures]
        # text columns (names) may be cut; codes, numbers and headers never are
        floors = [
            min(n, max(header, 12)) if any(" " in x for x in cells) else n
            for n, header, cells in zip(natural, headers, plains)
        ]
        overhead = self._extra_width + sum(self._pad(i) for i in range(len(self.columns)))
        widths = list(natural)
        excess = sum(widths) + overhead - max_width
        # first the text columns (names) down to 12; then any column that is not a code or a
        # number down to its header (at least 6): codes, numbers and headers stay whole
        second = [
            f if f < n or all(_WHOLE.fullmatch(x) for x in cells) else max(header, min(n, 6))
            for n, f, header, cells in zip(natural, floors, headers, plains)
        ]
        for bounds in (floors, second):
            while excess > 0:
                room = [(w - f, i) for i, (w, f) in enumerate(zip(widths, bounds)) if w > f]
                if not room:
                    break
                _, i = max(room)
                cut = min(
                    excess,
                    widths[i] - bounds[i],
                    max(1, widths[i] - max((w for j, w in enumerate(widths) if j != i), default=0)),
                )
                widths[i] -= cut
                excess -= cut
        return widths, natural, excess

    def lines(self, width: int, ascii_only: bool = False) -> list[list[tuple[str, Style]]]:
        """The table drawn in at most ``width`` columns, as lines of styled segments."""
        self.fit(width)
        if not self.columns:
            return [[]]
        available = width - self._extra_width
        widths = []
        for i, c in enumerate(self.columns):
            pad = self._pad(i)
            if c.width is not None:
                measured = c.width + pad
            else:
                lengths = c.measure()[1] if self.show_header else c.measure()[1][1:]
                measured = max(
                    (min(n + pad, available) if available - pad >= 1 else available for n in lengths), default=available
                )
            widths.append(min(measured, available) or 1)
        if sum(widths) > available:
            widths = _ratio_reduce(sum(widths) - available, widths)
        table_width = sum(widths) + self._extra_width
        out: list[list[tuple[str, Style]]] = []
        if self.title:
            out += [t.segments(TITLE) for t in wrap(markup(self.title), table_width, self.title_justify)]
        divider = [("|" if ascii_only else " ", NULL)] if self.rule else []
        columns = [
            (i, c.cells, c.header, c.measure()[1], c.justify, w) for i, (c, w) in enumerate(zip(self.columns, widths))
        ]
        draw_cell = self._cell
        for row in range(-1 if self.show_header else 0, self.rows):
            style = self.header_style if row < 0 else NULL
            cells = [
                draw_cell(header if row < 0 else texts[row], lengths[row + 1], justify, i, w, style)
                for i, texts, header, lengths, justify, w in columns
            ]
            height = max(len(cell) for cell in cells)
            for n in range(height):
                line: list[tuple[str, Style]] = []
                for i, (cell, w) in enumerate(zip(cells, widths)):
                    line += cell[n] if n < len(cell) else [(" " * w, style)]
                    if i < len(cells) - 1:
                        line += divider
                out.append(line)
            if row < 0 and self.rule:
                joint, horizontal = ("+", "-") if ascii_only else ("─", "─")
                out.append([(joint.join(horizontal * w for w in widths), NULL)])
        if self.caption:
            out += [t.segments(CAPTION) for t in wrap(markup(self.caption), table_width, "left")]
        return out

    def _cell(self, cell: str, length: int, justify: str, index: int, width: int, style: Style) -> list[list]:
        """A cell's lines: padding, then the text cut with an ellipsis or padded to the column."""
        left, right = self._padding(index)
        inner = max(width - left - right, 0)
        if inner and "[" not in cell and "\n" not in cell and "\t" not in cell and cell.isprintable():
            # plain text on one line, the common case, without the Text it would take
            text = _justify(cell, length, inner, justify)
            if not style:  # one run: its pieces are written alike
                return [[(" " * left + text + " " * right, NULL)]]
            texts = [[(text, NULL)]]
        else:
            texts = [text.segments() for text in wrap(markup(cell), inner, justify, "ellipsis", no_wrap=True)]
        lines = []
        for segments in texts:
            segments = pad_to([(t, style + st) for t, st in segments], inner, style)
            line = ([(" " * left, style)] if left else []) + segments + ([(" " * right, style)] if right else [])
            lines.append(line if left + right <= width else pad_to(line, width, style))
        return lines


def _justify(text: str, length: int, width: int, justify: str) -> str:
    """Plain text (``length`` columns) justified in ``width``, cut with an ellipsis (rich's ``wrap``
    of one line that may not wrap)."""
    if justify == "left":
        if length > width:
            return cut(text, width - 1) + "…"
        return text + " " * (width - length)
    text = text.rstrip()
    length = cell_len(text)
    if length > width:
        text = cut(text, width - 1) + "…"
        length = cell_len(text)
    room = width - length
    if justify == "right":
        return " " * room + text
    return " " * (room // 2) + text + " " * (room - room // 2)


def _ratio_reduce(total: int, values: list[int]) -> list[int]:
    """rich's ``ratio_reduce(total, [1] * n, values, values)``: take ``total`` evenly from the columns."""
    ratios = [1 if v else 0 for v in values]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    remaining = total
    result = []
    for ratio, value in zip(ratios, values):
        if ratio and total_ratio > 0:
            distributed = min(value, round(ratio * remaining / total_ratio))
            result.append(value - distributed)
            remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


# --- the console -------------------------------------------------------------------------------


class Console:
    """Prints markup lines and tables to a stream, ``width`` columns wide.

    ``styles``: write ANSI styles (a terminal that shows them); ``colours``: and colours
    (not with ``NO_COLOR``); ``hanging``: an indented line that wraps keeps its indent.
    """

    def __init__(
        self,
        stream,
        width: int,
        styles: bool = False,
        colours: bool = False,
        hanging: bool = False,
        ascii_only: bool = False,
    ) -> None:
        self.file = stream
        self.width = width
        self.styles = styles
        self.colours = colours
        self.hanging = hanging
        self.ascii_only = ascii_only

    def print(self, item: str | Table = "") -> None:
        """A line of console markup (an empty line by default), or a table."""
        lines = item.lines(self.width, self.ascii_only) if isinstance(item, Table) else self.text_lines(item)
        self.file.write(self.ansi(lines))
        self.file.flush()

    def text_lines(self, text: str) -> list[list[tuple[str, Style]]]:
        """A markup line wrapped to the width (under its indent when ``hanging``), as styled segments."""
        width = self.width
        if self.hanging and "\n" not in text and text.startswith(" "):
            indent = len(text) - len(text.lstrip(" "))
            body = markup(text[indent:])
            inner = min(min(cell_len(body.plain), width) + indent, width) - indent
            if inner < 1:
                return []  # as rich: an indent with nothing after it prints nothing
            return [[(" " * indent, NULL), *pad_to(line.segments(), inner)] for line in wrap(body, inner)]
        return [line.segments() for line in wrap(markup(text), width)]

    def ansi(self, lines: list[list[tuple[str, Style]]]) -> str:
        width = self.width
        if not lines:
            return ""
        out = []
        for line in lines:
            if not self.styles:
                text = "".join(t for t, _ in line)
                if 2 * len(text) > width and cell_len(text) > width:
                    text = "".join(t for t, _ in crop(line, width))
                out.append(text)
                continue
            if sum(cell_len(t) for t, _ in line) > width:
                line = crop(line, width)
            parts = []
            for text, style in line:
                sgr = style.sgr(self.colours) if style and text else ""
                parts.append(f"\x1b[{sgr}m{text}\x1b[0m" if sgr else text)
            out.append("".join(parts))
        return "\n".join(out) + "\n"
