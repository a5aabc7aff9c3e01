"""Fuzz skyforge with malformed input: every file kind, share codes, CSV and random command lines.

    python tools/fuzz.py 2000              # 2000 cases, seed 0
    python tools/fuzz.py 10000 --seed 3 --subprocess 50 --out /tmp/skyforge-fuzz

Each case is a valid workspace file (or share code, CSV, command line) with one mutation,
run through the command that reads it, in-process with click's CliRunner, in a workspace of
its own. A sample is run again as real subprocesses, to confirm the exit status and to measure
time and memory. The report counts cases, tracebacks, hangs (over --timeout seconds), slow
cases (over 2 s of CPU time: a busy machine stretches the wall clock, not that), unexpected exit
codes and bad input accepted silently (a mutation that must be refused, yet exit 0), with one
reproducer (files saved under --out, and the command) for
each kind of failure. Exit status 1 when anything failed.

The case generators (:func:`make_case`) are plain functions of a ``random.Random``, so the
test suite drives them from hypothesis (tests/test_fuzz.py) as well.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KINDS = (
    "deck",
    "collection",
    "catalog",
    "campaign",
    "draft",
    "series",
    "plan",
    "team",
    "workspace",
    "sharecode",
    "csv",
    "sheet",
    "import",
    "huge",
    "fs",
    "argv",
)
SLOW_SECONDS = 2.0
MEMORY_LIMIT_MB = 200


@dataclass
class Case:
    kind: str
    mutation: str
    argv: list[str]
    files: dict[str, str | bytes] = field(default_factory=dict)  # path in the workspace → content
    must_fail: bool = False  # the mutation makes the input invalid
    #: what the message must name when the input is refused (exit 2): the file, the key
    names: tuple[str, ...] = ()
    cwd: str = ""  # the folder in the workspace the command runs in
    before: list[list[str]] = field(default_factory=list)  # commands run first, in the same workspace
    links: dict[str, str] = field(default_factory=dict)  # path in the workspace → where it leads
    fifos: list[str] = field(default_factory=list)  # paths in the workspace made FIFOs


# -- the base workspace: one valid file of every kind -------------------------------------------


def build_base(folder: Path) -> dict[str, str]:
    """Create a workspace with valid files of every kind; return the texts of the files to mutate."""
    from click.testing import CliRunner

    from skyforge.cli.main import cli

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "decks").mkdir(exist_ok=True)
    for deck in (ROOT / "decks").glob("*.toml"):
        shutil.copy(deck, folder / "decks" / deck.name)
    shutil.copy(ROOT / "collection.toml", folder / "collection.toml")
    runner = CliRunner()
    steps = [
        [
            "campaign",
            "new",
            "c",
            "--castle",
            "DEMO.001",
            "--player",
            "Alice=demo-blue-wall",
            "--player",
            "Bo=demo-green-grove@DEMO.003",
            "--outsider",
            "Orrun the Everwake",
            "--hordes",
            "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
            "--difficulty",
            "2",
            "--seed",
            "1",
        ],
        ["campaign", "start-deck", "c", "--player", "Alice", "--auto"],
        ["campaign", "start-deck", "c", "--player", "Bo", "--auto"],
        ["campaign", "next", "c"],
        ["campaign", "pillage", "c", "2"],
        [
            "onward",
            "draft",
            "--method",
            "moba",
            "--factions",
            "kurumo,liothan",
            "--players",
            "Ann,Bob,Cy,Di",
            "--seed",
            "1",
            "--save",
            "d",
        ],
        ["arena", "draft", "--players", "Ann,Bob", "--seed", "1", "--save", "a"],
        ["series", "new", "s", "--best-of", "5", "--players", "Ann,Bob", "--deck-size", "30"],
        ["series", "win", "s", "Ann"],
        ["plan", "record", "Blue Wall", "demo-gloomcrawlers", "--won"],
    ]
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        for argv in steps:
            result = runner.invoke(cli, argv, input="")
            if result.exit_code != 0:
                raise SystemExit(
                    f"fuzz: could not build the base workspace: skyforge {' '.join(argv)}\n{result.output}"
                )
        code = runner.invoke(cli, ["deck", "export", "demo-blue-wall", "--format", "code"]).stdout.strip()
        csv_deck = runner.invoke(cli, ["deck", "export", "demo-blue-wall", "--format", "csv"]).stdout
    finally:
        os.chdir(cwd)
    heroes = re.findall(r'name = "([^"]+)"', (folder / "drafts" / "a.toml").read_text(encoding="utf-8"))[:10:2]
    (folder / "teams").mkdir(exist_ok=True)
    (folder / "teams" / "ann.toml").write_text(
        'schema = 1\nplayer = "Ann"\nheroes = [\n' + "".join(f'    "{h}",\n' for h in heroes) + "]\n", encoding="utf-8"
    )
    texts = {
        name: (folder / name).read_text(encoding="utf-8")
        for name in (
            "decks/demo-blue-wall.toml",
            "collection.toml",
            "campaigns/c.toml",
            "drafts/d.toml",
            "drafts/a.toml",
            "series/s.toml",
            "plan.toml",
            "teams/ann.toml",
        )
    }
    texts["catalog.toml"] = (ROOT / "tests" / "data" / "mini-catalog.toml").read_text(encoding="utf-8")
    texts["code"] = code
    texts["deck.csv"] = csv_deck
    texts["cards.csv"] = "code,kind,name,faction,rarity,type,cost\nMYS.001,alliance,Fine,liothan,base,ally,2\n"
    texts["skyforge.toml"] = WORKSPACE_FILE
    return texts


#: the workspace file of the "workspace" cases (the base workspace has none: every other case runs
#: as a folder without one)
WORKSPACE_FILE = """# this folder's catalog, collection and folders
schema = 1
catalog = ["@demo"]               # the fictional demo set
collection = "collection.toml"
decks = "decks"
campaigns = "campaigns"
"""


# -- mutations ------------------------------------------------------------------------------------

WRONG_VALUES = [
    '"3"',
    "true",
    "3.0",
    "[]",
    "{}",
    '""',
    "inf",
    "nan",
    "-1",
    "0",
    "9223372036854775807",
    "-9223372036854775808",
    "100",
    '"' + "x" * 300 + '"',
    '["a", 1]',
    "{ a = 1 }",
    "1979-05-27",
]
_KEY_LINE = re.compile(r"""^(\s*(?:"[^"]*"|[A-Za-z0-9_\-.]+)\s*=\s*)(.+)$""")
_INT_VALUE = re.compile(r"^-?\d+\s*(#.*)?$")


