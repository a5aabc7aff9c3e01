"""Reading campaigns: ``show``, ``log`` and ``list`` (they never change a campaign); a player's deck
as a deck file, ``deck``, is :mod:`.deckfile`."""

from __future__ import annotations

import click
from rich.text import Text

from skyforge.campaign.limits import GAMES
from skyforge.campaign.report import DEMO_NOTE, listing, log_entries, shown, uses_demo_data
from skyforge.campaign.store import list_campaigns, load
from skyforge.campaign.view import view_of
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.campaign.views import campaign_view, log_lines, show_demo_note
from skyforge.cli.campaign.words import NO_CAMPAIGNS
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render


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
    campaign = shown(load(campaign_file(app, name)).state, app.catalog, facts=as_json)
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
