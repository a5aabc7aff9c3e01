"""``text``: a deck list grouped by type (``3 DEMO.007 Gullwing Lookout``), and reading deck lists back.

The reader takes the lists players write and other tools print: ``2x Name``, ``2 Name``,
``Name x2``, ``CODE``, under headings such as ``Allies`` or ``Spells (6)``, with ``Name:``,
``Player:`` and ``Castle:`` lines; Markdown lists (:mod:`.format_md`) read the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

from skyforge.catalog.index import Catalog
from skyforge.text import visible_controls
from skyforge.workbench.formats.base import DEMO_NOTE, Export, card_line, castle_line
from skyforge.workbench.formats.reading import Imported, add_card, find, leading_code, new_deck


def write(data: Export) -> str:
    out: list[str] = []
    for i, s in enumerate(data.decks):
        if i:
            out += ["", "---", ""]
        out.append(s.name)
        if s.player:
            out.append(f"Player: {s.player}")
        out.append(f"Castle: {castle_line(s)}")
        out.append(f"Cards: {s.size} ({'valid' if s.valid else 'not valid'})")
        for group in s.groups:
            out += ["", f"{group.type.capitalize()} ({group.count})"]
            out += [card_line(c.code, c.name, c.count) for c in group.cards]
        if s.demo_data:
            out += ["", f"// {DEMO_NOTE}"]
    if data.table:
        out += [
            "",
            "---",
            "",
            "Pull list for the table: " + ", ".join(data.table.players),
            f"Cards: {data.table.size} ({data.table.verdict})",
        ]
        for row in data.table.pull_list:
            split = ", ".join(f"{who} {n}" for who, n in row.by_deck.items())
            out.append(f"[ ] {card_line(row.code, row.name, row.count)}  ({split})")
        out += [f"! {v.message}" for v in data.table.violations]
    return visible_controls("\n".join(out)) + "\n"  # a list printed to a terminal runs no commands


#: Markdown's escapes, taken off again when reading
MD_ESCAPED = re.compile(r"\\([\\`*_\[\]<>#|~&])")
_META = re.compile(r"^(name|deck|player|castle|cards|size)\s*:\s*(.*)$", re.IGNORECASE)
_COUNT = re.compile(r"^(\d{1,9})\s*(?:[x×]\s*|\s)\s*(.+)$", re.IGNORECASE)
#: "Name x2" or "CODE=2" at the end of a line; searched from the mark, so linear in the line
_TRAILING_COUNT = re.compile(r"\s*(?:[x×]|=)\s*(\d{1,9})$", re.IGNORECASE)
_HEADING = re.compile(r"^[A-Za-z][A-Za-z ]*\(\d+\)$")
#: section headings of common deck lists: "Allies", "Spells (6)", "Towers:", "Main deck"
_SECTION = re.compile(
    r"^(?:(?:alliance\s+)?(?:allies|ally|towers?|spells?|attachments?|cards?)|main(?:\s+deck)?|deck(?:\s*list)?|"
    r"decklist|alliance(?:\s+deck)?|commons?|bases?|rares?|mythics?|legendar(?:y|ies))"
    r"\s*(?:\(\d+\)|[:\-–—]?\s*\d*)\s*:?$",
    re.IGNORECASE,
)


def read(catalog: Catalog, body: str, path: Path) -> Imported:
    meta: dict[str, str] = {}
    cards: dict[str, int] = {}
    problems: list = []
    notes: list[str] = []
    fmt = "text"
    for number, raw in enumerate(body.splitlines(), start=1):
        line = raw.strip()
        if line == "---":
            if cards:
                notes.append(f"stopped at line {number}: the rest of the file is another deck or the table's pull list")
                break
            continue
        if not line or line.startswith(("//", "!", "|")):
            continue
        if line.startswith("#"):
            fmt = "md"
            level = len(line) - len(line.lstrip("#"))
            if level == 1 and "name" not in meta and not cards:
                meta["name"] = MD_ESCAPED.sub(r"\1", line.lstrip("#").strip())
            continue
        if line.startswith("_") and line.endswith("_"):
            continue
        line = re.sub(r"^[-*+]\s+", "", line)
        line = MD_ESCAPED.sub(r"\1", re.sub(r"^\[[ xX✓]?\]\s*", "", line).replace("**", ""))
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
                count, rest = int(t.group(1)), line[: t.start()]
        rest = re.split(r"(?<!\s)\s+[—–]\s+|(?<!\s)\s{2,}\(", rest)[0].strip()  # linear: runs start once
        if count is None and "name" not in meta and not cards and find(catalog, rest) is None:
            meta["name"] = rest
            continue
        add_card(catalog, cards, leading_code(rest), count or 1, problems, file=path, line=number, fallback=rest)
    castle = meta.get("castle")
    if castle:
        castle = leading_code(re.sub(r"\s*\([^)]*\)$", "", castle))
    return Imported(new_deck(meta.get("name"), castle, meta.get("player"), cards, path), fmt, problems, notes)
