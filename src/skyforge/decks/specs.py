"""The card-reference grammar of every command that takes cards: ``CARD[xN]``.

A deck line and a collection line are the same thing: a card (code or name) and a count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skyforge.decks.files import MAX_COPIES
from skyforge.errors import InputError, Problem

if TYPE_CHECKING:
    from collections.abc import Iterable

_SPEC = re.compile(r"^(?P<ref>.+?)(?:\s*(?:[x×*]|=)\s*(?P<n>\d+))?$", re.IGNORECASE)
_LEADING_COUNT = re.compile(r"^(?P<n>\d+)\s*[x×*]\s*(?P<ref>.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class CardSpec:
    """``CARD[xN]`` from the command line: a code or name and how many copies."""

    ref: str
    count: int


def parse_spec(text: str) -> CardSpec:
    """The one card-reference grammar of every command that takes cards.

    ``CODE`` or ``"Name"`` (one copy); ``CODEx3``, ``CODE x3``, ``CODE×3``, ``CODE=3``,
    ``3xCODE``; and the same with a name: ``"Gullwing Lookout x2"``, ``"Gullwing Lookout=2"``.
    """
    text = text.strip()
    if re.search(r"(?:[x×*]|=)\s*-\s*\d+$", text, re.IGNORECASE):
        raise InputError(Problem(f"'{text}': the count must be at least 1", hint="e.g. DEMO.007x2"))
    m = _LEADING_COUNT.match(text) or _SPEC.match(text)
    if not m or not m.group("ref").strip():
        raise InputError(Problem(f"'{text}' is not a card", hint="write CARD, CARDxN or CARD=N, e.g. DEMO.007x2"))
    digits = m.group("n") or "1"
    count = int(digits) if len(digits) <= 4 else MAX_COPIES + 1
    if count < 1 or count > MAX_COPIES:
        raise InputError(Problem(f"'{text}': the count must be from 1 to {MAX_COPIES}", hint="e.g. DEMO.007x2"))
    return CardSpec(m.group("ref").strip(), count)


def parse_specs(texts: Iterable[str]) -> list[CardSpec]:
    """Every card reference of a command line parsed; all bad ones reported together."""
    specs, problems = [], []
    for text in texts:
        try:
            specs.append(parse_spec(text))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    return specs
