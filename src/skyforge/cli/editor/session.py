"""The deck being edited: its changes, undo, saving, and every answer asked of the library.

No rule lives here: the verdict is :func:`skyforge.rules.validate_given` (as ``deck validate``
gives it, with the other decks and the collection), the cards and their free copies are
:func:`skyforge.rules.choosing.card_standings` (what ``cards search --for`` offers, with the
refused cards and why), the deck's groups and curve are :func:`skyforge.workbench.stats.deck_stats`
(``deck show``), edits are :mod:`skyforge.workbench.editing` (``deck add``/``remove``) and a
proposal is :func:`skyforge.workbench.assistant.complete_deck` (``deck complete``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck, parse_deck
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.decks.specs import CardSpec
from skyforge.errors import SkyforgeError
from skyforge.rules import Refusal, ValidationReport, validate_given
from skyforge.rules.choosing import Standing, card_standings, castle_of, refusals
from skyforge.storage import read_text
from skyforge.workbench.editing import add_cards, remove_cards, save_deck_over
from skyforge.workbench.stats import DeckStats, deck_stats

if TYPE_CHECKING:
    from skyforge.workbench.assistant import Outcome, ProposedDeck
    from skyforge.workbench.diff import DeckDiff

#: the filter's fields: ``f:liothan r:rare t:ally c:2..4`` (a prefix of the field's name will do)
FIELDS = {"faction": "faction", "rarity": "rarity", "type": "type", "cost": "cost"}
_FIELD = re.compile(r"^([a-z]+):(.*)$")


@dataclass(frozen=True)
class Query:
    """What the cards pane shows: words to find in a card's name, code or subtypes, and fields."""

    text: str = ""
    faction: str | None = None
    rarity: str | None = None
    type: str | None = None
    cost_min: int | None = None
    cost_max: int | None = None


def parse_query(typed: str) -> Query:
    """The filter as typed: plain words are searched for; ``field:value`` narrows by faction,
    rarity, type or cost (``c:3``, ``c:2..4``, ``c:5..``); an unknown field is searched as text."""
    words, fields = [], {}
    for word in typed.split():
        m = _FIELD.match(word.casefold())
        name = next((f for f in FIELDS if m and m.group(1) and f.startswith(m.group(1))), None)
        if m is None or name is None or not m.group(2):
            words.append(word)
            continue
        fields[name] = m.group(2)
    cost_min = cost_max = None
    if cost := fields.pop("cost", None):
        # "+" and "-" add and remove cards, so a range is typed 2..4 and 5.. (2-4 and 5+ read too)
        span = cost.replace("..", "-")
        low, dash, high = (span[:-1] + "-" if span.endswith("+") else span).partition("-")
        if low.isdigit():
            cost_min = int(low)
            cost_max = int(high) if high.isdigit() else None if dash else cost_min
    return Query(" ".join(words), fields.get("faction"), fields.get("rarity"), fields.get("type"), cost_min, cost_max)


