"""Reading campaigns: ``show``, ``log``, ``list`` and ``deck`` (they never change a campaign)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from skyforge.campaign.limits import GAMES
from skyforge.campaign.playerdeck import CampaignDeck, current_deck
from skyforge.campaign.report import DEMO_NOTE, listing, log_entries, shown, uses_demo_data
from skyforge.campaign.store import list_campaigns, load
from skyforge.campaign.view import view_of
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.campaign.views import campaign_view, log_lines, show_demo_note
from skyforge.cli.campaign.words import NO_CAMPAIGNS
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import console, echo, json_option, render
from skyforge.cli.stdio import write
from skyforge.cli.syntax import force_option
from skyforge.decks.writing import deck_text
from skyforge.text import plural


@click.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def show(app: App, name: str, as_json: bool) -> None:
    """Show the campaign: status, gold, castle health, piles, decks, offers, games, horde deck (reads only).

    \b
      skyforge campaign show spring
      skyforge campaign show spring --json
    """
    campaign = shown(load(campaign_file(app, name)).state, app.catalog)
    render(campaign, as_json, lambda campaign: campaign_view(console(), app.catalog, campaign))


@click.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def log(app: App, name: str, as_json: bool) -> None:
    """List the journal's events, oldest first: what happened, and what `undo` would remove.

    Commands undone and not yet redone follow, marked "undone" (in --json: "undone": true).

    \b
      skyforge campaign log spring
      skyforge campaign log spring --json
    """
    journal = load(campaign_file(app, name))
    entries = log_entries(journal.events, app.catalog)
    undone = []  # what redo would put back, the next redo first, each entry marked
    start = len(journal.events)
    for group in reversed(journal.undone):
        undone += [{**e, "undone": True} for e in log_entries(group, app.catalog, start)]
        start += len(group)

    def human(listed: list[dict]) -> None:
        out = console()
        log_lines(out, [e for e in listed if not e.get("undone")])
        undone = [e for e in listed if e.get("undone")]
        if undone:
            out.print("undone (`campaign redo` puts them back, in this order, until another command is recorded):")
            log_lines(out, undone, mark="undone ")
        show_demo_note(out, app.catalog, view_of(journal.state))

    render(entries + undone, as_json, human)


@click.command("list")
@json_option
@click.pass_obj
def list_(app: App, as_json: bool) -> None:
    """List the campaigns in the workspace (campaigns/*.toml) with their status, gold and castle health.

    \b
      skyforge campaign list
      skyforge campaign list --json
    """
    rows = list_campaigns(app.workspace)

    def human(listed: list[dict]) -> None:
        out = console()
        if not listed:
            out.print(NO_CAMPAIGNS)
        states = {path.stem: s for path, s, _ in rows}
        demo = False
        for c in listed:
            if "error" in c:
                out.print(Text.assemble((c["name"], "red"), f": cannot read — {c['error']}"))
                continue
            state = states[c["name"]]
            mark = " (demo data)" if state is not None and uses_demo_data(view_of(state), app.catalog) else ""
            demo = demo or bool(mark)
            out.print(
                Text(
                    f"{c['name']}: {c['status']}, game {c['game']}/{GAMES}, gold {c['gold']}, "
                    f"castle health {c['castle_health']}{mark}"
                )
            )
        if demo:
            out.print(Text(DEMO_NOTE, style="yellow"))

    render(listing(rows), as_json, human)


@click.command("deck")
@click.argument("name", shell_complete=campaign_names)
@click.option("--player", help="Whose deck (not needed with one player).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write it to this deck file (default, or '-': print it).",
)
@force_option
@json_option
@click.pass_obj
def deck(app: App, name: str, player: str | None, output: Path | None, force: bool, as_json: bool) -> None:
    """A player's deck as it stands now (starting deck + recruited − exiled), as a deck file.

    Printed, or written with -o (never over a file that exists, unless
    --force). It follows the player's castle; at 20-odd cards it is a
    campaign deck, not a regular 40-card one.

    \b
      skyforge campaign deck spring --player Alice
      skyforge campaign deck spring --player Bo -o decks/bo-after-spring.toml
    """
    journal = load(campaign_file(app, name))
    now = current_deck(journal.state, journal.events, player, app.catalog)
    file = None if output is None or str(output) == "-" else output

    def printed(shown: CampaignDeck) -> None:
        write(None, deck_text(shown.deck, app.catalog))  # as `deck export` prints a file: never wrapped

    if file is None:  # printed: the deck file's text, or the JSON
        render(now, as_json, printed)
        return
    write(file, deck_text(now.deck, app.catalog), force=force)
    render(
        now.model_copy(update={"file": str(file)}),
        as_json,
        lambda shown: echo(
            f"{shown.deck.player}'s deck in campaign {journal.state.name} → {shown.file}: "
            f"{plural(shown.size, 'card')} (starting deck {shown.starting}, recruited {shown.recruited}, "
            f"exiled {shown.exiled})"
        ),
    )
