"""``skyforge deck show/stats``: what a deck holds, drawn for people (or ``--json``).

``deck diff`` and ``deck draw`` live in :mod:`.deck_diff` and :mod:`.deck_draw`, so that ``deck show``
creates neither's result models.
"""

from __future__ import annotations

import click
from rich.console import RenderableType
from rich.text import Text

from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import load
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.output import table as new_table
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.odds import DEFAULT_TURNS, MULLIGAN_COST
from skyforge.workbench.stats import DeckStats, deck_stats

mulligan_option = click.option(
    "--mulligan-cost",
    type=click.IntRange(1, 20),
    default=MULLIGAN_COST,
    show_default=True,
    help="The suggested mulligan throws back non-allies and cards of this cost or more "
    "(Campaigns rulebook: 5; Monoliths: 6).",
)


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@mulligan_option
@click.option(
    "--turns",
    type=click.IntRange(0, 60),
    default=DEFAULT_TURNS,
    show_default=True,
    help="Per card, the chance to have drawn at least one copy by this turn "
    "(the 5-card opening hand plus one card a turn).",
)
@json_option
@click.pass_obj
def show(app: App, deck_ref: str, mulligan_cost: int, turns: int, as_json: bool) -> None:
    """Show a deck: cards by type, mana curve, breakdowns, castle budget, opening-hand odds.

    The odds are exact: the chance that the 5-card opening hand holds at least
    k allies of cost ≤ c, and the same after the rulebook's suggested mulligan
    (throw back every non-ally and every card costing 5 or more, draw as many).
    Beside each card, the chance to have drawn at least one copy by turn N
    (--turns; the opening hand plus one card a turn, no mulligan).

    \b
      skyforge deck show demo-blue-wall
      skyforge deck show demo-blue-wall --turns 5
      skyforge deck show demo-blue-wall --json | jq .cards
    """
    stats = deck_stats(app.catalog, load(app, deck_ref), mulligan_cost=mulligan_cost, turns=turns)
    render(stats, as_json, draw_stats)


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@mulligan_option
@json_option
@click.pass_obj
def stats(app: App, deck_ref: str, mulligan_cost: int, as_json: bool) -> None:
    """The numbers of `deck show` without the card list (--json: the same data as show).

    \b
      skyforge deck stats demo-blue-wall --json
    """
    data = deck_stats(app.catalog, load(app, deck_ref), mulligan_cost=mulligan_cost)
    render(data, as_json, lambda s: draw_stats(s, cards=False))


def _bar(n: int, top: int, width: int = 30) -> str:
    return "█" * (round(width * n / top) if top else 0)


def draw_stats(s: DeckStats, cards: bool = True) -> None:
    out = console()
    lines: list[RenderableType] = []  # drawn in one go: one print for the view, not one a line
    add = lines.append
    who = f" ({s.player})" if s.player else ""
    castle = (
        f"{s.castle} {s.castle_name}"
        if s.castle_name and s.castle != s.castle_name and ":" not in s.castle
        else s.castle_name or s.castle
    )
    valid = (
        Text("✓ valid", "green")
        if s.valid
        else Text.assemble(("✗ not valid", "red"), f" ({plural(len(s.violations), 'problem')})")
    )
    heading = (s.name, "bold"), f"{who} — castle {castle} · {plural(s.size, 'card')} · "
    add(Text.assemble(*heading, valid))
    if cards:
        d = s.draws
        add(
            Text(
                f"% = chance to hold at least one copy by turn {d.turns}: the {d.hand}-card "
                f"opening hand plus one card a turn ({d.cards_seen} cards seen)",
                style="dim",
            )
        )
        for group in s.groups:
            add(Text.assemble((f"\n{group.type.capitalize()}", "bold"), f" ({group.count})"))
            table = new_table(rule=False, show_header=False, pad_edge=False)
            for justify in ("right", "left", "left", "right", "left", "left", "right"):
                table.add_column(justify=justify)
            for c in group.cards:
                table.add_row(
                    f"  {c.count}×",
                    Text(c.code),
                    Text(c.name) if c.name else Text("not in the catalog", style="red"),
                    "" if c.cost is None else f"cost {c.cost}",
                    c.rarity or "",
                    c.faction or "",
                    f"{100 * c.drawn_by_turn:.0f}%",
                )
            add(table)
    top = max([c.count for c in s.curve] or [0])
    add(Text("\nMana curve", style="bold"))
    for step in s.curve:
        label = "?" if step.cost is None else str(step.cost)
        add(f"  {label:>2} │{_bar(step.count, top)} {step.count or ''}")
    for title, values in (("Types", s.types), ("Rarities", s.rarities), ("Factions", s.factions)):
        top = max(values.values() or [0])
        add(Text(f"\n{title}", style="bold"))
        for name, n in values.items():
            add(f"  {name:<11}{n:>3} {_bar(n, top, 20)}")
    if s.budget:
        add(Text("\nCastle budget", style="bold"))
        if s.castle_back:
            add(Text(f"  {s.castle_back}", style="dim"))
        for row in s.rarity_budget:
            if not row.allowed:
                add(Text(f"  {row.rarity:<11}{row.used}/0 none allowed", style="red" if row.used else "dim"))
                continue
            limit = "any" if row.max is None else row.max
            factions = row.admits
            used = f"{row.used}/{limit}"
            add(
                Text.assemble(
                    f"  {row.rarity:<11}",
                    (f"{used:<7}", "red" if row.over else ""),
                    (f"{factions} · ≤{row.copy_limit} of each across decks", "dim"),
                )
            )
        size = s.deck_size
        if size is not None:
            add(Text.assemble(f"  {'deck':<11}", (f"{size.used}/{size.wanted}", "" if size.ok else "red")))
    hand = s.opening_hand
    add(Text.assemble(("\nOpening hand", "bold"), f" ({hand.hand} cards; suggested mulligan: {hand.mulligan})"))
    table = new_table(rule=False, pad_edge=False)
    for column in ("at least", "allies of cost ≤", "in the deck", "opening", "after mulligan"):
        table.add_column(column, justify="right")
    for odds in hand.odds:
        table.add_row(
            str(odds.k),
            str(odds.max_cost),
            str(odds.allies),
            f"{100 * odds.opening:.1f}%",
            f"{100 * odds.after_mulligan:.1f}%",
        )
    add(table)
    if s.violations:
        add(Text.assemble(("\nProblems", "bold"), " (skyforge deck validate for the fixes)"))
        for v in s.violations:
            add(Text.assemble("  ", (v.rule, "red"), f"  {v.message}"))
    if s.demo_data:
        add(Text(f"\n{demo_note()}", style="dim"))
    out.print_all(*lines)
