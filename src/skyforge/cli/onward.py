"""``skyforge onward``: hero drafts for Onward (rulebook 002)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from skyforge.cli.complete import draft_methods, draft_names, hero_names
from skyforge.cli.drafting import run_draft, saved_commands, show
from skyforge.cli.main import LazyGroup
from skyforge.cli.output import json_option
from skyforge.cli.syntax import NAMES
from skyforge.draft import onward as lib
from skyforge.draft import session as sessions
from skyforge.draft.state import RANDOM
from skyforge.errors import InputError, Problem

if TYPE_CHECKING:
    from skyforge.cli.main import App


class OnwardGroup(LazyGroup):
    """The Onward commands; ``heroes`` (the roster's models, which no draft command makes) is
    imported on first use. Otherwise a plain click group: its help, "no such command" and errors as
    click gives them in a subgroup."""

    format_commands = click.Group.format_commands
    invoke = click.Group.invoke

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and self.get_command(ctx, args[0]) is None:
            for name in self.lazy:  # click suggests a near name among the commands it has
                self.get_command(ctx, name)
        return click.Group.resolve_command(self, ctx, args)


@click.group(cls=OnwardGroup, lazy={"heroes": ("skyforge.cli.onward_heroes", "heroes", "")})
def onward() -> None:
    """Onward: draft hero teams (rulebook 002 "Choosing Heroes") and list the heroes."""


@onward.command()
@click.option(
    "--method",
    metavar="METHOD",
    shell_complete=draft_methods,
    help="random: all heroes drawn at random; snake: S1 L2 S2 L2 S1; moba: snake with two ban steps. "
    "Default random; with no restriction either, 002's fallback: one per colour, all random.",
)
@click.option("--one-per-color", is_flag=True, help="Restriction 1: one hero of each colour in a team.")
@click.option(
    "--factions",
    type=NAMES,
    metavar="SHADOW,LIGHT",
    help="Restriction 2, faction-based: Shadow's faction, then Light's (another one).",
)
@click.option(
    "--map",
    "map_",
    type=click.Choice(lib.MAPS),
    default=lib.MAPS[0],
    show_default=True,
    help="two-lane with two players: 3 heroes a team.",
)
@click.option(
    "--players", type=NAMES, metavar="A,B[,C,D]", help="Player names (2-4); assigned to Light and Shadow at random."
)
@click.option(
    "--picks",
    type=NAMES,
    metavar="HERO,...",
    shell_complete=hero_names,
    help="Choices of the turns in order (bans and picks); TEAM:HERO or PLAYER:HERO checks whose turn it is.",
)
@click.option(
    "--team-size",
    type=click.IntRange(1, 10),
    metavar="N",
    help="Heroes a team, among the catalog's formats: 4 on the two-lane map with two players, "
    'where 002 suggests 3 ("The game works regardless").',
)
@click.option(
    "--first-game",
    is_flag=True,
    help="No draft: the rulebook's teams for a first game (002 Setup K), players assigned at random.",
)
@click.option("--seed", type=int, help="Seed for the random choices (shown in the result; same seed, same draft).")
@click.option(
    "--save",
    "save_as",
    metavar="NAME",
    help="Save the draft as drafts/NAME.toml in the workspace (a name, not a path; resume with 'onward pick').",
)
@click.option("--pause", is_flag=True, help="Stop after --picks instead of filling the other turns (use with --save).")
@click.option("--force", is_flag=True, help="Overwrite a saved draft of the same name.")
@json_option
@click.pass_obj
def draft(
    app: App,
    method: str | None,
    one_per_color: bool,
    factions: list[str] | None,
    map_: str,
    players: list[str] | None,
    picks: list[str] | None,
    team_size: int | None,
    first_game: bool,
    seed: int | None,
    save_as: str | None,
    pause: bool,
    force: bool,
    as_json: bool,
) -> None:
    """Draft Onward hero teams.

    Turns that --picks does not cover are asked for when stdin is a terminal, and
    chosen at random otherwise. The result shows each team, who plays which hero,
    the bans, the seed and the setup that follows (002 Setup K-M).

    \b
      skyforge onward draft --seed 7      # nothing chosen: one per colour, all random
      skyforge onward draft --method snake --one-per-color --players Ann,Bob --seed 7
      skyforge onward draft --method moba --factions kurumo,liothan --picks "Glasswind,Sunblade"
      skyforge onward draft --map two-lane --team-size 4 --seed 7
      skyforge onward draft --first-game --players Ann,Bob,Cy,Dee --save first
    """
    if first_game:
        given = [
            flag
            for flag, value in (
                ("--method", method),
                ("--one-per-color", one_per_color),
                ("--factions", factions),
                ("--picks", picks),
                ("--pause", pause),
            )
            if value
        ]
        if given:
            raise InputError(
                Problem(
                    f"--first-game takes the rulebook's teams: nothing is drafted, so {', '.join(given)} has no use",
                    key=given[0],
                    hint="leave out " + ", ".join(given) + ", or draft without --first-game",
                )
            )
    if method in (RANDOM, None) and picks:
        raise InputError(
            Problem(
                "--picks is for snake and moba drafts; --method random draws every hero",
                hint="use --method snake or --method moba",
            )
        )
    path = sessions.draft_path(app.workspace, save_as) if save_as else None
    options = {
        "method": method,
        "one_per_color": one_per_color,
        "map_": map_,
        "seed": seed,
        "factions": lib.team_factions(factions_given(factions)),
        "players": players or None,
        "team_size": team_size,
        "first_game": first_game,
    }
    session = run_draft(
        app,
        lib.GAME,
        options,
        picks=picks,
        pause=pause,
        save_as=save_as,
        force=force,
        as_json=as_json,
        command="onward",
    )
    show(session, as_json, path)


def factions_given(parts: list[str] | None) -> list[str]:
    """``--factions SHADOW,LIGHT``: Shadow's faction, then Light's."""
    if not parts:
        return []
    if len(parts) != 2:
        raise InputError(
            Problem(
                "--factions takes two factions: Shadow's, then Light's",
                value=",".join(parts),
                has_value=True,
                hint="e.g. --factions kurumo,liothan",
            )
        )
    return parts


saved_commands(onward, lib.GAME, "Glasswind")


@onward.command()
@click.argument("name", shell_complete=draft_names)
@click.argument("player")
@click.argument("heroes", nargs=-1, required=True, shell_complete=hero_names)
@json_option
@click.pass_obj
def split(app: App, name: str, player: str, heroes: tuple[str, ...], as_json: bool) -> None:
    """Say which of their team's heroes PLAYER plays in the saved draft NAME.

    Teammates "freely split these heroes amongst teammates" (002 Setup K): until they say,
    a team's heroes are dealt in pick order. PLAYER plays HEROES (and no hero given them
    before); the team's other heroes are dealt to the teammates given none. The setup
    that follows (deck size, cards drawn) follows the split.

    \b
      skyforge onward split first Ann Vorhild Heraal
    """
    path = sessions.draft_path(app.workspace, name)
    show(sessions.split(app.catalog, path, name, lib.GAME, player, list(heroes)), as_json, path)
