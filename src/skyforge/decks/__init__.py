"""Deck and collection files."""

from skyforge.decks.files import (
    Deck,
    load_collection,
    load_deck,
    parse_deck,
    resolve_deck_path,
)

# The pydantic models, DeckFile and CollectionFile, are in skyforge.decks.models: import them from
# there for annotations (under TYPE_CHECKING), and create one at run time with
# skyforge.plain_models.file_model("deck"), so that reading plain files never imports pydantic.
__all__ = ["Deck", "load_collection", "load_deck", "parse_deck", "resolve_deck_path"]
