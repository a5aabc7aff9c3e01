"""Playing a campaign: each command takes one step of a game through one library action
(:mod:`skyforge.campaign.commands`) and says what it did (:mod:`.views`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.campaign import commands as actions
from skyforge.campaign import events as ev
from skyforge.campaign.limits import GOLD_MAX, GOLD_MIN, HAND, OFFERS
from skyforge.campaign.report import card_text
from skyforge.cli import stdio
from skyforge.cli.campaign.journal import update
from skyforge.cli.campaign.views import actions_view, clamp_note, effect_view
from skyforge.cli.complete import campaign_names, card_refs
from skyforge.cli.main import App
from skyforge.cli.output import json_option
from skyforge.errors import InputError, Problem
from skyforge.text import plural

if TYPE_CHECKING:
    from rich.console import Console

    from skyforge.campaign.view import CampaignView

NUMBER = {"ignore_unknown_options": True}  # so that `gold NAME -3` is a number, not an option


@click.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def mandatory(app: App, name: str, as_json: bool) -> None:
    """Apply the scenario's mandatory effect, when `next` did not (after an undo, or an older campaign).

    `campaign next` applies it as it sets up the game; `undo` takes it back.

    \b
      skyforge campaign mandatory spring
    """

    update(
        app,
        name,
        actions.resolve_mandatory,
        as_json,
        lambda out, before, after, new: effect_view(out, app.catalog, before, after, new[0], "Mandatory effect"),
    )


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.argument("action")
@json_option
@click.pass_obj
def action(app: App, name: str, action: str, as_json: bool) -> None:
    """Take a scenario action by name or number, paying (or earning) its gold.

    Each action may be taken once unless marked ∞. A Recruit X action also
    forms the offers (then use `campaign take`).

    \b
      skyforge campaign action spring "Sell supplies"
      skyforge campaign action spring 2
    """

    update(app, name, lambda s: actions.take_action(s, action), as_json, actions_view(app))


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.argument("x", type=int)
@click.option("--free", is_flag=True, help="A Recruit from another effect: no scenario action, no gold.")
@json_option
@click.pass_obj
def recruit(app: App, name: str, x: int, free: bool, as_json: bool) -> None:
    """Recruit X: each player forms three offers of the top X cards of their market deck.

    Takes the scenario's first 'Recruit X' action still takeable (paying its
    gold) unless --free. If a market deck runs short, each offer takes the top X
    cards of what is left, in turn (4 cards, Recruit 3: offers of 3 and 1).

    \b
      skyforge campaign recruit spring 2
    """

    update(app, name, lambda s: actions.recruit(s, x, free), as_json, actions_view(app))


@click.command(
    help=f"""Take offer N (1-{OFFERS}) onto the top of the deck; the rest go to the bottom of the market deck.

    \b
      skyforge campaign take spring --player Alice 2
    """
)
@click.argument("name", shell_complete=campaign_names)
@click.option("--player", help="Who takes an offer (not needed with one player).")
@click.argument("number", type=int, metavar="N")
@json_option
@click.pass_obj
def take(app: App, name: str, player: str | None, number: int, as_json: bool) -> None:
    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.OfferTaken]) -> None:
        e = new[0]
        out.print(
            Text(
                f"{e.player} takes offer {e.offer}: "
                + ", ".join(card_text(app.catalog, c) for c in e.cards)
                + f" on top of the deck; {plural(len(e.to_bottom), 'card')} to the bottom of the market deck."
            )
        )

    update(app, name, lambda s: actions.take_offer(s, player, number), as_json, say)


@click.command(
    help=f"""Earn the scenario income once its actions are done: the scenario is resolved; draw {HAND}, mulligan and play.

    \b
      skyforge campaign income spring
    """
)
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def income(app: App, name: str, as_json: bool) -> None:
    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.IncomeEarned]) -> None:
        scenario = before.current.scenario_card
        assert scenario is not None  # income is earned in a game, from its scenario
        asked = scenario.income
        out.print(
            f"Income {asked:+d}: gold {before.gold} → {after.gold}"
            + clamp_note(before.gold, new[0].change, asked)
            + f". Draw {HAND} cards, mulligan, and play!"
        )

    update(app, name, actions.earn_income, as_json, say)


@click.command(
    context_settings=NUMBER,
    help=f"""Add or remove gold (+N, -N), or set the noted value (=N or --set N).

    A change stays within {GOLD_MIN}..{GOLD_MAX} and says so when it clamps. A bare
    number (5) is asked about on a terminal — a change (+5) or the value (=5)? —
    and refused elsewhere.

    \b
      skyforge campaign gold spring +3
      skyforge campaign gold spring -2
      skyforge campaign gold spring =12
      skyforge campaign gold spring --set 12
    """,
)
@click.argument("name", shell_complete=campaign_names)
@click.argument("amount", metavar="(+N|-N|=N)", required=False)
@click.option("--set", "set_to", type=int, metavar="N", help="Set the gold to N (as =N).")
@json_option
@click.pass_obj
def gold(app: App, name: str, amount: str | None, set_to: int | None, as_json: bool) -> None:
    can_ask = stdio.interactive() and not as_json  # a question, not an output path
    change, set_to = _gold_amount(_asked_if_bare(amount, can_ask), set_to)

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.GoldAdjusted]) -> None:
        if set_to is not None:
            out.print(f"Gold {before.gold} → {after.gold} (set)")
        else:
            out.print(f"Gold {before.gold} → {after.gold}" + clamp_note(before.gold, new[0].change, change))

    if set_to is not None:
        update(app, name, lambda s: actions.set_gold(s, set_to), as_json, say)
    else:
        update(app, name, lambda s: actions.adjust_gold(s, change), as_json, say)


def _asked_if_bare(amount: str | None, can_ask: bool) -> str | None:
    """A bare number (``5``) could be a change or the value to note: on a terminal the player is
    asked which; elsewhere it stays bare and is refused with both readings."""
    text = (amount or "").strip()
    if not (text.isdigit() and can_ask):
        return amount
    sign = click.prompt(
        f"{text}: add {text} gold (+) or set the gold to {text} (=)?",
        type=click.Choice(["+", "="]),
        err=True,
    )
    return sign + text


def _gold_amount(amount: str | None, set_to: int | None) -> tuple[int, int | None]:
    """``(change, value to set)`` from ``+N``/``-N`` (a change), ``=N`` or ``--set N`` (a value)."""
    if amount is not None and set_to is not None:
        raise InputError(Problem("give a change (+N, -N) or --set N, not both"))
    if amount is None:
        if set_to is None:
            raise InputError(Problem("how much gold?", hint="+3 or -2 changes it, =12 or --set 12 sets it"))
        return 0, set_to
    text = amount.strip()
    digits = text[1:] if text[:1] in "+-=" else text
    if not digits.isdigit():
        raise InputError(Problem(f"'{amount}' is not a whole number", hint="e.g. +3, -2 or =12"))
    if text[:1] == "=":
        return 0, int(digits)
    if text[:1] not in "+-":
        raise InputError(
            Problem(
                f"'{amount}' could be a change or the value to note",
                hint=f"+{digits} or ={digits}? (+{digits} adds {digits} gold, ={digits} sets the gold to {digits})",
            )
        )
    return int(text), None


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.argument("cards", type=int, metavar="N")
@json_option
@click.pass_obj
def pillage(app: App, name: str, cards: int, as_json: bool) -> None:
    """N cards were pillaged: the Alliance loses N gold (to a minimum of 0).

    When both players pillage N cards at the same time, the Alliance loses N
    gold, not 2N: record it once.

    \b
      skyforge campaign pillage spring 2
    """

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.Pillaged]) -> None:
        out.print(
            f"{plural(cards, 'card')} pillaged: gold {before.gold} → {after.gold}"
            + clamp_note(before.gold, new[0].change, -cards)
        )

    update(app, name, lambda s: actions.pillage(s, cards), as_json, say)


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.option("--player", help="Whose deck (an alliance card).")
@click.option("--horde", "horde", is_flag=True, help="Exile a card of the campaign's horde deck instead.")
@click.option("--free", is_flag=True, help="Beyond (or without) an Exile allowance: a house rule, recorded in the log.")
@click.argument("card", shell_complete=card_refs)
@json_option
@click.pass_obj
def exile(app: App, name: str, player: str | None, horde: bool, free: bool, card: str, as_json: bool) -> None:
    """Exile a card for this and future games: from a player's deck (to the bottom of their market deck) or, with --horde, from the horde deck.

    Each player may exile as many cards as the Exile X action just taken
    allows (the next action ends it); beyond that, or with no such action,
    exiling is refused unless --free records it as a house rule.

    \b
      skyforge campaign action spring "Exile 1"
      skyforge campaign exile spring --player Bo DEMO.036
      skyforge campaign exile spring --horde DEMO.150 --free
    """

    if horde == bool(player):
        raise InputError(
            Problem(
                "give --player P (a card of their deck) or --horde (a horde card), one of the two",
                key="--horde" if player else "--player",
            )
        )
    catalog = app.catalog

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.Exiled]) -> None:
        e = new[0]
        house = (" (house rule: --free)", "yellow") if e.free else ""
        if e.horde:
            out.print(
                Text.assemble(
                    f"{card_text(catalog, e.card)} leaves the campaign's horde deck for this and future games",
                    house,
                    ".",
                )
            )
            return
        assert e.player is not None  # an exile from a player's deck names the player
        left = after.current.exile_allowance.get(e.player, 0)
        more = f" ({left} more may be exiled)" if left and not e.free else ""
        out.print(
            Text.assemble(
                f"{e.player} exiles {card_text(catalog, e.card)}: to the bottom of the market deck", house, f"{more}."
            )
        )

    update(app, name, lambda s: actions.exile(s, catalog, player, card, free=free, horde=horde), as_json, say)


@click.command(context_settings=NUMBER)
@click.argument("name", shell_complete=campaign_names)
@click.argument("health", type=int)
@json_option
@click.pass_obj
def health(app: App, name: str, health: int, as_json: bool) -> None:
    """Set the castle's health now, after an effect the tool did not apply.

    Any whole number: "There is no maximum or minimum health value" (glossary,
    HEALTH), so health above the castle's full health is kept. Scenario
    effects with a castle_health change are applied by `next` and `action`.

    \b
      skyforge campaign health spring 16
    """

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.HealthSet]) -> None:
        out.print(f"Castle health {before.castle_health} → {after.castle_health} (full {after.full_health})")

    update(app, name, lambda s: actions.set_health(s, health), as_json, say)


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.option("--won", is_flag=True, help="The alliance won the game.")
@click.option("--lost", is_flag=True, help="The alliance lost the game (and so the campaign).")
@click.option("--castle-health", type=int, help="The castle's health at the end of the game (default: as last set).")
@json_option
@click.pass_obj
def end(app: App, name: str, won: bool, lost: bool, castle_health: int | None, as_json: bool) -> None:
    """Record the end of a game (--won or --lost). Castle health and gold carry over; a lost game loses the campaign.

    \b
      skyforge campaign end spring --won --castle-health 14
      skyforge campaign end spring --won          (the health set by `campaign health`)
      skyforge campaign end spring --lost --castle-health 0
    """

    if won == lost:
        raise click.UsageError(
            "give --won or --lost (one of the two)" if not won else "--won and --lost together: give one of the two"
        )

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.GameEnded]) -> None:
        e = new[0]
        out.print(
            f"Game {e.game} {e.result}, castle health {e.castle_health} (full {after.full_health}), gold {after.gold}."
        )

    update(app, name, lambda s: actions.end_game(s, won, castle_health), as_json, say)
