"""Export for play and import back: round trips, share codes, the printable sheet, catalog CSV import."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.decks import load_deck
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError
from skyforge.workbench import sharecode

from .conftest import EXAMPLE_DECKS, cite

FULL_FORMATS = ["json", "csv", "text", "code", "md", "page"]


@pytest.mark.parametrize("deck", sorted(p.stem for p in EXAMPLE_DECKS.glob("*.toml")))
@pytest.mark.parametrize("fmt", FULL_FORMATS)
def test_export_import_round_trip(run, workspace, fmt, deck):
    suffix = {"text": "txt", "page": "html"}.get(fmt, fmt)
    out = workspace / f"out.{suffix}"
    run("deck", "export", deck, "--format", fmt, "-o", str(out))
    source = out.read_text().strip() if fmt == "code" else str(out)
    run("deck", "import", source, "--name", "back")
    before = load_deck(workspace / "decks" / f"{deck}.toml").data
    after = load_deck(workspace / "decks" / "back.toml").data
    assert after.cards == before.cards and after.castle == before.castle and after.player == before.player
    run("deck", "diff", deck, "back")  # exit 0: the same deck


def test_export_goes_to_stdout_unless_o(run, workspace):
    text = run("deck", "export", "demo-blue-wall").stdout
    assert text.startswith("Blue Wall\nPlayer: Alice\nCastle: DEMO.001 Saltglass Bastion\nCards: 40 (valid)\n")
    assert "\nAlly (30)\n3 DEMO.007 Gullwing Lookout\n" in text
    result = run("deck", "export", "demo-blue-wall", "--format", "csv", "-o", "x.csv")
    assert result.stdout == "" and (workspace / "x.csv").read_text().startswith(
        "deck,player,castle,count,code,name,type,cost,rarity,faction,set\n"
        "Blue Wall,Alice,DEMO.001,3,DEMO.007,Gullwing Lookout,ally,1,base,liothan,DEMO\n"
    )
    data = json.loads(run("deck", "export", "demo-blue-wall", "--format", "json").stdout)
    assert data["format"] == "skyforge-deck" and data["castle"] == "DEMO.001" and data["size"] == 40
    assert sum(data["cards"].values()) == 40 and data["entries"][0]["name"]
    md = run("deck", "export", "demo-blue-wall", "--format", "md").stdout
    assert (
        md.startswith("# Blue Wall\n") and "## Tower (3)" in md and "- 1 DEMO.024 Wavebreak Tower — cost 4, rare" in md
    )


def test_show_json_is_importable(run, workspace):
    (workspace / "shown.json").write_text(run("deck", "show", "demo-green-grove", "--json").stdout)
    run("deck", "import", "shown.json", "--name", "g2")
    diff = json.loads(run("deck", "diff", "demo-green-grove", "g2", "--json").stdout)
    assert diff["same"] and (diff["added"], diff["removed"], diff["changed"]) == ([], [], [])
    assert diff["a"]["castle"] == diff["b"]["castle"] == "DEMO.003" and diff["a"]["size"] == diff["b"]["size"] == 40


def test_import_reports_every_unresolved_line_with_suggestions(run, workspace):
    (workspace / "friend.txt").write_text(
        "Friend's deck\nCastle: Saltglass Bastion\n\n3 Gullwing Lookot\n2x DEMO.008 Saltmarsh Pikeman\n"
        "- 1 Brinecoil Adept\nDEMO.009\n1 Nothing Like It Zzz\n1 DEMO.001\n"
    )
    result = run("deck", "import", "friend.txt", expect=2)
    assert "error: 3 problems" in result.stderr
    assert "friend.txt:4: cannot resolve 'Gullwing Lookot'" in result.stderr
    assert "did you mean DEMO.007 'Gullwing Lookout'?" in result.stderr
    assert "friend.txt:8: cannot resolve 'Nothing Like It Zzz'" in result.stderr
    assert "friend.txt:9: cannot resolve 'DEMO.001': it is a castle card, not an alliance card" in result.stderr
    assert not (workspace / "decks" / "friend-s-deck.toml").exists()
    run("deck", "import", "friend.txt", "--skip-unresolved")
    deck = load_deck(workspace / "decks" / "friend-s-deck.toml").data
    assert deck.name == "Friend's deck" and deck.castle == "DEMO.001"
    assert deck.cards == {"DEMO.008": 2, "DEMO.009": 2}


def test_unresolved_lines_carry_a_code_and_only_they_are_skipped(run, workspace):
    """--skip-unresolved skips the lines that name no alliance card (problem code UNRESOLVED), never
    a bad count: the CLI decides by the code, not by the wording of the message."""
    from skyforge.workbench.formats import UNRESOLVED, import_decks

    (workspace / "mixed.txt").write_text(
        "Mixed\nCastle: DEMO.001\n3 Nothing Like It Zzz\n100000 DEMO.007\n2 DEMO.008\n"
    )
    [result] = import_decks(load_catalog(), str(workspace / "mixed.txt"))
    assert [p.code for p in result.problems] == [UNRESOLVED, None]
    from skyforge.results import ReportedProblem

    assert "code" not in ReportedProblem.of_problem(result.problems[0]).dump()  # the JSON of a problem is unchanged
    skipped = run("deck", "import", "mixed.txt", "--skip-unresolved", expect=2)
    assert "the count must be from 1 to" in skipped.stderr and "Nothing Like It" in skipped.stderr


def test_import_needs_a_castle(run, workspace):
    (workspace / "bare.txt").write_text("3 DEMO.007\n")
    result = run("deck", "import", "bare.txt", expect=2)
    assert "names no castle" in result.stderr and "--castle" in result.stderr
    run("deck", "import", "bare.txt", "--castle", "DEMO.002")
    assert load_deck(workspace / "decks" / "bare.toml").data.castle == "DEMO.002"


def test_import_csv_rows_are_numbered(run, workspace):
    (workspace / "s.csv").write_text("castle,count,code,name\nDEMO.001,2,DEMO.007,\n,zero,DEMO.008,\n,1,,Nope\n")
    result = run("deck", "import", "s.csv", expect=2)
    assert "s.csv:3: count: count must be a whole number" in result.stderr
    assert "s.csv:4: cannot resolve 'Nope'" in result.stderr


def test_import_writes_where_told_and_refuses_to_clobber(run, workspace):
    code = run("deck", "export", "demo-red-rush", "--format", "code").stdout.strip()
    run("deck", "import", code, "-o", "elsewhere/red.toml")
    assert load_deck(workspace / "elsewhere" / "red.toml").data.name == "Red Rush"
    result = run("deck", "import", code, "-o", "elsewhere/red.toml", expect=2)
    assert "already exists" in result.stderr
    run("deck", "import", code)  # default: decks/<slug of the name>.toml
    assert (workspace / "decks" / "red-rush.toml").exists()


# -- share codes -------------------------------------------------------------------


def test_share_code_shape_and_round_trip():
    deck = load_deck(EXAMPLE_DECKS / "demo-blue-wall.toml").data
    code = sharecode.encode(deck)
    assert code.startswith("SF1.") and re.fullmatch(r"SF1\.[A-Za-z0-9_\-]+", code) and len(code) < 220
    back = sharecode.decode(code)
    assert (back.name, back.castle, back.player, back.cards) == (deck.name, deck.castle, deck.player, deck.cards)


@settings(max_examples=80, deadline=None)
@given(
    cards=st.dictionaries(
        st.one_of(
            st.builds(lambda s, n: f"{s}.{n:03d}", st.sampled_from(["DEMO", "CAM", "MON", "X1"]), st.integers(1, 999)),
            st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=12).filter(
                lambda t: t.strip() == t and " " * 2 not in t and not re.match(r"^[A-Za-z]", t)
            ),
        ),
        st.integers(1, 9),
        max_size=45,
    ),
    name=st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Zs")), min_size=1, max_size=30),
    player=st.one_of(st.none(), st.text(st.characters(whitelist_categories=["L"]), min_size=1, max_size=10)),
)
def test_share_code_round_trips_any_deck(cards, name, player):
    deck = DeckFile(name=name, castle="DEMO.001", player=player, cards=cards)
    back = sharecode.decode(sharecode.encode(deck))
    assert back.cards == deck.cards and back.name == deck.name and back.player == deck.player


def test_share_code_typos_are_detected():
    code = sharecode.encode(load_deck(EXAMPLE_DECKS / "demo-blue-wall.toml").data)
    for i in range(4, len(code), 3):  # every third character changed
        changed = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1 :]
        with pytest.raises(InputError, match=r"damaged|not a skyforge share code"):
            sharecode.decode(changed)
    with pytest.raises(InputError, match="damaged"):
        sharecode.decode(code[:-5])
    with pytest.raises(InputError, match="version 3 is newer"):  # SF2. carries cards (issue 21)
        sharecode.decode("SF3." + code[4:])
    assert sharecode.decode(code[:30] + "\n  " + code[30:]).cards  # whitespace from wrapping is ignored


def test_bad_share_code_on_the_command_line(run):
    result = run("deck", "import", "SF1.AAAA", expect=2)
    assert "damaged" in result.stderr and "copy it again" in result.stderr


# -- several players ------------------------------------------------------------------


def test_table_pull_list_checks_the_copy_limits_across_players(run, workspace):
    cite("000", "across all players' decks, there can be at most 1 copy of any Mythic or Legendary card")
    text = run("deck", "export", "demo-blue-wall", "demo-green-grove", "--players").stdout
    assert "Pull list for the table: Alice, Bo" in text and "copy limits across all decks respected" in text
    assert "[ ] 3 DEMO.007 Gullwing Lookout  (Alice 3)" in text
    # Red Rush shares cards with Blue Wall: together they break the limits
    data = json.loads(run("deck", "export", "demo-blue-wall", "demo-red-rush", "--players", "--format", "json").stdout)
    assert data["table"]["valid"] is False and any(v["rule"] == "copy-limit" for v in data["table"]["violations"])
    assert [d["name"] for d in data["decks"]] == ["Blue Wall", "Red Rush"]
    assert data["table"]["size"] == 80
    shared = [r for r in data["table"]["pull_list"] if len(r["by_deck"]) > 1]
    assert shared and all(r["count"] == sum(r["by_deck"].values()) for r in shared)


def test_a_table_pull_list_is_one_games_one_or_two_decks(run, workspace):
    """Three decks are not one game's (as `deck validate` reads them): no table to check them as one."""
    cite("000", "1-2 Solo or Co-op")
    three = ("deck", "export", "demo-blue-wall", "demo-green-grove", "demo-red-rush")
    result = run(*three, "--players", "-o", "table.txt", expect=2)
    assert "3 decks are not one game's: a game has one or two alliance decks" in result.stderr
    assert "Traceback" not in result.output and not (workspace / "table.txt").exists()
    assert "Pull list for the table" not in run(*three).stdout  # each deck on its own is fine
    # choosing cards beside two other decks is no game's either
    beside_two = ("cards", "search", "--for", "demo-blue-wall", "--with", "demo-green-grove", "--with", "demo-red-rush")
    assert "3 decks are not one game's" in run(*beside_two, expect=2).stderr


