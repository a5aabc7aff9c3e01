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

from skyforge.cli.markup import BOLD, CAPTION, NULL, TITLE, Style, cell_len, crop, markup, pad_to, plain_text, wrap

#: the width when output is not a terminal: wide enough that nothing is wrapped
PIPE_WIDTH = 10_000

#: a cell of a code or a number, which is never cut
_WHOLE = re.compile(r"[A-Za-z0-9]+\.\d+|[-+]?[\d.,%×/–W L·]*|—|\?")


# --- tables ------------------------------------------------------------------------------------

class Column:
    __slots__ = ("header", "justify", "cells", "width")

    def __init__(self, header: str = "", justify: str = "left") -> None:
        self.header = header
        self.justify = justify
        self.cells: list[str] = []
        self.width: int | None = None


def _lines_width(cell: str) -> int:
    text = plain_text(cell)
    if "\n" not in text:
        return cell_len(text)
    return max(cell_len(line) for line in text.split("\n"))


class Table:
    """A table for people (rich's ``Table`` with issue 12's fitting, see :meth:`fit`).

    ``rule`` draws a line under the header (rich's ``SIMPLE_HEAD`` box, columns one space apart);
    without it columns are set apart by their padding only.
    """

    def __init__(self, *headers: str, rule: bool = False, pad_edge: bool = True,
                 padding: tuple[int, int] = (1, 1), show_header: bool = True, header_style: Style = BOLD,
                 title: str | None = None, title_justify: str = "center", caption: str | None = None) -> None:
        self.columns = [Column(h) for h in headers]
        self.rows = 0
        self.rule = rule
        self.pad_edge = pad_edge
        self.padding = padding   # (left, right)
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
    def _pad(self, index: int) -> int:
        left, right = self.padding
        if not self.pad_edge:
            left = 0 if index == 0 else left
            right = 0 if index == len(self.columns) - 1 else right
        return left + right

    @property
    def _extra_width(self) -> int:
        return len(self.columns) - 1 if self.rule else 0

    def fit(self, max_width: int) -> None:
        """Fit ``max_width``: empty columns are dropped, no code, number or header is cut, and the
        longest text columns (names) are cut with an ellipsis — never wrapped over several lines;
        still too wide, the rightmost columns are left out, and a note under the table says so."""
        if self.rows and len(self.columns) > 1:
            kept = [c for c in self.columns if not all(not plain_text(x).strip() for x in c.cells)]
            if kept and len(kept) < len(self.columns):
                self.columns = kept
        dropped: list[str] = []
        while True:
            widths, natural, excess = self._widths(max_width)
            if excess <= 0 or len(self.columns) <= 2:
                break
            dropped.insert(0, plain_text(str(self.columns[-1].header)))
            self.columns = self.columns[:-1]
        if dropped:
            note = f"(left out to fit the terminal: {', '.join(dropped)}; wider terminal or --json for all)"
            self.caption = f"{self.caption} {note}" if self.caption else note
        for c, w, n in zip(self.columns, widths, natural):
            if w < n:
                c.width = w

    def _widths(self, max_width: int) -> tuple[list[int], list[int], int]:
        """Column widths that fit ``max_width`` as well as cutting allows, and the excess left."""
        natural = [max([_lines_width(c.header)] + [_lines_width(x) for x in c.cells]) for c in self.columns]
        floors = []
        plains = [[plain_text(x).strip() for x in c.cells] for c in self.columns]
        for c, n, cells in zip(self.columns, natural, plains):
            header = _lines_width(c.header)
            # text columns (names) may be cut; codes, numbers and headers never are
            floors.append(min(n, max(header, 12)) if any(" " in x for x in cells) else n)
        overhead = self._extra_width + sum(self._pad(i) for i in range(len(self.columns)))
        widths = list(natural)
        excess = sum(widths) + overhead - max_width
        # first the text columns (names) down to 12; then any column that is not a code or a
        # number down to its header (at least 6): codes, numbers and headers stay whole
        second = [f if f < n or all(_WHOLE.fullmatch(x) for x in cells)
                  else max(_lines_width(c.header), min(n, 6))
                  for c, n, f, cells in zip(self.columns, natural, floors, plains)]
        for bounds in (floors, second):
            while excess > 0:
                room = [(w - f, i) for i, (w, f) in enumerate(zip(widths, bounds)) if w > f]
                if not room:
                    break
                _, i = max(room)
                cut = min(excess, widths[i] - bounds[i],
                          max(1, widths[i] - max((w for j, w in enumerate(widths) if j != i), default=0)))
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
                cells = [c.header, *c.cells] if self.show_header else c.cells
                measured = max((min(_lines_width(x) + pad, available) if available - pad >= 1 else available
                                for x in cells), default=available)
            widths.append(min(measured, available) or 1)
        if sum(widths) > available:
            widths = _ratio_reduce(sum(widths) - available, widths)
        table_width = sum(widths) + self._extra_width
        out: list[list[tuple[str, Style]]] = []
        if self.title:
            out += [t.segments(TITLE) for t in wrap(markup(self.title), table_width, self.title_justify)]
        divider = [("|" if ascii_only else " ", NULL)] if self.rule else []
        rows = range(-1 if self.show_header else 0, self.rows)
        for row in rows:
            style = self.header_style if row < 0 else NULL
            cells = []
            for i, (c, w) in enumerate(zip(self.columns, widths)):
                cells.append(self._cell(c.header if row < 0 else c.cells[row], c.justify, i, w, style))
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

    def _cell(self, cell: str, justify: str, index: int, width: int, style: Style) -> list[list]:
        left, right = self.padding
        if not self.pad_edge:
            left = 0 if index == 0 else left
            right = 0 if index == len(self.columns) - 1 else right
        inner = max(width - left - right, 0)
        lines = []
        for text in wrap(markup(cell), inner, justify, "ellipsis", no_wrap=True):
            segments = pad_to([(t, style + st) for t, st in text.segments()], inner, style)
            line = ([(" " * left, style)] if left else []) + segments + ([(" " * right, style)] if right else [])
            lines.append(line if left + right <= width else pad_to(line, width, style))
        return lines


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

    def __init__(self, stream, width: int, styles: bool = False, colours: bool = False,
                 hanging: bool = False, ascii_only: bool = False) -> None:
        self.file = stream
        self.width = width
        self.styles = styles
        self.colours = colours
        self.hanging = hanging
        self.ascii_only = ascii_only

    def print(self, *objects: str | Table) -> None:
        if len(objects) == 1 and isinstance(objects[0], Table):
            lines = objects[0].lines(self.width, self.ascii_only)
        else:
            text = " ".join(objects)  # type: ignore[arg-type]
            lines = self.text_lines(text)
        self.file.write(self.ansi(lines))
        self.file.flush()

    def text_lines(self, text: str) -> list[list[tuple[str, Style]]]:
        width = self.width
        if self.hanging and "\n" not in text and text.startswith(" "):
            indent = len(text) - len(text.lstrip(" "))
            body = markup(text[indent:])
            inner = min(min(cell_len(body.plain), width) + indent, width) - indent
            return [[(" " * indent, NULL), *pad_to(line.segments(), inner)]
                    for line in wrap(body, inner)]
        return [line.segments() for line in wrap(markup(text), width)]

    def ansi(self, lines: list[list[tuple[str, Style]]]) -> str:
        width = self.width
        out = []
        for line in lines:
            if sum(cell_len(t) for t, _ in line) > width:
                line = crop(line, width)
            if not self.styles:
                out.append("".join(t for t, _ in line))
                continue
            parts = []
            for text, style in line:
                sgr = style.sgr(self.colours) if style and text else ""
                parts.append(f"\x1b[{sgr}m{text}\x1b[0m" if sgr else text)
            out.append("".join(parts))
        return "\n".join(out) + "\n"
