"""The campaign sheet as one self-contained HTML page to print on A4: the four games as boxes
(a game not played yet is an empty box to fill in by hand), a chart of gold and castle health
(inline SVG: lines told apart by dashes and markers, not only colours, so it reads printed in
black and white), each player's deck with what changed in which game, and the piles left.

No script, no external file or address: the style sheet (``sheet.css``, package data) is
embedded. Every text of the players or the catalog is escaped.
"""

from __future__ import annotations

import html
import math
from functools import cache
from importlib.resources import files

from skyforge.campaign.limits import GAMES, GOLD_MAX
from skyforge.campaign.sheet import Card, DeckRow, GameBox, Pile, PlayerSheet, Point, Sheet
from skyforge.terms import demo_note
from skyforge.text import plural


@cache
def stylesheet() -> str:
    """The sheet's CSS, shipped in the package beside this module."""
    return files(__package__).joinpath("sheet.css").read_text(encoding="utf-8")


def _e(value: object) -> str:
    return html.escape("" if value is None else str(value))


def _named(code: str | None, name: str | None) -> str:
    """``Name (CODE)``, or the code alone when the name is not known."""
    if not code:
        return ""
    return f"{_e(name)} <span class=code>({_e(code)})</span>" if name else _e(code)


def _card(card: Card) -> str:
    return _named(card.code, card.name)


def _blank(label: str, filled: str | None = None) -> str:
    """One line of a game box: what the campaign knows, or a line to write on."""
    value = f'<span class="value">{filled}</span>' if filled else '<span class="fill"></span>'
    return f'<div class="line"><span class="label">{label}</span> {value}</div>'


# -- the games ---------------------------------------------------------------------------------

RESULTS = {"won": "✓ won", "lost": "✗ lost"}


def _outsider(g: GameBox) -> str | None:
    if g.outsider is None:
        return f"{_e(g.final_outsider)} <span class=note>(the final outsider)</span>" if g.final_outsider else None
    if g.henchman_scenario:
        where = f"the henchman on the back of {_named(g.henchman_scenario, g.henchman_scenario_name)}"
    else:
        where = {1: "the stage 1 portal", GAMES: "the final outsider"}.get(g.number, "")
    return _e(g.outsider) + (f" <span class=note>({where})</span>" if where else "")


def _game_box(g: GameBox) -> str:
    if g.status in RESULTS:
        result = f'<span class="result {g.status}">{RESULTS[g.status]}</span>'
    elif g.status == "not played":
        result = '<span class="result">not played</span>'
    else:
        result = '<span class="choice"><span class="tick"></span> won <span class="tick"></span> lost</span>'
    played = g.scenario is not None
    lines = [
        _blank("Scenario", _named(g.scenario, g.scenario_name) if played else None),
        _blank("Portal", _named(g.portal, g.portal_name) if played else None),
        _blank("Outsider", _outsider(g)),
    ]
    if played:
        lines.append(_blank("Actions", _e(", ".join(g.actions)) or "none"))
        lines.append(_blank("Pillaged", plural(g.pillaged, "card")))
    else:
        lines.append(_blank("Actions"))
        lines.append(_blank("Pillaged"))
    end = "" if g.gold is None else str(g.gold)
    gold = f"{g.gold_before} → {end or '<span class=fill-short></span>'}" if g.gold_before is not None else None
    health = (
        f"{g.castle_health_before} → {g.castle_health if g.castle_health is not None else '<span class=fill-short></span>'}"
        if g.castle_health_before is not None
        else None
    )
    lines += [_blank("Gold", gold), _blank("Castle health", health)]
    status = f' data-status="{_e(g.status)}"'
    return (
        f'<section class="game"{status}><h3><span>Game {g.number}</span> {result}</h3>\n'
        + "\n".join(lines)
        + "\n</section>"
    )


# -- the chart ---------------------------------------------------------------------------------

WIDTH, HEIGHT = 700, 215
LEFT, RIGHT, TOP, BOTTOM = 48, 688, 28, 172


def _scale(points: list[Point], full_health: int) -> tuple[int, int, int]:
    """The value axis: lowest, highest, and the step between its grid lines."""
    values = [v for p in points for v in (p.gold, p.castle_health)] + [full_health, 10]
    step = 5 if max(values) - min(0, *values) <= 50 else 10
    high = math.ceil(max(values) / step) * step
    low = min(0, math.floor(min(values) / step) * step)
    return low, high, step


