"""Deck-building rules: pure functions from decks to violations."""

from skyforge.rules.deckbuilding import (
    RULE_IDS,
    DeckReport,
    Refusal,
    ValidationReport,
    Violation,
    admitted_words,
    card_rule_refuses,
    castle_back_summary,
    castle_refuses,
    copies_per_deck,
    copy_limit,
    needed_cards,
    rarity_maxima,
    required_cards,
    validate_decks,
    validate_each,
)
from skyforge.rules.owned import owned_counts

__all__ = [
    "RULE_IDS",
    "DeckReport",
    "Refusal",
    "ValidationReport",
    "Violation",
    "admitted_words",
    "card_rule_refuses",
    "castle_back_summary",
    "castle_refuses",
    "copies_per_deck",
    "copy_limit",
    "needed_cards",
    "owned_counts",
    "rarity_maxima",
    "required_cards",
    "validate_decks",
    "validate_each",
]
