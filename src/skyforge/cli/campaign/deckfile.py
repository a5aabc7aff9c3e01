"""``skyforge campaign deck``: a player's deck as it stands now, as a deck file (it never changes
the campaign). A module of its own: the deck files' models and writer are imported by this
command alone, not by ``show`` and ``log``."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.campaign.playerdeck import CampaignDeck, current_deck
from skyforge.campaign.store import load
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import echo, json_option, render
from skyforge.cli.stdio import write
from skyforge.cli.syntax import force_option
from skyforge.decks.writing import deck_text
from skyforge.text import plural


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