def mutate_toml(text: str, rnd: random.Random) -> tuple[str, str, bool]:
    """One mutation of a TOML text: (new text, mutation name, whether the result must be refused)."""
    lines = text.split("\n")
    choice = rnd.choice(
        [
            "type",
            "type",
            "type",
            "number",
            "number",
            "text",
            "unknown-key",
            "nest",
            "delete-line",
            "duplicate-line",
            "truncate",
            "bytes",
            "spaces",
            "big",
            "huge",
            "swap-lines",
            "schema",
            "dotted",
            "long-int",
            "pad",
            "escape",
        ]
    )
    keyed = [i for i, line in enumerate(lines) if _KEY_LINE.match(line)]
    if choice == "type" and keyed:
        i = rnd.choice(keyed)
        m = _KEY_LINE.match(lines[i])
        value = rnd.choice(WRONG_VALUES)
        was_int = bool(_INT_VALUE.match(m.group(2).strip()))
        lines[i] = m.group(1) + value
        # a whole number replaced by text, a bool, a float, a list or a table is always wrong
        must = was_int and value in ('"3"', "true", "3.0", "[]", "{}", '""', "inf", "nan", "{ a = 1 }")
        return "\n".join(lines), f"type:{value[:12]}", must
    if choice == "number":  # a whole number replaced by another one: in range or far out of it
        numbered = [i for i in keyed if _INT_VALUE.match(_KEY_LINE.match(lines[i]).group(2).strip())]
        if numbered:
            i = rnd.choice(numbered)
            value = rnd.choice([0, 1, -1, 2, 3, 5, 40, 41, 99, 100, 10**6, -(10**6), 2**63 - 1, -(2**63)])
            lines[i] = _KEY_LINE.match(lines[i]).group(1) + str(value)
            return "\n".join(lines), f"number:{value}", False
    if choice == "text":  # a text value replaced by another: empty, odd, or one of the file's other values
        quoted = [i for i in keyed if _KEY_LINE.match(lines[i]).group(2).strip().startswith('"')]
        if quoted:
            i = rnd.choice(quoted)
            values = re.findall(r'"([^"\\]*)"', text) or ["x"]
            value = rnd.choice(["", " ", "x", "DEMO.999", "..", "\u202e", rnd.choice(values)])
            lines[i] = _KEY_LINE.match(lines[i]).group(1) + '"' + value + '"'
            return "\n".join(lines), "text", False
    if choice == "unknown-key":
        return "zz_unknown = 1\n" + text, choice, True
    if choice == "nest":
        depth = rnd.choice([5, 30, 500, 5000])
        opener = rnd.choice(["[", "{ a = "])
        closer = "]" if opener == "[" else "}"
        value = opener * depth + "1" + closer * depth
        return f"zz_nested = {value}\n" + text, f"nest:{depth}", True
    if choice == "delete-line" and len(lines) > 1:
        del lines[rnd.randrange(len(lines))]
        return "\n".join(lines), choice, False
    if choice == "duplicate-line" and keyed:
        i = rnd.choice(keyed)
        lines.insert(i, lines[i])
        return "\n".join(lines), choice, True  # a key defined twice is invalid TOML
    if choice == "truncate":
        return text[: rnd.randrange(len(text) + 1)], choice, False
    if choice == "bytes":
        data = bytearray(text.encode("utf-8"))
        for _ in range(rnd.randint(1, 5)):
            if data:
                data[rnd.randrange(len(data))] = rnd.choice([0, 0xFF, 0xC3, ord('"'), ord("["), ord("\\"), 10])
        return bytes(data), choice, False  # type: ignore[return-value]
    if choice == "spaces" and keyed:
        i = rnd.choice(keyed)
        run = " " * rnd.choice([100, 10_000, 200_000])
        lines.insert(i + 1, f'"ab{run}" = 1')
        return "\n".join(lines), choice, False
    if choice == "big":
        return text + "\n# " + "x" * rnd.choice([100_000, 900_000]) + "\n", choice, False
    if choice == "huge":
        return text + "\n# " + "x" * 1_100_000 + "\n", choice, True
    if choice == "swap-lines" and len(lines) > 2:
        i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines), choice, False
    if choice == "dotted":  # dotted keys nest like brackets, with no bracket to count
        parts = rnd.choice([30, 2000, 16_000])
        key = rnd.choice(["a.", '"a".', "a . "]) * parts + "a"
        return (f"[{key}]\n" if rnd.random() < 0.3 else f"{key} = 1\n") + text, f"dotted:{parts}", True
    if choice == "long-int" and keyed:
        i = rnd.choice(keyed)
        lines[i] = _KEY_LINE.match(lines[i]).group(1) + "9" * rnd.choice([4301, 5000, 100_000])
        return "\n".join(lines), choice, True
    if choice == "pad":  # a file padded with blank lines or comments (tomlkit's work is quadratic)
        run = rnd.choice(["\n" * 990_000, "# c\n" * 6000, "\n" * 20_000])
        return (text + run if rnd.random() < 0.5 else run + text), choice, False
    if choice == "escape":  # escape sequences in text a player wrote: never printed raw
        quoted = [i for i in keyed if _KEY_LINE.match(lines[i]).group(2).strip().startswith('"')]
        if quoted:
            i = rnd.choice(quoted)
            value = rnd.choice(["\\u001b[2J", "\\u001b]0;owned\\u0007", "\\u001b]8;;http://x\\u001b\\\\", "\\u009b31m"])
            lines[i] = _KEY_LINE.match(lines[i]).group(1) + '"x' + value + 'y"'
            return "\n".join(lines), choice, False
    if choice == "schema":
        value = rnd.choice(["true", '"1"', "1.0", "0", "-1", "99"])
        body = re.sub(r"(?m)^schema = .*$", "", text)
        return f"schema = {value}\n" + body, f"schema:{value}", True
    return text + "\nzz_unknown = 1\n", "unknown-key", True


