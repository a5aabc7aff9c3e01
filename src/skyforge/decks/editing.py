"""Editing deck files: new, add, remove, rename, copy, list.

Every write goes through :func:`write_deck`: cards are stored by canonical code,
sorted by set and number, one per line with the card's name in a comment, so a
deck stays hand-editable and a diff between two versions shows only what changed.
Read-modify-write cycles hold :func:`skyforge.storage.locked` on the deck file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog.codes import code_order, normalize_code
from skyforge.catalog.index import Catalog
from skyforge.decks.files import load_deck, resolve_deck_path
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.storage import atomic_write, check_name, locked

if TYPE_CHECKING:  # the runtime catalog holds plain records, not the pydantic models
    from skyforge.catalog.models import AllianceCard, CardBase
    from skyforge.decks.models import DeckFile

_SPEC = re.compile(r"^(?P<ref>.+?)(?:\s*[x×*]\s*(?P<n>\d+))?$", re.IGNORECASE)
_LEADING_COUNT = re.compile(r"^(?P<n>\d+)\s*[x×*]\s*(?P<ref>.+)$", re.IGNORECASE)


#: no deck needs more copies of one card than this; larger numbers are typing slips
MAX_COPIES = 99


@dataclass(frozen=True)
class CardSpec:
    """``CARD[xN]`` from the command line: a code or name and how many copies."""

    ref: str
    count: int


def parse_spec(text: str) -> CardSpec:
    """``DEMO.007x2``, ``DEMO.007 x2``, ``2xDEMO.007``, ``"Gullwing Lookout x2"`` → ref and count."""
    text = text.strip()
    if re.search(r"[x×*]\s*-\s*\d+$", text, re.IGNORECASE):
        raise InputError(Problem(f"'{text}': the count must be at least 1", hint="e.g. DEMO.007x2"))
    m = _LEADING_COUNT.match(text) or _SPEC.match(text)
    if not m or not m.group("ref").strip():
        raise InputError(Problem(f"'{text}' is not a card", hint="write CARD or CARDxN, e.g. DEMO.007x2"))
    count = int(m.group("n")) if m.group("n") else 1
    if count < 1 or count > MAX_COPIES:
        raise InputError(Problem(f"'{text}': the count must be from 1 to {MAX_COPIES}", hint="e.g. DEMO.007x2"))
    return CardSpec(m.group("ref").strip(), count)


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
        raise InputError(Problem(f"{card.code or card.name} '{card.name}' is a {card.kind} card, "  # type: ignore[attr-defined]
                                 "not an alliance card", hint="decks hold alliance cards only"))
    newer = catalog.replaced_by(card.key)
    if newer:
        card = catalog.cards[newer]
    assert card.kind == "alliance"
    return card


def _canonical_cards(catalog: Catalog, cards: dict[str, int]) -> dict[str, int]:
    """Merge entries that mean the same card (``demo.7`` and ``DEMO.007``); unknown refs are kept."""
    out: dict[str, int] = {}
    for ref, count in cards.items():
        card = catalog.find(ref) if ref else None
        key = card.key if card is not None else (normalize_code(ref) or ref)
        out[key] = out.get(key, 0) + count
    return out


def add_cards(catalog: Catalog, deck: DeckFile, specs: list[CardSpec]) -> DeckFile:
    """The deck with these cards added; every unknown card is reported at once."""
    cards = _canonical_cards(catalog, deck.cards)
    problems: list[Problem] = []
    for spec in specs:
        try:
            card = resolve_card(catalog, spec.ref)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        cards[card.key] = cards.get(card.key, 0) + spec.count
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


def write_deck(path: Path, deck: DeckFile, catalog: Catalog | None = None) -> None:
    atomic_write(path, deck_text(deck, catalog))


def new_deck(catalog: Catalog, workspace: Path, name: str, castle: str, player: str | None = None,
             force: bool = False) -> Path:
    path = deck_path(workspace, name)
    card = catalog.get(castle, "castle", what="castle")
    with locked(path):
        _refuse_clobber(path, force)
        from skyforge.decks.models import DeckFile

        write_deck(path, DeckFile(name=name, castle=card.key, player=player), catalog)
    return path


def edit_deck(catalog: Catalog, workspace: Path, ref: str, change) -> Path:
    """Load a deck, apply ``change(deck) -> deck`` and write it back, under the file's lock."""
    path = resolve_deck_path(ref, workspace)
    with locked(path):
        deck = load_deck(path).data
        write_deck(path, change(deck), catalog)
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
        deck = load_deck(src).data
        write_deck(dst, deck.model_copy(update={"name": new_name}), catalog)
        if move:
            src.unlink()
    return dst


def list_decks(workspace: Path) -> list[Path]:
    return sorted((workspace / "decks").glob("*.toml"))


def card_label(card: CardBase) -> str:
    return f"{card.code} {card.name}" if card.code else card.name
