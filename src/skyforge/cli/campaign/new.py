"""Setting a campaign up: ``campaign new`` (market decks, piles, horde deck) and ``start-deck``.

The ``--player NAME=DECK[@CASTLE]`` syntax is read here; the library takes the players as
:class:`~skyforge.campaign.setup.PlayerChoice` values of a
:class:`~skyforge.campaign.setup.NewCampaign` request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.campaign.limits import DIFFICULTY_LEVELS, GAMES, GOLD_START, STARTING_BASE, STARTING_LEGENDARY
from skyforge.campaign.report import card_text
from skyforge.campaign.setup import NewCampaign, PlayerChoice, begin
from skyforge.campaign.starting import (
    AUTO_RULE,
    CAPS,
    FULL,
    Ticks,
    choosing_player,
    left_out,
    rows,
    short_warning,
    starting_deck,
)
from skyforge.campaign.store import load
from skyforge.campaign.view import CampaignView, view_of
from skyforge.cli import stdio
from skyforge.cli.campaign.journal import campaign_file, update
from skyforge.cli.campaign.views import card_name, show_demo_note, status_line
from skyforge.cli.complete import campaign_names, card_refs
from skyforge.cli.main import App
from skyforge.cli.output import console, echo, json_option, render
from skyforge.cli.syntax import NAMES, parse_ticks
from skyforge.decks.specs import parse_specs
from skyforge.errors import InputError, Problem
from skyforge.text import plural

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import Console

    from skyforge.campaign.events import StartingDeck
    from skyforge.campaign.state import CampaignState


def parse_player(text: str) -> PlayerChoice:
    """``NAME=DECK``, ``NAME=DECK@CASTLE``, ``NAME@CASTLE`` or ``NAME`` (limited format)."""
    castle = None
    if "@" in text:
        text, castle = text.rsplit("@", 1)
        castle = castle.strip() or None
    name, _, decks = text.partition("=")
    name = name.strip()
    if not name:
        raise InputError(
            Problem(
                f"--player {text!r}: the player's name is missing",
                hint="write --player NAME=DECK, e.g. --player Alice=demo-blue-wall",
            )
        )
    refs = [d.strip() for d in decks.split(",") if d.strip()] if decks else []
    return PlayerChoice(name=name, decks=tuple(refs), castle=castle)


@click.command(
    help=f"""Set up a campaign: market decks, gold {GOLD_START}, scenario and portal piles, horde deck.

    Each market deck is shuffled; choose the starting decks next with
    `campaign start-deck`. Without --scenarios and --portals the ones related
    to the chosen hordes are taken (the output says which).

    \b
      skyforge campaign new spring --castle DEMO.001 --player Alice=demo-blue-wall \\
          --player Bo=demo-green-grove@DEMO.003 --outsider "Orrun the Everwake" \\
          --hordes demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw --difficulty 2
    \b
    Limited format (market = three decks shuffled together):
      skyforge campaign new solo --castle DEMO.001 --player Alice \\
          --limited demo-blue-wall,demo-red-rush,liothan-demo ...
    """
)
@click.argument("name", shell_complete=campaign_names)
@click.option("--castle", required=True, help="The campaign castle (code or name).")
@click.option(
    "--player",
    "players",
    multiple=True,
    required=True,
    metavar="NAME=DECK[@CASTLE]",
    help="A player and their market deck (a deck file or decks/NAME.toml, or a pre-made deck id). "
    "The second player gives their own castle after @ (the visiting castle). Repeat per player.",
)
@click.option("--hordes", type=NAMES, required=True, metavar="H1,H2,H3", help="Three different hordes (ids or names).")
@click.option(
    "--difficulty", required=True, type=int, help=f"Difficulty level 1-{DIFFICULTY_LEVELS} for the horde deck."
)
@click.option("--outsider", required=True, help=f"The final outsider (game {GAMES}): any non-henchman outsider.")
@click.option(
    "--scenarios", type=NAMES, metavar="S1,…,S6", help="Six scenario cards (default: those of the chosen hordes)."
)
@click.option(
    "--portals", type=NAMES, metavar="P1,…,P4", help="Four stage 1 portals (default: those of the chosen hordes)."
)
@click.option(
    "--limited",
    type=NAMES,
    multiple=True,
    metavar="DECK,DECK,DECK",
    help="Limited format: this market deck is three decks shuffled together. Give one per player "
    "written --player NAME (without =DECK), in the same order.",
)
@click.option("--seed", type=int, help="Seed for every shuffle and draw (default: a random one, kept in the file).")
@click.option("--castle-health", type=int, help="Full castle health, when the catalog does not give it.")
@json_option
@click.pass_obj
def new(
    app: App,
    name: str,
    castle: str,
    players: tuple[str, ...],
    hordes: list[str],
    difficulty: int,
    outsider: str,
    scenarios: list[str] | None,
    portals: list[str] | None,
    limited: tuple[list[str], ...],
    seed: int | None,
    castle_health: int | None,
    as_json: bool,
) -> None:
    request = NewCampaign(
        castle=castle,
        players=tuple(parse_player(p) for p in players),
        hordes=tuple(hordes),
        difficulty=difficulty,
        outsider=outsider,
        scenarios=tuple(scenarios or ()),
        portals=tuple(portals or ()),
        limited=tuple(tuple(decks) for decks in limited),
        seed=seed,
        castle_health=castle_health,
    )
    campaign = view_of(begin(app.catalog, app.workspace, name, request))
    path = campaign_file(app, name)

    def human(campaign: CampaignView) -> None:
        out = console()
        out.print(Text.assemble((f"Campaign {campaign.name}", "bold"), f" created ({path}), seed {campaign.seed}."))
        out.print(
            Text(
                f"Castle {card_name(app.catalog, campaign.castle)}, health {campaign.castle_health}; "
                f"gold {campaign.gold}."
            )
        )
        for note in campaign.notes:
            out.print(f"  {note}")
        for note in campaign.horde_deck_notes:
            out.print(f"  horde deck: {note}")
        out.print(f"  horde deck: {plural(sum(campaign.horde_deck.values()), 'card')} (campaign show lists them)")
        show_demo_note(out, app.catalog, campaign)
        out.print(status_line(campaign))

    render(campaign, as_json, human)


@click.command(
    "start-deck",
    help=f"""Take at most {STARTING_BASE} base and {STARTING_LEGENDARY} legendary cards from the market deck as the starting deck.

    On a terminal, with no cards named, the market deck's base and legendary
    cards are listed, numbered: type numbers or ranges to tick them (1 3 5-9),
    -N to untick, ? to list again, Enter to finish; Ctrl-C stops and writes
    nothing. A starting deck under {FULL} cards, when the market deck had more
    to take, is taken with a warning.

    \b
      skyforge campaign start-deck spring --player Alice
      skyforge campaign start-deck spring --player Alice --auto
      skyforge campaign start-deck spring --player Bo DEMO.036x3 DEMO.037=3 "Thicket Sentry x2" DEMO.040

    Cards are written as everywhere else: CODE or "Name" for one copy, and
    CODEx3, CODE=3 or "Name x3" for several.
    """,
)
@click.argument("name", shell_complete=campaign_names)
@click.option("--player", help="Whose starting deck (not needed with one player).")
@click.argument("cards", nargs=-1, metavar="[CARD[xN]]...", shell_complete=card_refs)
@click.option(
    "--auto",
    is_flag=True,
    help=f"Take the first {STARTING_BASE} base and {STARTING_LEGENDARY} legendary cards of the shuffled market deck.",
)
@json_option
@click.pass_obj
def start_deck(app: App, name: str, player: str | None, cards: tuple[str, ...], auto: bool, as_json: bool) -> None:
    if auto and cards:
        raise InputError(Problem("give the cards (CARD, CARDxN or CARD=N …) or --auto, not both"))
    catalog = app.catalog
    chosen: dict[str, int] = {}
    if cards:
        for spec in parse_specs(cards):
            chosen[spec.ref] = chosen.get(spec.ref, 0) + spec.count
    elif not auto:
        can_ask = stdio.interactive() and not as_json  # a prompt, not an output path
        if not can_ask:
            raise InputError(
                Problem(
                    "give the cards (CARD, CARDxN or CARD=N …) or --auto",
                    hint="on a terminal, start-deck with no cards lists the market deck to choose from",
                )
            )
        chosen = _pick(app, name, player)

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[StartingDeck]) -> None:
        p = after.player(new[0].player)
        assert p is not None  # the command found the player
        out.print(
            Text(f"{p.name}'s starting deck: {plural(p.deck_size, 'card')}; {len(p.market)} left in the market deck.")
        )
        if auto:
            out.print(f"  (--auto takes {AUTO_RULE})")

    def warnings(before: CampaignState, new: Sequence[StartingDeck]) -> list[str]:
        event = new[0]
        chooser = before.player(event.player)
        assert chooser is not None  # the command found the player
        market = chooser.market
        warning = short_warning(event.player, sum(event.cards.values()), market, catalog)
        return [warning] if warning else []

    update(app, name, lambda s: starting_deck(s, catalog, player, chosen, auto), as_json, say, warnings)


def _pick(app: App, name: str, player: str | None) -> dict[str, int]:
    """The starting deck ticked from a numbered list of the market deck, on the terminal (standard
    error, as every prompt); Ctrl-C or Ctrl-D stops with exit status 130 and nothing written."""
    catalog = app.catalog
    p = choosing_player(load(campaign_file(app, name)).state, player)
    listed = rows(p.market, catalog)
    ticks = Ticks(listed)
    out = console(stderr=True)

    def show() -> None:
        out.print(
            Text(
                f"{p.name}'s market deck: tick at most {STARTING_BASE} base and {STARTING_LEGENDARY} legendary "
                "cards for the starting deck"
            )
        )
        for row in listed:
            mark = "x" if row.number in ticks.ticked else " "
            out.print(f"{row.number:>3}. [{mark}] {card_text(catalog, row.code)}")
        others = left_out(p.market, catalog)
        if others:
            out.print(f"  ({' and '.join(f'{n} {r}' for r, n in others.items())} cards stay in the market deck)")
        out.print("Type numbers or ranges to tick (1 3 5-9), -N to untick, ? to list again, Enter to finish.")

    try:
        show()
        while True:
            answer = click.prompt(ticks.tally(), default="", show_default=False, err=True).strip()
            if not answer:
                if ticks.ticked:
                    return ticks.chosen()
                echo("  nothing ticked yet: type the numbers of the cards to take (Ctrl-C stops)", err=True)
            elif answer == "?":
                show()
            else:
                try:
                    add, remove = parse_ticks(answer, len(listed))
                except InputError as exc:
                    echo("  " + exc.render().replace("\n", "\n  "), err=True)
                    continue
                ticks.untick(remove)
                for rarity, numbers in ticks.tick(add).items():
                    echo(
                        f"  not ticked: {', '.join(map(str, numbers))} — the starting deck takes at most "
                        f"{plural(CAPS[rarity], f'{rarity} card')}, and {CAPS[rarity]} are ticked (-N unticks one)",
                        err=True,
                    )
    except (KeyboardInterrupt, click.exceptions.Abort):
        echo(f"\nstart-deck stopped: nothing was written; {p.name} has no starting deck yet", err=True)
        raise SystemExit(130) from None
