"""Deck and collection files."""

from skyforge.decks.files import (
    Deck,
    load_collection,
    load_deck,
    parse_deck,
    read_deck,
    resolve_deck_path,
    split_version,
)
from skyforge.decks.models import CollectionFile, DeckFile

__all__ = [
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
