"""Pre-made alliance decks (000/001 Setup "3. Alliance Deck").

"To play with pre-made decks, each player shuffles together 40 alliance cards from
the same set and of the same faction as their castle." With the Nupten & Utsesh
expansions a faction has 41: "Remove 1 heroic ally at random".

Which cards make up a pre-made deck is catalog data: alliance cards carry
``premade = "<id>"`` naming a ``[[premade_decks]]`` entry (set + faction). Errata
cards replace the card they correct. The rulebooks name the pre-made decks but do
not list their cards, so for the official decks the card lists are missing data.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field

from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CastleCard, PremadeDeck
from skyforge.decks.models import DeckFile
from skyforge.decks.writing import save_new_deck
from skyforge.errors import InputError, NotFoundError, Problem, option
from skyforge.results import Result
from skyforge.terms import new_seed
from skyforge.workbench.workspace import deck_path, relative

PREMADE_SIZE = 40
#: "you have 41 cards per faction instead of 40. Remove 1 heroic ally at random"
EXPANDED_SIZE = 41


@dataclass
class PremadeResult:
    deck: DeckFile
    premade: PremadeDeck
    removed: AllianceCard | None = None
    seed: int | None = None
    notes: list[str] = field(default_factory=list)


def find_premade(catalog: Catalog, set_code: str, faction: str) -> PremadeDeck:
    wanted_set, wanted_faction = set_code.strip().upper(), faction.strip().casefold()
    for deck in catalog.premade_decks.values():
        if (deck.set or "").upper() == wanted_set and deck.faction == wanted_faction:
            return deck
    options = sorted(
        f"{d.set} {d.faction}" if d.set else f"{d.id} (set not in the catalog)" for d in catalog.premade_decks.values()
    )
    raise NotFoundError(
        Problem(
            f"no pre-made deck of set '{set_code}' and faction '{faction}' in the catalog",
            hint="pre-made decks: " + ", ".join(options) if options else None,
        )
    )


def premade_cards(catalog: Catalog, premade: PremadeDeck) -> tuple[dict[str, int], list[str]]:
    """code → copies of the pre-made deck's cards, errata applied; and notes on what changed."""
    cards: dict[str, int] = {}
    notes: list[str] = []
    members = [c for c in catalog.of_kind("alliance") if getattr(c, "premade", None) == premade.id]
    keys = {c.key for c in members}
    for card in members:
        newer = catalog.with_errata(card).key
        if newer != card.key:
            if newer not in keys:  # the errata card is not marked premade itself: it still takes the place
                cards[newer] = cards.get(newer, 0) + card.copies
            notes.append(f"{card.key} {card.name} is replaced by errata {newer}")
            continue
        cards[card.key] = cards.get(card.key, 0) + card.copies
    return cards, notes


def build_premade(
    catalog: Catalog,
    set_code: str,
    faction: str,
    *,
    seed: int | None = None,
    castle: str | None = None,
    name: str | None = None,
    player: str | None = None,
) -> PremadeResult:
    premade = find_premade(catalog, set_code, faction)
    cards, notes = premade_cards(catalog, premade)
    if not cards:
        raise InputError(
            Problem(
                f"the catalog has no card list for pre-made deck '{premade.id}' ({premade.name}); "
                "the rulebooks name the pre-made decks but do not print their cards",
                hint=f'mark each of its alliance cards with premade = "{premade.id}" in a '
                "catalog file (a CSV with a premade column works: `skyforge catalog import`)",
            )
        )
    check_contents(catalog, premade)
    castle_card = _castle(catalog, premade, castle)
    if castle_card.faction is not None and castle_card.faction != premade.faction:
        raise InputError(
            Problem(
                f"castle {castle_card.key} ({castle_card.name}) is {castle_card.faction}; pre-made deck "
                f"'{premade.id}' is {premade.faction}: \"40 alliance cards from the same set and of the same "
                'faction as their castle"',
                key=option("castle"),
                value=castle,
                has_value=True,
                hint=f"choose a {premade.faction} castle, or leave {option('castle')} out for the deck's own",
            )
        )
    if premade.set and castle_card.set_code and castle_card.set_code != premade.set.upper():
        raise InputError(
            Problem(
                f"castle {castle_card.key} ({castle_card.name}) is of set {castle_card.set_code}; pre-made deck "
                f"'{premade.id}' is of set {premade.set}: \"40 alliance cards from the same set and of the same "
                'faction as their castle"',
                key=option("castle"),
                value=castle,
                has_value=True,
                hint=f"choose a {premade.faction} castle of set {premade.set}, or leave {option('castle')} out for the deck's own",
            )
        )
    size = sum(cards.values())
    removed: AllianceCard | None = None
    if size == EXPANDED_SIZE:
        heroic = sorted(
            k
            for k in cards
            # the deck's cards and their errata are alliance cards (only they have replaces)
            if isinstance(card := catalog.cards[k], AllianceCard)
            and "heroic" in {w.casefold() for w in card.keywords}
            and card.type == "ally"
        )
        if not heroic:
            raise InputError(
                Problem(
                    f"pre-made deck '{premade.id}' has 41 cards but no heroic ally to remove",
                    hint='mark the heroic allies with keywords = ["Heroic"] in the catalog',
                )
            )
        if seed is None:
            seed = new_seed()
        pick = random.Random(seed).choice(heroic)
        picked = catalog.cards[pick]
        assert isinstance(picked, AllianceCard)  # heroic holds alliance cards only
        removed = picked
        cards[pick] -= 1
        if not cards[pick]:
            del cards[pick]
        size -= 1
    if size != PREMADE_SIZE:
        raise InputError(
            Problem(
                f"pre-made deck '{premade.id}' has {size} cards in the catalog; a pre-made deck has 40 "
                "(41 with the Nupten & Utsesh expansions)",
                hint=f'check which cards carry premade = "{premade.id}"',
            )
        )
    deck = DeckFile(name=name or premade.name, castle=castle_card.key, player=player, cards=cards)
    return PremadeResult(deck, premade, removed, seed if removed else None, notes)


