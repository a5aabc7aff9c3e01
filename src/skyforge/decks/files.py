"""Deck and collection files: hand-editable TOML (docs/file-formats.md), read and checked by their
pydantic models (:mod:`skyforge.decks.models`), every problem with file, line and key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.decks.limits import MAX_COLLECTION_ENTRIES, MAX_COPIES, MAX_DECK_ENTRIES
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.places import workspace_folder
from skyforge.storage import (
    MAX_PROBLEMS,
    InvalidFile,
    exists,
    is_path_like,
    parse_model,
    read_text,
    workspace_file,
)
from skyforge.text import did_you_mean
from skyforge.tomlpos import key_lines

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog
    from skyforge.tomlpos import Path_

__all__ = [
    "MAX_COLLECTION_ENTRIES",
    "MAX_COPIES",
    "MAX_DECK_ENTRIES",
    "CollectionFile",
    "Deck",
    "DeckFile",
    "load_collection",
    "load_deck",
    "parse_deck",
    "resolve_deck_path",
]


@dataclass
class Deck:
    """A deck as loaded: the file's content, where it came from, and label for messages."""

    path: Path | None
    data: DeckFile
    lines: Mapping

    @property
    def name(self) -> str:
        return self.data.name

    @cached_property  # asked for once per card and violation in bulk validation: worked out once
    def label(self) -> str:
        """How messages name this deck: "Bo's deck" or the deck name."""
        return f"{self.data.player}'s deck" if self.data.player else f"deck '{self.data.name}'"

    @cached_property
    def file(self) -> str:
        return str(self.path) if self.path else self.data.name

    def line_of(self, *key: str) -> int | None:
        return self.lines.get(tuple(key))


def resolve_deck_path(ref: str, workspace: Path) -> Path:
    """A deck argument is a path, or a name looked up as ``decks/NAME.toml``."""
    if ref == "-":
        raise InputError(
            Problem(
                "'-' (standard input) can be read, not edited in place",
                hint="save the deck to a file first, or give a deck name or path",
            )
        )
    path = Path(ref)
    if is_path_like(ref) and (path.suffix == ".toml" or exists(path) or "/" in ref or "\\" in ref):
        if not exists(path) and not path.is_absolute() and exists(workspace / path):
            return workspace / path
        return path
    candidate = workspace_file(workspace, "decks", ref, "deck name")
    if not candidate.exists():
        known = sorted(p.stem for p in workspace_folder(workspace, "decks").glob("*.toml"))
        raise NotFoundError(
            Problem(
                f"no deck '{ref}' (looked for {candidate})",
                hint=did_you_mean(ref, known, listing="decks here", otherwise="give a path to a deck file"),
            )
        )
    return candidate


def parse_deck(text: str, path: Path | str, catalog: Catalog | None = None) -> Deck:
    """A deck file's text read and checked. With ``catalog``, a file with key errors also gets its
    unknown cards reported in the same run (they would otherwise show only after the fix)."""
    try:
        model, lines = parse_model(text, path, DeckFile, "deck")
    except InvalidFile as exc:  # TOML, but not a deck: its unknown cards too, without parsing again
        if catalog is None:
            raise
        data = exc.data
        cards = data.get("cards") if isinstance(data, dict) else None
        raise InputError(exc.problems + _unknown_cards(catalog, cards, path, key_lines(text), exc.problems)) from None
    return Deck(path if isinstance(path, Path) else Path(path) if isinstance(path, str) else None, model, lines)


def _unknown_cards(
    catalog: Catalog, cards: object, path: Path | str, lines: dict[Path_, int], already: list[Problem]
) -> list[Problem]:
    """unknown-card problems for the [cards] table of a deck file that has other errors too."""
    if not isinstance(cards, dict):
        return []
    said = {p.key for p in already}
    out: list[Problem] = []
    room = MAX_PROBLEMS - len(already)
    for ref in cards:
        if len(out) >= room:  # the file already says more than anyone reads
            break
        try:
            known = catalog.find(str(ref)) is not None
        except InputError:
            known = True  # an ambiguous name: the rules say so once the file reads
        if not known and f"cards.{ref}" not in said and f'cards."{ref}"' not in said:
            out.append(
                Problem(
                    f"{ref} is not in the catalog",
                    file=path,
                    line=lines.get(("cards", ref)),
                    key=f'cards."{ref}"',
                    hint=catalog.suggest(str(ref), "alliance"),
                )
            )
    return out


def load_deck(path: Path, catalog: Catalog | None = None) -> Deck:
    return parse_deck(read_text(path), path, catalog)


def load_collection(path: Path, text: str | None = None) -> CollectionFile:
    """A collection file (or ``text`` read elsewhere, e.g. standard input, named ``path`` in messages)."""
    collection, lines = parse_model(read_text(path) if text is None else text, path, CollectionFile, "collection")
    collection._source = (path, lines)
    return collection
