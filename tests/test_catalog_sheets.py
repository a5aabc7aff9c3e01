"""`catalog import` reads the sheet a player keeps: CSV of any locale, .xlsx/.ods, printed codes."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

HEADER = "code,kind,name,faction,rarity,type,cost"


def _cards(text: str) -> list[dict]:
    return tomllib.loads(text)["cards"]


def test_force_replaces_an_output_file_that_is_in_the_catalog(run, workspace):
    (workspace / "cards.csv").write_text(
        f"{HEADER}\nDEMO.240,alliance,Tidewatch Novice,liothan,base,ally,1\n"
        "DEMO.241,alliance,Tidewatch Adept,liothan,base,ally,2\n",
        encoding="utf-8",
    )
    run("catalog", "import", "cards.csv", "-o", "cards.toml")
    (workspace / "cards.csv").write_text(
        f"{HEADER}\nDEMO.240,alliance,Tidewatch Novice,liothan,base,ally,3\n", encoding="utf-8"
    )
    result = run(
        "--catalog", "@demo", "--catalog", "cards.toml", "catalog", "import", "cards.csv", "-o", "cards.toml", "--force"
    )
    assert "already defined" not in result.output
    assert [c["cost"] for c in _cards((workspace / "cards.toml").read_text())] == [3]
    # another catalog file still counts: a code defined there is a duplicate
    result = run(
        "--catalog", "@demo", "--catalog", "cards.toml", "catalog", "import", "cards.csv", "-o", "new.toml", expect=2
    )
    assert "duplicate card DEMO.240: already defined in cards.toml" in result.stderr


def test_problems_name_the_sheet_row_and_column(run, workspace):
    rows = [f"DEMO.{300 + i},alliance,Card {i},liothan,base,ally,1" for i in range(31)]
    rows.append("ZZZ.001,alliance,Stray,liothan,base,ally,1")  # line 33 of the sheet
    (workspace / "cards.csv").write_text("\n".join([HEADER, *rows]) + "\n", encoding="utf-8")
    result = run("catalog", "import", "cards.csv", expect=2)
    assert "cards.csv:33: code: card ZZZ.001 belongs to set ZZZ" in result.stderr
    assert "cards[" not in result.stderr and "the imported cards" not in result.stderr
    (workspace / "dup.csv").write_text(f"{HEADER}\nDEMO.001,alliance,Taken,liothan,base,ally,1\n", encoding="utf-8")
    result = run("catalog", "import", "dup.csv", expect=2)
    assert "dup.csv:2: code: duplicate card DEMO.001" in result.stderr


def test_rows_are_checked_against_the_cached_catalog_with_the_files_problems(run, workspace, monkeypatch):
    from skyforge.catalog import build

    run("cards", "search", "Bellringer")  # the catalog cache warm, as after any command
    read: list[Path] = []
    load_file = build.load_file

    def reading(file: Path, text: str | None = None):
        if text is None:
            read.append(file)
        return load_file(file, text)

    monkeypatch.setattr(build, "load_file", reading)
    # a code the catalog holds, with other data; an official entry contradicted; one completed
    (workspace / "cards.csv").write_text(
        "code,kind,name,type,cost\nDEMO.010,alliance,Harbor Bellringer,ally,4\n"
        ",alliance,Vorhild,spell,\n,alliance,Akimo,,3\n",
        encoding="utf-8",
    )
    result = run("catalog", "import", "cards.csv", expect=2)
    assert result.stderr.splitlines() == [
        "error: 2 problems",
        "  cards.csv:2: code: duplicate card DEMO.010: already defined in @demo/alliance.toml line 60",
        "    hint: each entry is defined in one file only; to complete an official entry, give the fields it leaves empty",
        "  cards.csv:3: type: alliance 'alliance:vorhild': type contradicts the official entry "
        "(@official/cards.toml line 40 says 'ally') (got 'spell')",
        "    hint: your entry completes the official one: give only the fields it leaves empty",
    ]
    (workspace / "cards.csv").write_text("kind,name,cost\nalliance,Akimo,3\n", encoding="utf-8")
    assert _cards(run("catalog", "import", "cards.csv").stdout) == [{"kind": "alliance", "name": "Akimo", "cost": 3}]
    assert read == []  # no catalog file read again: the rows were merged into the cached catalog

    # an erratum of a card that has one already: the problem is the demo file's, found by reading it
    (workspace / "cards.csv").write_text(
        f"{HEADER},replaces\nDEMO.240,alliance,Drizzle Ward Again,liothan,base,attachment,1,DEMO.017\n",
        encoding="utf-8",
    )
    result = run("catalog", "import", "cards.csv", expect=2)
    assert "expansion.toml:76: cards[3].replaces: DEMO.017 is replaced by DEMO.240 too" in result.stderr
    assert read != []


@pytest.mark.parametrize("sep", [";", "\t", ","])
def test_semicolon_and_tab_separated_csv_with_a_bom(run, workspace, sep):
    lines = [
        HEADER.replace(",", sep),
        sep.join(["DEMO.240", "alliance", "Novice; the first", "liothan", "base", "ally", "1"]),
    ]
    if sep == ";":
        lines[1] = lines[1].replace("Novice; the first", '"Novice; the first"')
    (workspace / "cards.csv").write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode("utf-8") + b"\r\n")
    out = run("catalog", "import", "cards.csv").stdout
    assert (
        _cards(out)
        == [
            {
                "code": "DEMO.240",
                "kind": "alliance",
                "name": "Novice; the first",
                "faction": "liothan",
                "rarity": "base",
                "type": "ally",
                "cost": 1,
            }
        ]
        or sep == ","
    )


def test_a_bom_is_ignored_in_toml_catalog_and_deck_files(run, workspace):
    cat = workspace / "bom.toml"
    cat.write_bytes(
        b'\xef\xbb\xbfschema = 1\n\n[[cards]]\ncode = "DEMO.240"\nkind = "alliance"\nname = "Bom Card"\n'
        b'faction = "liothan"\nrarity = "base"\ntype = "ally"\ncost = 1\n'
    )
    card = json.loads(run("--catalog", "@demo", "--catalog", str(cat), "cards", "show", "DEMO.240", "--json").stdout)
    assert card["name"] == "Bom Card"
    deck = next((workspace / "decks").glob("*.toml"))
    deck.write_bytes(b"\xef\xbb\xbf" + deck.read_bytes())
    result = run("deck", "validate", deck.stem, expect=None)
    assert "invalid TOML" not in result.output and "Traceback" not in result.output


def test_the_printed_code_form_holds_the_copies(run, workspace):
    (workspace / "cards.csv").write_text(
        "code,name,cost\nCAM.014 2x,Two Of Them,1\n3x CAM.015,Three Of Them,1\n16 1x,Numbered,2\n",
        encoding="utf-8",
    )
    cards = _cards(run("catalog", "import", "cards.csv", "--set", "CAM").stdout)
    assert [(c["code"], c.get("copies", 1)) for c in cards] == [("CAM.014", 2), ("CAM.015", 3), ("CAM.016", 1)]
    (workspace / "clash.csv").write_text("code,name,copies\nCAM.014 2x,Two Of Them,3\n", encoding="utf-8")
    result = run("catalog", "import", "clash.csv", expect=2)
    assert "clash.csv:2: code: the code cell says 2 copies, the copies column 3" in result.stderr


#: the writer of each sheet: pandas picks a writer by the suffix only of a path given as a ``str``
#: (a ``Path`` always gets the .xlsx writer, which once made "cards.ods" an .xlsx workbook that
#: odfpy refused: "There is no item named 'META-INF/manifest.xml' in the archive")
WRITERS = {".xlsx": ("openpyxl", "openpyxl"), ".ods": ("odf", "odf")}


def _write_sheet(frame, path, suffix: str) -> None:
    module, engine = WRITERS[suffix]
    pytest.importorskip(module)
    frame.to_excel(path, index=False, engine=engine)


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_xlsx_and_ods_sheets(run, workspace, suffix):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(
        {
            "code": ["CAM.014 2x", "15"],
            "name": ["Sheet One", "Sheet Two"],
            "cost": [1, None],
            "faction": ["liothan", ""],
        }
    )
    _write_sheet(frame, workspace / f"cards{suffix}", suffix)
    cards = _cards(run("catalog", "import", f"cards{suffix}", "--set", "CAM").stdout)
    assert cards == [
        {"code": "CAM.014", "kind": "alliance", "name": "Sheet One", "copies": 2, "faction": "liothan", "cost": 1},
        {"code": "CAM.015", "kind": "alliance", "name": "Sheet Two"},
    ]
    _write_sheet(
        pd.DataFrame({"code": ["CAM.016"], "name": ["Bad"], "cost": ["two"]}), workspace / f"bad{suffix}", suffix
    )
    result = run("catalog", "import", f"bad{suffix}", expect=2)
    assert f"bad{suffix}:2: cost:" in result.stderr


def test_an_ods_sheet_becomes_catalog_cards_that_load(run, workspace):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(
        {
            "code": ["DEMO.240", "DEMO.241 2x"],
            "kind": ["alliance", "horde"],
            "name": ["Odf Novice", "Odf Raider"],
            "faction": ["Liothan", ""],
            "rarity": ["common", ""],
            "horde": ["", "demo-gloomcrawlers"],
            "power": [None, 1],
        }
    )
    _write_sheet(frame, workspace / "cards.ods", ".ods")
    assert (workspace / "cards.ods").read_bytes()[:2] == b"PK"  # an OpenDocument zip, as LibreOffice saves
    run("catalog", "import", "cards.ods", "-o", "cards.toml")
    novice = json.loads(
        run("--catalog", "@demo", "--catalog", "cards.toml", "cards", "show", "DEMO.240", "--json").stdout
    )
    assert (novice["name"], novice["faction"], novice["rarity"]) == ("Odf Novice", "liothan", "base")
    raider = json.loads(
        run("--catalog", "@demo", "--catalog", "cards.toml", "cards", "show", "DEMO.241", "--json").stdout
    )
    assert (raider["kind"], raider["copies"], raider["horde"], raider["power"]) == ("horde", 2, "demo-gloomcrawlers", 1)


def test_a_workbook_under_the_other_suffix_is_read_by_its_content(run, workspace):
    pd = pytest.importorskip("pandas")
    _write_sheet(pd.DataFrame({"code": ["CAM.014"], "name": ["Renamed"]}), workspace / "cards.ods", ".xlsx")
    assert [c["name"] for c in _cards(run("catalog", "import", "cards.ods").stdout)] == ["Renamed"]
    (workspace / "text.xlsx").write_text("code,name\nCAM.014,A\n", encoding="utf-8")
    result = run("catalog", "import", "text.xlsx", expect=2)
    assert "text.xlsx: is neither an .xlsx nor an .ods sheet" in result.stderr
    assert "hint: save the sheet as CSV (UTF-8), .xlsx or .ods" in result.stderr


@pytest.mark.parametrize(("suffix", "package"), [(".xlsx", "openpyxl"), (".ods", "odfpy")])
def test_a_missing_sheet_reader_names_the_extra(run, workspace, monkeypatch, suffix, package):
    pd = pytest.importorskip("pandas")
    _write_sheet(pd.DataFrame({"code": ["CAM.014"], "name": ["A"]}), workspace / f"cards{suffix}", suffix)
    monkeypatch.setitem(sys.modules, WRITERS[suffix][0], None)  # as if it were not installed
    result = run("catalog", "import", f"cards{suffix}", expect=2)
    assert f"cards{suffix}: reading {suffix} sheets needs the {package} package" in result.stderr
    assert "hint: pip install 'skyforge[sheets]' (or save the sheet as CSV)" in result.stderr
    assert "Traceback" not in result.output


# -- hostile workbooks: the archive and the sheet are bounded before they are read ---------------------

ODS_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content '
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
    '<table:table table:name="cards">'
)
ODS_TAIL = "</table:table></office:spreadsheet></office:body></office:document-content>"
ODS_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
    '<manifest:file-entry manifest:full-path="/" '
    'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
)


def _cell(text: str, attrs: str = "") -> str:
    return f'<table:table-cell office:value-type="string" {attrs}><text:p>{text}</text:p></table:table-cell>'


def _ods(path, rows: str) -> None:
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("META-INF/manifest.xml", ODS_MANIFEST)
        z.writestr("content.xml", ODS_HEAD + rows + ODS_TAIL)


HEAD_ROW = "<table:table-row>" + _cell("code") + _cell("name") + "</table:table-row>"


def test_trailing_empty_repeats_of_an_ods_sheet_cost_nothing(run, workspace):
    """LibreOffice saves ``number-rows-repeated="1048553"`` empty rows under every sheet: pandas'
    odf reader keeps them only before a row of content, and so does the guard count them."""
    _ods(
        workspace / "cards.ods",
        HEAD_ROW
        + '<table:table-row table:number-rows-repeated="3"><table:table-cell/></table:table-row>'
        + "<table:table-row>"
        + _cell("CAM.014")
        + '<table:table-cell office:value-type="string"><text:p>Two<text:s text:c="2"/>Words</text:p>'
        "<text:p>second</text:p></table:table-cell></table:table-row>"
        + '<table:table-row table:number-rows-repeated="1048000"><table:table-cell '
        'table:number-columns-repeated="16384"/></table:table-row>',
    )
    assert _cards(run("catalog", "import", "cards.ods").stdout) == [
        {"code": "CAM.014", "kind": "alliance", "name": "Two  Words\nsecond"}
    ]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            '<table:table-row table:number-rows-repeated="1000000000">' + _cell("CAM.014") + "</table:table-row>",
            "cards.ods:5002: more than 5,000 rows, over the card-import row limit of 5,000",
        ),
        (  # empty rows count when a full one follows them: pandas would make a billion
            '<table:table-row table:number-rows-repeated="1000000000"><table:table-cell/></table:table-row>'
            "<table:table-row>" + _cell("CAM.014") + "</table:table-row>",
            "cards.ods:5002: more than 5,000 rows, over the card-import row limit of 5,000",
        ),
        (  # within the row and column limits, 5,000 rows of 11 cells are over the cell limit
            '<table:table-row table:number-rows-repeated="5000">'
            + _cell("x", 'table:number-columns-repeated="11"')
            + "</table:table-row>",
            "cards.ods:2: more than 50,000 cells, over the card-import cell limit of 50,000",
        ),
        (
            "<table:table-row>" + _cell("x", 'table:number-columns-repeated="1000000000"') + "</table:table-row>",
            "cards.ods:2: more than 200 columns, over the card-import column limit of 200",
        ),
        (
            '<table:table-row><table:table-cell office:value-type="string"><text:p><text:s text:c="900000000"/>'
            "</text:p></table:table-cell></table:table-row>",
            "cards.ods:2: a cell of more than 100,000 characters (the cell-size limit)",
        ),
    ],
)
def test_ods_repeat_counts_are_bounded_before_they_are_expanded(run, workspace, row, message):
    """A file of a few hundred bytes once declared a sheet pandas expanded to 1.6 GB."""
    _ods(workspace / "cards.ods", HEAD_ROW + row)
    assert (workspace / "cards.ods").stat().st_size < 2000
    result = run("catalog", "import", "cards.ods", "-o", "out.toml", expect=2)
    assert message in result.stderr
    assert "Traceback" not in result.output and not (workspace / "out.toml").exists()


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_zip_bomb_sheet_is_refused_by_its_declared_sizes(run, workspace, suffix):
    import zipfile

    part = "xl/worksheets/sheet1.xml" if suffix == ".xlsx" else "content.xml"
    with zipfile.ZipFile(workspace / f"bomb{suffix}", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("xl/workbook.xml" if suffix == ".xlsx" else "mimetype", "x")
        z.writestr(part, ODS_HEAD + " " * 5_000_000)
    assert (workspace / f"bomb{suffix}").stat().st_size < 100_000
    result = run("catalog", "import", f"bomb{suffix}", expect=2)
    assert f"bomb{suffix}: {part}: compressed more than 200 to 1" in result.stderr
    with zipfile.ZipFile(workspace / f"big{suffix}", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for i in range(10):  # parts under the ratio's floor, too big together
            z.writestr(f"part{i}.xml", " " * 999_999)
    result = run("catalog", "import", f"big{suffix}", expect=2)
    assert "unpacks to more than 8,000,000 bytes (the sheet-size limit)" in result.stderr


@pytest.mark.parametrize(
    ("row", "column", "message"),
    [
        (1_048_576, 1, "cards.xlsx:5002: more than 5,000 rows, over the card-import row limit of 5,000"),
        (2, 16_384, "cards.xlsx:2: more than 200 columns, over the card-import column limit of 200"),
    ],
)
def test_an_xlsx_sheet_stops_at_the_limits(run, workspace, row, column, message):
    """A 1.6 KB workbook with one cell far away once made pandas fill 2.9 GB of empty cells."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active["A1"], book.active["B1"] = "code", "name"
    book.active.cell(row=row, column=column, value="CAM.014")
    book.save(workspace / "cards.xlsx")
    result = run("catalog", "import", "cards.xlsx", "-o", "out.toml", expect=2)
    assert message in result.stderr
    assert not (workspace / "out.toml").exists()


