"""Deck-building rules: pure functions from decks to violations."""

from skyforge.rules.deckbuilding import (
    RULE_IDS,
    DeckReport,
    ValidationReport,
    Violation,
    validate_decks,
)
from skyforge.rules.owned import owned_counts

__all__ = ["RULE_IDS", "DeckReport", "ValidationReport", "Violation", "owned_counts", "validate_decks"]
