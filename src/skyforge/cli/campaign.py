"""``skyforge campaign``: the bookkeeper of a four-game Skytear Horde campaign."""

from __future__ import annotations

import click

from skyforge.cli.main import App
from skyforge.cli.output import json_option

NUMBER = {"ignore_unknown_options": True}   # so that `gold NAME -3` is a number, not an option


@click.group()
def campaign() -> None:
    """Run a four-game campaign (000 "Campaign Mode"): piles, gold, castle health, Recruit offers.

    Campaigns live in campaigns/NAME.toml in the workspace: a journal of
    events, written atomically under a lock. `undo` removes the last event.

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
    name = _q(state.name)
    hint = {"new": f"next: starting decks (skyforge campaign start-deck {name} --player P --auto)",
            "ready": f"next: set up game {len(state.games) + 1} (skyforge campaign next {name})",
            "scenario": f"resolving the scenario: actions, then skyforge campaign income {name}",
            "playing": f"playing: record pillages, then skyforge campaign end {name} --won|--lost",
            "won": "the campaign is won!", "lost": "the campaign is lost"}[state.status]
    return f"[dim]{_esc(state.name)}: game {state.game}/4 · gold {state.gold} · castle health {state.castle_health} · {hint}[/]"


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
@click.argument("name")
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
    out.print(f"  horde deck: {sum(state.horde_deck.values())} cards (campaign show lists them)")
    _demo_note(out, app, state)
    out.print(_status_line(state))


def _demo_note(out, app: App, state) -> None:
    from skyforge.campaign.state import DEMO_NOTE, uses_demo_data

    if uses_demo_data(state, app.catalog):
        out.print(f"[yellow]{DEMO_NOTE}[/]")


def _esc(text: str) -> str:
    from rich.markup import escape

    return escape(text)


# --------------------------------------------------------------------------- starting decks


@campaign.command("start-deck")
@click.argument("name")
@click.option("--player", required=True, help="Whose starting deck.")
@click.argument("cards", nargs=-1, metavar="[CARD=N]...")
@click.option("--auto", is_flag=True, help="Take the first 18 base and 2 legendary cards of the shuffled market deck.")
@json_option
@click.pass_obj
def start_deck(app: App, name: str, player: str, cards: tuple[str, ...], auto: bool, as_json: bool) -> None:
    """Take at most 18 base and 2 legendary cards from the market deck as the starting deck.

    \b
      skyforge campaign start-deck spring --player Alice --auto
      skyforge campaign start-deck spring --player Bo DEMO.036=3 DEMO.037=3 "Thicket Sentry=2"
    """
    from skyforge.campaign.commands import starting_deck
    from skyforge.errors import InputError, Problem

    if auto == bool(cards):
        raise InputError(Problem("give the cards as CARD=N … or --auto (one of the two)"))
    chosen: dict[str, int] = {}
    for item in cards:
        ref, sep, n = item.rpartition("=")
        if not sep or not n.strip().isdigit():
            raise InputError(Problem(f"'{item}' is not CARD=N", hint="e.g. DEMO.036=3"))
        chosen[ref.strip()] = chosen.get(ref.strip(), 0) + int(n)
    catalog = app.catalog

    def say(out, before, after, new):
        p = after.player(player)
        out.print(f"{p.name}'s starting deck: {sum(p.deck.values())} cards; {len(p.market)} left in the market deck.")

    _update(app, name, lambda s: starting_deck(s, catalog, player, chosen, auto), as_json, say)


# --------------------------------------------------------------------------- a game


@campaign.command("next")
@click.argument("name")
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
        _scenario_view(out, after)
        _demo_note(out, app, after)

    _update(app, name, next_game, as_json, say)


def _scenario_view(out, state) -> None:
    c = state.current
    if c.scenario is None:
        return
    if c.scenario.mandatory_text:
        out.print(f"  [bold]Mandatory[/] first: {_esc(c.scenario.mandatory_text)}")
    for i, a in enumerate(c.scenario.actions, 1):
        taken = c.actions_taken.count(a.name)
        mark = f" [green](taken{' ×' + str(taken) if taken > 1 else ''})[/]" if taken else ""
        gold = f"{a.gold:+d}" if a.gold else "0"
        rep = " ∞" if a.repeatable else ""
        text = f" — {_esc(a.text)}" if a.text else ""
        out.print(f"  {i}. {gold:>3} gold  {_esc(a.name)}{rep}{text}{mark}")
    out.print(f"  Income: {c.scenario.income:+d} gold" + (" [green](earned)[/]" if c.income_earned else ""))


@campaign.command()
@click.argument("name")
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
                exile = next((a.exile for a in before.current.scenario.actions if a.name == event.action), None)
                if exile:
                    out.print(f"Each player may exile {exile}: skyforge campaign exile {_q(after.name)} --player P CARD")
            if getattr(event, "offers", None):
                _offers_view(out, app, after)
    return say


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
@click.argument("name")
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
@click.argument("name")
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
                  + f" on top of the deck; {len(e.to_bottom)} card(s) to the bottom of the market deck.")

    _update(app, name, lambda s: take_offer(s, player, number), as_json, say)


@campaign.command()
@click.argument("name")
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
@click.argument("name")
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
@click.argument("name")
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
        out.print(f"{cards} card(s) pillaged: gold {before.gold} → {after.gold}"
                  + _clamp_note(before.gold, new[0].change, -cards))

    _update(app, name, lambda s: do_pillage(s, cards), as_json, say)


@campaign.command()
@click.argument("name")
@click.option("--player", required=True, help="Whose deck.")
@click.argument("card")
@json_option
@click.pass_obj
def exile(app: App, name: str, player: str, card: str, as_json: bool) -> None:
    """Exile a card from a player's deck: it goes to the bottom of their market deck.

    \b
      skyforge campaign exile spring --player Bo DEMO.036
    """
    from skyforge.campaign.commands import exile as do_exile

    catalog = app.catalog

    def say(out, before, after, new):
        out.print(f"{_esc(new[0].player)} exiles {_name(app, new[0].card)}: to the bottom of the market deck.")

    _update(app, name, lambda s: do_exile(s, catalog, player, card), as_json, say)


@campaign.command()
@click.argument("name")
@click.argument("health", type=int)
@json_option
@click.pass_obj
def health(app: App, name: str, health: int, as_json: bool) -> None:
    """Set the castle's health now (e.g. after a scenario's mandatory effect or Fortify).

    From 0 up to the castle's full health (refused above it, unless the catalog
    does not know the castle's health and you gave it at `campaign new`).

    \b
      skyforge campaign health spring 16
    """
    from skyforge.campaign.commands import set_health

    catalog = app.catalog

    def say(out, before, after, new):
        out.print(f"Castle health {before.castle_health} → {after.castle_health}" + _unchecked(app, after))

    _update(app, name, lambda s: set_health(s, health, catalog), as_json, say)


def _unchecked(app: App, state) -> str:
    from skyforge.campaign.commands import full_health_known

    if state.castle_health > state.full_health and not full_health_known(state, app.catalog):
        return (f" (above the full health {state.full_health} you gave; the catalog does not know this castle's "
                "health, so it is not checked)")
    return ""


@campaign.command()
@click.argument("name")
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
        out.print(f"Game {e.game} {e.result}, castle health {e.castle_health}, gold {after.gold}."
                  + _unchecked(app, after))

    _update(app, name, lambda s: end_game(s, won, castle_health, catalog), as_json, say)


@campaign.command()
@click.argument("name")
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
@click.argument("name")
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
    out.print("Scenario pile: " + (", ".join(f"{s.code} {_esc(s.name)}" for s in state.scenario_pile) or "empty"))
    out.print("Portal pile: " + (", ".join(f"{p.code} {_esc(p.name)}" for p in state.portal_pile) or "empty"))
    c = state.current
    if c.scenario is not None:
        out.print(f"\n[bold]Game {state.game}[/]: scenario {_esc(c.scenario.name)}, portal {_esc(c.portal.name)}, "
                  f"outsider {_esc(c.outsider)}")
        _scenario_view(out, state)
    out.print()
    for p in state.players:
        role = " (visiting castle)" if p.visiting else ""
        out.print(f"[bold]{_esc(p.name)}[/]: castle {_name(app, p.castle)}{role} · deck {sum(p.deck.values())} cards"
                  f" · market deck {len(p.market)} cards")
        if p.top_of_deck:
            out.print("  on top of the deck: " + ", ".join(_name(app, x) for x in p.top_of_deck))
        if p.exiled:
            out.print("  exiled: " + ", ".join(_name(app, x) for x in p.exiled))
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
    out.print(f"\n[bold]Horde deck[/] ({sum(state.horde_deck.values())} cards, difficulty {state.difficulty}, "
              "no treachery-only cards):")
    for code, n in state.horde_deck.items():
        out.print(f"  {n}× {_name(app, code)}")
    for note in state.horde_deck_notes:
        out.print(f"  note: {_esc(note)}")
    _demo_note(out, app, state)
    out.print(_status_line(state))


def _summary(event) -> str:
    t = event.type
    if t == "created":
        return f"campaign {event.name} created (seed {event.seed}, {len(event.players)} player(s))"
    if t == "starting-deck":
        return f"{event.player} chose a starting deck of {sum(event.cards.values())} cards"
    if t == "game-set-up":
        return f"game {event.game} set up: scenario {event.scenario}, portal {event.portal}, outsider {event.outsider}"
    if t == "action-taken":
        offers = f"; offers formed for {', '.join(event.offers)}" if event.offers else ""
        return f"action {event.action} (gold {event.change:+d}){offers}"
    if t == "offers-formed":
        return f"Recruit {event.recruit}: offers formed for " + ", ".join(event.offers)
    if t == "offer-taken":
        return f"{event.player} took offer {event.offer}: {', '.join(event.cards)}"
    if t == "income-earned":
        return f"scenario income (gold {event.change:+d})"
    if t == "gold-adjusted":
        return f"gold {event.amount:+d} (applied {event.change:+d})"
    if t == "pillaged":
        return f"{event.cards} card(s) pillaged (gold {event.change:+d})"
    if t == "exiled":
        return f"{event.player} exiled {event.card}"
    if t == "health-set":
        return f"castle health set to {event.castle_health}"
    if t == "game-ended":
        return f"game {event.game} {event.result}, castle health {event.castle_health}"
    return t


@campaign.command()
@click.argument("name")
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
    from skyforge.campaign.state import DEMO_NOTE, uses_demo_data

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
