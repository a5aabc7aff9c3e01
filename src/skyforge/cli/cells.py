"""How many columns text takes on a terminal, and text cut or padded to a number of columns.

Widths as rich measures them (:mod:`skyforge.cli.markup` and :mod:`skyforge.cli.draw` draw what
rich drew, byte for byte): wide characters take two columns, combining marks none.
"""

from __future__ import annotations

from functools import lru_cache
from unicodedata import combining, east_asian_width


def cell_len(text: str) -> int:
    """Columns the text takes on a terminal: wide characters two, combining marks none."""
    if text.isascii():
        return len(text)
    return _cells(text)


@lru_cache(maxsize=4096)
def _cells(text: str) -> int:
    return sum(0 if combining(c) else 2 if east_asian_width(c) in "WF" else 1 for c in text)


def set_cell_size(text: str, width: int) -> str:
    """The text cut (or padded with spaces) to exactly ``width`` columns."""
    if width <= 0:
        return ""
    if text.isascii():
        return text[:width].ljust(width)
    out, used = [], 0
    for c in text:
        w = cell_len(c)
        if used + w > width:
            break
        out.append(c)
        used += w
    return "".join(out) + " " * (width - used)


def cut(text: str, width: int) -> str:
    """The first ``width`` columns of the text (a wide character that would be split is left out)."""
    if width <= 0:
        return ""
    if text.isascii():
        return text[:width]
    used = 0
    for i, c in enumerate(text):
        used += cell_len(c)
        if used > width:
            return text[:i] + " " * (width - (used - cell_len(c)))
    return text


def chop(text: str, width: int) -> list[str]:
    """The text in pieces of at most ``width`` columns (a word too long for a line, folded)."""
    pieces, current, used = [], [], 0
    for c in text:
        w = cell_len(c)
        if current and used + w > width:
            pieces.append("".join(current))
            current, used = [], 0
        current.append(c)
        used += w
    if current:
        pieces.append("".join(current))
    return pieces
