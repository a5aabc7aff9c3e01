"""``skyforge cards`` and ``skyforge castles``: browse the catalog."""

from __future__ import annotations

import click
from rich.text import Text

from skyforge.catalog.constants import CARD_KINDS, RARITIES, RARITY_ALIASES
from skyforge.catalog.listing import CardEntry, card_entries
from skyforge.catalog.models import CastleCard
from skyforge.cli.complete import card_refs, deck_names
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.views import card_panel, card_table, castle_rules_lines
from skyforge.errors import InputError, Problem
from skyforge.results import ResultList
from skyforge.rules import GAME_DECKS
from skyforge.terms import FACTIONS

KIND_CHOICES = list(CARD_KINDS)


@click.group()
def cards() -> None:
    """Search the catalog and show cards.

    Cards come from the shipped catalog (official rulebook facts plus the
    fictional DEMO set) or from the files given with --catalog.
    """


@cards.command()
@click.argument("text", required=False)
@click.option("--kind", type=click.Choice(KIND_CHOICES, case_sensitive=False), help="Only cards of this kind.")
@click.option("--faction", type=click.Choice(FACTIONS, case_sensitive=False), help="Only this faction.")
@click.option(
    "--rarity",
    type=click.Choice([*RARITIES, *RARITY_ALIASES], case_sensitive=False),
    help="Only this alliance rarity (common is base).",
)
@click.option("--type", "type_", metavar="TYPE", help="Card type: ally, tower, spell, attachment, monster.")
@click.option("--subtype", help="Only cards with this subtype (e.g. Shapeshifter).")
@click.option("--cost", metavar="MIN-MAX", help="Mana cost or range: 3, 2-4, 5-, -2.")
@click.option("--set", "set_code", metavar="SET", help="Only this set (e.g. DEMO, CAM).")
@click.option("--horde", help="Only cards of this horde (id).")
@click.option(
    "--for",
    "for_deck",
    metavar="DECK",
    shell_complete=deck_names,
    help="Only the cards DECK may still take (its castle's back, copy limits), with copies left.",
)
@click.option(
    "--with",
    "with_decks",
    metavar="DECK",
    multiple=True,
    shell_complete=deck_names,
    help="With --for: the other player's deck of the game (one: a game has one or two alliance decks); "
    "copy limits count it.",
)
@click.option(
    "--collection",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="With --for: only copies your collection holds that the decks do not use yet.",
)
@json_option
@click.pass_obj
def search(
    app: App,
    text: str | None,
    kind: str | None,
    faction: str | None,
    rarity: str | None,
    type_: str | None,
    subtype: str | None,
    cost: str | None,
    set_code: str | None,
    horde: str | None,
    for_deck: str | None,
    with_decks: tuple[str, ...],
    collection: str | None,
    as_json: bool,
) -> None:
    """Find cards whose name, code, text, subtypes or keywords contain TEXT.

    With --for DECK, only the alliance cards that deck may still take: its
    castle's back admits their rarity and faction (or subtype) and the
    rarity's limit is not reached, the card's own rules allow it, and copies
    are left under the copy limits across DECK and the --with decks (1 of a
    mythic or legendary card, 2 of a rare, 3 of a base) and, with
    --collection, among the copies you own. Each card shows how many copies
    are left and what limits them.

    \b
      skyforge cards search --faction liothan --rarity mythic
      skyforge cards search heal --kind alliance --cost 2-4
      skyforge cards search --for demo-blue-wall --with demo-green-grove --collection collection.toml
    """
    low, high = _cost_range(cost)
    if (with_decks or collection) and not for_deck:
        raise InputError(
            Problem(
                "--with and --collection go with --for DECK",
                key="--for",
                hint="e.g. skyforge cards search --for my-deck --with friends-deck",
            )
        )
    if len(with_decks) >= GAME_DECKS:
        # as deck validate, complete and export --players: a game has one or two alliance decks (000)
        raise InputError(
            Problem(
                f"{len(with_decks) + 1} decks are not one game's: a game has one or two alliance decks "
                "(Solo or Co-op), so --for DECK takes one --with deck at most",
                key="--with",
                hint="give the other deck of DECK's game",
            )
        )
    found = app.catalog.search(
        text=text,
        kind=kind,
        faction=faction,
        rarity=rarity,
        type=type_,
        subtype=subtype,
        cost_min=low,
        cost_max=high,
        set_code=set_code,
        horde=horde,
    )
    if for_deck:
        # only --for reads decks and works out what they may take (~30 M instructions of imports that
        # a search by faction or rarity, and `castles`, do not pay)
        from skyforge.cli.cards_for import search_for

        search_for(app, found, for_deck, with_decks, collection, as_json)
        return
    render(card_entries(app.catalog, found), as_json, card_table)


def _cost_range(text: str | None) -> tuple[int | None, int | None]:
    if not text:
        return None, None
    try:
        if "-" not in text:
            return int(text), int(text)
        low, high = text.split("-", 1)
        result = (int(low) if low else None), (int(high) if high else None)
    except ValueError:
        raise click.BadParameter(
            f"'{text}' is not a cost or range like 3, 2-4, 5- or -2", param_hint="--cost"
        ) from None
    if result[0] is not None and result[1] is not None and result[0] > result[1]:
        raise click.BadParameter(f"'{text}' runs backwards; did you mean {result[1]}-{result[0]}?", param_hint="--cost")
    return result


@cards.command()
@click.argument("refs", nargs=-1, required=True, metavar="CODE|NAME...", shell_complete=card_refs)
@json_option
@click.pass_obj
def show(app: App, refs: tuple[str, ...], as_json: bool) -> None:
    """Show everything the catalog knows about cards, by code or name.

    \b
      skyforge cards show DEMO.014
      skyforge cards show "Pools of Flyema"
    """
    entries = card_entries(app.catalog, [app.catalog.get(ref) for ref in refs], full=True)

    def human(shown: CardEntry | ResultList[CardEntry]) -> None:
        for entry in shown if isinstance(shown, ResultList) else [shown]:
            card_panel(app.catalog, entry)

    render(entries.items[0] if len(entries) == 1 else entries, as_json, human)


@click.command()
@click.option("--faction", type=click.Choice(FACTIONS, case_sensitive=False), help="Only castles of this faction.")
@json_option
@click.pass_obj
def castles(app: App, faction: str | None, as_json: bool) -> None:
    """List castles with their deck-building rules, as the card back reads.

    \b
      skyforge castles --faction liothan
    """
    found = card_entries(app.catalog, app.catalog.search(kind="castle", faction=faction), full=True)
    render(found, as_json, lambda entries: _draw_castles(app, entries, faction))


def _draw_castles(app: App, entries: ResultList[CardEntry], faction: str | None) -> None:
    out = console()
    if not len(entries):
        out.print("no castles" + (f" of faction {faction}" if faction else "") + " in the catalog")
    for entry in entries:
        castle = entry.card
        assert isinstance(castle, CastleCard)  # a search of castles
        demo = (" (demo data)", "dim") if entry.provenance == "demo" else ""
        faction_text = castle.faction or "faction unknown"
        health = f", health {castle.health}" if castle.health else ""
        out.print(Text.assemble((f"{castle.code or '—'}  {castle.name}", "bold"), f" — {faction_text}{health}", demo))
        for line in castle_rules_lines(app.catalog, castle):
            out.print(f"    {line}")
        out.print()
