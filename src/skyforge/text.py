"""Small wording helpers shared by the library and the CLI: counts and articles in English."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` → "1 card"; ``plural(2, "card")`` → "2 cards"; ``many`` for irregular words."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def a(word: str) -> str:
    """The word with its indefinite article: "an alliance", "a castle", "an Onward"."""
    return ("an " if word[:1].casefold() in "aeiou" and word[:1] else "a ") + word
