"""Editing a collection file (what a player owns): products and single cards.

Edits keep the file's comments and layout (tomlkit), like deck edits, and run under the file's
lock with an atomic write. Products are named ``SET`` (its first product, the base box) or
``SET:Product name``; single cards by code or name, as everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skyforge.catalog.index import Catalog, card_label
from skyforge.decks.files import load_collection
from skyforge.decks.models import CollectionFile
from skyforge.decks.specs import CardSpec
from skyforge.errors import InputError, Problem, option
from skyforge.storage import Store, edit_keeping_layout
from skyforge.text import did_you_mean

NEW_COLLECTION = (
    "# What you own: products (SET, or SET:Product name) and single cards.\nschema = 1\n\n[products]\n\n[cards]\n"
)


@dataclass(frozen=True)
class Change:
    """One line of a collection edit: ``table`` is "products" or "cards"; ``count`` is signed."""

    table: str
    key: str
    label: str
    count: int


def resolve_product(catalog: Catalog, spec: CardSpec) -> tuple[str, str]:
    """``DEMO`` or ``DEMO:Demo expansion`` → the collection key and a label."""
    set_code, _, name = spec.ref.partition(":")
    card_set = catalog.sets.get(set_code.strip().upper())
    if card_set is None:
        raise InputError(
            Problem(
                f"no set '{set_code}' in the catalog",
                key=option("product"),
                hint=did_you_mean(set_code.strip().upper(), sorted(catalog.sets), listing="sets"),
            )
        )
    if not card_set.products:
        raise InputError(Problem(f"set {card_set.code} lists no products in the catalog", key=option("product")))
    if not name.strip():
        return card_set.code, f"{card_set.code} ({card_set.products[0].name})"
    by_name = {p.name.casefold(): p for p in card_set.products}
    product = by_name.get(name.strip().casefold())
    if product is None:
        raise InputError(
            Problem(
                f"set {card_set.code} has no product '{name.strip()}'",
                key=option("product"),
                hint="products: " + ", ".join(f"{card_set.code}:{p.name}" for p in card_set.products),
            )
        )
    return f"{card_set.code}:{product.name}", f"{card_set.code}:{product.name}"


def changes_for(catalog: Catalog, products: list[CardSpec], cards: list[CardSpec], sign: int) -> list[Change]:
    """The changes of one command, every unknown product or card reported together."""
    out, problems = [], []
    for spec in products:
        try:
            key, label = resolve_product(catalog, spec)
            out.append(Change("products", key, label, sign * spec.count))
        except InputError as exc:
            problems.extend(exc.problems)
    for spec in cards:
        card = catalog.find(spec.ref)
        if card is None:
            problems.append(Problem(f"no card '{spec.ref}' in the catalog", hint=catalog.suggest(spec.ref, "alliance")))
            continue
        if not card.code:
            problems.append(
                Problem(
                    f"card '{card.name}' has no code, and a collection records cards by code",
                    hint=f'add code = "SET.NNN" (the code printed on the card) to it in '
                    f"{catalog.source_file(card.key)}",
                )
            )
            continue
        out.append(Change("cards", card.code, card_label(card), sign * spec.count))
    if problems:
        raise InputError(problems)
    return out


def _checked(text: str, path: Path) -> str:
    load_collection(path, text)  # a broken file is reported as such, not overwritten
    return text


#: collection files, kept as their text: an edit changes the lines it must and keeps the rest
COLLECTIONS: Store[str] = Store(
    "collection", _checked, lambda text, before: text, missing=lambda path: _checked(NEW_COLLECTION, path)
)


def edit_collection(path: Path, changes: list[Change]) -> CollectionFile:
    """Apply the changes to the collection file (created if missing), keeping its comments."""
    return load_collection(
        path,
        COLLECTIONS.update(
            path, lambda original: edit_keeping_layout(original, lambda text: _edited(path, text, changes), path)
        ),
    )


def _edited(path: Path, original: str, changes: list[Change]) -> str:
    """The collection's text with the changes made, checked before it is written."""
    import tomlkit  # start-up: only edits need it (~5 ms); `collection show` does not

    doc = tomlkit.parse(original)
    problems = []
    for change in changes:
        if change.table not in doc:
            doc.add(change.table, tomlkit.table())
        table = doc[change.table]
        have = int(table.get(change.key, 0))
        new = have + change.count
        if new < 0:
            problems.append(
                Problem(
                    f"cannot remove {-change.count} × {change.label}: the collection holds {have}",
                    file=path,
                    key=f'{change.table}."{change.key}"',
                )
            )
            continue
        if new == 0:
            if change.key in table:
                del table[change.key]
        elif change.key in table:
            table[change.key] = new  # the line and its comment stay
        else:
            item = tomlkit.item(new)
            if change.table == "cards":
                item.comment(change.label.split(" ", 1)[-1])
                item.trivia.comment_ws = "  "
            table.add(change.key, item)
    if problems:
        raise InputError(problems)
    return _checked(tomlkit.dumps(doc), path)
