"""The starting deck: "Each player now takes at most 18 base cards and 2 legendary cards from their
market decks to form their starting alliance deck" (000 "Alliance and Market Decks").

The market deck's base and legendary cards as a numbered list to tick (:func:`rows`,
:class:`Ticks`), the automatic choice (:func:`auto_pick`), and the warning
for a starting deck far smaller than the market deck allowed (:func:`short_warning`), and the
action that records the choice (:func:`starting_deck`; here rather than with the other actions of
:mod:`skyforge.campaign.commands`, which the commands played during a game import).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from skyforge.campaign import events as ev
from skyforge.campaign.commands import UNDO, _not_now, _require, now
from skyforge.campaign.limits import STARTING_BASE, STARTING_LEGENDARY
from skyforge.campaign.preconditions import find_player
from skyforge.catalog.codes import code_order
from skyforge.catalog.constants import RARITIES
from skyforge.errors import InputError, Problem, RuleError, SkyforgeError, option
from skyforge.text import plural

if TYPE_CHECKING:
    from skyforge.campaign.state import CampaignState, PlayerState
    from skyforge.catalog.index import Catalog

#: rarity → how many cards of it a starting deck takes at most
CAPS: dict[str, int] = {"base": STARTING_BASE, "legendary": STARTING_LEGENDARY}

#: a starting deck smaller than this, when the market deck had more to take, is said in a warning
FULL = STARTING_BASE + STARTING_LEGENDARY

#: what an automatic choice takes (:func:`auto_pick`)
AUTO_RULE = (
    f"the first {STARTING_BASE} base and {STARTING_LEGENDARY} legendary cards from the top of the shuffled market deck"
)


def rarity_of(catalog: Catalog, code: str) -> str | None:
    """The card's rarity as the catalog gives it (None: unknown card, or no rarity)."""
    try:
        card = catalog.find(code, "alliance") if catalog is not None else None
    except SkyforgeError:
        card = None
    return getattr(card, "rarity", None)


@dataclass(frozen=True)
class Row:
    """One physical card of the market deck that the starting deck may take."""

    number: int
    code: str
    rarity: str


def rows(market: list[str], catalog: Catalog) -> list[Row]:
    """The market deck's base cards, then its legendary ones, by set and number, one row per copy."""
    eligible = [(code, rarity_of(catalog, code)) for code in market]
    ordered = sorted(
        ((code, r) for code, r in eligible if r in CAPS), key=lambda cr: (list(CAPS).index(cr[1]), code_order(cr[0]))
    )
    return [Row(i, code, rarity) for i, (code, rarity) in enumerate(ordered, 1)]


def left_out(market: list[str], catalog: Catalog) -> Counter[str]:
    """The market deck's cards a starting deck cannot take, by rarity ("rarity unknown" included)."""
    counts = Counter(r or "rarity unknown" for r in (rarity_of(catalog, c) for c in market) if r not in CAPS)
    return Counter({r: counts[r] for r in [*RARITIES, "rarity unknown"] if counts[r]})


def room(market: list[str], catalog: Catalog) -> int:
    """How many cards a starting deck could take from this market deck (at most :data:`FULL`)."""
    have = Counter(rarity_of(catalog, code) for code in market)
    return sum(min(cap, have[rarity]) for rarity, cap in CAPS.items())


def auto_pick(market: list[str], catalog: Catalog) -> Counter[str]:
    """:data:`AUTO_RULE`: the first base and legendary cards from the top, up to the caps."""
    chosen: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    for code in market:
        rarity = rarity_of(catalog, code)
        if rarity in CAPS and taken[rarity] < CAPS[rarity]:
            taken[rarity] += 1
            chosen[code] += 1
    return chosen


def short_warning(player: str, size: int, market: list[str], catalog: Catalog) -> str | None:
    """A warning when a starting deck of ``size`` cards is under :data:`FULL` while the market deck
    (before the choice) had more to take: legal, but likely a slip."""
    could = room(market, catalog)
    if size >= FULL or size >= could:
        return None
    return (
        f"{player}'s starting deck has {plural(size, 'card')}; the market deck had {could} to take "
        f"(at most {STARTING_BASE} base and {STARTING_LEGENDARY} legendary). The rest stay in the market deck."
    )


