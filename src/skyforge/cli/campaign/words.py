"""The campaign's command-line syntax as the player reads it: the next step of a campaign, and
what an action allows, written as the command that takes it (``--player`` specs are read in
:mod:`skyforge.cli.campaign.new`).

What comes next is decided once, by the library (:func:`skyforge.campaign.state.next_step`);
this module only words it: as the status line says it (:func:`next_step_text`), and as the hint
of an error that says the campaign is not ready for a command (:func:`first_step_text`).
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from skyforge.campaign.state import ExileStep, GameStep, NextStep, OverStep, StartingDeckStep, TakeOfferStep
from skyforge.text import plural

if TYPE_CHECKING:
    from skyforge.campaign.events import ActionTaken, MandatoryResolved


def next_step_text(step: NextStep, campaign: str) -> str:
    """The next step in words, naming the player who must act, with the command to run."""
    name, who = shlex.quote(campaign), step.player or ""
    match step:
        case StartingDeckStep():
            return f"next: {who} chooses a starting deck (skyforge campaign start-deck {name} --player {shlex.quote(who)} --auto)"
        case TakeOfferStep():
            return f"next: {who} takes one offer (skyforge campaign take {name} --player {shlex.quote(who)} N)"
        case ExileStep(allowance=allowance) if allowance:
            return (
                f"next: {who} may exile {plural(allowance, 'card')} (skyforge campaign exile {name} "
                f"--player {shlex.quote(who)} CARD), then more actions or skyforge campaign income {name}"
            )
        case ExileStep():
            return (
                f"next: the Alliance may exile {plural(step.horde_allowance, 'horde card')} (skyforge campaign "
                f"exile {name} --horde CARD), then more actions or skyforge campaign income {name}"
            )
        case GameStep(step="next-game"):
            return f"next: set up game {step.game} (skyforge campaign next {name})"
        case GameStep(step="mandatory"):
            return f"next: the scenario's mandatory effect first (skyforge campaign mandatory {name})"
        case GameStep(step="scenario"):
            return f"resolving the scenario: the Alliance takes actions, then skyforge campaign income {name}"
        case GameStep():
            return f"playing: record pillages, then skyforge campaign end {name} --won|--lost"
        case OverStep():
            return "the campaign is won!" if step.result == "won" else "the campaign is lost"


def first_step_text(step: dict, campaign: str) -> str:
    """The step an error names (the campaign's next step, or undo, recruit or show first) as its
    hint: what to do first, and the command that does it."""
    name = shlex.quote(campaign)
    return {
        "starting-deck": f"choose the starting decks first: skyforge campaign start-deck {name} --player P --auto",
        "take-offer": f"skyforge campaign take {name} --player P N",
        "next-game": f"set up the next game: skyforge campaign next {name}",
        "mandatory": f"skyforge campaign mandatory {name}",
        "exile": f"finish resolving the scenario: skyforge campaign income {name}",
        "scenario": f"finish resolving the scenario: skyforge campaign income {name}",
        "end-game": f"record the game's end: skyforge campaign end {name} --won|--lost --castle-health N",
        "undo": f"undo it with: skyforge campaign undo {name}",
        "recruit": f"recruit first: skyforge campaign recruit {name} X",
        "show": "skyforge campaign show lists the horde deck",
    }.get(step["step"], f"the campaign is over ({step.get('result')})")


def exile_text(event: ActionTaken | MandatoryResolved, campaign: str) -> list[str]:
    """The exiles an action or mandatory effect allows, each with the command that takes them."""
    lines = []
    if event.exile:
        lines.append(
            f"each player may exile {plural(event.exile, 'card')} from their deck: "
            f"skyforge campaign exile {shlex.quote(campaign)} --player P CARD"
        )
    if event.exile_horde:
        lines.append(
            f"the Alliance may exile {plural(event.exile_horde, 'horde card')}: "
            f"skyforge campaign exile {shlex.quote(campaign)} --horde CARD"
        )
    return lines


def take_offer_text(campaign: str, waiting: list[str], players: int) -> str:
    """What to do with the offers just formed: ``waiting`` are the players with offers to take
    (a player whose market deck is empty has none), of ``players`` in the campaign."""
    name = shlex.quote(campaign)
    if not waiting:
        return "No offers to take: " + ("the market deck is empty." if players == 1 else "the market decks are empty.")
    if len(waiting) > 1:
        return f"Take one each: skyforge campaign take {name} --player P N"
    if players == 1:
        return f"Take one: skyforge campaign take {name} N"
    who = waiting[0]
    return f"{who} takes one: skyforge campaign take {name} --player {shlex.quote(who)} N"


NO_CAMPAIGNS = "No campaigns yet: skyforge campaign new NAME …"