class Session:
    """One deck open in the editor, with the decks played beside it and the collection."""

    def __init__(
        self,
        catalog: Catalog,
        path: Path,
        others: list[Deck] | None = None,
        collection: CollectionFile | None = None,
    ) -> None:
        self.catalog = catalog
        self.path = path
        self.others = list(others or [])
        self.collection = collection
        self.history: list[DeckFile] = []
        self.read = read_text(path)
        self.deck = parse_deck(self.read, path, catalog)
        self.saved = self.deck.data
        self._refused: tuple[str, dict[str, Refusal | None]] | None = None
        # a deck is a new object after every change, save and reload: the standings of the one asked last
        self._standings: tuple[Deck, list[Standing]] | None = None

    # --- the deck ------------------------------------------------------------------------------

    @property
    def dirty(self) -> bool:
        return self.deck.data != self.saved

    def _change(self, data: DeckFile) -> None:
        self.history.append(self.deck.data)
        # the lines of the file no longer match an unsaved deck: messages name no line
        self.deck = Deck(self.path, data, self.deck.lines if data == self.saved else {})

    def add(self, key: str, count: int = 1) -> None:
        """One more copy of a card (InputError: the most copies a deck file holds)."""
        self._change(add_cards(self.catalog, self.deck.data, [CardSpec(key, count)]))

    def remove(self, key: str, count: int = 1) -> None:
        """One copy fewer (InputError: the deck holds none)."""
        self._change(remove_cards(self.catalog, self.deck.data, [CardSpec(key, count)]))

    def undo(self) -> bool:
        """Back to the deck before the last change; False when there is none."""
        if not self.history:
            return False
        data = self.history.pop()
        self.deck = Deck(self.path, data, self.deck.lines if data == self.saved else {})
        return True

    def replace(self, data: DeckFile) -> None:
        """The deck becomes ``data`` (an accepted proposal), as one change to undo."""
        self._change(data)

    # --- the answers ----------------------------------------------------------------------------

    def verdict(self) -> ValidationReport:
        """What ``deck validate DECK OTHER… --collection C`` says of the deck as it is now."""
        return validate_given(self.catalog, [self.deck, *self.others], self.collection)

    def stats(self, report: ValidationReport | None = None) -> DeckStats:
        """The deck's groups, curve and castle budget, as ``deck show`` counts them."""
        return deck_stats(self.catalog, self.deck, report=report or self.verdict())

    def standings(self) -> list[Standing]:
        """Every card against the deck: admitted or why not, and the copies still free."""
        if self._standings is not None and self._standings[0] is self.deck:  # asked again of the same deck
            return self._standings[1]
        castle = self.deck.data.castle
        if self._refused is None or self._refused[0] != castle:  # they depend on the castle alone
            self._refused = (castle, refusals(self.catalog, castle_of(self.catalog, self.deck)))
        standings = card_standings(self.catalog, self.deck, self.others, self.collection, self._refused[1])
        self._standings = (self.deck, standings)
        return standings

    def matching(self, query: Query) -> set[str]:
        """The keys of the alliance cards the filter finds (the catalog's own search)."""
        found = self.catalog.search(
            text=query.text or None,
            kind="alliance",
            faction=query.faction,
            rarity=query.rarity,
            type=query.type,
            cost_min=query.cost_min,
            cost_max=query.cost_max,
        )
        return {card.key for card in found}

    def propose(self) -> tuple[Outcome, DeckDiff | None, ProposedDeck | None]:
        """The assistant's completion of the deck (``deck complete``), and how it differs."""
        # the assistant's modules cost ~40 ms of imports: only a proposal pays them (and the diff's)
        from skyforge.workbench.assistant import complete_deck
        from skyforge.workbench.diff import diff_decks

        outcome = complete_deck(self.catalog, self.deck, self.others, self.collection)
        if not outcome.possible or not outcome.decks:
            return outcome, None, None
        proposed = outcome.decks[0]
        after = Deck(self.path, self.deck.data.model_copy(update={"cards": dict(proposed.cards)}), {})
        return outcome, diff_decks(self.catalog, self.deck, after), proposed

    def accept(self, proposed: ProposedDeck) -> None:
        self.replace(self.deck.data.model_copy(update={"cards": dict(proposed.cards)}))

    # --- the file -------------------------------------------------------------------------------

    def changed_on_disk(self) -> bool:
        """Whether another program changed (or removed) the file since it was read or saved."""
        try:
            return read_text(self.path) != self.read
        except (OSError, SkyforgeError):  # gone or unreadable: changed, as far as the player is concerned
            return True

    def save(self, *, over: bool = False) -> None:
        """Write the deck, keeping the file's comments (``deck add`` does the same); a file changed
        on disk raises ``ChangedOnDisk`` unless ``over``."""
        self.read = save_deck_over(self.catalog, self.path, self.deck.data, None if over else self.read)
        self.deck = parse_deck(self.read, self.path, self.catalog)
        self.saved = self.deck.data

    def reload(self) -> None:
        """Read the file again, dropping unsaved changes (undo starts afresh)."""
        self.read = read_text(self.path)
        self.deck = parse_deck(self.read, self.path, self.catalog)
        self.saved = self.deck.data
        self.history.clear()
