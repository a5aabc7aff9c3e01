"""``skyforge campaign``: the bookkeeper of a four-game Skytear Horde campaign."""

from __future__ import annotations

from collections import Counter

import click

from skyforge.cli.complete import campaign_names, card_refs
from skyforge.cli.main import App
from skyforge.cli.output import json_option
from skyforge.text import plural

NUMBER = {"ignore_unknown_options": True}   # so that `gold NAME -3` is a number, not an option


@click.group()
def campaign() -> None:
    """Run a four-game campaign (000 "Campaign Mode"): piles, gold, castle health, Recruit offers.

    Campaigns live in campaigns/NAME.toml in the workspace: a journal of
    events, written atomically under a lock. `undo` removes the last event.
    NAME is a name, never a path.

    \b
    A campaign, step by step:
      skyforge campaign new spring --castle DEMO.001 \\
          --player Alice=demo-blue-wall --player Bo=demo-green-grove@DEMO.003 \\
          --hordes demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw \\
          --difficulty 2 --outsider "Orrun the Everwake" --seed 7
      skyforge campaign start-deck spring --player Alice --auto
      skyforge campaign start-deck spring --player Bo --auto
      skyforge campaign next spring              # scenario, portal, outsider of game 1
      skyforge campaign recruit spring 2         # the scenario's Recruit 2: three offers each
      skyforge campaign take spring --player Alice 1
      skyforge campaign take spring --player Bo 3
      skyforge campaign income spring            # scenario resolved: draw 5 and play
      skyforge campaign pillage spring 2         # during the game
      skyforge campaign end spring --won --castle-health 14
    """


def _path(app: App, name: str):
    from skyforge.campaign.store import campaign_path

    return campaign_path(app.workspace, name)


def _update(app: App, name: str, command, as_json: bool, say=None):
    """Run a command under the lock, then print what happened (or JSON)."""
    from skyforge.campaign.store import update

    before, after, new = update(_path(app, name), command)
    if as_json:
        from skyforge.campaign.events import event_dict
        from skyforge.cli.output import emit_json

        emit_json({"events": [event_dict(e) for e in new], "campaign": after.as_dict()})
        return after
    out = _console()
    if say is not None:
        say(out, before, after, new)
    out.print(_status_line(after))
    return after


def _console():
    from skyforge.cli.output import console

    return console()


def _status_line(state) -> str:
    return (f"[dim]{_esc(state.name)}: game {state.game}/4 · gold {state.gold} · castle health "
            f"{state.castle_health} (full {state.full_health}) · {_next_step(state)}[/]")


def _next_step(state) -> str:
    """The next step in words, naming the player who must act, with the command to run."""
    from skyforge.campaign.state import next_step

    step = next_step(state)
    name, who = _q(state.name), _esc(step.get("player") or "")
    kind = step["step"]
    if kind == "starting-deck":
        return f"next: {who} chooses a starting deck (skyforge campaign start-deck {name} --player {_q(who)} --auto)"
    if kind == "take-offer":
        return f"next: {who} takes one offer (skyforge campaign take {name} --player {_q(who)} N)"
    if kind == "next-game":
        return f"next: set up game {step['game']} (skyforge campaign next {name})"
    if kind == "exile":
        if step["allowance"]:
            return (f"next: {who} may exile {plural(step['allowance'], 'card')} (skyforge campaign exile {name} "
                    f"--player {_q(who)} CARD), then more actions or skyforge campaign income {name}")
        return (f"next: the Alliance may exile {plural(step['horde_allowance'], 'horde card')} (skyforge campaign exile "
                f"{name} --horde CARD), then more actions or skyforge campaign income {name}")
    if kind == "mandatory":
        return f"next: the scenario's mandatory effect first (skyforge campaign mandatory {name})"
    if kind == "scenario":
        return f"resolving the scenario: the Alliance takes actions, then skyforge campaign income {name}"
    if kind == "end-game":
        return f"playing: record pillages, then skyforge campaign end {name} --won|--lost"
    return "the campaign is won!" if step.get("result") == "won" else "the campaign is lost"


def _q(text: str) -> str:
    """A word of a suggested command, quoted for the shell when it needs it (and escaped for rich)."""
    import shlex

    return _esc(shlex.quote(text))


