"""``skyforge arena``: Skybound: Arena hero teams (rulebook 003)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.cli.complete import hero_names
from skyforge.cli.drafting import run_draft, saved_commands, show
from skyforge.cli.output import console, json_option, render, table
from skyforge.cli.stdio import STDIN, read_stdin
from skyforge.cli.syntax import NAMES
from skyforge.draft import arena as lib
from skyforge.draft import rosters
from skyforge.draft import session as sessions
from skyforge.draft import teams as arena_teams
from skyforge.draft.common import demo_heroes_note
from skyforge.errors import InputError, Problem
from skyforge.results import ResultList
from skyforge.terms import inference_note, inferred_value

if TYPE_CHECKING:
    from skyforge.cli.main import App


@click.group()
def arena() -> None:
    """Skybound: Arena: draft, check and set up teams of 5 heroes, one per class (rulebook 003)."""


@arena.command()
@json_option
@click.pass_obj
def heroes(app: App, as_json: bool) -> None:
    """List the Arena heroes with their class (colour), so you can choose teams of one hero per class.

    \b
      skyforge arena heroes
      skyforge arena heroes --json
    """
    render(rosters.arena_roster(app.catalog), as_json, draw_heroes)


def draw_heroes(rows: ResultList[rosters.ArenaHero]) -> None:
    heroes = table("hero", "code", "class", "action cards", "data")
    for h in rows:
        heroes.add_row(
            Text(h.name),
            Text(h.code or "—"),
            Text(inferred_value(h.hero_class, "class", h.inferred) if h.hero_class else "?"),
            str(h.action_cards),
            h.provenance,
        )
    out = console()
    out.print(heroes)
    for h in rows:
        for field, why in h.inferred.items():
            out.print(Text(inference_note(f"{h.name}'s {field}", why), style="dim"))


@arena.command()
@click.option(
    "--players",
    type=NAMES,
    metavar="A,B[,C,D]",
    required=True,
    help="The two players, A picks first; four with --two-vs-two (A and C against B and D).",
)
@click.option(
    "--two-vs-two",
    is_flag=True,
    help="Four players, two a side: each drafts a team of 5 in turn order A, B, C, D (50 points wins).",
)
@click.option(
    "--picks",
    type=NAMES,
    metavar="HERO,...",
    shell_complete=hero_names,
    help="Choices of the turns in order; PLAYER:HERO checks whose turn it is.",
)
@click.option("--seed", type=int, help="Seed for the random choices (same seed, same draft).")
@click.option(
    "--save",
    "save_as",
    metavar="NAME",
    help="Save the draft as drafts/NAME.toml in the workspace (a name, not a path; resume with 'arena pick').",
)
@click.option("--pause", is_flag=True, help="Stop after --picks instead of filling the other turns.")
@click.option("--force", is_flag=True, help="Overwrite a saved draft of the same name.")
@json_option
@click.pass_obj
def draft(
    app: App,
    players: list[str],
    two_vs_two: bool,
    picks: list[str] | None,
    seed: int | None,
    save_as: str | None,
    pause: bool,
    force: bool,
    as_json: bool,
) -> None:
    """Draft Arena teams: turns alternate until each player has 5 heroes, at most one per class.

    Turns that --picks does not cover are asked for when stdin is a terminal, and
    chosen at random otherwise. With --two-vs-two, four players draft a team each,
    one hero a turn in turn order (skyforge's reading: 003 gives the draft for two);
    `arena setup --draft NAME` then sets up the two versus two game.

    \b
      skyforge arena draft --players Ann,Bob --seed 3
      skyforge arena draft --players Ann,Bob,Cy,Dee --two-vs-two --save duo
    """
    if not two_vs_two and len(players) == 4:
        raise InputError(
            Problem(
                "four players draft a two versus two game",
                key="--players",
                value=",".join(players),
                has_value=True,
                hint="add --two-vs-two (A and C against B and D)",
            )
        )
    path = sessions.draft_path(app.workspace, save_as) if save_as else None
    options = {"players": players, "seed": seed, "two_vs_two": two_vs_two}
    session = run_draft(
        app, lib.GAME, options, picks=picks, pause=pause, save_as=save_as, force=force, as_json=as_json, command="arena"
    )
    show(session, as_json, path)


saved_commands(arena, lib.GAME, "Ashka")


@arena.group()
def team() -> None:
    """Arena team files (teams/NAME.toml): check a team before you play it.

    A team file holds schema = 1, player = "…" and heroes = ["…", …] (5 heroes).

    \b
      skyforge arena team validate ann              # teams/ann.toml
      skyforge arena team validate my-teams/bo.toml
    """


@team.command()
@click.argument("team")
@json_option
@click.pass_obj
def validate(app: App, team: str, as_json: bool) -> None:
    """Check a TEAM (a .toml file, NAME for teams/NAME.toml, or '-' for standard input): 5 heroes, at most one of any class (colour).

    Exit 1 when it breaks a rule (every broken rule is listed).

    \b
      skyforge arena team validate ann
      skyforge arena team validate teams/ann.toml --json
    """
    if team == "-":
        data = arena_teams.validate(app.catalog, Path(STDIN), read_stdin())
    else:
        data = arena_teams.validate(app.catalog, arena_teams.team_path(app.workspace, team))
    render(data, as_json, draw_check)
    if not data.valid:
        raise SystemExit(1)


def draw_check(data: arena_teams.TeamCheck) -> None:
    out = console()
    verdict = ("valid", "green") if data.valid else ("invalid", "red")
    out.print(Text.assemble(f"{data.file}: {data.player}: ", verdict))
    for h in data.heroes:
        cls = inferred_value(h.hero_class, "class", h.inferred) if h.hero_class else "class unknown"
        out.print(f"  {h.name} ({cls})")
    for v in data.violations:
        out.print(Text.assemble("  ", (v.rule, "red"), f": {v.message}"))
    for h in data.heroes:
        for field, why in h.inferred.items():
            out.print(Text(inference_note(f"{h.name}'s {field}", why), style="dim"))
    note = demo_heroes_note(data.demo_heroes, len(data.heroes))
    if note:
        out.print(Text(note, style="yellow"))


@arena.command()
@click.argument("teams", nargs=-1)
@click.option("--draft", "draft_name", metavar="NAME", help="Take both teams from the saved arena draft NAME.")
@click.option("--first", metavar="PLAYER", help="Who goes first (with --draft: the player who picked second decides).")
@click.option("--two-vs-two", is_flag=True, help="Four teams, two a side; teammates alternate turns; 50 points wins.")
@json_option
@click.pass_obj
def setup(
    app: App, teams: tuple[str, ...], draft_name: str | None, first: str | None, two_vs_two: bool, as_json: bool
) -> None:
    """Set up a game: each player's 25-card deck, cards drawn, score to win.

    TEAMS are team files in turn order (or NAME for teams/NAME.toml; '-' for
    one read from standard input), one per player. The first player draws 5, the second 6; with more players each
    draws 5 plus one per earlier player.

    \b
      skyforge arena setup ann bob --first bob
      skyforge arena setup --draft friday
    """
    entries = arena_teams.read_teams(app.workspace, list(teams), read_stdin() if "-" in teams else None)
    drafted = sessions.load(app.catalog, sessions.draft_path(app.workspace, draft_name)) if draft_name else None
    data = arena_teams.game_setup(
        app.catalog, entries, draft=drafted, draft_name=draft_name or "", first=first, two_vs_two=two_vs_two
    )
    render(data, as_json, draw_setup)


def draw_setup(data: arena_teams.ArenaSetup) -> None:
    out = console()
    out.print(Text.assemble(("Skybound: Arena", "bold"), f" — {data.mode}; first to {data.score_to_win} points wins"))
    if data.sides:
        out.print("sides: " + " vs ".join(" & ".join(s) for s in data.sides))
    for p in data.players:
        out.print(
            Text(
                f"{p.turn}. {p.player}: bench {', '.join(p.heroes)}; deck of {p.deck_size} action cards; draw {p.draw}"
            )
        )
        for m in p.action_cards_missing:
            out.print(f"   action cards not known: {m}")
    if data.first_player:
        out.print(data.first_player)
    note = demo_heroes_note(
        list(dict.fromkeys(h for p in data.players for h in p.demo_heroes)),
        len({h for p in data.players for h in p.heroes}),
    )
    if note:
        out.print(Text(note, style="yellow"))
