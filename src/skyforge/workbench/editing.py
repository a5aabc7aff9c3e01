"""Editing decks: new, add, remove, rename, copy.

Files are written by :mod:`skyforge.decks.writing` (keeping the player's comments and
layout); read-modify-write cycles hold :func:`skyforge.storage.locked` on the deck file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog.codes import normalize_code
from skyforge.catalog.index import Catalog, card_label
from skyforge.catalog.models import AllianceCard
from skyforge.decks.files import MAX_COPIES, MAX_DECK_ENTRIES, resolve_deck_path
from skyforge.decks.models import DeckFile
from skyforge.decks.specs import CardSpec
from skyforge.decks.writing import deck_store, save_new_deck
from skyforge.errors import InputError, NotFoundError, Problem, StateError
from skyforge.storage import locked, read_text
from skyforge.text import a
from skyforge.workbench.workspace import deck_path

if TYPE_CHECKING:
    from collections.abc import Callable


def resolve_card(catalog: Catalog, ref: str) -> AllianceCard:
    """The alliance card a code or name means, errata applied."""
    card = catalog.find(ref)
    if card is None:
        raise NotFoundError(Problem(f"no card '{ref}' in the catalog", hint=catalog.suggest(ref, "alliance")))
    if card.kind != "alliance":
        raise InputError(
            Problem(
                f"{card.code or card.name} '{card.name}' is {a(card.kind)} card, not an alliance card",
                hint="decks hold alliance cards only",
            )
        )
    card = catalog.with_errata(card)
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
            problems.append(
                Problem(
                    f"{card.key} would have {total} copies; a deck holds at most {MAX_COPIES} "
                    "of one card (the copy-count limit)",
                    hint=f"the deck has {cards.get(card.key, 0)}",
                )
            )
            continue
        if card.key not in cards and len(cards) >= MAX_DECK_ENTRIES:
            problems.append(Problem(f"a deck holds at most {MAX_DECK_ENTRIES:,} different cards (the entries limit)"))
            continue
        asked = catalog.find(spec.ref)
        if notes is not None and asked is not None and asked.key != card.key:
            notes.append(
                f"{card_label(asked)} is replaced by errata {card_label(card)}: "
                f"added {card.key}" + (f" ×{spec.count}" if spec.count > 1 else "")
            )
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
            key = catalog.with_errata(card).key  # the errata card the deck holds instead
        have = cards.get(key, 0)
        if have == 0:
            problems.append(
                Problem(
                    f"the deck holds no {key}" + (f" '{card.name}'" if card else ""),
                    hint=catalog.suggest(spec.ref) if card is None else None,
                )
            )
        elif spec.count > have:
            problems.append(
                Problem(f"cannot remove {spec.count} × {key}: the deck holds {have}", hint=f"remove {key}x{have}")
            )
        else:
            cards[key] = have - spec.count
            if cards[key] == 0:
                del cards[key]
    if problems:
        raise InputError(problems)
    return deck.model_copy(update={"cards": cards})


def new_deck(
    catalog: Catalog, workspace: Path, name: str, castle: str, player: str | None = None, force: bool = False
) -> Path:
    path = deck_path(workspace, name)
    card = catalog.get(castle, "castle", what="castle")
    return save_new_deck(path, DeckFile(name=name, castle=card.key, player=player), catalog, force=force)


def edit_deck(catalog: Catalog, workspace: Path, ref: str, change: Callable[[DeckFile], DeckFile | None]) -> Path:
    """Load a deck, apply ``change(deck) -> deck`` and write it back, under the file's lock."""
    path = resolve_deck_path(ref, workspace)
    deck_store(catalog).update(path, change)
    return path


class ChangedOnDisk(StateError):
    """A deck file that another program changed since it was read: never written over unasked."""


def save_deck_over(catalog: Catalog, path: Path, deck: DeckFile, read: str | None) -> str:
    """Write ``deck`` to ``path`` under its lock, keeping the file's comments and layout (as
    :func:`edit_deck` does), only if the file still holds ``read`` — the text the deck was read
    from; ``None`` writes whatever the file holds now. Returns the text written.

    A file changed since it was read raises :class:`ChangedOnDisk` and is left as it is, so an
    edit made elsewhere is never lost without the player saying so.
    """
    store = deck_store(catalog)
    with locked(path):
        now = read_text(path)
        if read is not None and now != read:
            raise ChangedOnDisk(
                f"{path} changed on disk since it was opened",
                hint="reload it (your changes are dropped) or write yours over it",
            )
        store.write(path, deck, before=now)
        return read_text(path)


def copy_deck(
    catalog: Catalog, workspace: Path, source: str, new_name: str, force: bool = False, move: bool = False
) -> Path:
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
        deck = store.parse(original, src).model_copy(update={"name": new_name})
        if not move:
            store.write(dst, deck, before=original)
            return dst
        # crash-atomic: the new name goes into the file, which then moves in one step; a kill at
        # any point leaves exactly one file (the old one, the old one renamed inside, or the new)
        store.write(src, deck, before=original)
        try:
            os.replace(src, dst)
        except OSError:  # another file system: copy, then remove
            store.write(dst, deck, before=original)
            src.unlink()
    return dst
