"""``page``: a deck page to share — one HTML file a friend reads without skyforge.

For each deck: its name, the castle with what its back prints (the deck rules, the back's text),
the verdict with every problem, the cards grouped by type with everything the catalog holds that a
card prints, where each card comes from (official, demo data — fictional —, or the player's own
catalog), the mana curve, and the share code with the data of the deck's own cards, which ``deck
import`` reads back from the page itself. One file: inline CSS (the sheet's, ``deck-sheet.css``, and
``deck-page.css``), no script, no link or image; every word of the player's is escaped. Printable on
A4, each deck from a new page. The page is the template ``deck-page.html.j2`` (:mod:`skyforge.pages`);
this module gathers what it shows.
"""

from __future__ import annotations

from typing import Any

from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CardBase, CastleCard
from skyforge.decks.files import Deck
from skyforge.errors import InputError
from skyforge.pages import render
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench import sharecode
from skyforge.workbench.carried import cards_to_carry
from skyforge.workbench.formats.base import castle_line, prepare
from skyforge.workbench.formats.format_html import curve_bars
from skyforge.workbench.stats import CardLine, DeckStats

#: where a card comes from, as the page says it (the catalog's provenance)
ORIGINS = {
    "official": "official: from the rulebooks",
    "demo": "demo data: fictional, not the published game's",
    "user": "the player's own catalog",
}
#: the fields a card prints that a check or a reader needs, named when the catalog lacks them
PRINTED = ("cost", "type", "rarity", "faction")


def _origin(catalog: Catalog, card: CardBase) -> tuple[str, str]:
    """(provenance, words): where ``card`` comes from, with its ``source`` when it gives one."""
    provenance = catalog.provenance(card)
    words = ORIGINS.get(provenance, provenance)
    origin = catalog.origins.get(card.key)
    if provenance != "user" and origin is not None and origin.completed_by is not None:
        words += ", completed from the player's own catalog"
    if card.source and provenance != "demo":  # a rulebook's section, or who shared the card
        words += f" ({card.source})"
    return provenance, words


def _faction(value: str | None) -> str | None:
    return value.capitalize() if value else None


def _join(*bits: str | None, sep: str = " · ") -> str:
    return sep.join(b for b in bits if b)


def _printed_code(card: CardBase) -> str | None:
    """The code as the card prints it: ``CAM.014 2x``."""
    if not card.code:
        return None
    return f"{card.code} {card.copies}x"


def _set_words(catalog: Catalog, card: CardBase) -> str | None:
    code = card.set_code
    if code is None:
        return None
    card_set = catalog.sets.get(code)
    product = catalog.product_of(card.code) if card.code else None
    name = f"{card_set.name} ({code})" if card_set else code
    return f"{name}, {product}" if product else name


def _card_rules(card: AllianceCard) -> list[str]:
    """The deck-building restrictions printed on the card, in words."""
    lines = []
    for rule in card.card_rules:
        if rule.text:
            lines.append(rule.text)
            continue
        bits = []
        if rule.max_copies is not None:
            bits.append(f"at most {plural(rule.max_copies, 'copy', 'copies')} in a deck")
        if rule.castle_factions:
            bits.append("only with a castle of " + " or ".join(f.capitalize() for f in rule.castle_factions))
        if rule.requires:
            bits.append("only in a deck that holds " + ", ".join(rule.requires))
        lines.append("; ".join(bits))
    return lines


def _meta(catalog: Catalog, card: CardBase) -> dict[str, Any]:
    """The card's code, set and product, and where it comes from."""
    provenance, words = _origin(catalog, card)
    return {
        "printed": _join(_printed_code(card), _set_words(catalog, card)),
        "coded": bool(card.code),
        "provenance": provenance,
        "origin": words,
    }


def _card(catalog: Catalog, line: CardLine) -> dict[str, Any]:
    """One card of the deck: its copies and everything the catalog holds that it prints."""
    found = catalog.cards.get(line.code)
    if not isinstance(found, AllianceCard):
        why = (
            "not in the catalog this page was made from: its details are unknown"
            if found is None
            else f"{found.name} is a {found.kind} card, not an alliance card"
        )
        return {"line": line, "card": None, "why": why}
    card = found
    extra = [
        f"hero: {card.hero}" if card.hero else None,
        f"errata: replaces {card.replaces}" if card.replaces else None,
    ]
    return {
        "line": line,
        "card": card,
        "cost": "?" if card.cost is None else str(card.cost),
        "kind": (card.type or "type ?") + (f" — {', '.join(card.subtypes)}" if card.subtypes else ""),
        "printed": _join(card.rarity or "rarity ?", _faction(card.faction) or "faction ?"),
        "stats": _join(
            f"attack {card.attack}" if card.attack is not None else None,
            f"health {card.health}" if card.health is not None else None,
            ", ".join(card.keywords) or None,
        ),
        "rules": _card_rules(card),
        "extra": _join(*extra),
        "missing": ", ".join(f for f in PRINTED if getattr(card, f) is None),
        "meta": _meta(catalog, card),
    }


