"""Small wording helpers shared by the library and the CLI: counts, articles and "did you mean"."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` → "1 card"; ``plural(2, "card")`` → "2 cards", "2 allies", "2 heroes"
    (:func:`plural_word`); ``many`` for other irregular words."""
    return f"{count} {word if count == 1 else (many or plural_word(word))}"


def plural_word(word: str) -> str:
    """A word for many of a kind, as the castle backs write them: "Rogue" → "Rogues", "ally" →
    "allies", "copy" → "copies", "hero" → "heroes", "class" → "classes"; a word already plural
    ("Rogues") stays. Of several words the last is made plural ("mythic card" → "mythic cards")."""
    if word.endswith(("ss", "sh", "ch", "x")):
        return word + "es"
    if word.endswith("s"):
        return word
    if word.endswith("hero"):
        return word + "es"
    return word[:-1] + "ies" if word.endswith("y") and word[-2:-1] not in "aeiou" else word + "s"


def a(word: str) -> str:
    """The word with its indefinite article: "an alliance", "a castle", "an Onward"."""
    return ("an " if word[:1].casefold() in "aeiou" and word[:1] else "a ") + word


def did_you_mean(
    value: str,
    choices: Iterable[str],
    *,
    listing: str | None = None,
    otherwise: str | None = None,
    then: str | None = None,
    n: int = 1,
    cutoff: float = 0.6,
    fold: bool = False,
    short: bool = False,
    show: Callable[..., str] | None = None,
) -> str | None:
    """The hint for ``value``, which is none of ``choices``: "did you mean 'X'?" for the closest.

    With no choice close, ``listing`` names them all ("modes: a, b"), else the hint is
    ``otherwise``; ``then`` follows the hint in any case. ``fold`` matches again ignoring case;
    ``short`` takes a choice that starts with, then holds, a value of three letters or more
    ("Orrun" for "Orrun the Everwake"); ``n`` matches are joined with "or"; ``show`` words a
    match (by default it is quoted).
    """
    import difflib  # start-up: only a name not found asks for a near one (~4 M instructions)

    pool = [c for c in choices if c]
    near = difflib.get_close_matches(value, pool, n=n, cutoff=cutoff)
    if not near and fold:
        folded = {c.casefold(): c for c in pool}
        near = [folded[c] for c in difflib.get_close_matches(value.casefold(), list(folded), n=n, cutoff=cutoff)]
    if not near and short and len(value.strip()) >= 3:
        words = value.strip().casefold()
        near = (
            sorted((c for c in pool if c.casefold().startswith(words)), key=len)[:1]
            or sorted((c for c in pool if words in c.casefold()), key=len)[:1]
        )
    if near:
        hint: str | None = "did you mean " + " or ".join(show(m) if show else f"'{m}'" for m in near) + "?"
    elif listing and pool:
        hint = f"{listing}: {', '.join(pool)}"
    else:
        hint = otherwise
    return " ".join(h for h in (hint, then) if h) or None


#: characters a terminal takes as commands (C0 controls but tab and line end, DEL, and C1), and the
#: ones that reorder or hide what is read: the bidirectional embeddings, overrides and isolates
#: (U+202A–U+202E, U+2066–U+2069), the direction marks (U+200E, U+200F, U+061C), and the invisible
#: zero-width space, word joiner and byte-order mark (U+200B, U+2060, U+FEFF). The zero-width
#: joiner and non-joiner (U+200C, U+200D) are left alone: emoji and several scripts are spelled with them.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return "^?" if code == 0x7F else f"^{chr(code + 64)}" if code < 0x20 else f"<U+{code:04X}>"


def visible_controls(text: str) -> str:
    """``text`` with every control character shown as caret notation (ESC as ``^[``, CR as ``^M``;
    C1 ones as ``<U+009B>``), and every character that reorders or hides text as its code point
    (``<U+202E>``): player and catalog text never reaches a terminal as commands (a deck named
    ``\\x1b[2J`` clears no screen) nor reads other than it is (a right-to-left override)."""
    return _CONTROLS.sub(_shown, text) if _CONTROLS.search(text) else text
