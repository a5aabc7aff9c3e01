"""Opening-hand odds, exactly (000 Setup "8. Draw and Mulligan").

Each player draws five cards and may mulligan any number of them — discard, draw back as many,
then shuffle the discarded cards back. The suggested first-game mulligan throws back every card
that is not an ally or costs 5 or more (001 says 6 or more: ``mulligan_cost`` chooses). The odds
are exact (multivariate hypergeometric, as fractions); the tests check them by shuffling.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb, lcm
from typing import NamedTuple

from pydantic import computed_field

from skyforge.results import Result
from skyforge.workbench.entries import Entry

HAND_SIZE = 5
#: 000 Setup 8: "mulligan any card that is not of the "ally" type and/or has a mana cost of 5 or higher"
MULLIGAN_COST = 5

#: ``deck show`` gives, per card, the chance to have drawn a copy by this turn (``--turns``)
DEFAULT_TURNS = 3


def p_drawn_by(copies: int, size: int, seen: int) -> Fraction:
    """The exact chance that ``seen`` cards drawn from a shuffled deck of ``size`` hold at least
    one of ``copies`` copies of a card: 1 − C(size − copies, seen) / C(size, seen)."""
    seen = min(max(seen, 0), size)
    if size <= 0 or copies <= 0:
        return Fraction(0)
    return 1 - Fraction(comb(size - copies, seen), comb(size, seen))


class HandCounts(NamedTuple):
    """The deck split four ways for one question "≥ k allies of cost ≤ c".

    ``target_keep``: wanted and kept by the mulligan; ``target_toss``: wanted but thrown back
    (an ally of cost ≤ c that the mulligan still throws back, when c ≥ the mulligan cost);
    ``other_keep``: kept, not wanted; ``other_toss``: the rest.
    """

    target_keep: int
    target_toss: int
    other_keep: int
    other_toss: int

    @property
    def size(self) -> int:
        return self.target_keep + self.target_toss + self.other_keep + self.other_toss


def hand_counts(entries: list[Entry], max_cost: int, mulligan_cost: int = MULLIGAN_COST) -> HandCounts:
    tk = tt = ok = ot = 0
    for e in entries:
        c = e.card
        cost = c.cost if c is not None and c.type == "ally" else None  # an ally's, when known
        target = cost is not None and cost <= max_cost
        keep = cost is not None and cost < mulligan_cost
        if target and keep:
            tk += e.count
        elif target:
            tt += e.count
        elif keep:
            ok += e.count
        else:
            ot += e.count
    return HandCounts(tk, tt, ok, ot)


def p_opening(counts: HandCounts, k: int, hand: int = HAND_SIZE) -> Fraction:
    """P(at least ``k`` wanted cards among the first ``hand`` cards drawn): hypergeometric."""
    n, good = counts.size, counts.target_keep + counts.target_toss
    hand = min(hand, n)
    if n == 0:
        return Fraction(int(k <= 0))
    total = comb(n, hand)
    return Fraction(sum(comb(good, i) * comb(n - good, hand - i) for i in range(max(k, 0), hand + 1)), total)


def p_after_mulligan(counts: HandCounts, k: int, hand: int = HAND_SIZE) -> Fraction:
    """P(at least ``k`` wanted cards after the suggested mulligan).

    Draw ``hand`` cards: a (wanted, kept), b (wanted, tossed), c (kept), d (tossed).
    Throw back the b + d tossed cards and draw as many from the other N − hand cards
    (the thrown-back cards are shuffled in only afterwards), of which
    (A − a) + (B − b) are wanted: the final count is a + that hypergeometric draw.
    """
    n = counts.size
    hand = min(hand, n)
    if n == 0:
        return Fraction(int(k <= 0))
    ways, total = _after_mulligan(counts, hand)
    return Fraction(sum(ways[max(k, 0) :]), total)


@lru_cache(maxsize=64)
def _after_mulligan(counts: HandCounts, hand: int) -> tuple[tuple[int, ...], int]:
    """The ways to end the mulligan holding exactly 0, 1, … ``hand`` wanted cards, over all its
    ways: worked out once for every ``k`` of one deck split (``deck show`` asks three)."""
    A, B, C, D = counts.target_keep, counts.target_toss, counts.other_keep, counts.other_toss
    rest = counts.size - hand
    # every draw again is counted over the same number of ways: the least common multiple of the
    # ways to draw again 0, 1, … ``hand`` cards (one exact sum, no fraction until the end)
    redraws = [comb(rest, r) for r in range(min(hand, rest) + 1)]
    common = lcm(*redraws)
    ways = [0] * (hand + 1)
    for a in range(min(A, hand) + 1):
        for b in range(min(B, hand - a) + 1):
            for c in range(min(C, hand - a - b) + 1):
                d = hand - a - b - c
                if d > D:
                    continue
                dealt = comb(A, a) * comb(B, b) * comb(C, c) * comb(D, d)
                if not dealt:
                    continue
                redraw = min(b + d, rest)  # a deck of under 10 cards cannot draw them all back
                good_left = (A - a) + (B - b)
                scale = dealt * (common // redraws[redraw])
                for g in range(min(good_left, redraw) + 1):
                    ways[a + g] += scale * comb(good_left, g) * comb(rest - good_left, redraw - g)
    return tuple(ways), comb(counts.size, hand) * common


class Odds(Result):
    """P(at least ``k`` allies of cost ≤ ``max_cost`` in the opening hand), before and after the mulligan."""

    k: int
    max_cost: int
    allies: int
    opening: float
    after_mulligan: float


class OpeningHand(Result):
    """The opening-hand table of ``deck show``: the suggested mulligan and the odds under it."""

    hand: int = HAND_SIZE
    mulligan_cost: int
    odds: tuple[Odds, ...]

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented use on a property
    @property
    def mulligan(self) -> str:
        return f"non-allies and cards of cost {self.mulligan_cost} or more"


def opening_hand_table(
    entries: list[Entry],
    *,
    mulligan_cost: int = MULLIGAN_COST,
    max_costs: tuple[int, ...] = (2, 3, 4),
    ks: tuple[int, ...] = (1, 2, 3),
) -> OpeningHand:
    rows = []
    for c in max_costs:
        counts = hand_counts(entries, c, mulligan_cost)
        for k in ks:
            rows.append(
                Odds.of(
                    k=k,
                    max_cost=c,
                    allies=counts.target_keep + counts.target_toss,
                    opening=round(float(p_opening(counts, k)), 4),
                    after_mulligan=round(float(p_after_mulligan(counts, k)), 4),
                )
            )
    return OpeningHand.of(mulligan_cost=mulligan_cost, odds=tuple(rows))