def _castle(catalog: Catalog, s: DeckStats) -> dict[str, Any] | None:
    """The deck's castle, with what its front prints; None when the catalog does not hold it."""
    castle = catalog.find(s.castle, "castle")
    if not isinstance(castle, CastleCard):
        return None
    front = _join(
        _faction(castle.faction),
        f"health {castle.health}" if castle.health is not None else None,
        f"hero: {castle.hero}" if castle.hero else None,
    )
    return {"card": castle, "front": front, "meta": _meta(catalog, castle)}


def _share(catalog: Catalog, deck: Deck) -> dict[str, str | bool]:
    """The deck's share code, with the data of its own cards when one code can carry them
    (``cards_to``: the page says to import it with a cards file for them)."""
    cards_to = False
    try:
        carried = cards_to_carry(catalog, deck.data)
        code = sharecode.encode(deck.data, carried)
    except InputError:  # more cards of the player's own than one code carries
        code = sharecode.encode(deck.data)
        what = (
            "It holds the deck only: the data of its cards is more than one share code carries; "
            "ask the sender for their catalog file."
        )
    else:
        if carried:
            what = (
                f"It carries the deck and the data of its {plural(len(carried['cards']), 'card')} from the "
                "player's own catalog, so it imports without the sender's catalog:"
            )
            cards_to = True
        else:
            what = "It holds the deck (its cards are official or demo data, which skyforge ships):"
    return {"what": what, "code": code, "cards_to": cards_to}


def _sources(catalog: Catalog, s: DeckStats) -> list[tuple[str, str, int]]:
    """Where the deck's cards come from: (provenance, its words, how many cards), in the order of :data:`ORIGINS`."""
    counts: dict[str, int] = {}
    for line in s.entries:
        card = catalog.cards.get(line.code)
        key = catalog.provenance(card) if card is not None else "unknown"
        counts[key] = counts.get(key, 0) + line.count
    words = {**ORIGINS, "unknown": "not in the catalog"}
    return [(k, words[k], counts[k]) for k in (*ORIGINS, "unknown") if counts.get(k)]


def _demo_note(catalog: Catalog, s: DeckStats) -> str:
    """The demo note: for the whole deck, or naming its demo cards when the others are not demo data."""
    codes = [s.castle, *(c.code for c in s.entries)]
    demo = [c for c in codes if c in catalog.cards and catalog.provenance(c) == "demo"]
    return demo_note() if len(demo) == len(codes) else demo_note(some=demo)


def _deck(catalog: Catalog, deck: Deck, s: DeckStats) -> dict[str, Any]:
    """What the page shows of one deck."""
    sources = _sources(catalog, s)
    return {
        "stats": s,
        "castle_line": castle_line(s),
        "demo_note": _demo_note(catalog, s) if s.demo_data else None,
        "castle": _castle(catalog, s),
        "curve": curve_bars(s),
        "types": " · ".join(f"{k} {v}" for k, v in s.types.items()),
        "rarities": " · ".join(f"{k} {v}" for k, v in s.rarities.items()),
        "groups": [(g, [_card(catalog, c) for c in g.cards]) for g in s.groups],
        "sources": sources,
        "typed_in": any(key == "user" for key, _, _ in sources),  # cards a player typed in from their own
        "share": _share(catalog, deck),
    }


def export(catalog: Catalog, decks: list[Deck], *, players: bool = False, with_cards: bool = False) -> str:
    """The page of ``decks`` (one section per deck); it always carries the decks' own cards."""
    data = prepare(catalog, decks, players=players)
    title = " · ".join(s.name for s in data.decks)
    pages = [_deck(catalog, d, s) for d, s in zip(decks, data.decks)]
    return render("deck-page.html.j2", title=title, table=data.table, decks=pages, origins=ORIGINS)
