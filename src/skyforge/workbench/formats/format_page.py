"""``page``: a deck page to share — one HTML file a friend reads without skyforge.

For each deck: its name, the castle with what its back prints (the deck rules, the back's text),
the verdict with every problem, the cards grouped by type with everything the catalog holds that a
card prints, where each card comes from (official, demo data — fictional —, or the player's own
catalog), the mana curve, and the share code with the data of the deck's own cards, which ``deck
import`` reads back from the page itself. One file: inline CSS (the sheet's, ``sheet.css``, and
``page.css``), no script, no link or image; every word of the player's is escaped. Printable on A4,
each deck from a new page.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from skyforge.catalog.index import Catalog
from skyforge.catalog.models import AllianceCard, CardBase, CastleCard
from skyforge.decks.files import Deck
from skyforge.errors import InputError
from skyforge.rules import Violation
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench import sharecode
from skyforge.workbench.carried import cards_to_carry
from skyforge.workbench.formats.base import TablePull, castle_line, prepare
from skyforge.workbench.formats.format_html import budget_rows, curve_chart, escape, stylesheet
from skyforge.workbench.stats import CardLine, DeckStats

NAME = "page"
SUMMARY = (
    "a page to share: every card's details, the castle's back, the verdict and a share code with "
    "the deck's own cards; one HTML file, no skyforge needed to read it"
)

#: where a card comes from, as the page says it (the catalog's provenance)
ORIGINS = {
    "official": "official: from the rulebooks",
    "demo": "demo data: fictional, not the published game's",
    "user": "the player's own catalog",
}
#: the fields a card prints that a check or a reader needs, named when the catalog lacks them
PRINTED = ("cost", "type", "rarity", "faction")


@cache
def page_stylesheet() -> str:
    """The page's own CSS, shipped beside this module (on top of the sheet's)."""
    return files(__package__).joinpath("page.css").read_text(encoding="utf-8")


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
    return sep.join(escape(b) for b in bits if b not in (None, ""))


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
            bits.append(f"at most {plural(rule.max_copies, 'copy')} in a deck")
        if rule.castle_factions:
            bits.append("only with a castle of " + " or ".join(f.capitalize() for f in rule.castle_factions))
        if rule.requires:
            bits.append("only in a deck that holds " + ", ".join(rule.requires))
        lines.append("; ".join(bits))
    return lines


def _meta(catalog: Catalog, card: CardBase) -> str:
    provenance, words = _origin(catalog, card)
    return (
        f'<div class="meta">{_join(_printed_code(card), _set_words(catalog, card))}'
        f'{" · " if card.code else ""}<span class="origin {escape(provenance)}">{escape(words)}</span></div>'
    )


def _card(catalog: Catalog, line: CardLine) -> str:
    """One card of the deck: its copies and everything the catalog holds that it prints."""
    found = catalog.cards.get(line.code)
    if not isinstance(found, AllianceCard):
        why = (
            "not in the catalog this page was made from: its details are unknown"
            if found is None
            else f"{found.name} is a {found.kind} card, not an alliance card"
        )
        return (
            f'<div class="card unknown" data-code="{escape(line.code)}"><div class="head">'
            f'<span class="count">{line.count}×</span><span class="name">{escape(line.code)}</span></div>'
            f'<div class="missing">{escape(why)}</div></div>'
        )
    card = found
    type_line = escape(card.type or "type ?") + (f" — {escape(', '.join(card.subtypes))}" if card.subtypes else "")
    stats = _join(
        f"attack {card.attack}" if card.attack is not None else None,
        f"health {card.health}" if card.health is not None else None,
        ", ".join(card.keywords) or None,
    )
    extra = [
        f"hero: {card.hero}" if card.hero else None,
        f"errata: replaces {card.replaces}" if card.replaces else None,
    ]
    missing = [f for f in PRINTED if getattr(card, f) is None]
    cost = "?" if card.cost is None else str(card.cost)
    return (
        f'<div class="card" data-code="{escape(card.key)}"><div class="head">'
        f'<span class="count">{line.count}×</span><span class="name">{escape(card.name)}</span>'
        f'<span class="cost" title="cost">{escape(cost)}</span></div>'
        f'<div class="line">{type_line} · {_join(card.rarity or "rarity ?", _faction(card.faction) or "faction ?")}</div>'
        + (f'<div class="line">{stats}</div>' if stats else "")
        + (f'<p class="text">{escape(card.text)}</p>' if card.text else "")
        + "".join(f'<p class="rule">{escape(r)}</p>' for r in _card_rules(card))
        + (f'<div class="line">{_join(*extra)}</div>' if any(extra) else "")
        + (f'<div class="missing">not in the catalog: {escape(", ".join(missing))}</div>' if missing else "")
        + _meta(catalog, card)
        + "</div>"
    )


def _castle(catalog: Catalog, s: DeckStats) -> str:
    castle = catalog.find(s.castle, "castle")
    if not isinstance(castle, CastleCard):
        return (
            f'<section class="castle"><h2>Castle</h2><div class="castle-card unknown"><b>{escape(s.castle)}</b>'
            '<div class="missing">not in the catalog this page was made from: its rules are unknown</div>'
            "</div></section>"
        )
    front = _join(
        _faction(castle.faction),
        f"health {castle.health}" if castle.health is not None else None,
        f"hero: {castle.hero}" if castle.hero else None,
    )
    if castle.deck_rules is None:
        rules = '<p class="missing">the back\'s deck-building rules are not in the catalog</p>'
    else:
        rules = (
            f'<table class="small rules"><tr><th>Rarity</th><th>Used</th><th>Allowed</th></tr>{budget_rows(s)}</table>'
        )
    printed = (
        f'<blockquote class="back">Printed on the back: \u201c{escape(castle.back_text)}\u201d</blockquote>'
        if castle.back_text
        else ""
    )
    return f"""<section class="castle"><h2>Castle</h2>
