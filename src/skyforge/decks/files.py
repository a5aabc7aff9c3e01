"""Deck and collection files: hand-editable TOML (DESIGN.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.storage import exists, is_path_like, parse_model, parse_toml, read_text, workspace_file
from skyforge.tomlpos import key_lines


#: no deck needs more copies of one card than this; larger numbers are typing slips
MAX_COPIES = 99
#: the most different cards (entries of [cards]) a deck holds, and a collection
MAX_DECK_ENTRIES = 1_000
MAX_COLLECTION_ENTRIES = 10_000


class DeckFile(BaseModel):
    """A custom alliance deck."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    name: str = Field(min_length=1, description="Deck name.")
    castle: str = Field(min_length=1, description="The castle whose back sets the rules: code or unique name.")
    player: str | None = Field(default=None, description="Who plays this deck (used in messages).")
    cards: dict[str, Annotated[int, Field(ge=1, le=MAX_COPIES)]] = Field(
        default_factory=dict, max_length=MAX_DECK_ENTRIES,
        description=f"Card code (or unique name) → number of copies (1 to {MAX_COPIES}); at most "
                    f"{MAX_DECK_ENTRIES:,} different cards.")


class CollectionFile(BaseModel):
    """What a player owns: whole products, and single cards."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    products: dict[str, Annotated[int, Field(ge=0, le=MAX_COPIES)]] = Field(
        default_factory=dict, max_length=MAX_COLLECTION_ENTRIES,
        description="'SET' (its base box) or 'SET:Product name' → how many you own.")
    cards: dict[str, Annotated[int, Field(ge=0, le=MAX_COPIES)]] = Field(
        default_factory=dict, max_length=MAX_COLLECTION_ENTRIES,
        description=f"Single cards (promos, extras): code → copies (0 to {MAX_COPIES}).")

    _source: tuple[Path | None, dict] = PrivateAttr(default=(None, {}))

    @property
    def source(self) -> tuple[Path | None, dict]:
        """The file this collection was read from and its key lines, for messages."""
        return self._source


@dataclass
class Deck:
    """A deck as loaded: the file's content, where it came from, and label for messages."""

    path: Path | None
    data: DeckFile
    lines: dict

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def label(self) -> str:
        """How messages name this deck: "Bo's deck" or the deck name."""
        return f"{self.data.player}'s deck" if self.data.player else f"deck '{self.data.name}'"

    @property
    def file(self) -> str:
        return str(self.path) if self.path else self.data.name

    def line_of(self, *key: str) -> int | None:
        return self.lines.get(tuple(key))




def resolve_deck_path(ref: str, workspace: Path) -> Path:
    """A deck argument is a path, or a name looked up as ``decks/NAME.toml``."""
    if ref == "-":
        raise InputError(Problem("'-' (standard input) can be read, not edited in place",
                                 hint="save the deck to a file first, or give a deck name or path"))
    path = Path(ref)
    if is_path_like(ref) and (path.suffix == ".toml" or exists(path) or "/" in ref or "\\" in ref):
        if not exists(path) and not path.is_absolute() and exists(workspace / path):
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


def parse_deck(text: str, path: Path | str, catalog=None) -> Deck:
    """A deck file's text read and checked. With ``catalog``, a file with key errors also gets its
    unknown cards reported in the same run (they would otherwise show only after the fix)."""
    try:
        model, lines = parse_model(text, path, DeckFile, "deck")
    except InputError as exc:
        if catalog is None:
            raise
        try:
            data = parse_toml(text, path)
        except InputError:
            raise exc from None
        cards = data.get("cards") if isinstance(data, dict) else None
        raise InputError(exc.problems + _unknown_cards(catalog, cards, path, key_lines(text), exc.problems)) from None
    return Deck(Path(path) if isinstance(path, (str, Path)) else None, model, lines)


def _unknown_cards(catalog, cards, path, lines, already) -> list[Problem]:
    """unknown-card problems for the [cards] table of a deck file that has other errors too."""
    if not isinstance(cards, dict):
        return []
    said = {p.key for p in already}
    out = []
    for ref in cards:
        try:
            known = catalog.find(str(ref)) is not None
        except InputError:
            known = True  # an ambiguous name: the rules say so once the file reads
        if not known and f"cards.{ref}" not in said and f'cards."{ref}"' not in said:
            out.append(Problem(f"{ref} is not in the catalog", file=path, line=lines.get(("cards", ref)),
                               key=f'cards."{ref}"', hint=catalog.suggest(str(ref), "alliance")))
    return out


def load_deck(path: Path, catalog=None) -> Deck:
    return parse_deck(read_text(path), path, catalog)


def load_collection(path: Path, text: str | None = None) -> CollectionFile:
    """A collection file (or ``text`` read elsewhere, e.g. standard input, named ``path`` in messages)."""
    collection, lines = parse_model(read_text(path) if text is None else text, path, CollectionFile, "collection")
    collection._source = (path, lines)
    return collection
