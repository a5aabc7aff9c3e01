"""Shared output for every command: ``--json`` for scripts, rich for people.

Rich prints plain text when stdout is not a terminal and honours ``NO_COLOR``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from skyforge.terms import demo_note

json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print machine-readable JSON instead of the human view.")


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


#: the width given to rich when output is not a terminal: wide enough that nothing is wrapped
PIPE_WIDTH = 10_000


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def terminal_width(stderr: bool = False) -> int | None:
    """The columns of the terminal the output goes to; None when it is piped or redirected.

    Piped output is never hard-wrapped (a line stays one line for ``grep``); on a
    terminal, tables are sized to it and prose wraps between words.
    """
    stream = sys.stderr if stderr else sys.stdout
    if not _isatty(stream):
        return None
    return max(shutil.get_terminal_size().columns, 20)


class _Console(Console):
    """rich's Console: on a terminal, an indented line that wraps keeps its indent."""

    def __init__(self, *args: Any, hanging: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hanging = hanging

    def print(self, *objects: Any, **options: Any) -> None:
        """On a terminal, an indented line that wraps keeps its indent (a hanging paragraph)."""
        if self.hanging and len(objects) == 1 and not options and isinstance(objects[0], str) \
                and "\n" not in objects[0] and objects[0].startswith(" "):
            text = objects[0]
            indent = len(text) - len(text.lstrip(" "))
            super().print(Padding(self.render_str(text[indent:]), (0, 0, 0, indent), expand=False))
            return
        super().print(*objects, **options)


def console(stderr: bool = False) -> Console:
    """A rich console for people: sized to the terminal, never wrapping when piped, NO_COLOR kept."""
    stream = sys.stderr if stderr else sys.stdout
    width = terminal_width(stderr)
    return _Console(file=stream, highlight=False, width=width or PIPE_WIDTH, soft_wrap=False,
                    force_terminal=None if width else False,
                    no_color=bool(os.environ.get("NO_COLOR")) or None, hanging=width)


def echo(text: str = "", err: bool = False) -> None:
    """``click.echo`` for prose: on a terminal, long lines wrap between words (indent kept)."""
    width = terminal_width(err)
    if width and any(len(line) > width for line in text.split("\n")):
        lines = []
        for line in text.split("\n"):
            if len(click.unstyle(line)) <= width:
                lines.append(line)
                continue
            indent = line[: len(line) - len(line.lstrip())]
            lines.extend(textwrap.wrap(line.strip(), width, initial_indent=indent,
                                       subsequent_indent=indent + "  ", break_on_hyphens=False,
                                       break_long_words=True))
        text = "\n".join(lines)
    click.echo(text, err=err)


def table(*columns: str, **options: Any):
    """A table for people, sized to the terminal (see :class:`FitTable`); plain columns when piped."""
    if terminal_width() is None:
        options.setdefault("box", None)
        options.setdefault("show_edge", False)
        options.setdefault("pad_edge", False)
    else:
        options.setdefault("box", box.SIMPLE_HEAD)
        options.setdefault("show_edge", False)
        options.setdefault("padding", (0, 1, 0, 0))
    options.setdefault("header_style", "bold")
    return FitTable(*columns, **options)


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
    cells = [Text.from_markup(x).plain.strip() if isinstance(x, str) else "" for x in column._cells]
    return all(re.fullmatch(r"[A-Za-z0-9]+\.\d+|[-+]?[\d.,%×/–W L·]*|—|\?", x) for x in cells)


class FitTable(Table):
    """A table that fits its console: empty columns are dropped, no code, number or header
    is split, and the longest text columns (names) are cut with an ellipsis when the
    terminal is too narrow — never wrapped over several lines.
    """

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
            wordy = any(" " in Text.from_markup(x).plain.strip() for x in c._cells if isinstance(x, str))
            floors.append(min(n, max(header, 12)) if wordy else n)
        overhead = self._extra_width + sum(self._get_padding_width(i) for i in range(len(self.columns)))
        widths = list(natural)
        excess = sum(widths) + overhead - max_width
        # first the text columns (names) down to 12; then any column that is not a code or a
        # number down to its header (at least 6): codes, numbers and headers stay whole
        second = [f if f < n or _whole(c) else max(_cell_width(c.header), min(n, 6))
                  for c, n, f in zip(self.columns, natural, floors)]
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


def style(text: str, **styles: Any) -> str:
    """ANSI-styled text for click.echo (which strips it when not a terminal); none with NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        return text
    return click.style(text, **styles)


def render(data: Any, as_json: bool, human: Callable[[Any], None]) -> None:
    """The one output path of every command: ``data`` as JSON with ``--json`` (the contract for
    scripts), else ``human(data)`` draws the same data for people."""
    if as_json:
        emit_json(data)
    else:
        human(data)


def report_error(exc: Any, as_json: bool = False) -> None:
    """Print a :class:`SkyforgeError` the way a person can act on it (stderr).

    With ``--json`` the same problems also go to stdout as
    ``{"error": {"type", "exit_code", "problems": [{message, file, line, key, value, hint}]}}``.
    """
    problems = exc.problems
    if as_json:
        emit_json({"error": {"type": type(exc).__name__, "exit_code": exc.exit_code,
                             "problems": [p.as_dict() for p in problems]}})
    if len(problems) > 1:
        echo(f"error: {len(problems)} problems", err=True)
        for problem in problems:
            echo("  " + problem.render().replace("\n", "\n  "), err=True)
    else:
        echo("error: " + exc.render(), err=True)


def demo_marker(provenances: set[str]) -> str | None:
    if "demo" in provenances:
        return demo_note()
    return None