def _name(app: App, code: str) -> str:
    from rich.markup import escape

    try:
        card = app.catalog.find(code)
    except Exception:   # noqa: BLE001 - a name is a nicety; the code is enough
        card = None
    return escape(f"{code} {card.name}" if card is not None and card.code else code)


# --------------------------------------------------------------------------- new


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@click.option("--castle", required=True, help="The campaign castle (code or name).")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME=DECK[@CASTLE]",
              help="A player and their market deck (a deck file or decks/NAME.toml, or a pre-made deck id). "
                   "The second player gives their own castle after @ (the visiting castle). Repeat per player.")
@click.option("--hordes", required=True, metavar="H1,H2,H3", help="Three different hordes (ids or names).")
@click.option("--difficulty", required=True, type=int, help="Difficulty level 1-5 for the horde deck.")
@click.option("--outsider", required=True, help="The final outsider (game 4): any non-henchman outsider.")
@click.option("--scenarios", metavar="S1,…,S6", help="Six scenario cards (default: those of the chosen hordes).")
@click.option("--portals", metavar="P1,…,P4", help="Four stage 1 portals (default: those of the chosen hordes).")
@click.option("--limited", multiple=True, metavar="DECK,DECK,DECK",
              help="Limited format: this market deck is three decks shuffled together. Give one per player "
                   "written --player NAME (without =DECK), in the same order.")
