"""Deck and collection files."""

from skyforge.decks.files import (
    Deck,
    load_collection,
    load_deck,
    parse_deck,
    resolve_deck_path,
)
from skyforge.decks.models import CollectionFile, DeckFile

__all__ = ["CollectionFile", "Deck", "DeckFile", "load_collection", "load_deck", "parse_deck", "resolve_deck_path"]
