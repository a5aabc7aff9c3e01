"""Small wording helpers shared by the library and the CLI: counts and articles in English."""

from __future__ import annotations

import re


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` → "1 card"; ``plural(2, "card")`` → "2 cards"; ``many`` for irregular words."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def a(word: str) -> str:
    """The word with its indefinite article: "an alliance", "a castle", "an Onward"."""
    return ("an " if word[:1].casefold() in "aeiou" and word[:1] else "a ") + word


#: characters a terminal takes as commands: C0 controls but tab and line end, DEL, and C1
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return "^?" if code == 0x7F else f"^{chr(code + 64)}" if code < 0x20 else f"<U+{code:04X}>"


def visible_controls(text: str) -> str:
    """``text`` with every control character shown as caret notation (ESC as ``^[``, CR as ``^M``;
    C1 ones as ``<U+009B>``): player and catalog text never reaches a terminal as commands (a
    deck named ``\\x1b[2J`` clears no screen)."""
    return _CONTROLS.sub(_shown, text) if _CONTROLS.search(text) else text
