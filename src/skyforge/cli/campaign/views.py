"""Drawing a campaign for people: the status line, the scenario card, what an action did, the
Recruit offers, the piles — each from the library's result (the campaign as
:class:`~skyforge.campaign.view.CampaignView` gives it) and events, as rich text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from skyforge.campaign import events as ev
from skyforge.campaign.limits import GAMES, GOLD_MAX
from skyforge.campaign.report import DEMO_NOTE, card_text, uses_demo_data
from skyforge.catalog.codes import code_order
from skyforge.cli.campaign.words import exile_text, next_step_text, take_offer_text
from skyforge.cli.output import table
from skyforge.setup.rules import stages_of
from skyforge.text import plural

if TYPE_CHECKING:
    from rich.console import Console

    from skyforge.campaign.report import CampaignShown
    from skyforge.campaign.view import CampaignView
    from skyforge.catalog.index import Catalog
    from skyforge.cli.main import App

#: what a campaign command says of what it did: ``say(out, before, after, new events)``
Say = Callable[["Console", "CampaignView", "CampaignView", "Sequence[ev.Event]"], None]

#: the piles of a player's deck listed by rarity, in this order
RARITIES = ["base", "rare", "mythic", "legendary", "rarity unknown"]


def status_line(campaign: CampaignView) -> Text:
    return Text(
        f"{campaign.name}: game {campaign.game}/{GAMES} · gold {campaign.gold} · castle health "
        f"{campaign.castle_health} (full {campaign.full_health}) · {next_step_text(campaign.next_step, campaign.name)}",
        style="dim",
    )


def card_name(catalog: Catalog, code: str) -> str:
    """``CODE Name`` when the catalog knows the card (a name is a nicety; the code is enough), as
    written: print it as a ``Text``. Read from the catalog's index: no card is made."""
    try:
        key = catalog.key_of(code)
    except Exception:
        key = None
    known = catalog.code_of(key) if key is not None else None
    return f"{known} {catalog.name_of(key)}" if key is not None and known else code


def show_demo_note(out: Console, catalog: Catalog, campaign: CampaignView) -> None:
    if uses_demo_data(campaign, catalog):
        out.print(Text(DEMO_NOTE, style="yellow"))


def clamp_note(gold: int, change: int, asked: int | None) -> str:
    """Why a gold change was not the one asked for: gold stays within its limits."""
    if asked is None or asked == change:
        return ""
    return (
        f" (gold is at most {GOLD_MAX}: {asked:+d} became {change:+d})"
        if asked > change
        else f" (gold cannot be negative: {asked:+d} became {change:+d})"
    )


def printed_gold(campaign: CampaignView, action: str) -> int | None:
    """The gold printed on one of this game's scenario actions."""
    scenario = campaign.current.scenario_card
    for a in scenario.actions if scenario else []:
        if a.name == action:
            return a.gold
    return None


def scenario_view(out: Console, campaign: CampaignView, applied: Callable[[Console], None] | None = None) -> None:
    """The scenario's mandatory effect, actions and income; ``applied(out)`` says what the mandatory
    effect just did, under its line."""
    c = campaign.current
    scenario = c.scenario_card
    if scenario is None:
        return
    effect = scenario.mandatory_effect()
    if effect is not None:
        done = (
            ("", "")
            if not c.mandatory_resolved
            else (" (by hand: a reminder)", "yellow")
            if effect.pending()
            else (" (applied)", "green")
        )
        out.print(Text.assemble("  ", ("Mandatory", "bold"), f" first: {effect.text or ''}", done))
        if applied is not None:
            applied(out)
    for i, a in enumerate(scenario.actions, 1):
        taken = c.actions_taken.count(a.name)
        mark = (f" (taken{' ×' + str(taken) if taken > 1 else ''})", "green") if taken else ""
        gold = f"{a.gold:+d}" if a.gold else "0"
        rep = " ∞" if a.repeatable else ""
        text = f" — {a.text}" if a.text else ""
        out.print(Text.assemble(f"  {i}. {gold:>3} gold  {a.name}{rep}{text}", mark))
    out.print(Text.assemble(f"  Income: {scenario.income:+d} gold", (" (earned)", "green") if c.income_earned else ""))
    for reminder in campaign.reminders:
        out.print(Text.assemble("  ", ("Reminder", "yellow"), f" (by hand, before the income): {reminder}"))


def effect_view(
    out: Console,
    catalog: Catalog,
    before: CampaignView,
    after: CampaignView,
    event: ev.ActionTaken | ev.MandatoryResolved,
    label: str | None,
    reminder: bool = True,
    indent: str = "  ",
) -> None:
    """What an applied action or mandatory effect did, and what is left to do by hand."""
    if event.type == "mandatory-resolved":
        scenario = after.current.scenario_card
        effect = scenario.mandatory_effect() if scenario is not None else None
        assert effect is not None  # a mandatory effect was resolved: the game's scenario has one
        if label:
            out.print(Text.assemble((label, "bold"), f": {effect.text or ''}"))
        if event.change:
            out.print(
                f"{indent}gold {before.gold} → {before.gold + event.change}"
                + clamp_note(before.gold, event.change, effect.gold)
            )
    if event.castle_health:
        health = before.castle_health
        out.print(f"{indent}castle health {health} → {health + event.castle_health} (full {after.full_health})")
    lapsed = {n: k for n, k in before.current.exile_allowance.items() if k > 0}
    if lapsed and not event.exile:
        out.print(f"{indent}the unused Exile allowance lapses: it belongs to the Exile action just taken")
    for line in exile_text(event, after.name):
        out.print(f"{indent}{line}")
    if event.reminder and reminder:
        out.print(Text.assemble(indent, ("Reminder", "yellow"), f" (by hand): {event.reminder}"))
    if event.offers:
        offers_view(out, catalog, after, event.offers)


