"""``html``: a printable sheet, one A4 page per deck (and one for the table's pull list).

Each page has the pull list sorted by set and code with a box per copy to tick, the castle's
rules with what the deck uses of them, the mana curve and the type and rarity counts. Its style
sheet is package data (``sheet.css``). A sheet is for printing: it is not read back.
"""

from __future__ import annotations

import html
from functools import cache
from importlib.resources import files

from skyforge.catalog.codes import code_order
from skyforge.workbench.formats.base import DEMO_NOTE, Export, TablePull, castle_line
from skyforge.workbench.stats import DeckStats

NAME = "html"
SUMMARY = "a printable pull list: one A4 page per deck"


@cache
def stylesheet() -> str:
    """The sheet's CSS, shipped in the package beside this module."""
    return files(__package__).joinpath("sheet.css").read_text(encoding="utf-8")


def escape(value) -> str:
    """``value`` as HTML text (quotes too, so it is safe in an attribute); None is empty."""
    return html.escape("" if value is None else str(value))


_e = escape


def _boxes(n: int) -> str:
    return '<span class="box"></span>' * n


def budget_rows(s: DeckStats) -> str:
    """The castle's rules as table rows: per rarity, what the deck uses of what the back allows."""
    rows = []
    for row in s.budget:
        if not row.allowed:
            rows.append(f"<tr><td>{row.rarity.capitalize()}</td><td>{row.used}/0</td><td>none allowed</td></tr>")
            continue
        limit = row.max if row.max is not None else "any"
        who_ok = row.admits
        rows.append(f"<tr><td>{row.rarity.capitalize()}</td><td>{row.used}/{limit}</td><td>{_e(who_ok)}</td></tr>")
    if s.castle_back:
        rows.insert(0, f'<tr><td colspan="3">{_e(s.castle_back)}</td></tr>')
    if s.deck_size is not None:
        rows.append(f"<tr><td>Deck size</td><td>{s.deck_size.used}/{s.deck_size.wanted}</td><td></td></tr>")
    return "".join(rows)


def curve_chart(s: DeckStats) -> str:
    """The mana curve as bars (CSS only): how many cards cost 0, 1, 2, … (and ? for unknown)."""
    top = max([c.count for c in s.curve] or [1]) or 1
    bars = "".join(
        f'<div class="col"><span>{c.count or ""}</span>'
        f'<div class="bar" style="height:{round(75 * c.count / top)}%"></div></div>'
        for c in s.curve
    )
    labels = "".join(f"<span>{'?' if c.cost is None else c.cost}</span>" for c in s.curve)
    return f'<div class="curve">{bars}</div><div class="curve-labels">{labels}</div>'


def _deck_page(s: DeckStats) -> str:
    verdict = '<span class="badge ok">valid</span>' if s.valid else '<span class="badge bad">not valid</span>'
    who = f" — {_e(s.player)}" if s.player else ""
    counts = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in s.types.items())
    rarities = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in s.rarities.items())
    cards = sorted(s.entries, key=lambda c: code_order(c.code))
    rows = "".join(
        f'<tr><td>{_boxes(c.count)}</td><td class="n">{c.count}</td><td>{_e(c.code)}</td>'
        f'<td>{_e(c.name)}</td><td>{_e(c.type)}</td><td class="n">{_e(c.cost)}</td>'
        f"<td>{_e(c.rarity)}</td><td>{_e(c.faction)}</td></tr>"
        for c in cards
    )
    problems = "".join(f"<li>{_e(v.message)}</li>" for v in s.violations[:6])
    if len(s.violations) > 6:
        problems += f"<li>… and {len(s.violations) - 6} more (skyforge deck validate)</li>"
    dense = " dense" if len(cards) > 30 else ""
    return f"""<section class="page deck">
<header><div><h1>{_e(s.name)}{who}</h1>
<div class="sub">Castle {_e(castle_line(s))} · {s.size} cards</div></div>{verdict}</header>
<div class="facts">
<section><h2>Castle rules</h2><table class="small"><tr><th>Rarity</th><th>Used</th><th>Allowed</th></tr>
{budget_rows(s)}</table></section>
<section><h2>Mana curve</h2>{curve_chart(s)}</section>
<section><h2>Types</h2><table class="small">{counts}</table></section>
<section><h2>Rarities</h2><table class="small">{rarities}</table></section>
</div>
{f'<ul class="problems">{problems}</ul>' if problems else ""}
<h2>Pull list (by set and code)</h2>
<table class="pull{dense}"><thead><tr><th>Pulled</th><th class="n">#</th><th>Code</th><th>Name</th><th>Type</th>
<th class="n">Cost</th><th>Rarity</th><th>Faction</th></tr></thead>
<tbody>{rows}</tbody></table>
<footer>skyforge deck export{" · " + DEMO_NOTE if s.demo_data else ""}</footer>
</section>"""


def _table_page(table: TablePull) -> str:
    players = table.players
    head = "".join(f'<th class="n">{_e(p)}</th>' for p in players)
    rows = "".join(
        f'<tr><td>{_boxes(r.count)}</td><td class="n">{r.count}</td><td>{_e(r.code)}</td>'
        f"<td>{_e(r.name)}</td>" + "".join(f'<td class="n">{r.by_deck.get(p, "")}</td>' for p in players) + "</tr>"
        for r in table.pull_list
    )
    verdict = (
        '<span class="badge ok">copy limits respected</span>'
        if table.valid
        else '<span class="badge bad">limits broken</span>'
    )
    problems = "".join(f"<li>{_e(v.message)}</li>" for v in table.violations)
    return f"""<section class="page table">
<header><div><h1>Pull list for the table</h1>
<div class="sub">{_e(", ".join(players))} · {table.size} cards · at most 1 copy of a mythic or
legendary card, 2 of a rare, 3 of a base card across all players' decks</div></div>{verdict}</header>
{f'<ul class="problems">{problems}</ul>' if problems else ""}
<table class="pull"><thead><tr><th>Pulled</th><th class="n">#</th><th>Code</th><th>Name</th>{head}</tr></thead>
<tbody>{rows}</tbody></table>
</section>"""


def write(data: Export) -> str:
    title = " · ".join(s.name for s in data.decks)
    pages = ([_table_page(data.table)] if data.table else []) + [_deck_page(s) for s in data.decks]
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n<title>{_e(title)}</title>\n'
        f"<style>\n{stylesheet()}</style></head>\n<body>\n" + "\n".join(pages) + "\n</body></html>\n"
    )
