"""Deck and collection files."""

from skyforge.decks.files import (
    CollectionFile,
    Deck,
    DeckFile,
    load_collection,
    load_deck,
    parse_deck,
    resolve_deck_path,
)

__all__ = ["CollectionFile", "Deck", "DeckFile", "load_collection", "load_deck", "parse_deck",
           "resolve_deck_path"]
