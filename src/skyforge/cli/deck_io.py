"""``skyforge deck export/import``: decks out for play (lists, sheets, share codes) and back in."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.catalog import Catalog
from skyforge.catalog.loader import DEMO
from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import after_edit, load_all
from skyforge.cli.main import App
from skyforge.cli.output import echo, json_option, render
from skyforge.cli.stdio import STDIN, is_dash, read_stdin, write
from skyforge.cli.syntax import force_option
from skyforge.decks.writing import deck_text
from skyforge.errors import InputError, Problem
from skyforge.rules import GAME_DECKS, validate_decks
from skyforge.storage import exists
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.formats import FORMATS, UNKNOWN, export
from skyforge.workbench.importing import ImportReport, import_sources


@click.command("export")
@click.argument("decks", nargs=-1, required=True, metavar="DECK...", shell_complete=deck_names)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(list(FORMATS)),
    default="text",
    show_default=True,
    help="text/md: lists by type; csv/json: for tools; html: printable pull list; page: a page to share, "
    "with every card's details; code: share code.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write to this file instead of standard output ('-': standard output).",
)
@click.option(
    "--players",
    is_flag=True,
    help="The decks are the players' decks of one game (one or two): add one pull list for the whole "
    "table and check the copy limits across them.",
)
@click.option(
    "--with-cards",
    is_flag=True,
    help="code, json: carry the data of the deck's own cards (those the official layer lacks, its castle "
    "included), so a friend without your catalog can read and import it (a page always does).",
)
@click.pass_obj
def export_(app: App, decks: tuple[str, ...], fmt: str, output: Path | None, players: bool, with_cards: bool) -> None:
    """Export decks for play: lists, spreadsheets, a printable sheet, a page to share, a share code.

    The HTML sheet has one page per deck: the pull list sorted by set and code
    with a box per copy to tick, the castle's rules and the deck's counts. Open
    it in a browser and print (or save as PDF). The deck page is for a forum
    post or a friend without skyforge: one HTML file with the castle and its
    back, the verdict, every card's details and where each comes from, the
    mana curve, and the share code with the deck's own cards. json, csv,
    text, code and page carry the whole deck: `skyforge deck import` reads
    them back.

    \b
      skyforge deck export demo-blue-wall --format md
      skyforge deck export demo-blue-wall demo-green-grove --players --format html -o table.html
      skyforge deck export demo-blue-wall --format code
      skyforge deck export zed-wall --format code --with-cards   # for a friend without your catalog
      skyforge deck export zed-wall --format page -o zed-wall.html  # every card's details, to post or send
    """
    if players and len(decks) > GAME_DECKS:
        # as `deck validate` and `deck plan`: a game has one or two alliance decks (000 "1-2 Solo or Co-op")
        raise InputError(
            Problem(
                f"--players: {len(decks)} decks are not one game's: a game has one or two alliance decks "
                "(Solo or Co-op), so there is no table of them to check the copy limits across",
                hint="give --players the one or two decks of one game; without --players each deck is "
                "exported on its own",
            )
        )
    loaded = load_all(app, decks)
    text = export(app.catalog, loaded, fmt, players=players, with_cards=with_cards)
    # a CSV sheet and a share code have no room for a note of their own (text, md, html, json carry it)
    demo = fmt in ("csv", "code") and validate_decks(app.catalog, loaded).demo
    to_file = write(output, text)
    if demo:
        echo(demo_note(), err=True)
    if not to_file:
        return
    echo(f"wrote {output} ({fmt}, {plural(len(decks), 'deck')})", err=True)


@click.command("import")
@click.argument("source", nargs=-1, required=True, metavar="FILE|CODE|-")
@click.option(
    "--name",
    "deck_name",
    help="Deck name (and file name decks/NAME.toml). Default: from the source. With several decks: NAME-1, NAME-2, …",
)
@click.option("--castle", help="Castle for the deck, when the source names none (or to change it).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write the deck file here instead of decks/NAME.toml ('-': standard output).",
)
@click.option("--skip-unresolved", is_flag=True, help="Write the deck even if some lines cannot be resolved.")
@click.option(
    "--cards-to",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Add the cards the source carries (deck export --with-cards) that your catalog lacks to this "
    "catalog file of yours (made when missing), each marked with where it came from. The file is read "
    "as part of the catalog for the import: the cards it holds already are left alone; a card you hold "
    "with other data is listed, never replaced.",
)
@force_option
@json_option
@click.pass_obj
def import_(
    app: App,
    source: tuple[str, ...],
    deck_name: str | None,
    castle: str | None,
    output: Path | None,
    skip_unresolved: bool,
    cards_to: Path | None,
    force: bool,
    as_json: bool,
) -> None:
    """Read decks from text, Markdown, CSV, JSON or share codes into deck files.

    FILE may be '-' for standard input. A share code is found anywhere in a
    text — a chat message, a quoted reply ('> '), wrapped over lines or
    broken by spaces — given as one argument or several, or in a file; a
    multi-deck export (one code per deck) imports every deck. A card code
    your catalog lacks is kept in the deck and reported as unknown-card.
    A code or JSON file exported --with-cards carries the data of the
    deck's own cards: --cards-to FILE adds them to your catalog file. Text
    lists may be written `2x Name`, `2 Name`, `Name x2` or `CODE`, under
    headings such as `Allies` or `Spells (6)`. A deck page (export --format
    page) is read by its share codes; the HTML pull list is for printing:
    it is refused, with the formats that can be read back.

    Every line that cannot be resolved to a card is reported, with a
    suggestion; nothing is written unless all lines resolve (or
    --skip-unresolved). An import is all or nothing: when anything fails,
    neither a deck nor a card is written.

    \b
      skyforge deck import friend.txt --name friends-deck
      skyforge deck import SF1.…  --name shared
      skyforge deck export demo-blue-wall --format code | skyforge deck import - --name copy
      skyforge deck import sheet.csv -o decks/sheet.toml --force
      skyforge deck import message.txt --cards-to my-cards.toml
    """
    stdin = read_stdin() if source == ("-",) else None
    done = import_sources(
        app.catalog,
        app.workspace,
        source,
        catalog_paths=app.catalog_paths,
        stdin=stdin,
        stdin_name=STDIN,
        cards_to=cards_to,
        name=deck_name,
        castle=castle,
        output=output,
        write=not is_dash(output),
        skip_unresolved=skip_unresolved,
        force=force,
    )
    decks = done.decks
    offer_lines = done.offered.summary() if done.offered else []
    if done.carried and not cards_to:
        what = "the code" if all(d.result.format == "code" for d in decks) else "the source"
        offer_lines.append(
            f"{what} carries the data of {plural(len(done.carried), 'card')}: add --cards-to FILE to keep them"
        )
    elif done.added_cards and not done.cards_file_in_use:
        offer_lines.append(f"load it: skyforge --catalog {cards_to} …, or list it in skyforge.toml")
    # the cards file read with the catalog (a file that is not there, and gains nothing, is not)
    read = cards_to is not None and (done.cards_file_in_use or exists(cards_to))
    verdict = (done.catalog, _checked_with(app, cards_to, done.cards_file_in_use)) if cards_to and read else None
    if is_dash(output):
        write("-", deck_text(decks[0].deck, done.catalog))
        for p in decks[0].result.problems:
            echo(f"skipped: {p.render()}", err=True)
        for line in offer_lines:
            echo(line, err=True)
        return
    render(done.report(app.workspace), as_json, lambda report: _imported(app, report, offer_lines, verdict))


def _checked_with(app: App, cards_to: Path, listed: bool) -> str:
    """How the imported deck is checked once ``cards_to`` is read with the catalog in use (as the
    hint to load it says)."""
    if listed:
        return f"checked with {cards_to} loaded"
    # no catalog given: the demo set is loaded, and stays loaded beside the new file
    paths = [*(app.catalog_paths or [Path(DEMO)]), cards_to]
    return f"checked with {cards_to} loaded (as with skyforge " + " ".join(f"--catalog {p}" for p in paths) + ")"


#: how many unknown cards an import names before "… and N more"
SHOWN_UNKNOWN = 6


def _imported(app: App, report: ImportReport, offer_lines: list[str], verdict: tuple[Catalog, str] | None) -> None:
    for line in offer_lines:
        echo(line)
    for d in report.decks or [report]:
        lines = [f"imported {d.format} → {d.file}"]
        if d.castle_problem:
            lines[0] += f", but its castle is not one: {d.castle_problem}"
        lines += [f"  note: {n}" for n in d.notes]
        # checked with the cards file, a card still unknown is the verdict's unknown-card; one the
        # source carries is in the short list under the line that says how to keep them
        carried = [ref for ref in d.unknown if ref in report.carried] if verdict is None else []
        problems = [
            p
            for p in d.skipped
            if p.problem.code != UNKNOWN
            or (verdict is None and not any(p.message.startswith(f"{r} ") for r in carried))
        ]
        if carried:
            names = [f"{ref} {report.carried[ref]}" if report.carried[ref] else ref for ref in carried]
            more = len(names) - SHOWN_UNKNOWN
            lines.append(
                f"  unknown cards, carried: {', '.join(names[:SHOWN_UNKNOWN])}"
                + (f" … and {more} more" if more > 0 else "")
            )
        lines += [
            f"  {'unknown-card' if p.problem.code == UNKNOWN else 'skipped'}: {p.problem.render()}" for p in problems
        ]
        if verdict is not None:
            lines.append(f"  {verdict[1]}:")
        after_edit(app, d.path, "\n".join(lines), None if verdict is None else verdict[0])
