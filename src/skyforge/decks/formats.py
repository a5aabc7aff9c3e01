"""Exporting decks for play, and importing them back.

Formats: ``text`` and ``md`` (lists grouped by type), ``csv`` and ``json`` (for
spreadsheets and other tools), ``html`` (a printable pull list, one page per
deck), ``code`` (a share code, see :mod:`skyforge.decks.sharecode`).
``import_deck`` reads text, Markdown, CSV, JSON and share codes back; json, csv,
text and code carry the whole deck, so export → import gives the same deck.

With several decks and ``players=True`` the decks are the players' decks of one
game: the export adds one pull list for the whole table, and the copy limits
across all players' decks are checked together.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from skyforge.catalog.codes import code_order, normalize_code
from skyforge.catalog.index import Catalog
from skyforge.decks import sharecode
from skyforge.decks.files import Deck, DeckFile
from skyforge.decks.stats import deck_stats
from skyforge.terms import demo_note
from skyforge.text import a, plural
from skyforge.errors import InputError, Problem

FORMATS = ("text", "md", "csv", "json", "html", "code")
CSV_COLUMNS = ("deck", "player", "castle", "count", "code", "name", "type", "cost", "rarity", "faction", "set")
DEMO_NOTE = demo_note()


@dataclass
class Export:
    """What the formats draw from: each deck's numbers, and the table's pull list."""

    decks: list[dict]
    table: dict | None = None


def prepare(catalog: Catalog, decks: list[Deck], *, players: bool = False) -> Export:
    from skyforge.rules.deckbuilding import validate_decks

    stats = [deck_stats(catalog, d, report=validate_decks(catalog, [d])) for d in decks]
    table = None
    if players:
        report = validate_decks(catalog, decks)
        rows: dict[str, dict] = {}
        for s in stats:
            for group in s["groups"]:
                for card in group["cards"]:
                    row = rows.setdefault(card["code"], {**card, "count": 0, "by_deck": {}})
                    row["count"] += card["count"]
                    row["by_deck"][_who(s)] = card["count"]

        table = {"valid": report.valid, "violations": [v.as_dict() for v in report.violations],
                 "players": [_who(s) for s in stats],
                 "size": sum(r["count"] for r in rows.values()),
                 "pull_list": [rows[k] for k in sorted(rows, key=code_order)]}
    return Export(stats, table)


def _who(stats: dict) -> str:
    return stats["player"] or stats["name"]


def export(catalog: Catalog, decks: list[Deck], fmt: str, *, players: bool = False) -> str:
    if fmt not in FORMATS:
        raise InputError(Problem(f"unknown format '{fmt}'", hint="formats: " + ", ".join(FORMATS)))
    if fmt == "code":
        return "".join(sharecode.encode(d.data) + "\n" for d in decks)
    data = prepare(catalog, decks, players=players)
    return {"text": to_text, "md": to_markdown, "csv": to_csv, "json": to_json, "html": to_html}[fmt](data)


# -- text and Markdown ----------------------------------------------------------

def _castle_line(s: dict) -> str:
    if not s["castle_name"]:
        return s["castle"]
    return f"{s['castle']} {s['castle_name']}" if normalize_code(s["castle"]) else s["castle_name"]


def _card_line(card: dict) -> str:
    code = card["code"]
    ident = f"{code} {card['name']}" if normalize_code(code) and card["name"] else (card["name"] or code)
    return f"{card['count']} {ident}"


def _details(card: dict) -> str:
    bits = [f"cost {card['cost']}" if card["cost"] is not None else None, card["rarity"], card["faction"]]
    return ", ".join(b for b in bits if b)


def to_text(data: Export) -> str:
    out: list[str] = []
    for i, s in enumerate(data.decks):
        if i:
            out += ["", "---", ""]
        out.append(s["name"])
        if s["player"]:
            out.append(f"Player: {s['player']}")
        out.append(f"Castle: {_castle_line(s)}")
        out.append(f"Cards: {s['size']} ({'valid' if s['valid'] else 'not valid'})")
        for group in s["groups"]:
            out += ["", f"{group['type'].capitalize()} ({group['count']})"]
            out += [_card_line(c) for c in group["cards"]]
        if s["demo_data"]:
            out += ["", f"// {DEMO_NOTE}"]
    if data.table:
        out += ["", "---", "", "Pull list for the table: " + ", ".join(data.table["players"]),
                f"Cards: {data.table['size']} ({_table_verdict(data.table)})"]
        for row in data.table["pull_list"]:
            split = ", ".join(f"{who} {n}" for who, n in row["by_deck"].items())
            out.append(f"[ ] {_card_line(row)}  ({split})")
        out += [f"! {v['message']}" for v in data.table["violations"]]
    return "\n".join(out) + "\n"


def _table_verdict(table: dict) -> str:
    return "copy limits across all decks respected" if table["valid"] else \
        f"{plural(len(table['violations']), 'problem')} across the decks"


#: characters Markdown gives a meaning to (emphasis, links, raw HTML, tables, headings…)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")
_MD_ESCAPED = re.compile(r"\\([\\`*_\[\]<>#|~&])")


def md(text: object) -> str:
    """Text as Markdown shows it literally: every special character escaped, raw HTML too."""
    return _MD_SPECIAL.sub(r"\\\1", "" if text is None else str(text))


def to_markdown(data: Export) -> str:
    out: list[str] = []
    for i, s in enumerate(data.decks):
        if i:
            out += ["", "---", ""]
        out += [f"# {md(s['name'])}", ""]
        if s["player"]:
            out.append(f"- Player: {md(s['player'])}")
        out.append(f"- Castle: {md(_castle_line(s))}")
        out.append(f"- Cards: {s['size']} ({'valid' if s['valid'] else 'not valid'})")
        for group in s["groups"]:
            out += ["", f"## {group['type'].capitalize()} ({group['count']})", ""]
            out += [f"- {md(_card_line(c))} — {md(_details(c))}" if _details(c) else f"- {md(_card_line(c))}"
                    for c in group["cards"]]
        if s["demo_data"]:
            out += ["", f"_{DEMO_NOTE}_"]
    if data.table:
        out += ["", "---", "", "# Pull list for the table", "",
                f"Players: {md(', '.join(data.table['players']))} — {data.table['size']} cards, "
                f"{_table_verdict(data.table)}", "",
                "| ✓ | Code | Name | Total | " + " | ".join(md(p) for p in data.table["players"]) + " |",
                "|---|---|---|---:|" + "---:|" * len(data.table["players"])]
        for row in data.table["pull_list"]:
            per = " | ".join(str(row["by_deck"].get(p, "")) for p in data.table["players"])
            out.append(f"| ☐ | {md(row['code'])} | {md(row['name'])} | {row['count']} | {per} |")
        out += [""] + [f"- **{v['rule']}**: {md(v['message'])}" for v in data.table["violations"]]
    return "\n".join(out).rstrip() + "\n"


# -- CSV and JSON ----------------------------------------------------------------

def to_csv(data: Export) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for s in data.decks:
        for group in s["groups"]:
            for c in group["cards"]:
                row = {"deck": s["name"], "player": s["player"] or "", "castle": s["castle"],
                       **{k: ("" if c.get(k) is None else c[k]) for k in CSV_COLUMNS[3:]}}
                writer.writerow({k: csv_cell(v) for k, v in row.items()})
    return buf.getvalue()


#: a text cell starting with one of these is run as a formula by spreadsheets
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: ``'`` before a text that would start a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _csv_text(cell: str) -> str:
    """The text of a cell :func:`csv_cell` wrote (its ``'`` taken off again)."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_START) else cell


def _json_deck(s: dict) -> dict:
    return {"name": s["name"], "player": s["player"], "castle": s["castle"], "castle_name": s["castle_name"],
            "size": s["size"], "valid": s["valid"], "cards": s["cards"],
            "entries": [c for g in s["groups"] for c in g["cards"]],
            **({"demo_data": True} if s["demo_data"] else {})}


def to_json(data: Export) -> str:
    if len(data.decks) == 1 and data.table is None:
        body: dict = {"format": "skyforge-deck", "schema": 1, **_json_deck(data.decks[0])}
    else:
        body = {"format": "skyforge-decks", "schema": 1, "decks": [_json_deck(s) for s in data.decks]}
        if data.table:
            body["table"] = data.table
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


# -- printable HTML ---------------------------------------------------------------

_CSS = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.35 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: #111; margin: 0 auto;
       max-width: 186mm; }
