"""Deck-building rules: pure functions from decks to violations."""

from skyforge.rules.deckbuilding import (
    RULE_IDS,
    DeckReport,
    Refusal,
    ValidationReport,
    Violation,
    admitted_words,
    castle_back_summary,
    castle_refuses,
    required_cards,
    validate_decks,
)
from skyforge.rules.owned import owned_counts

__all__ = [
    "RULE_IDS",
    "DeckReport",
    "Refusal",
    "ValidationReport",
    "Violation",
    "admitted_words",
    "castle_back_summary",
    "castle_refuses",
    "owned_counts",
    "required_cards",
    "validate_decks",
]
