"""Decks that travel with their cards: the card data a share code or JSON export carries.

There is no public card list, so a deck of a player's own cards means nothing to a friend without
that player's catalog. ``deck export --with-cards`` puts the data of every card the deck uses that
the official layer does not hold (its castle included, and the cards the castle's back names when
the player has them; entries of the player's that complete an official one too), and the sets they
need that are not official, beside the deck. A back's card the player lacks stays a printed name
in the castle's data, which loads without it (:mod:`skyforge.catalog.backs`). ``deck import
--cards-to FILE`` offers them to the receiver's catalog file (:func:`offer_cards`): each card gets a
``source`` saying where it came from; a card the receiver already holds with other data is listed,
never replaced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skyforge.catalog.backs import BACK_FIELDS, back_entries
from skyforge.catalog.codes import set_of
from skyforge.catalog.index import Catalog
from skyforge.catalog.loader import extend_catalog
from skyforge.catalog.models import CastleCard
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError, Problem, option
from skyforge.results import Result
from skyforge.storage import dump_toml, exists, keep, locked, read_text
from skyforge.text import plural

if TYPE_CHECKING:
    from pydantic import BaseModel

    from skyforge.catalog.models import Card

#: the most cards one deck carries (a deck has a few dozen different cards and its castle)
MAX_CARRIED_CARDS = 120
#: the keys of what is carried, and of one carried entry
CARRIED_KEYS = frozenset({"from", "sets", "cards"})


def _dump(entry: BaseModel) -> dict[str, Any]:
    data = entry.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
    for key in ("kind", "code", "name"):  # the identity stays even when it is a default
        if getattr(entry, key, None) is not None:
            data[key] = getattr(entry, key)
    return data


def _needs_carrying(catalog: Catalog, card: Card) -> bool:
    origin = catalog.origins.get(card.key)
    return catalog.provenance(card) == "user" or (origin is not None and origin.completed_by is not None)


def cards_to_carry(catalog: Catalog, deck: DeckFile, *, today: date | None = None) -> dict[str, Any] | None:
    """The card data ``deck`` needs beyond the official layer (and the demo set), or None: its
    castle, its cards, the cards its castle's back names (a required hero the deck lacks, a rival
    it excludes) when the catalog holds them, and the cards errata among them replace."""
    found = [catalog.find(ref) for ref in [deck.castle, *deck.cards] if ref]
    castle = found[0] if deck.castle else None
    if isinstance(castle, CastleCard):
        found += [c for field in BACK_FIELDS for entry in back_entries(catalog, castle, field) for c in entry.cards]
    cards, seen = [], set()
    for card in found:
        for one in [card, *(catalog.cards[k] for k in catalog.replaced(card.key))] if card else []:
            if one.key not in seen and _needs_carrying(catalog, one):
                seen.add(one.key)
                cards.append(one)
    if not cards:
        return None
    if len(cards) > MAX_CARRIED_CARDS:
        raise InputError(
            Problem(
                f"the deck uses {len(cards)} cards of your own, over the carried-cards limit of {MAX_CARRIED_CARDS}",
                hint=f"leave out {option('with_cards')} and send your catalog file instead",
            )
        )
    sets = sorted({set_of(c.code) for c in cards if c.code})
    own_sets = [
        _dump(catalog.sets[s]) for s in sets if s in catalog.sets and catalog.entry_layers.get(("sets", s)) == "user"
    ]
    return {
        "from": {"player": deck.player, "deck": deck.name, "date": (today or date.today()).isoformat()},
        "sets": own_sets,
        "cards": [_dump(c) for c in cards],
    }


def check_carried(data: object) -> dict[str, Any]:
    """What a share code or JSON file says it carries, in shape (the cards are checked by the
    catalog's models when they are offered to a catalog file)."""
    if (
        not isinstance(data, dict)
        or not set(data) <= CARRIED_KEYS
        or not isinstance(data.get("cards", []), list)
        or not isinstance(data.get("sets", []), list)
        or not all(isinstance(c, dict) for c in [*data.get("cards", []), *data.get("sets", [])])
    ):
        raise ValueError("carried cards of the wrong shape")
    if len(data.get("cards", [])) > MAX_CARRIED_CARDS:
        raise ValueError(f"{len(data['cards'])} carried cards, over the limit of {MAX_CARRIED_CARDS}")
    return data


def source_note(carried: dict[str, Any]) -> str:
    """``shared by Ann, deck 'Zed Wall', 2026-12-01``"""
    given = carried.get("from")
    who: dict[str, Any] = given if isinstance(given, dict) else {}
    parts = [f"shared by {who.get('player') or 'someone'}"]
    if who.get("deck"):
        parts.append(f"deck '{who['deck']}'")
    if who.get("date"):
        parts.append(str(who["date"]))
    return ", ".join(str(p) for p in parts)


class CardConflict(Result):
    """A carried card the receiver holds with other data (never replaced): the fields that differ."""

    card: str
    fields: list[str]


class CardsOffered(Result):
    """What carried cards gave the receiver's cards file: added, already there, not replaced."""

    file: str
    added: list[str]
    already_there: list[str]
    conflicts: list[CardConflict]
    sets_added: list[str]


@dataclass
class Offered:
    """What :func:`offer_cards` would do with the carried cards: nothing is written until
    :meth:`write` (so an import writes its cards and its decks, or nothing)."""

    file: Path
    added: list[str] = field(default_factory=list)
    #: the cards the catalog already holds with the same data, and the file each is in
    same: dict[str, Path] = field(default_factory=dict)
    #: (code, the fields that differ) of cards the receiver holds with other data: never replaced
    conflicts: list[tuple[str, list[str]]] = field(default_factory=list)
    sets_added: list[str] = field(default_factory=list)
    #: the file's text with the added cards (None: nothing to add), and its text before (None: no file)
    text: str | None = None
    before: str | None = None
    #: the catalog with the added cards, checked (the one given when nothing is added)
    catalog: Catalog | None = None

    @property
    def result(self) -> CardsOffered:
        """What was offered, for the front ends (``deck import --json``'s ``cards_offered``)."""
        return CardsOffered.of(
            file=str(self.file),
            added=self.added,
            already_there=list(self.same),
            conflicts=[CardConflict.of(card=c, fields=f) for c, f in self.conflicts],
            sets_added=self.sets_added,
        )

    def summary(self) -> list[str]:
        """A line for what was added, ONE for what was there already, one per card not replaced."""
        lines = []
        if self.added or self.sets_added:
            lines.append(
                f"added {plural(len(self.added), 'card')} to {self.file}"
                + (f" (and set {', '.join(self.sets_added)})" if self.sets_added else "")
                + (": " + ", ".join(self.added) if self.added else "")
            )
        if self.same:
            files = set(self.same.values())
            where = str(files.pop()) if len(files) == 1 else "your catalog"
            lines.append(f"{plural(len(self.same), 'card')} already in {where}, with the same data")
        for code, fields in self.conflicts:
            lines.append(
                f"not replaced: {code} differs from your catalog in {', '.join(fields)} (yours is kept; "
                "compare and edit by hand)"
            )
        return lines

    def write(self) -> None:
        """Write the cards file (atomically), when there is something to add."""
        if self.text is not None:
            with locked(self.file):
                keep(self.file, self.text)

    def undo(self) -> None:
        """Put the cards file back as it was before :meth:`write`."""
        if self.text is None:
            return
        if self.before is None:
            self.file.unlink(missing_ok=True)
        else:
            with locked(self.file):
                keep(self.file, self.before)


def _without_source(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in entry.items() if k != "source"}


def offer_cards(catalog: Catalog, carried: list[dict[str, Any]], file: Path) -> Offered:
    """What adding the carried cards (of one deck or several) that ``catalog`` lacks to ``file``
    means: each card marked with where it came from; a card the catalog holds with the same data
    is left alone, one with other data listed, never replaced. ``catalog`` should hold ``file``
    when it exists (its cards are then "already there"). The file's new text is checked with the
    catalog; nothing is written (:meth:`Offered.write`)."""
    result = Offered(file, catalog=catalog)
    tables: list[str] = []
    pending: dict[str, dict[str, Any]] = {}  # cards added by an earlier deck of the same import
    for shared in carried:
        note = source_note(shared)
        new_sets: list[dict[str, Any]] = []
        new_cards: list[dict[str, Any]] = []
        for entry in shared.get("sets", []):
            code = str(entry.get("code", "")).upper()
            if code and code not in catalog.sets and code not in result.sets_added:
                new_sets.append(entry)
                result.sets_added.append(code)
        for entry in shared.get("cards", []):
            code = entry.get("code")
            label = str(code or entry.get("name"))
            if label in pending:
                differ = _differ(_without_source(entry), pending[label])
                if differ and (label, differ) not in result.conflicts:
                    result.conflicts.append((label, differ))
                continue
            mine = catalog.find(str(code)) if code else catalog.find(str(entry.get("name", "")))
            if mine is not None:
                differ = _differ(_without_source(entry), _without_source(_dump(mine)))
                if differ:
                    result.conflicts.append((label, differ))
                else:
                    origin = catalog.origins.get(mine.key)
                    result.same[label] = origin.file if origin is not None else file
                continue
            marked = {**entry, "source": note + (f"; {entry['source']}" if entry.get("source") else "")}
            new_cards.append(marked)
            pending[label] = _without_source(entry)
            result.added.append(label)
        if new_sets or new_cards:
            tables.append(f"# {note}\n" + _tables("sets", new_sets) + _tables("cards", new_cards))
    if not tables:
        return result
    result.before = read_text(file) if exists(file) else None
    before = (result.before or "schema = 1\n").rstrip("\n") + "\n\n"
    result.text = before + "\n".join(tables)
    held = any(f.resolve() == file.resolve() for f in catalog.files)
    # what the file gains, each line where it will be (or, a file the catalog lacks, all of it)
    added = "\n" * before.count("\n") + "\n".join(tables) if held else result.text
    result.catalog = extend_catalog(catalog, [(file, added)])
    return result


def _tables(kind: str, entries: list[dict[str, Any]]) -> str:
    """``entries`` as ``[[kind]]`` tables, each a table of its own. (tomli_w writes a short list of
    them inline, ``kind = [{…}]``, which after another table's keys would be one of them; an entry
    written as a table, ``[entry]`` with its ``[entry.sub]`` tables, is renamed instead: tomli_w
    writes no string over several lines, so a line that starts with '[' is a header.)"""
    text = ""
    for entry in entries:
        table = dump_toml({"entry": entry})
        if not table.startswith("[entry]\n"):  # an entry of tables alone gets no header of its own
            table = "[entry]\n" + table
        text += _ENTRY_HEADER.sub(partial(_header, kind), table) + "\n"
    return text


#: a header of an entry written as the table ``entry``: ``[entry]``, ``[entry.sub]``, ``[[entry.sub]]``
_ENTRY_HEADER = re.compile(r"^(\[+)entry([.\]])", re.M)


def _header(kind: str, match: re.Match[str]) -> str:
    """``[entry]`` → ``[[kind]]``; ``[entry.sub]`` → ``[kind.sub]`` (the last ``kind`` table's)."""
    brackets, after = match[1], match[2]
    return f"[[{kind}]]" if (brackets, after) == ("[", "]") else f"{brackets}{kind}{after}"


def _differ(theirs: dict[str, Any], own: dict[str, Any]) -> list[str]:
    return sorted(k for k in theirs.keys() | own.keys() if theirs.get(k) != own.get(k))