@dataclass
class Ticks:
    """The cards ticked so far, kept within :data:`CAPS`."""

    rows: list[Row]
    ticked: list[int] = field(default_factory=list)

    def _row(self, number: int) -> Row:
        return self.rows[number - 1]

    def counts(self) -> Counter[str]:
        return Counter(self._row(n).rarity for n in self.ticked)

    def tick(self, numbers: list[int]) -> dict[str, list[int]]:
        """Tick each number not ticked yet while its rarity has room; returns the numbers refused,
        by rarity (each rarity's cap is :data:`CAPS`)."""
        refused: dict[str, list[int]] = {}
        counts = self.counts()
        for n in dict.fromkeys(numbers):
            if n in self.ticked:
                continue
            rarity = self._row(n).rarity
            if counts[rarity] >= CAPS[rarity]:
                refused.setdefault(rarity, []).append(n)
                continue
            counts[rarity] += 1
            self.ticked.append(n)
        return refused

    def untick(self, numbers: list[int]) -> None:
        gone = set(numbers)
        self.ticked = [n for n in self.ticked if n not in gone]

    def chosen(self) -> dict[str, int]:
        """The ticked cards: code → copies."""
        return dict(sorted(Counter(self._row(n).code for n in self.ticked).items()))

    def tally(self) -> str:
        """ "12/18 base, 1/2 legendary (13 cards)": the running count against the caps."""
        counts = self.counts()
        caps = ", ".join(f"{counts[r]}/{cap} {r}" for r, cap in CAPS.items())
        return f"{caps} ({plural(len(self.ticked), 'card')})"


def choosing_player(state: CampaignState, player: str | None) -> PlayerState:
    """The player about to choose a starting deck (named, or the only one), while the campaign is new."""
    _require(state, "new", doing="choose a starting deck")
    p = find_player(state, player)
    if p.starting_deck_chosen:
        raise _not_now(state, f"{p.name} has already chosen a starting deck", step=UNDO)
    return p


def starting_deck(
    state: CampaignState, catalog: Catalog, player: str | None, cards: dict[str, int] | None = None, auto: bool = False
) -> list[ev.StartingDeck]:
    """At most :data:`STARTING_BASE` base and :data:`STARTING_LEGENDARY` legendary cards from the player's market deck."""
    p = choosing_player(state, player)
    market = Counter(p.market)
    if auto:
        chosen = auto_pick(p.market, catalog)
    else:
        chosen = Counter()
        problems = []
        for ref, n in (cards or {}).items():
            card = catalog.find(ref, "alliance")
            code = card.key if card is not None else ref
            if card is not None and market[catalog.with_errata(card).key]:
                code = catalog.with_errata(card).key  # the original's code names the erratum replacing it
            if n < 1:
                problems.append(Problem("a count must be 1 or more", key=ref, value=n, has_value=True))
            chosen[code] += n
        if not chosen and not problems:
            problems.append(Problem("no cards given", hint=f"CARD=N … (codes or names), or {option('auto')}"))
        if problems:
            raise InputError(problems)
    problems = []
    by_rarity: Counter[str | None] = Counter()
    for code, n in chosen.items():
        if market[code] < n:
            problems.append(Problem(f"{p.name}'s market deck holds {market[code]} of {code}, not {n}", key=code))
        rarity = rarity_of(catalog, code)
        if rarity is None:
            problems.append(
                Problem(
                    f"the catalog gives no rarity for {code}",
                    key=code,
                    hint="the starting deck takes base and legendary cards only; add rarity to the card",
                )
            )
        elif rarity not in CAPS:
            problems.append(
                Problem(
                    f"{code} is {rarity}: the starting deck takes at most {STARTING_BASE} base cards "
                    f"and {STARTING_LEGENDARY} legendary cards",
                    key=code,
                )
            )
        else:
            by_rarity[rarity] += n
    if by_rarity["base"] > STARTING_BASE:
        problems.append(Problem(f"{by_rarity['base']} base cards: at most {STARTING_BASE}"))
    if by_rarity["legendary"] > STARTING_LEGENDARY:
        problems.append(Problem(f"{by_rarity['legendary']} legendary cards: at most {STARTING_LEGENDARY}"))
    if problems:
        raise RuleError("; ".join(pr.render() for pr in problems))
    return [ev.StartingDeck(at=now(), player=p.name, cards=dict(sorted(chosen.items())))]


__all__ = [
    "AUTO_RULE",
    "CAPS",
    "FULL",
    "Row",
    "Ticks",
    "auto_pick",
    "choosing_player",
    "left_out",
    "rarity_of",
    "room",
    "rows",
    "short_warning",
    "starting_deck",
]
