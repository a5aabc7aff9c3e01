"""The campaign sheet as one self-contained HTML page to print on A4: the four games as boxes
(a game not played yet is an empty box to fill in by hand), a chart of gold and castle health
(inline SVG: lines told apart by dashes and markers, not only colours, so it reads printed in
black and white), each player's deck with what changed in which game, and the piles left.

No script, no external file or address: the style sheet is embedded. The page is the template
``campaign-sheet.html.j2`` (:mod:`skyforge.pages`), which escapes every text of the players and the
catalog; this module lays out the chart and words what the template does not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skyforge.campaign.limits import GAMES, GOLD_MAX
from skyforge.campaign.sheet import DeckRow, PlayerSheet, Point, Sheet
from skyforge.pages import render
from skyforge.terms import demo_note

#: how a game that was played ended
RESULTS = {"won": "✓ won", "lost": "✗ lost"}
#: the campaign's badge, by its status (else: the game in play)
STATUS = {"won": "campaign won", "lost": "campaign lost", "new": "not started", "ready": "between games"}

# -- the chart ---------------------------------------------------------------------------------

WIDTH, HEIGHT = 700, 215
LEFT, RIGHT, TOP, BOTTOM = 48, 688, 28, 172


@dataclass(frozen=True)
class Mark:
    """One point of a line: its marker (large at the start and at each game's end), and the value
    written beside a large one (``value_y``: above or below the mark, away from the other line)."""

    x: float
    y: float
    r: float
    point: Point
    value: int
    value_y: float | None


@dataclass(frozen=True)
class Line:
    series: str  # gold | health: the class that styles it
    marker: str  # circle | square
    points: str  # the polyline's points
    marks: list[Mark]


@dataclass(frozen=True)
class Chart:
    """Gold (solid line, round markers) and castle health (dashed line, square markers) after every
    event that changed them, one span of the x axis per game: where each thing is drawn."""

    grid: list[tuple[int, float]]  # value, y
    spans: list[float]  # x of each game's start and of the last one's end
    games: list[tuple[float, str]]  # x, label of each game
    full: float  # y of the castle's full health
    full_health: int
    lines: list[Line]
    empty_x: float | None  # where "no game played yet" is written, when none was
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM


def _scale(points: list[Point], full_health: int) -> tuple[int, int, int]:
    """The value axis: lowest, highest, and the step between its grid lines."""
    values = [v for p in points for v in (p.gold, p.castle_health)] + [full_health, 10]
    step = 5 if max(values) - min(0, *values) <= 50 else 10
    high = math.ceil(max(values) / step) * step
    low = min(0, math.floor(min(values) / step) * step)
    return low, high, step


def chart(sheet: Sheet) -> Chart:
    """The chart of gold and castle health, laid out."""
    points = sheet.points
    low, high, step = _scale(points, sheet.full_health)

    def x(at: float) -> float:
        return round(LEFT + at * (RIGHT - LEFT) / GAMES, 1)

    def y(value: float) -> float:
        return round(BOTTOM - (value - low) * (BOTTOM - TOP) / (high - low), 1)

    lines = []
    for series, marker, field in (("gold", "circle", "gold"), ("health", "square", "castle_health")):
        marks = []
        for p in points:
            value = getattr(p, field)
            big = p.game_end or p.x == 0
            above = (p.gold >= p.castle_health) == (series == "gold")
            value_y = y(value) + (-9 if above else 17) if big else None
            marks.append(Mark(x(p.x), y(value), 4.5 if big else 2.5, p, value, value_y))
        path = " ".join(f"{x(p.x)},{y(getattr(p, field))}" for p in points)
        lines.append(Line(series, marker, path, marks))
    games = [
        (x(g.number - 0.5), f"game {g.number}" + (f" ({g.status})" if g.status in ("to play", "not played") else ""))
        for g in sheet.games
    ]
    return Chart(
        grid=[(value, y(value)) for value in range(low, high + 1, step)],
        spans=[x(game) for game in range(GAMES + 1)],
        games=games,
        full=y(sheet.full_health),
        full_health=sheet.full_health,
        lines=lines,
        empty_x=x(2) if len(points) == 1 else None,
    )


# -- the decks ---------------------------------------------------------------------------------


def _change(row: DeckRow, game: int) -> str:
    """Copies recruited (+) and exiled (−) in ``game``."""
    parts = []
    if row.recruited.get(game):
        parts.append(f"+{row.recruited[game]}")
    if row.exiled.get(game):
        parts.append(f"−{row.exiled[game]}")
    return " ".join(parts)


def _deck(p: PlayerSheet) -> dict[str, object]:
    """A player's deck: its rows with their change in each game, and its changes in words."""
    changes = [
        (
            f"before game {c.game}" if c.before_game else f"game {c.game}",
            c.kind,
            ", ".join(next((r.card.name for r in p.rows if r.card.code == code), None) or code for code in c.cards),
            c.house_rule,
        )
        for c in p.changes
    ]
    rows = [(r, [_change(r, g) for g in range(1, GAMES + 1)]) for r in p.rows]
    return {"player": p, "rows": rows, "changes": changes}


# -- the page ----------------------------------------------------------------------------------


def html_page(sheet: Sheet) -> str:
    """The sheet as an HTML document."""
    playing = next((g.number for g in sheet.games if g.status == "in play"), None)
    exiled = f"; exiled: {', '.join(sheet.horde_exiled)}" if sheet.horde_exiled else ""
    return render(
        "campaign-sheet.html.j2",
        sheet=sheet,
        status=STATUS.get(sheet.status, f"game {playing} in play"),
        played=sum(1 for g in sheet.games if g.status in RESULTS),
        results=RESULTS,
        chart=chart(sheet),
        decks=[_deck(p) for p in sheet.players],
        hordes=f"difficulty {sheet.difficulty}, hordes {', '.join(sheet.hordes)}{exiled}",
        demo_note=demo_note() if sheet.demo else None,
        games=GAMES,
        gold_max=GOLD_MAX,
    )
