"""Decks named on the command line, and the check every deck edit ends with.

A DECK argument is a path to a deck file, or a NAME looked up as decks/NAME.toml in the
workspace; '-' reads it from standard input.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from skyforge.cli.main import App
from skyforge.cli.output import console
from skyforge.cli.stdio import STDIN, read_stdin
from skyforge.decks import Deck, load_deck, parse_deck, read_deck
from skyforge.errors import InputError, SkyforgeError
from skyforge.rules import validate_decks
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.workspace import relative

if TYPE_CHECKING:
    from skyforge.catalog import Catalog


def load(app: App, ref: str) -> Deck:
    """A deck by name or path, or a version of it (``NAME@N``); '-' reads it from standard input."""
    if ref == "-":
        return parse_deck(read_stdin(), STDIN, app.catalog)
    return read_deck(ref, app.workspace, app.catalog)


def load_all(app: App, refs: tuple[str, ...]) -> list[Deck]:
    """Every deck named, or every problem of every deck at once."""
    loaded, problems = [], []
    for ref in refs:
        try:
            loaded.append(load(app, ref))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    return loaded


def require_terminal(deck_ref: str) -> None:
    """The deck editor draws a full screen: without a terminal, say what works instead."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise SkyforgeError(
            "the deck editor needs a terminal",
            hint=f"run it in a terminal, or change the deck with `skyforge deck add {deck_ref} CARD`",
        )


def rel(app: App, path: Path) -> str:
    return relative(app.workspace, path)


def after_edit(app: App, path: Path, message: str, catalog: Catalog | None = None) -> None:
    """Every edit ends with the deck's validity, so a player sees at once what is left to fix
    (checked with ``catalog``, by default the one in use)."""
    out = console()
    out.print(message)
    catalog = catalog or app.catalog
    report = validate_decks(catalog, [load_deck(path)])
    d = report.decks[0]
    mark = (
        ("✓ valid", "green")
        if d.valid
        else Text.assemble(("✗ not valid", "red"), f" ({plural(len(report.violations), 'problem')})")
    )
    where = f"  {rel(app, path)} — {d.name}, castle {catalog.label(str(d.castle))}, {plural(d.size, 'card')}"
    out.print(Text.assemble(mark, where))
    for v in report.violations[:5]:
        out.print(Text.assemble("  ", (v.rule, "red"), f"  {v.message}"))
    if len(report.violations) > 5:
        out.print(f"  … and {len(report.violations) - 5} more: skyforge deck validate {rel(app, path)}")
    if report.demo:
        out.print(Text(demo_note(), style="dim"))
