"""``cards search --for DECK``: the cards a deck may still take, with the copies left and what
limits them. Imported by :func:`skyforge.cli.cards.search` only when ``--for`` is given: reading
decks and the rules' choice of cards costs ~30 M instructions of imports that a search by faction
or rarity, and ``castles``, do not need."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from skyforge.cli.deck_files import load as load_deck_ref
from skyforge.cli.deck_files import load_all
from skyforge.cli.main import App
from skyforge.cli.output import console, render
from skyforge.cli.output import table as new_table
from skyforge.cli.stdio import STDIN, is_dash, read_stdin
from skyforge.decks import load_collection
from skyforge.rules.choosing import CardChoice, choose_cards
from skyforge.text import plural


def search_for(
    app: App, found: list, for_deck: str, with_decks: tuple[str, ...], collection: str | None, as_json: bool
) -> None:
    deck = load_deck_ref(app, for_deck)
    others = load_all(app, with_decks)
    owned = None
    if is_dash(collection):
        owned = load_collection(Path(STDIN), read_stdin())
    elif collection:
        owned = load_collection(Path(collection))
    choice = choose_cards(app.catalog, deck, others, owned)
    wanted = {c.key for c in found}
    result = CardChoice.of(
        deck=deck.file,
        deck_name=deck.name,
        castle=choice.castle.key,
        size=choice.size,
        beside=[d.file for d in others],
        beside_names=[d.name for d in others],
        collection=str(collection) if collection else None,
        rarity_left=choice.rarity_left,
        notes=choice.notes,
        cards=[c for c in choice.candidates if c.card.key in wanted],
    )
    render(result, as_json, lambda r: _draw_choice(app, r))


def _draw_choice(app: App, choice: CardChoice) -> None:
    out = console()
    rows, others = choice.cards, choice.beside_names
    left = ", ".join(f"{r} {'any' if n is None else n}" for r, n in choice.rarity_left.items())
    out.print(
        Text.assemble(
            (choice.deck_name, "bold"),
            f" — castle {app.catalog.label(choice.castle)} · {plural(choice.size, 'card')} · room by rarity: {left}",
        )
    )
    for note in choice.notes:
        out.print(f"note: {note}")
    if not rows:
        out.print("no card the deck may still take matches")
        return
    table = new_table("code", "name", "rarity", "faction", "type", "cost", "left", "limit")
    why = {
        "copy-limit": "copies" + (" (all decks)" if others else ""),
        "rarity-limit": "castle rarity limit",
        "card-rule": "card's own rule",
        "collection": "collection",
    }
    for c in rows:
        card = c.card
        table.add_row(
            Text(card.key),
            Text(card.name),
            card.rarity or "",
            card.faction or "",
            card.type or "",
            "" if card.cost is None else str(card.cost),
            str(c.left),
            why[c.limited_by],
        )
    out.print(table)
    out.print(
        Text(
            f"{plural(len(rows), 'card')} the deck may still take"
            + (f" (beside {', '.join(others)})" if others else "")
        )
    )
