"""Decks that travel with their cards: the card data a share code or JSON export carries.

There is no public card list, so a deck of a player's own cards means nothing to a friend without
that player's catalog. ``deck export --with-cards`` puts the data of every card the deck uses that
the official layer does not hold (its castle included; entries of the player's that complete an
official one too), and the sets they need that are not official, beside the deck. ``deck import
--cards-to FILE`` offers them to the receiver's catalog file (:func:`offer_cards`): each card gets a
``source`` saying where it came from; a card the receiver already holds with other data is listed,
never replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from skyforge.catalog.codes import set_of
from skyforge.catalog.csv_import import check_with_catalog
from skyforge.catalog.index import Catalog
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError, Problem
from skyforge.storage import dump_toml, exists, keep, locked, read_text
from skyforge.text import plural

#: the most cards one deck carries (a deck has a few dozen different cards and its castle)
MAX_CARRIED_CARDS = 120
#: the keys of what is carried, and of one carried entry
CARRIED_KEYS = frozenset({"from", "sets", "cards"})


def _dump(entry) -> dict[str, Any]:
    data = entry.model_dump(mode="json", by_alias=True, exclude_none=True, exclude_defaults=True)
    for key in ("kind", "code", "name"):  # the identity stays even when it is a default
        if getattr(entry, key, None) is not None:
            data[key] = getattr(entry, key)
    return data


def _needs_carrying(catalog: Catalog, card) -> bool:
    origin = catalog.origins.get(card.key)
    return catalog.provenance(card) == "user" or (origin is not None and origin.completed_by is not None)


def cards_to_carry(catalog: Catalog, deck: DeckFile, *, today: date | None = None) -> dict[str, Any] | None:
    """The card data ``deck`` needs beyond the official layer (and the demo set), or None."""
    cards, seen = [], set()
    for ref in [deck.castle, *deck.cards]:
        card = catalog.find(ref) if ref else None
        if card is None or card.key in seen or not _needs_carrying(catalog, card):
            continue
        seen.add(card.key)
        cards.append(card)
    if not cards:
        return None
    if len(cards) > MAX_CARRIED_CARDS:
        raise InputError(
            Problem(
                f"the deck uses {len(cards)} cards of your own, over the carried-cards limit of {MAX_CARRIED_CARDS}",
                hint="leave out --with-cards and send your catalog file instead",
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


@dataclass
class Offered:
    """What :func:`offer_cards` did with the carried cards."""

    file: Path
    added: list[str] = field(default_factory=list)
    same: list[str] = field(default_factory=list)
    #: (code, the fields that differ) of cards the receiver holds with other data: never replaced
    conflicts: list[tuple[str, list[str]]] = field(default_factory=list)
    sets_added: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": str(self.file),
            "added": self.added,
            "already_there": self.same,
            "conflicts": [{"card": c, "fields": f} for c, f in self.conflicts],
            "sets_added": self.sets_added,
        }

    def summary(self) -> list[str]:
        lines = []
        if self.added or self.sets_added:
            lines.append(
                f"added {plural(len(self.added), 'card')} to {self.file}"
                + (f" (and set {', '.join(self.sets_added)})" if self.sets_added else "")
                + (": " + ", ".join(self.added) if self.added else "")
            )
        if self.same:
            lines.append(f"already in your catalog, the same: {', '.join(self.same)}")
        for code, fields in self.conflicts:
            lines.append(
                f"not replaced: {code} differs from your catalog in {', '.join(fields)} (yours is kept; "
                "compare and edit by hand)"
            )
        return lines


def offer_cards(catalog: Catalog, carried: dict[str, Any], file: Path) -> Offered:
    """Add the carried cards the receiver's catalog lacks to ``file`` (made when missing), each
    marked with where it came from; the same card is skipped, a different one listed, never
    replaced. The file's result is checked with the catalog before it is written."""
    note = source_note(carried)
    result = Offered(file)
    tables: list[str] = []
    for entry in carried.get("sets", []):
        code = str(entry.get("code", "")).upper()
        if code and code not in catalog.sets:
            tables.append(dump_toml({"sets": [entry]}))
            result.sets_added.append(code)
    for entry in carried.get("cards", []):
        code = entry.get("code")
        mine = catalog.find(str(code)) if code else catalog.find(str(entry.get("name", "")))
        label = str(code or entry.get("name"))
        if mine is not None:
            theirs = {k: v for k, v in entry.items() if k != "source"}
            own = {k: v for k, v in _dump(mine).items() if k != "source"}
            differ = sorted(k for k in theirs.keys() | own.keys() if theirs.get(k) != own.get(k))
            (result.conflicts.append((label, differ)) if differ else result.same.append(label))
            continue
        marked = {**entry, "source": note + (f"; {entry['source']}" if entry.get("source") else "")}
        tables.append(dump_toml({"cards": [marked]}))
        result.added.append(label)
    if not tables:
        return result
    before = read_text(file) if exists(file) else "schema = 1\n"
    text = before.rstrip("\n") + "\n\n" + f"# {note}\n" + "\n".join(tables)
    others = [f for f in catalog.files if not (exists(file) and f.resolve() == file.resolve())]
    check_with_catalog(others, text)
    with locked(file):
        keep(file, text)
    return result
