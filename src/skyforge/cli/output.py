"""Shared output for every command: ``--json`` for scripts, drawing for people.

Drawing (:mod:`skyforge.cli.draw`, rich's console markup and tables without rich's renderer)
prints plain text when stdout is not a terminal and no colour with ``NO_COLOR``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import click

from skyforge.cli.draw import PIPE_WIDTH, Console, Table
from skyforge.terms import demo_note

json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print machine-readable JSON instead of the human view."
)


def emit_json(data: Any) -> None:
    """``data`` as JSON on stdout; as \\u escapes where stdout is not UTF-8, so nothing is lost."""
    ascii_only = not (getattr(sys.stdout, "encoding", None) or "utf-8").lower().startswith("utf")
    click.echo(json.dumps(data, indent=2, ensure_ascii=ascii_only, default=str))


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


def _shows_styles(stream) -> bool:
    """Whether the stream is a terminal that is sent styles: ``TTY_COMPATIBLE`` and
    ``FORCE_COLOR`` as rich reads them, else the stream's own answer (not :func:`_isatty`, which
    tests replace to draw for an imagined terminal of COLUMNS columns)."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def console(stderr: bool = False) -> Console:
    """A console for people: sized to the terminal, never wrapping when piped, NO_COLOR kept.

    On a terminal an indented line that wraps keeps its indent; styles are written as a
    terminal's escape codes unless it cannot show them (``TERM=dumb``), colours unless
    ``NO_COLOR`` is set.
    """
    stream = sys.stderr if stderr else sys.stdout
    width = terminal_width(stderr)
    if width is None:
        return Console(stream, PIPE_WIDTH)
    env = os.environ
    styles = _shows_styles(stream) and env.get("TERM", "").lower() not in ("dumb", "unknown")
    encoding = (getattr(stream, "encoding", None) or "utf-8").lower()
    return Console(
        stream,
        width,
        styles=styles,
        colours=styles and not env.get("NO_COLOR"),
        hanging=True,
        ascii_only=not encoding.startswith("utf"),
    )


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
            lines.extend(
                textwrap.wrap(
                    line.strip(),
                    width,
                    initial_indent=indent,
                    subsequent_indent=indent + "  ",
                    break_on_hyphens=False,
                    break_long_words=True,
                )
            )
        text = "\n".join(lines)
    click.echo(text, err=err)


def table(
    *columns: str,
    rule: bool = True,
    pad_edge: bool | None = None,
    show_header: bool = True,
    title: str | None = None,
    title_justify: str = "center",
) -> Table:
    """A table for people, sized to the terminal (see :meth:`Table.fit`); plain columns when piped.

    On a terminal a rule runs under the header (``rule=False``: none) and columns are one space
    apart; piped, columns are set apart by a space each side and nothing is cut.
    """
    if terminal_width() is None:
        return Table(
            *columns,
            rule=False,
            pad_edge=bool(pad_edge),
            padding=(1, 1),
            show_header=show_header,
            title=title,
            title_justify=title_justify,
        )
    return Table(
        *columns,
        rule=rule,
        pad_edge=True if pad_edge is None else pad_edge,
        padding=(0, 1),
        show_header=show_header,
        title=title,
        title_justify=title_justify,
    )


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
        emit_json(
            {
                "error": {
                    "type": type(exc).__name__,
                    "exit_code": exc.exit_code,
                    "problems": [p.as_dict() for p in problems],
                }
            }
        )
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