@media print { body { max-width: none; } }
.page { padding: 6mm 0; break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #111; }
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 11pt; margin: 3mm 0 1mm; }
.sub { color: #444; }
.badge { white-space: nowrap; font-weight: bold; padding: 0.5mm 2mm; border: 1.5px solid; border-radius: 2mm; }
.ok { color: #17602a; } .bad { color: #a01616; }
.facts { display: flex; gap: 6mm; margin: 2mm 0; }
.facts section { flex: 1; }
table { border-collapse: collapse; width: 100%; }
td, th { padding: 0.35mm 1.5mm; text-align: left; vertical-align: top; }
th { border-bottom: 1px solid #111; font-size: 8.5pt; text-transform: uppercase; letter-spacing: .03em; }
.pull td { font-size: 9.5pt; }
.pull tr:nth-child(even) td { background: #f1f1f1; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.pull td.n, .pull th.n { text-align: right; }
.box { display: inline-block; width: 3.6mm; height: 3.6mm; border: 1.2px solid #111; margin-right: 0.8mm;
       vertical-align: middle; }
.small td, .small th { font-size: 8.5pt; padding: 0.3mm 1mm; }
table.small { width: auto; } .small td:nth-child(2) { text-align: right; }
.curve { display: flex; align-items: flex-end; gap: 1mm; height: 20mm; font-size: 7pt; }
.curve .col { width: 5mm; height: 100%; display: flex; flex-direction: column; justify-content: flex-end;
              text-align: center; }
.curve .bar { background: #555; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.curve-labels { display: flex; gap: 1mm; font-size: 7.5pt; border-top: 1px solid #111; }
.curve-labels span { width: 5mm; text-align: center; }
.pull.dense td { font-size: 8pt; padding-top: 0; padding-bottom: 0; }
.pull.dense .box { width: 3mm; height: 3mm; }
thead { display: table-header-group; } tr { break-inside: avoid; }
.problems { color: #a01616; font-size: 8.5pt; }
footer { margin-top: 2mm; font-size: 7.5pt; color: #555; }
"""


def _e(value) -> str:
    import html

    return html.escape("" if value is None else str(value))


def _boxes(n: int) -> str:
    return '<span class="box"></span>' * n


def _html_deck(s: dict) -> str:
    verdict = '<span class="badge ok">valid</span>' if s["valid"] else '<span class="badge bad">not valid</span>'
    who = f' — {_e(s["player"])}' if s["player"] else ""
    budget_rows = []
    for row in s["budget"]:
        if row["rarity"] == "deck":
            want = row["min"] if row["max"] == row["min"] else f"{row['min']}–{row['max'] or '∞'}"
            budget_rows.append(f"<tr><td>Deck size</td><td>{row['used']}/{want}</td><td></td></tr>")
            continue
        if not row["allowed"]:
            budget_rows.append(f"<tr><td>{row['rarity'].capitalize()}</td><td>{row['used']}/0</td><td>none allowed</td></tr>")
            continue
        limit = row["max"] if row["max"] is not None else "any"
        who_ok = ", ".join(f.capitalize() for f in row["factions"])
        if row["subtypes"]:
            who_ok += "; " + ", ".join(row["subtypes"]) + " of any faction"
        budget_rows.append(f"<tr><td>{row['rarity'].capitalize()}</td><td>{row['used']}/{limit}</td>"
                           f"<td>{_e(who_ok)}</td></tr>")
    top = max([c["count"] for c in s["curve"]] or [1]) or 1
    bars = "".join(f'<div class="col"><span>{c["count"] or ""}</span>'
                   f'<div class="bar" style="height:{round(75 * c["count"] / top)}%"></div></div>'
                   for c in s["curve"])
    labels = "".join(f'<span>{"?" if c["cost"] is None else c["cost"]}</span>' for c in s["curve"])
    counts = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in {**s["types"]}.items())
    rarities = "".join(f"<tr><td>{_e(k)}</td><td>{v}</td></tr>" for k, v in s["rarities"].items())
    cards = sorted((c for g in s["groups"] for c in g["cards"]), key=lambda c: code_order(c["code"]))
    rows = "".join(
        f'<tr><td>{_boxes(c["count"])}</td><td class="n">{c["count"]}</td><td>{_e(c["code"])}</td>'
        f'<td>{_e(c["name"])}</td><td>{_e(c["type"])}</td><td class="n">{_e(c["cost"])}</td>'
        f'<td>{_e(c["rarity"])}</td><td>{_e(c["faction"])}</td></tr>' for c in cards)
    problems = "".join(f"<li>{_e(v['message'])}</li>" for v in s["violations"][:6])
    if len(s["violations"]) > 6:
        problems += f"<li>… and {len(s['violations']) - 6} more (skyforge deck validate)</li>"
    dense = " dense" if len(cards) > 30 else ""
    return f"""<section class="page deck">
<header><div><h1>{_e(s["name"])}{who}</h1>
<div class="sub">Castle {_e(_castle_line(s))} · {s["size"]} cards</div></div>{verdict}</header>
<div class="facts">
<section><h2>Castle rules</h2><table class="small"><tr><th>Rarity</th><th>Used</th><th>Allowed</th></tr>
{''.join(budget_rows)}</table></section>
<section><h2>Mana curve</h2><div class="curve">{bars}</div><div class="curve-labels">{labels}</div></section>
<section><h2>Types</h2><table class="small">{counts}</table></section>
<section><h2>Rarities</h2><table class="small">{rarities}</table></section>
</div>
{f'<ul class="problems">{problems}</ul>' if problems else ''}
<h2>Pull list (by set and code)</h2>
<table class="pull{dense}"><thead><tr><th>Pulled</th><th class="n">#</th><th>Code</th><th>Name</th><th>Type</th>
<th class="n">Cost</th><th>Rarity</th><th>Faction</th></tr></thead>
<tbody>{rows}</tbody></table>
<footer>skyforge deck export{' · ' + DEMO_NOTE if s["demo_data"] else ''}</footer>
</section>"""




def _html_table(table: dict) -> str:
    players = table["players"]
    head = "".join(f'<th class="n">{_e(p)}</th>' for p in players)
    rows = "".join(
        f'<tr><td>{_boxes(r["count"])}</td><td class="n">{r["count"]}</td><td>{_e(r["code"])}</td>'
        f'<td>{_e(r["name"])}</td>' + "".join(f'<td class="n">{r["by_deck"].get(p, "")}</td>' for p in players)
        + "</tr>" for r in table["pull_list"])
    verdict = ('<span class="badge ok">copy limits respected</span>' if table["valid"]
               else '<span class="badge bad">limits broken</span>')
    problems = "".join(f"<li>{_e(v['message'])}</li>" for v in table["violations"])
    return f"""<section class="page table">
<header><div><h1>Pull list for the table</h1>
<div class="sub">{_e(", ".join(players))} · {table["size"]} cards · at most 1 copy of a mythic or
legendary card, 2 of a rare, 3 of a base card across all players' decks</div></div>{verdict}</header>
{f'<ul class="problems">{problems}</ul>' if problems else ''}
<table class="pull"><thead><tr><th>Pulled</th><th class="n">#</th><th>Code</th><th>Name</th>{head}</tr></thead>
<tbody>{rows}</tbody></table>
</section>"""


def to_html(data: Export) -> str:
    title = " · ".join(s["name"] for s in data.decks)
    pages = ([_html_table(data.table)] if data.table else []) + [_html_deck(s) for s in data.decks]
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n<title>{_e(title)}</title>\n'
            f"<style>{_CSS}</style></head>\n<body>\n" + "\n".join(pages) + "\n</body></html>\n")


# -- import ---------------------------------------------------------------------

#: the longest deck list ``import_deck`` reads (a deck has at most 1,000 different cards)
MAX_IMPORT_LINES = 5_000


@dataclass
class Imported:
    deck: DeckFile
    format: str
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


#: the formats ``import`` reads back (HTML is a printable sheet: it is not among them)
READABLE = "text, Markdown, CSV, JSON or a share code (SF1.…)"


def import_deck(catalog: Catalog, source: str, *, workspace: Path | None = None) -> Imported:
    """Read one deck (the first, when the source holds several); see :func:`import_decks`."""
    return import_decks(catalog, source, workspace=workspace)[0]


def import_decks(catalog: Catalog, source: str, *, workspace: Path | None = None,
                 body: str | None = None) -> list[Imported]:
    """Read decks from a file (text, Markdown, CSV, JSON), share codes, or ``body`` (standard input).

    ``source`` is a file path or share codes (any whitespace or line breaks inside; several codes
    for several decks). With ``body`` given, ``source`` only names it in messages. Lines that
    cannot be resolved are collected in ``problems`` (with the line or row number and a
    suggestion); the deck holds everything that could be read.
    """
    from skyforge.storage import exists

    if body is None:
        path = Path(source)
        if workspace is not None and not path.is_absolute() and not exists(path) and exists(workspace / path):
            path = workspace / path
        codes = None if exists(path) else sharecode.split_codes(source)
        if codes:
            label = "the share code" if len(codes) == 1 else "the share codes"
            return [_from_code(catalog, code, label) for code in codes]
        if not exists(path):
            raise InputError(Problem("file not found", file=source,
                                     hint=f"give a deck file or share code: import reads {READABLE}"))
        from skyforge.storage import read_text

        body = read_text(path)
    else:
        path = Path(source)
    if body.count("\n") > MAX_IMPORT_LINES:
        raise InputError(Problem(f"more than {MAX_IMPORT_LINES:,} lines (the deck-import line limit)", file=path,
                                 line=MAX_IMPORT_LINES + 1, hint="a deck list is a few dozen lines: is this the right file?"))
    stripped = body.lstrip()
    if path.suffix.lower() in (".html", ".htm") or re.match(r"<(!doctype\s+html|html)\b", stripped[:200], re.I):
        raise InputError(Problem(f"an HTML sheet is for printing and cannot be read back; import reads {READABLE}",
                                 file=source, hint="export the deck again with --format json (or code, text, csv)"))
    if path.suffix.lower() == ".json" or stripped.startswith("{"):
        return [_from_json(catalog, body, path)]
    codes = sharecode.split_codes(stripped)
    if codes:
        return [_from_code(catalog, code, path) for code in codes]
    if path.suffix.lower() == ".csv" or stripped.split("\n", 1)[0].count(",") >= 2:
        return [_from_csv(catalog, body, path)]
    return [_from_text(catalog, body, path)]


def _from_code(catalog: Catalog, code: str, source) -> Imported:
    """A share code, its cards resolved against the catalog like any other import (errata too)."""
    shared = sharecode.decode(code)
    problems: list[Problem] = []
    cards: dict[str, int] = {}
    for ref, count in shared.cards.items():
        _add(catalog, cards, ref, count, problems, file=source, key=f"cards.{ref}")
    return Imported(shared.model_copy(update={"cards": cards}), "code", problems)


def _from_json(catalog: Catalog, body: str, path: Path) -> Imported:
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise InputError(Problem(f"invalid JSON: {exc.msg}", file=path, line=exc.lineno)) from None
    notes = []
    if isinstance(data, dict) and isinstance(data.get("decks"), list) and data["decks"]:
        if len(data["decks"]) > 1:
            notes.append(f"the file holds {len(data['decks'])} decks; imported the first")
        data = data["decks"][0]
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise InputError(Problem("not a deck: expected an object with \"cards\": {code: count}", file=path,
                                 hint="export one with `skyforge deck export DECK --format json`"))
    problems: list[Problem] = []
    cards: dict[str, int] = {}
    for key in ("name", "castle", "player"):
        if data.get(key) is not None and not isinstance(data[key], str):
            problems.append(Problem(f"'{key}' must be text", file=path, key=key, value=data[key], has_value=True))
            data[key] = None
    for ref, count in data["cards"].items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            problems.append(Problem("the count must be a whole number of at least 1", file=path,
                                    key=f"cards.{ref}", value=count, has_value=True))
            continue
        _add(catalog, cards, ref, count, problems, file=path, key=f"cards.{ref}")
    deck = _deck(data.get("name"), data.get("castle"), data.get("player"), cards, path)
    return Imported(deck, "json", problems, notes)


def _from_csv(catalog: Catalog, body: str, path: Path) -> Imported:
    reader = csv.DictReader(io.StringIO(body))
    fields = {f.strip().casefold() for f in reader.fieldnames or []}
    if "count" not in fields or not ({"code", "name"} & fields):
        raise InputError(Problem("a deck CSV needs a 'count' column and a 'code' or 'name' column", file=path,
                                 line=1, hint="columns: " + ",".join(CSV_COLUMNS)))
    meta: dict[str, str] = {}
    cards: dict[str, int] = {}
    problems: list[Problem] = []
    decks_seen: set[str] = set()
    for number, raw in enumerate(reader, start=2):
        row = {(k or "").strip().casefold(): _csv_text((v or "").strip()) for k, v in raw.items()
               if not isinstance(v, list)}
        if not any(row.values()):
            continue
        if row.get("deck"):
            decks_seen.add(row["deck"])
            if len(decks_seen) > 1 and row["deck"] != meta.get("deck"):
                continue
        for key in ("deck", "player", "castle"):
            if row.get(key) and key not in meta:
                meta[key] = row[key]
        try:
            count = int(row.get("count") or 1) if len(row.get("count") or "") <= 9 else 0
            if count < 1:
                raise ValueError
        except ValueError:
            problems.append(Problem("count must be a whole number of at least 1", file=path, line=number,
                                    key="count", value=row.get("count"), has_value=True))
            continue
        ref = row.get("code") or row.get("name") or ""
        _add(catalog, cards, ref, count, problems, file=path, line=number,
             fallback=row.get("name") if row.get("code") else None)
    notes = [f"the file holds {len(decks_seen)} decks; imported '{meta.get('deck')}'"] if len(decks_seen) > 1 else []
    return Imported(_deck(meta.get("deck"), meta.get("castle"), meta.get("player"), cards, path), "csv", problems, notes)


_META = re.compile(r"^(name|deck|player|castle|cards|size)\s*:\s*(.*)$", re.IGNORECASE)
_COUNT = re.compile(r"^(\d{1,9})\s*(?:[x×]\s*|\s)\s*(.+)$", re.IGNORECASE)
#: "Name x2" or "CODE=2" at the end of a line; searched from the mark, so linear in the line
_TRAILING_COUNT = re.compile(r"\s*(?:[x×]|=)\s*(\d{1,9})$", re.IGNORECASE)
_HEADING = re.compile(r"^[A-Za-z][A-Za-z ]*\(\d+\)$")
#: section headings of common deck lists: "Allies", "Spells (6)", "Towers:", "Main deck"
_SECTION = re.compile(
    r"^(?:(?:alliance\s+)?(?:allies|ally|towers?|spells?|attachments?|cards?)|main(?:\s+deck)?|deck(?:\s*list)?|"
    r"decklist|alliance(?:\s+deck)?|commons?|bases?|rares?|mythics?|legendar(?:y|ies))"
    r"\s*(?:\(\d+\)|[:\-–—]?\s*\d*)\s*:?$", re.IGNORECASE)


def _from_text(catalog: Catalog, body: str, path: Path) -> Imported:
    meta: dict[str, str] = {}
    cards: dict[str, int] = {}
    problems: list[Problem] = []
    notes: list[str] = []
    fmt = "text"
    for number, raw in enumerate(body.splitlines(), start=1):
        line = raw.strip()
        if line == "---":
            if cards:
                notes.append(f"stopped at line {number}: the rest of the file is another deck or the table's pull list")
                break
            continue
        if not line or line.startswith("//") or line.startswith("!") or line.startswith("|"):
            continue
        if line.startswith("#"):
            fmt = "md"
            level = len(line) - len(line.lstrip("#"))
            if level == 1 and "name" not in meta and not cards:
                meta["name"] = _MD_ESCAPED.sub(r"\1", line.lstrip("#").strip())
            continue
        if line.startswith("_") and line.endswith("_"):
            continue
        line = re.sub(r"^[-*+]\s+", "", line)
        line = _MD_ESCAPED.sub(r"\1", re.sub(r"^\[[ xX✓]?\]\s*", "", line).replace("**", ""))
        m = _META.match(line)
        if m:
            key = {"deck": "name"}.get(m.group(1).casefold(), m.group(1).casefold())
            if key in ("name", "player", "castle"):
                meta[key] = m.group(2).strip()
            continue
        if _HEADING.match(line) or _SECTION.match(line):
            continue
        m = _COUNT.match(line)
        count, rest = (int(m.group(1)), m.group(2)) if m else (None, line)
        if count is None:
            t = _TRAILING_COUNT.search(line)
            if t and t.start() > 0:
                count, rest = int(t.group(1)), line[:t.start()]
        rest = re.split(r"(?<!\s)\s+[—–]\s+|(?<!\s)\s{2,}\(", rest)[0].strip()  # linear: runs start once
        if count is None and "name" not in meta and not cards and _find(catalog, rest) is None:
            meta["name"] = rest
            continue
        _add(catalog, cards, _leading_code(rest), count or 1, problems, file=path, line=number,
             fallback=rest)
    castle = meta.get("castle")
    if castle:
        castle = _leading_code(re.sub(r"\s*\([^)]*\)$", "", castle))
    return Imported(_deck(meta.get("name"), castle, meta.get("player"), cards, path), fmt, problems, notes)


def _leading_code(text: str) -> str:
    first = text.split(" ", 1)[0]
    return normalize_code(first) or text


def _find(catalog: Catalog, ref: str):
    try:
        return catalog.find(ref) if ref else None
    except InputError:  # an ambiguous name: reported as unresolved, with the codes in the hint
        return None


def _add(catalog: Catalog, cards: dict[str, int], ref: str, count: int, problems: list[Problem], *,
         file, line=None, key=None, fallback: str | None = None) -> None:
    from skyforge.decks.files import MAX_COPIES

    if not 1 <= count <= MAX_COPIES:
        problems.append(Problem(f"the count must be from 1 to {MAX_COPIES} (the copy-count limit)", file=file,
                                line=line, key=key, value=count, has_value=True))
        return
    card = _find(catalog, ref)
    if card is None and fallback and fallback != ref:
        card = _find(catalog, re.sub(r"^\S+\s+", "", fallback)) if normalize_code(fallback.split(" ")[0]) \
            else _find(catalog, fallback)
    if card is None or card.kind != "alliance":  # type: ignore[attr-defined]
        what = f"{card.kind} card" if card is not None else "card"  # type: ignore[attr-defined]
        problems.append(Problem(f"cannot resolve '{fallback or ref}'" +
                                (f": it is {a(what)}, not an alliance card" if card is not None else ""),
                                file=file, line=line, key=key,
                                hint=catalog.suggest(ref or fallback or "", "alliance") if card is None else None))
        return
    if cards.get(card.key, 0) + count > MAX_COPIES:
        problems.append(Problem(f"more than {MAX_COPIES} copies of {card.key} in all (the copy-count limit)",
                                file=file, line=line, key=key, value=cards[card.key] + count, has_value=True))
        return
    cards[card.key] = cards.get(card.key, 0) + count


def _deck(name, castle, player, cards: dict[str, int], path: Path) -> DeckFile:
    if not castle:
        castle = "?"
    return DeckFile(name=name or path.stem, castle=castle, player=player or None, cards=cards)


def default_name(deck: DeckFile) -> str:
    """A safe, stable file name for an imported deck: its name as a slug that keeps letters of any
    alphabet ("Zoë's Héros" → "zoë-s-héros"), in NFC form like every name."""
    import unicodedata

    name = unicodedata.normalize("NFC", deck.name).casefold()
    return re.sub(r"[\W_]+", "-", name).strip("-")[:60].strip("-") or "imported-deck"
