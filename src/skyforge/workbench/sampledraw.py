"""A sample draw (a player's "test draw"): a sample opening hand and the draws of the first turns (``deck draw``).

What a player does with a new deck before a game: shuffle, draw the opening hand (000 Setup
"8. Draw and Mulligan": five cards), perhaps take the suggested mulligan, then draw one card a
turn to see what comes (the count ``deck show`` uses for "drawn by turn N"). The shuffle is
seeded, so the same seed gives the same draw again.
"""

from __future__ import annotations

import random

from skyforge.results import Result
from skyforge.terms import new_seed
from skyforge.workbench.entries import Entry
from skyforge.workbench.odds import HAND_SIZE, MULLIGAN_COST


class DrawnCard(Result):
    """One card as drawn: its code (or the deck's reference when the catalog lacks it)."""

    ref: str
    name: str
    type: str | None
    cost: int | None


class SampleDraw(Result):
    """The hand as dealt, what the mulligan threw back and drew, the hand kept and each turn's card."""

    seed: int
    size: int
    dealt: tuple[DrawnCard, ...]
    mulligan: bool
    thrown_back: tuple[DrawnCard, ...] = ()
    hand: tuple[DrawnCard, ...] = ()
    turns: tuple[DrawnCard, ...] = ()
    demo_data: bool = False  # the deck holds demo cards (the fictional DEMO set)


def _card(e: Entry) -> DrawnCard:
    c = e.card
    if c is None:
        return DrawnCard.of(ref=e.ref, name=e.ref, type=None, cost=None)
    return DrawnCard.of(ref=e.key, name=c.name, type=c.type, cost=c.cost)


def _tossed(card: DrawnCard, mulligan_cost: int) -> bool:
    """The rulebook's suggested mulligan: every non-ally and every card of cost ``mulligan_cost`` or more."""
    return card.type != "ally" or card.cost is None or card.cost >= mulligan_cost


def sample_draw(
    entries: list[Entry],
    seed: int | None = None,
    hand: int = HAND_SIZE,
    turns: int = 0,
    mulligan: bool = False,
    mulligan_cost: int = MULLIGAN_COST,
    demo_data: bool = False,
) -> SampleDraw:
    """Shuffle the deck with ``seed``, deal ``hand`` cards, take the suggested mulligan if asked
    (throw back, draw as many, shuffle the thrown back in), then draw one card for each of
    ``turns`` turns. A deck that runs out simply stops giving cards. Without a seed one is
    drawn (:func:`skyforge.terms.new_seed`) and returned, so the draw can be repeated.
    ``demo_data`` says the cards are demo data, for the views to mark."""
    seed = new_seed() if seed is None else seed
    rng = random.Random(seed)
    pile = [_card(e) for e in entries for _ in range(e.count)]
    size = len(pile)
    rng.shuffle(pile)
    dealt, pile = pile[:hand], pile[hand:]
    kept, thrown = list(dealt), []
    if mulligan:
        thrown = [c for c in dealt if _tossed(c, mulligan_cost)]
        kept = [c for c in dealt if not _tossed(c, mulligan_cost)]
        kept += pile[: len(thrown)]
        pile = pile[len(thrown) :] + thrown
        rng.shuffle(pile)
    return SampleDraw.of(
        seed=seed,
        size=size,
        dealt=tuple(dealt),
        mulligan=mulligan,
        thrown_back=tuple(thrown),
        hand=tuple(kept),
        turns=tuple(pile[:turns]),
        demo_data=demo_data,
    )
