"""Helpers shared by the Onward and Skybound: Arena drafts."""

from __future__ import annotations

from skyforge import terms
from skyforge.catalog.models import DraftFormat
from skyforge.draft.restrictions import Hero
from skyforge.errors import InputError, NotFoundError, Problem


def heroes_of(catalog, kind: str, attrs: tuple[str, ...]) -> list[Hero]:
    """Catalog heroes of ``kind`` as engine heroes, in catalog order."""
    out = []
    for card in catalog.of_kind(kind):
        out.append(Hero(key=card.key, name=card.name, code=card.code,
                        attrs={a: getattr(card, a, None) for a in attrs},
                        provenance=catalog.provenance(card),
                        file=catalog.source_file(card.key)))
    return out


def find_format(catalog, game: str, method: str, team_size: int | None = None) -> DraftFormat:
    candidates = [f for f in catalog.draft_formats.values() if f.game == game and f.method == method
                  and (team_size is None or f.team_size == team_size)]
    if not candidates:
        known = sorted({f"{f.method} ({f.team_size} heroes)" for f in catalog.draft_formats.values() if f.game == game})
        raise NotFoundError(Problem(
            f"no {game} draft format for method '{method}'" + (f" with {team_size} heroes a team" if team_size else ""),
            hint=("formats in the catalog: " + ", ".join(known)) if known else
            "add a [[draft_formats]] table to the catalog"))
    return candidates[0]


def split_list(text: str | None, what: str) -> list[str]:
    if not text:
        return []
    items = [p.strip() for p in text.split(",")]
    if any(not p for p in items):
        raise InputError(Problem(f"empty name in {what}", value=text, has_value=True,
                                 hint="separate names with commas, e.g. \"Ann,Bob\""))
    return items


def demo_note(demo: list[str], total: int) -> str | None:
    """The human footer for demo heroes: all fictional, or which ones are when teams mix them."""
    if not demo:
        return None
    return terms.demo_note("heroes", some=demo if len(demo) < total else ())


READING = "skyforge's reading of the rulebook where it is ambiguous; see docs/drafting.md"
