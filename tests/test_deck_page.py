"""The deck page (`deck export --format page`): one HTML file that a friend without skyforge reads
— every card's details, where each comes from, the castle's back, the verdict, the share code —
and that skyforge imports back; checked as text and in a real browser."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from skyforge.catalog import load_catalog
from skyforge.workbench import sharecode

#: a player's own set, with the characters a page must escape in names and texts
ANN_SET = """\
schema = 1

[[sets]]
code = "ANN"
name = "Ann's box"
products = [{ name = "Ann's box", first = 1, last = 50 }]

[[cards]]
code = "ANN.001"
kind = "castle"
name = "Zed Keep"
faction = "liothan"
health = 18
text = "Once per turn: heal 1 <castle> health."
deck_size = { min = 5, max = 5 }
back_text = "You must have 5 cards. Base & Rare: Liothan (at most 1 Rare)."
[[cards.deck_rules]]
rarity = "base"
factions = ["liothan"]
[[cards.deck_rules]]
rarity = "rare"
factions = ["liothan"]
max = 1

[[cards]]
code = "ANN.002"
kind = "alliance"
name = "Zed Wall"
faction = "liothan"
rarity = "base"
type = "tower"
copies = 3
cost = 2
health = 6
text = "Taunt."

[[cards]]
code = "ANN.003"
kind = "alliance"
name = "<script>alert(\\"x\\")</script> & Bo's \\"Archer\\""
faction = "liothan"
rarity = "rare"
type = "ally"
subtypes = ["Order"]
keywords = ["Fast"]
cost = 3
attack = 2
health = 3
text = "Deal 1 damage & <b>more</b>."

[[cards]]
code = "ANN.004"
kind = "alliance"
name = "Zed Spark"
faction = "taulot"
rarity = "base"
type = "spell"
cost = 1
text = "Spark & burn."
"""

#: the deck: two of Ann's cards, one of another faction, a demo card, and a card nobody has
ZED_WALL = """\
name = "Zed Wall <i>&</i>"
player = 'Ann "the Builder"'
castle = "ANN.001"
[cards]
"ANN.002" = 2
"ANN.003" = 1
"ANN.004" = 1
"DEMO.007" = 1
"ZZZ.001" = 1
"""


@pytest.fixture
def ann(tmp_path, monkeypatch) -> Path:
    ws = tmp_path / "ann"
    (ws / "decks").mkdir(parents=True)
    (ws / "ann-cards.toml").write_text(ANN_SET, encoding="utf-8")
    (ws / "skyforge.toml").write_text('schema = 1\ncatalog = ["ann-cards.toml", "@demo"]\n', encoding="utf-8")
    (ws / "decks" / "zed-wall.toml").write_text(ZED_WALL, encoding="utf-8")
    monkeypatch.chdir(ws)
    return ws


def _page(run, *args: str) -> str:
    return run("deck", "export", *args, "--format", "page").stdout


def _text(page: str) -> str:
    """The page's words as a reader sees them: tags left out, entities read, spaces joined."""
    inline = re.sub(r"</?(?:span|b|i|code)\b[^>]*>", "", page)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


