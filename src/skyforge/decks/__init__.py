"""Deck and collection files."""

from skyforge.decks.files import (
    Deck,
    load_collection,
    load_deck,
    parse_deck,
    resolve_deck_path,
)
from skyforge.plain_models import file_model

__all__ = ["CollectionFile", "Deck", "DeckFile", "load_collection", "load_deck", "parse_deck",
           "resolve_deck_path"]


def __getattr__(name: str):
    # the pydantic models are imported on first use only (skyforge.decks.models)
    if name in ("DeckFile", "CollectionFile"):
        return file_model("deck" if name == "DeckFile" else "collection")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
