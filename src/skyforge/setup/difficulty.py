"""Total difficulty: baseline level + horde modifiers + outsider modifiers (001 "Total Difficulty Level")."""

from __future__ import annotations

from pydantic import Field, computed_field

from skyforge.catalog import Catalog
from skyforge.catalog.models import Horde
from skyforge.errors import InputError, Problem, option
from skyforge.results import Result
from skyforge.setup.rules import horde_rating, outsider_cards, physical_count, whole_hordes
from skyforge.text import plural


class Term(Result):
    """One addend of the total, with where it comes from; ``value`` None = not known."""

    label: str
    value: float | None
    source: str | None = None
    note: str | None = None

    @classmethod
    def make(cls, label: str, value: float | None, source: str | None = None, note: str | None = None) -> Term:
        return cls.of(label=label, value=value, source=source, note=note)


class DifficultyReport(Result):
    """The total difficulty term by term; its dump is ``game difficulty --json``."""

    level: int
    rulebook: str | None
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = ()
    #: of the hordes' and outsider's cards: official/demo/user
    provenances: frozenset[str] = Field(default=frozenset(), exclude=True)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> float | None:
        """The total, or None when a term is not known (the tool does not guess)."""
        return None if self.unknown else self.known_total

    @computed_field  # type: ignore[prop-decorator]
    @property
    def known_total(self) -> float:
        return sum(t.value for t in self.terms if t.value is not None)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def unknown(self) -> list[str]:
        return [t.label for t in self.terms if t.value is None]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def demo(self) -> bool:
        return "demo" in self.provenances


def check_level(level: int) -> None:
    if not 1 <= level <= 5:
        raise InputError(
            Problem(
                "the difficulty level goes from 1 to 5",
                key=option("difficulty"),
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
    check_level(level)
    terms: list[Term] = []
    notes: list[str] = []
    provenances: set[str] = set()
    baseline = "000/001 Setup step 6 (difficulty table): the baseline level"
    terms.append(
        Term.make(f"difficulty level {level}", None, baseline, level_unset)
        if level_unset
        else Term.make(f"difficulty level {level}", float(level), baseline)
    )
    original = [h.name for h in whole_hordes(catalog, hordes)]
    if original and not level_unset:
        notes.append(
            f"{', '.join(original)}: no difficulty table for the horde's set, so all its cards; the level is set by "
            "choosing the portals that stand for it (001 The Original Set)"
        )
    mods = catalog.difficulty_modifiers
    if not mods:
        notes.append("the catalog has no [[difficulty_modifiers]]: only the baseline is known")
    by_rating = {m.horde_difficulty: m for m in mods if m.horde_difficulty}
    if len(hordes) > 1:
        notes.append(
            "001 builds the horde deck from one horde; with several hordes (000) each horde's modifier is added"
        )
    for horde in hordes:
        provenances.update(
            catalog.provenance(c) for c in catalog.of_kind("horde") if getattr(c, "horde", None) == horde.id
        )
        rating, disagreement = horde_rating(horde, rulebook)
        label = f"horde {horde.name}"
        if disagreement:
            notes.append(
                disagreement
                + (
                    f"; following {rulebook}"
                    if rulebook
                    else f"; following the catalog entry (use {option('rulebook')} to choose a book)"
                )
            )
        if rating is None:
            terms.append(Term.make(label, None, horde.source, f"{horde.name}'s difficulty is not in the catalog"))
        elif rating in by_rating:
            m = by_rating[rating]
            terms.append(Term.make(f"{label} ({rating})", m.modifier, m.source))
        else:
            others = {b: r for b, r in horde.difficulty_by_rulebook.items() if r in by_rating}
            alt = "; ".join(f"{b} rates it {r.capitalize()}: {by_rating[r].modifier:+g}" for b, r in others.items())
            terms.append(
                Term.make(
                    f"{label} ({rating})",
                    None,
                    horde.difficulty_source or horde.source,
                    f"no modifier is stated for {rating} hordes" + (f" ({alt})" if alt else ""),
                )
            )
    if outsider:
        cards = outsider_cards(catalog, outsider)
        provenances.update(catalog.provenance(c) for c in cards)
        name = cards[0].name
        types = {c.outsider_type for c in cards}
        otype = next(iter(types)) if len(types) == 1 else None
        by_name = [m for m in mods if name.casefold() in {n.casefold() for n in m.outsiders}]
        by_type = [m for m in mods if m.outsider_type and m.outsider_type == otype]
        label = f"outsider {name}" + (f" ({otype})" if otype else "")
        if by_name:
            terms.append(Term.make(label, by_name[0].modifier, by_name[0].source))
        elif by_type:
            m = by_type[0]
            n = physical_count(cards) if m.per_card else 1
            terms.append(Term.make(label + (f", {plural(n, 'card')}" if m.per_card else ""), m.modifier * n, m.source))
        elif otype is None:
            typed = [m for m in mods if m.outsider_type]
            terms.append(
                Term.make(
                    label,
                    None,
                    cards[0].source,
                    "its outsider type is not in the catalog"
                    + (f" ({typed[0].source})" if typed else "")
                    + f"; fill in outsider_type in {catalog.source_file(cards[0].key)}",
                )
            )
        else:
            terms.append(Term.make(label, 0.0, "001 Total Difficulty Level (no line for it: +0)"))
    return DifficultyReport.of(
        level=level, rulebook=rulebook, terms=tuple(terms), notes=tuple(notes), provenances=frozenset(provenances)
    )
