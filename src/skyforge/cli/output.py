"""Shared output for every command: ``--json`` for scripts, rich for people.

Rich prints plain text when stdout is not a terminal and honours ``NO_COLOR``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

import click

json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print machine-readable JSON instead of the human view.")


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def console(stderr: bool = False):
    from rich.console import Console

    stream = sys.stderr if stderr else sys.stdout
    width = None
    if not stream.isatty():
        width = int(os.environ.get("COLUMNS", "100"))
    return Console(file=stream, highlight=False, width=width, soft_wrap=False,
                   no_color=bool(os.environ.get("NO_COLOR")) or None)


def table(*columns: str, **options: Any):
    """A rich Table for people; plain columns without box lines when stdout is not a terminal."""
    from rich import box
    from rich.table import Table

    if not sys.stdout.isatty():
        options.setdefault("box", None)
        options.setdefault("show_edge", False)
        options.setdefault("pad_edge", False)
    else:
        options.setdefault("box", box.SIMPLE_HEAD)
    options.setdefault("header_style", "bold")
    return Table(*columns, **options)


def cell_width(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide East Asian characters take two)."""
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)


def echo_columns(header: list[str], rows: list[list[tuple[str, dict]]], right: frozenset[int] = frozenset()) -> None:
    """Rows of (text, click styles) cells as aligned columns, like a rich table without box lines
    (and without its cost, which for thousands of rows is more than the work behind them)."""
    widths = [max([cell_width(h), *(cell_width(r[i][0]) for r in rows)]) for i, h in enumerate(header)]

    def line(cells: list[tuple[str, dict]]) -> str:
        out = []
        for i, (text, styles) in enumerate(cells):
            pad = " " * (widths[i] - cell_width(text))
            cell = style(text, **styles) if styles else text
            out.append(pad + cell if i in right else (cell + pad if i < len(cells) - 1 else cell))
        return "  ".join(out).rstrip()

    click.echo(line([(h, {"bold": True}) for h in header]))
    click.echo("\n".join(line(r) for r in rows))


def style(text: str, **styles: Any) -> str:
    """ANSI-styled text for click.echo (which strips it when not a terminal); none with NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        return text
    return click.style(text, **styles)


def render(data: Any, as_json: bool, human: Callable[[Any], None]) -> None:
    """Print ``data`` as JSON, or call ``human(data)`` to draw it for people."""
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
        click.echo(f"error: {len(problems)} problems", err=True)
        for problem in problems:
            click.echo("  " + problem.render().replace("\n", "\n  "), err=True)
    else:
        click.echo("error: " + exc.render(), err=True)


def demo_marker(provenances: set[str]) -> str | None:
    if "demo" in provenances:
        return "demo data: fictional cards from the DEMO set, not the published game's"
    return None