class Cards(HTMLParser):
    """The text of each element that has a ``data-code`` (a card on the page), by code."""

    VOID = frozenset({"br", "meta", "img", "hr", "input", "link"})

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, str] = {}
        self._open: list[tuple[str | None, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self._open.append((dict(attrs).get("data-code"), []))

    def handle_endtag(self, tag):
        if tag in self.VOID or not self._open:
            return
        code, text = self._open.pop()
        joined = " ".join("".join(text).split())
        if code is not None:
            self.cards[code] = joined
        if self._open:
            self._open[-1][1].append(" " + "".join(text) + " ")

    def handle_data(self, data):
        if self._open:
            self._open[-1][1].append(data)


def cards_on(page: str) -> dict[str, str]:
    parser = Cards()
    parser.feed(page)
    return parser.cards


def _details(card) -> list[str]:
    """What the page must show of an alliance card, as text."""
    bits = [card.name, f"{card.code} {card.copies}x", card.type, card.rarity, card.faction.capitalize()]
    bits += [str(card.cost), *card.subtypes, *card.keywords, card.text]
    bits += [f"attack {card.attack}" if card.attack is not None else None]
    bits += [f"health {card.health}" if card.health is not None else None]
    return [b for b in bits if b]


def _check_every_card(page_text: str, workspace: Path) -> None:
    """Each card of the deck is on the page with all its catalog details, and where it comes from."""
    catalog = load_catalog([workspace / "ann-cards.toml", Path("@demo")])
    cards = cards_on(page_text)
    for code in ("ANN.002", "ANN.003", "ANN.004", "DEMO.007"):
        card = catalog.get(code)
        shown = cards[code]
        for bit in _details(card):
            assert bit in shown, (code, bit, shown)
        assert card.set_code is not None
        set_name = catalog.sets[card.set_code].name
        assert set_name in shown, (code, shown)
        origin = "demo data: fictional, not the published game's" if code == "DEMO.007" else "the player's own catalog"
        assert origin in shown, (code, shown)
    assert cards["ANN.002"].startswith("2× Zed Wall")
    assert "not in the catalog this page was made from" in cards["ZZZ.001"]
    castle = cards["ANN.001"]
    for bit in ("Zed Keep", "Liothan", "health 18", "Once per turn: heal 1 <castle> health.", "ANN.001 1x"):
        assert bit in castle, (bit, castle)
    assert "Printed on the back: “You must have 5 cards. Base & Rare: Liothan (at most 1 Rare).”" in castle
    assert "Rare 1/1 Liothan" in castle and "Legendary 0/0 none allowed" in castle and "Deck size 6/5" in castle


def test_the_page_shows_the_deck_and_every_card(run, ann):
    page = _page(run, "zed-wall")
    assert page.startswith("<!DOCTYPE html>")
    assert "<title>Zed Wall &lt;i&gt;&amp;&lt;/i&gt;</title>" in page
    text = _text(page)
    assert 'Zed Wall <i>&</i> — Ann "the Builder" Castle ANN.001 Zed Keep · 6 cards not valid' in text
    assert "demo data: DEMO.007 is fictional, from the DEMO set; the other cards are not demo data" in text
    _check_every_card(page, ann)
    # the verdict, with each problem in the words of `deck validate`
    verdict = json.loads(run("deck", "validate", "zed-wall", "--json", expect=1).stdout)
    assert "Not valid: " in text and verdict["violations"]
    for v in verdict["violations"]:
        assert f"{v['rule']} {v['message']}" in text, v
    # the mana curve: one bar per cost from 0 to the highest (and ? for none)
    curve = re.search(r'<div class="curve">(.*?)</div><div class="curve-labels">(.*?)</div>', page)
    assert curve is not None and re.findall(r"<span>([^<]*)</span>", curve.group(2)) == ["0", "1", "2", "3"]
    assert re.findall(r"<div class=\"col\"><span>(\d*)</span>", curve.group(1)) == ["", "2", "2", "1"]
    # where the cards come from: the player's own, demo (fictional) and unknown, counted
    assert (
        "the player's own catalog: 4 cards" in text and "demo data: fictional, not the published game's: 1 card" in text
    )
    assert "not in the catalog: 1 card" in text and "There is no public card list" in text


def test_the_share_code_on_the_page_carries_the_cards(run, ann):
    page = _page(run, "zed-wall")
    [code] = re.findall(r'<pre class="code">([^<]+)</pre>', page)
    assert code.startswith("SF2.")
    deck, carried = sharecode.decode_shared(code)
    assert deck.name == "Zed Wall <i>&</i>" and deck.cards["ANN.003"] == 1
    assert carried is not None and sorted(c["code"] for c in carried["cards"]) == [
        "ANN.001",
        "ANN.002",
        "ANN.003",
        "ANN.004",
    ]
    assert "skyforge deck import FILE --cards-to my-cards.toml" in page
    assert "the data of its 4 cards from the player's own catalog" in _text(page)


def test_a_friend_imports_the_page_itself_and_gets_the_same_verdict(run, ann, tmp_path, monkeypatch):
    """Bo has no catalog of his own: the saved page gives him the deck, the cards and Ann's verdict."""
    (ann / "zed.html").write_text(_page(run, "zed-wall"), encoding="utf-8")
    verdict_ann = json.loads(run("deck", "validate", "zed-wall", "--json", expect=1).stdout)
    bo = tmp_path / "bo"
    bo.mkdir()
    (bo / "zed.html").write_text((ann / "zed.html").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(bo)
    out = run("deck", "import", "zed.html", "--name", "zed", "--cards-to", "bo-cards.toml").stdout
    assert "imported code → decks/zed.toml" in out and "added 4 cards to bo-cards.toml" in out
    # Ann's workspace loads the demo set beside her cards; Bo loads it beside the cards he was given
    bo_catalog = ["--catalog", "bo-cards.toml", "--catalog", "@demo"]
    verdict_bo = json.loads(run(*bo_catalog, "deck", "validate", "zed", "--json", expect=1).stdout)
    assert [(v["rule"], v["message"]) for v in verdict_bo["violations"]] == [
        (v["rule"], v["message"]) for v in verdict_ann["violations"]
    ]


def test_player_text_is_escaped(run, ann):
    page = _page(run, "zed-wall")
    assert "<script" not in page.lower() and "<b>more" not in page and "<i>&" not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Bo&#x27;s &quot;Archer&quot;" in page
    assert "Deal 1 damage &amp; &lt;b&gt;more&lt;/b&gt;." in page
    assert "Ann &quot;the Builder&quot;" in page


def test_control_characters_are_shown_not_written(run, ann):
    """A name holding ESC, BEL or a C1 control: the page and the sheet written to a file show them as
    a terminal does (``^[``), never raw (HTML forbids them; ``cat`` of the file would run them)."""
    deck = ann / "decks" / "zed-wall.toml"
    text = deck.read_text(encoding="utf-8").replace("Zed Wall <i>&</i>", "Zed \\u001b[2J\\u0007 \\u009b Wall")
    deck.write_text(text, encoding="utf-8")
    for fmt in ("page", "html"):
        run("deck", "export", "zed-wall", "--format", fmt, "-o", f"zed-{fmt}.html")
        written = (ann / f"zed-{fmt}.html").read_text(encoding="utf-8")
        assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]", written), fmt
        assert "<title>Zed ^[[2J^G &lt;U+009B&gt; Wall</title>" in written, fmt


def test_the_page_is_self_contained(run, ann):
    """Inline CSS only: no script, no link, no image, no address of anything outside the file."""
    page = _page(run, "zed-wall")
    for needle in ("<script", "<link", "<img", "<iframe", "<object", "<embed", "src=", "href=", "url(", "@import",
                   "http:", "https:", "//"):  # fmt: skip
        assert needle not in page.lower(), needle
    assert page.count("<style>") == 1 and "@page { size: A4" in page and "@media print" in page


def test_demo_cards_are_marked_and_several_decks_get_a_page_each(run, workspace):
    page = _page(run, "demo-blue-wall", "demo-green-grove", "--players")
    assert page.count('<article class="page deck-page">') == 2
    assert "The table: copy limits respected" in page
    assert page.count("demo data: a fictional") == 0 and "demo data: fictional cards from the DEMO set" in page
    cards = cards_on(page)
    assert all("demo data: fictional, not the published game" in t for c, t in cards.items() if c.startswith("DEMO.0"))
    assert len(re.findall(r'<pre class="code">SF1\.', page)) == 2  # demo cards ship with skyforge: nothing to carry


def test_an_official_card_says_so_and_what_the_rulebooks_leave_out(run, workspace):
    """An official entry holds only what the rulebooks state: the page cites them and names the
    printed fields it lacks, rather than leaving them blank."""
    (workspace / "decks" / "heroic.toml").write_text(
        'name = "Heroic"\ncastle = "DEMO.001"\n[cards]\n"alliance:akimo" = 1\n"DEMO.007" = 2\n', encoding="utf-8"
    )
    shown = cards_on(_page(run, "heroic"))["alliance:akimo"]
    assert "1× Akimo" in shown and "ally" in shown and "Heroic" in shown
    assert "official: from the rulebooks (000 Setup step 3;" in shown
    assert "not in the catalog: cost, rarity, faction" in shown


def test_a_deck_of_more_own_cards_than_a_code_carries_still_gets_its_page(run, tmp_path, monkeypatch):
    from skyforge.workbench.carried import MAX_CARRIED_CARDS

    n = MAX_CARRIED_CARDS + 1
    cards = "".join(
        f'[[cards]]\ncode = "BIG.{i:03d}"\nkind = "alliance"\nname = "Big {i}"\nfaction = "liothan"\n'
        'rarity = "base"\ntype = "ally"\ncost = 1\n\n'
        for i in range(1, n + 1)
    )
    ws = tmp_path / "big"
    (ws / "decks").mkdir(parents=True)
    (ws / "big.toml").write_text(
        f'schema = 1\n[[sets]]\ncode = "BIG"\nname = "Big box"\nproducts = [{{ name = "Big box", first = 1, last = {n} }}]'
        f"\n\n{cards}",
        encoding="utf-8",
    )
    deck = "".join(f'"BIG.{i:03d}" = 1\n' for i in range(1, n + 1))
    (ws / "decks" / "big.toml").write_text(f'name = "Big"\ncastle = "DEMO.001"\n[cards]\n{deck}', encoding="utf-8")
    monkeypatch.chdir(ws)
    page = run("--catalog", "big.toml", "--catalog", "@demo", "deck", "export", "big", "--format", "page").stdout
    assert len(cards_on(page)) == n + 1  # every card, and the castle
    [code] = re.findall(r'<pre class="code">([^<]+)</pre>', page)
    assert code.startswith("SF1.") and sharecode.decode(code).cards == {f"BIG.{i:03d}": 1 for i in range(1, n + 1)}
    assert "It holds the deck only: the data of its cards is more than one share code carries" in _text(page)


def test_with_cards_is_the_pages_way_already(run, ann):
    assert _page(run, "zed-wall", "--with-cards").count("SF2.") == 1
    refused = run("deck", "export", "zed-wall", "--format", "html", "--with-cards", expect=2).stderr
    assert "--format page shows every card's details" in refused


def test_a_pull_list_sheet_is_still_refused_on_import(run, workspace):
    run("deck", "export", "demo-blue-wall", "--format", "html", "-o", "sheet.html")
    err = run("deck", "import", "sheet.html", expect=2).stderr
    assert "an HTML sheet is for printing and cannot be read back" in err
    assert "a deck page (--format page)" in err


# -- in a real browser -----------------------------------------------------------------------------


@pytest.mark.slow
def test_the_page_in_a_real_browser(run, ann, tmp_path):
    """Headless Chromium on a closed network: the DOM it builds holds every card's details, the
    page asks the network for nothing, and it prints on A4 with each deck from a new page."""
    from tests.browser_util import print_pdf, render, require_chromium

    require_chromium()
    (ann / "zed.html").write_text(_page(run, "zed-wall"), encoding="utf-8")
    shown = render(ann / "zed.html", tmp_path / "zed")
    _check_every_card(shown.dom, ann)
    assert shown.requests == []
    assert "<script" not in shown.dom.lower()
    # the check would see a request: the same page with an image from elsewhere makes one
    leaky = (
        (ann / "zed.html").read_text(encoding="utf-8").replace("<body>", '<body><img src="http://example.com/x.png">')
    )
    (ann / "leaky.html").write_text(leaky, encoding="utf-8")
    assert render(ann / "leaky.html", tmp_path / "leaky").requests == ["http://example.com/x.png"]

    # printing on A4: the 6-card deck takes 2 pages, a 40-card deck of 28 different cards 3, and two
    # decks together the pages of each (each deck starts a new page)
    assert print_pdf(ann / "zed.html", tmp_path / "zed") == 2
    for name in ("demo-blue-wall", "demo-green-grove"):
        (ann / "decks" / f"{name}.toml").write_text(
            (Path(__file__).parent.parent / "decks" / f"{name}.toml").read_text()
        )
    run("deck", "export", "demo-blue-wall", "--format", "page", "-o", "blue.html")
    run("deck", "export", "demo-green-grove", "--format", "page", "-o", "green.html")
    run("deck", "export", "demo-blue-wall", "demo-green-grove", "--format", "page", "-o", "both.html")
    blue, green = print_pdf(ann / "blue.html", tmp_path / "p"), print_pdf(ann / "green.html", tmp_path / "p")
    assert blue == 3
    assert print_pdf(ann / "both.html", tmp_path / "p") == blue + green
