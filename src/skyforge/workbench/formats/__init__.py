"""Exporting decks for play, and importing them back: one module per format, one registry.

Each ``format_*`` module holds one format in both directions: ``write`` (or ``export``) and,
where the format can be read back, ``read``. :data:`FORMATS` lists them in the order the CLI
offers them (``deck export --format``) and the reference docs show them.

``text`` and ``md`` are lists grouped by type, ``csv`` and ``json`` are for spreadsheets and
other tools, ``html`` a printable pull list (one page per deck), ``page`` a deck page to share
(every card's details and a share code), ``code`` a share code. :func:`import_decks` reads text,
Markdown, CSV, JSON, share codes and deck pages (by their share codes) back; all of these carry
the whole deck, so export → import gives the same deck.

With several decks and ``players=True`` the decks are the players' decks of one game: the export
adds one pull list for the whole table, and the copy limits across all players' decks are
checked together.
"""

from __future__ import annotations

import csv
import importlib
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from skyforge.catalog.index import Catalog
from skyforge.decks.files import Deck
from skyforge.errors import InputError, Problem, csv_problem, option
from skyforge.storage import exists, read_text
from skyforge.workbench import sharecode
from skyforge.workbench.formats.reading import UNKNOWN, UNRESOLVED, Imported, default_name

__all__ = [
    "FORMATS",
    "READABLE",
    "UNKNOWN",
    "UNRESOLVED",
    "Format",
    "Imported",
    "default_name",
    "export",
    "import_deck",
    "import_decks",
]


@dataclass(frozen=True)
class Format:
    """One format: its name, what it holds (for the docs and ``--help``), and where its code is.

    Its code is the module ``format_NAME``, imported when a command first writes or reads the
    format: a command uses one format, and the others cost start-up it never uses (the pull list's
    page templates, the statistics of a text list: ~60 M instructions of ``deck import``).
    """

    name: str
    summary: str
    #: the module's ``write(Export)`` draws the format from the decks' numbers (``base.prepare``);
    #: otherwise its ``export(catalog, decks, players=…, with_cards=…)`` writes it
    from_numbers: bool
    #: the module's ``read(catalog, body, path)`` reads one deck back (the others: share codes are
    #: read by their shape, a deck page by its share codes, the pull list not at all)
    has_reader: bool
    #: whether ``deck import`` reads the format back
    reads_back: bool = True

    def code(self) -> ModuleType:
        """The format's module (``format_NAME``), imported on first use."""
        return importlib.import_module(f"{__name__}.format_{self.name}")

    def export(self, catalog: Catalog, decks: list[Deck], *, players: bool = False, with_cards: bool = False) -> str:
        if self.from_numbers:
            base = importlib.import_module(f"{__name__}.base")
            return str(self.code().write(base.prepare(catalog, decks, players=players)))
        return str(self.code().export(catalog, decks, players=players, with_cards=with_cards))

    def read(self, catalog: Catalog, body: str, path: Path) -> Imported:
        assert self.has_reader, f"format {self.name} has no reader"
        imported: Imported = self.code().read(catalog, body, path)
        return imported


#: every format, in the order ``deck export --format`` offers them
FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "text",
            "name, player, castle, then `3 DEMO.007 Gullwing Lookout` lines grouped by type",
            from_numbers=True,
            has_reader=True,
        ),
        Format(
            "md",
            "the same as a Markdown page (headings per type, cost/rarity/faction)",
            from_numbers=True,
            has_reader=True,
        ),
        # the columns are format_csv.COLUMNS (tests/test_deck_formats.py checks they agree)
        Format(
            "csv",
            "one row per card: `deck,player,castle,count,code,name,type,cost,rarity,faction,set`",
            from_numbers=True,
            has_reader=True,
        ),
        Format(
            "json",
            '`{"format": "skyforge-deck", "schema": 1, "name", "player", "castle", "castle_name", "size", '
            '"valid", "cards": {code: count}, "entries": [...]}`',
            from_numbers=False,
            has_reader=True,
        ),
        Format(
            "html",
            "a printable pull list: one A4 page per deck",
            from_numbers=True,
            has_reader=False,
            reads_back=False,
        ),
        Format(
            "page",
            "a page to share: every card's details, the castle's back, the verdict and a share code with "
            "the deck's own cards; one HTML file, no skyforge needed to read it",
            from_numbers=False,
            has_reader=False,  # read by its share codes
        ),
        Format("code", "a share code", from_numbers=False, has_reader=False),  # codes are read by their shape
    )
}

#: the formats ``import`` reads back (the HTML pull list is for printing: it is not among them)
READABLE = f"text, Markdown, CSV, JSON, a share code (SF1.…) or a deck page ({option('format')} page)"
#: the longest deck list ``import_deck`` reads (a deck has at most 1,000 different cards)
MAX_IMPORT_LINES = 5_000


