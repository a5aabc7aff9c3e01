"""Moved: deck files are written by :mod:`skyforge.decks.writing`, beside where they are read.

Kept only for modules that still import it from here (to go once none does).
"""

from skyforge.decks.writing import deck_store, deck_text, edited_text, save_new_deck

__all__ = ["deck_store", "deck_text", "edited_text", "save_new_deck"]
