"""Editing deck files: new, add, remove, rename, copy, list.

Every write goes through the deck files' :class:`~skyforge.storage.Store` (:func:`deck_store`):
cards are stored by canonical code, sorted by set and number, one per line with the card's
name in a comment, so a deck stays hand-editable and a diff between two versions shows only
what changed; an edit keeps the player's comments. Read-modify-write cycles hold the deck
file's lock; a new deck never overwrites one unless forced (:func:`save_new_deck`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from skyforge.catalog.codes import code_order, normalize_code
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CardBase
from skyforge.decks.files import MAX_COPIES, MAX_DECK_ENTRIES, DeckFile, load_deck, parse_deck, resolve_deck_path
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.storage import Store, check_name, locked, read_text
from skyforge.text import a

_SPEC = re.compile(r"^(?P<ref>.+?)(?:\s*(?:[x×*]|=)\s*(?P<n>\d+))?$", re.IGNORECASE)
_LEADING_COUNT = re.compile(r"^(?P<n>\d+)\s*[x×*]\s*(?P<ref>.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class CardSpec:
    """``CARD[xN]`` from the command line: a code or name and how many copies."""

    ref: str
    count: int


def parse_spec(text: str) -> CardSpec:
    """The one card-reference grammar of every command that takes cards.

    ``CODE`` or ``"Name"`` (one copy); ``CODEx3``, ``CODE x3``, ``CODE×3``, ``CODE=3``,
    ``3xCODE``; and the same with a name: ``"Gullwing Lookout x2"``, ``"Gullwing Lookout=2"``.
    """
    text = text.strip()
    if re.search(r"(?:[x×*]|=)\s*-\s*\d+$", text, re.IGNORECASE):
        raise InputError(Problem(f"'{text}': the count must be at least 1", hint="e.g. DEMO.007x2"))
    m = _LEADING_COUNT.match(text) or _SPEC.match(text)
    if not m or not m.group("ref").strip():
        raise InputError(Problem(f"'{text}' is not a card", hint="write CARD, CARDxN or CARD=N, e.g. DEMO.007x2"))
    digits = m.group("n") or "1"
    count = int(digits) if len(digits) <= 4 else MAX_COPIES + 1
    if count < 1 or count > MAX_COPIES:
        raise InputError(Problem(f"'{text}': the count must be from 1 to {MAX_COPIES}", hint="e.g. DEMO.007x2"))
    return CardSpec(m.group("ref").strip(), count)


def parse_specs(texts) -> list[CardSpec]:
    """Every card reference of a command line parsed; all bad ones reported together."""
    specs, problems = [], []
    for text in texts:
        try:
            specs.append(parse_spec(text))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    return specs


def check_deck_name(name: str) -> str:
    """A deck name that is safe as a file name in decks/ (no path traversal)."""
    return check_name(name, "deck name")


def deck_path(workspace: Path, name: str) -> Path:
    return workspace / "decks" / f"{check_deck_name(name)}.toml"


def resolve_card(catalog: Catalog, ref: str) -> AllianceCard:
    """The alliance card a code or name means, errata applied."""
    card = catalog.find(ref)
    if card is None:
        raise NotFoundError(Problem(f"no card '{ref}' in the catalog", hint=catalog.suggest(ref, "alliance")))
    if card.kind != "alliance":  # type: ignore[attr-defined]
        raise InputError(Problem(f"{card.code or card.name} '{card.name}' is {a(card.kind)} card, "  # type: ignore[attr-defined]
                                 "not an alliance card", hint="decks hold alliance cards only"))
    card = catalog.with_errata(card)
    assert isinstance(card, AllianceCard)
    return card


def _canonical_cards(catalog: Catalog, cards: dict[str, int]) -> dict[str, int]:
    """Merge entries that mean the same card (``demo.7`` and ``DEMO.007``); unknown refs are kept."""
    out: dict[str, int] = {}
    for ref, count in cards.items():
        card = catalog.find(ref) if ref else None
        key = card.key if card is not None else (normalize_code(ref) or ref)
        out[key] = out.get(key, 0) + count
    return out


def add_cards(catalog: Catalog, deck: DeckFile, specs: list[CardSpec], notes: list[str] | None = None) -> DeckFile:
    """The deck with these cards added; every unknown card is reported at once.

    A card that an erratum replaces is added as the erratum, and ``notes`` (when given) gets a
    line saying which card it replaced.
    """
    cards = _canonical_cards(catalog, deck.cards)
    problems: list[Problem] = []
    for spec in specs:
        try:
            card = resolve_card(catalog, spec.ref)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        total = cards.get(card.key, 0) + spec.count
        if total > MAX_COPIES:
            problems.append(Problem(f"{card.key} would have {total} copies; a deck holds at most {MAX_COPIES} "
                                    "of one card (the copy-count limit)", hint=f"the deck has {cards.get(card.key, 0)}"))
            continue
        if card.key not in cards and len(cards) >= MAX_DECK_ENTRIES:
            problems.append(Problem(f"a deck holds at most {MAX_DECK_ENTRIES:,} different cards (the entries limit)"))
            continue
        asked = catalog.find(spec.ref)
        if notes is not None and asked is not None and asked.key != card.key:
            notes.append(f"{card_label(asked)} is replaced by errata {card_label(card)}: "
                         f"added {card.key}" + (f" ×{spec.count}" if spec.count > 1 else ""))
        cards[card.key] = total
    if problems:
        raise InputError(problems)
    return deck.model_copy(update={"cards": cards})


def remove_cards(catalog: Catalog, deck: DeckFile, specs: list[CardSpec]) -> DeckFile:
    """The deck with these cards removed; removing more copies than the deck holds is an error."""
    cards = _canonical_cards(catalog, deck.cards)
    problems: list[Problem] = []
    for spec in specs:
        card = catalog.find(spec.ref)
        key = card.key if card is not None else (normalize_code(spec.ref) or spec.ref)
        if key not in cards and card is not None:
            key = catalog.with_errata(card).key   # the errata card the deck holds instead
        have = cards.get(key, 0)
        if have == 0:
            problems.append(Problem(f"the deck holds no {key}" + (f" '{card.name}'" if card else ""),
                                    hint=catalog.suggest(spec.ref) if card is None else None))
        elif spec.count > have:
            problems.append(Problem(f"cannot remove {spec.count} × {key}: the deck holds {have}",
                                    hint=f"remove {key}x{have}"))
        else:
            cards[key] = have - spec.count
            if cards[key] == 0:
                del cards[key]
    if problems:
        raise InputError(problems)
    return deck.model_copy(update={"cards": cards})


def deck_text(deck: DeckFile, catalog: Catalog | None = None) -> str:
    """The deck file: fixed key order, cards sorted by set and number, names as comments."""
    import tomli_w

    def value(v) -> str:
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
    return Store("deck", lambda text, path: parse_deck(text, path).data,
                 lambda deck, before: deck_text(deck, catalog) if before is None else edited_text(before, deck, catalog))


def save_new_deck(path: Path, deck: DeckFile, catalog: Catalog | None = None, *, force: bool = False) -> None:
    """Write a new deck file under its lock; one that exists is refused unless ``force``."""
    deck_store(catalog).create(path, deck, force=force)


def edited_text(original: str, deck: DeckFile, catalog: Catalog | None = None) -> str:
    """``original`` (a deck file's text) changed to hold ``deck``, keeping what the player wrote.

    Comments, blank lines and the order of the lines stay; a changed count keeps its line and
    comment; a removed card loses its line; a new card goes in its place by set and number, with
    its name in a comment. (tomlkit reads and writes TOML keeping its layout, which tomli/tomli_w
    cannot.) A file tomlkit cannot edit in place is written afresh.
    """
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

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
    except (TOMLKitError, TypeError, KeyError, ValueError):
        return deck_text(deck, catalog)


def _insert_top(doc, key: str, value) -> None:
    """A new top-level key goes before the first table (after the others), not at the file's end."""
    import tomlkit

    body = doc.body
    index = next((i for i, (k, v) in enumerate(body) if k is not None and isinstance(v, tomlkit.items.Table)),
                 len(body))
    while index > 0 and body[index - 1][0] is None and isinstance(body[index - 1][1], tomlkit.items.Whitespace):
        index -= 1
    doc._insert_at(index, key, value)


def _insert_sorted(cards, key: str, item) -> None:
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


def new_deck(catalog: Catalog, workspace: Path, name: str, castle: str, player: str | None = None,
             force: bool = False) -> Path:
    path = deck_path(workspace, name)
    card = catalog.get(castle, "castle", what="castle")
    save_new_deck(path, DeckFile(name=name, castle=card.key, player=player), catalog, force=force)
    return path


def edit_deck(catalog: Catalog, workspace: Path, ref: str, change) -> Path:
    """Load a deck, apply ``change(deck) -> deck`` and write it back, under the file's lock."""
    path = resolve_deck_path(ref, workspace)
    deck_store(catalog).update(path, change)
    return path


def copy_deck(catalog: Catalog, workspace: Path, source: str, new_name: str, force: bool = False,
              move: bool = False) -> Path:
    """Copy (or, with ``move``, rename) a deck to ``decks/NEW_NAME.toml``, setting its name."""
    src = resolve_deck_path(source, workspace)
    dst = deck_path(workspace, new_name)
    if dst.resolve() == src.resolve():
        raise InputError(Problem(f"'{source}' already is {dst}", hint="give a different new name"))
    first, second = sorted([src, dst], key=lambda p: str(p.resolve()))  # one lock order: no deadlock
    store = deck_store(catalog)
    with locked(first), locked(second):
        store.refuse(dst, force=force)
        original = read_text(src)
        deck = store.parse(original, src)
        store.write(dst, deck.model_copy(update={"name": new_name}), before=original)
        if move:
            src.unlink()
    return dst


def list_decks(workspace: Path) -> list[Path]:
    return sorted((workspace / "decks").glob("*.toml"))


def card_label(card: CardBase) -> str:
    return f"{card.code} {card.name}" if card.code else card.name