# -- printable HTML --------------------------------------------------------------------


def _html(run, *decks: str, players: bool = False) -> str:
    return run("deck", "export", *decks, "--format", "html", *(["--players"] if players else [])).stdout


def test_html_sheet_structure(run):
    html = _html(run, "demo-blue-wall", "demo-green-grove")
    assert html.startswith("<!DOCTYPE html>") and html.count('class="page deck"') == 2
    assert "@page" in html and "break-after: page" in html
    first = html.split('class="page deck"')[1]
    assert first.count('class="box"') == 40  # a box to tick per copy
    codes = re.findall(r"<td>(DEMO\.\d{3})</td>", first)
    assert codes == sorted(codes) and len(codes) == 28  # pull list sorted by set and code
    assert "Mythic</td><td>6/6</td>" in first and "Deck size</td><td>40/40" in first
    assert "demo data" in first
    table = _html(run, "demo-blue-wall", "demo-green-grove", players=True)
    assert table.count('class="page') == 3 and "Pull list for the table" in table


def test_html_sheet_style_is_package_data(run):
    """The sheet's CSS is a file shipped in the package (found through importlib.resources, as an
    installed wheel finds it), embedded whole in every sheet."""
    from importlib.resources import files

    css = files("skyforge").joinpath("templates", "deck-sheet.css")
    assert css.is_file()
    text = css.read_text(encoding="utf-8")
    assert text.startswith("@page") and "break-after: page" in text
    assert f"<style>\n{text}</style>" in _html(run, "demo-blue-wall")