def actions_view(app: App) -> Say:
    """What ``action`` and ``recruit`` did: gold, the action's effect, the offers formed."""

    def say(out: Console, before: CampaignView, after: CampaignView, new: Sequence[ev.Event]) -> None:
        catalog = app.catalog
        for event in new:
            if event.type == "action-taken":
                out.print(
                    Text(
                        f"{event.action}: gold {before.gold} → {before.gold + event.change}"
                        + clamp_note(before.gold, event.change, printed_gold(before, event.action))
                    )
                )
                effect_view(out, catalog, before, after, event, None)
            elif offers := getattr(event, "offers", None):
                offers_view(out, catalog, after, offers)

    return say


def offers_view(
    out: Console, catalog: Catalog, campaign: CampaignView, formed: dict[str, list[list[str]]] | None = None
) -> None:
    """Each player's open offers, one card a line with its cost, type, rarity and faction; with the
    offers just ``formed``, a player whose market deck was empty is told so ("form as many offers
    as possible": none)."""
    for p in campaign.players:
        if formed is not None and p.name in formed and not formed[p.name]:
            out.print(Text(f"{p.name}'s market deck is empty: no offers."))
        if not p.offers:
            continue
        out.print(Text.assemble((p.name, "bold"), f"'s offers (Recruit {campaign.current.recruit}):"))
        for i, offer in enumerate(p.offers, 1):
            for j, code in enumerate(offer):
                out.print(Text(f"  {f'{i}.' if j == 0 else '':<3}{card_text(catalog, code)}"))
    waiting = [p.name for p in campaign.players if p.offers]
    out.print(Text(take_offer_text(campaign.name, waiting, len(campaign.players))))


def log_lines(out: Console, entries: list[dict], when: bool = True, mark: str = "") -> None:
    """Journal entries as ``campaign log`` shows them (and ``undo`` what it took back, ``when``
    False: without the time): index, time, summary, and the offers under it; ``mark`` before each."""
    for e in entries:
        at = f"{e.get('at') or '':<25}  " if when else ""
        out.print(f"{e['index']:>3}  {mark}{at}{e['summary']}")
        for line in e.get("details", []):
            out.print(f"{'':>3}  {' ' * len(at)}  {line}")


def game_view(
    out: Console, catalog: Catalog, before: CampaignView, after: CampaignView, new: Sequence[ev.Event]
) -> None:
    """The game just set up: scenario, portal, outsider, and the scenario card."""
    c = after.current
    scenario, portal = c.scenario_card, c.portal_card
    assert scenario is not None and portal is not None  # a game set up has both
    out.print(
        Text.assemble(
            (f"Game {after.game}", "bold"),
            f": scenario {scenario.name} ({scenario.code}), portal {portal.name} ({portal.code})",
        )
    )
    where = {
        1: "the stage 1 portal — you win at the end of the turn in which you destroy it",
        GAMES: "the final outsider",
    }.get(after.game)
    if c.henchman_card is not None:
        where = f"the henchman on the back of {c.henchman_card.name} ({c.henchman_card.code})"
    out.print(f"Outsider: {c.outsider} ({where})")
    setup = next((e for e in new if e.type == "game-set-up"), None)
    if setup is not None and setup.portals_below:
        top = catalog.find(portal.code, "portal")
        back = f" (stage {top.back_stage} is on its back)" if top is not None and top.back_stage else ""
        out.print(
            Text(
                f"Portals below it{back}, top first: "
                + ", ".join(_staged(catalog, p) + card_name(catalog, p) for p in setup.portals_below)
            )
        )
    if setup is not None and setup.minion_rule:
        tokens = ", ".join(f"{m} {n}" for m, n in setup.minions.items())
        out.print(Text(f"Minions: {setup.minion_rule}" + (f" — {tokens}" if tokens else "")))
    for note in setup.setup_notes if setup is not None else ():
        out.print(Text(f"  note: {note}"))
    for item in setup.setup_missing if setup is not None else ():
        out.print(Text(f"  missing: {item}", style="yellow"))
    mandatory = next((e for e in new if e.type == "mandatory-resolved"), None)
    scenario_view(
        out,
        after,
        None
        if mandatory is None
        else lambda o: effect_view(o, catalog, before, after, mandatory, None, reminder=False, indent="    "),
    )
    show_demo_note(out, catalog, after)


