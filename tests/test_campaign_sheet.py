"""``campaign sheet``: the printable campaign sheet, read from the journal's fold, checked as a
person reads it (text of the page) and in a real browser (headless Chromium)."""

from __future__ import annotations

import contextlib
import json
import re
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.campaign import commands as c
from skyforge.campaign import nextgame
from skyforge.campaign.sheet import campaign_sheet
from skyforge.campaign.sheet_html import html_page
from skyforge.campaign.state import after_each_game, fold, replay
from skyforge.errors import SkyforgeError
from skyforge.pages import stylesheet

from .browser_util import chromium, pdf_pages, require_chromium
from .campaign_util import Game, demo_catalog
from .test_campaign_props import PREFIX, STEP, command, first_event
from .test_cli_campaign import NEW, show, sky

# -- reading the page as a person does ----------------------------------------------------------


#: elements a reader sees apart from what comes before them
BLOCKS = {"div", "p", "li", "ul", "h2", "h3", "table", "tr", "td", "th", "section", "text"}


class _Text(HTMLParser):
    """The text of every element whose class list holds ``cls`` (nested ones included), and the
    cells of every table row inside them."""

    def __init__(self, tag: str, cls: str):
        super().__init__()
        self.tag, self.cls = tag, cls
        self.depth = 0  # > 0 inside a matching element
        self.found: list[str] = []
        self.rows: list[list[list[str]]] = []  # per element: its rows, each a list of cell texts
        self.in_cell = False

    def handle_starttag(self, tag, attrs):
        if self.depth and tag in BLOCKS:
            self.found[-1] += " "  # a reader sees cells, lines and labels apart
        if self.depth:
            self.depth += tag == self.tag
            if tag == "tr":
                self.rows[-1].append([])
            elif tag in ("td", "th") and self.rows[-1]:
                self.rows[-1][-1].append("")
                self.in_cell = True
        elif tag == self.tag and self.cls in (dict(attrs).get("class") or "").split():
            self.depth = 1
            self.found.append("")
            self.rows.append([])

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.in_cell = False
        if self.depth and tag == self.tag:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.found[-1] += data
            if self.in_cell:
                self.rows[-1][-1][-1] += data


def texts(page: str, tag: str, cls: str) -> list[str]:
    """What a reader sees in each ``<tag class=cls>``: its text, spaces squeezed."""
    parser = _Text(tag, cls)
    parser.feed(page)
    return [" ".join(t.split()) for t in parser.found]


def deck_rows(page: str, player: str) -> dict[str, dict[str, str]]:
    """A player's deck table as the reader sees it: card code → column → cell text."""
    parser = _Text("section", "deck")
    parser.feed(page)
    for text, rows in zip(parser.found, parser.rows):
        if " ".join(text.split()).startswith(player):
            head = [" ".join(c.split()) for c in rows[0]]
            cards = {}
            for row in rows[1:]:
                cells = [" ".join(x.split()) for x in row]
                code = re.search(r"\(([^()]+)\)$", cells[0])
                if code and len(cells) == len(head):
                    cards[code.group(1)] = dict(zip(head, cells))
            return cards
    raise AssertionError(f"no deck of {player} on the page")


# -- a four-game campaign through the commands ---------------------------------------------------


