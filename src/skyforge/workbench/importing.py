"""``deck import``: decks read from text, Markdown, CSV, JSON or share codes, written as deck files.

:func:`read_sources` reads the command's sources; :func:`import_decks_to_files` names the decks,
sets their castles, refuses unresolved lines (unless skipped) and writes each new deck file
without overwriting one (unless ``force``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from skyforge.catalog.index import Catalog
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError, Problem
from skyforge.workbench.deckfile import save_new_deck
from skyforge.workbench.formats import UNKNOWN, UNRESOLVED, Imported, default_name, import_decks
from skyforge.workbench.sharecode import find_codes, split_codes
from skyforge.workbench.workspace import deck_path


@dataclass
class ImportedDeck:
    """One deck of an import: what was read, the deck as it is written, and where it went."""

    result: Imported
    deck: DeckFile
    name: str | None
    path: Path | None = None


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


def import_decks_to_files(
    catalog: Catalog,
    workspace: Path,
    results: list[Imported],
    *,
    name: str | None = None,
    castle: str | None = None,
    output: Path | None = None,
    write: bool = True,
    skip_unresolved: bool = False,
    force: bool = False,
) -> list[ImportedDeck]:
    """Turn what was read into deck files: ``decks/NAME.toml`` each (``NAME-1``, ``NAME-2``, … for
    several), or ``output`` for one deck. With ``write=False`` nothing is written (``output`` is then
    standard output: the caller prints the deck). Every problem of every deck is reported at once;
    nothing is written then."""
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
            result.problems.insert(0, Problem("the source names no castle", hint="give one with --castle CASTLE"))
        elif (found := catalog.find(deck.castle, "castle")) is not None:
            deck = deck.model_copy(update={"castle": found.key})
        deck_name = f"{name}-{number}" if name and many else name
        if deck_name:
            deck = deck.model_copy(update={"name": deck_name})
        problems += [p for p in result.problems if p.code != UNKNOWN and not (skip_unresolved and p.code == UNRESOLVED)]
        decks.append(ImportedDeck(result, deck, deck_name))
    if problems:
        raise InputError([p for d in decks for p in d.result.problems if p.code != UNKNOWN])
    if not write:
        return decks
    paths = [output or deck_path(workspace, d.name or default_name(d.deck)) for d in decks]
    if len(set(paths)) < len(paths):
        raise InputError(
            Problem(
                "two of the decks would be written to the same file",
                hint="give --name NAME: the decks become NAME-1, NAME-2, …",
            )
        )
    for path, d in zip(paths, decks):
        d.path = save_new_deck(path, d.deck, catalog, force=force)
    return decks