def test_one_registry_feeds_export_and_the_cli_choices():
    from skyforge.cli.deck_io import export_
    from skyforge.workbench.formats import FORMATS

    assert list(FORMATS) == ["text", "md", "csv", "json", "html", "page", "code"]
    choice = next(p for p in export_.params if p.name == "fmt").type
    assert list(choice.choices) == list(FORMATS)
    assert [f.name for f in FORMATS.values() if not f.reads_back] == ["html"]


def test_the_registry_says_what_each_module_holds():
    """The registry is data, read without importing a format's module: what it says of each must be
    what the module does (a reader where it says so, the CSV columns it names)."""
    from skyforge.workbench.formats import FORMATS
    from skyforge.workbench.formats.format_csv import COLUMNS

    for fmt in FORMATS.values():
        code = fmt.code()
        assert hasattr(code, "read") == fmt.has_reader, fmt.name
        assert hasattr(code, "write" if fmt.from_numbers else "export"), fmt.name
    assert f"`{','.join(COLUMNS)}`" in FORMATS["csv"].summary


def test_a_share_code_is_read_without_the_other_formats(run, workspace):
    """`deck import` of a share code imports the share code's module alone: not the pull list's
    templates, nor the statistics the list formats print (start-up, benchmarks/bench_import.py)."""
    import subprocess
    import sys

    share = run("deck", "export", "demo-blue-wall", "--format", "code").output.strip()
    code = (
        "import sys; from skyforge.cli.main import cli\n"
        f"try: cli(['deck', 'import', {share!r}, '--name', 'from-a-friend'])\nexcept SystemExit: pass\n"
        "print('LOADED:' + ' '.join(sorted(m for m in sys.modules if 'workbench.formats.' in m or m == 'skyforge.pages')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=workspace, capture_output=True, text=True, check=True)
    assert (workspace / "decks" / "from-a-friend.toml").exists(), done.stdout + done.stderr
    loaded = done.stdout.rsplit("LOADED:", 1)[1].split()
    assert "skyforge.workbench.formats.format_code" in loaded
    assert not {
        "skyforge.pages",
        "skyforge.workbench.formats.format_html",
        "skyforge.workbench.formats.format_text",
    } & set(loaded)


@pytest.mark.slow
def test_html_sheet_prints_one_page_per_deck_in_a_real_browser(run, workspace, tmp_path):
    """Print to PDF with headless Chromium: each 40-card deck fits exactly one A4 page.

    CI installs Debian's chromium (.ci/run) and there this test must run; elsewhere it
    skips when the browser is missing.
    """
    from tests.browser_util import chromium, print_pdf, render, require_chromium

    require_chromium()
    run("deck", "new", "wide", "--castle", "DEMO.001")
    run("deck", "add", "wide", *[f"DEMO.{n:03d}" for n in range(7, 47)])  # 40 different cards: the longest list
    run("deck", "export", "demo-blue-wall", "demo-green-grove", "wide", "--format", "html", "-o", "sheet.html")
    assert print_pdf(workspace / "sheet.html", tmp_path) == 3
    dom = render(workspace / "sheet.html", tmp_path).dom
    assert dom.count('class="page deck"') == 3 and "Saltglass Bastion" in dom
    # a screenshot renders too (the layout was reviewed from one: see docs/decks.md)
    png = tmp_path / "sheet.png"
    chromium("--window-size=900,1250", f"--screenshot={png}", "sheet.html", cwd=workspace, profile=tmp_path / "profile")
    assert png.stat().st_size > 10_000


# -- catalog import from CSV --------------------------------------------------------------

GOOD_CSV = """code,kind,name,faction,rarity,type,cost,attack,health,subtypes,keywords,copies,premade
14,alliance,Test Knight,liothan,rare,ally,3,2,3,Order;Knight,Heroic,2,my-deck
15,,Test Spell,liothan,base,spell,1,,,,,3,my-deck
16,castle,Test Keep,liothan,,,,,,,,,
"""


def test_catalog_import_writes_loadable_toml(run, workspace):
    (workspace / "sets.toml").write_text(
        'schema = 1\n[[sets]]\ncode = "MYS"\nname = "My set"\n'
        '[[premade_decks]]\nid = "my-deck"\nname = "Mine"\nset = "MYS"\n'
        'faction = "liothan"\n'
    )
    with_sets = ("--catalog", "@shipped", "--catalog", "sets.toml")
    result = run(*with_sets, "catalog", "import", str(_write(workspace, "cards.csv", GOOD_CSV)), "--set", "MYS")
    assert result.stdout.startswith("# Written by `skyforge catalog import`")
    (workspace / "mine.toml").write_text(result.stdout)
    catalog = load_catalog([workspace / "mine.toml", workspace / "sets.toml"])
    knight = catalog.get("MYS.014")
    assert (
        knight.name,
        knight.rarity,
        knight.cost,
        knight.subtypes,
        knight.keywords,
        knight.copies,
        knight.premade,
    ) == ("Test Knight", "rare", 3, ["Order", "Knight"], ["Heroic"], 2, "my-deck")
    assert catalog.get("MYS.015").kind == "alliance" and catalog.get("MYS.016").kind == "castle"
    run(*with_sets, "catalog", "import", "cards.csv", "--set", "MYS", "-o", "mine2.toml")
    assert (workspace / "mine2.toml").read_text() == result.stdout
    assert (
        "already exists"
        in run(*with_sets, "catalog", "import", "cards.csv", "--set", "MYS", "-o", "mine2.toml", expect=2).stderr
    )


def test_catalog_import_checks_the_result_against_the_catalog(run, workspace):
    result = run("catalog", "import", str(_write(workspace, "cards.csv", GOOD_CSV)), "--set", "MYS", expect=2)
    # each problem names the sheet's row and column, as the player's spreadsheet shows them
    assert "cards.csv:2: code" in result.stderr and 'add a [[sets]] table with code = "MYS"' in result.stderr


def test_catalog_import_reports_every_bad_row(run, workspace):
    bad = _write(
        workspace,
        "bad.csv",
        "code,name,rarity,cost,kind\n"
        "MYS.001,Fine,base,2,\nMYS.002,Odd,rar,two,\nMYS.001,Again,base,1,\nMYS.004,,base,1,\n"
        "MYS.005,Kindless,base,1,alliancee\n",
    )
    result = run("catalog", "import", str(bad), expect=2)
    err = result.stderr
    assert "bad.csv:3: rarity: must be one of base, rare, mythic, legendary (got 'rar')" in err
    assert "did you mean 'rare'?" in err
    assert "bad.csv:3: cost: must be a whole number (got 'two')" in err
    assert "bad.csv:4: code: MYS.001 is already on row 2" in err
    assert "bad.csv:5: " in err and "name" in err
    assert "bad.csv:6: kind: unknown kind 'alliancee'" in err
    result = run("catalog", "import", str(_write(workspace, "cols.csv", "code,nmae\nX.001,a\n")), expect=2)
    assert "unknown column 'nmae'" in result.stderr and "did you mean 'name'?" in result.stderr


def _write(workspace: Path, name: str, text: str) -> Path:
    path = workspace / name
    path.write_text(text)
    return path


def _crafted(payload: str) -> str:
    """A share code with a valid checksum around content no skyforge writes."""
    import base64
    import zlib

    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = payload.encode()
    body = zlib.crc32(raw).to_bytes(4, "big") + compressor.compress(raw) + compressor.flush()
    return "SF1." + base64.urlsafe_b64encode(body).decode().rstrip("=")


@pytest.mark.parametrize("tail", ["A", "AAAA", "Zm9v"])
def test_share_code_with_characters_added_is_refused(tail):
    from skyforge.decks.models import DeckFile
    from skyforge.errors import InputError
    from skyforge.workbench import sharecode

    code = sharecode.encode(DeckFile(name="x", castle="DEMO.001", cards={"DEMO.007": 3}))
    with pytest.raises(InputError):
        sharecode.decode(code + tail)


@pytest.mark.parametrize(
    "payload",
    [
        "DEMO.001\nx\n\nDEMO:abc",
        "DEMO.001\nx\n\nDEMO:7*0",
        "\nx\n\nDEMO:7",
        "DEMO.001\nx\n\nDEMO:7,7*3",
        "only\nthree\nlines",
    ],
)
def test_share_code_with_bad_content_is_refused_not_a_traceback(run, payload):
    result = run("deck", "import", _crafted(payload), "--name", "crafted", expect=2)
    assert "share code is damaged" in result.stderr


def test_share_code_import_resolves_cards_like_other_formats(run):
    from skyforge.decks.models import DeckFile
    from skyforge.workbench import sharecode

    code = sharecode.encode(DeckFile(name="x", castle="DEMO.001", cards={"DEMO.017": 1, "DEMO.998": 1}))
    # issue 21: a code the catalog lacks is kept (deck files may hold it) and reported as unknown-card
    result = run("deck", "import", code, "--name", "shared")
    assert "unknown-card" in result.stdout and "DEMO.998" in result.stdout
    text = (Path.cwd() / "decks" / "shared.toml").read_text()
    assert '"DEMO.017" = 1' in text and '"DEMO.998" = 1' in text  # as given; validation applies errata


def test_json_import_checks_types(run, workspace):
    (workspace / "j.json").write_text('{"name": 5, "castle": "DEMO.001", "cards": {"DEMO.007": true}}')
    result = run("deck", "import", "j.json", expect=2)
    assert "'name' must be text" in result.stderr and "cards.DEMO.007" in result.stderr


def _workbench_cases() -> list[tuple[int, str, list[str]]]:
    lines = (GOLDEN_WORKBENCH / "commands").read_text(encoding="utf-8").splitlines()
    return [(int(rc), name, args) for rc, name, *args in (line.split() for line in lines if not line.startswith("#"))]


GOLDEN_WORKBENCH = Path(__file__).parent / "golden" / "workbench"


@pytest.mark.parametrize("status,name,args", _workbench_cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_workbench_output_is_byte_for_byte_golden(run, status, name, args):
    """Exports, `deck show/stats/diff` and their --json stay exactly what tests/golden/workbench holds.

    Regenerate with SKYFORGE_UPDATE_GOLDEN=1 only after a deliberate change of an output.
    """
    result = run(*args, expect=status)
    expected = GOLDEN_WORKBENCH / name
    if os.environ.get("SKYFORGE_UPDATE_GOLDEN"):
        expected.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == expected.read_text(encoding="utf-8")


# -- importing lists and pages ----------------------------------------------------------


def test_html_import_is_refused_in_one_line(run, workspace: Path):
    run("deck", "export", "demo-blue-wall", "--format", "html", "-o", "sheet.html")
    (workspace / "sheet.txt").write_text((workspace / "sheet.html").read_text())
    for source in ("sheet.html", "sheet.txt"):
        err = run("deck", "import", source, expect=2).stderr
        assert err.count("\n") <= 2 and "cannot be read back" in err
        assert "text, Markdown, CSV, JSON, a share code (SF1.…) or a deck page" in err and "cannot resolve" not in err


def test_text_import_reads_common_list_shapes(run, workspace: Path):
    (workspace / "list.txt").write_text(
        "My list\nCastle: DEMO.001\n\nAllies\n2x Gullwing Lookout\nFoamrider Scout x2\n1 DEMO.015\n"
        "Spells (1)\nDEMO.018\n\nTowers:\n"
    )
    out = run("deck", "import", "list.txt", "--name", "shapes").stdout
    text = (workspace / "decks" / "shapes.toml").read_text()
    assert '"DEMO.007" = 2' in text and '"DEMO.015" = 1' in text and '"DEMO.018" = 1' in text
    assert "6 cards" in out and "cannot resolve" not in out


def test_text_import_shapes_property():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.catalog import load_catalog
    from skyforge.workbench.formats import import_decks

    catalog = load_catalog(None)
    errata = {catalog.replaced_by(c.key) for c in catalog.of_kind("alliance")}
    pool = sorted(
        c.key
        for c in catalog.of_kind("alliance")  # no errata pairs: they share a name
        if c.code and c.code.startswith("DEMO.") and not catalog.replaced_by(c.key) and c.key not in errata
    )
    shapes = [
        "{n}x {name}",
        "{n}x{name}",
        "{name} x{n}",
        "{name} ×{n}",
        "{n} {name}",
        "- {n} {code} {name}",
        "{code}x{n}",
        "{code}={n}",
        "{n}x {code}",
    ]
    headings = ["Allies", "Spells (3)", "Towers:", "# Attachments", "Main deck", ""]

    @settings(max_examples=40, deadline=None)
    @given(
        st.dictionaries(st.sampled_from(pool), st.integers(1, 3), min_size=1, max_size=10),
        st.lists(st.sampled_from(shapes), min_size=10, max_size=10),
        st.lists(st.sampled_from(headings), min_size=10, max_size=10),
    )
    def check(cards, picked, heads):
        lines = ["Name: Shapes", "Castle: DEMO.001"]
        for (code, n), shape, head in zip(sorted(cards.items()), picked, heads):
            lines += [head, shape.format(n=n, name=catalog.cards[code].name, code=code)]
        result = import_decks(catalog, "list.txt", body="\n".join(lines) + "\n")[0]
        assert not result.problems, [p.render() for p in result.problems]
        assert result.deck.cards == cards

    check()


def test_imported_deck_file_name_keeps_unicode_letters(run, workspace: Path):
    (workspace / "list.txt").write_text("Zoë's Héros\nCastle: DEMO.001\n3x DEMO.007\n")
    out = run("deck", "import", "list.txt").stdout
    assert "decks/zoë-s-héros.toml" in out and (workspace / "decks" / "zoë-s-héros.toml").exists()
