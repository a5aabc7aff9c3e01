"""Looking up the setup rules kept as catalog data: which book, which mode, which rating; the
hordes taken whole; the stages a portal card holds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from skyforge.errors import InputError, NotFoundError, Problem, option
from skyforge.text import did_you_mean

if TYPE_CHECKING:
    from skyforge.catalog import Catalog
    from skyforge.catalog.models import CardBase, GameModeRule, Horde, OutsiderCard, PortalCard

MODES: tuple[str, ...] = ("solo", "coop", "competitive-2", "competitive-3")

#: why a setup follows the book the players named
CHOSEN_BOOK = f"chosen with {option('rulebook')}"


def rulebooks(catalog: Catalog) -> list[str]:
    return sorted({r.rulebook for r in catalog.game_modes})


def mode_rule(
    catalog: Catalog, mode: str, rulebook: str | None = None, castle: CardBase | None = None
) -> tuple[GameModeRule, str]:
    """The rules for ``mode`` and a sentence saying which book was followed and why.

    Default: the book of the castle's set, if it covers the mode; otherwise the
    latest book (highest ``release``) that covers it.
    """
    if mode not in MODES:
        raise InputError(
            Problem(
                f"unknown game mode '{mode}'",
                key=option("mode"),
                value=mode,
                has_value=True,
                hint=did_you_mean(mode, MODES, listing="modes"),
            )
        )
    rows = [r for r in catalog.game_modes if r.mode == mode]
    if rulebook is not None:
        books = rulebooks(catalog)
        if rulebook not in books:
            raise InputError(
                Problem(
                    f"no setup rules from rulebook '{rulebook}' in the catalog",
                    key=option("rulebook"),
                    value=rulebook,
                    has_value=True,
                    hint=f"rulebooks: {', '.join(books)}",
                )
            )
        chosen = [r for r in rows if r.rulebook == rulebook]
        if not chosen:
            covered = ", ".join(sorted(r.mode for r in catalog.game_modes if r.rulebook == rulebook))
            others = ", ".join(sorted(r.rulebook for r in rows))
            raise InputError(
                Problem(
                    f"rulebook {rulebook} has no {mode} mode (it covers: {covered})",
                    key=option("mode"),
                    value=mode,
                    has_value=True,
                    hint=f"use {option('rulebook')} {others}" if others else None,
                )
            )
        return chosen[0], f"rulebook {rulebook} ({CHOSEN_BOOK})"
    if not rows:
        raise InputError(
            Problem(
                f"the catalog has no setup rules for the {mode} mode",
                hint=f"the official layer has them: load your files with {option('catalog')}, on top of it",
            )
        )
    castle_set = castle.set_code if castle is not None else None
    if castle_set:
        own = [r for r in rows if castle_set in r.sets]
        if own:
            return own[0], f"rulebook {own[0].rulebook}, the book of the castle's set {castle_set}"
    latest = max(rows, key=lambda r: r.release)
    newest = max(catalog.game_modes, key=lambda r: r.release)
    why = "the latest book" if newest.rulebook == latest.rulebook else f"the latest book with a {mode} mode"
    if castle_set and any(castle_set in r.sets for r in catalog.game_modes):
        why = f"the latest book with a {mode} mode (the book of set {castle_set} has none)"
    return latest, f"rulebook {latest.rulebook}, {why}"


def horde_rating(horde: Horde, rulebook: str | None) -> tuple[str | None, str | None]:
    """The horde's difficulty under ``rulebook`` and a note where the books disagree."""
    ratings = dict(horde.difficulty_by_rulebook)
    note = None
    if len(set(ratings.values())) > 1:
        note = f"{horde.name}: the books disagree — " + ", ".join(
            f"{r.capitalize()} in {book}" for book, r in sorted(ratings.items())
        )
    if rulebook is not None and rulebook in ratings:
        return ratings[rulebook], note
    return horde.difficulty, note


def outsider_cards(catalog: Catalog, name: str) -> list[OutsiderCard]:
    """All cards of the outsider called ``name`` (immortal stages and colossal parts share it)."""
    wanted = name.strip().casefold()
    cards = [c for c in catalog.of_kind("outsider") if c.name.casefold() == wanted]
    if not cards:
        card = catalog.find(name, "outsider") if "." in name else None
        if card is not None:
            return outsider_cards(catalog, card.name)
        names = sorted({c.name for c in catalog.of_kind("outsider")})
        raise NotFoundError(
            Problem(
                f"no outsider '{name}' in the catalog",
                key=option("outsider"),
                value=name,
                has_value=True,
                hint=did_you_mean(name, names, cutoff=0.5, short=True),
            )
        )
    return sorted(cards, key=lambda c: ((c.stage or 0), c.code or ""))


def outsider_names(catalog: Catalog, *, henchmen: bool = False) -> list[str]:
    return sorted(
        {c.name for c in catalog.of_kind("outsider") if henchmen or getattr(c, "outsider_type", None) != "henchman"}
    )


def physical_count(cards: Sequence[CardBase]) -> int:
    return sum(c.copies for c in cards)


def whole_hordes(catalog: Catalog, hordes: Iterable[Horde]) -> list[Horde]:
    """The hordes whose set has no difficulty table (the original set, without the Challenge
    expansion): their horde deck takes all their cards, and the portals set the level (001 "set the
    difficulty level by choosing the right portals from the original Skytear Horde set")."""
    return [h for h in hordes if h.set is None or not any(r.set == h.set for r in catalog.difficulty_levels)]


#: "Portals also have a stage ranging from 1 to 4." (000 Setup step 4)
LAST_STAGE = 4


def next_stage(portal: PortalCard) -> int:
    """The first stage a pile needs below ``portal``: a two-sided portal carries its next stage on
    its back (000/001 DESTRUCTION: "the next stage might be on the back of the destroyed portal")."""
    return max(portal.stage, portal.back_stage or 0) + 1


def stages_of(portal: PortalCard) -> list[int]:
    """The stages a portal card holds: its face, and its back when the back is a stage."""
    return list(range(portal.stage, next_stage(portal)))