def four_games(run) -> dict:
    """The two-player demo campaign played to the end through the commands (seed 7): each game
    takes its Recruit and Exile actions; returns what the players did, game by game."""
    sky(run, *NEW)
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    did: dict = {"recruited": {}, "exiled": {}, "health": [15, 10, 7, 4], "gold": [], "games": []}
    for number, health in enumerate(did["health"], 1):
        sky(run, "campaign", "next", "spring")
        state = show(run)
        did["games"].append(state["games"][-1])
        for action in state["current"]["scenario_card"]["actions"]:
            if action.get("recruit") and show(run)["gold"] >= -action["gold"]:
                sky(run, "campaign", "recruit", "spring", str(action["recruit"]))
                for player, offer in (("Alice", "1"), ("Bo", "2")):
                    out = json.loads(sky(run, "campaign", "take", "spring", "--player", player, offer, "--json").stdout)
                    did["recruited"][player, number] = out["events"][0]["cards"]
            elif action.get("exile") and show(run)["gold"] >= -action["gold"]:
                sky(run, "campaign", "action", "spring", action["name"])
                for p in show(run)["players"]:
                    card = sorted(p["deck"])[0]
                    sky(run, "campaign", "exile", "spring", "--player", p["name"], card)
                    did["exiled"][p["name"], number] = card
        sky(run, "campaign", "income", "spring")
        sky(run, "campaign", "pillage", "spring", "1")
        sky(run, "campaign", "end", "spring", "--won", "--castle-health", str(health))
        did["gold"].append(show(run)["gold"])
    return did


@pytest.mark.slow
def test_the_sheet_of_a_four_game_campaign_says_what_happened(run, workspace):
    did = four_games(run)
    assert did["recruited"] and did["exiled"], "the campaign recruits and exiles, so the sheet has them to show"
    out = sky(run, "campaign", "sheet", "spring", "-o", "sheet.html")
    assert "wrote sheet.html: campaign spring, 4 of 4 games played, 2 players" in out.stdout
    assert "demo data" in out.stdout
    page = (workspace / "sheet.html").read_text(encoding="utf-8")
    state = show(run)

    # the four games as boxes: scenario, portal, outsider, result, gold and castle health
    boxes = texts(page, "section", "game")
    assert len(boxes) == 4
    scenarios = {s.code: s.name for s in demo_catalog().of_kind("scenario")}
    for box, game, health, gold in zip(boxes, state["games"], did["health"], did["gold"]):
        assert box.startswith(f"Game {game['number']} ✓ won")
        assert f"Scenario {scenarios[game['scenario']]} ({game['scenario']})" in box
        assert f"({game['portal']})" in box and f"Outsider {game['outsider']}" in box
        assert "Pillaged 1 card" in box and "Castle health" in box and f"→ {health}" in box
        assert f"→ {gold}" in box.split("Gold", 1)[1]
    assert (
        "(the stage 1 portal)" in boxes[0]
        and "(the henchman on the back of" in boxes[1]
        and "(the henchman on the back of" in boxes[2]
    )
    assert "Orrun the Everwake (the final outsider)" in boxes[3]

    # the chart: both lines, drawn from the start and each game's end, axes labelled
    chart = re.search(r"<svg class=\"chart\".*?</svg>", page, flags=re.S).group()
    assert chart.count("<polyline") == 2
    gold_line = re.search(r'<polyline class="gold" points="([^"]+)"', chart).group(1).split()
    health_line = re.search(r'<polyline class="health" points="([^"]+)"', chart).group(1).split()
    assert len(gold_line) == len(health_line) >= 5  # the start, each game's end, the changes between
    marked = re.findall(r'<text class="value health"[^>]*>(-?\d+)</text>', chart)
    assert marked == ["20", *map(str, did["health"])]
    assert re.findall(r'<text class="value gold"[^>]*>(-?\d+)</text>', chart) == ["10", *map(str, did["gold"])]
    chart_text = " ".join(texts(page, "svg", "chart"))
    assert "gold · castle health" in chart_text and all(f"game {n}" in chart_text for n in range(1, 5))
    assert "full health 20" in chart_text

    # each deck: what was recruited and exiled in which game, and what is in it now
    for p in state["players"]:
        rows = deck_rows(page, p["name"])
        for code, n in p["deck"].items():
            assert rows[code]["Now"] == str(n)
        for (player, number), cards in did["recruited"].items():
            if player == p["name"]:
                for code in cards:
                    assert "+" in rows[code][f"G{number}"], (player, number, code, rows[code])
        for (player, number), code in did["exiled"].items():
            if player == p["name"]:
                assert "−1" in rows[code][f"G{number}"]
    alice = next(t for t in texts(page, "section", "deck") if t.startswith("Alice"))
    assert "started with 20 cards" in alice and f"now {sum(state['players'][0]['deck'].values())} cards" in alice
    number = next(n for (player, n) in did["exiled"] if player == "Alice")
    assert f"game {number}: exiled" in alice

    # the piles left: all played out, the market decks counted
    piles = texts(page, "table", "piles")[0]
    assert "Scenario pile 0 empty" in piles and "Portal pile 0 empty" in piles
    markets = [len(p["market"]) for p in state["players"]]
    assert f"Market decks {sum(markets)} Alice {markets[0]} cards · Bo {markets[1]} cards" in piles
    assert f"Horde deck {sum(state['horde_deck'].values())}" in piles