def mutate_code(code: str, rnd: random.Random) -> tuple[str, str, bool]:
    choice = rnd.choice(["char", "drop", "add", "long", "bomb", "truncate", "spaces", "version"])
    body = code[4:]
    if choice == "char" and body:
        i = rnd.randrange(len(body))
        new = rnd.choice(
            [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" if c != body[i]]
        )
        return "SF1." + body[:i] + new + body[i + 1 :], choice, True
    if choice == "drop" and body:
        i = rnd.randrange(len(body))
        return "SF1." + body[:i] + body[i + 1 :], choice, True
    if choice == "add":
        i = rnd.randrange(len(body) + 1)
        return "SF1." + body[:i] + rnd.choice("AZaz09-_") + body[i:], choice, True
    if choice == "long":
        return (
            "SF1." + "".join(rnd.choice("ABCabc012-_") for _ in range(rnd.choice([300, 5000, 130_000]))),
            choice,
            True,
        )
    if choice == "bomb":
        return bomb(rnd.choice([1_000_000, 10_000_000])), choice, True
    if choice == "truncate":
        return code[: rnd.randrange(4, len(code))], choice, True
    if choice == "spaces":
        i = rnd.randrange(4, len(code))
        return code[:i] + " " * rnd.choice([1, 1000]) + code[i:], choice, False
    return "SF9." + body, choice, True


def bomb(size: int) -> str:
    """A well-formed share code that unpacks to ``size`` bytes."""
    import base64
    import zlib

    payload = b"DEMO.001\nx\n\n" + b"x" * size
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = zlib.crc32(payload).to_bytes(4, "big") + deflate.compress(payload) + deflate.flush()
    return "SF1." + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def mutate_csv(text: str, rnd: random.Random) -> tuple[str, str, bool]:
    lines = text.split("\n")
    choice = rnd.choice(
        ["cell", "columns", "extra-cells", "formula", "count", "big", "bytes", "quote", "wide", "cr", "huge-cell"]
    )
    if choice == "cr" and len(lines) > 1:  # a bare carriage return inside an unquoted cell
        i = rnd.randrange(1, len(lines))
        at = rnd.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + "\r" + lines[i][at:]
        return "\n".join(lines), choice, False
    if choice == "huge-cell" and len(lines) > 1:  # over the csv module's 131,072-character field limit
        lines[1] += "," + "x" * rnd.choice([131_073, 500_000])
        return "\n".join(lines), choice, False
    if choice == "wide":  # a sheet of 100,000 columns, or 200,000 of one name
        count = rnd.choice([1000, 100_000, 200_000])
        header = ",".join("c" if rnd.random() < 0.5 else f"c{i}" for i in range(count))
        return header + "\n" + text, f"wide:{count}", False
    if choice == "cell" and len(lines) > 1:
        i = rnd.randrange(1, len(lines))
        cells = lines[i].split(",")
        if cells and cells[0]:
            cells[rnd.randrange(len(cells))] = rnd.choice(["", "x", "-1", "9" * 5000, "=1+1", "3.5", "ab" + " " * 5000])
            lines[i] = ",".join(cells)
        return "\n".join(lines), choice, False
    if choice == "columns":
        lines[0] = lines[0].replace("count", "cnt").replace("code", "kode")
        return "\n".join(lines), choice, False
    if choice == "extra-cells" and len(lines) > 1:
        lines[1] += ",a,b,c"
        return "\n".join(lines), choice, False
    if choice == "formula":
        return text.replace("Blue Wall", "=HYPERLINK(1)"), choice, False
    if choice == "count" and len(lines) > 1:
        return (
            re.sub(r",\d+,", f",{rnd.choice(['100', '0', '-5', '99999999999999999999', 'abc'])},", text, count=1),
            choice,
            False,
        )
    if choice == "big":
        return text + ("DEMO.007,x,1\n" * 50_000), choice, False
    if choice == "bytes":
        return text.encode("utf-8")[:-5] + b"\xff\xfe\x00", choice, False  # type: ignore[return-value]
    return text.replace(",", ',"', 3), choice, False


# -- spreadsheets, imports and big files -----------------------------------------------------------

_ODS_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content '
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet>'
    '<table:table table:name="cards">'
)
_ODS_TAIL = "</table:table></office:spreadsheet></office:body></office:document-content>"
#: every .ods holds one (odfpy, which pandas reads .ods with, refuses a file without)
_ODS_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
    '<manifest:file-entry manifest:full-path="/" '
    'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
)


def _ods_cell(text: str, attrs: str = "") -> str:
    return f'<table:table-cell office:value-type="string" {attrs}><text:p>{text}</text:p></table:table-cell>'


def _zip(parts: dict[str, str | bytes], level: int = 9) -> bytes:
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return buf.getvalue()


