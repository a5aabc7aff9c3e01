"""``skyforge deck draw``: a test draw of a deck's opening hand and first turns."""

from __future__ import annotations

import click
from rich.text import Text

from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import load
from skyforge.cli.deck_view import mulligan_option
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.entries import resolve_entries, uses_demo_data
from skyforge.workbench.odds import HAND_SIZE
from skyforge.workbench.sampledraw import DrawnCard, SampleDraw, sample_draw


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.option(
    "--hand", type=click.IntRange(1, 60), default=HAND_SIZE, show_default=True, help="Cards in the opening hand."
)
@click.option(
    "--turns",
    type=click.IntRange(0, 60),
    default=0,
    show_default=True,
    help="Then draw one card a turn for this many turns.",
)
@click.option("--seed", type=int, help="Seed of the shuffle (printed; same seed, same draw).")
@click.option(
    "--mulligan",
    is_flag=True,
    help="Take the suggested mulligan: throw back non-allies and costly cards, draw as many.",
)
@mulligan_option
@json_option
@click.pass_obj
def draw(
    app: App,
    deck_ref: str,
    hand: int,
    turns: int,
    seed: int | None,
    mulligan: bool,
    mulligan_cost: int,
    as_json: bool,
) -> None:
    """A test draw: shuffle the deck, deal an opening hand, draw the first turns.

    The opening hand is 5 cards (000 Setup "8. Draw and Mulligan"); --mulligan
    throws back every non-ally and every card costing 5 or more (--mulligan-cost),
    draws as many and shuffles the thrown-back cards in. --turns N then draws one
    card a turn. The seed is printed: --seed repeats the same draw.

    \b
      skyforge deck draw demo-blue-wall
      skyforge deck draw demo-blue-wall --mulligan --turns 3 --seed 7
      skyforge deck draw demo-blue-wall --json | jq .hand
    """
    entries = resolve_entries(app.catalog, load(app, deck_ref))
    demo = uses_demo_data(app.catalog, entries)
    result = sample_draw(entries, seed, hand, turns, mulligan, mulligan_cost, demo_data=demo)
    render(result, as_json, _draw_sample)


def _card_line(c: DrawnCard) -> Text:
    cost = f"  cost {c.cost}" if c.cost is not None else ""
    return Text.assemble("  ", c.name, (f"  {c.ref}", "dim"), f"  {c.type or 'unknown card'}{cost}")


def _draw_sample(d: SampleDraw) -> None:
    out = console()
    out.print(Text(f"Opening hand ({plural(len(d.dealt), 'card')} of {d.size}, seed {d.seed}):", style="bold"))
    for c in d.dealt:
        out.print(_card_line(c))
    if d.mulligan:
        if d.thrown_back:
            out.print(
                Text(
                    f"Mulligan: {plural(len(d.thrown_back), 'card')} thrown back, drawn again; kept hand:", style="bold"
                )
            )
            for c in d.hand:
                out.print(_card_line(c))
        else:
            out.print(Text("Mulligan: nothing to throw back; the hand is kept.", style="bold"))
    for turn, c in enumerate(d.turns, start=1):
        out.print(Text.assemble((f"Turn {turn}:", "bold"), _card_line(c)))
    out.print(Text(f"--seed {d.seed} repeats this draw", style="dim"))
    if d.demo_data:
        out.print(Text(f"\n{demo_note()}", style="dim"))
