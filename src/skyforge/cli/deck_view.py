"""``skyforge deck show/stats/diff``: what a deck holds, drawn for people (or ``--json``)."""

from __future__ import annotations

import click
from rich.text import Text

from skyforge.cli.complete import deck_names
from skyforge.cli.deck_files import load
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.output import table as new_table
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.diff import DeckDiff, diff_decks
from skyforge.workbench.entries import resolve_entries, uses_demo_data
from skyforge.workbench.odds import DEFAULT_TURNS, HAND_SIZE, MULLIGAN_COST
from skyforge.workbench.sampledraw import DrawnCard, SampleDraw, sample_draw
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
    out.print(Text.assemble(*heading, valid))
    if cards:
        d = s.draws
        out.print(
            Text(
                f"% = chance to hold at least one copy by turn {d.turns}: the {d.hand}-card "
                f"opening hand plus one card a turn ({d.cards_seen} cards seen)",
                style="dim",
            )
        )
        for group in s.groups:
            out.print(Text.assemble((f"\n{group.type.capitalize()}", "bold"), f" ({group.count})"))
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
            out.print(table)
    top = max([c.count for c in s.curve] or [0])
    out.print(Text("\nMana curve", style="bold"))
    for step in s.curve:
        label = "?" if step.cost is None else str(step.cost)
        out.print(f"  {label:>2} │{_bar(step.count, top)} {step.count or ''}")
    for title, values in (("Types", s.types), ("Rarities", s.rarities), ("Factions", s.factions)):
        top = max(values.values() or [0])
        out.print(Text(f"\n{title}", style="bold"))
        for name, n in values.items():
            out.print(f"  {name:<11}{n:>3} {_bar(n, top, 20)}")
    if s.budget or s.deck_size:
        out.print(Text("\nCastle budget", style="bold"))
        if s.castle_back:
            out.print(Text(f"  {s.castle_back}", style="dim"))
        for row in s.budget:
            if not row.allowed:
                out.print(Text(f"  {row.rarity:<11}{row.used}/0 none allowed", style="red" if row.used else "dim"))
                continue
            limit = "any" if row.max is None else row.max
            factions = row.admits
            used = f"{row.used}/{limit}"
            out.print(
                Text.assemble(
                    f"  {row.rarity:<11}",
                    (f"{used:<7}", "red" if row.over else ""),
                    (f"{factions} · ≤{row.copy_limit} of each across decks", "dim"),
                )
            )
        size = s.deck_size
        if size is not None:
            out.print(Text.assemble(f"  {'deck':<11}", (f"{size.used}/{size.wanted}", "" if size.ok else "red")))
    hand = s.opening_hand
    out.print(Text.assemble(("\nOpening hand", "bold"), f" ({hand.hand} cards; suggested mulligan: {hand.mulligan})"))
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
    out.print(table)
    if s.violations:
        out.print(Text.assemble(("\nProblems", "bold"), " (skyforge deck validate for the fixes)"))
        for v in s.violations:
            out.print(Text.assemble("  ", (v.rule, "red"), f"  {v.message}"))
    if s.demo_data:
        out.print(Text(f"\n{demo_note()}", style="dim"))


@click.command()
@click.argument("a", metavar="A", shell_complete=deck_names)
@click.argument("b", metavar="B", shell_complete=deck_names)
@json_option
@click.pass_obj
def diff(app: App, a: str, b: str, as_json: bool) -> None:
    """Compare two decks: cards added, removed and changed from A to B.

    \b
    Exit status: 0 the decks hold the same cards and castle, 1 they differ.

    \b
      skyforge deck diff demo-blue-wall my-blue-wall
    """
    changes = diff_decks(app.catalog, load(app, a), load(app, b))
    render(changes, as_json, _draw_diff)
    if not changes.same:
        raise SystemExit(1)


def _draw_diff(data: DeckDiff) -> None:
    out = console()
    a, b = data.a, data.b
    out.print(Text.assemble((a.name, "bold"), f" ({a.size}) → ", (b.name, "bold"), f" ({b.size})"))
    if a.castle != b.castle:
        out.print(f"  castle {a.castle} → {b.castle}")
    for sign, changes, style in (("+", data.added, "green"), ("-", data.removed, "red"), ("~", data.changed, "yellow")):
        for r in changes:
            change = f"{r.change:+d}" if changes is data.changed else f"{abs(r.change)}"
            detail = f" ({r.before} → {r.after})" if changes is data.changed else ""
            out.print(Text.assemble("  ", (f"{sign} {change:>3}", style), f"  {r.code}  {r.name or ''}{detail}"))
    if data.same:
        out.print("  same cards and castle")


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
