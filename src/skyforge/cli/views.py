"""Renderings of catalog entries shared by several commands (rich views)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from skyforge.catalog import Catalog
from skyforge.catalog.constants import RARITIES
from skyforge.catalog.listing import CardEntry
from skyforge.cli.output import console
from skyforge.cli.output import table as new_table
from skyforge.results import ResultList
from skyforge.rules import admitted_words, castle_back_summary
from skyforge.terms import INFERRED, demo_note, inferred_value
from skyforge.text import plural

if TYPE_CHECKING:  # annotations only: the union of every kind is imported where a card is validated
    from skyforge.catalog.models import Card, CastleCard

_LIST_FIELDS = ("faction", "rarity", "type", "cost", "attack", "health", "horde", "power")


def castle_rules_lines(catalog: Catalog, castle: CastleCard) -> list[str]:
    """The back of the castle card in words: what it requires and excludes, one line per rarity,
    the deck size, and the back as printed (when the catalog has it) to compare with the card."""
    summary = castle_back_summary(catalog, castle)
    lines = [f"{'Back':<10} {summary}"] if summary else []
    if castle.deck_rules is None:
        lines.append(
            f"deck-building rules not in the catalog: fill in [[cards.deck_rules]] in {catalog.source_file(castle.key)}"
        )
    else:
        by_rarity = {rule.rarity: rule for rule in castle.deck_rules}
        for rarity in RARITIES:
            rule = by_rarity.get(rarity)
            if rule is None:
                lines.append(f"{rarity.capitalize():<10} none allowed")
                continue
            limit = f"at most {rule.max}" if rule.max is not None else "any number"
            lines.append(f"{rarity.capitalize():<10} {limit} — {admitted_words(rule)}")
    if castle.deck_size is not None:
        size = castle.deck_size
        lines.append(
            f"{'Deck':<10} "
            + (
                f"exactly {size.min} cards"
                if size.max == size.min
                else f"{size.min}–{size.max} cards"
                if size.max
                else f"at least {size.min} cards"
            )
        )
    elif castle.deck_rules is not None:
        lines.append(f"{'Deck':<10} size not in the catalog: add deck_size in {catalog.source_file(castle.key)}")
    if castle.back_text:
        lines.append(f"{'Printed':<10} \u201c{castle.back_text}\u201d")
    return lines


def card_table(entries: ResultList[CardEntry]) -> None:
    """The cards of a search, a line each, and how many (the demo data among them noted)."""
    out = console()
    if not len(entries):
        out.print("no cards match")
        return
    kinds = {entry.kind for entry in entries}
    one_kind = len(kinds) == 1  # then the kind is said once, below the table, not on every line
    table = new_table(*("code", "name", *([] if one_kind else ["kind"]), *_LIST_FIELDS))
    for entry in entries:
        table.add_row(
            entry.code or "—",
            Text(entry.card.name),
            *([] if one_kind else [entry.kind]),
            *[Text(_cell(getattr(entry.card, f, None))) for f in _LIST_FIELDS],
        )
    out.print(table)
    demo = sum(1 for entry in entries if entry.provenance == "demo")
    out.print(
        plural(len(entries), f"{next(iter(kinds))} card" if one_kind else "card") + (f"; {demo_note()}" if demo else "")
    )


def card_panel(catalog: Catalog, entry: CardEntry) -> None:
    """Everything the catalog knows about a card (``cards show``): each field it has, by name."""
    out = console()
    card: Card = entry.card  # type: ignore[assignment]  # a catalog card is one of the kinds
    data = entry.dump()
    provenance = data.pop("provenance")
    title = f"{card.code or '—'}  {card.name}"
    out.print(Text.assemble((title, "bold"), "  ", (f"{provenance} data", "dim")))
    for key in (
        "kind",
        "faction",
        "rarity",
        "type",
        "subtypes",
        "keywords",
        "cost",
        "attack",
        "health",
        "hero",
        "horde",
        "power",
        "stage",
        "back_stage",
        "level",
        "modes",
        "outsider_type",
        "copies",
        "product",
        "replaces",
        "replaced_by",
        "premade",
        "income",
        "difficulty",
        "henchman",
        "color",
        "hero_class",
        "range",
        "source",
    ):
        if key in data and data[key] not in (None, [], ""):
            out.print(f"  {key:<14}{inferred_value(_cell(data[key]), key, card.inferred)}")
    for field, why in card.inferred.items():
        out.print(Text(f"  {INFERRED:<14}{field}: {why}", style="dim"))
    if card.kind == "castle":
        out.print("  deck rules:")
        for line in castle_rules_lines(catalog, card):
            out.print(f"    {line}")
    for action in data.get("actions", []):
        sign = f"{action['gold']:+d}" if action.get("gold") else "0"
        out.print(f"  action        {action['name']} ({sign} gold{', ∞' if action.get('repeatable') else ''})")
    if card.text:
        out.print(f"  {card.text}")
    if provenance == "demo":
        out.print(Text(f"  {demo_note('card')}", style="dim"))
    out.print()


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)
