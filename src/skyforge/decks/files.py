"""Deck and collection files: hand-editable TOML (DESIGN.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog.records import Record
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.plain import plain_record, record_class
from skyforge.storage import check_schema, parse_toml, read_text, validation_problems, workspace_file
from skyforge.tomlpos import LazyKeyLines

if TYPE_CHECKING:
    from pydantic import BaseModel

    from skyforge.decks.models import CollectionFile, DeckFile


def __getattr__(name: str):
    # the pydantic models of deck and collection files live in skyforge.decks.models and are
    # imported only when needed: a plain, valid file never needs them (see skyforge.plain)
    if name in ("DeckFile", "CollectionFile"):
        from skyforge.decks import models

        return getattr(models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class PlainCollection(Record):
    """A collection file read by the fast path: the fields of :class:`CollectionFile`, and its source."""

    __slots__ = ("_source_of",)

    @property
    def source(self) -> tuple[Path | None, dict]:
        """The file this collection was read from and its key lines, for messages."""
        return getattr(self, "_source_of", (None, {}))


_DECK_RECORD = record_class("deck")
_COLLECTION_RECORD = record_class("collection", PlainCollection)


@dataclass
class Deck:
    """A deck as loaded: the file's content, where it came from, and label for messages."""

    path: Path | None
    data: DeckFile
    lines: dict

    @property
    def name(self) -> str:
        return self.data.name

    @cached_property   # asked for once per card and violation in bulk validation: worked out once
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
    path = Path(ref)
    if path.suffix == ".toml" or path.exists() or "/" in ref or "\\" in ref:
        if not path.exists() and not path.is_absolute() and (workspace / path).exists():
            return workspace / path
        return path
    candidate = workspace_file(workspace, "decks", ref, "deck name")
    if not candidate.exists():
        known = sorted(p.stem for p in (workspace / "decks").glob("*.toml"))
        import difflib

        near = difflib.get_close_matches(ref, known, n=1)
        raise NotFoundError(Problem(f"no deck '{ref}' (looked for {candidate})",
                                    hint=f"did you mean '{near[0]}'?" if near else
                                    ("decks here: " + ", ".join(known)) if known else
                                    "give a path to a deck file"))
    return candidate


def parse_deck(text: str, path: Path | str) -> Deck:
    data = parse_toml(text, path)
    lines = LazyKeyLines(text)
    check_schema(data, path, "deck", lines)
    model = plain_record("deck", data, _DECK_RECORD)      # the fast path: plain and valid
    if model is None:                                     # anything else: pydantic's full report
        from pydantic import ValidationError

        from skyforge.decks.models import DeckFile

        try:
            model = DeckFile.model_validate(data)
        except ValidationError as exc:
            raise InputError(validation_problems(
                exc, path, text, known_keys=lambda loc: list(_aliases(DeckFile)) if not loc else [])) from None
    return Deck(Path(path) if isinstance(path, (str, Path)) else None, model, lines)


def load_deck(path: Path) -> Deck:
    return parse_deck(read_text(path), path)


def load_collection(path: Path) -> CollectionFile | PlainCollection:
    text = read_text(path)
    data = parse_toml(text, path)
    lines = LazyKeyLines(text)
    check_schema(data, path, "collection", lines)
    plain = plain_record("collection", data, _COLLECTION_RECORD)
    if plain is not None:
        object.__setattr__(plain, "_source_of", (path, lines))
        return plain
    from pydantic import ValidationError

    from skyforge.decks.models import CollectionFile

    try:
        collection = CollectionFile.model_validate(data)
        collection._source = (path, lines)
        return collection
    except ValidationError as exc:
        raise InputError(validation_problems(
            exc, path, text, known_keys=lambda loc: list(_aliases(CollectionFile)) if not loc else [])) from None


def _aliases(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]
