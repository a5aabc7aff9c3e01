"""Help choosing cards: which cards a deck may still take, and how many copies of each.

A card is a candidate for a deck when the back of the deck's castle admits it
(:func:`~skyforge.rules.deckbuilding.castle_refuses`: never an excluded card), the castle's limit for that rarity is not reached, the card's own rules
allow it, and copies are left under the copy limits across all the decks played together (and,
with a collection, among the cards the player owns that the decks do not already use).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from skyforge.catalog.backs import BackEntry
from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CastleCard
from skyforge.decks.files import Deck
from skyforge.decks.models import CollectionFile
from skyforge.errors import InputError, Problem
from skyforge.rules.deckbuilding import (
    card_rule_refuses,
    castle_refuses,
    copies_per_deck,
    copy_limit,
    printing_group,
    rarity_maxima,
    required_cards,
)
from skyforge.rules.owned import owned_counts

#: the rule that sets how many more copies of a card a deck may take (its id, or the collection)
LimitedBy = Literal["copy-limit", "rarity-limit", "card-rule", "collection"]


@dataclass
class Candidate:
    card: AllianceCard
    in_deck: int
    in_other_decks: int
    left: int
    #: what sets ``left``: "copy-limit", "rarity-limit", "card-rule" or "collection"
    limited_by: LimitedBy

    def as_dict(self) -> dict:
        return {
            "code": self.card.key,
            "name": self.card.name,
            "in_deck": self.in_deck,
            "in_other_decks": self.in_other_decks,
            "left": self.left,
            "limited_by": self.limited_by,
        }


@dataclass
class Choice:
    deck: Deck
    castle: CastleCard
    candidates: list[Candidate]
    rarity_left: dict[str, int | None]
    size: int
    notes: list[str] = field(default_factory=list)


def _counts(catalog: Catalog, deck: Deck) -> Counter:
    """The deck's alliance cards by key, errata applied."""
    counts: Counter = Counter()
    for ref, n in deck.data.cards.items():
        try:
            card = catalog.find(ref)
        except InputError:
            card = None
        if card is None or card.kind != "alliance":
            continue
        counts[catalog.with_errata(card).key] += n
    return counts


def _by_name(catalog: Catalog, counts: Counter) -> Counter:
    """``counts`` by card name: the printings of one card together."""
    out: Counter = Counter()
    for key, n in counts.items():
        out[printing_group(catalog.cards[key])] += n  # type: ignore[arg-type]
    return out


def choose_cards(
    catalog: Catalog, deck: Deck, others: list[Deck] | tuple[Deck, ...] = (), collection: CollectionFile | None = None
) -> Choice:
    """Every alliance card ``deck`` may still take, with how many copies are left."""
    castle = catalog.find(deck.data.castle, "castle")
    if castle is None or castle.kind != "castle":
        raise InputError(
            Problem(
                f"no castle '{deck.data.castle}' in the catalog",
                file=deck.file,
                key="castle",
                hint=catalog.suggest(deck.data.castle, "castle") or "see `skyforge castles`",
            )
        )
    if castle.deck_rules is None:
        raise InputError(
            Problem(
                f"castle '{castle.name}' has no deck-building rules in the catalog",
                file=deck.file,
                key="castle",
                hint=f"fill in [[cards.deck_rules]] in {catalog.source_file(castle.key)}",
            )
        )
    mine = _counts(catalog, deck)
    theirs: Counter = Counter()
    for other in others:
        theirs.update(_counts(catalog, other))
    owned = owned_counts(catalog, collection) if collection is not None else None
    mine_by_name, theirs_by_name = _by_name(catalog, mine), _by_name(catalog, theirs)
    maxima = rarity_maxima(castle)
    used_by_rarity: Counter = Counter()
    for key, n in mine.items():
        used_by_rarity[getattr(catalog.cards[key], "rarity", None)] += n
    rarity_left: dict[str, int | None] = {
        r.rarity: (max(maxima[r.rarity] - used_by_rarity[r.rarity], 0) if r.rarity in maxima else None)
        for r in castle.deck_rules
    }
    candidates = []
    for card in catalog.of_kind("alliance"):
        assert card.kind == "alliance"
        if catalog.replaced_by(card.key) or card.rarity is None:
            continue  # errata replace the card completely; a card without rarity cannot be checked
        if castle_refuses(catalog, castle, card) is not None:
            continue
        # the copy limit counts the printings of one card together (``printing_group``)
        group = printing_group(card)
        limits: list[tuple[int, LimitedBy]]
        limits = [(copy_limit(card) - mine_by_name[group] - theirs_by_name[group], "copy-limit")]  # type: ignore[operator]
        if rarity_left.get(card.rarity) is not None:
            limits.append((rarity_left[card.rarity], "rarity-limit"))  # type: ignore[arg-type]
        if card_rule_refuses(castle, card) is not None:
            limits.append((0, "card-rule"))
        if (per_deck := copies_per_deck(card)) is not None:
            limits.append((per_deck - mine[card.key], "card-rule"))
        if owned is not None:
            limits.append((owned.get(card.key, 0) - mine[card.key] - theirs[card.key], "collection"))
        left, why = min(limits, key=lambda item: item[0])
        if left > 0:
            candidates.append(Candidate(card, mine[card.key], theirs[card.key], left, why))
    candidates.sort(key=lambda c: code_order(c.card.key))
    size = sum(mine.values())
    notes = [
        _required_note(castle, required)
        for required in required_cards(catalog, castle)
        if not any(mine[card.key] for card in required.cards)
    ]
    if castle.deck_size is not None and castle.deck_size.max is not None and size >= castle.deck_size.max:
        notes.append(
            f"the deck already holds {size} cards, the most castle {castle.name} allows: "
            "take a card only in place of another"
        )
    return Choice(deck, castle, candidates, rarity_left, size, notes)


def _required_note(castle: CastleCard, required: BackEntry) -> str:
    """A card the castle requires that the deck lacks: "TST.080 Vorhild", or as printed when the
    catalog lacks it."""
    card = required.card
    if card is None and not required.cards:
        return (
            f"castle {castle.name} requires {required.ref}, who is not in your catalog: add the card to it, "
            "then take it first (it counts toward the deck size)"
        )
    who = (
        f"{card.code or card.key} {card.name}"
        if card
        else f"{required.ref} ({', '.join(c.key for c in required.cards)})"
    )
    return f"castle {castle.name} requires {who}: take it first (it counts toward the deck size)"