@pytest.mark.slow
def test_the_sheet_json_is_what_the_page_draws(run, workspace):
    four_games(run)
    data = json.loads(sky(run, "campaign", "sheet", "spring", "-o", "s.html", "--json").stdout)
    assert data["file"] == "s.html" and (workspace / "s.html").exists()
    sheet = data["sheet"]
    state = show(run)
    assert [g["status"] for g in sheet["games"]] == ["won"] * 4
    assert [g["scenario"] for g in sheet["games"]] == [g["scenario"] for g in state["games"]]
    assert sheet["points"][-1]["gold"] == state["gold"] and sheet["points"][-1]["castle_health"] == 4
    assert sheet["points"][0] | {"what": ""} == {
        "x": 0,
        "game": 0,
        "gold": 10,
        "castle_health": 20,
        "game_end": False,
        "event": 0,
        "what": "",
    }
    assert [p["x"] for p in sheet["points"] if p["game_end"]] == [1, 2, 3, 4]


def test_writes_atomically_refuses_to_overwrite_and_prints_with_dash(run, workspace):
    sky(run, *NEW)
    sky(run, "campaign", "sheet", "spring")  # default: NAME-sheet.html in the current folder
    first = (workspace / "spring-sheet.html").read_text(encoding="utf-8")
    result = sky(run, "campaign", "sheet", "spring", expect=2)
    assert "spring-sheet.html: a file already exists here" in result.stderr and "--force" in result.stderr
    assert (workspace / "spring-sheet.html").read_text(encoding="utf-8") == first
    sky(run, "campaign", "sheet", "spring", "--force")
    assert not list(workspace.glob("*.tmp")) and not list(workspace.glob(".*sheet*"))
    out = sky(run, "campaign", "sheet", "spring", "-o", "-").stdout
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>") and "wrote" not in out
    result = sky(run, "campaign", "sheet", "spring", "-o", "-", "--json", expect=2)
    assert "--json and -o - both print to standard output" in result.stderr
    assert "no campaign 'nope'" in sky(run, "campaign", "sheet", "nope", expect=2).stderr


def test_the_page_is_self_contained_and_prints_on_a4():
    page = html_page(campaign_sheet(Game().ready().events, demo_catalog()))
    for outside in ("http:", "https:", "//", "<script", "<link", "src=", "url(", "@import"):
        assert outside not in page.replace("</", ""), outside
    css = stylesheet("campaign-sheet.css")
    assert f"<style>\n{css}</style>" in page
    assert "@page { size: A4;" in css and "break-before: page" in css
    # readable in black and white: the lines differ by dashes and by markers, not only by colour
    assert re.search(r"polyline\.health[^{]*\{[^}]*stroke-dasharray", css)
    assert not re.search(r"polyline\.gold[^{]*\{[^}]*stroke-dasharray", css)
    assert '<circle class="gold"' in page and '<rect class="health"' in page


