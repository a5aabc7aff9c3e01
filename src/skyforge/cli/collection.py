"""``skyforge collection``: what you own, for `deck validate --collection` and `cards search --collection`."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from skyforge.cli.complete import card_refs
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.output import table as new_table
from skyforge.decks import load_collection
from skyforge.decks.collection import changes_for, edit_collection
from skyforge.decks.specs import parse_specs
from skyforge.errors import InputError, Problem
from skyforge.rules import CollectionSummary, collection_summary
from skyforge.text import plural

file_option = click.option(
    "--file",
    "file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The collection file (default: the workspace file's `collection`, else collection.toml in the workspace).",
)
product_option = click.option(
    "--product",
    "products",
    multiple=True,
    metavar="SET[:NAME][xN]",
    help="A product: SET (its base box) or SET:Product name, optionally xN (repeatable).",
)


def _path(app: App, file: Path | None) -> Path:
    return file if file is not None else app.default_collection


def _edit(app: App, file: Path | None, products: tuple[str, ...], cards: tuple[str, ...], sign: int) -> None:
    if not products and not cards:
        raise InputError(Problem("give cards (CARD, CARDxN) and/or --product SET[:NAME][xN]"))
    path = _path(app, file)
    changes = changes_for(app.catalog, parse_specs(products), parse_specs(cards), sign)
    edit_collection(path, changes)
    out = console()
    for change in changes:
        out.print(f"{'added' if sign > 0 else 'removed'} {abs(change.count)} × {change.label}")
    out.print(Text(f"{path} (its comments are kept)", style="dim"))


@click.group()
def collection() -> None:
    """Record what you own: whole products and single cards (collection.toml).

    `deck validate --collection` and `cards search --for DECK --collection`
    check decks against it. Edits keep the file's comments and layout.
    """


@collection.command()
@click.argument("cards", nargs=-1, metavar="[CARD[xN]]...", shell_complete=card_refs)
@product_option
@file_option
@click.pass_obj
def add(app: App, cards: tuple[str, ...], products: tuple[str, ...], file: Path | None) -> None:
    """Add products and single cards to your collection (the file is created if missing).

    \b
      skyforge collection add --product DEMO
      skyforge collection add --product "DEMO:Demo expansion" DEMO.205x2 "Burrowmoss Hare"
    """
    _edit(app, file, products, cards, +1)


@collection.command()
@click.argument("cards", nargs=-1, metavar="[CARD[xN]]...", shell_complete=card_refs)
@product_option
@file_option
@click.pass_obj
def remove(app: App, cards: tuple[str, ...], products: tuple[str, ...], file: Path | None) -> None:
    """Remove products or single cards from your collection (e.g. a card you traded away).

    \b
      skyforge collection remove DEMO.205
    """
    _edit(app, file, products, cards, -1)


@collection.command()
@file_option
@json_option
@click.pass_obj
def show(app: App, file: Path | None, as_json: bool) -> None:
    """List the products and single cards you own, and how many cards that makes.

    \b
      skyforge collection show
      skyforge collection show --json
    """
    summary = collection_summary(app.catalog, load_collection(_path(app, file)))
    render(summary, as_json, lambda s: _draw(app, s))


def _draw(app: App, summary: CollectionSummary) -> None:
    out = console()
    table = new_table("owned", "product or card")
    for key, n in summary.products.items():
        table.add_row(f"{n}×", Text(key))
    for key, n in summary.cards.items():
        table.add_row(f"{n}×", Text(app.catalog.label(key)))
    out.print(table)
    out.print(f"{plural(summary.total, 'card')} in all, {summary.different} different ({summary.file})")
