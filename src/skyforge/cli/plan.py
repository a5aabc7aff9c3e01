"""``skyforge plan``: the battle plan — which alliance deck has beaten which horde."""

from __future__ import annotations

import contextlib
import shlex
from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.cli import stdio
from skyforge.cli.main import App
from skyforge.cli.output import console, echo, json_option, render, terminal_width
from skyforge.cli.output import table as new_table
from skyforge.cli.syntax import NAMES
from skyforge.decks import load_collection, load_deck
from skyforge.errors import InputError
from skyforge.rules import owned_counts
from skyforge.setup.plan import (
    RepeatedResult,
    configure,
    deck_name,
    load_plan,
    plan_path,
    plan_status,
    plan_table,
    record_result,
    result_text,
    undo_result,
)
from skyforge.text import plural
from skyforge.workbench.workspace import list_decks

if TYPE_CHECKING:
    from skyforge.setup.plan import DeckProgress, PlanResult, PlanStatus, PlanTable


@click.group(invoke_without_command=True)
@click.option("--seed", type=int, help="Seed for the random outsider (after 4 wins with one deck).")
@json_option
@click.pass_context
def plan(ctx: click.Context, seed: int | None, as_json: bool) -> None:
    """Follow the battle plan: fight every horde with each alliance deck in order.

    Without a subcommand, suggests the next match-up: the current deck (the one
    last played, until it is victorious with 6 or more wins or has fought every
    horde), the next horde in the plan's order it has not fought yet (each horde
    once, won or lost), and the outsider (the horde's suggested pairing; a
    random one after 4 or more wins with the deck). Plan 000 follows the
    Campaigns rulebook's recommendations: decks by faction in release order,
    hordes from easier to harder, then again with the second suggested
    outsider. Results are kept in plan.toml in the workspace.

    \b
      skyforge plan
      skyforge plan record liothan-shapeshifters renegade --won
      skyforge plan undo
      skyforge plan show
      skyforge plan use --plan 000
    """
    if ctx.invoked_subcommand is None:
        _next(ctx.obj, seed, as_json)


def _next(app: App, seed: int | None, as_json: bool) -> None:
    collection = app.default_collection
    owned = owned_counts(app.catalog, load_collection(collection)) if collection.exists() else None
    status = plan_status(app.catalog, load_plan(plan_path(app.workspace)), seed, owned)
    render(status, as_json, _draw_next)


def _draw_next(status: PlanStatus) -> None:
    out = console()
    out.print(Text.assemble((status.plan.name, "bold"), f" — {plural(status.games, 'game')} recorded"))
    for note in status.notes:
        out.print(f"note: {note}")
    match = status.next
    if match is not None:
        deck = next(d for d in status.decks if d.deck == match.deck)
        out.print(
            Text.assemble(
                "Next: ",
                (deck.name, "bold"),
                f" ({plural(deck.wins, 'win')}) vs ",
                (status.horde_names[match.horde], "bold"),
            )
        )
        if match.outsider:
            out.print(f"Outsider: {match.outsider} — {match.outsider_reason or ''}")
        command = f"skyforge plan record {shlex.quote(match.deck)} {shlex.quote(match.horde)}"
        out.print(f"Then: {command} --won (or --lost)")


@plan.command()
@click.argument("deck")
@click.argument("horde")
@click.option("--won/--lost", required=True, help="Did the alliance win?")
@click.option("--outsider", metavar="O", help="The outsider you played against.")
@click.option("--date", "when", metavar="YYYY-MM-DD", help="When (default today).")
@click.option(
    "--new",
    is_flag=True,
    help="DECK (or HORDE) is new to the plan: start its row. Without it, a "
    'name the plan does not know is refused with a "did you mean".',
)
@click.option(
    "--again",
    is_flag=True,
    help="The same deck, horde and result as the last game recorded: record it a second time "
    "(it was played twice). Without it a repeat is asked about on a terminal, refused elsewhere.",
)
@json_option
@click.pass_obj
def record(
    app: App,
    deck: str,
    horde: str,
    won: bool,
    outsider: str | None,
    when: str | None,
    new: bool,
    again: bool,
    as_json: bool,
) -> None:
    """Record a game: DECK (pre-made deck id or name, or your own deck's name) against HORDE.

    A deck the plan does not know yet (not a pre-made deck, not played
    before, not a deck in decks/) needs --new, so a typo never starts a row.
    The same deck, horde and result as the last game recorded is a game
    entered twice, unless --again says it was played twice; `plan undo`
    takes the last game back.

    \b
      skyforge plan record liothan-shapeshifters renegade --won
      skyforge plan record "Blue Wall" undead --lost --outsider "The Death Dealer"
      skyforge plan record my-new-deck undead --won --new
      skyforge plan record "Blue Wall" undead --lost --again
    """
    own = []
    for path in list_decks(app.workspace):
        own.append(path.stem)
        with contextlib.suppress(InputError):
            own.append(load_deck(path).name)

    def record_it(again: bool) -> PlanResult:
        return record_result(
            plan_path(app.workspace),
            app.catalog,
            deck,
            horde,
            won,
            outsider,
            when,
            new=new,
            known_decks=own,
            again=again,
        )

    try:
        result = record_it(again)
    except RepeatedResult as exc:
        can_ask = stdio.interactive() and not as_json  # a question, not an output path
        if not can_ask:
            exc.hint = "entered twice? nothing was recorded. Played twice? add --again (skyforge plan undo takes back the last game)"
            raise
        echo(f"{exc.message}.", err=True)
        if not click.confirm("Was it played twice? Record it again", default=False, err=True):
            echo("nothing recorded (skyforge plan undo takes back the last game)", err=True)
            return
        result = record_it(True)
    render(
        result,
        as_json,
        lambda r: echo(
            f"recorded: {deck_name(app.catalog, r.deck)} "
            f"{'beat' if r.won else 'lost to'} {app.catalog.hordes[r.horde].name}"
        ),
    )


