"""The horde deck: the chosen hordes' cards of the power levels a difficulty level takes
(000/001 Setup "Horde Deck"), shared by stand-alone games and campaigns.

Which power levels a level takes, and whether it adds an extra random (legendary) card,
is catalog data: the ``[[difficulty_levels]]`` row of the hordes' set. Where the catalog
does not know, the cards are left out and ``missing`` says which data to add — nothing
is guessed. One behaviour for every caller:

- the level row is the one of the hordes' set (the first horde with data decides when
  the hordes' sets disagree, and a note says so);
- the extra random card is drawn over the physical copies of the chosen hordes' cards
  outside the level's power levels — legendary cards only when the row says
  ``extra_legendary``;
- a campaign passes ``exclude_treachery_only=True`` (000 "never take cards with the
  treachery-only symbol, not even at the highest difficulty levels"), a horde taken whole too;
- a horde that adds no card for lack of data is in ``lacking``, with where to add it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import Field, computed_field

from skyforge.catalog.index import sort_key
from skyforge.catalog.models import Horde, HordeCard
from skyforge.results import Result
from skyforge.setup.rules import whole_hordes

if TYPE_CHECKING:
    from collections.abc import Iterable

    from skyforge.catalog.index import Catalog

#: The books do not say where the level's extra random card comes from.
EXTRA_SOURCE_NOTE = (
    "the books do not say where the extra random {kind} comes from: drawn from the chosen "
    "horde cards outside the level's power levels"
)


class HordeLine(Result):
    """Cards of one kind in the horde deck; its dump is a line of ``game setup --json``'s ``horde_cards``."""

    card: HordeCard = Field(exclude=True)
    count: int
    #: the level's extra random card
    extra: bool = Field(default=False, serialization_alias="extra_random")

    @classmethod
    def of_card(cls, card: HordeCard, count: int, *, extra: bool = False) -> HordeLine:
        return cls.of(card=card, count=count, extra=extra)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def code(self) -> str | None:
        return self.card.code

    @computed_field  # type: ignore[prop-decorator]
    @property
    def name(self) -> str:
        return self.card.name

    @computed_field  # type: ignore[prop-decorator]
    @property
    def horde(self) -> str | None:
        return self.card.horde

    @computed_field  # type: ignore[prop-decorator]
    @property
    def power(self) -> int | None:
        return self.card.power

    @computed_field  # type: ignore[prop-decorator]
    @property
    def legendary(self) -> bool:
        return self.card.legendary


@dataclass
class HordeDeck:
    lines: list[HordeLine] = field(default_factory=list)
    extra: list = field(default_factory=list)  # the cards drawn at random (HordeCards)
    extra_kind: str = "card"  # "card" or "legendary card"
    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the hordes that add no card for lack of data: (what is missing, where to add it)
    lacking: list[tuple[str, str]] = field(default_factory=list)

    @property
    def cards(self) -> list:
        return [line.card for line in self.lines]