@click.option("--seed", type=int, help="Seed for every shuffle and draw (default: a random one, kept in the file).")
@click.option("--castle-health", type=int, help="Full castle health, when the catalog does not give it.")
@json_option
@click.pass_obj
def new(app: App, name: str, castle: str, players: tuple[str, ...], hordes: str, difficulty: int, outsider: str,
        scenarios: str | None, portals: str | None, limited: tuple[str, ...], seed: int | None,
        castle_health: int | None, as_json: bool) -> None:
    """Set up a campaign: market decks, gold 10, scenario and portal piles, horde deck.

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
    from skyforge.campaign.commands import new_campaign, parse_player
    from skyforge.campaign.store import create

    def split(text: str | None) -> list[str] | None:
        return [t.strip() for t in text.split(",") if t.strip()] if text else None

    created = new_campaign(
        app.catalog, app.workspace, name, castle=castle, players=[parse_player(p) for p in players],
        hordes=split(hordes) or [], difficulty=difficulty, outsider=outsider, scenarios=split(scenarios),
        portals=split(portals), limited=[split(x) or [] for x in limited], seed=seed, castle_health=castle_health)
    state = create(_path(app, name), created)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(state.as_dict())
        return
    out = _console()
    out.print(f"[bold]Campaign {state.name}[/] created ({_path(app, name)}), seed {state.seed}.")
    out.print(f"Castle {_name(app, state.castle)}, health {state.castle_health}; gold {state.gold}.")
    for note in state.notes:
        out.print(f"  {_esc(note)}")
    for note in state.horde_deck_notes:
        out.print(f"  horde deck: {_esc(note)}")
    out.print(f"  horde deck: {plural(sum(state.horde_deck.values()), 'card')} (campaign show lists them)")
    _demo_note(out, app, state)
    out.print(_status_line(state))


def _demo_note(out, app: App, state) -> None:
    from skyforge.campaign.commands import DEMO_NOTE, uses_demo_data

    if uses_demo_data(state, app.catalog):
        out.print(f"[yellow]{DEMO_NOTE}[/]")


def _esc(text: str) -> str:
    from rich.markup import escape

    return escape(text)


# --------------------------------------------------------------------------- starting decks


@campaign.command("start-deck")
@click.argument("name", shell_complete=campaign_names)
@click.option("--player", required=True, help="Whose starting deck.")
@click.argument("cards", nargs=-1, metavar="[CARD[xN]]...", shell_complete=card_refs)
@click.option("--auto", is_flag=True, help="Take the first 18 base and 2 legendary cards of the shuffled market deck.")
@json_option
@click.pass_obj
def start_deck(app: App, name: str, player: str, cards: tuple[str, ...], auto: bool, as_json: bool) -> None:
    """Take at most 18 base and 2 legendary cards from the market deck as the starting deck.

    \b
      skyforge campaign start-deck spring --player Alice --auto
      skyforge campaign start-deck spring --player Bo DEMO.036x3 DEMO.037=3 "Thicket Sentry x2" DEMO.040

    Cards are written as everywhere else: CODE or "Name" for one copy, and
    CODEx3, CODE=3 or "Name x3" for several.
    """
    from skyforge.campaign.commands import starting_deck
    from skyforge.decks.specs import parse_specs
    from skyforge.errors import InputError, Problem

    if auto == bool(cards):
        raise InputError(Problem("give the cards (CARD, CARDxN or CARD=N …) or --auto (one of the two)"))
    chosen: dict[str, int] = {}
    for spec in parse_specs(cards):
        chosen[spec.ref] = chosen.get(spec.ref, 0) + spec.count
    catalog = app.catalog

    def say(out, before, after, new):
        p = after.player(player)
        out.print(f"{p.name}'s starting deck: {plural(sum(p.deck.values()), 'card')}; {len(p.market)} left in the market deck.")

    _update(app, name, lambda s: starting_deck(s, catalog, player, chosen, auto), as_json, say)


# --------------------------------------------------------------------------- a game


@campaign.command("next")
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def next_(app: App, name: str, as_json: bool) -> None:
    """Set up the next game: a random scenario and portal from the piles, and the outsider.

    Game 1's outsider is its stage 1 portal; games 2 and 3 use the henchman
    on the back of a second scenario removed from the pile; game 4 the final
    outsider. Resolve the scenario next: its mandatory effects, any actions
    (campaign action / recruit), then campaign income.

    \b
      skyforge campaign next spring
    """
    from skyforge.campaign.commands import next_game

    def say(out, before, after, new):
        c = after.current
        out.print(f"[bold]Game {after.game}[/]: scenario {_esc(c.scenario.name)} ({c.scenario.code}), "
                  f"portal {_esc(c.portal.name)} ({c.portal.code})")
        where = {1: "the stage 1 portal — you win at the end of the turn in which you destroy it",
                 4: "the final outsider"}.get(after.game)
        if c.henchman_scenario is not None:
            where = f"the henchman on the back of {c.henchman_scenario.name} ({c.henchman_scenario.code})"
        out.print(f"Outsider: {_esc(c.outsider)} ({where})")
        mandatory = next((e for e in new if e.type == "mandatory-resolved"), None)
        _scenario_view(out, after, None if mandatory is None else
                       lambda o: _say_effect(o, app, before, after, mandatory, None, reminder=False, indent="    "))
        _demo_note(out, app, after)

    _update(app, name, next_game, as_json, say)


def _scenario_view(out, state, applied=None) -> None:
    """The scenario's mandatory effect, actions and income; ``applied(out)`` says what the mandatory
    effect just did, under its line."""
    c = state.current
    if c.scenario is None:
        return
    effect = c.scenario.mandatory_effect()
    if effect is not None:
        done = "" if not c.mandatory_resolved else \
            " [yellow](by hand: a reminder)[/]" if effect.pending() else " [green](applied)[/]"
        out.print(f"  [bold]Mandatory[/] first: {_esc(effect.text or '')}{done}")
        if applied is not None:
            applied(out)
    for i, a in enumerate(c.scenario.actions, 1):
        taken = c.actions_taken.count(a.name)
        mark = f" [green](taken{' ×' + str(taken) if taken > 1 else ''})[/]" if taken else ""
        gold = f"{a.gold:+d}" if a.gold else "0"
        rep = " ∞" if a.repeatable else ""
        text = f" — {_esc(a.text)}" if a.text else ""
        out.print(f"  {i}. {gold:>3} gold  {_esc(a.name)}{rep}{text}{mark}")
    out.print(f"  Income: {c.scenario.income:+d} gold" + (" [green](earned)[/]" if c.income_earned else ""))
    for reminder in c.reminders:
        out.print(f"  [yellow]Reminder[/] (by hand, before the income): {_esc(reminder)}")


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def mandatory(app: App, name: str, as_json: bool) -> None:
    """Apply the scenario's mandatory effect, when `next` did not (after an undo, or an older campaign).

    `campaign next` applies it as it sets up the game; `undo` takes it back.

    \b
      skyforge campaign mandatory spring
    """
    from skyforge.campaign.commands import resolve_mandatory

    def say(out, before, after, new):
        _say_effect(out, app, before, after, new[0], "Mandatory effect")

    _update(app, name, resolve_mandatory, as_json, say)


@campaign.command()
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
    from skyforge.campaign.commands import take_action

    _update(app, name, lambda s: take_action(s, action), as_json, _say_action(app))


def _say_action(app: App):
    def say(out, before, after, new):
        for event in new:
            if event.type == "action-taken":
                out.print(f"{_esc(event.action)}: gold {before.gold} → {before.gold + event.change}"
                          + _clamp_note(before.gold, event.change, _printed(before, event.action)))
                _say_effect(out, app, before, after, event, None)
            elif getattr(event, "offers", None):
                _offers_view(out, app, after)
    return say


def _say_effect(out, app: App, before, after, event, label: str | None, reminder: bool = True,
                indent: str = "  ") -> None:
    """What an applied action or mandatory effect did, and what is left to do by hand."""
    if event.type == "mandatory-resolved":
        effect = after.current.scenario.mandatory_effect()
        if label:
            out.print(f"[bold]{label}[/]: {_esc(effect.text or '')}")
        if event.change:
            out.print(f"{indent}gold {before.gold} → {before.gold + event.change}"
                      + _clamp_note(before.gold, event.change, effect.gold))
    if event.castle_health:
        health = before.castle_health
        out.print(f"{indent}castle health {health} → {health + event.castle_health} (full {after.full_health})")
    lapsed = {n: k for n, k in before.current.exile_allowance.items() if k > 0}
    if lapsed and not event.exile:
        out.print(f"{indent}the unused Exile allowance lapses: it belongs to the Exile action just taken")
    if event.exile:
        out.print(f"{indent}each player may exile {plural(event.exile, 'card')} from their deck: "
                  f"skyforge campaign exile {_q(after.name)} --player P CARD")
    if event.exile_horde:
        out.print(f"{indent}the Alliance may exile {plural(event.exile_horde, 'horde card')}: "
                  f"skyforge campaign exile {_q(after.name)} --horde CARD")
    if event.reminder and reminder:
        out.print(f"{indent}[yellow]Reminder[/] (by hand): {_esc(event.reminder)}")
    if event.offers:
        _offers_view(out, app, after)


def _printed(state, action: str) -> int | None:
    for a in state.current.scenario.actions if state.current.scenario else []:
        if a.name == action:
            return a.gold
    return None


def _clamp_note(gold: int, change: int, asked: int | None) -> str:
    if asked is None or asked == change:
        return ""
    return f" (gold is at most 40: {asked:+d} became {change:+d})" if asked > change else \
        f" (gold cannot be negative: {asked:+d} became {change:+d})"


def _offers_view(out, app: App, state) -> None:
    for p in state.players:
        if not p.offers:
            continue
        out.print(f"[bold]{_esc(p.name)}[/]'s offers (Recruit {state.current.recruit}):")
        for i, offer in enumerate(p.offers, 1):
            out.print(f"  {i}. " + ", ".join(_name(app, c) for c in offer))
    out.print(f"Take one each: skyforge campaign take {_q(state.name)} --player P N")


@campaign.command()
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
    from skyforge.campaign.commands import recruit as do_recruit

    _update(app, name, lambda s: do_recruit(s, x, free), as_json, _say_action(app))


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@click.option("--player", required=True, help="Who takes an offer.")
@click.argument("number", type=int, metavar="N")
@json_option
@click.pass_obj
def take(app: App, name: str, player: str, number: int, as_json: bool) -> None:
    """Take offer N (1-3) onto the top of the deck; the rest go to the bottom of the market deck.

    \b
      skyforge campaign take spring --player Alice 2
    """
    from skyforge.campaign.commands import take_offer

    def say(out, before, after, new):
        e = new[0]
        out.print(f"{_esc(e.player)} takes offer {e.offer}: " + ", ".join(_name(app, c) for c in e.cards)
                  + f" on top of the deck; {plural(len(e.to_bottom), 'card')} to the bottom of the market deck.")

    _update(app, name, lambda s: take_offer(s, player, number), as_json, say)


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def income(app: App, name: str, as_json: bool) -> None:
    """Earn the scenario income once its actions are done: the scenario is resolved; draw 5, mulligan and play.

    \b
      skyforge campaign income spring
    """
    from skyforge.campaign.commands import earn_income

    def say(out, before, after, new):
        asked = before.current.scenario.income
        out.print(f"Income {asked:+d}: gold {before.gold} → {after.gold}"
                  + _clamp_note(before.gold, new[0].change, asked) + ". Draw 5 cards, mulligan, and play!")

    _update(app, name, earn_income, as_json, say)


@campaign.command(context_settings=NUMBER)
@click.argument("name", shell_complete=campaign_names)
@click.argument("amount", metavar="(+N|-N)")
@json_option
@click.pass_obj
def gold(app: App, name: str, amount: str, as_json: bool) -> None:
    """Add or remove gold (it stays within 0..40, and says so when it clamps).

    \b
      skyforge campaign gold spring +3
      skyforge campaign gold spring -2
    """
    from skyforge.campaign.commands import adjust_gold
    from skyforge.errors import InputError, Problem

    try:
        value = int(amount)
    except ValueError:
        raise InputError(Problem(f"'{amount}' is not a whole number", hint="e.g. +3 or -2")) from None

    def say(out, before, after, new):
        out.print(f"Gold {before.gold} → {after.gold}" + _clamp_note(before.gold, new[0].change, value))

    _update(app, name, lambda s: adjust_gold(s, value), as_json, say)


@campaign.command()
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
    from skyforge.campaign.commands import pillage as do_pillage

    def say(out, before, after, new):
        out.print(f"{plural(cards, 'card')} pillaged: gold {before.gold} → {after.gold}"
                  + _clamp_note(before.gold, new[0].change, -cards))

    _update(app, name, lambda s: do_pillage(s, cards), as_json, say)


@campaign.command()
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
    from skyforge.campaign.commands import exile as do_exile
    from skyforge.errors import InputError, Problem

    if horde == bool(player):
        raise InputError(Problem("give --player P (a card of their deck) or --horde (a horde card), one of the two",
                                 key="--horde" if player else "--player"))
    catalog = app.catalog

    def say(out, before, after, new):
        e = new[0]
        house = " [yellow](house rule: --free)[/]" if e.free else ""
        if e.horde:
            out.print(f"{_name(app, e.card)} leaves the campaign's horde deck for this and future games{house}.")
            return
        left = after.current.exile_allowance.get(e.player, 0)
        more = f" ({left} more may be exiled)" if left and not e.free else ""
        out.print(f"{_esc(e.player)} exiles {_name(app, e.card)}: to the bottom of the market deck{house}{more}.")

    _update(app, name, lambda s: do_exile(s, catalog, player, card, free=free, horde=horde), as_json, say)


@campaign.command(context_settings=NUMBER)
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
    from skyforge.campaign.commands import set_health

    catalog = app.catalog

    def say(out, before, after, new):
        out.print(f"Castle health {before.castle_health} → {after.castle_health} (full {after.full_health})")

    _update(app, name, lambda s: set_health(s, health, catalog), as_json, say)


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@click.option("--won", is_flag=True, help="The alliance won the game.")
@click.option("--lost", is_flag=True, help="The alliance lost the game (and so the campaign).")
@click.option("--castle-health", required=True, type=int, help="The castle's health at the end of the game.")
@json_option
@click.pass_obj
def end(app: App, name: str, won: bool, lost: bool, castle_health: int, as_json: bool) -> None:
    """Record the end of a game (--won or --lost). Castle health and gold carry over; a lost game loses the campaign.

    \b
      skyforge campaign end spring --won --castle-health 14
      skyforge campaign end spring --lost --castle-health 0
    """
    from skyforge.campaign.commands import end_game

    if won == lost:
        raise click.UsageError("give --won or --lost (one of the two)" if not won else
                               "--won and --lost together: give one of the two")
    catalog = app.catalog

    def say(out, before, after, new):
        e = new[0]
        out.print(f"Game {e.game} {e.result}, castle health {e.castle_health} (full {after.full_health}), "
                  f"gold {after.gold}.")

    _update(app, name, lambda s: end_game(s, won, castle_health, catalog), as_json, say)


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@click.pass_obj
def undo(app: App, name: str) -> None:
    """Remove the last event of the journal, to take back a mistake (again to go further back).

    `campaign log` lists the events; undo removes them from the end.

    \b
      skyforge campaign undo spring
    """
    from skyforge.campaign.store import undo as do_undo

    removed, state = do_undo(_path(app, name))
    out = _console()
    out.print(f"Undone: {_esc(_summary(removed))}")
    out.print(_status_line(state))


# --------------------------------------------------------------------------- reading


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def show(app: App, name: str, as_json: bool) -> None:
    """Show the campaign: status, gold, castle health, piles, decks, offers, games, horde deck (reads only).

    \b
      skyforge campaign show spring
      skyforge campaign show spring --json
    """
    from skyforge.campaign.store import load

    state = load(_path(app, name)).state
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(state.as_dict())
        return
    out = _console()
    out.print(f"[bold]Campaign {_esc(state.name)}[/] — {state.status}, game {state.game}/4 "
              f"({state.format} format, seed {state.seed})")
    out.print(f"Gold {state.gold}/40 · castle {_name(app, state.castle)} health {state.castle_health}"
              f" (full {state.full_health})")
    out.print(f"Hordes: {', '.join(state.hordes)} · difficulty {state.difficulty} · final outsider "
              f"{_esc(state.final_outsider)}")
    out.print(f"Scenario pile ({len(state.scenario_pile)}): "
              + (", ".join(f"{s.code} {_esc(s.name)}" for s in state.scenario_pile) or "empty"))
    out.print(f"Portal pile ({len(state.portal_pile)}): "
              + (", ".join(f"{p.code} {_esc(p.name)}" for p in state.portal_pile) or "empty"))
    c = state.current
    if c.scenario is not None:
        out.print(f"\n[bold]Game {state.game}[/]: scenario {_esc(c.scenario.name)}, portal {_esc(c.portal.name)}, "
                  f"outsider {_esc(c.outsider)}")
        _scenario_view(out, state)
    out.print()
    for p in state.players:
        role = " (visiting castle)" if p.visiting else ""
        out.print(f"[bold]{_esc(p.name)}[/]: castle {_name(app, p.castle)}{role} · deck {plural(sum(p.deck.values()), 'card')}"
                  f" · market deck {plural(len(p.market), 'card')}")
        _card_groups(out, app, "deck", p.deck)
        if p.top_of_deck:
            out.print("  on top of the deck: " + ", ".join(_name(app, x) for x in p.top_of_deck))
        _card_groups(out, app, "market deck", Counter(p.market))
        if p.exiled:
            out.print("  exiled: " + ", ".join(_name(app, x) for x in p.exiled)
                      + (f" ({p.exiled_free} as a house rule)" if p.exiled_free else ""))
    if state.offers_pending:
        _offers_view(out, app, state)
    if state.games:
        from skyforge.cli.output import table as new_table

        table = new_table("#", "scenario", "portal", "outsider", "result", "castle health", "gold",
                          title="Games", title_justify="left")
        for g in state.games:
            table.add_row(str(g.number), _name(app, g.scenario), _name(app, g.portal), _esc(g.outsider),
                          g.result or "…", "" if g.castle_health is None else str(g.castle_health),
                          "" if g.gold is None else str(g.gold))
        out.print(table)
    out.print(f"\n[bold]Horde deck[/] ({plural(sum(state.horde_deck.values()), 'card')}, difficulty {state.difficulty}, "
              "no treachery-only cards):")
    for code, n in state.horde_deck.items():
        out.print(f"  {n}× {_name(app, code)}")
    for note in state.horde_deck_notes:
        out.print(f"  note: {_esc(note)}")
    if state.horde_exiled:
        out.print("  exiled: " + ", ".join(_name(app, x) for x in state.horde_exiled))
    if state.current.reminders:
        out.print("\n[bold]Reminders[/] (by hand, before the scenario income):")
        for reminder in state.current.reminders:
            out.print(f"  {_esc(reminder)}")
    _demo_note(out, app, state)
    out.print(_status_line(state))


def _card_groups(out, app: App, label: str, cards) -> None:
    """A pile's cards by rarity, each as N× CODE Name, so the physical pile can be rebuilt."""
    from skyforge.catalog.codes import code_order

    groups: dict[str, list[str]] = {}
    for code in sorted(cards, key=code_order):
        try:
            card = app.catalog.find(code, "alliance")
        except Exception:   # noqa: BLE001 - a card the catalog no longer knows is listed by code
            card = None
        groups.setdefault(getattr(card, "rarity", None) or "rarity unknown", []).append(code)
    out.print(f"  {label} ({sum(cards.values())} cards):" + ("" if groups else " empty"))
    order = ["base", "rare", "mythic", "legendary", "rarity unknown"]
    for rarity in sorted(groups, key=order.index):
        n = sum(cards[code] for code in groups[rarity])
        out.print(f"    {rarity} ({n}): " + " · ".join(f"{cards[c]}× {_name(app, c)}" for c in groups[rarity]))


