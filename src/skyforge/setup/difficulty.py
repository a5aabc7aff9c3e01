"""Total difficulty: baseline level + horde modifiers + outsider modifiers (001 "Total Difficulty Level")."""

from __future__ import annotations

from dataclasses import dataclass, field

from skyforge.catalog import Catalog
from skyforge.catalog.models import Horde
from skyforge.errors import InputError, Problem
from skyforge.setup.hordedeck import whole_hordes
from skyforge.setup.rules import horde_rating, outsider_cards, physical_count
from skyforge.text import plural


@dataclass
class Term:
    """One addend of the total, with where it comes from; ``value`` None = not known."""

    label: str
    value: float | None
    source: str | None = None
    note: str | None = None

    def as_dict(self) -> dict:
        return {"label": self.label, "value": self.value, "source": self.source, "note": self.note}


@dataclass
class DifficultyReport:
    level: int
    rulebook: str | None
    terms: list[Term] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    provenances: set[str] = field(default_factory=set)  # of the hordes' and outsider's cards: official/demo/user

    @property
    def known_total(self) -> float:
        return sum(t.value for t in self.terms if t.value is not None)

    @property
    def unknown(self) -> list[str]:
        return [t.label for t in self.terms if t.value is None]

    @property
    def total(self) -> float | None:
        """The total, or None when a term is not known (the tool does not guess)."""
        return None if self.unknown else self.known_total

    def as_dict(self) -> dict:
        return {
            "level": self.level,
            "rulebook": self.rulebook,
            "total": self.total,
            "known_total": self.known_total,
            "unknown": self.unknown,
            "terms": [t.as_dict() for t in self.terms],
            "notes": self.notes,
            "demo": "demo" in self.provenances,
        }


def check_level(catalog: Catalog, level: int) -> None:
    if not 1 <= level <= 5:
        raise InputError(
            Problem(
                "the difficulty level goes from 1 to 5",
                key="--difficulty",
                value=level,
                has_value=True,
                hint="000/001 Setup step 6: Level 1 to Level 5",
            )
        )


def total_difficulty(
    catalog: Catalog,
    level: int,
    hordes: list[Horde],
    outsider: str | None,
    rulebook: str | None = None,
    *,
    level_unset: str | None = None,
) -> DifficultyReport:
    """Each term of the total difficulty with its source; unknown terms stay unknown.

    ``level_unset`` says why the baseline level is not set (a horde of the original set takes all
    its cards and the portal pile does not stand for the level): then the level is not counted."""
    check_level(catalog, level)
    report = DifficultyReport(level, rulebook)
    baseline = "000/001 Setup step 6 (difficulty table): the baseline level"
    report.terms.append(
        Term(f"difficulty level {level}", None, baseline, level_unset)
        if level_unset
        else Term(f"difficulty level {level}", float(level), baseline)
    )
    original = [h.name for h in whole_hordes(catalog, hordes)]
    if original and not level_unset:
        report.notes.append(
            f"{', '.join(original)}: no difficulty table for the horde's set, so all its cards; the level is set by "
            "choosing the portals that stand for it (001 The Original Set)"
        )
    mods = catalog.difficulty_modifiers
    if not mods:
        report.notes.append("the catalog has no [[difficulty_modifiers]]: only the baseline is known")
    by_rating = {m.horde_difficulty: m for m in mods if m.horde_difficulty}
    if len(hordes) > 1:
        report.notes.append(
            "001 builds the horde deck from one horde; with several hordes (000) each horde's modifier is added"
        )
    for horde in hordes:
        report.provenances.update(
            catalog.provenance(c) for c in catalog.of_kind("horde") if getattr(c, "horde", None) == horde.id
        )
        rating, disagreement = horde_rating(horde, rulebook)
        label = f"horde {horde.name}"
        if disagreement:
            report.notes.append(
                disagreement
                + (
                    f"; following {rulebook}"
                    if rulebook
                    else "; following the catalog entry (use --rules to choose a book)"
                )
            )
        if rating is None:
            report.terms.append(Term(label, None, horde.source, f"{horde.name}'s difficulty is not in the catalog"))
        elif rating in by_rating:
            m = by_rating[rating]
            report.terms.append(Term(f"{label} ({rating})", m.modifier, m.source))
        else:
            others = {b: r for b, r in horde.difficulty_by_rulebook.items() if r in by_rating}
            alt = "; ".join(f"{b} rates it {r.capitalize()}: {by_rating[r].modifier:+g}" for b, r in others.items())
            report.terms.append(
                Term(
                    f"{label} ({rating})",
                    None,
                    horde.difficulty_source or horde.source,
                    f"no modifier is stated for {rating} hordes" + (f" ({alt})" if alt else ""),
                )
            )
    if outsider:
        cards = outsider_cards(catalog, outsider)
        report.provenances.update(catalog.provenance(c) for c in cards)
        name = cards[0].name
        types = {c.outsider_type for c in cards}
        otype = next(iter(types)) if len(types) == 1 else None
        by_name = [m for m in mods if name.casefold() in {n.casefold() for n in m.outsiders}]
        by_type = [m for m in mods if m.outsider_type and m.outsider_type == otype]
        label = f"outsider {name}" + (f" ({otype})" if otype else "")
        if by_name:
            report.terms.append(Term(label, by_name[0].modifier, by_name[0].source))
        elif by_type:
            m = by_type[0]
            n = physical_count(cards) if m.per_card else 1
            report.terms.append(
                Term(label + (f", {plural(n, 'card')}" if m.per_card else ""), m.modifier * n, m.source)
            )
        elif otype is None:
            typed = [m for m in mods if m.outsider_type]
            report.terms.append(
                Term(
                    label,
                    None,
                    cards[0].source,
                    "its outsider type is not in the catalog"
                    + (f" ({typed[0].source})" if typed else "")
                    + f"; fill in outsider_type in {catalog.source_file(cards[0].key)}",
                )
            )
        else:
            report.terms.append(Term(label, 0.0, "001 Total Difficulty Level (no line for it: +0)"))
    return report