@plan.command()
@json_option
@click.pass_obj
def undo(app: App, as_json: bool) -> None:
    """Take back the last game recorded (again to go further back).

    \b
      skyforge plan undo
    """
    render(
        undo_result(plan_path(app.workspace)),
        as_json,
        lambda r: echo(f"undone: {result_text(app.catalog, r.undone)}; {plural(r.games, 'game')} recorded"),
    )


@plan.command()
@json_option
@click.pass_obj
def show(app: App, as_json: bool) -> None:
    """Draw the table of alliance decks × hordes (wins/losses).

    \b
      skyforge plan show
      skyforge plan show --json
    """
    render(plan_table(app.catalog, load_plan(plan_path(app.workspace))), as_json, _draw_table)


def _draw_table(status: PlanTable) -> None:
    def result(d: DeckProgress, h: str) -> str:
        wins, losses = d.by_horde[h]
        return "·" if not (wins or losses) else f"{wins}W" + (f" {losses}L" if losses else "")

    def name_of(d: DeckProgress) -> str:
        return d.name + (" ★ victorious" if d.victorious else " (fought every horde)" if d.fought_all else "")

    # the decks × hordes grid; on a terminal too narrow for it (every horde a column), one line a
    # deck with the hordes it has fought, so no horde or deck name is cut
    width = terminal_width()
    grid = (
        sum(max(len(status.horde_names[h]), 5) + 2 for h in status.hordes)
        + max((len(name_of(d)) for d in status.decks), default=4)
        + 8
    )
    if width is not None and grid > width:
        table = new_table("deck", "wins", "hordes fought (in the plan's order)", title=Text(status.plan.name))
        for d in status.decks:
            fought = [f"{status.horde_names[h]} {result(d, h)}" for h in status.hordes if any(d.by_horde[h])]
            table.add_row(Text(name_of(d)), str(d.wins), Text(", ".join(fought)) or "—")
    else:
        table = new_table("deck", title=Text(status.plan.name))
        for h in status.hordes:
            table.add_column(Text(status.horde_names[h]), justify="center")
        table.add_column("wins", justify="right")
        for d in status.decks:
            table.add_row(Text(name_of(d)), *[result(d, h) for h in status.hordes], str(d.wins))
    out = console()
    out.print(table)
    rules = status.plan
    terms = []
    if rules.random_outsider_after:
        terms.append(f"random outsider after {rules.random_outsider_after} wins with a deck")
    if rules.victorious_after:
        terms.append(f"victorious with {rules.victorious_after} wins")
    if rules.second_outsider_pass:
        terms.append("every horde once, then again with its second suggested outsider")
    out.print(f"{'; '.join(terms) or 'every horde once with each deck'} ({rules.source})")


@plan.command()
@click.option(
    "--plan",
    "plan_id",
    metavar="ID",
    help="Battle plan to follow: 001 (Monoliths rulebook), 000 (Campaigns rulebook recommendations) or demo.",
)
@click.option("--decks", type=NAMES, metavar="D[,D…]", help="Your alliance decks, in order (default: the plan's).")
@click.option(
    "--hordes", type=NAMES, metavar="H[,H…]", help="The hordes in your collection, in order (default: the plan's)."
)
@click.pass_obj
def use(app: App, plan_id: str | None, decks: list[str] | None, hordes: list[str] | None) -> None:
    """Choose the battle plan, and the decks and hordes of your collection.

    \b
      skyforge plan use --plan demo
      skyforge plan use --hordes monoliths,sinklings,slitherers,the-brood
    """
    state = configure(plan_path(app.workspace), app.catalog, plan_id=plan_id, decks=decks, hordes=hordes)
    echo(
        f"following battle plan {state.plan}"
        + (f"; decks: {', '.join(state.decks)}" if state.decks else "")
        + (f"; hordes: {', '.join(state.hordes)}" if state.hordes else "")
    )
