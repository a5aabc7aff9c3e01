"""The campaign's horde deck: three hordes at one difficulty level, never a
treachery-only card (000 "Horde Deck and Final Outsider").

Built by the one shared builder, :func:`skyforge.setup.hordedeck.build_horde_deck`
(the stand-alone setup uses it too); this module turns its result into what the
``created`` event records: code → copies, and notes that say what was drawn at
random and which data is missing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from skyforge.setup.hordedeck import build_horde_deck

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog


def campaign_horde_deck(
    catalog: Catalog, horde_ids: list[str], level: int, draw: random.Random
) -> tuple[dict[str, int], list[str], list[tuple[str, str]]]:
    """``(code → copies, notes, lacking)`` for the campaign's horde deck; ``lacking``: the hordes
    that add no card for lack of data, as (what is missing, where to add it)."""
    built = build_horde_deck(catalog, horde_ids, level, draw, exclude_treachery_only=True)
    deck: dict[str, int] = {}
    for line in built.lines:
        deck[line.card.key] = deck.get(line.card.key, 0) + line.count
    lacking = {what for what, _ in built.lacking}
    notes = [m for m in built.missing if not any(m.startswith(what) for what in lacking)] + built.notes
    if built.extra:
        notes.append(
            f"difficulty level {level} adds {len(built.extra)} random {built.extra_kind}: "
            + ", ".join(f"{c.key} {c.name}" for c in built.extra)
        )
    return dict(sorted(deck.items())), notes, built.lacking