def test_a_campaign_with_no_game_played_is_four_empty_boxes(run, workspace):
    sky(run, *NEW)
    sky(run, "campaign", "sheet", "spring", "-o", "new.html")
    page = (workspace / "new.html").read_text(encoding="utf-8")
    boxes = texts(page, "section", "game")
    assert len(boxes) == 4 and page.count('data-status="to play"') == 4
    for box in boxes:  # labels with lines to write on, the result to tick
        assert re.fullmatch(r"Game \d won lost Scenario Portal Outsider.*Actions Pillaged Gold Castle health", box), box
    assert page.count('<span class="fill"></span>') >= 4 * 6 - 1  # game 4's outsider is known
    assert "Outsider Orrun the Everwake (the final outsider)" in boxes[3]
    assert "no game played yet" in " ".join(texts(page, "svg", "chart"))
    assert page.count("<polyline") == 2  # the lines start at gold 10 and full health
    decks = texts(page, "section", "deck")
    assert all("no starting deck chosen yet" in d for d in decks)
    piles = texts(page, "table", "piles")[0]
    assert (
        "Scenario pile 6" in piles
        and "Portal pile 4" in piles
        and "Market decks 80 Alice 40 cards · Bo 40 cards" in piles
    )
    assert "not started" in page
    sky(run, "campaign", "start-deck", "spring", "--player", "Alice", "--auto")
    sky(run, "campaign", "start-deck", "spring", "--player", "Bo", "--auto")
    sky(run, "campaign", "sheet", "spring", "-o", "new.html", "--force")
    page = (workspace / "new.html").read_text(encoding="utf-8")
    rows = deck_rows(page, "Alice")
    assert sum(int(r["Start"]) for r in rows.values()) == 20 and all(r["Start"] == r["Now"] for r in rows.values())
    assert "no card recruited or exiled yet" in page


def test_control_characters_are_shown_not_written():
    """Names holding ESC, BEL or a C1 control show them as a terminal does (``^[``), never raw."""
    sheet = campaign_sheet(Game().ready().events, demo_catalog())
    ann = sheet.players[0].model_copy(update={"name": "Ann \x07"})
    page = html_page(sheet.model_copy(update={"name": "spring \x1b[2J\x9b", "players": [ann, *sheet.players[1:]]}))
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", page)
    assert "<h1>Campaign spring ^[[2J&lt;U+009B&gt;</h1>" in page
    assert texts(page, "section", "deck")[0].startswith("Ann ^G castle ")


def test_player_text_is_escaped(run, workspace):
    name = '<b>Ann & "Bo"</b>'
    sky(
        run,
        "campaign",
        "new",
        "esc",
        "--castle",
        "DEMO.001",
        "--player",
        f"{name}=demo-blue-wall",
        "--hordes",
        "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
        "--difficulty",
        "2",
        "--outsider",
        "Orrun the Everwake",
        "--seed",
        "3",
    )
    sky(run, "campaign", "start-deck", "esc", "--auto")
    sky(run, "campaign", "sheet", "esc", "-o", "esc.html")
    page = (workspace / "esc.html").read_text(encoding="utf-8")
    assert "<b>Ann" not in page and 'Ann & "Bo"' not in page
    assert "&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;" in page
    assert texts(page, "section", "deck")[0].startswith(name)  # and a reader sees the name as typed


def test_a_lost_campaign_leaves_the_later_games_unplayed():
    game = Game().ready()
    game.do(nextgame.next_game)
    game.do(c.earn_income)
    game.do(c.end_game, False, 0)
    sheet = campaign_sheet(game.events, demo_catalog())
    assert [g.status for g in sheet.games] == ["lost", "not played", "not played", "not played"]
    page = html_page(sheet)
    boxes = texts(page, "section", "game")
    assert boxes[0].startswith("Game 1 ✗ lost")
    assert all(boxes[n - 1].startswith(f"Game {n} not played") for n in (2, 3, 4))
    assert "campaign lost" in page and "game 2 (not played)" in page


