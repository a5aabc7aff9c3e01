"""Pieces shared by the Onward and Skybound: Arena drafts: heroes, formats chosen from the data, a new draft."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyforge import terms
from skyforge.catalog.models import DraftFormat
from skyforge.draft.engine import Draft
from skyforge.draft.matching import can_complete
from skyforge.draft.restrictions import Hero, Restriction
from skyforge.draft.state import DraftSession
from skyforge.errors import InputError, NotFoundError, Problem

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog


def heroes_of(catalog: Catalog, kind: str, attrs: tuple[str, ...]) -> list[Hero]:
    """Catalog heroes of ``kind`` as engine heroes, in catalog order."""
    out = []
    for card in catalog.of_kind(kind):
        out.append(
            Hero(
                key=card.key,
                name=card.name,
                code=card.code,
                attrs={a: getattr(card, a, None) for a in attrs},
                provenance=catalog.provenance(card),
                file=catalog.source_file(card.key),
                inferred={a: why for a, why in card.inferred.items() if a in attrs},
            )
        )
    return out


def methods(catalog: Catalog, game: str) -> list[str]:
    """The drafting methods the catalog's formats hold for ``game``, in catalog order."""
    return list(dict.fromkeys(f.method for f in catalog.draft_formats.values() if f.game == game))


def find_format(
    catalog: Catalog,
    game: str,
    method: str,
    *,
    map_: str | None = None,
    players: int | None = None,
    team_size: int | None = None,
) -> DraftFormat:
    """The catalog's draft format for ``game`` and ``method`` on ``map_`` with ``players`` players
    (and ``team_size`` heroes a team, when one is asked for).

    A format names the maps and player counts it is for (none named: any); when several fit, the
    one that names them wins (e.g. three heroes a team on Onward's two-lane map with two players).
    """
    candidates = [
        f
        for f in catalog.draft_formats.values()
        if f.game == game
        and f.method == method
        and (not f.maps or map_ in f.maps)
        and (not f.players or players in f.players)
        and (team_size is None or f.team_size == team_size)
    ]
    if not candidates:
        known = sorted({f"{f.method} ({f.team_size} heroes)" for f in catalog.draft_formats.values() if f.game == game})
        where = (
            (f" of {team_size} heroes a team" if team_size else "")
            + (f" on the {map_} map" if map_ else "")
            + (f" with {players} players" if players else "")
        )
        raise NotFoundError(
            Problem(
                f"no {game} draft format for method '{method}'{where}",
                hint=("formats in the catalog: " + ", ".join(known))
                if known
                else "add a [[draft_formats]] table to the catalog",
            )
        )
    return max(candidates, key=lambda f: (bool(f.maps), bool(f.players)))


def build(
    game: str,
    fmt: DraftFormat,
    heroes: dict[str, Hero],
    left_out: dict[str, str],
    rules: tuple[Restriction, ...],
    seed: int,
    players: dict[str, list[str]],
    options: dict,
    team_names: dict[str, str] | None = None,
) -> DraftSession:
    """A new draft; refused before the first pick when the catalog's heroes cannot fill the teams."""
    draft = Draft(
        format=fmt, heroes=heroes, restrictions=rules, seed=seed, left_out=left_out, team_names=dict(team_names or {})
    )
    needed = dict.fromkeys(fmt.teams, fmt.team_size)
    bans = sum(s.count for s in fmt.steps if s.action == "ban")
    ok = len(heroes) >= sum(needed.values()) + bans and can_complete(
        needed, list(heroes), draft._eligible, lambda k: draft._group(heroes[k]), {t: set() for t in fmt.teams}
    )
    if not ok:
        rules_text = "; ".join(r.describe(draft.name) for r in rules) or "no restrictions"
        raise InputError(
            Problem(
                f"the catalog has too few heroes for this draft ({len(heroes)} usable, {rules_text}, "
                f"{fmt.team_size} heroes a team{f', {bans} bans' if bans else ''})",
                hint=(f"{len(left_out)} heroes are left out because a field is missing; " if left_out else "")
                + "add heroes to the catalog or drop a restriction",
            )
        )
    return DraftSession(game=game, draft=draft, players=players, options=options)


def saved_format(catalog: Catalog, game: str, data: dict) -> DraftFormat:
    """The format a saved draft names, which must be one of ``game``'s in the catalog."""
    fmt = catalog.draft_formats.get(data["format"])
    if fmt is None or fmt.game != game:
        raise InputError(
            Problem(
                f"draft format '{data['format']}' is not " + ("in the catalog" if fmt is None else f"a {game} format"),
                key="format",
            )
        )
    return fmt


def demo_heroes_note(demo: list[str], total: int) -> str | None:
    """The human footer for demo heroes: all fictional, or which ones are when teams mix them."""
    if not demo:
        return None
    return terms.demo_note("heroes", some=demo if len(demo) < total else ())


READING = "skyforge's reading of the rulebook where it is ambiguous; see docs/drafting.md"
