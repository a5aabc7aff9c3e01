"""``skyforge cards`` and ``skyforge castles``: browse the catalog."""

from __future__ import annotations

import click

from skyforge.cli.main import App
from skyforge.cli.output import json_option

KIND_CHOICES = ["alliance", "castle", "horde", "portal", "outsider", "scenario", "minion", "token",
                "onward-hero", "arena-hero"]


@click.group()
def cards() -> None:
    """Search the catalog and show cards.

    Cards come from the shipped catalog (official rulebook facts plus the
    fictional DEMO set) or from the files given with --catalog.
    """


@cards.command()
@click.argument("text", required=False)
@click.option("--kind", type=click.Choice(KIND_CHOICES), help="Only cards of this kind.")
@click.option("--faction", type=click.Choice(["liothan", "taulot", "kurumo", "nupten"]), help="Only this faction.")
@click.option("--rarity", type=click.Choice(["base", "rare", "mythic", "legendary"]), help="Only this alliance rarity.")
@click.option("--type", "type_", metavar="TYPE", help="Card type: ally, tower, spell, attachment, monster.")
@click.option("--subtype", help="Only cards with this subtype (e.g. Shapeshifter).")
@click.option("--cost", metavar="MIN-MAX", help="Mana cost or range: 3, 2-4, 5-, -2.")
@click.option("--set", "set_code", metavar="SET", help="Only this set (e.g. DEMO, CAM).")
@click.option("--horde", help="Only cards of this horde (id).")
@json_option
@click.pass_obj
def search(app: App, text: str | None, kind: str | None, faction: str | None, rarity: str | None,
           type_: str | None, subtype: str | None, cost: str | None, set_code: str | None,
           horde: str | None, as_json: bool) -> None:
    """Find cards whose name, code, text, subtypes or keywords contain TEXT.

    \b
      skyforge cards search --faction liothan --rarity mythic
      skyforge cards search heal --kind alliance --cost 2-4
    """
    from skyforge.cli.views import card_dict, card_table

    low, high = _cost_range(cost)
    found = app.catalog.search(text=text, kind=kind, faction=faction, rarity=rarity, type=type_,
                               subtype=subtype, cost_min=low, cost_max=high, set_code=set_code, horde=horde)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json([card_dict(app.catalog, c) for c in found])
        return
    card_table(app.catalog, found)


def _cost_range(text: str | None) -> tuple[int | None, int | None]:
    if not text:
        return None, None
    try:
        if "-" not in text:
            return int(text), int(text)
        low, high = text.split("-", 1)
        result = (int(low) if low else None), (int(high) if high else None)
    except ValueError:
        raise click.BadParameter(f"'{text}' is not a cost or range like 3, 2-4, 5- or -2",
                                 param_hint="--cost") from None
    if result[0] is not None and result[1] is not None and result[0] > result[1]:
        raise click.BadParameter(f"'{text}' runs backwards; did you mean {result[1]}-{result[0]}?",
                                 param_hint="--cost")
    return result


@cards.command()
@click.argument("refs", nargs=-1, required=True, metavar="CODE|NAME...")
@json_option
@click.pass_obj
def show(app: App, refs: tuple[str, ...], as_json: bool) -> None:
    """Show everything the catalog knows about cards, by code or name.

    \b
      skyforge cards show DEMO.014
      skyforge cards show "Pools of Flyema"
    """
    from skyforge.cli.views import card_dict, card_panel

    found = [app.catalog.get(ref) for ref in refs]
    if as_json:
        from skyforge.cli.output import emit_json

        data = [card_dict(app.catalog, c, full=True) for c in found]
        emit_json(data[0] if len(data) == 1 else data)
        return
    for card in found:
        card_panel(app.catalog, card)


@click.command()
@click.option("--faction", type=click.Choice(["liothan", "taulot", "kurumo", "nupten"]), help="Only castles of this faction.")
@json_option
@click.pass_obj
def castles(app: App, faction: str | None, as_json: bool) -> None:
    """List castles with their deck-building rules, as the card back reads.

    \b
      skyforge castles --faction liothan
    """
    from skyforge.cli.views import card_dict, castle_rules_lines

    found = [c for c in app.catalog.search(kind="castle", faction=faction)]
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json([card_dict(app.catalog, c, full=True) for c in found])
        return
    from rich.markup import escape

    from skyforge.cli.output import console

    out = console()
    if not found:
        out.print("no castles" + (f" of faction {faction}" if faction else "") + " in the catalog")
    for castle in found:
        demo = " [dim](demo data)[/]" if app.catalog.provenance(castle) == "demo" else ""
        faction_text = castle.faction or "faction unknown"
        health = f", health {castle.health}" if castle.health else ""
        out.print(f"[bold]{escape(castle.code or '—')}  {escape(castle.name)}[/] — {faction_text}{health}{demo}")
        for line in castle_rules_lines(app.catalog, castle):
            out.print(f"    {escape(line)}")
        out.print()
