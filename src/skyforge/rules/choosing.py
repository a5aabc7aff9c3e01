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

from pydantic import ConfigDict, Field, SerializerFunctionWrapHandler, computed_field, model_serializer

from skyforge.catalog.backs import BackEntry
from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CastleCard
from skyforge.decks.files import Deck
from skyforge.decks.models import CollectionFile
from skyforge.errors import InputError, Problem
from skyforge.results import Result
from skyforge.rules.deckbuilding import (
    Refusal,
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


class Candidate(Result):
    """A card the deck may still take, and how many copies. Its dump is the card as the catalog
    gives it (its own fields, its kind and provenance) with the copies left."""

    # the card's own fields are in the dump beside these
    model_config = ConfigDict(json_schema_extra={"additionalProperties": True})

    card: AllianceCard = Field(exclude=True)
    #: where the card's data comes from: "official", "demo" or "user"
    provenance: str
    in_deck: int
    in_other_decks: int
    left: int
    #: what sets ``left``: "copy-limit", "rarity-limit", "card-rule" or "collection"
    limited_by: LimitedBy

    @computed_field  # type: ignore[prop-decorator]
    @property
    def code(self) -> str:
        return self.card.key

    @computed_field  # type: ignore[prop-decorator]
    @property
    def name(self) -> str:
        return self.card.name

    @computed_field  # type: ignore[prop-decorator]
    @property
    def kind(self) -> str:
        return self.card.kind

    # the return is not annotated: pydantic then keeps the fields' own JSON Schema
    @model_serializer(mode="wrap")
    def _with_the_card(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        facts = self.card.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
        return {**facts, **handler(self)}


class CardChoice(Result):
    """``cards search --for``: the cards of a search the deck may still take, with its castle's
    room by rarity and what the deck still needs."""

    deck: str
    #: the deck's name, for people
    deck_name: str = Field(exclude=True)
    castle: str
    size: int
    #: the other decks played beside it (their files; their names for people)
    beside: list[str] = Field(serialization_alias="with")
    beside_names: list[str] = Field(exclude=True)
    collection: str | None
    #: per rarity of the castle's back, the cards the deck may still take (None: no limit)
    rarity_left: dict[str, int | None]
    notes: list[str]
    cards: list[Candidate]


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
    castle = castle_of(catalog, deck)
    tally = _tally(catalog, castle, deck, others, collection)
    mine, theirs, rarity_left = tally.mine, tally.theirs, tally.rarity_left
    candidates = []
    for card in catalog.of_kind("alliance"):
        assert card.kind == "alliance"
        if catalog.replaced_by(card.key) or card.rarity is None:
            continue  # errata replace the card completely; a card without rarity cannot be checked
        if castle_refuses(catalog, castle, card) is not None:
            continue
        left, why = _left(castle, card, tally)
        if left > 0:
            candidates.append(
                Candidate.of(
                    card=card,
                    provenance=catalog.provenance(card),
                    in_deck=mine[card.key],
                    in_other_decks=theirs[card.key],
                    left=left,
                    limited_by=why,
                )
            )
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


@dataclass
class _Tally:
    """What the decks played together already hold, against which copies are counted."""

    mine: Counter
    theirs: Counter
    mine_by_name: Counter
    theirs_by_name: Counter
    rarity_left: dict[str, int | None]
    owned: Counter | None


def _tally(
    catalog: Catalog,
    castle: CastleCard,
    deck: Deck,
    others: list[Deck] | tuple[Deck, ...],
    collection: CollectionFile | None,
) -> _Tally:
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
        for r in castle.deck_rules or []
    }
    return _Tally(mine, theirs, mine_by_name, theirs_by_name, rarity_left, owned)


def _left(castle: CastleCard, card: AllianceCard, tally: _Tally) -> tuple[int, LimitedBy]:
    """How many more copies of ``card`` (one the castle admits) the deck may take, and what sets it."""
    # the copy limit counts the printings of one card together (``printing_group``)
    group = printing_group(card)
    mine = tally.mine[card.key]
    limits: list[tuple[int, LimitedBy]]
    limits = [(copy_limit(card) - tally.mine_by_name[group] - tally.theirs_by_name[group], "copy-limit")]  # type: ignore[operator]
    rarity_left = tally.rarity_left.get(card.rarity)  # type: ignore[arg-type]
    if rarity_left is not None:
        limits.append((rarity_left, "rarity-limit"))
    if card_rule_refuses(castle, card) is not None:
        limits.append((0, "card-rule"))
    if (per_deck := copies_per_deck(card)) is not None:
        limits.append((per_deck - mine, "card-rule"))
    if tally.owned is not None:
        limits.append((tally.owned.get(card.key, 0) - mine - tally.theirs[card.key], "collection"))
    return min(limits, key=lambda item: item[0])


def castle_of(catalog: Catalog, deck: Deck) -> CastleCard:
    """The deck's castle, with the deck-building rules the choice needs."""
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
    return castle


@dataclass(frozen=True)
class Standing:
    """One alliance card against a deck: whether its castle admits it (and why not), and how many
    more copies the deck may take across the decks played together and the collection."""

    card: AllianceCard
    in_deck: int
    in_other_decks: int
    #: copies the deck may still take (0 for a refused card)
    left: int
    #: what sets ``left`` for an admitted card: "copy-limit", "rarity-limit", "card-rule" or
    #: "collection"; ``None`` for a refused one
    limited_by: str | None
    #: why the castle (or the card's own rules) refuses the card; ``None``: admitted
    refusal: Refusal | None

    @property
    def admitted(self) -> bool:
        return self.refusal is None


def refusals(catalog: Catalog, castle: CastleCard) -> dict[str, Refusal | None]:
    """Why ``castle`` refuses each alliance card of the catalog (``None``: admitted), by key: the
    castle's back and the card's own rules, which no deck edit changes — worked out once for a
    deck that changes often (:func:`card_standings`)."""
    out: dict[str, Refusal | None] = {}
    for card in catalog.of_kind("alliance"):
        assert card.kind == "alliance"
        out[card.key] = castle_refuses(catalog, castle, card) or card_rule_refuses(castle, card)
    return out


def card_standings(
    catalog: Catalog,
    deck: Deck,
    others: list[Deck] | tuple[Deck, ...] = (),
    collection: CollectionFile | None = None,
    refused: dict[str, Refusal | None] | None = None,
) -> list[Standing]:
    """Every alliance card of the catalog (errata applied: a replaced card is left out) against
    ``deck``: admitted or why not, and the copies still free — what :func:`choose_cards` offers,
    with the cards it leaves out and the reason for each. Sorted by set and number.

    ``refused``: :func:`refusals` of the deck's castle, when the caller keeps them.
    """
    castle = castle_of(catalog, deck)
    tally = _tally(catalog, castle, deck, others, collection)
    if refused is None:
        refused = refusals(catalog, castle)
    out = []
    for card in catalog.of_kind("alliance"):
        assert card.kind == "alliance"
        if catalog.replaced_by(card.key):
            continue
        refusal = refused.get(card.key) if card.key in refused else castle_refuses(catalog, castle, card)
        left, why = (0, None) if refusal is not None else _left(castle, card, tally)
        out.append(Standing(card, tally.mine[card.key], tally.theirs[card.key], max(left, 0), why, refusal))
    out.sort(key=lambda s: code_order(s.card.key))
    return out
