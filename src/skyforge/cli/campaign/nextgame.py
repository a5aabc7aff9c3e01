"""``campaign next``: set up the next game (:mod:`skyforge.campaign.nextgame`). A module of its
own so that the commands played during a game (:mod:`.play`) do not import the game setup's
portals and minions.
"""

from __future__ import annotations

import click

from skyforge.campaign.nextgame import next_game
from skyforge.cli.campaign.journal import update
from skyforge.cli.campaign.views import game_view
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import json_option


@click.command("next")
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def next_(app: App, name: str, as_json: bool) -> None:
    """Set up the next game: a random scenario and portal from the piles, and the outsider.

    Game 1's outsider is its stage 1 portal; games 2 and 3 use the henchman
    on the back of a second scenario removed from the pile; game 4 the final
    outsider. Resolve the scenario next: its mandatory effects, any actions
    (campaign action / recruit), then campaign income.

    \b
      skyforge campaign next spring
    """

    update(
        app,
        name,
        lambda state: next_game(state, app.catalog),
        as_json,
        lambda out, before, after, new: game_view(out, app.catalog, before, after, new),
    )
