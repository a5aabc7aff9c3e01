"""``csv``: one row per card, for spreadsheets; and reading such a sheet back.

A text cell that a spreadsheet would run as a formula gets a ``'`` before it (and loses it
again when read back).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from skyforge.catalog.index import Catalog
from skyforge.errors import InputError, Problem
from skyforge.workbench.formats.base import Export
from skyforge.workbench.formats.reading import Imported, add_card, new_deck

COLUMNS = ("deck", "player", "castle", "count", "code", "name", "type", "cost", "rarity", "faction", "set")

#: a text cell starting with one of these is run as a formula by spreadsheets
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: ``'`` before a text that would start a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _csv_text(cell: str) -> str:
    """The text of a cell :func:`csv_cell` wrote (its ``'`` taken off again)."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_START) else cell


def write(data: Export) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    # Python 3.11's csv quotes a cell holding "\n" but not one holding a bare "\r", which
    # spreadsheets take for a line break: a row with one is written with every cell quoted
    quoted = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writeheader()
    for s in data.decks:
        for c in s.entries:
            card = c.dump()
            row = {
                "deck": s.name,
                "player": s.player or "",
                "castle": s.castle,
                **{k: ("" if card.get(k) is None else card[k]) for k in COLUMNS[3:]},
            }
            cells = {k: csv_cell(v) for k, v in row.items()}
            (quoted if any(isinstance(v, str) and "\r" in v for v in cells.values()) else writer).writerow(cells)
    return buf.getvalue()


def read(catalog: Catalog, body: str, path: Path) -> Imported:
    reader = csv.DictReader(io.StringIO(body))
    fields = {f.strip().casefold() for f in reader.fieldnames or []}
    if "count" not in fields or not ({"code", "name"} & fields):
        raise InputError(
            Problem(
                "a deck CSV needs a 'count' column and a 'code' or 'name' column",
                file=path,
                line=1,
                hint="columns: " + ",".join(COLUMNS),
            )
        )
    meta: dict[str, str] = {}
    cards: dict[str, int] = {}
    problems: list[Problem] = []
    decks_seen: set[str] = set()
    for number, raw in enumerate(reader, start=2):
        row = {
            (k or "").strip().casefold(): _csv_text((v or "").strip())
            for k, v in raw.items()
            if not isinstance(v, list)
        }
        if not any(row.values()):
            continue
        if row.get("deck"):
            decks_seen.add(row["deck"])
            if len(decks_seen) > 1 and row["deck"] != meta.get("deck"):
                continue
        for key in ("deck", "player", "castle"):
            if row.get(key) and key not in meta:
                meta[key] = row[key]
        try:
            count = int(row.get("count") or 1) if len(row.get("count") or "") <= 9 else 0
            if count < 1:
                raise ValueError
        except ValueError:
            problems.append(
                Problem(
                    "count must be a whole number of at least 1",
                    file=path,
                    line=number,
                    key="count",
                    value=row.get("count"),
                    has_value=True,
                )
            )
            continue
        ref = row.get("code") or row.get("name") or ""
        add_card(
            catalog,
            cards,
            ref,
            count,
            problems,
            file=path,
            line=number,
            fallback=row.get("name") if row.get("code") else None,
        )
    notes = [f"the file holds {len(decks_seen)} decks; imported '{meta.get('deck')}'"] if len(decks_seen) > 1 else []
    deck = new_deck(meta.get("deck"), meta.get("castle"), meta.get("player"), cards, path)
    return Imported(deck, "csv", problems, notes)
