"""``code``: one share code per deck (see :mod:`skyforge.workbench.sharecode`); and reading codes back.

A share code's cards are resolved against the catalog like any other import (errata too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck
from skyforge.errors import Problem
from skyforge.workbench import sharecode
from skyforge.workbench.carried import cards_to_carry
from skyforge.workbench.formats.reading import Imported, add_card

if TYPE_CHECKING:
    from pathlib import Path


def export(catalog: Catalog, decks: list[Deck], *, players: bool = False, with_cards: bool = False) -> str:
    """One code a line; it needs no numbers of the deck, only its file (and, ``with_cards``, the
    data of its own cards)."""
    return "".join(
        sharecode.encode(d.data, cards_to_carry(catalog, d.data) if with_cards else None) + "\n" for d in decks
    )


def read_code(catalog: Catalog, code: str, source: Path | str) -> Imported:
    shared, carried = sharecode.decode_shared(code)
    problems: list[Problem] = []
    cards: dict[str, int] = {}
    for ref, count in shared.cards.items():
        add_card(catalog, cards, ref, count, problems, file=source, key=f"cards.{ref}")
    return Imported(shared.model_copy(update={"cards": cards}), "code", problems, carried=carried)