def sheet_case(rnd: random.Random) -> Case:
    """A hostile .ods or .xlsx of a few bytes to a megabyte: repeat attributes, zip bombs, a cell far
    away, one huge string; or a good sheet."""
    head = "<table:table-row>" + _ods_cell("code") + _ods_cell("name") + "</table:table-row>"
    good = "<table:table-row>" + _ods_cell("MYS.001") + _ods_cell("Fine") + "</table:table-row>"
    choice = rnd.choice(["ods-rows", "ods-columns", "ods-spaces", "zip-bomb", "xlsx-far", "xlsx-wide", "good"])
    name, must = "in.ods", True
    if choice == "ods-rows":
        rows = f'<table:table-row table:number-rows-repeated="{rnd.choice([5001, 10**6, 10**9])}">'
        body = head + rows + _ods_cell("MYS.001") + "</table:table-row>"
    elif choice == "ods-columns":
        body = (
            head + "<table:table-row>" + _ods_cell("x", f'table:number-columns-repeated="{rnd.choice([201, 10**9])}"')
        )
        body += "</table:table-row>"
    elif choice == "ods-spaces":
        body = head + '<table:table-row><table:table-cell office:value-type="string"><text:p>'
        body += f'<text:s text:c="{rnd.choice([200_000, 900_000_000])}"/></text:p></table:table-cell></table:table-row>'
    elif choice == "good":
        body, must = head + good, False
    if choice.startswith("ods") or choice == "good":
        data = _zip(
            {
                "mimetype": "application/vnd.oasis.opendocument.spreadsheet",
                "META-INF/manifest.xml": _ODS_MANIFEST,
                "content.xml": _ODS_HEAD + body + _ODS_TAIL,
            }
        )
    elif choice == "zip-bomb":
        name = rnd.choice(["in.ods", "in.xlsx"])
        part = rnd.choice(["content.xml", "xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"])
        data = _zip({"xl/workbook.xml": "x", part: "<a>" + "x" * rnd.choice([5_000_000, 50_000_000]) + "</a>"})
    else:
        import openpyxl

        book = openpyxl.Workbook()
        book.active["A1"], book.active["B1"] = "code", "name"
        if choice == "xlsx-far":
            book.active.cell(row=rnd.choice([5_002, 1_048_576]), column=1, value="MYS.001")
        else:
            book.active.cell(row=2, column=rnd.choice([201, 16_384]), value="MYS.001")
        import io

        buf = io.BytesIO()
        book.save(buf)
        data, name = buf.getvalue(), "in.xlsx"
    return Case("sheet", choice, ["catalog", "import", name, "-o", "cat.toml"], {name: data}, must)


def import_case(rnd: random.Random, base: dict[str, str]) -> Case:
    """``deck import`` of what is not a deck: JSON nested thousands deep, a line of junk, a megabyte
    of share-code-like text; or a share code whose castle is an alliance card."""
    choice = rnd.choice(["deep-json", "junk", "code-like", "castle-not-castle"])
    argv = ["deck", "import", "in.txt", "--castle", "DEMO.001", "-o", "out.toml"]
    if choice == "deep-json":
        depth = rnd.choice([1_000, 2_000, 100_000])
        text = '{"cards": ' + "[" * depth + "]" * depth + "}"
        return Case("import", choice, [*argv[:2], "in.json", *argv[3:]], {"in.json": text}, True)
    if choice == "junk":
        return Case("import", choice, argv, {"in.txt": rnd.choice(["hello world", "???", "lorem ipsum dolor"])}, True)
    if choice == "code-like":
        piece = "".join(rnd.choice("ABCabc012-_") for _ in range(49))
        text = ("SF1." + " ".join([piece] * 400) + "\n") * 60
        return Case("import", choice, argv, {"in.txt": text[:1_000_000]}, True)
    from skyforge.decks.models import DeckFile
    from skyforge.workbench import sharecode

    code = sharecode.encode(DeckFile(name="x", castle="DEMO.007", cards={"DEMO.008": 2}))
    return Case("import", choice, ["deck", "import", code, "-o", "out.toml"])


def huge_case(rnd: random.Random, base: dict[str, str]) -> Case:
    """Files near the 1 MB limit whose size is in their count: 100,000 deck entries, a name of
    300,000 lines, names full of control characters, a catalog of 9,000 cards."""
    choice = rnd.choice(["entries", "name-lines", "controls", "many-cards"])
    head = 'schema=1\nname="h"\ncastle="DEMO.001"\n'
    if choice == "entries":
        text = head + "[cards]\n" + "".join(f"A{i}=1\n" for i in range(rnd.choice([1_051, 100_000])))
        argv = rnd.choice([["deck", "validate", "x"], ["deck", "show", "x"], ["deck", "list"]])
        return Case("huge", choice, argv, {"decks/x.toml": text}, argv[1] != "list")
    if choice == "name-lines":
        text = 'schema=1\nname="""' + "x\n" * 300_000 + '"""\ncastle="DEMO.001"\n[cards]\n'
        return Case("huge", choice, ["deck", "list"], {"decks/x.toml": text})
    if choice == "controls":
        name = "".join(rnd.choice(["\\u001b[2J", "\\u0007", "\\r", "\\u009b", "x"]) for _ in range(40))
        text = f'schema=1\nname="{name}"\nplayer="{name}"\ncastle="DEMO.001"\n[cards]\n'
        return Case("huge", choice, rnd.choice([["deck", "list"], ["deck", "show", "x"]]), {"decks/x.toml": text})
    sets = "".join(f'[[sets]]\ncode = "FZ{s}"\nname = "Fuzz {s}"\ngame = "skytear-horde"\n' for s in "ABCDEFGHIJ")
    cards = "".join(
        f'[[cards]]\ncode="FZ{"ABCDEFGHIJ"[i // 999]}.{i % 999 + 1:03d}"\nkind="alliance"\nname="F{i}"\n'
        'faction="liothan"\nrarity="base"\ntype="ally"\n'
        for i in range(9_000)
    )
    argv = ["--catalog", "@demo", "--catalog", "many.toml", "cards", "search", "--for", "demo-blue-wall"]
    return Case("huge", choice, argv, {"many.toml": "schema=1\n" + sets + cards})


# -- command lines ------------------------------------------------------------------------------------

