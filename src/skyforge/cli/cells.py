"""How many columns text takes on a terminal, and text cut or padded to a number of columns.

Widths as rich measures them (:mod:`skyforge.cli.markup` and :mod:`skyforge.cli.draw` draw what
rich drew, byte for byte), from the table in :mod:`skyforge.cli.cell_widths`: wide characters take
two columns; combining and enclosing marks, zero-width spaces and joiners, variation selectors, tag
characters and control characters none; an emoji ZWJ sequence (👨‍👩‍👧) takes the columns of its first
emoji, and VARIATION SELECTOR-16 widens a narrow character that has an emoji form (❤️). Text is cut
between graphemes (a character with the marks and joined characters that follow it), never inside one.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from skyforge.cli.cell_widths import NARROW_TO_WIDE, WIDTHS

_STARTS = [first for first, _, _ in WIDTHS]
_ZWJ = "\u200d"  # ZERO WIDTH JOINER: the character after it joins the one before
_VS16 = "\ufe0f"  # VARIATION SELECTOR-16: the emoji form of the character before it


@lru_cache(maxsize=4096)
def char_width(c: str) -> int:
    """Columns one character takes: 0, 1 or 2."""
    code = ord(c)
    if 0 < code < 32 or 0x7F <= code < 0xA0:
        return 0
    i = bisect_right(_STARTS, code) - 1
    if i >= 0 and code <= WIDTHS[i][1]:
        return WIDTHS[i][2]
    return 1


def cell_len(text: str) -> int:
    """Columns the text takes on a terminal."""
    if text.isascii() and text.isprintable():
        return len(text)
    return _cells(text)


@lru_cache(maxsize=4096)
def _cells(text: str) -> int:
    if _ZWJ not in text and _VS16 not in text:
        return sum(map(char_width, text))
    total, last, i = 0, None, 0
    while i < len(text):
        c = text[i]
        if c == _ZWJ:
            i += 1  # and the character it joins
        elif c == _VS16:
            if last:
                total += last in NARROW_TO_WIDE
                last = None
        elif width := char_width(c):
            last = c
            total += width
        i += 1
    return total


def graphemes(text: str) -> list[tuple[int, int, int]]:
    """The text's graphemes as ``(start, end, columns)``, covering it without gaps (rich's
    ``split_graphemes``): a zero-width character joins the grapheme before it, a ZWJ the character after it."""
    spans: list[tuple[int, int, int]] = []
    last = None
    i, length = 0, len(text)
    while i < length:
        c = text[i]
        if c in (_ZWJ, _VS16) and not spans:
            spans.append((i, i + 1, 0))
            i += 1
        elif c == _ZWJ:
            i += 2 if i < length - 1 else 1
            start, _, width = spans[-1]
            spans[-1] = (start, i, width)
        elif c == _VS16:
            i += 1
            start, _, width = spans[-1]
            if last in NARROW_TO_WIDE:
                width += 1
                last = None
            spans[-1] = (start, i, width)
        elif width := char_width(c):
            last = c
            spans.append((i, i + 1, width))
            i += 1
        else:
            if spans:
                start, _, before = spans[-1]
                spans[-1] = (start, i + 1, before)
            else:
                spans.append((i, i + 1, 0))
            i += 1
    return spans


def set_cell_size(text: str, width: int) -> str:
    """The text cut (or padded with spaces) to exactly ``width`` columns."""
    if width <= 0:
        return ""
    if text.isascii() and text.isprintable():
        return text[:width].ljust(width)
    length = cell_len(text)
    if length <= width:
        return text + " " * (width - length)
    return _split(text, width)


def cut(text: str, width: int) -> str:
    """The first ``width`` columns of the text (a wide character that would be split is a space)."""
    if width <= 0:
        return ""
    if text.isascii() and text.isprintable():
        return text[:width]
    return _split(text, width) if cell_len(text) > width else text


def _split(text: str, width: int) -> str:
    """The graphemes that fit in ``width`` columns, then a space for half a wide one."""
    used = 0
    for start, _, columns in graphemes(text):
        if used + columns > width:
            return text[:start] + " " * (width - used)
        used += columns
    return text


def chop(text: str, width: int) -> list[str]:
    """The text in pieces of at most ``width`` columns (a word too long for a line, folded)."""
    if text.isascii() and text.isprintable():
        return [text[i : i + width] for i in range(0, len(text), width)]
    pieces, begin, used = [], 0, 0
    for start, _, columns in graphemes(text):
        if used + columns > width:
            pieces.append(text[begin:start])
            begin, used = start, 0
        used += columns
    if used:
        pieces.append(text[begin:])
    return pieces
