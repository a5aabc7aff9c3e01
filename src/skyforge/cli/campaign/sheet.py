"""``campaign sheet``: the campaign on paper, a printable HTML page (it never changes the campaign)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from skyforge.campaign.limits import GAMES
from skyforge.campaign.report import DEMO_NOTE
from skyforge.campaign.sheet import Sheet, campaign_sheet
from skyforge.campaign.sheet_html import html_page
from skyforge.campaign.store import load
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.stdio import is_dash, write
from skyforge.errors import InputError, Problem
from skyforge.results import Result
from skyforge.text import plural


class SheetWritten(Result):
    """``campaign sheet``: the file written, and what the sheet shows."""

    file: str
    sheet: Sheet


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write the sheet to this file (default: NAME-sheet.html in the current folder; '-': standard output).",
)
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
@json_option
@click.pass_obj
def sheet(app: App, name: str, output: Path | None, force: bool, as_json: bool) -> None:
    """Write a printable sheet of the campaign: an HTML page that prints on two A4 pages.

    The four games as boxes (scenario, portal, outsider, actions, gold and
    castle health, result; a game not played yet is an empty box to fill in
    by hand), a chart of gold and castle health across the games, each
    player's deck with what was recruited and exiled in which game, and the
    piles left. The page is self-contained (no script, no address outside
    it): open it in a browser and print it, or save it as PDF. With --json,
    what the sheet shows, as data.

    \b
      skyforge campaign sheet spring -o spring.html
      skyforge campaign sheet spring -o - > spring.html
    """
    target = output if output is not None else Path(f"{name}-sheet.html")
    _one_on_stdout({"--json": as_json, "-o -": is_dash(target)})
    data = campaign_sheet(load(campaign_file(app, name)).events, app.catalog)
    if not write(target, html_page(data), force=force):
        return  # the page itself went to standard output

    def human(written: SheetWritten) -> None:
        out = console()
        sheet = written.sheet
        played = sum(1 for g in sheet.games if g.status in ("won", "lost"))
        out.print(
            Text(
                f"wrote {written.file}: campaign {sheet.name}, {played} of {GAMES} games played, "
                f"{plural(len(sheet.players), 'player')}. Open it in a browser and print it (A4)."
            )
        )
        if sheet.demo:
            out.print(Text(DEMO_NOTE, style="yellow"))

    render(SheetWritten.of(file=str(target), sheet=data), as_json, human)


def _one_on_stdout(uses: dict[str, bool]) -> None:
    """Refuse options that would all print to standard output (the page and the JSON report)."""
    given = [option for option, used in uses.items() if used]
    if len(given) > 1:
        raise InputError(
            Problem(
                f"{' and '.join(given)} both print to standard output",
                hint="write the sheet to a file with -o FILE, or leave out --json",
            )
        )