<div class="castle-card" data-code="{escape(castle.key)}"><div class="head"><span class="name">{escape(castle.name)}</span>
</div><div class="line">{front}</div>
{f'<p class="text">{escape(castle.text)}</p>' if castle.text else ""}{_meta(catalog, castle)}
<h3>The back: what the deck may hold</h3>{rules}{printed}</div></section>"""


def _problem(v: Violation) -> str:
    extra = "".join(f'<span class="fix">{escape(w)}</span>' for w in (v.fix, v.hint) if w)
    return f'<li><span class="rule-id">{escape(v.rule)}</span> {escape(v.message)}{extra}</li>'


def _verdict(s: DeckStats) -> str:
    if s.valid:
        body = "<p>Valid: the deck follows its castle's rules and the copy limits.</p>"
    else:
        body = (
            f"<p>Not valid: {plural(len(s.violations), 'problem')}.</p>"
            f'<ul class="problems">{"".join(_problem(v) for v in s.violations)}</ul>'
        )
    return f'<section class="verdict {"ok" if s.valid else "bad"}"><h2>Verdict</h2>{body}</section>'


def _share(catalog: Catalog, deck: Deck) -> str:
    """The deck's share code, with the data of its own cards when one code can carry them."""
    command = "skyforge deck import FILE"
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
            command += " --cards-to my-cards.toml"
        else:
            what = "It holds the deck (its cards are official or demo data, which skyforge ships):"
    return f"""<section class="share"><h2>Share code</h2>
<p>{escape(what)}</p>
<pre class="code">{escape(code)}</pre>
<p>In skyforge: <code>{escape(command)}</code>, where FILE is this page saved, or a text file holding the code.</p>
</section>"""


