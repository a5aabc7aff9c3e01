"""``-`` as standard input or standard output, for every file argument and ``-o``."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from skyforge.errors import InputError, Problem
from skyforge.storage import atomic_write, keep, locked, refuse_overwrite
from skyforge.text import visible_controls

#: how standard input is named in messages
STDIN = "<stdin>"


def interactive() -> bool:
    """Whether a person can answer a prompt: standard input is a terminal. (Tests that stand in
    for a person replace this function.)"""
    return sys.stdin.isatty()


def is_dash(value: object) -> bool:
    return value is not None and str(value) == "-"


def read_stdin() -> str:
    """All of standard input (once per command: a second '-' is refused)."""
    ctx = click.get_current_context(silent=True)
    root = ctx.find_root() if ctx is not None else None
    if root is not None:
        if root.meta.get("skyforge.stdin_read"):
            raise InputError(Problem("'-' (standard input) is given twice", hint="standard input can be read once"))
        root.meta["skyforge.stdin_read"] = True
    try:
        return sys.stdin.read()
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", file=STDIN)) from None


def write(output: Path | str | None, text: str, *, force: bool = True, kept: bool = False) -> bool:
    """Write ``text`` to the file ``output`` (atomically), or to standard output for None or '-'.

    A ``kept`` file (a catalog file, not an export) keeps its history (``skyforge history``).
    Returns True when it went to a file.
    """
    if output is None or is_dash(output):  # every export format: no control character reaches a terminal
        click.echo(visible_controls(text), nl=False)
        return False
    path = Path(output)
    if kept:
        with locked(path):
            refuse_overwrite(path, force=force, instead="name another file")
            keep(path, text)
        return True
    refuse_overwrite(path, force=force, instead="name another file")
    atomic_write(path, text)
    return True