def chart(sheet: Sheet) -> str:
    """Gold (solid line, round markers) and castle health (dashed line, square markers) after
    every event that changed them, one span of the x axis per game."""
    points = sheet.points
    low, high, step = _scale(points, sheet.full_health)

    def x(at: float) -> float:
        return round(LEFT + at * (RIGHT - LEFT) / GAMES, 1)

    def y(value: float) -> float:
        return round(BOTTOM - (value - low) * (BOTTOM - TOP) / (high - low), 1)

    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="Gold and castle health across the games">'
    ]
    for value in range(low, high + 1, step):
        out.append(
            f'<line class="grid" x1="{LEFT}" y1="{y(value)}" x2="{RIGHT}" y2="{y(value)}"/>'
            f'<text class="tick" x="{LEFT - 6}" y="{y(value) + 4}" text-anchor="end">{value}</text>'
        )
    for game in range(GAMES + 1):
        out.append(f'<line class="span" x1="{x(game)}" y1="{TOP}" x2="{x(game)}" y2="{BOTTOM}"/>')
    for g in sheet.games:
        game = g.number
        label = f"game {game}" + (f" ({g.status})" if g.status in ("to play", "not played") else "")
        out.append(f'<text class="tick" x="{x(game - 0.5)}" y="{BOTTOM + 16}" text-anchor="middle">{label}</text>')
    out.append(
        f'<line class="axis" x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}"/>'
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{BOTTOM}"/>'
        f'<text class="title" x="{(LEFT + RIGHT) / 2}" y="{HEIGHT - 8}" text-anchor="middle">'
        "games: each game's changes in order, its end on the line</text>"
        f'<text class="title" x="14" y="{(TOP + BOTTOM) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(TOP + BOTTOM) / 2})">gold · castle health</text>'
    )
    full = y(sheet.full_health)
    out.append(
        f'<line class="full" x1="{LEFT}" y1="{full}" x2="{RIGHT}" y2="{full}"/>'
        f'<text class="note" x="{RIGHT - 4}" y="{full - 4}" text-anchor="end">full health {sheet.full_health}</text>'
    )
    for series, marker, field in (("gold", "circle", "gold"), ("health", "square", "castle_health")):
        path = " ".join(f"{x(p.x)},{y(getattr(p, field))}" for p in points)
        out.append(f'<polyline class="{series}" points="{path}"/>')
        for p in points:
            at, value = x(p.x), getattr(p, field)
            big = p.game_end or p.x == 0
            tip = f"<title>{_e(p.what)}: gold {p.gold}, castle health {p.castle_health}</title>"
            out.append(_marker(marker, series, at, y(value), big, tip))
            if big:  # the value beside the mark, on the side away from the other line
                above = (p.gold >= p.castle_health) == (series == "gold")
                out.append(
                    f'<text class="value {series}" x="{at}" y="{y(value) + (-9 if above else 17)}" '
                    f'text-anchor="middle">{value}</text>'
                )
    if len(points) == 1:
        out.append(
            f'<text class="note" x="{x(2)}" y="{(TOP + BOTTOM) / 2}" text-anchor="middle">'
            "no game played yet: the lines start here</text>"
        )
    out.append(_legend())
    out.append("</svg>")
    return "\n".join(out)


def _marker(shape: str, series: str, cx: float, cy: float, big: bool, tip: str) -> str:
    r = 4.5 if big else 2.5
    if shape == "circle":
        return f'<circle class="{series}" cx="{cx}" cy="{cy}" r="{r}">{tip}</circle>'
    return f'<rect class="{series}" x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}">{tip}</rect>'


def _legend() -> str:
    x0, y0 = LEFT + 110, 14
    return (
        f'<g class="legend"><line class="gold" x1="{x0}" y1="{y0}" x2="{x0 + 30}" y2="{y0}"/>'
        f'<circle class="gold" cx="{x0 + 15}" cy="{y0}" r="4.5"/>'
        f'<text x="{x0 + 38}" y="{y0 + 4}">gold</text>'
        f'<line class="health" x1="{x0 + 90}" y1="{y0}" x2="{x0 + 120}" y2="{y0}"/>'
        f'<rect class="health" x="{x0 + 100.5}" y="{y0 - 4.5}" width="9" height="9"/>'
        f'<text x="{x0 + 128}" y="{y0 + 4}">castle health</text>'
        f'<text x="{x0 + 230}" y="{y0 + 4}" class="note">large marks: the start and each game\'s end</text></g>'
    )


# -- the decks ---------------------------------------------------------------------------------


def _change(row: DeckRow, game: int) -> str:
    parts = []
    if row.recruited.get(game):
        parts.append(f"+{row.recruited[game]}")
    if row.exiled.get(game):
        parts.append(f"−{row.exiled[game]}")
    return " ".join(parts)