ARG_POOL = [
    "demo-blue-wall",
    "Blue Wall",
    "c",
    "d",
    "a",
    "s",
    "x",
    "../x",
    "../../etc/passwd",
    "/tmp/x.toml",
    "x.toml",
    "..",
    ".",
    "",
    " ",
    "-",
    "--",
    "0",
    "-1",
    "99999999999999999999",
    "3",
    "DEMO.007",
    "DEMO.007x100",
    "9999999999xDEMO.007",
    "DEMO.7x2",
    "DEMO.007x60",
    "DEMO.016x99",
    "ab" + " " * 300,
    "é",
    "\u202e",
    "a" * 300,
    "SF1.abc",
    "--json",
    "--force",
    "Ann",
    "Bob",
    "liothan",
    "kurumo,liothan",
    "1,2,3",
    "=1",
    "@x",
]


def command_paths() -> list[list[str]]:
    """Every command of the CLI as its words (``["deck", "add"]``…), with its parameters."""
    import click

    from skyforge.cli.main import cli

    out = []

    def walk(command, words):
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name), [*words, name])
        else:
            out.append((words, command))

    walk(cli, [])
    return out


_COMMANDS: list | None = None


#: the name of the valid file of each command family in the base workspace
_NAMES = {"campaign": "c", "onward": "d", "arena": "a", "series": "s", "deck": "demo-blue-wall"}
_GOOD = {
    "player": ["Alice", "Bo", "Ann", "Bob"],
    "players": ["Ann,Bob", "Ann,Bob,Cy,Di"],
    "card": ["DEMO.007", "DEMO.016x2", "Gullwing Lookout"],
    "cards": ["DEMO.007", "DEMO.016x2"],
    "castle": ["DEMO.001"],
    "hordes": ["demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw"],
    "horde": ["demo-gloomcrawlers"],
    "outsider": ["Orrun the Everwake"],
    "difficulty": ["2", "5", "9"],
    "deck": ["demo-blue-wall", "demo-red-rush"],
    "decks": ["demo-blue-wall"],
    "heroes": ["Glasswind"],
    "teams": ["ann"],
    "draft_name": ["a"],
    "output": ["out.toml", "out.txt"],
    "format": ["html", "csv", "md"],
}


def _value(param, words: list[str], rnd: random.Random) -> str:
    import click

    if rnd.random() < 0.35:
        return rnd.choice(ARG_POOL)
    if isinstance(param.type, click.Choice):
        return rnd.choice(list(param.type.choices))
    if param.name in ("name", "source") and words[0] in _NAMES:
        return _NAMES[words[0]]
    if param.name in _GOOD:
        return rnd.choice(_GOOD[param.name])
    if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
        return str(rnd.choice([0, 1, 2, 3, 5, -1, 40, 99, 100, 10**6, 10**20]))
    return rnd.choice(ARG_POOL)


def random_argv(rnd: random.Random) -> list[str]:
    """A command of the CLI with its required parameters filled (often sensibly) and some optional ones."""
    global _COMMANDS
    if _COMMANDS is None:
        _COMMANDS = command_paths()
    words, command = rnd.choice(_COMMANDS)
    argv = list(words)
    for param in command.params:
        if not param.required and rnd.random() < 0.6:
            continue
        if param.param_type_name == "argument":
            argv += [_value(param, words, rnd) for _ in range(rnd.randint(1, 3) if param.nargs == -1 else 1)]
        elif getattr(param, "is_flag", False):
            argv.append(param.opts[0])
        elif param.opts:
            for _ in range(rnd.randint(1, 2) if getattr(param, "multiple", False) else 1):
                argv += [param.opts[-1], _value(param, words, rnd)]
    return argv


# -- cases ------------------------------------------------------------------------------------------