#: the formats that carry the data of a deck's own cards (``--with-cards``; a page always does)
CARRY_CARDS = ("code", "json", "page")


def export(catalog: Catalog, decks: list[Deck], fmt: str, *, players: bool = False, with_cards: bool = False) -> str:
    if fmt not in FORMATS:
        raise InputError(Problem(f"unknown format '{fmt}'", hint="formats: " + ", ".join(FORMATS)))
    if with_cards and fmt not in CARRY_CARDS:
        raise InputError(
            Problem(
                f"{option('with_cards')} is for the formats that are read back with their cards: {', '.join(CARRY_CARDS)}",
                hint=f"{option('format')} page shows every card's details, with a share code that carries them",
            )
        )
    return FORMATS[fmt].export(catalog, decks, players=players, with_cards=with_cards)


def _code(catalog: Catalog, codes: list[str], source: Path | str) -> list[Imported]:
    """The decks of share codes (a code is read by its shape, whatever the file)."""
    read_code = FORMATS["code"].code().read_code
    return [read_code(catalog, code, source) for code in codes]


def _read(fmt: str, catalog: Catalog, body: str, path: Path) -> Imported:
    """One deck read with the reader of ``fmt``, a format that has one."""
    try:
        return FORMATS[fmt].read(catalog, body, path)
    except csv.Error as exc:  # a bare carriage return in an unquoted cell, a cell over the size limit
        raise InputError(csv_problem(exc, path, body)) from None
    except RecursionError:  # JSON nested thousands deep: the decoder's recursion limit
        raise InputError(
            Problem(
                "nested too deeply to read (a deck is nested 3 deep)",
                file=path,
                hint="is this the right file? export a deck with the json format to see the shape",
            )
        ) from None


def import_deck(catalog: Catalog, source: str, *, workspace: Path | None = None) -> Imported:
    """Read one deck (the first, when the source holds several); see :func:`import_decks`."""
    return import_decks(catalog, source, workspace=workspace)[0]


def import_decks(
    catalog: Catalog, source: str, *, workspace: Path | None = None, body: str | None = None
) -> list[Imported]:
    """Read decks from a file (text, Markdown, CSV, JSON), share codes, or ``body`` (standard input).

    ``source`` is a file path or share codes (any whitespace or line breaks inside; several codes
    for several decks). With ``body`` given, ``source`` only names it in messages. Lines that
    cannot be resolved are collected in ``problems`` (with the line or row number, a suggestion
    and the code :data:`UNRESOLVED`); the deck holds everything that could be read.
    """
    if body is None:
        path = Path(source)
        if workspace is not None and not path.is_absolute() and not exists(path) and exists(workspace / path):
            path = workspace / path
        codes = None if exists(path) else sharecode.split_codes(source) or sharecode.find_codes(source)
        if codes:
            label = "the share code" if len(codes) == 1 else "the share codes"
            return _code(catalog, codes, label)
        if not exists(path):
            raise InputError(
                Problem("file not found", file=source, hint=f"give a deck file or share code: import reads {READABLE}")
            )
        body = read_text(path)
    else:
        path = Path(source)
    if body.count("\n") > MAX_IMPORT_LINES:
        raise InputError(
            Problem(
                f"more than {MAX_IMPORT_LINES:,} lines (the deck-import line limit)",
                file=path,
                line=MAX_IMPORT_LINES + 1,
                hint="a deck list is a few dozen lines: is this the right file?",
            )
        )
    stripped = body.lstrip()
    if path.suffix.lower() in (".html", ".htm") or re.match(r"<(!doctype\s+html|html)\b", stripped[:200], re.I):
        codes = sharecode.find_codes(body)  # a deck page (--format page) holds each deck's share code
        if codes:
            return _code(catalog, codes, path)
        raise InputError(
            Problem(
                f"an HTML sheet is for printing and cannot be read back; import reads {READABLE}",
                file=source,
                hint=f"export the deck again with {option('format')} page (or json, code, text, csv)",
            )
        )
    if path.suffix.lower() == ".json" or stripped.startswith("{"):
        return [_read("json", catalog, body, path)]
    codes = sharecode.split_codes(stripped) or sharecode.find_codes(stripped)
    if codes:
        return _code(catalog, codes, path)
    if path.suffix.lower() == ".csv" or stripped.split("\n", 1)[0].count(",") >= 2:
        return [_read("csv", catalog, body, path)]
    imported = _read("text", catalog, body, path)
    if not imported.deck.cards and not imported.problems:  # no line read as a card: not a deck list
        raise InputError(
            Problem(
                "no cards found in the file",
                file=path,
                hint=f"import reads {READABLE}; a list has a card a line: `2x Name`, `Name x2` or `CODE`",
            )
        )
    return [imported]