def check_contents(catalog: Catalog, premade: PremadeDeck) -> None:
    """Every card marked for the pre-made deck is of its set and faction (000 Setup "3. Alliance
    Deck"); errata that replace them may come from any set. Raises one problem per stray card."""
    problems = []
    for card in catalog.of_kind("alliance"):
        if getattr(card, "premade", None) != premade.id:
            continue
        wrong = []
        if premade.set and card.set_code and card.set_code != premade.set.upper():
            wrong.append(f"of set {card.set_code}, not {premade.set}")
        if card.faction is not None and card.faction != premade.faction:
            wrong.append(f"{card.faction}, not {premade.faction}")
        if wrong:
            problems.append(
                Problem(
                    f'{card.key} {card.name} is marked premade = "{premade.id}" but is {" and ".join(wrong)}: a '
                    "pre-made deck is 40 alliance cards of one set and of the faction of its castle",
                    file=catalog.source_file(card.key),
                    line=getattr(catalog.origins.get(card.key), "line", None),
                    key="premade",
                    value=premade.id,
                    has_value=True,
                    hint="remove premade from this card, or fix its set or faction",
                )
            )
    if problems:
        raise InputError(problems)


def _castle(catalog: Catalog, premade: PremadeDeck, ref: str | None) -> CastleCard:
    """The castle given, or the first castle "of the same set and faction" as the deck."""
    if ref:
        return catalog.get(ref, "castle", what="castle")
    same = sorted(
        (c for c in catalog.castles() if c.faction == premade.faction and c.set_code == premade.set),
        key=lambda c: c.key,
    )
    if not same:
        raise InputError(
            Problem(
                f"no {premade.faction} castle of set {premade.set} in the catalog",
                hint=f"choose one with {option('castle')}",
            )
        )
    return same[0]


class PremadeSaved(Result):
    """``deck premade``: the pre-made deck written to the workspace, and the heroic ally removed
    at random from a deck of 41 (with the seed that repeats it)."""

    #: where it was written, relative to the workspace
    file: str
    path: Path = Field(exclude=True)
    #: the pre-made deck's id, and its name for people
    premade: str
    premade_name: str = Field(exclude=True)
    castle: str
    size: int
    cards: dict[str, int]
    #: the heroic ally removed from a deck of 41, and its name for people
    removed: str | None
    removed_name: str | None = Field(exclude=True)
    seed: int | None
    notes: list[str]


def save_premade(
    catalog: Catalog,
    workspace: Path,
    set_code: str,
    faction: str,
    *,
    seed: int | None = None,
    castle: str | None = None,
    name: str | None = None,
    player: str | None = None,
    force: bool = False,
) -> PremadeSaved:
    """Build the pre-made deck and write it to ``decks/NAME.toml`` (default: the deck's id)."""
    built = build_premade(catalog, set_code, faction, seed=seed, castle=castle, player=player)
    path = save_new_deck(deck_path(workspace, name or built.premade.id), built.deck, catalog, force=force)
    return PremadeSaved.of(
        file=relative(workspace, path),
        path=path,
        premade=built.premade.id,
        premade_name=built.premade.name,
        castle=built.deck.castle,
        size=sum(built.deck.cards.values()),
        cards=built.deck.cards,
        removed=built.removed.key if built.removed else None,
        removed_name=built.removed.name if built.removed else None,
        seed=built.seed,
        notes=built.notes,
    )