def build_horde_deck(
    catalog: Catalog,
    hordes: Iterable[Horde | str],
    level: int,
    rng: random.Random,
    *,
    exclude_treachery_only: bool = False,
    common_set: bool = False,
) -> HordeDeck:
    """The horde deck of ``hordes`` (Horde objects or ids) at difficulty ``level``; with
    ``common_set``, the original set's Common Set cards too (001 The Common Set)."""
    out = HordeDeck()
    rest: list = []
    row = None  # the level row that decides the extra random card
    for horde in hordes:
        if isinstance(horde, str):
            horde = catalog.hordes[horde]
        cards = sorted((c for c in catalog.of_kind("horde") if c.horde == horde.id and not c.common_set), key=sort_key)
        if exclude_treachery_only:
            treachery = [c for c in cards if c.treachery_only]
            if treachery:
                out.notes.append(
                    f"{horde.name}: treachery-only cards left out: " + ", ".join(c.code or c.name for c in treachery)
                )
                cards = [c for c in cards if not c.treachery_only]
        if whole_hordes(catalog, [horde]):
            _whole_horde(out, horde, cards, catalog)
            continue
        this = next((r for r in catalog.difficulty_levels if r.set == horde.set and r.level == level), None)
        if this is None or not this.powers:
            _lacks(
                out,
                horde,
                f"which power levels difficulty level {level} takes is not stated for set {horde.set}"
                + (f" (the table says about {this.cards} cards)" if this and this.cards else ""),
                f'add a [[difficulty_levels]] row with set = "{horde.set}", level = {level} and powers = '
                f"[the power levels it takes] to {catalog.user_file()}"
                + (" (it completes the rulebook's row)" if this is not None else ""),
            )
            continue
        if not cards:
            _lacks(
                out,
                horde,
                f"its horde cards are not in the catalog (power levels {', '.join(map(str, this.powers))})",
                _cards_hint(catalog, horde),
            )
            continue
        if row is None:
            row = this
        elif (this.extra_random, this.extra_legendary) != (row.extra_random, row.extra_legendary):
            out.notes.append(
                f"sets {row.set} and {this.set} differ on the extra random card at difficulty level "
                f"{level}: following set {row.set} (the first horde's)"
            )
        unknown = [c for c in cards if c.power is None]
        taken = [c for c in cards if c.power in this.powers]
        if unknown:
            what = f"no power level in the catalog for {', '.join(c.code or c.name for c in unknown)}"
            if taken:
                out.missing.append(f"{horde.name}: {what}; left out: fill in power = N on them")
            else:
                where = catalog.source_file(unknown[0].key)
                _lacks(out, horde, what, f"fill in power = N (the card's power level) on them in {where}")
        elif not taken:
            _lacks(
                out,
                horde,
                f"none of its {len(cards)} horde cards has power level {' or '.join(map(str, this.powers))}",
                "check the power of its horde cards",
            )
        out.lines.extend(HordeLine.of_card(card, card.copies) for card in taken)
        rest.extend(c for c in cards if c.power is not None and c.power not in this.powers)
    if common_set:
        extra = sorted((c for c in catalog.of_kind("horde") if c.common_set), key=sort_key)
        out.lines.extend(HordeLine.of_card(card, card.copies) for card in extra)
        out.notes.append(
            "the Common Set (001): "
            + (", ".join(c.code or c.name for c in extra) if extra else "none in the catalog")
            + ' added "to give extra power to the minions"'
        )
        if not extra:
            out.missing.append("the Common Set horde cards are not in the catalog: mark them with common_set = true")
    if row is not None and row.extra_random:
        pool = [c for c in rest if c.legendary] if row.extra_legendary else rest
        out.extra_kind = "legendary card" if row.extra_legendary else "card"
        physical = [c for c in pool for _ in range(c.copies)]
        if len(physical) < row.extra_random:
            out.missing.append(
                f"difficulty level {level} adds {row.extra_random} random {out.extra_kind}, but the "
                f"chosen hordes have {len(physical)} left to draw from"
            )
        else:
            out.extra = rng.sample(physical, row.extra_random)
            out.lines.extend(HordeLine.of_card(card, 1, extra=True) for card in out.extra)
            out.notes.append(EXTRA_SOURCE_NOTE.format(kind=out.extra_kind))
    return out


def _cards_hint(catalog: Catalog, horde: Horde, power: bool = True) -> str:
    return (
        f'add its horde cards to {catalog.user_file()} as [[cards]] tables with kind = "horde", '
        f'horde = "{horde.id}"' + (" and power = N (its power level)" if power else "")
    )


def _lacks(out: HordeDeck, horde: Horde, what: str, hint: str) -> None:
    """``horde`` adds no card to the deck: say what data is missing and where to add it."""
    out.missing.append(f"{horde.name}: {what}: {hint}")
    out.lacking.append((f"{horde.name}: {what}", hint))


def _whole_horde(out: HordeDeck, horde: Horde, cards: list[HordeCard], catalog: Catalog) -> None:
    """001 The Original Set, without the Challenge expansion: "set the difficulty level by choosing
    the right portals from the original Skytear Horde set and take all cards of the chosen horde"."""
    if not cards:
        _lacks(
            out,
            horde,
            "its horde cards are not in the catalog (the original set: all of them)",
            _cards_hint(catalog, horde, power=False),
        )
        return
    out.lines.extend(HordeLine.of_card(card, card.copies) for card in cards)
    out.notes.append(
        f"{horde.name}: no difficulty table for its set, so all its cards (001 The Original Set); the "
        'difficulty is set by the portals, and the stage 1 portal now has "Destroyed: place the outsider '
        'in the outsider pile"'
    )
