"""``skyforge deck edit``: open the live deck editor on a deck file."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import load, load_all, require_terminal
from skyforge.cli.editor.session import Session
from skyforge.cli.main import App
from skyforge.decks import load_collection
from skyforge.lasting import keep, made_to_last


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.option(
    "--with",
    "others",
    multiple=True,
    metavar="OTHER",
    shell_complete=deck_names,
    help="Another player's deck at the same table: copy limits count across both (repeatable).",
)
@click.option(
    "--collection",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also count the copies your collection holds (products and single cards).",
)
@click.pass_obj
def edit(app: App, deck_ref: str, others: tuple[str, ...], collection: Path | None) -> None:
    """Edit a deck on a full screen, with every rule checked as you go.

    The cards the castle admits on the left (type to filter; Ctrl+A shows
    every card with why each is refused), the deck on the right: its cards by
    type, the castle's back in words, the curve and the verdict of `deck
    validate` with the --with decks and the collection, after every change.
    Enter or + adds, - or Delete removes, Ctrl+Z undoes, Ctrl+S saves (keeping
    the file's comments), Ctrl+Q quits, ? shows every key. With the deck
    assistant installed, Ctrl+P proposes a completion to accept or drop.

    \b
      skyforge deck edit demo-blue-wall
      skyforge deck edit my-deck --with demo-green-grove --collection collection.toml
    """
    deck = load(app, deck_ref)  # the same messages as `deck show`, before the screen opens
    assert deck.path is not None  # a file: '-' is refused as a deck to edit
    session = Session(
        app.catalog, deck.path, load_all(app, others), load_collection(collection) if collection else None
    )
    session.standings()  # a castle without deck rules is said here, not on the screen
    require_terminal(deck_ref)
    # Start-up (Textual's modules, the screen's widgets, the first frame) makes objects that live as
    # long as the editor: the collector keeps out of them until the screen is up (it took a tenth of
    # the start-up), then looks only at what comes after.
    with made_to_last():
        from skyforge.cli.editor.app import DeckEditor  # Textual, once nothing can stop the screen opening

        DeckEditor(session, when_up=keep).run()
