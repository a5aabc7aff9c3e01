"""Editing deck files: new, add, remove, rename, copy, list.

Every write goes through :func:`write_deck`: cards are stored by canonical code,
sorted by set and number, one per line with the card's name in a comment, so a
deck stays hand-editable and a diff between two versions shows only what changed.
Read-modify-write cycles hold :func:`skyforge.storage.locked` on the deck file.
"""

from __future__ import annotations

from pathlib import Path

from skyforge.catalog.codes import code_order, normalize_code
from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CardBase
from skyforge.decks.files import MAX_COPIES, MAX_DECK_ENTRIES, DeckFile, parse_deck, resolve_deck_path
from skyforge.decks.specs import CardSpec
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.storage import atomic_write, check_name, locked, read_text
from skyforge.text import a

def check_deck_name(name: str) -> str:
    """A deck name that is safe as a file name in decks/ (no path traversal)."""
    return check_name(name, "deck name")


def deck_path(workspace: Path, name: str) -> Path:
    return workspace / "decks" / f"{check_deck_name(name)}.toml"


def _refuse_clobber(path: Path, force: bool) -> None:
    if path.exists() and not force:
        raise InputError(Problem("a deck file already exists here", file=path,
                                 hint="choose another name, or add --force to overwrite it"))


def resolve_card(catalog: Catalog, ref: str) -> AllianceCard:
    """The alliance card a code or name means, errata applied."""
    card = catalog.find(ref)
    if card is None:
        raise NotFoundError(Problem(f"no card '{ref}' in the catalog", hint=catalog.suggest(ref, "alliance")))
    if card.kind != "alliance":  # type: ignore[attr-defined]
        raise InputError(Problem(f"{card.code or card.name} '{card.name}' is {a(card.kind)} card, "  # type: ignore[attr-defined]
                                 "not an alliance card", hint="decks hold alliance cards only"))
    newer = catalog.replaced_by(card.key)
    if newer:
        card = catalog.cards[newer]
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
        if key not in cards and card is not None and catalog.replaced_by(key):
            key = catalog.replaced_by(key)  # type: ignore[assignment]
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


def write_deck(path: Path, deck: DeckFile, catalog: Catalog | None = None, *, keep: str | None = None) -> None:
    """Write a deck file; with ``keep`` (the file's text before the edit), its comments and layout stay."""
    atomic_write(path, deck_text(deck, catalog) if keep is None else edited_text(keep, deck, catalog))


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
    with locked(path):
        _refuse_clobber(path, force)
        write_deck(path, DeckFile(name=name, castle=card.key, player=player), catalog)
    return path


def edit_deck(catalog: Catalog, workspace: Path, ref: str, change) -> Path:
    """Load a deck, apply ``change(deck) -> deck`` and write it back, under the file's lock."""
    path = resolve_deck_path(ref, workspace)
    with locked(path):
        original = read_text(path)
        deck = parse_deck(original, path).data
        write_deck(path, change(deck), catalog, keep=original)
    return path


def copy_deck(catalog: Catalog, workspace: Path, source: str, new_name: str, force: bool = False,
              move: bool = False) -> Path:
    """Copy (or, with ``move``, rename) a deck to ``decks/NEW_NAME.toml``, setting its name."""
    src = resolve_deck_path(source, workspace)
    dst = deck_path(workspace, new_name)
    if dst.resolve() == src.resolve():
        raise InputError(Problem(f"'{source}' already is {dst}", hint="give a different new name"))
    first, second = sorted([src, dst], key=lambda p: str(p.resolve()))  # one lock order: no deadlock
    with locked(first), locked(second):
        _refuse_clobber(dst, force)
        original = read_text(src)
        deck = parse_deck(original, src).data
        write_deck(dst, deck.model_copy(update={"name": new_name}), catalog, keep=original)
        if move:
            src.unlink()
    return dst


def list_decks(workspace: Path) -> list[Path]:
    return sorted((workspace / "decks").glob("*.toml"))


def card_label(card: CardBase) -> str:
    return f"{card.code} {card.name}" if card.code else card.name