def _staged(catalog: Catalog, code: str) -> str:
    """``stage N `` (``stage 3/4 `` for a portal with its next stage on its back) before a portal."""
    portal = catalog.find(code, "portal")
    return f"stage {'/'.join(map(str, stages_of(portal)))} " if portal is not None else ""


def card_groups(out: Console, catalog: Catalog, label: str, cards: Mapping[str, int]) -> None:
    """A pile's cards by rarity, each as N× CODE Name, so the physical pile can be rebuilt."""
    groups: dict[str, list[str]] = {}
    for code in sorted(cards, key=code_order):
        try:
            key = catalog.key_of(code, "alliance")
        except Exception:
            key = None
        rarity = catalog.facet_of(key, "rarity") if key is not None else None
        groups.setdefault(str(rarity or "rarity unknown"), []).append(code)
    out.print(f"  {label} ({sum(cards.values())} cards):" + ("" if groups else " empty"))
    for rarity in sorted(groups, key=RARITIES.index):
        n = sum(cards[code] for code in groups[rarity])
        out.print(
            Text(f"    {rarity} ({n}): " + " · ".join(f"{cards[c]}× {card_name(catalog, c)}" for c in groups[rarity]))
        )


def campaign_view(out: Console, catalog: Catalog, campaign: CampaignShown) -> None:
    """``campaign show``: everything a player needs to rebuild the table."""
    out.print(
        Text.assemble(
            (f"Campaign {campaign.name}", "bold"),
            f" — {campaign.status}, game {campaign.game}/{GAMES} ({campaign.format} format, seed {campaign.seed})",
        )
    )
    out.print(
        Text(
            f"Gold {campaign.gold}/{GOLD_MAX} · castle {card_name(catalog, campaign.castle)} health {campaign.castle_health}"
            f" (full {campaign.full_health})"
        )
    )
    out.print(
        Text(
            f"Hordes: {', '.join(campaign.hordes)} · difficulty {campaign.difficulty} · final outsider {campaign.final_outsider}"
        )
    )
    out.print(
        Text(
            f"Scenario pile ({len(campaign.scenario_pile)}): "
            + (", ".join(f"{s.code} {s.name}" for s in campaign.scenario_cards) or "empty")
        )
    )
    out.print(
        Text(
            f"Portal pile ({len(campaign.portal_pile)}): "
            + (", ".join(f"{p.code} {p.name}" for p in campaign.portal_cards) or "empty")
        )
    )
    c = campaign.current
    if c.scenario_card is not None:
        assert c.portal_card is not None  # set up with the scenario
        out.print()
        out.print(
            Text.assemble(
                (f"Game {campaign.game}", "bold"),
                f": scenario {c.scenario_card.name}, portal {c.portal_card.name}, outsider {c.outsider}",
            )
        )
        scenario_view(out, campaign)
    out.print()
    for p in campaign.players:
        role = " (visiting castle)" if p.visiting else ""
        out.print(
            Text.assemble(
                (p.name, "bold"),
                f": castle {card_name(catalog, p.castle)}{role} · deck "
                f"{plural(sum(p.deck.values()), 'card')} · market deck {plural(len(p.market), 'card')}",
            )
        )
        card_groups(out, catalog, "deck", p.deck)
        if p.top_of_deck:
            out.print("  on top of the deck: " + ", ".join(card_name(catalog, x) for x in p.top_of_deck))
        card_groups(out, catalog, "market deck", Counter(p.market))
        if p.exiled:
            out.print(
                Text(
                    "  exiled: "
                    + ", ".join(card_name(catalog, x) for x in p.exiled)
                    + (f" ({p.exiled_free} as a house rule)" if p.exiled_free else "")
                )
            )
    if campaign.offers_pending:
        offers_view(out, catalog, campaign)
    if campaign.games:
        games = table(
            "#",
            "scenario",
            "portal",
            "outsider",
            "result",
            "castle health",
            "gold",
            title="Games",
            title_justify="left",
        )
        for g in campaign.games:
            games.add_row(
                str(g.number),
                Text(card_name(catalog, g.scenario)),
                Text(card_name(catalog, g.portal)),
                Text(g.outsider),
                g.result or "…",
                "" if g.castle_health is None else str(g.castle_health),
                "" if g.gold is None else str(g.gold),
            )
        out.print(games)
    out.print(
        Text.assemble(
            ("\nHorde deck", "bold"),
            f" ({plural(sum(campaign.horde_deck.values()), 'card')}, difficulty {campaign.difficulty}, "
            "no treachery-only cards):",
        )
    )
    for code, n in campaign.horde_deck.items():
        out.print(f"  {n}× {card_name(catalog, code)}")
    for note in campaign.horde_deck_notes:
        out.print(f"  note: {note}")
    if campaign.horde_exiled:
        out.print("  exiled: " + ", ".join(card_name(catalog, x) for x in campaign.horde_exiled))
    if campaign.reminders:
        out.print(Text.assemble(("\nReminders", "bold"), " (by hand, before the scenario income):"))
        for reminder in campaign.reminders:
            out.print(f"  {reminder}")
    if campaign.demo_note:
        out.print(Text(campaign.demo_note, style="yellow"))
    out.print(status_line(campaign))
