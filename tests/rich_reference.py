"""What rich drew for skyforge before issue 14 (issue 12's fitting tables and hanging lines): the
reference that tests/test_draw.py holds skyforge.cli.draw to. Tests only; the CLI never imports rich.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text


class _Console(Console):
    """rich's Console: on a terminal, an indented line that wraps keeps its indent."""

    def __init__(self, *args: Any, hanging: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hanging = hanging

    def print(self, *objects: Any, **options: Any) -> None:
        """On a terminal, an indented line that wraps keeps its indent (a hanging paragraph)."""
        if (
            self.hanging
            and len(objects) == 1
            and not options
            and isinstance(objects[0], str)
            and "\n" not in objects[0]
            and objects[0].startswith(" ")
        ):
            text = objects[0]
            indent = len(text) - len(text.lstrip(" "))
            body = self.render_str(text[indent:])
            body.expand_tabs()  # see _expanded
            super().print(Padding(body, (0, 0, 0, indent), expand=False))
            return
        super().print(*objects, **options)


def _expanded(cell: Any) -> Any:
    """A cell with a tab as its text with the tab expanded. skyforge expands tabs when it reads markup,
    so a tab is measured as the columns it takes; rich measured a tab as no column and expanded it only
    when it drew the text, so a name with a tab was cut (in a table) or wrapped (an indented line)
    though it fitted."""
    if isinstance(cell, str) and "\t" in cell:
        cell = Text.from_markup(cell, emoji=False)
        cell.expand_tabs()
    return cell


def _plain(cell: Any) -> str:
    if isinstance(cell, str):
        return Text.from_markup(cell).plain
    return cell.plain if isinstance(cell, Text) else ""


def _cell_width(cell: Any) -> int:
    if isinstance(cell, str):
        cell = Text.from_markup(cell)
    if isinstance(cell, Text):
        return max((Text(line).cell_len for line in cell.plain.split("\n")), default=0)
    return 0


def _is_empty(cell: Any) -> bool:
    if isinstance(cell, str):
        return not Text.from_markup(cell).plain.strip()
    return isinstance(cell, Text) and not cell.plain.strip()


def _whole(column) -> bool:
    """A column of codes or numbers: never cut."""
    cells = [_plain(x).strip() for x in column._cells]
    return all(re.fullmatch(r"[A-Za-z0-9]+\.\d+|[-+]?[\d.,%×/–W L·]*|—|\?", x) for x in cells)


class FitTable(Table):
    """A table that fits its console: empty columns are dropped, no code, number or header
    is split, and the longest text columns (names) are cut with an ellipsis when the
    terminal is too narrow — never wrapped over several lines.
    """

    def add_row(self, *cells: Any, **options: Any) -> None:
        super().add_row(*(_expanded(cell) for cell in cells), **options)

    def __rich_console__(self, console, options):
        self._fit(options.max_width)
        yield from super().__rich_console__(console, options)

    def _fit(self, max_width: int) -> None:
        if self.rows and len(self.columns) > 1:
            kept = [c for c in self.columns if not all(_is_empty(x) for x in c._cells)]
            if kept and len(kept) < len(self.columns):
                self._keep(kept)
        dropped = []
        while True:
            widths, natural, excess = self._widths(max_width)
            if excess <= 0 or len(self.columns) <= 2:
                break
            # still too wide with every name cut to its floor: leave out the rightmost column,
            # and say so under the table, rather than cut headers or codes
            dropped.insert(0, Text.from_markup(str(self.columns[-1].header)).plain)
            self._keep(self.columns[:-1])
        if dropped:
            note = f"(left out to fit the terminal: {', '.join(dropped)}; wider terminal or --json for all)"
            self.caption = f"{self.caption} {note}" if self.caption else note
            self.caption_justify = "left"
        for c, w, n in zip(self.columns, widths, natural):
            c.no_wrap = True
            c.overflow = "ellipsis"
            if w < n:
                c.width = w

    def _keep(self, columns) -> None:
        self.columns[:] = list(columns)
        for index, column in enumerate(self.columns):
            column._index = index

    def _widths(self, max_width: int):
        """Column widths that fit ``max_width`` as well as cutting allows, and the excess left."""
        natural = [max([_cell_width(c.header)] + [_cell_width(x) for x in c._cells]) for c in self.columns]
        floors = []
        for c, n in zip(self.columns, natural):
            header = _cell_width(c.header)
            # text columns (names) may be cut; codes, numbers and headers never are
            wordy = any(" " in _plain(x).strip() for x in c._cells)
            floors.append(min(n, max(header, 12)) if wordy else n)
        overhead = self._extra_width + sum(self._get_padding_width(i) for i in range(len(self.columns)))
        widths = list(natural)
        excess = sum(widths) + overhead - max_width
        # first the text columns (names) down to 12; then any column that is not a code or a
        # number down to its header (at least 6): codes, numbers and headers stay whole
        second = [
            f if f < n or _whole(c) else max(_cell_width(c.header), min(n, 6))
            for c, n, f in zip(self.columns, natural, floors)
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


def rich_console(file, width: int | None, styles: bool = False, colours: bool = False) -> _Console:
    """The console skyforge made with rich: ``width`` None when piped (never wrapping)."""
    return _Console(
        file=file,
        highlight=False,
        width=width or 10_000,
        height=25,
        soft_wrap=False,
        force_terminal=styles,
        color_system="standard" if styles else None,
        no_color=not colours,
        hanging=width,
        emoji=False,
    )


def rich_table(*columns: str, terminal: bool, rule: bool = True, **options: Any) -> FitTable:
    """The table skyforge made with rich (``rule=False`` was ``box=None``)."""
    from rich import box

    options["box"] = (box.SIMPLE_HEAD if rule else None) if terminal else None
    options.setdefault("show_edge", False)
    if terminal:
        options.setdefault("padding", (0, 1, 0, 0))
    else:
        options.setdefault("pad_edge", False)
    options.setdefault("header_style", "bold")
    return FitTable(*columns, **options)
