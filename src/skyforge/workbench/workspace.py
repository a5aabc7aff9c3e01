"""Where decks live in a workspace: ``decks/NAME.toml``, and what the workspace holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skyforge.catalog.index import Catalog
from skyforge.decks.files import load_deck
from skyforge.errors import InputError
from skyforge.places import workspace_folder
from skyforge.results import Result, ResultList
from skyforge.rules import validate_decks
from skyforge.storage import check_name


def check_deck_name(name: str) -> str:
    """A deck name that is safe as a file name in decks/ (no path traversal)."""
    return check_name(name, "deck name")


def deck_path(workspace: Path, name: str) -> Path:
    return workspace_folder(workspace, "decks") / f"{check_deck_name(name)}.toml"


def list_decks(workspace: Path) -> list[Path]:
    """The deck files of the workspace: regular files only (a FIFO named ``x.toml`` would block a
    read for ever), a link to one included."""
    return sorted(p for p in workspace_folder(workspace, "decks").glob("*.toml") if p.is_file())


def relative(workspace: Path, path: Path) -> str:
    """``path`` as a player reads it: relative to the workspace when it is inside it."""
    try:
        return str(path.relative_to(workspace))
    except ValueError:
        return str(path)


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
