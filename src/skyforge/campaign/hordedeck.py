"""The campaign's horde deck: three hordes at one difficulty level, never a
treachery-only card (000 "Horde Deck and Final Outsider").

Which power levels a difficulty level takes is catalog data
(``[[difficulty_levels]]`` per set). Where the catalog does not know, the deck
is left out and a note says which data is missing — nothing is guessed.
"""

from __future__ import annotations

import random


def campaign_horde_deck(catalog, horde_ids: list[str], level: int,
                        draw: random.Random) -> tuple[dict[str, int], list[str]]:
    """``(code → copies, notes)`` for the campaign's horde deck."""
    deck: dict[str, int] = {}
    notes: list[str] = []
    extra, extra_legendary, pool = 0, False, []
    for horde_id in horde_ids:
        horde = catalog.hordes[horde_id]
        cards = [c for c in catalog.of_kind("horde") if c.horde == horde_id]
        row = next((d for d in catalog.difficulty_levels if d.set == horde.set and d.level == level), None)
        if horde.set is None or row is None or not row.powers:
            notes.append(
                f"horde {horde_id}: the catalog does not say which power levels difficulty level {level} "
                f"takes for set {horde.set or '(unknown)'} — add powers = [...] to its [[difficulty_levels]] "
                "row; these cards are not listed")
            continue
        if not cards:
            notes.append(f"horde {horde_id}: the catalog has none of its horde cards; add them to list the deck")
            continue
        unknown = [c.key for c in cards if c.power is None]
        if unknown:
            notes.append(f"horde {horde_id}: no power level for {', '.join(unknown)}; left out")
        treachery = [c.key for c in cards if c.treachery_only]
        if treachery:
            notes.append(f"horde {horde_id}: treachery-only cards left out: {', '.join(treachery)}")
        for card in cards:
            if card.power in row.powers and not card.treachery_only:
                deck[card.key] = deck.get(card.key, 0) + card.copies
            elif card.power is not None and not card.treachery_only:
                pool.append(card)
        extra = max(extra, row.extra_random)
        extra_legendary = extra_legendary or row.extra_legendary
    if extra:
        candidates = sorted((c for c in pool if c.legendary or not extra_legendary), key=lambda c: c.key)
        picked = draw.sample(candidates, min(extra, len(candidates)))
        for card in picked:
            deck[card.key] = deck.get(card.key, 0) + 1
        kind = "legendary " if extra_legendary else ""
        notes.append(f"difficulty level {level} adds {extra} random {kind}card: "
                     + (", ".join(f"{c.key} {c.name}" for c in picked) or "none left to add"))
    return dict(sorted(deck.items())), notes
