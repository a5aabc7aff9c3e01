"""``skyforge campaign``: the bookkeeper of a four-game Skytear Horde campaign.

The group only declares; each command lives in the module of its phase and is imported on first
use (like the command families of :mod:`skyforge.cli.main`): setting up (:mod:`.new`, the only
one that reads deck files), playing (:mod:`.play`), going back (:mod:`.rewind`: undo, redo) and
reading (:mod:`.read`; a player's deck as a deck file, :mod:`.deckfile`). Drawing is
:mod:`.views`; the command-line syntax of the next step, :mod:`.words`.
"""

from __future__ import annotations

import click

from skyforge.cli.main import LazyGroup

#: command → (module, function); the group imports a module when one of its commands is used
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("skyforge.cli.campaign.new", "new"),
    "start-deck": ("skyforge.cli.campaign.new", "start_deck"),
    "next": ("skyforge.cli.campaign.nextgame", "next_"),
    **{
        name: ("skyforge.cli.campaign.play", attr)
        for name, attr in (
            ("mandatory", "mandatory"),
            ("action", "action"),
            ("recruit", "recruit"),
            ("take", "take"),
            ("income", "income"),
            ("gold", "gold"),
            ("pillage", "pillage"),
            ("exile", "exile"),
            ("health", "health"),
            ("end", "end"),
        )
    },
    "undo": ("skyforge.cli.campaign.rewind", "undo"),
    "redo": ("skyforge.cli.campaign.rewind", "redo"),
    **{
        name: ("skyforge.cli.campaign.read", attr)
        for name, attr in (("show", "show"), ("log", "log"), ("list", "list_"))
    },
    "deck": ("skyforge.cli.campaign.deckfile", "deck"),
    "sheet": ("skyforge.cli.campaign.sheet", "sheet"),
    "merge": ("skyforge.cli.campaign.share", "merge_"),
    "merge-driver": ("skyforge.cli.campaign.share", "merge_driver"),
}


class CampaignGroup(LazyGroup):
    """The campaign's commands, each imported on first use; help and "no such command" see them all."""

    def _load_all(self, ctx: click.Context) -> None:
        for name in self.lazy:
            self.get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self._load_all(ctx)
        click.Group.format_commands(self, ctx, formatter)  # click's own listing, as before

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and self.get_command(ctx, args[0]) is None:
            self._load_all(ctx)  # click suggests a near name among the commands it has
        return click.Group.resolve_command(self, ctx, args)


@click.group(cls=CampaignGroup, lazy={name: (module, attr, "") for name, (module, attr) in COMMANDS.items()})
def campaign() -> None:
    """Run a four-game campaign (000 "Campaign Mode"): piles, gold, castle health, Recruit offers.

    Campaigns live in campaigns/NAME.toml in the workspace: a journal of
    events, written atomically under a lock. `undo` takes back the last command.
    NAME is a name, never a path.

    \b
    A campaign, step by step:
      skyforge campaign new spring --castle DEMO.001 \\
          --player Alice=demo-blue-wall --player Bo=demo-green-grove@DEMO.003 \\
          --hordes demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw \\
          --difficulty 2 --outsider "Orrun the Everwake" --seed 7
      skyforge campaign start-deck spring --player Alice --auto
      skyforge campaign start-deck spring --player Bo --auto
      skyforge campaign next spring              # scenario, portal, outsider of game 1
      skyforge campaign recruit spring 2         # the scenario's Recruit 2: three offers each
      skyforge campaign take spring --player Alice 1
      skyforge campaign take spring --player Bo 3
      skyforge campaign income spring            # scenario resolved: draw 5 and play
      skyforge campaign pillage spring 2         # during the game
      skyforge campaign end spring --won --castle-health 14
    """