def test_changes_between_games_and_house_rules_are_said():
    game = Game().ready()
    game.do(nextgame.next_game)
    game.do(c.earn_income)
    game.do(c.end_game, True, 12)
    card = sorted(game.state.player("Alice").deck)[0]
    game.do(c.exile, demo_catalog(), "Alice", card, free=True)
    sheet = campaign_sheet(game.events, demo_catalog())
    alice = sheet.players[0]
    assert [(x.game, x.kind, x.cards, x.before_game, x.house_rule) for x in alice.changes] == [
        (2, "exiled", [card], True, True)
    ]
    deck = next(t for t in texts(html_page(sheet), "section", "deck") if t.startswith("Alice"))
    assert re.search(r"before game 2: exiled .* \(house rule\)", deck)
    assert [g.status for g in sheet.games] == ["won", "to play", "to play", "to play"]


# -- one source of truth: the sheet and the states after each game come from the fold ------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 3), steps=st.lists(STEP, max_size=50))
def test_states_after_each_game_agree_with_folding_the_journal_up_to_there(seed, steps):
    game = Game(first_event(seed))
    for step in PREFIX + steps:
        with contextlib.suppress(SkyforgeError):
            game.do(command(step))
    events = game.events
    states = list(replay(events))
    assert states == [fold(events[: i + 1]) for i in range(len(events))]
    ends = [i for i, e in enumerate(events) if e.type == "game-ended"]
    assert after_each_game(events) == [fold(events[: i + 1]) for i in ends]
    assert [s.games[-1].result for s in after_each_game(events)] == [g.result for g in game.state.games if g.result]

    sheet = campaign_sheet(events, demo_catalog())
    final = game.state
    assert (sheet.points[-1].gold, sheet.points[-1].castle_health) == (final.gold, final.castle_health)
    assert sum(p.game_end for p in sheet.points) == len(ends)
    assert [p.x for p in sheet.points] == sorted(p.x for p in sheet.points)
    for box, record in zip(sheet.games, final.games):
        assert (box.scenario, box.portal, box.outsider) == (record.scenario, record.portal, record.outsider)
        assert box.status == (record.result or "in play")
    for p in sheet.players:
        deck = final.player(p.name).deck
        assert {r.card.code: r.now for r in p.rows if r.now} == dict(deck)
        for r in p.rows:  # what a row says adds up: start + recruited - exiled = now
            assert r.start + sum(r.recruited.values()) - sum(r.exiled.values()) == r.now
        assert p.market.size == len(final.player(p.name).market)
    assert html_page(sheet).count('<section class="game"') == 4


# -- in a real browser ----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_sheet_renders_and_prints_in_two_a4_pages_in_a_real_browser(run, workspace, tmp_path):
    """Headless Chromium reads the page (boxes, chart, decks), prints it on at most two A4 pages and
    takes a screenshot: for a finished four-game campaign and for one with no game played."""
    require_chromium()
    sky(run, *NEW[:2], "fresh", *NEW[3:])
    sky(run, "campaign", "sheet", "fresh", "-o", "fresh.html")
    four_games(run)
    sky(run, "campaign", "sheet", "spring", "-o", "sheet.html")
    profile = tmp_path / "profile"
    for page, played in (("sheet.html", 4), ("fresh.html", 0)):
        dom = chromium("--dump-dom", page, cwd=workspace, profile=profile)
        assert dom.count('<section class="game"') == 4
        assert dom.count('data-status="won"') == played and dom.count('data-status="to play"') == 4 - played
        assert re.search(r"<svg [^>]*class=\"chart\"", dom) and dom.count("<polyline") == 2
        assert dom.count('<section class="deck"') == 2 and "Alice" in dom and "Bo" in dom
        pdf = workspace / page.replace(".html", ".pdf")
        chromium(f"--print-to-pdf={pdf.name}", page, cwd=workspace, profile=profile)
        assert 1 <= pdf_pages(pdf) <= 2
        boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf.read_bytes())
        assert boxes and all(abs(float(w) - 595) < 2 and abs(float(h) - 842) < 2 for w, h in boxes)  # A4
    shot = tmp_path / "sheet.png"
    chromium("--window-size=900,1300", f"--screenshot={shot}", "sheet.html", cwd=workspace, profile=profile)
    assert shot.stat().st_size > 10_000