def _deck(p: PlayerSheet) -> str:
    role = " (visiting castle: its back sets the deck's rules)" if p.visiting else ""
    head = "".join(f'<th class="n">G{g}</th>' for g in range(1, GAMES + 1))
    rows = "".join(
        f'<tr class="{"gone" if r.now == 0 else ""}"><td>{_card(r.card)}</td><td class="n">{_e(r.card.cost)}</td>'
        f"<td>{_e(r.card.type)}</td><td>{_e(r.card.rarity)}</td><td class='n'>{r.start or ''}</td>"
        + "".join(f'<td class="n">{_change(r, g)}</td>' for g in range(1, GAMES + 1))
        + f'<td class="n now">{r.now}</td></tr>'
        for r in p.rows
    )
    changes = []
    for c in p.changes:
        when = f"before game {c.game}" if c.before_game else f"game {c.game}"
        names = ", ".join(
            _e(next((r.card.name for r in p.rows if r.card.code == code), None) or code) for code in c.cards
        )
        rule = " (house rule)" if c.house_rule else ""
        changes.append(f"<li><b>{when}</b>: {c.kind} {names}{rule}</li>")
    if changes:
        listed = f'<ul class="changes">{"".join(changes)}</ul>'
    elif p.rows:
        listed = '<p class="note">no card recruited or exiled yet</p>'
    else:
        listed = '<p class="note">no starting deck chosen yet</p>'
    return f"""<section class="deck">
<h3>{_e(p.name)} <span class="sub">castle {_named(p.castle, p.castle_name)}{role} · started with {plural(p.start_size, "card")},
now {plural(p.deck_size, "card")}</span></h3>
<table class="cards"><thead><tr><th>Card</th><th class="n">Cost</th><th>Type</th><th>Rarity</th><th class="n">Start</th>
{head}<th class="n">Now</th></tr></thead>
<tbody>{rows}</tbody></table>
{listed}
<table class="piles"><tbody>{_pile("Market deck", p.market)}</tbody></table>
</section>"""


# -- the piles ---------------------------------------------------------------------------------


def _pile(label: str, pile: Pile, counts: bool = True, note: str = "") -> str:
    cards = " · ".join((f"{c.copies}× " if counts else "") + _named(c.code, c.name) for c in pile.cards)
    note = f"<span class=note>{note}:</span> " if note and cards else note
    return f'<tr><th>{label}</th><td class="n">{pile.size}</td><td>{note}{cards or "empty"}</td></tr>'


def _piles(sheet: Sheet) -> str:
    rows = [
        _pile("Scenario pile", sheet.scenario_pile, counts=False),
        _pile("Portal pile", sheet.portal_pile, counts=False),
    ]
    markets = " · ".join(f"{_e(p.name)} {plural(p.market.size, 'card')}" for p in sheet.players)
    rows.append(
        f'<tr><th>Market decks</th><td class="n">{sum(p.market.size for p in sheet.players)}</td>'
        f"<td>{markets} <span class=note>(their cards: under each deck)</span></td></tr>"
    )
    exiled = f"; exiled: {_e(', '.join(sheet.horde_exiled))}" if sheet.horde_exiled else ""
    hordes = f"difficulty {sheet.difficulty}, hordes {_e(', '.join(sheet.hordes))}{exiled}"
    rows.append(_pile("Horde deck", sheet.horde_deck, note=hordes))
    return f'<table class="piles"><tbody>{"".join(rows)}</tbody></table>'


# -- the page ----------------------------------------------------------------------------------

STATUS = {"won": "campaign won", "lost": "campaign lost", "new": "not started", "ready": "between games"}


def html_page(sheet: Sheet) -> str:
    """The sheet as an HTML document."""
    playing = next((g.number for g in sheet.games if g.status == "in play"), None)
    status = STATUS.get(sheet.status, f"game {playing} in play")
    played = sum(1 for g in sheet.games if g.status in RESULTS)
    boxes = "\n".join(_game_box(g) for g in sheet.games)
    decks = "\n".join(_deck(p) for p in sheet.players)
    demo = f" · {_e(demo_note())}" if sheet.demo else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Campaign {_e(sheet.name)} · skyforge</title>
<style>
{stylesheet()}</style></head>
<body>
<section class="page">
<header><div><h1>Campaign {_e(sheet.name)}</h1>
<div class="sub">Castle {_named(sheet.castle, sheet.castle_name)}, full health {sheet.full_health} ·
{_e(sheet.format)} format · difficulty {sheet.difficulty} · final outsider {_e(sheet.final_outsider)} · seed {sheet.seed}</div>
<div class="sub">Now: gold {sheet.gold}/{GOLD_MAX} · castle health {sheet.castle_health} · {plural(played, "game")} of {GAMES} played</div></div>
<span class="badge {_e(sheet.status)}">{status}</span></header>
<h2>The games</h2>
<div class="games">
{boxes}
</div>
<h2>Gold and castle health</h2>
{chart(sheet)}
<h2>Piles left</h2>
{_piles(sheet)}
</section>
<section class="page decks">
<h2>The players' decks <span class="sub">(+ recruited, − exiled in that game; a row struck through has left the deck)</span></h2>
{decks}
<footer>skyforge campaign sheet · {_e(sheet.name)}{demo}</footer>
</section>
</body></html>
"""