def _groups(catalog: Catalog, s: DeckStats) -> str:
    return "".join(
        f'<section class="group"><h3>{escape(g.type.capitalize())} ({g.count})</h3>'
        f'<div class="cards">{"".join(_card(catalog, c) for c in g.cards)}</div></section>'
        for g in s.groups
    )


def _sources(catalog: Catalog, s: DeckStats) -> str:
    counts: dict[str, int] = {}
    for line in s.entries:
        card = catalog.cards.get(line.code)
        key = catalog.provenance(card) if card is not None else "unknown"
        counts[key] = counts.get(key, 0) + line.count
    words = {**ORIGINS, "unknown": "not in the catalog"}
    items = "".join(
        f'<li><span class="origin {escape(k)}">{escape(words[k])}</span>: {plural(counts[k], "card")}</li>'
        for k in (*ORIGINS, "unknown")
        if counts.get(k)
    )
    honest = (
        "<p>There is no public card list: a card of the player's own catalog was typed in by a player from "
        "their cards; compare it with the printed card.</p>"
        if counts.get("user")
        else ""
    )
    return f'<section class="sources"><h2>Where the cards come from</h2><ul>{items}</ul>{honest}</section>'


def _demo_note(catalog: Catalog, s: DeckStats) -> str:
    """The demo note: for the whole deck, or naming its demo cards when the others are not demo data."""
    codes = [s.castle, *(c.code for c in s.entries)]
    demo = [c for c in codes if c in catalog.cards and catalog.provenance(c) == "demo"]
    return demo_note() if len(demo) == len(codes) else demo_note(some=demo)


def _deck(catalog: Catalog, deck: Deck, s: DeckStats) -> str:
    who = f' <span class="who">— {escape(s.player)}</span>' if s.player else ""
    badge = '<span class="badge ok">valid</span>' if s.valid else '<span class="badge bad">not valid</span>'
    counts = " · ".join(f"{escape(k)} {v}" for k, v in s.types.items())
    rarities = " · ".join(f"{escape(k)} {v}" for k, v in s.rarities.items())
    demo = f'<p class="demo-note">{escape(_demo_note(catalog, s))}</p>' if s.demo_data else ""
    return f"""<article class="page deck-page">
<header><div><h1>{escape(s.name)}{who}</h1>
<div class="sub">Castle {escape(castle_line(s))} · {plural(s.size, "card")}</div></div>{badge}</header>
{demo}{_verdict(s)}
{_castle(catalog, s)}
<section class="numbers"><h2>Mana curve</h2>{curve_chart(s)}
<p class="small-print">Types: {counts}<br>Rarities: {rarities}</p></section>
<section class="deck-cards"><h2>Cards</h2>{_groups(catalog, s)}</section>
{_sources(catalog, s)}
{_share(catalog, deck)}
<footer>skyforge deck export --format page</footer>
</article>"""


def _table(table: TablePull) -> str:
    verdict = "copy limits respected" if table.valid else "limits broken"
    problems = "".join(_problem(v) for v in table.violations)
    return f"""<section class="table-verdict verdict {"ok" if table.valid else "bad"}"><h2>The table: {escape(verdict)}</h2>
<p>{escape(", ".join(table.players))} · {plural(table.size, "card")} · at most 1 copy of a mythic or legendary card,
2 of a rare, 3 of a base card across all players' decks.</p>
{f'<ul class="problems">{problems}</ul>' if problems else ""}</section>"""


def export(catalog: Catalog, decks: list[Deck], *, players: bool = False, with_cards: bool = False) -> str:
    """The page of ``decks`` (one section per deck); it always carries the decks' own cards."""
    data = prepare(catalog, decks, players=players)
    title = " · ".join(s.name for s in data.decks)
    body = ([_table(data.table)] if data.table else []) + [_deck(catalog, d, s) for d, s in zip(decks, data.decks)]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n"
        f"<style>\n{stylesheet()}{page_stylesheet()}</style></head>\n<body>\n" + "\n".join(body) + "\n</body></html>\n"
    )
