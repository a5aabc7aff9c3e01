"""Helpers shared by the Onward and Skybound: Arena drafts."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from skyforge.draft.restrictions import Hero
from skyforge.errors import InputError, NotFoundError, Problem

if TYPE_CHECKING:  # the runtime catalog holds plain records, not the pydantic models
    from skyforge.catalog.models import DraftFormat


def new_seed() -> int:
    return secrets.randbelow(2**31)


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
    if len(demo) >= total:
        return "demo data: fictional heroes, not the published game's"
    return (f"demo data: {', '.join(demo)} {'is a' if len(demo) == 1 else 'are'} fictional DEMO "
            f"hero{'' if len(demo) == 1 else 'es'}; the other heroes are the published game's")


READING = "skyforge's reading of the rulebook where it is ambiguous; see docs/drafting.md"
