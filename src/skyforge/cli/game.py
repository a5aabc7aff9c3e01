"""``skyforge game``: set up a stand-alone Skytear Horde game and compute its difficulty."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from rich.text import Text

from skyforge.cli.main import App
from skyforge.cli.output import console, demo_marker, json_option, render
from skyforge.cli.syntax import NAMES
from skyforge.errors import InputError, Problem, option
from skyforge.setup.difficulty import total_difficulty
from skyforge.setup.rules import MODES, rulebooks, stages_of
from skyforge.setup.standalone import GameSetupRequest, game_setup
from skyforge.terms import INFERRED, inference_note, inferred_value
from skyforge.text import plural

if TYPE_CHECKING:
    from rich.console import Console

    from skyforge.setup.difficulty import DifficultyReport
    from skyforge.setup.standalone import GameSetup

rules_option = click.option(
    "--rules",
    "rulebook",
    metavar="BOOK",
    help="Follow this rulebook's setup (000 Campaigns, 001 Monoliths). "
    "Default: the book of the castle's set, else the latest book with the mode.",
)


@click.group()
def game() -> None:
    """Set up stand-alone games: castle, portals, minions, horde deck, outsider.

    \b
      skyforge game setup --first-game DEMO
      skyforge game setup --castle DEMO.001 --hordes demo-thornmaw --difficulty 3 --seed 7
      skyforge game difficulty --difficulty 2 --hordes nightmare --outsider "Silent Ambassador"
    """


@game.command()
@click.option("--castle", metavar="C", help="Castle, by code or name.")
@click.option(
    "--castle2",
    "second_castle",
    metavar="C2",
    help="Second player's castle (stays out of play; sets deck restrictions).",
)
@click.option("--hordes", type=NAMES, metavar="H[,H…]", help="Horde ids, comma separated (001: one horde).")
@click.option("--difficulty", type=int, metavar="1-5", help="Difficulty level 1-5 (picks the horde power levels).")
@click.option("--mode", type=click.Choice(MODES), help="Game mode (default solo).")
@click.option("--outsider", metavar="O", help="Outsider by name (default: the horde's suggested pairing).")
@click.option("--seed", type=int, help="Seed for everything left to chance (printed; same seed, same setup).")
@click.option("--random", "randomize", is_flag=True, help="Draw every choice not given at random.")
@click.option("--thematic", is_flag=True, help="Prefer the stage 1 portal related to the horde.")
@click.option("--first-game", metavar="SET", help="The rulebook's recommended first game: CAM, MON or DEMO.")
@click.option("--common-set", is_flag=True, help="Add the original set's Common Set horde cards (001).")
@rules_option
@json_option
@click.pass_obj
def setup(app: App, as_json: bool, **choices: Any) -> None:
    """Tell the players exactly how to set up a stand-alone game.

    Prints the castle and its starting health, the portal pile (top first), the
    health tokens on each minion, the horde deck for the difficulty level (card by
    card, with the level-3 extra random card), the outsider and how it enters, the
    horde player's setup in competitive modes, and the draw-and-mulligan steps.
    The two rulebooks differ (minion tokens, portal pile): the output says which
    book it follows. Data the catalog lacks is listed under "missing".

    \b
      skyforge game setup --first-game DEMO
      skyforge game setup --first-game CAM
      skyforge game setup --castle DEMO.002 --hordes demo-ironwraiths --difficulty 3 --mode coop --seed 42
      skyforge game setup --random --seed 5 --json
    """
    result = game_setup(app.catalog, GameSetupRequest(**choices))
    render(result, as_json, _show_setup)


@game.command()
@click.option("--difficulty", "level", type=int, required=True, metavar="1-5", help="Baseline difficulty level.")
@click.option("--hordes", type=NAMES, metavar="H[,H…]", help="Horde ids, comma separated.")
@click.option("--outsider", metavar="O", help="Outsider by name.")
@rules_option
@json_option
@click.pass_obj
def difficulty(
    app: App, level: int, hordes: list[str] | None, outsider: str | None, rulebook: str | None, as_json: bool
) -> None:
    """Total difficulty: level + horde modifiers + outsider modifiers.

    Each term is shown with its source (001 "Total Difficulty Level": +0 easy,
    +0.5 medium, +1 hard horde; +0.5 for The Ancient Outsider or Silent
    Ambassador; +1 per card of a colossal outsider). Where a value is unknown
    ("Harder" hordes of 000, an outsider whose type is not in the catalog) or the
    books disagree, it says so and gives no total rather than guessing.

    \b
      skyforge game difficulty --difficulty 3 --hordes monoliths --outsider "Purple Circle"
      skyforge game difficulty --difficulty 2 --hordes the-brood --rules 001
      skyforge game difficulty --difficulty 4 --hordes demo-thornmaw --outsider "Grumbleback the Mountain"
    """
    if rulebook is not None and rulebook not in rulebooks(app.catalog):
        raise InputError(
            Problem(
                f"no rulebook '{rulebook}'",
                key=option("rulebook"),
                value=rulebook,
                has_value=True,
                hint=f"rulebooks: {', '.join(rulebooks(app.catalog))}",
            )
        )
    report = total_difficulty(app.catalog, level, [app.catalog.horde(h) for h in hordes or []], outsider, rulebook)
    render(report, as_json, _show_difficulty_marked)


def _show_difficulty_marked(report: DifficultyReport) -> None:
    _show_difficulty(report)
    marker = demo_marker(report.provenances)
    if marker:
        console().print(Text(marker, style="yellow"))


def _num(value: float | None) -> str:
    return "?" if value is None else f"{value:g}"


def _show_difficulty(report: DifficultyReport, out: Console | None = None) -> None:
    out = out or console()
    for term in report.terms:
        sign = "" if term is report.terms[0] else "+"
        out.print(f"  {sign}{_num(term.value):>5}  {term.label}")
        if term.source:
            out.print(Text(f"         {term.source}", style="dim"))
        if term.note:
            out.print(Text(f"         {term.note}", style="yellow"))
    if report.total is not None:
        out.print(Text.assemble("  ", (f"= {report.total:g}", "bold"), " total difficulty"))
    else:
        out.print(
            Text.assemble(
                "  ",
                ("= unknown", "bold"),
                f" total difficulty: {report.known_total:g} plus {', '.join(report.unknown)} (not stated; not guessed)",
            )
        )
    for note in report.notes:
        out.print(f"  note: {note}")


#: the setup's JSON keys that may be inferences, in the words of its human view
_SETUP_WORDS = {"alliance_decks": "suggested decks", "outsider_type": "outsider type"}


def _show_setup(s: GameSetup) -> None:
    out = console()
    title = f"Stand-alone game — {s.mode}, difficulty level {s.level}"
    if s.first_game:
        title += f" (first game, {s.first_game.id})"
    out.print(Text(title, style="bold"))
    out.print(f"Follows {s.rule_reason}; seed {s.seed}")
    out.print()

    def step(n: int, name: str, lines: list[str]) -> None:
        out.print(Text(f"{n}. {name}", style="bold"))
        for line in lines:
            out.print(f"   {line}")

    health = f"starting health {s.castle.health}" if s.castle.health is not None else "starting health unknown"
    castle_lines = [f"{s.castle.code or '—'}  {s.castle.name} ({health})"]
    if s.castle2 is not None:
        castle_lines.append(f"second player's castle, out of play: {s.castle2.code or '—'}  {s.castle2.name}")
    step(1, "Castle", castle_lines)
    decks = [
        plural(s.rule.alliance_players, "alliance player") + (" and a horde player" if s.rule.horde_player else "")
    ]
    if s.decks:
        decks.append("suggested decks: " + inferred_value(", ".join(s.decks), "alliance_decks", s.inferred))
    step(2, "Alliance decks", decks)
    portal_lines = [
        f"top → bottom, {plural(len(s.portals), 'card')}"
        + (f", the portals of level {s.level}" if s.level_by_portals else "")
        + ":"
        if s.portals
        else "no portals in the catalog for this pile (see Missing from the catalog, below)"
    ]
    portal_lines += [
        f"  stage {'/'.join(map(str, stages_of(p)))}: {p.code or '—'}  {p.name}" + (f" [{p.horde}]" if p.horde else "")
        for p in s.portals
    ]
    if s.rule.portal_note:
        portal_lines.append(s.rule.portal_note)
    step(3, "Portal pile", portal_lines)
    minion_lines = [s.minion_rule[0].upper() + s.minion_rule[1:] + ":"]
    minion_lines += [f"  {name}: {plural(n, 'token')}" for name, n in s.minions.items()]
    step(4, "Minions", minion_lines)
    total = sum(line.count for line in s.horde_deck)
    horde_lines = [", ".join(h.name for h in s.hordes) + f" — {total} cards:"]
    for line in s.horde_deck:
        extra = "  (extra random card)" if line.extra else ""
        horde_lines.append(f"  {line.count}× {line.card.code or '—'}  {line.card.name}  power {line.card.power}{extra}")
    step(5, "Horde deck", horde_lines)
    name = s.outsider[0].name if s.outsider else "?"
    outsider_lines = [
        f"{name}"
        + (f" ({s.outsider_type}{f', {INFERRED}' if 'outsider_type' in s.inferred else ''})" if s.outsider_type else "")
        + ": "
        + ", ".join(c.code or c.name for c in s.outsider)
    ]
    if s.outsider_enters:
        outsider_lines.append(s.outsider_enters)
    step(6, "Outsider", outsider_lines)
    n = 7
    if s.rule.horde_player:
        step(n, "Horde player", s.rule.horde_player_rules)
        n += 1
    reminders = list(s.rule.reminders)
    if s.first_game:
        reminders += [x for x in s.first_game.steps if x.startswith("Mulligan")]
    step(n, "Draw and mulligan", reminders)
    out.print()
    out.print(Text("Total difficulty", style="bold"))
    _show_difficulty(s.difficulty, out)
    if s.random_picks:
        out.print()
        out.print(Text.assemble(("Drawn at random", "bold"), f" (seed {s.seed}):"))
        for pick in s.random_picks:
            out.print(f"  {pick}")
    if s.notes or s.inferred:
        out.print()
        for note in s.notes:
            out.print(f"note: {note}")
        for field, why in s.inferred.items():
            out.print(f"note: {inference_note(_SETUP_WORDS.get(field, field), why)}")
    if s.missing:
        out.print()
        out.print(Text.assemble(("Missing from the catalog", "bold yellow"), " (the steps above still apply):"))
        for item in s.missing:
            out.print(f"  - {item}")
    if s.first_game and s.missing:
        out.print()
        out.print(Text.assemble((f"The rulebook's first game ({s.first_game.id})", "bold"), ", step by step:"))
        for said in s.first_game.steps:
            out.print(f"  - {said}")
    marker = demo_marker(s.provenances)
    if marker:
        out.print(Text(f"\n{marker}", style="dim"))