def _summary(event) -> str:
    t = event.type
    if t == "created":
        return f"campaign {event.name} created (seed {event.seed}, {plural(len(event.players), 'player')})"
    if t == "starting-deck":
        return f"{event.player} chose a starting deck of {plural(sum(event.cards.values()), 'card')}"
    if t == "game-set-up":
        return f"game {event.game} set up: scenario {event.scenario}, portal {event.portal}, outsider {event.outsider}"
    if t in ("action-taken", "mandatory-resolved"):
        parts = [f"gold {event.change:+d}"] if event.change is not None else []
        if event.castle_health:
            parts.append(f"castle health {event.castle_health:+d}")
        if event.exile:
            parts.append(f"exile {event.exile} each")
        if event.exile_horde:
            parts.append(f"exile {plural(event.exile_horde, 'horde card')}")
        offers = f"; offers formed for {', '.join(event.offers)}" if event.offers else ""
        reminder = f"; reminder: {event.reminder}" if event.reminder else ""
        what = f"action {event.action}" if t == "action-taken" else f"mandatory effect of {event.scenario}"
        return f"{what} ({', '.join(parts) or 'nothing applied'}){offers}{reminder}"
    if t == "offers-formed":
        return f"Recruit {event.recruit}: offers formed for " + ", ".join(event.offers)
    if t == "offer-taken":
        return f"{event.player} took offer {event.offer}: {', '.join(event.cards)}"
    if t == "income-earned":
        return f"scenario income (gold {event.change:+d})"
    if t == "gold-adjusted":
        return f"gold {event.amount:+d} (applied {event.change:+d})"
    if t == "pillaged":
        return f"{plural(event.cards, 'card')} pillaged (gold {event.change:+d})"
    if t == "exiled":
        house = " (house rule: --free)" if event.free else ""
        return (f"{event.card} exiled from the horde deck{house}" if event.horde else
                f"{event.player} exiled {event.card}{house}")
    if t == "health-set":
        return f"castle health set to {event.castle_health}"
    if t == "game-ended":
        return f"game {event.game} {event.result}, castle health {event.castle_health}"
    return t


