"""Reading campaigns: ``show``, ``log`` and ``list`` (they never write)."""

from __future__ import annotations

import click
from rich.text import Text

from skyforge.campaign.limits import GAMES
from skyforge.campaign.report import DEMO_NOTE, listing, log_entries, uses_demo_data
from skyforge.campaign.store import list_campaigns, load
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.campaign.views import campaign_view, demo_note
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
    state = load(campaign_file(app, name)).state
    data = state.as_dict()
    if uses_demo_data(state, app.catalog):
        data |= {"demo": True, "demo_note": DEMO_NOTE}
    render(data, as_json, lambda _: campaign_view(console(), app.catalog, state))


@click.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def log(app: App, name: str, as_json: bool) -> None:
    """List the journal's events, oldest first: what happened, and what `undo` would remove.

    \b
      skyforge campaign log spring
      skyforge campaign log spring --json
    """
    journal = load(campaign_file(app, name))

    def human(entries) -> None:
        out = console()
        for e in entries:
            out.print(Text(f"{e['index']:>3}  {e.get('at') or '':<25}  {e['summary']}"))
        demo_note(out, app.catalog, journal.state)

    render(log_entries(journal.events), as_json, human)


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

    def human(_) -> None:
        out = console()
        if not rows:
            out.print(NO_CAMPAIGNS)
        demo = False
        for path, s, error in rows:
            if s is None:
                out.print(Text.assemble((path.stem, "red"), f": cannot read — {error}"))
            else:
                mark = " (demo data)" if uses_demo_data(s, app.catalog) else ""
                demo = demo or bool(mark)
                out.print(
                    Text(
                        f"{path.stem}: {s.status}, game {s.game}/{GAMES}, gold {s.gold}, "
                        f"castle health {s.castle_health}{mark}"
                    )
                )
        if demo:
            out.print(f"[yellow]{DEMO_NOTE}[/]")

    render(listing(rows), as_json, human)
