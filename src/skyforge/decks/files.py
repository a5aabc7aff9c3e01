"""Deck and collection files: hand-editable TOML (docs/file-formats.md), read and checked by their
pydantic models (:mod:`skyforge.decks.models`), every problem with file, line and key."""

from __future__ import annotations

import re
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
from skyforge.storage.versions import version_text
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
    "read_deck",
    "resolve_deck_path",
    "split_version",
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


#: a key line of a TOML file (``"DEMO.007" = 3``), counted before the file is parsed
_KEY_LINE = re.compile(r"""(?m)^[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z0-9_.-]+)[ \t]*=""")
#: the keys of a file beside its entries (schema, name, castle, player…), with room to spare
_OTHER_KEYS = 50


def check_entry_count(text: str, path: Path | str, limit: int, key: str | None) -> None:
    """Refuse a file of many more key lines than ``limit`` entries allow before it is parsed and
    validated: 100,000 entries took 2 s to parse, validate and place in the file for the message."""
    for count, m in enumerate(_KEY_LINE.finditer(text), start=1):
        if count > limit + _OTHER_KEYS:
            raise InputError(
                Problem(
                    f"has more than {limit} entries (the entries limit)",
                    file=path,
                    line=text.count("\n", 0, m.start()) + 1,
                    key=key,
                    hint="is this the right file? skyforge files are a few kilobytes",
                )
            )


def parse_deck(text: str, path: Path | str, catalog: Catalog | None = None) -> Deck:
    """A deck file's text read and checked. With ``catalog``, a file with key errors also gets its
    unknown cards reported in the same run (they would otherwise show only after the fix)."""
    check_entry_count(text, path, MAX_DECK_ENTRIES, "cards")
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


#: ``NAME@N``: version N of a deck (its history, :mod:`skyforge.storage.history`)
_VERSION = re.compile(r"^(?P<ref>.+)@(?P<number>[0-9]{1,9})$")


def split_version(ref: str) -> tuple[str, int | None]:
    """``NAME@N`` → (NAME, N); any other reference (or a file that is named so) → (ref, None)."""
    m = _VERSION.match(ref)
    if m is None or (is_path_like(ref) and exists(ref)):
        return ref, None
    return m.group("ref"), int(m.group("number"))


def read_deck(ref: str, workspace: Path, catalog: Catalog | None = None) -> Deck:
    """A deck by name or path, or version N of it (``NAME@N``): named ``FILE@N`` in messages."""
    base, number = split_version(ref)
    path = resolve_deck_path(base, workspace)
    if number is None:
        return load_deck(path, catalog)
    return parse_deck(version_text(path, number, "deck"), Path(f"{path}@{number}"), catalog)


def load_collection(path: Path, text: str | None = None) -> CollectionFile:
    """A collection file (or ``text`` read elsewhere, e.g. standard input, named ``path`` in messages)."""
    text = read_text(path) if text is None else text
    check_entry_count(text, path, 2 * MAX_COLLECTION_ENTRIES, None)  # products and cards
    collection, lines = parse_model(text, path, CollectionFile, "collection")
    collection._source = (path, lines)
    return collection
