"""``md``: the deck list as a Markdown page (headings per type, cost/rarity/faction per card).

Every character Markdown gives a meaning to is escaped, so names show literally. Markdown is
read back by the deck-list reader of :mod:`.format_text` (headings, list marks and escapes
taken off).
"""

from __future__ import annotations

import re

from skyforge.workbench.formats.base import DEMO_NOTE, Export, card_line, castle_line, details
from skyforge.workbench.formats.format_text import read

__all__ = ["md", "read", "write"]

#: characters Markdown gives a meaning to (emphasis, links, raw HTML, tables, headings…)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~&])")


def md(text: object) -> str:
    """Text as Markdown shows it literally: every special character escaped, raw HTML too."""
    return _MD_SPECIAL.sub(r"\\\1", "" if text is None else str(text))


def write(data: Export) -> str:
    out: list[str] = []
    for i, s in enumerate(data.decks):
        if i:
            out += ["", "---", ""]
        out += [f"# {md(s.name)}", ""]
        if s.player:
            out.append(f"- Player: {md(s.player)}")
        out.append(f"- Castle: {md(castle_line(s))}")
        out.append(f"- Cards: {s.size} ({'valid' if s.valid else 'not valid'})")
        for group in s.groups:
            out += ["", f"## {group.type.capitalize()} ({group.count})", ""]
            for c in group.cards:
                line = md(card_line(c.code, c.name, c.count))
                out.append(f"- {line} — {md(details(c))}" if details(c) else f"- {line}")
        if s.demo_data:
            out += ["", f"_{DEMO_NOTE}_"]
    table = data.table
    if table:
        out += [
            "",
            "---",
            "",
            "# Pull list for the table",
            "",
            f"Players: {md(', '.join(table.players))} — {table.size} cards, {table.verdict}",
            "",
            "| ✓ | Code | Name | Total | " + " | ".join(md(p) for p in table.players) + " |",
            "|---|---|---|---:|" + "---:|" * len(table.players),
        ]
        for row in table.pull_list:
            per = " | ".join(str(row.by_deck.get(p, "")) for p in table.players)
            out.append(f"| ☐ | {md(row.code)} | {md(row.name)} | {row.count} | {per} |")
        out += [""] + [f"- **{v.rule}**: {md(v.message)}" for v in table.violations]
    return "\n".join(out).rstrip() + "\n"
