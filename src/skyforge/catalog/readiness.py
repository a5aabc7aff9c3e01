"""What works with the catalog data so far, and what is missing for the rest.

``skyforge catalog check`` reports this beside the problems: a player who brings
their own cards learns which castles can validate a deck, which hordes can be set
up, whether a campaign can start and whether heroes can be drafted — and which
field of which entry to fill in for the rest. The fictional demo set is left out
of the report (it is complete by construction).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from skyforge.catalog.index import card_label
from skyforge.empty import empty_list
from skyforge.errors import option
from skyforge.results import Result

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog
    from skyforge.catalog.models import Card

#: what a campaign needs at setup (000 "Campaign Mode": six scenario cards, four stage-1
#: portals, three different hordes)
CAMPAIGN_SCENARIOS, CAMPAIGN_PORTALS, CAMPAIGN_HORDES = 6, 4, 3


class Area(Result):
    """One thing a player wants to do, what already works for it and what is missing."""

    name: str = Field(serialization_alias="area")
    ready: list[str] = Field(default_factory=empty_list)
    missing: list[str] = Field(default_factory=empty_list)


def readiness(catalog: Catalog) -> list[Area]:
    cards = [c for c in catalog if catalog.provenance(c) != "demo"]

    def where(card: Card) -> str:
        """The user's own file for their entries; official ones are completed as the footer says."""
        origin = catalog.origins.get(card.key)
        if origin is not None and (origin.provenance == "user" or origin.completed_by):
            return f" ({catalog.source_file(card.key)})"
        return " (official entry)"

    def of(kind: str) -> list:
        return [c for c in cards if c.kind == kind]

    decks = Area.of(name="deck validation", ready=[], missing=[])
    for castle in of("castle"):
        label = card_label(castle)
        gaps = [
            name for name, value in (("deck_rules", castle.deck_rules), ("deck_size", castle.deck_size)) if not value
        ]
        if not gaps:
            decks.ready.append(label)
        elif "deck_rules" in gaps:
            decks.missing.append(f"castle {label}: its back ({' and '.join(gaps)}){where(castle)}")
        else:
            decks.missing.append(f"castle {label}: its deck size (deck_size){where(castle)}")
    alliance = of("alliance")
    incomplete = [c for c in alliance if c.rarity is None or c.faction is None]
    if alliance:
        decks.ready.append(
            f"{len(alliance) - len(incomplete)} of {len(alliance)} alliance cards have rarity and faction"
        )
    for card in incomplete[:5]:
        decks.missing.append(f"alliance card {card.code or card.name}: rarity and faction{where(card)}")
    if len(incomplete) > 5:
        decks.missing.append(f"… and {len(incomplete) - 5} more alliance cards without rarity or faction")

    setup = Area.of(name="game setup (horde deck by difficulty)", ready=[], missing=[])
    horde_cards: dict[str, int] = {}
    for card in of("horde"):
        if card.horde and card.power is not None:
            horde_cards[card.horde] = horde_cards.get(card.horde, 0) + 1
    no_cards: list[str] = []
    for horde in catalog.hordes.values():
        if catalog.entry_layers.get(("hordes", horde.id)) == "demo":
            continue
        rows = [r for r in catalog.difficulty_levels if r.set == horde.set and r.powers]
        if horde_cards.get(horde.id) and rows:
            setup.ready.append(
                f"{horde.name}: {horde_cards[horde.id]} horde cards, levels "
                + ", ".join(str(r.level) for r in sorted(rows, key=lambda r: r.level))
            )
        elif not horde_cards.get(horde.id):
            no_cards.append(horde.id)
        else:
            setup.missing.append(f"{horde.name}: no [[difficulty_levels]] row of set {horde.set} with powers")
    if no_cards:
        setup.missing.append(
            'no horde cards with a power level (kind = "horde", horde = ID, power = N) for: ' + ", ".join(no_cards)
        )

    campaign = Area.of(name="campaigns", ready=[], missing=[])
    usable_castles = [c for c in of("castle") if c.deck_rules and c.health]
    scenarios = [c for c in of("scenario") if c.henchman]
    portals = [c for c in of("portal") if c.stage == 1]
    hordes_with_cards = [h for h in horde_cards if h in catalog.hordes]
    for label, have, need in (
        ("castles with a back and health", len(usable_castles), 1),
        ("scenarios with a henchman", len(scenarios), CAMPAIGN_SCENARIOS),
        ("stage-1 portals", len(portals), CAMPAIGN_PORTALS),
        ("hordes with horde cards", len(hordes_with_cards), CAMPAIGN_HORDES),
    ):
        (campaign.ready if have >= need else campaign.missing).append(f"{label}: {have} (a campaign needs {need})")

    drafts = Area.of(name="drafts", ready=[], missing=[])
    onward = of("onward-hero")
    coloured = [h for h in onward if h.color]
    drafts.ready.append(
        f"Onward: {len(onward)} heroes, {len(coloured)} with a colour ({option('one_per_color')}), "
        f"{len([h for h in onward if h.faction])} with a faction ({option('factions')})"
    )
    for hero in [h for h in onward if not h.color][:3]:
        drafts.missing.append(f"Onward hero {hero.name}: color{where(hero)}")
    arena = of("arena-hero")
    complete_arena = [h for h in arena if h.hero_class and len(h.action_cards) == 5]
    drafts.ready.append(f"Skybound: Arena: {len(arena)} heroes, {len(complete_arena)} with a class and 5 action cards")
    for hero in [h for h in arena if h not in complete_arena][:3]:
        drafts.missing.append(f"Arena hero {hero.name}: hero_class and action_cards{where(hero)}")
    return [decks, setup, campaign, drafts]


def fill_in_hint(catalog: Catalog) -> str:
    """Where official entries are completed: the user's first catalog file, or a new one."""
    return (
        f"to fill in an official entry, add to {catalog.user_file()} an entry with the same code "
        "(or, without a code, the same kind and name) holding the missing fields"
    )
