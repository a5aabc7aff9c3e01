"""``json``: the deck (or the decks, and the table's pull list) for other tools; and reading it back.

One deck: ``{"format": "skyforge-deck", "schema": 1, "name", …, "cards", "entries"}``; several
or ``--players``: ``{"format": "skyforge-decks", "schema": 1, "decks": [...], "table": {...}}``.
"""

from __future__ import annotations

import json
from pathlib import Path

from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck
from skyforge.errors import InputError, Problem, option
from skyforge.workbench.carried import cards_to_carry, check_carried
from skyforge.workbench.formats.base import Export, prepare
from skyforge.workbench.formats.reading import Imported, add_card, new_deck
from skyforge.workbench.stats import DeckStats


def _deck(s: DeckStats) -> dict:
    return {
        "name": s.name,
        "player": s.player,
        "castle": s.castle,
        "castle_name": s.castle_name,
        "size": s.size,
        "valid": s.valid,
        "cards": s.cards,
        "entries": [c.dump() for c in s.entries],
        **({"demo_data": True} if s.demo_data else {}),
    }


def export(catalog: Catalog, decks: list[Deck], *, players: bool = False, with_cards: bool = False) -> str:
    """The decks as JSON; ``with_cards``: each with ``carried_cards``, the data of its own cards."""
    text = write(prepare(catalog, decks, players=players))
    if not with_cards:
        return text
    body = json.loads(text)
    for entry, deck in zip(body.get("decks", [body]), decks):
        carried = cards_to_carry(catalog, deck.data)
        if carried:
            entry["carried_cards"] = carried
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def write(data: Export) -> str:
    if len(data.decks) == 1 and data.table is None:
        body: dict = {"format": "skyforge-deck", "schema": 1, **_deck(data.decks[0])}
    else:
        body = {"format": "skyforge-decks", "schema": 1, "decks": [_deck(s) for s in data.decks]}
        if data.table:
            body["table"] = data.table.dump()
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def read(catalog: Catalog, body: str, path: Path) -> Imported:
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise InputError(Problem(f"invalid JSON: {exc.msg}", file=path, line=exc.lineno)) from None
    notes = []
    if isinstance(data, dict) and isinstance(data.get("decks"), list) and data["decks"]:
        if len(data["decks"]) > 1:
            notes.append(f"the file holds {len(data['decks'])} decks; imported the first")
        data = data["decks"][0]
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise InputError(
            Problem(
                'not a deck: expected an object with "cards": {code: count}',
                file=path,
                hint=f"export one with `skyforge deck export DECK {option('format')} json`",
            )
        )
    problems: list[Problem] = []
    cards: dict[str, int] = {}
    for key in ("name", "castle", "player"):
        if data.get(key) is not None and not isinstance(data[key], str):
            problems.append(Problem(f"'{key}' must be text", file=path, key=key, value=data[key], has_value=True))
            data[key] = None
    for ref, count in data["cards"].items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            problems.append(
                Problem(
                    "the count must be a whole number of at least 1",
                    file=path,
                    key=f"cards.{ref}",
                    value=count,
                    has_value=True,
                )
            )
            continue
        add_card(catalog, cards, ref, count, problems, file=path, key=f"cards.{ref}")
    deck = new_deck(data.get("name"), data.get("castle"), data.get("player"), cards, path)
    carried = None
    if data.get("carried_cards") is not None:
        try:
            carried = check_carried(data["carried_cards"])
        except ValueError as exc:
            problems.append(
                Problem(
                    f"'carried_cards' is not what `deck export {option('with_cards')}` writes: {exc}",
                    file=path,
                    key="carried_cards",
                    hint="ask for the export again, or for the sender's catalog file",
                )
            )
    return Imported(deck, "json", problems, notes, carried=carried)
