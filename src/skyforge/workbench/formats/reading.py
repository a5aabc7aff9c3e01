"""What every reader shares: the :class:`Imported` result and resolving a line to a card.

A line that names no alliance card becomes a problem with code :data:`UNRESOLVED` (the CLI's
``--skip-unresolved`` skips exactly those); the deck keeps everything that could be read.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog.codes import normalize_code
from skyforge.catalog.index import Catalog
from skyforge.decks.files import MAX_COPIES
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError, Problem
from skyforge.text import a

if TYPE_CHECKING:
    from skyforge.catalog.models import Card

#: the code of a problem for a line that names no alliance card
UNRESOLVED = "unresolved-card"
#: the code of a card code the catalog lacks: kept in the deck (deck files may hold such cards, and
#: `deck validate` reports them as unknown-card), reported, never refused
UNKNOWN = "unknown-card"


@dataclass
class Imported:
    deck: DeckFile
    format: str
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the data of the deck's own cards it came with (``--with-cards``), or None
    carried: dict | None = None


def leading_code(text: str) -> str:
    first = text.split(" ", 1)[0]
    return normalize_code(first) or text


def find(catalog: Catalog, ref: str) -> Card | None:
    try:
        return catalog.find(ref) if ref else None
    except InputError:  # an ambiguous name: reported as unresolved, with the codes in the hint
        return None


def add_card(
    catalog: Catalog,
    cards: dict[str, int],
    ref: str,
    count: int,
    problems: list[Problem],
    *,
    file: Path | str,
    line: int | None = None,
    key: str | None = None,
    fallback: str | None = None,
) -> None:
    """Add ``count`` copies of the card ``ref`` (or ``fallback``) names to ``cards``, or a problem."""
    if not 1 <= count <= MAX_COPIES:
        problems.append(
            Problem(
                f"the count must be from 1 to {MAX_COPIES} (the copy-count limit)",
                file=file,
                line=line,
                key=key,
                value=count,
                has_value=True,
            )
        )
        return
    card = find(catalog, ref)
    if card is None and fallback and fallback != ref:
        card = (
            find(catalog, re.sub(r"^\S+\s+", "", fallback))
            if normalize_code(fallback.split(" ")[0])
            else find(catalog, fallback)
        )
    code = normalize_code(ref) if card is None else None
    if code is not None and cards.get(code, 0) + count <= MAX_COPIES:  # kept, as a deck file may hold it
        cards[code] = cards.get(code, 0) + count
        problems.append(
            Problem(
                f"{code} is not in the catalog: kept in the deck as an unknown card",
                file=file,
                line=line,
                key=key,
                hint=catalog.suggest(ref, "alliance"),
                code=UNKNOWN,
            )
        )
        return
    if card is None or card.kind != "alliance":
        what = f"{card.kind} card" if card is not None else "card"
        problems.append(
            Problem(
                f"cannot resolve '{fallback or ref}'"
                + (f": it is {a(what)}, not an alliance card" if card is not None else ""),
                file=file,
                line=line,
                key=key,
                hint=catalog.suggest(ref or fallback or "", "alliance") if card is None else None,
                code=UNRESOLVED,
            )
        )
        return
    if cards.get(card.key, 0) + count > MAX_COPIES:
        problems.append(
            Problem(
                f"more than {MAX_COPIES} copies of {card.key} in all (the copy-count limit)",
                file=file,
                line=line,
                key=key,
                value=cards[card.key] + count,
                has_value=True,
            )
        )
        return
    cards[card.key] = cards.get(card.key, 0) + count


def new_deck(name: str | None, castle: str | None, player: str | None, cards: dict[str, int], path: Path) -> DeckFile:
    """The deck read: named after the file when it says no name; castle "?" when it names none."""
    if not castle:
        castle = "?"
    return DeckFile(name=name or path.stem, castle=castle, player=player or None, cards=cards)


def default_name(deck: DeckFile) -> str:
    """A safe, stable file name for an imported deck: its name as a slug that keeps letters of any
    alphabet ("Zoë's Héros" → "zoë-s-héros"), in NFC form like every name."""
    name = unicodedata.normalize("NFC", deck.name).casefold()
    return re.sub(r"[\W_]+", "-", name).strip("-")[:60].strip("-") or "imported-deck"