@pytest.mark.parametrize("part", ["content.xml", "styles.xml"])
def test_an_ods_of_more_elements_than_odfpy_may_build_is_refused(run, workspace, part):
    """odfpy, which pandas reads .ods with, builds a node of every element of every part: a 500 KB
    .ods of 110,000 cells once took 3.4 s and 273 MB."""
    import zipfile

    _ods(workspace / "cards.ods", HEAD_ROW)
    many = "<a>" + "<b/>" * 50_001 + "</a>"
    with zipfile.ZipFile(workspace / "cards.ods", "a") as z:
        z.writestr(part if part != "content.xml" else "Object 1/content.xml", many)
    result = run("catalog", "import", "cards.ods", expect=2)
    assert "cards.ods: more than 50,000 XML elements, over the .ods size limit" in result.stderr
    assert "hint: save the sheet as .xlsx or CSV (UTF-8), or split it into several files" in result.stderr


def test_an_xlsx_row_of_empty_cells_far_away_counts_its_cells(run, workspace):
    """pandas turns every cell a row holds: a styled empty cell in column 16,384 of each row made
    16,384 cells a row, within the column limit (the row's last value is in column 1)."""
    openpyxl = pytest.importorskip("openpyxl")
    from openpyxl.styles import Font

    book = openpyxl.Workbook()
    book.active["A1"], book.active["B1"] = "code", "name"
    for row in range(2, 12):
        book.active.cell(row=row, column=1, value=f"CAM.{row:03d}")
        book.active.cell(row=row, column=16_384).font = Font(bold=True)
    book.save(workspace / "cards.xlsx")
    result = run("catalog", "import", "cards.xlsx", "-o", "out.toml", expect=2)
    assert "cards.xlsx:5: more than 50,000 cells, over the card-import cell limit of 50,000" in result.stderr
    assert not (workspace / "out.toml").exists()


def test_a_csv_file_is_read_by_the_csv_module_without_pandas(run, workspace, monkeypatch):
    """pandas (hundreds of ms to import) reads sheets; a plain CSV file is read by the stdlib's csv,
    with pandas' reading of it: blank lines skipped, a repeated column named ``name.1``."""

    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # importing pandas now fails: a CSV file needs none
    (workspace / "cards.csv").write_text(
        f'{HEADER}\n\nDEMO.240,alliance,"Tidewatch, Novice",liothan,base,ally,1\n\n', encoding="utf-8"
    )
    (card,) = _cards(run("catalog", "import", "cards.csv").stdout)
    assert (card["code"], card["name"], card["cost"]) == ("DEMO.240", "Tidewatch, Novice", 1)
    (workspace / "twice.csv").write_text("code,name,name\nDEMO.240,A,B\n", encoding="utf-8")
    assert "twice.csv:1: unknown column 'name.1'" in run("catalog", "import", "twice.csv", expect=2).stderr
    (workspace / "long.csv").write_text("code,name\nDEMO.240,A,B\n", encoding="utf-8")
    assert "cannot read as CSV" in run("catalog", "import", "long.csv", expect=2).stderr
