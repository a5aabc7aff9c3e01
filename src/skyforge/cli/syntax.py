"""Command-line syntax shared by commands: lists of names written ``A,B,C``."""

from __future__ import annotations

from skyforge.errors import InputError, Problem


def split_list(text: str | None, what: str) -> list[str]:
    """The names of ``text`` (``A,B``), given as the option ``what``; an empty name is refused."""
    if not text:
        return []
    items = [p.strip() for p in text.split(",")]
    if any(not p for p in items):
        raise InputError(
            Problem(
                f"empty name in {what}", value=text, has_value=True, hint='separate names with commas, e.g. "Ann,Bob"'
            )
        )
    return items
