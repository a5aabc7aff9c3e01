"""Deck and collection files."""

from skyforge.decks.files import (
    Deck,
    load_collection,
    load_deck,
    parse_deck,
    resolve_deck_path,
)

__all__ = ["CollectionFile", "Deck", "DeckFile", "load_collection", "load_deck", "parse_deck",
           "resolve_deck_path"]


def __getattr__(name: str):
    # the pydantic models are imported on first use only (skyforge.decks.models)
    if name in ("DeckFile", "CollectionFile"):
        from skyforge.decks import models

        return getattr(models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
