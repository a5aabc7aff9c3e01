"""Reading campaigns: ``show``, ``log``, ``list`` and ``deck`` (they never change a campaign)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from skyforge.campaign.limits import GAMES
from skyforge.campaign.playerdeck import current_deck
from skyforge.campaign.report import DEMO_NOTE, campaign_cards, card_table, listing, log_entries, uses_demo_data
from skyforge.campaign.store import list_campaigns, load
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
    state = load(campaign_file(app, name)).state
    data = state.as_dict()
    data["cards"] = card_table(app.catalog, campaign_cards(state))
    if uses_demo_data(state, app.catalog):
        data |= {"demo": True, "demo_note": DEMO_NOTE}
    render(data, as_json, lambda _: campaign_view(console(), app.catalog, state))


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

    def human(_: object) -> None:
        out = console()
        log_lines(out, entries)
        if undone:
            out.print("undone (`campaign redo` puts them back, in this order, until another command is recorded):")
            log_lines(out, undone, mark="undone ")
        show_demo_note(out, app.catalog, journal.state)

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

    def human(_: object) -> None:
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
    now = current_deck(journal.state, journal.events, player)
    text = deck_text(now.deck, app.catalog)
    data = {
        "deck": now.deck.model_dump(by_alias=True, exclude_none=True),
        "size": now.size,
        "starting": now.starting,
        "recruited": now.recruited,
        "exiled": now.exiled,
        "file": None if output is None or str(output) == "-" else str(output),
        "cards": card_table(app.catalog, now.deck.cards),
    }

    def printed(_: object) -> None:
        write(None, text)  # as `deck export` prints a file: never wrapped

    if data["file"] is None:  # printed: the deck file's text, or the JSON
        render(data, as_json, printed)
        return
    write(output, text, force=force)
    render(
        data,
        as_json,
        lambda _: echo(
            f"{now.deck.player}'s deck in campaign {journal.state.name} → {output}: {plural(now.size, 'card')} "
            f"(starting deck {now.starting}, recruited {now.recruited}, exiled {now.exiled})"
        ),
    )
