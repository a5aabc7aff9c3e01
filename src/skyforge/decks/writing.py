"""Writing deck files: one layout for new files, and edits that keep what the player wrote.

The deck files are read (:mod:`skyforge.decks.files`) and written here, in one package.

Every write goes through the deck files' :class:`~skyforge.storage.Store` (:func:`deck_store`):
cards are stored by canonical code, sorted by set and number, one per line with the card's name
in a comment, so a deck stays hand-editable and a diff between two versions shows only what
changed; an edit keeps the player's comments. A new deck never overwrites one unless forced
(:func:`save_new_deck`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import tomli_w

from skyforge.catalog.codes import code_order
from skyforge.catalog.index import Catalog
from skyforge.decks.files import parse_deck
from skyforge.decks.models import DeckFile
from skyforge.storage import Store, edit_keeping_layout

if TYPE_CHECKING:
    from tomlkit import TOMLDocument
    from tomlkit.items import Item, Table


def deck_text(deck: DeckFile, catalog: Catalog | None = None) -> str:
    """The deck file: fixed key order, cards sorted by set and number, names as comments."""

    def value(v: object) -> str:
        return tomli_w.dumps({"v": v}).split("=", 1)[1].strip()

    def note(ref: str) -> str:
        card = catalog.find(ref) if catalog is not None else None
        if card is None:
            return ""
        bits = " ".join(filter(None, [getattr(card, "faction", None), getattr(card, "rarity", None)]))
        return f"  # {card.name}" + (f" ({bits})" if bits else "")

    lines = ["schema = 1", f"name = {value(deck.name)}", f"castle = {value(deck.castle)}" + note(deck.castle)]
    if deck.player:
        lines.append(f"player = {value(deck.player)}")
    lines += ["", "[cards]"]
    for ref in sorted(deck.cards, key=code_order):
        lines.append(f"{value(ref)} = {deck.cards[ref]}{note(ref)}")
    return "\n".join(lines) + "\n"


def deck_store(catalog: Catalog | None = None) -> Store[DeckFile]:
    """Deck files as a :class:`~skyforge.storage.Store`: a new file is written afresh by
    :func:`deck_text`; an edit keeps the comments and layout of the text it replaces."""
    return Store(
        "deck",
        lambda text, path: parse_deck(text, path).data,
        lambda deck, before: deck_text(deck, catalog) if before is None else edited_text(before, deck, catalog),
    )


def save_new_deck(path: Path, deck: DeckFile, catalog: Catalog | None = None, *, force: bool = False) -> Path:
    """Write a new deck file under its lock; one that exists is refused unless ``force``."""
    deck_store(catalog).create(path, deck, force=force)
    return path


def edited_text(original: str, deck: DeckFile, catalog: Catalog | None = None) -> str:
    """``original`` (a deck file's text) changed to hold ``deck``, keeping what the player wrote.

    Comments, blank lines and the order of the lines stay; a changed count keeps its line and
    comment; a removed card loses its line; a new card goes in its place by set and number, with
    its name in a comment. (tomlkit reads and writes TOML keeping its layout, which tomli/tomli_w
    cannot.) A file tomlkit cannot edit in place is written afresh.
    """
    return edit_keeping_layout(original, lambda text: _edited(text, deck, catalog))


def _edited(original: str, deck: DeckFile, catalog: Catalog | None) -> str:
    import tomlkit  # start-up: only an edit needs it (~5 ms); `deck export` writes with deck_text

    try:
        doc = tomlkit.parse(original)
        for key, value in (("name", deck.name), ("castle", deck.castle), ("player", deck.player)):
            if value is None:
                if key in doc:
                    del doc[key]
            elif doc.get(key) != value:
                if key in doc:
                    doc[key] = value
                else:
                    _insert_top(doc, key, value)
        if "cards" not in doc:
            doc.add("cards", tomlkit.table())
        cards = doc["cards"]
        if not isinstance(cards, tomlkit.items.Table):
            raise TypeError("an inline [cards] table")
        for key in list(cards.keys()):
            if key not in deck.cards:
                del cards[key]
            elif cards[key] != deck.cards[key]:
                cards[key] = deck.cards[key]
        for key in sorted(set(deck.cards) - set(cards.keys()), key=code_order):
            item = tomlkit.item(deck.cards[key])
            comment = _note(catalog, key)
            if comment:
                item.comment(comment)
                item.trivia.comment_ws = "  "
            _insert_sorted(cards, key, item)
        return tomlkit.dumps(doc)
    except (tomlkit.exceptions.TOMLKitError, TypeError, KeyError, ValueError):
        return deck_text(deck, catalog)


def _insert_top(doc: TOMLDocument, key: str, value: object) -> None:
    """A new top-level key goes before the first table (after the others), not at the file's end."""
    from tomlkit import items  # start-up: only an edit needs it (~5 ms)

    body = doc.body
    index = next((i for i, (k, v) in enumerate(body) if k is not None and isinstance(v, items.Table)), len(body))
    while index > 0 and body[index - 1][0] is None and isinstance(body[index - 1][1], items.Whitespace):
        index -= 1
    doc._insert_at(index, key, value)


def _insert_sorted(cards: Table, key: str, item: Item) -> None:
    keys = list(cards.keys())
    before = [k for k in keys if code_order(k) < code_order(key)]
    container = cards.value
    if before:
        container._insert_after(max(before, key=code_order), key, item)
    elif keys:
        index = next(i for i, (k, _) in enumerate(container.body) if k is not None and k.key == keys[0])
        container._insert_at(index, key, item)
    else:
        cards.add(key, item)


def _note(catalog: Catalog | None, ref: str) -> str:
    card = catalog.find(ref) if catalog is not None else None
    if card is None:
        return ""
    bits = " ".join(filter(None, [getattr(card, "faction", None), getattr(card, "rarity", None)]))
    return card.name + (f" ({bits})" if bits else "")
