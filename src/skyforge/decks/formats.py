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
from typing import TYPE_CHECKING

from skyforge.catalog.codes import code_order, normalize_code
from skyforge.catalog.index import Catalog
from skyforge.catalog.codes import slug
from skyforge.decks import sharecode
from skyforge.decks.files import Deck
from skyforge.decks.stats import deck_stats
from skyforge.errors import InputError, Problem

if TYPE_CHECKING:
    from skyforge.decks.models import DeckFile

FORMATS = ("text", "md", "csv", "json", "html", "code")
CSV_COLUMNS = ("deck", "player", "castle", "count", "code", "name", "type", "cost", "rarity", "faction", "set")
DEMO_NOTE = "demo data: fictional cards from the DEMO set, not the published game's"


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
        f"{len(table['violations'])} problem(s) across the decks"


def to_markdown(data: Export) -> str:
    out: list[str] = []
    for i, s in enumerate(data.decks):
        if i:
            out += ["", "---", ""]
        out += [f"# {s['name']}", ""]
        if s["player"]:
            out.append(f"- Player: {s['player']}")
        out.append(f"- Castle: {_castle_line(s)}")
        out.append(f"- Cards: {s['size']} ({'valid' if s['valid'] else 'not valid'})")
        for group in s["groups"]:
            out += ["", f"## {group['type'].capitalize()} ({group['count']})", ""]
            out += [f"- {_card_line(c)} — {_details(c)}" if _details(c) else f"- {_card_line(c)}"
                    for c in group["cards"]]
        if s["demo_data"]:
            out += ["", f"_{DEMO_NOTE}_"]
    if data.table:
        out += ["", "---", "", "# Pull list for the table", "",
                f"Players: {', '.join(data.table['players'])} — {data.table['size']} cards, "
                f"{_table_verdict(data.table)}", "",
                "| ✓ | Code | Name | Total | " + " | ".join(data.table["players"]) + " |",
                "|---|---|---|---:|" + "---:|" * len(data.table["players"])]
        for row in data.table["pull_list"]:
            per = " | ".join(str(row["by_deck"].get(p, "")) for p in data.table["players"])
            out.append(f"| ☐ | {row['code']} | {row['name'] or ''} | {row['count']} | {per} |")
        out += [""] + [f"- **{v['rule']}**: {v['message']}" for v in data.table["violations"]]
    return "\n".join(out).rstrip() + "\n"


# -- CSV and JSON ----------------------------------------------------------------

def to_csv(data: Export) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for s in data.decks:
        for group in s["groups"]:
            for c in group["cards"]:
                writer.writerow({"deck": s["name"], "player": s["player"] or "", "castle": s["castle"],
                                 **{k: ("" if c.get(k) is None else c[k]) for k in CSV_COLUMNS[3:]}})
    return buf.getvalue()


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

@dataclass
class Imported:
    deck: DeckFile
    format: str
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def import_deck(catalog: Catalog, source: str, *, workspace: Path | None = None) -> Imported:
    """Read a deck from a file (text, Markdown, CSV, JSON) or a share code.

    Lines that cannot be resolved are collected in ``problems`` (with the line or
    row number and a suggestion); the deck holds everything that could be read.
    """
    text = source.strip()
    path = Path(source)
    if workspace is not None and not path.is_absolute() and not path.exists() and (workspace / path).exists():
        path = workspace / path
    if not path.exists() and sharecode.looks_like_code(text):
        return _from_code(catalog, text, "the share code")
    if not path.exists():
        raise InputError(Problem("file not found", file=source,
                                 hint="give a deck file (text, Markdown, CSV, JSON) or a share code (SF1.…)"))
    from skyforge.storage import read_text

    body = read_text(path)
    stripped = body.lstrip()
    if path.suffix.lower() == ".json" or stripped.startswith("{"):
        return _from_json(catalog, body, path)
    if path.suffix.lower() == ".csv" or stripped.split("\n", 1)[0].count(",") >= 2:
        return _from_csv(catalog, body, path)
    if sharecode.looks_like_code(stripped):
        return _from_code(catalog, stripped, path)
    return _from_text(catalog, body, path)


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
        row = {(k or "").strip().casefold(): (v or "").strip() for k, v in raw.items()}
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
            count = int(row.get("count") or 1)
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
_COUNT = re.compile(r"^(\d+)\s*[x×]?\s+(.+)$", re.IGNORECASE)
_HEADING = re.compile(r"^[A-Za-z][A-Za-z ]*\(\d+\)$")


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
                meta["name"] = line.lstrip("#").strip()
            continue
        if line.startswith("_") and line.endswith("_"):
            continue
        line = re.sub(r"^[-*+]\s+", "", line)
        line = re.sub(r"^\[[ xX✓]?\]\s*", "", line).replace("**", "")
        m = _META.match(line)
        if m:
            key = {"deck": "name"}.get(m.group(1).casefold(), m.group(1).casefold())
            if key in ("name", "player", "castle"):
                meta[key] = m.group(2).strip()
            continue
        if _HEADING.match(line):
            continue
        m = _COUNT.match(line)
        count, rest = (int(m.group(1)), m.group(2)) if m else (None, line)
        rest = re.split(r"\s+[—–]\s+|\s{2,}\(", rest)[0].strip()
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
    card = _find(catalog, ref)
    if card is None and fallback and fallback != ref:
        card = _find(catalog, re.sub(r"^\S+\s+", "", fallback)) if normalize_code(fallback.split(" ")[0]) \
            else _find(catalog, fallback)
    if card is None or card.kind != "alliance":  # type: ignore[attr-defined]
        what = f"{card.kind} card" if card is not None else "card"  # type: ignore[attr-defined]
        problems.append(Problem(f"cannot resolve '{fallback or ref}'" +
                                (f": it is a {what}, not an alliance card" if card is not None else ""),
                                file=file, line=line, key=key,
                                hint=catalog.suggest(ref or fallback or "", "alliance") if card is None else None))
        return
    cards[card.key] = cards.get(card.key, 0) + count


def _deck(name, castle, player, cards: dict[str, int], path: Path) -> DeckFile:
    if not castle:
        castle = "?"
    from skyforge.decks.models import DeckFile   # the model only to create a deck: exports never need it

    return DeckFile(name=name or path.stem, castle=castle, player=player or None, cards=cards)


def default_name(deck: DeckFile) -> str:
    """A safe file name for an imported deck: its name as a slug."""
    return slug(deck.name) or "imported-deck"
