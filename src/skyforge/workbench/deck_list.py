"""The decks of a workspace in the lines of ``deck list``: each checked on its own.

A module of its own, so that a command reading one deck (``deck show``) creates neither result model.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skyforge.catalog.index import Catalog
from skyforge.decks.files import load_deck
from skyforge.errors import InputError
from skyforge.results import Result, ResultList
from skyforge.rules import validate_decks
from skyforge.workbench.workspace import list_decks, relative


class DeckSummary(Result):
    """A deck of the workspace in a line of ``deck list``: castle, size and validity, checked on its own."""

    file: str
    #: the deck's file name, without .toml
    deck: str
    name: str
    player: str | None
    castle: str | None
    castle_name: str | None
    size: int
    valid: bool
    #: how many rules it breaks
    problems: int
    #: it holds demo data
    demo: bool


class UnreadableDeck(Result):
    """A deck file of the workspace that cannot be read, in ``deck list``: its first problem."""

    file: str
    #: the file name, without .toml
    name: str
    error: str
    valid: bool = False


def deck_summaries(
    catalog: Catalog, workspace: Path, progress: Callable[[int, int], None] | None = None
) -> ResultList[DeckSummary | UnreadableDeck]:
    """Every deck of the workspace with castle, size and validity, each checked on its own
    (``deck list``); a file that cannot be read is an :class:`UnreadableDeck` with its ``error``.
    ``progress(done, total)`` is called before each deck."""
    rows: list[DeckSummary | UnreadableDeck] = []
    paths = list_decks(workspace)
    for done, path in enumerate(paths):
        if progress:
            progress(done, len(paths))
        try:
            loaded = load_deck(path)
        except InputError as exc:
            rows.append(
                UnreadableDeck.of(
                    file=relative(workspace, path), name=path.stem, error=exc.problems[0].render(), valid=False
                )
            )
            continue
        report = validate_decks(catalog, [loaded])
        d = report.decks[0]
        castle = catalog.find(str(d.castle), "castle")
        rows.append(
            DeckSummary.of(
                file=relative(workspace, path),
                deck=path.stem,
                name=d.name,
                player=d.player,
                castle=d.castle,
                castle_name=castle.name if castle else None,
                size=d.size,
                valid=d.valid,
                problems=len(report.violations),
                demo=report.demo,
            )
        )
    return ResultList[DeckSummary | UnreadableDeck].of(rows)
