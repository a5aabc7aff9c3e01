"""The versions of a deck (``deck history``, ``NAME@N``, ``deck restore``): each with the cards it
added and removed.

The versions are the deck file's history (:mod:`skyforge.storage.history`): every write of a
deck keeps the version it makes, a hand edit is recorded before the next write. A restore
writes an old version back as a new one, so nothing is lost by restoring.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck, parse_deck, resolve_deck_path, split_version
from skyforge.errors import InputError, Problem
from skyforge.recording import current
from skyforge.results import Result
from skyforge.storage import keep, locked
from skyforge.storage.history import Kind
from skyforge.storage.versions import History, Version, read_history, version_text, version_texts
from skyforge.workbench.diff import CardChange, diff_decks


class DeckVersion(Result):
    """One version of a deck: when, by which command, and what it changed from the one before
    (``problem``: the version is not a deck skyforge can read, e.g. a hand edit that broke it)."""

    number: int
    time: str
    command: str
    kind: Kind
    size: int | None = None
    castle: str | None = None
    added: tuple[CardChange, ...] = ()
    removed: tuple[CardChange, ...] = ()
    changed: tuple[CardChange, ...] = ()
    problem: str | None = None


class DeckHistory(Result):
    """Every version kept of a deck, oldest first; ``changed_since``: edited by hand since the last
    (recorded by the next change)."""

    deck: str
    file: str
    versions: tuple[DeckVersion, ...]
    changed_since: bool


def deck_history(catalog: Catalog, path: Path) -> DeckHistory:
    """The versions of the deck file ``path``, each compared with the one before it."""
    history: History = read_history(path)
    out: list[DeckVersion] = []
    previous: Deck | None = None
    for version, text in version_texts(path, history):
        try:
            deck = parse_deck(text, Path(f"{path}@{version.number}"))
        except InputError as exc:
            out.append(_version(version, problem=exc.problems[0].message))
            previous = None
            continue
        diff = diff_decks(catalog, previous or _empty(deck), deck)
        out.append(
            _version(
                version,
                size=diff.b.size,
                castle=diff.b.castle,
                added=diff.added,
                removed=diff.removed,
                changed=diff.changed,
            )
        )
        previous = deck
    return DeckHistory.of(deck=path.stem, file=str(path), versions=tuple(out), changed_since=history.changed_since)


def _empty(deck: Deck) -> Deck:
    return Deck(None, deck.data.model_copy(update={"cards": {}}), {})


def _version(version: Version, **fields: Any) -> DeckVersion:
    return DeckVersion.of(
        number=version.number, time=version.time, command=version.command, kind=version.kind, **fields
    )


class Restored(Result):
    """A version written back: the deck, the version restored and the new version it now is."""

    deck: str
    file: str
    restored: int
    version: int


def restore_deck(workspace: Path, ref: str) -> Restored:
    """Write version N of a deck (``NAME@N``) back as its newest version, under the file's lock."""
    base, number = split_version(ref)
    if number is None:
        raise InputError(
            Problem(
                f"'{ref}' names no version",
                hint=f"name a version as NAME@N, such as {ref}@1",
            )
        )
    path = resolve_deck_path(base, workspace)
    with locked(path):
        text = version_text(path, number, "deck")
        parse_deck(text, Path(f"{path}@{number}"))  # a version that is no deck is not written back
        now = keep(path, text, command=f"{current().command} @{number}")
    return Restored.of(deck=path.stem, file=str(path), restored=number, version=now)