def make_case(kind: str, rnd: random.Random, base: dict[str, str]) -> Case:
    """One malformed input of ``kind`` and the command line that reads it."""
    if kind == "argv":  # sometimes after one or two other commands: state left by one, read by the next
        before = [random_argv(rnd) for _ in range(rnd.choice([0, 0, 1, 2]))]
        return Case("argv", "sequence" if before else "random", random_argv(rnd), before=before)
    if kind == "fs":
        return fs_case(rnd, base)
    if kind == "sheet":
        return sheet_case(rnd)
    if kind == "import":
        return import_case(rnd, base)
    if kind == "huge":
        return huge_case(rnd, base)
    if kind == "sharecode":
        code, mutation, must = mutate_code(base["code"], rnd)
        return Case(kind, mutation, ["deck", "import", code, "--name", "imported"], must_fail=must)
    if kind == "workspace":
        return workspace_case(rnd, base)
    if kind == "csv":
        if rnd.random() < 0.5:
            text, mutation, must = mutate_csv(base["deck.csv"], rnd)
            return Case(
                kind, "deck:" + mutation, ["deck", "import", "in.csv", "-o", "out.toml"], {"in.csv": text}, must
            )
        text, mutation, must = mutate_csv(base["cards.csv"], rnd)
        return Case(
            kind, "cards:" + mutation, ["catalog", "import", "in.csv", "-o", "cat.toml"], {"in.csv": text}, must
        )
    source, target, commands = {
        "deck": (
            "decks/demo-blue-wall.toml",
            "decks/demo-blue-wall.toml",
            [
                ["deck", "validate", "demo-blue-wall"],
                ["deck", "show", "demo-blue-wall"],
                ["deck", "export", "demo-blue-wall", "--format", "html"],
                ["deck", "export", "demo-blue-wall", "--format", "csv"],
                ["deck", "export", "demo-blue-wall", "--format", "code"],
                ["deck", "add", "demo-blue-wall", "DEMO.016"],
                ["deck", "stats", "demo-blue-wall", "--json"],
            ],
        ),
        "collection": (
            "collection.toml",
            "collection.toml",
            [["deck", "validate", "demo-blue-wall", "--collection", "collection.toml"]],
        ),
        "catalog": (
            "catalog.toml",
            "catalog.toml",
            [
                ["--catalog", "catalog.toml", "catalog", "check"],
                ["--catalog", "catalog.toml", "cards", "search", "blue"],
                ["--catalog", "catalog.toml", "castles"],
            ],
        ),
        "campaign": (
            "campaigns/c.toml",
            "campaigns/c.toml",
            [["campaign", "show", "c"], ["campaign", "gold", "c", "1"], ["campaign", "log", "c", "--json"]],
        ),
        "draft": (
            "drafts/d.toml",
            "drafts/d.toml",
            [["onward", "show", "d"], ["onward", "pick", "d", "--random"], ["onward", "undo", "d"]],
        ),
        "series": (
            "series/s.toml",
            "series/s.toml",
            [["series", "show", "s"], ["series", "win", "s", "Bob"], ["series", "undo", "s"]],
        ),
        "plan": ("plan.toml", "plan.toml", [["plan", "show"], ["plan", "show", "--json"]]),
        "team": (
            "teams/ann.toml",
            "teams/ann.toml",
            [["arena", "team", "validate", "ann"], ["arena", "setup", "ann", "teams/ann.toml"]],
        ),
    }[kind]
    if kind == "draft" and rnd.random() < 0.4:
        source, target = "drafts/a.toml", "drafts/a.toml"
        commands = [["arena", "show", "a"], ["arena", "pick", "a", "--random"], ["arena", "setup", "--draft", "a"]]
    if kind == "draft" and source == "drafts/d.toml" and rnd.random() < 0.15:  # a team of 200,000 players
        many = ", ".join(f'"P{i}"' for i in range(rnd.choice([11, 200_000 // 10, 100_000])))
        text = re.sub(r"(?m)^shadow = \[\n(?:    .*\n)*\]", lambda m: f"shadow = [{many}]", base[source], count=1)
        return Case(kind, "team", rnd.choice(commands), {target: text}, True)
    text, mutation, must = mutate_toml(base[source], rnd)
    return Case(kind, mutation, rnd.choice(commands), {target: text}, must)


#: commands that read the workspace file (each checks it by its model before anything else)
WORKSPACE_COMMANDS = [
    ["catalog", "check"],
    ["deck", "list"],
    ["deck", "validate", "demo-blue-wall"],
    ["deck", "show", "demo-blue-wall"],
    ["cards", "search", "blue"],
    ["collection", "show"],
    ["campaign", "list"],
    ["plan", "show"],
]


def workspace_case(rnd: random.Random, base: dict[str, str]) -> Case:
    """A mutated ``skyforge.toml`` read by a command run in its folder (or a folder below it): a
    refused one exits 2 naming the file, and the key the mutation added."""
    text, mutation, must = mutate_toml(base["skyforge.toml"], rnd)
    names = ("skyforge.toml", "zz_unknown") if mutation == "unknown-key" else ("skyforge.toml",)
    cwd = "decks" if rnd.random() < 0.3 else ""  # found from a sub-folder too, as git finds its own
    return Case(
        "workspace", mutation, rnd.choice(WORKSPACE_COMMANDS), {"skyforge.toml": text}, must, names=names, cwd=cwd
    )


#: where a link planted in a case's workspace leads: a folder beside the workspace, outside it
OUTSIDE = "@outside/"


def fs_case(rnd: random.Random, base: dict[str, str]) -> Case:
    """A file system someone else left: links out of the workspace (to a file or to nothing), a FIFO
    named like a deck, names too long for the file system, a linked .skyforge folder."""
    deck = base["decks/demo-blue-wall.toml"]
    choice = rnd.choice(["dangling", "outside", "fifo", "long-name", "linked-state", "rename", "linked-folder"])
    if choice == "linked-folder":  # decks/ itself a link to a folder outside: read, never written
        argv = rnd.choice([["deck", "new", "x", "--castle", "DEMO.001"], ["deck", "add", "real", "DEMO.016"]])
        return Case(
            "fs", choice, argv, {OUTSIDE + "decks/real.toml": deck}, links={"decks": OUTSIDE + "decks"}, must_fail=True
        )
    if choice == "dangling":
        folder, argv = rnd.choice(
            [
                ("decks", ["deck", "new", "x", "--castle", "DEMO.001"]),
                ("drafts", ["onward", "draft", "--method", "snake", "--players", "Ann,Bob", "--save", "x"]),
                ("series", ["series", "new", "x", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30"]),
            ]
        )
        return Case("fs", choice, argv, links={f"{folder}/x.toml": OUTSIDE + "new.toml"}, must_fail=True)
    if choice == "outside":
        return Case(
            "fs",
            choice,
            ["deck", "add", "x", "DEMO.016"],
            {OUTSIDE + "real.toml": deck},
            links={"decks/x.toml": OUTSIDE + "real.toml"},
            must_fail=True,
        )
    if choice == "fifo":
        argv = rnd.choice([["deck", "list"], ["deck", "validate", "x"], ["deck", "show", "x"]])
        return Case("fs", choice, argv, fifos=["decks/x.toml"], must_fail=argv[1] != "list")
    if choice == "long-name":
        argv = rnd.choice(
            [
                ["deck", "export", "demo-blue-wall", "-o", "a" * 300 + ".txt"],
                ["catalog", "init", "b" * rnd.choice([300, 4000])],
                ["catalog", "import", "in.csv", "-o", "c" * 300 + ".toml"],
            ]
        )
        return Case("fs", choice, argv, {"in.csv": base["cards.csv"]}, must_fail=True)
    if choice == "linked-state":
        return Case(
            "fs", choice, ["deck", "add", "demo-blue-wall", "DEMO.016"], links={".skyforge": OUTSIDE}, must_fail=True
        )
    return Case("fs", choice, ["deck", "rename", "demo-blue-wall", rnd.choice(["wall-2", "demo-red-rush", "é"])])


# -- running ------------------------------------------------------------------------------------------


#: how many times the CPU bound a case may take by the wall clock before it counts as blocked
WALL_SLACK = 6


class Hang(BaseException):
    """Raised by the timer inside a command that runs too long."""


@dataclass
class Outcome:
    case: Case
    exit_code: int | None
    seconds: float
    error: str | None = None  # the traceback, for a crash
    hang: bool = False
    output: str = ""

    @property
    def verdict(self) -> str:
        if self.hang:
            return "hang"
        if self.error:
            return "traceback"
        stopped = self.exit_code == 130 and "Aborted." in (self.output or "")  # a prompt met the end of input
        if self.exit_code not in (0, 1, 2) and not stopped:
            return "exit-code"
        if self.case.must_fail and self.exit_code == 0:
            return "accepted"
        if (
            self.case.must_fail
            and self.case.names
            and (self.exit_code != 2 or not all(name in (self.output or "") for name in self.case.names))
        ):
            return "unnamed"  # refused, but not as bad input naming its file and key
        if "\x1b" in (self.output or "") or "\x9b" in (self.output or ""):  # never styles: not a terminal
            return "escape"
        if self.seconds > SLOW_SECONDS:
            return "slow"
        return "ok"

    def signature(self) -> str:
        if self.verdict == "traceback":
            last = [line for line in self.error.strip().splitlines() if line.strip()][-1]
            return f"traceback {self.case.kind} {last.split(':')[0]}"
        return f"{self.verdict} {self.case.kind} {self.case.mutation.split(':')[0]}"


def prepare(case: Case, base_dir: Path, into: Path) -> Path:
    shutil.copytree(base_dir, into, symlinks=True)
    outside = into.parent / f"{into.name}-outside"
    shutil.rmtree(outside, ignore_errors=True)
    outside.mkdir(parents=True)

    def where(name: str) -> Path:
        return outside / name.removeprefix(OUTSIDE) if name.startswith(OUTSIDE) else into / name

    for name, target in case.links.items():
        path = where(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()
        path.symlink_to(where(target))
    for name in case.fifos:
        path = where(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            path.unlink()
        os.mkfifo(path)
    for name, content in case.files.items():
        path = where(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return into


def run_in_process(case: Case, workspace: Path, timeout: float) -> Outcome:
    from click.testing import CliRunner

    from skyforge.cli.main import cli

    def alarm(signum, frame):
        raise Hang()

    for argv in case.before:
        outcome = run_in_process(Case(case.kind, case.mutation, argv), workspace, timeout)
        if outcome.verdict not in ("ok", "slow"):
            outcome.case = case
            return outcome
    cwd = os.getcwd()
    os.chdir(workspace / case.cwd)
    # The bound is CPU seconds (ITIMER_PROF): a machine busy with other work stretches the wall
    # clock, not these. A case blocked without using the CPU (a lock never released) is caught
    # by the wall clock, with room for the machine's load.
    old_cpu = signal.signal(signal.SIGPROF, alarm)
    old_wall = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_PROF, timeout)
    signal.setitimer(signal.ITIMER_REAL, timeout * WALL_SLACK)
    cpu = time.process_time()
    try:
        result = CliRunner().invoke(cli, case.argv, input="", catch_exceptions=True)
        seconds = time.process_time() - cpu
    except Hang:
        return Outcome(case, None, time.process_time() - cpu, hang=True)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old_cpu)
        signal.signal(signal.SIGALRM, old_wall)
        os.chdir(cwd)
    exc = result.exception
    if isinstance(exc, Hang):
        return Outcome(case, None, seconds, hang=True)
    if exc is not None and not isinstance(exc, SystemExit):
        return Outcome(
            case, result.exit_code, seconds, error="".join(traceback.format_exception(exc)), output=result.output
        )
    return Outcome(case, result.exit_code, seconds, output=result.output)


#: run skyforge, then print the process's own peak memory (VmHWM: this program's, not the parent's
#: that fork copied) on stderr
_CHILD = """
import atexit, sys
def _peak():
    try:
        kb = next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM:'))
    except (OSError, StopIteration):
        import resource
        kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    sys.stderr.write('\\nfuzz-peak-kb %d\\n' % kb)
atexit.register(_peak)
from skyforge.cli.main import main
main()
"""


def run_subprocess(case: Case, workspace: Path, timeout: float) -> tuple[Outcome, float]:
    """Run as a real process; returns the outcome and its peak memory in MB."""
    import resource
    import subprocess

    start = time.monotonic()
    for argv in case.before:
        subprocess.run(
            [sys.executable, "-c", _CHILD, *argv],
            cwd=workspace,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=timeout * WALL_SLACK,
        )
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.Popen(
        [sys.executable, "-c", _CHILD, *case.argv],
        cwd=workspace / case.cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        _, err = proc.communicate(timeout=timeout * WALL_SLACK)  # the wall clock, with the load's room
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return Outcome(case, None, time.monotonic() - start, hang=True), 0.0
    now = resource.getrusage(resource.RUSAGE_CHILDREN)  # the process's CPU seconds, start-up included
    seconds = (now.ru_utime - used.ru_utime) + (now.ru_stime - used.ru_stime)
    text = err.decode("utf-8", "replace")
    m = re.search(r"fuzz-peak-kb (\d+)", text)
    peak = int(m.group(1)) / 1024 if m else 0.0
    error = text if "Traceback (most recent call last)" in text else None
    if seconds > timeout:  # the bound is CPU seconds, as in-process
        return Outcome(case, None, seconds, hang=True), peak
    return Outcome(case, proc.returncode, seconds, error=error, output=text), peak


def run_cases(
    n: int, seed: int, out_dir: Path, sample: int, timeout: float, log=print, kinds: tuple[str, ...] = KINDS
) -> dict:
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="skyforge-fuzz-") as tmp:
        tmp_path = Path(tmp)
        os.environ["SKYFORGE_CACHE_DIR"] = str(tmp_path / "cache")
        os.environ.pop("SKYFORGE_CATALOG", None)
        os.environ.pop("SKYFORGE_WORKSPACE", None)
        base_dir = tmp_path / "base"
        base = build_base(base_dir)
        counts: dict[str, int] = {}
        by_kind: dict[str, int] = {}
        first: dict[str, tuple[Outcome, Path]] = {}
        started = time.monotonic()
        subprocess_checks = []
        for i in range(n):
            kind = kinds[i % len(kinds)]
            case = make_case(kind, rnd, base)
            workspace = prepare(case, base_dir, tmp_path / f"case{i}")
            outcome = run_in_process(case, workspace, timeout)
            verdict = outcome.verdict
            counts[verdict] = counts.get(verdict, 0) + 1
            by_kind[kind] = by_kind.get(kind, 0) + 1
            if verdict != "ok":
                sig = outcome.signature()
                if sig not in first:
                    saved = out_dir / f"{len(first):03d}-{re.sub(r'[^A-Za-z0-9]+', '-', sig)}"
                    shutil.rmtree(saved, ignore_errors=True)
                    prepare(case, base_dir, saved)  # the workspace as it was before the command
                    first[sig] = (outcome, saved)
            if sample and i % max(1, n // sample) == 0 and len(subprocess_checks) < sample:
                fresh = prepare(case, base_dir, tmp_path / f"sub{i}")
                sub, peak = run_subprocess(case, fresh, timeout)
                subprocess_checks.append((outcome, sub, peak))
                shutil.rmtree(fresh, ignore_errors=True)
                if sub.error and f"process {kind}" not in first:
                    saved = out_dir / f"{len(first):03d}-process-{kind}"
                    shutil.rmtree(saved, ignore_errors=True)
                    prepare(case, base_dir, saved)
                    first[f"process {kind}"] = (sub, saved)
            shutil.rmtree(workspace, ignore_errors=True)
            shutil.rmtree(workspace.parent / f"{workspace.name}-outside", ignore_errors=True)
            if (i + 1) % 500 == 0:
                log(f"  {i + 1} cases, {time.monotonic() - started:.0f} s")
    mismatched = [
        (a, b)
        for a, b, _ in subprocess_checks
        if not b.hang and not a.hang and (a.exit_code != b.exit_code or bool(a.error) != bool(b.error))
    ]
    heavy = [(b, peak) for _, b, peak in subprocess_checks if peak > MEMORY_LIMIT_MB]
    return {
        "cases": n,
        "counts": counts,
        "by_kind": by_kind,
        "first": first,
        "subprocesses": len(subprocess_checks),
        "mismatched": mismatched,
        "heavy": heavy,
        "peak": max((peak for _, _, peak in subprocess_checks), default=0.0),
        "slowest": max((b.seconds for _, b, _ in subprocess_checks if not b.hang), default=0.0),
        "seconds": time.monotonic() - started,
    }


def report(result: dict, log=print) -> int:
    counts = result["counts"]
    log(
        f"cases: {result['cases']} in {result['seconds']:.0f} s "
        f"({', '.join(f'{k} {v}' for k, v in sorted(result['by_kind'].items()))})"
    )
    labels = {"accepted": "silently accepted", "unnamed": "refused without naming file and key"}
    for verdict in ("traceback", "hang", "accepted", "unnamed", "exit-code", "slow"):
        log(f"{labels.get(verdict, verdict + 's')}: {counts.get(verdict, 0)}")
    log(f"ok: {counts.get('ok', 0)}")
    log(
        f"subprocess sample: {result['subprocesses']} run again as processes, "
        f"{len(result['mismatched'])} disagree, {len(result['heavy'])} over {MEMORY_LIMIT_MB} MB "
        f"(largest {result['peak']:.0f} MB, slowest {result.get('slowest', 0.0):.1f} s of CPU)"
    )
    for a, b in result["mismatched"][:5]:
        log(f"  disagree: skyforge {_shell(a.case.argv)}: in-process exit {a.exit_code}, process exit {b.exit_code}")
    for b, peak in result["heavy"][:5]:
        log(f"  heavy: skyforge {_shell(b.case.argv)}: {peak:.0f} MB")
    if result["first"]:
        log("\nreproducers (one per kind of failure):")
    for sig, (outcome, saved) in sorted(result["first"].items()):
        log(f"- {sig} ({outcome.seconds:.1f} s of CPU, exit {outcome.exit_code}, mutation {outcome.case.mutation})")
        first_commands = "".join(f"skyforge {_shell(argv)}; " for argv in outcome.case.before)
        log(f"    cd {saved / outcome.case.cwd} && {first_commands}skyforge {_shell(outcome.case.argv)}")
        if outcome.error:
            log("    " + "\n    ".join(outcome.error.strip().splitlines()[-4:]))
    failed = sum(counts.get(v, 0) for v in ("traceback", "hang", "accepted", "unnamed", "exit-code"))
    return 1 if failed or result["mismatched"] or result["heavy"] else 0


def _shell(argv: list[str]) -> str:
    import shlex

    return " ".join(shlex.quote(a if len(a) <= 80 else a[:60] + "…") for a in argv)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int, nargs="?", default=1000, help="number of cases")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--subprocess", type=int, default=20, help="how many cases to run again as processes")
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help=f"CPU seconds before a case counts as a hang (blocked {WALL_SLACK} times as long by the wall clock: too)",
    )
    parser.add_argument("--kinds", default=",".join(KINDS), help="which kinds of case (comma-separated)")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(tempfile.gettempdir()) / "skyforge-fuzz",
        help="where the reproducers' workspaces are saved",
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"fuzzing skyforge: {args.n} cases, seed {args.seed}")
    kinds = tuple(k for k in args.kinds.split(",") if k in KINDS) or KINDS
    return report(run_cases(args.n, args.seed, args.out, args.subprocess, args.timeout, kinds=kinds))


if __name__ == "__main__":
    raise SystemExit(main())
