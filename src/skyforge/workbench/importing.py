"""``deck import``: decks read from text, Markdown, CSV, JSON or share codes, written as deck files.

:func:`import_sources` is the whole command: it reads the sources (:func:`read_sources`) with the
cards file of the import (``cards_to``) as part of the catalog, names the decks, sets their
castles, refuses unresolved lines (unless skipped), works out which carried cards the cards file
gains (:func:`skyforge.workbench.carried.offer_cards`) and then writes the cards and each new deck
file without overwriting one (unless ``force``) — all of them, or nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field

from skyforge.catalog.index import Catalog
from skyforge.catalog.loader import DEMO, load_catalog
from skyforge.decks.models import DeckFile
from skyforge.decks.writing import save_new_deck
from skyforge.errors import InputError, Problem, option
from skyforge.results import ReportedProblem, Result
from skyforge.storage import exists, refuse_overwrite
from skyforge.text import a
from skyforge.workbench.carried import CardsOffered, Offered, offer_cards
from skyforge.workbench.formats import UNKNOWN, UNRESOLVED, Imported, default_name, import_decks
from skyforge.workbench.formats.reading import find
from skyforge.workbench.sharecode import find_codes, split_codes
from skyforge.workbench.workspace import deck_path, relative


@dataclass
class ImportedDeck:
    """One deck of an import: what was read, the deck as it is written, and where it went."""

    result: Imported
    deck: DeckFile
    name: str | None
    path: Path | None = None
    #: the cards of the deck the catalog it was read with lacks (kept as unknown cards)
    unknown: list[str] = field(default_factory=list)


@dataclass
class DeckImport:
    """What ``deck import`` did: the decks, the cards the sources carry, what the cards file gained."""

    decks: list[ImportedDeck]
    #: the catalog the decks are checked with: the one in use, the cards file and the cards added to it
    catalog: Catalog
    #: the name (or None) of each card the sources carry the data of, by code (or name)
    carried: dict[str, str | None] = field(default_factory=dict)
    #: what the cards file gained (given a cards file and cards carried), else None
    offered: Offered | None = None
    #: the cards file is part of the catalog in use (else it was read for this import only)
    cards_file_in_use: bool = False

    @property
    def added_cards(self) -> bool:
        return self.offered is not None and bool(self.offered.added or self.offered.sets_added)

    def report(self, workspace: Path) -> ImportReport:
        """What the import wrote (every deck is written unless the output is the caller's)."""
        rows = [_deck_report(self.catalog, workspace, d) for d in self.decks]
        return ImportReport.of(
            **dict(rows[0]),
            decks=rows if len(rows) > 1 else None,
            cards_offered=[self.offered.result] if self.offered else None,
            cards_carried=list(self.carried) if self.carried and not self.offered else None,
            carried=self.carried,
        )


def _none(value: object) -> bool:
    return value is None


class ImportedDeckReport(Result):
    """One deck ``deck import`` wrote: where, the format read, the deck, the lines skipped, and
    why its castle is no castle of the catalog (a share code may name any card), or None."""

    #: the deck file, relative to the workspace
    file: str
    path: Path = Field(exclude=True)
    format: str
    name: str
    castle: str
    cards: dict[str, int]
    size: int
    skipped: list[ReportedProblem]
    notes: list[str]
    castle_problem: str | None
    #: the cards of the deck the catalog it was read with lacks (kept as unknown cards)
    unknown: list[str] = Field(exclude=True)


class ImportReport(ImportedDeckReport):
    """``deck import``: the first deck's fields, every deck when there are several, and what the
    cards file gained from the cards the sources carry (or, with no cards file, which cards those are)."""

    decks: list[ImportedDeckReport] | None = Field(default=None, exclude_if=_none)
    cards_offered: list[CardsOffered] | None = Field(default=None, exclude_if=_none)
    cards_carried: list[str] | None = Field(default=None, exclude_if=_none)
    #: the name (or None) of each card the sources carry the data of, by code (or name)
    carried: dict[str, str | None] = Field(exclude=True)


def _deck_report(catalog: Catalog, workspace: Path, deck: ImportedDeck) -> ImportedDeckReport:
    assert deck.path is not None, "an imported deck is written unless the output is the caller's"
    return ImportedDeckReport.of(
        file=relative(workspace, deck.path),
        path=deck.path,
        format=deck.result.format,
        name=deck.deck.name,
        castle=deck.deck.castle,
        cards=deck.deck.cards,
        size=sum(deck.deck.cards.values()),
        skipped=[ReportedProblem.of_problem(p) for p in deck.result.problems],
        notes=deck.result.notes,
        castle_problem=castle_problem(catalog, deck.deck.castle),
        unknown=deck.unknown,
    )


def castle_problem(catalog: Catalog, castle: str) -> str | None:
    """Why the castle an imported deck names is no castle of the catalog (a share code may name
    any card), or None: said on the import's first line and in its JSON, not only in the verdict."""
    try:
        card = catalog.find(castle, "castle") or catalog.find(castle)
    except InputError:  # an ambiguous name
        return f"'{castle}' names more than one card"
    if card is None:
        return f"no castle '{castle}' in the catalog"
    if card.kind != "castle":
        return f"{card.key} '{card.name}' is {a(card.kind)} card, not a castle"
    return None


def catalog_with_file(catalog: Catalog, paths: list[Path], file: Path) -> tuple[Catalog, bool]:
    """``catalog`` (loaded from ``paths``: none is the shipped layers) with the catalog ``file`` read
    as part of it when it exists, and whether it was part of it already. A broken file is
    reported with its lines, as every catalog file is."""
    if any(f.resolve() == file.resolve() for f in catalog.files):
        return catalog, True
    if not exists(file):
        return catalog, False
    return load_catalog([*(paths or [Path(DEMO)]), file]), False


def import_sources(
    catalog: Catalog,
    workspace: Path,
    source: tuple[str, ...],
    *,
    catalog_paths: list[Path] | None = None,
    stdin: str | None = None,
    stdin_name: str = "<stdin>",
    cards_to: Path | None = None,
    name: str | None = None,
    castle: str | None = None,
    output: Path | None = None,
    write: bool = True,
    skip_unresolved: bool = False,
    force: bool = False,
) -> DeckImport:
    """Read ``source`` and write its decks (see :func:`name_decks`): ``decks/NAME.toml`` each, or
    ``output`` for one deck (with ``write=False`` no deck is written: the caller prints it), and, given
    ``cards_to``, the cards they carry that the catalog lacks into that catalog file. The file is
    read as part of the catalog (``catalog_paths`` say what the catalog in use is loaded from), so
    the cards of an earlier import are "already there". All or nothing: a problem anywhere —
    in the sources, the cards file, the cards it would gain, a deck file that exists — writes
    neither a deck nor a card."""
    in_use = False
    if cards_to is not None:
        catalog, in_use = catalog_with_file(catalog, list(catalog_paths or []), cards_to)
    results = read_sources(catalog, workspace, source, stdin=stdin, stdin_name=stdin_name)
    decks = name_decks(catalog, results, name=name, castle=castle, output=output, skip_unresolved=skip_unresolved)
    shared = [r.carried for r in results if r.carried]
    carried = {
        str(e.get("code") or e.get("name")): (str(e["name"]) if e.get("name") else None)
        for c in shared
        for e in c.get("cards", [])
    }
    offered = offer_cards(catalog, shared, cards_to) if cards_to is not None and shared else None
    checked_with = offered.catalog if offered is not None and offered.catalog is not None else catalog
    done = DeckImport(decks, checked_with, carried, offered, in_use)
    paths = [output or deck_path(workspace, d.name or default_name(d.deck)) for d in decks] if write else []
    if len(set(paths)) < len(paths):
        raise InputError(
            Problem(
                "two of the decks would be written to the same file",
                hint=f"give {option('deck_name')} NAME: the decks become NAME-1, NAME-2, …",
            )
        )
    for path in paths:  # every refusal before anything is written
        refuse_overwrite(path, "deck", force=force)
    new = [path for path in paths if not exists(path)]
    if offered is not None:
        offered.write()
    try:
        for path, d in zip(paths, decks):
            d.path = save_new_deck(path, d.deck, checked_with, force=force)
    except BaseException:  # a deck file written meanwhile, a full disk: take back what was written
        if offered is not None:
            offered.undo()
        for d in decks:
            if d.path is not None and d.path in new:
                d.path.unlink(missing_ok=True)
        raise
    return done


def read_sources(
    catalog: Catalog, workspace: Path, source: tuple[str, ...], *, stdin: str | None = None, stdin_name: str = "<stdin>"
) -> list[Imported]:
    """The decks of ``source``: one file, standard input (``stdin``, for ``-``), or share codes —
    several arguments only when they are one code split by the shell, or several codes."""
    if stdin is not None:
        return import_decks(catalog, stdin_name, body=stdin)
    if len(source) > 1 and "-" not in source and (split_codes(" ".join(source)) or find_codes(" ".join(source))):
        return import_decks(catalog, " ".join(source), workspace=workspace)  # a code split by the shell
    if len(source) > 1:
        raise InputError(
            Problem(
                f"give one file (or share codes), not {len(source)} arguments",
                hint="import one file at a time; '-' reads standard input",
            )
        )
    return import_decks(catalog, source[0], workspace=workspace)


def name_decks(
    catalog: Catalog,
    results: list[Imported],
    *,
    name: str | None = None,
    castle: str | None = None,
    output: Path | None = None,
    skip_unresolved: bool = False,
) -> list[ImportedDeck]:
    """The decks read, as they are written: named (``NAME-1``, ``NAME-2``, … for several), with
    their castles. Every problem of every deck is reported at once."""
    many = len(results) > 1
    if many and output is not None:
        raise InputError(
            Problem(
                f"the source holds {len(results)} decks: -o writes one",
                key="-o",
                hint="leave out -o: each deck goes to decks/NAME.toml",
            )
        )
    castle_key = catalog.get(castle, "castle", what="castle").key if castle else None
    problems, decks = [], []
    for number, result in enumerate(results, start=1):
        deck = result.deck
        if castle_key:
            deck = deck.model_copy(update={"castle": castle_key})
        elif deck.castle == "?":
            result.problems.insert(
                0, Problem("the source names no castle", hint=f"give one with {option('castle')} CASTLE")
            )
        elif (found := catalog.find(deck.castle, "castle")) is not None:
            deck = deck.model_copy(update={"castle": found.key})
        deck_name = f"{name}-{number}" if name and many else name
        if deck_name:
            deck = deck.model_copy(update={"name": deck_name})
        problems += [p for p in result.problems if p.code != UNKNOWN and not (skip_unresolved and p.code == UNRESOLVED)]
        unknown = [ref for ref in deck.cards if find(catalog, ref) is None]
        decks.append(ImportedDeck(result, deck, deck_name, unknown=unknown))
    if problems:
        raise InputError([p for d in decks for p in d.result.problems if p.code != UNKNOWN])
    return decks
