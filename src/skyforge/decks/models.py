"""The pydantic models of deck and collection files: the file format (docs/file-formats.md).

They read every deck and collection file, build decks made in code, and feed ``skyforge
schema`` and the format docs. They are strict: ``"3"``, ``true`` or ``3.0`` is refused where
a whole number is due.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from skyforge.decks.limits import MAX_COLLECTION_ENTRIES, MAX_COPIES, MAX_DECK_ENTRIES
from skyforge.empty import empty_dict

__all__ = ["MAX_COLLECTION_ENTRIES", "MAX_COPIES", "MAX_DECK_ENTRIES", "CollectionFile", "DeckFile"]


class DeckFile(BaseModel):
    """A custom alliance deck."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    name: str = Field(min_length=1, description="Deck name.")
    castle: str = Field(min_length=1, description="The castle whose back sets the rules: code or unique name.")
    player: str | None = Field(default=None, description="Who plays this deck (used in messages).")
    cards: dict[str, Annotated[int, Field(ge=1, le=MAX_COPIES)]] = Field(
        default_factory=empty_dict,
        max_length=MAX_DECK_ENTRIES,
        description=f"Card code (or unique name) → number of copies (1 to {MAX_COPIES}); at most "
        f"{MAX_DECK_ENTRIES:,} different cards.",
    )


class CollectionFile(BaseModel):
    """What a player owns: whole products, and single cards."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    products: dict[str, Annotated[int, Field(ge=0, le=MAX_COPIES)]] = Field(
        default_factory=empty_dict,
        max_length=MAX_COLLECTION_ENTRIES,
        description="'SET' (its base box) or 'SET:Product name' → how many you own.",
    )
    cards: dict[str, Annotated[int, Field(ge=0, le=MAX_COPIES)]] = Field(
        default_factory=empty_dict,
        max_length=MAX_COLLECTION_ENTRIES,
        description=f"Single cards (promos, extras): code → copies (0 to {MAX_COPIES}).",
    )

    _source: tuple[Path | None, Mapping] = PrivateAttr(default=(None, {}))

    @property
    def source(self) -> tuple[Path | None, Mapping]:
        """The file this collection was read from and its key lines, for messages."""
        return self._source