@campaign.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def log(app: App, name: str, as_json: bool) -> None:
    """List the journal's events, oldest first: what happened, and what `undo` would remove.

    \b
      skyforge campaign log spring
      skyforge campaign log spring --json
    """
    from skyforge.campaign.events import event_dict
    from skyforge.campaign.store import load

    journal = load(_path(app, name))
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json([{"index": i, "summary": _summary(e), **event_dict(e)} for i, e in enumerate(journal.events)])
        return
    out = _console()
    for i, e in enumerate(journal.events):
        out.print(f"{i:>3}  {e.at or '':<25}  {_esc(_summary(e))}")
    _demo_note(out, app, journal.state)


@campaign.command("list")
@json_option
@click.pass_obj
def list_(app: App, as_json: bool) -> None:
    """List the campaigns in the workspace (campaigns/*.toml) with their status, gold and castle health.

    \b
      skyforge campaign list
      skyforge campaign list --json
    """
    from skyforge.campaign.store import list_campaigns

    rows = list_campaigns(app.workspace)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json([{"name": p.stem, "file": str(p), **({"status": s.status, "game": s.game, "gold": s.gold,
                                                        "castle_health": s.castle_health} if s else {"error": err})}
                   for p, s, err in rows])
        return
    out = _console()
    if not rows:
        out.print("No campaigns yet: skyforge campaign new NAME …")
    from skyforge.campaign.commands import DEMO_NOTE, uses_demo_data

    demo = False
    for p, s, err in rows:
        if s is None:
            out.print(f"[red]{_esc(p.stem)}[/]: cannot read — {_esc(err)}")
        else:
            mark = " (demo data)" if uses_demo_data(s, app.catalog) else ""
            demo = demo or bool(mark)
            out.print(f"{_esc(p.stem)}: {s.status}, game {s.game}/4, gold {s.gold}, castle health {s.castle_health}"
                      + mark)
    if demo:
        out.print(f"[yellow]{DEMO_NOTE}[/]")
