"""The battle plan: which alliance deck has beaten which horde, and what to play next.

State lives in ``<workspace>/plan.toml``: the plan followed and an append-only list of
results. Rules (order of decks and hordes, the 4-win and 6-win thresholds) are catalog
data (``[[battle_plans]]``, 001 "The Battle Plan").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_serializer

from skyforge.catalog import Catalog
from skyforge.catalog.models import BattlePlan
from skyforge.empty import empty_dict, empty_list
from skyforge.errors import InputError, NotFoundError, Problem, StateError, option
from skyforge.results import Result
from skyforge.setup.rules import outsider_cards, outsider_names
from skyforge.storage import Store, dump_toml, parse_model
from skyforge.terms import new_seed
from skyforge.text import did_you_mean

if TYPE_CHECKING:
    from collections.abc import Iterable

PLAN_FILE = "plan.toml"
DEFAULT_PLAN = "001"


#: the most games one plan file records, and the most decks or hordes it lists (sanity bounds)
MAX_RESULTS = 10_000
MAX_LISTED = 1_000


class PlanResult(Result):
    """A game of the battle plan: the deck, the horde and who won (`plan record` says it)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    deck: str = Field(description="Alliance deck: a pre-made deck id or your own deck's name.")
    horde: str = Field(description="Horde id.")
    won: bool = Field(description="true if the alliance won.")
    outsider: str | None = Field(default=None, description="Outsider played, by name.")
    date: str | None = Field(default=None, description="When the game was played (YYYY-MM-DD).")


class PlanFile(BaseModel):
    """``plan.toml``: the battle plan followed and the games played."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1)
    plan: str = Field(default=DEFAULT_PLAN, description="Id of the [[battle_plans]] followed.")
    decks: list[str] = Field(
        default_factory=empty_list, max_length=MAX_LISTED, description="Your decks in order; empty = the plan's order."
    )
    hordes: list[str] = Field(
        default_factory=empty_list,
        max_length=MAX_LISTED,
        description="The hordes you own, in order; empty = the plan's.",
    )
    results: list[PlanResult] = Field(
        default_factory=empty_list, max_length=MAX_RESULTS, description="Games played, oldest first."
    )


def plan_path(workspace: Path) -> Path:
    return Path(workspace) / PLAN_FILE


def load_plan(path: Path) -> PlanFile:
    """The plan file, or a fresh default plan when it does not exist yet."""
    return PLANS.load(path)


def _render(plan: PlanFile, before: str | None = None) -> str:
    data = plan.model_dump(by_alias=True, exclude_none=True)
    if not data["decks"]:
        del data["decks"]
    if not data["hordes"]:
        del data["hordes"]
    header = "# skyforge battle plan: which alliance deck has beaten which horde (skyforge plan).\n"
    return header + dump_toml(data)


#: the plan file, kept by the one store helper; a plan not written yet is the default plan
PLANS: Store[PlanFile] = Store(
    "plan", lambda text, path: parse_model(text, path, PlanFile, "plan")[0], _render, missing=lambda path: PlanFile()
)


def battle_plan(catalog: Catalog, plan_id: str) -> BattlePlan:
    if plan_id in catalog.battle_plans:
        return catalog.battle_plans[plan_id]
    raise NotFoundError(
        Problem(
            f"no battle plan '{plan_id}' in the catalog",
            key="plan",
            value=plan_id,
            has_value=True,
            hint=f"plans: {', '.join(sorted(catalog.battle_plans))}",
        )
    )


def deck_id(catalog: Catalog, ref: str) -> str:
    """A pre-made deck id for ``ref`` (id or name), or ``ref`` itself for your own deck."""
    key = ref.strip()
    if key in catalog.premade_decks:
        return key
    for deck in catalog.premade_decks.values():
        if deck.name.casefold() == key.casefold():
            return deck.id
    return key


def deck_name(catalog: Catalog, ref: str) -> str:
    deck = catalog.premade_decks.get(ref)
    return deck.name if deck else ref


def configure(
    path: Path,
    catalog: Catalog,
    *,
    plan_id: str | None = None,
    decks: list[str] | None = None,
    hordes: list[str] | None = None,
) -> PlanFile:
    """Choose the plan, your decks and your hordes (read-modify-write under the lock)."""

    def change(plan: PlanFile) -> PlanFile:
        if plan_id is not None:
            battle_plan(catalog, plan_id)
            plan.plan = plan_id
        if decks is not None:
            plan.decks = [deck_id(catalog, d) for d in decks]
        if hordes is not None:
            plan.hordes = [catalog.horde(h).id for h in hordes]
        return plan

    return PLANS.update(path, change)


def record_result(
    path: Path,
    catalog: Catalog,
    deck: str,
    horde: str,
    won: bool,
    outsider: str | None = None,
    when: str | None = None,
    *,
    new: bool = False,
    known_decks: list[str] | tuple[str, ...] = (),
    again: bool = False,
) -> PlanResult:
    """Append one game's result to the plan file (atomic, under the lock).

    A deck the plan does not know yet (not a pre-made deck, not in the plan, not one of
    ``known_decks``), or a horde outside the hordes you listed, is refused unless ``new``: a typo
    must not start a new row. The refusal suggests the nearest known name. The same deck, horde
    and result as the last game recorded is refused as :class:`RepeatedResult` unless ``again``:
    a game entered twice would count twice.
    """
    result = PlanResult(
        deck=deck_id(catalog, deck),
        horde=catalog.horde(horde).id,
        won=won,
        outsider=outsider_cards(catalog, outsider)[0].name if outsider else None,
        date=when or date.today().isoformat(),
    )

    def change(plan: PlanFile) -> PlanFile:
        rules = battle_plan(catalog, plan.plan)
        if not new:
            _refuse_unknown(catalog, plan, rules, result, deck, horde, known_decks)
        elif plan.hordes and result.horde not in plan.hordes:
            plan.hordes.append(result.horde)
        last = plan.results[-1] if plan.results else None
        if (
            not again
            and last is not None
            and (last.deck, last.horde, last.won) == (result.deck, result.horde, result.won)
        ):
            raise RepeatedResult(last, f"{result_text(catalog, last)} is the last game recorded already")
        plan.results.append(result)
        return plan

    PLANS.update(path, change)
    return result


class RepeatedResult(StateError):
    """The game recorded is the same as the last one (deck, horde, result): entered twice, or played twice?"""

    def __init__(self, last: PlanResult, message: str):
        super().__init__(message)
        self.last = last


def result_text(catalog: Catalog, result: PlanResult) -> str:
    """ "Blue Wall beat Undead (2025-03-01, outsider The Death Dealer)": a recorded game in words."""
    horde = catalog.hordes[result.horde].name if result.horde in catalog.hordes else result.horde
    when = ", ".join(filter(None, [result.date, f"outsider {result.outsider}" if result.outsider else None]))
    return f"{deck_name(catalog, result.deck)} {'beat' if result.won else 'lost to'} {horde}" + (
        f" ({when})" if when else ""
    )


class PlanUndone(Result):
    """``plan undo``: the game taken back, and how many games are recorded now."""

    undone: PlanResult
    games: int


def undo_result(path: Path) -> PlanUndone:
    """Remove the last game recorded (atomic, under the lock); returns it and how many games are left."""
    removed: list[PlanResult] = []

    def change(plan: PlanFile) -> PlanFile:
        if not plan.results:
            raise StateError("nothing to undo: no game is recorded in the battle plan")
        removed.append(plan.results.pop())
        return plan

    plan = PLANS.update(path, change)
    return PlanUndone.of(undone=removed[0], games=len(plan.results))


def _refuse_unknown(
    catalog: Catalog,
    plan: PlanFile,
    rules: BattlePlan,
    result: PlanResult,
    deck: str,
    horde: str,
    known_decks: Iterable[str],
) -> None:
    problems = []
    decks = list(
        dict.fromkeys(
            [*catalog.premade_decks, *plan.decks, *rules.decks, *(r.deck for r in plan.results), *known_decks]
        )
    )
    if result.deck not in decks:
        problems.append(
            Problem(
                f"no deck '{deck}' in the battle plan yet",
                hint=did_you_mean(result.deck, decks, fold=True, then=f"add {option('new')} to start a new deck row"),
            )
        )
    if plan.hordes and result.horde not in plan.hordes:
        problems.append(
            Problem(
                f"horde '{horde}' is not among your hordes ({', '.join(plan.hordes)})",
                hint=f"add {option('new')} to add it to your hordes",
            )
        )
    if problems:
        raise InputError(problems)


class DeckProgress(Result):
    """One deck's games of the plan: its wins and losses, against each horde and in all."""

    deck: str
    name: str
    wins: int = 0
    losses: int = 0
    victorious: bool = False
    #: has played every match-up of the plan
    fought_all: bool = False
    #: horde → (wins, losses)
    by_horde: dict[str, tuple[int, int]] = Field(default_factory=empty_dict, serialization_alias="hordes")

    @field_serializer("by_horde")
    def _by_horde(self, by_horde: dict[str, tuple[int, int]]) -> dict[str, dict[str, int]]:
        return {h: {"wins": wins, "losses": losses} for h, (wins, losses) in by_horde.items()}


class NextMatch(Result):
    """The match-up the plan suggests next: a deck against a horde, with an outsider."""

    deck: str
    horde: str
    outsider: str | None = None
    outsider_reason: str | None = None


class PlanStatus(Result):
    """The decks × hordes table and what to play next; its dump is ``plan next --json``."""

    plan: BattlePlan
    games: int
    hordes: tuple[str, ...]
    horde_names: dict[str, str] = Field(exclude=True)
    decks: tuple[DeckProgress, ...]
    next: NextMatch | None = None
    seed: int | None = None
    notes: tuple[str, ...] = ()

    @field_serializer("plan")
    def _plan_id(self, plan: BattlePlan) -> str:
        return plan.id

    @computed_field  # type: ignore[prop-decorator]
    @property
    def plan_name(self) -> str:
        return self.plan.name

    @computed_field  # type: ignore[prop-decorator]
    @property
    def source(self) -> str | None:
        return self.plan.source


class PlanTable(PlanStatus):
    """``plan show``: the decks × hordes table, without a next match-up."""

    next: NextMatch | None = Field(default=None, exclude=True)
    seed: int | None = Field(default=None, exclude=True)


def plan_table(catalog: Catalog, plan: PlanFile) -> PlanTable:
    """The decks × hordes table of ``plan`` (:func:`plan_status`)."""
    return PlanTable.of(**dict(plan_status(catalog, plan, seed=0)))


def plan_status(
    catalog: Catalog, plan: PlanFile, seed: int | None = None, owned: Mapping[str, int] | None = None
) -> PlanStatus:
    """The decks × hordes table and the suggested next match-up, in the plan's order; ``owned``
    (card key → copies, the collection) is what a random outsider is drawn from."""
    rules = battle_plan(catalog, plan.plan)
    deck_order = list(plan.decks or rules.decks)
    horde_order = list(plan.hordes or rules.hordes)
    for r in plan.results:
        if r.deck not in deck_order:
            deck_order.append(r.deck)
        if r.horde not in horde_order:
            horde_order.append(r.horde)
    # each deck fights every horde once, in the plan's order (001: "go on to fight against all the
    # hordes in your collection in the order listed"); 000's plan then fights again, with the second
    # suggested outsider, the hordes that have one
    schedule = [(h, 0) for h in horde_order]
    if rules.second_outsider_pass:
        schedule += [(h, 1) for h in horde_order if h in catalog.hordes and len(catalog.hordes[h].outsiders) > 1]
    left = {d: _unplayed(schedule, [r.horde for r in plan.results if r.deck == d]) for d in deck_order}
    progress = {d: _progress(catalog, rules, plan, d, horde_order, not left[d]) for d in deck_order}
    notes: list[str] = []
    status = PlanStatus.of(
        plan=rules,
        games=len(plan.results),
        hordes=tuple(horde_order),
        horde_names={h: (catalog.hordes[h].name if h in catalog.hordes else h) for h in horde_order},
        decks=tuple(progress.values()),
        notes=notes,
    )
    current = _next_deck(rules, plan, progress, notes)
    if current is None:
        return status.model_copy(update={"notes": tuple(notes)})
    horde_id, outsider_index = left[current.deck][0]
    if rules.random_outsider_after is not None and current.wins >= rules.random_outsider_after:
        seed = new_seed() if seed is None else seed
        pool, from_collection = _collection_outsiders(catalog, horde_order, owned)
        outsider: str | None = random.Random(seed).choice(pool)
        reason: str | None = (
            f"{current.wins} wins with this deck ({rules.random_outsider_after}+): "
            f"a random outsider {'from your collection' if from_collection else 'of the catalog'} (seed {seed})"
        )
        if not from_collection:
            notes.append(
                "001 says a random outsider 'from your collection': "
                + ("it holds none, so" if owned is not None else "no collection.toml, so")
                + " it is drawn from the catalog's"
            )
    else:
        seed, outsider, reason = None, None, None
        horde = catalog.hordes.get(horde_id)
        if horde and len(horde.outsiders) > outsider_index:
            outsider = horde.outsiders[outsider_index]
            reason = (
                f"the suggested pairing for {horde.name}"
                if outsider_index == 0
                else f"the second suggested outsider for {horde.name}: a harder game"
            )
    match = NextMatch.of(deck=current.deck, horde=horde_id, outsider=outsider, outsider_reason=reason)
    return status.model_copy(update={"next": match, "seed": seed, "notes": tuple(notes)})


def _progress(
    catalog: Catalog, rules: BattlePlan, plan: PlanFile, deck: str, hordes: list[str], fought_all: bool
) -> DeckProgress:
    by_horde = dict.fromkeys(hordes, (0, 0))
    for r in plan.results:
        if r.deck == deck:
            wins, losses = by_horde[r.horde]
            by_horde[r.horde] = (wins + 1, losses) if r.won else (wins, losses + 1)
    wins = sum(w for w, _ in by_horde.values())
    return DeckProgress.of(
        deck=deck,
        name=deck_name(catalog, deck),
        wins=wins,
        losses=sum(n for _, n in by_horde.values()),
        victorious=rules.victorious_after is not None and wins >= rules.victorious_after,
        fought_all=fought_all,
        by_horde=by_horde,
    )


def _next_deck(
    rules: BattlePlan, plan: PlanFile, progress: dict[str, DeckProgress], notes: list[str]
) -> DeckProgress | None:
    """The deck to play: the one last played until it is victorious or has fought every horde,
    then the first deck of the plan that is neither (None: the plan is complete)."""
    last = plan.results[-1].deck if plan.results else None
    current = progress[last] if last else None  # every result's deck has its progress
    if current is not None and current.victorious:
        notes.append(
            f"{current.name} is victorious ({current.wins} wins, {rules.victorious_after} "
            "needed): time to defend another realm with another deck"
        )
    elif current is not None and current.fought_all:
        notes.append(
            f"{current.name} has fought every horde of the plan ({current.wins} wins"
            + (f"; {rules.victorious_after} make a deck victorious)" if rules.victorious_after else ")")
            + ": on to the next deck"
        )
    if current is None or current.victorious or current.fought_all:
        current = next((d for d in progress.values() if not d.victorious and not d.fought_all), None)
    if current is None:
        notes.append("every deck of the plan is victorious or has fought every horde: the battle plan is complete")
    return current


def _unplayed(schedule: list[tuple[str, int]], played: list[str]) -> list[tuple[str, int]]:
    """The match-ups of ``schedule`` a deck has still to play, given the hordes it has fought
    (won or lost: each game takes the first open slot of its horde)."""
    left = list(schedule)
    for horde in played:
        slot = next((x for x in left if x[0] == horde), None)
        if slot is not None:
            left.remove(slot)
    return left


def _collection_outsiders(
    catalog: Catalog, hordes: list[str], owned: Mapping[str, int] | None
) -> tuple[list[str], bool]:
    """Outsiders to draw from — "use a random outsider from your collection" (001) — and whether
    they are the collection's; without one, those of the same provenance as the plan's pairings."""
    if owned is not None:
        mine = sorted(
            {c.name for c in catalog.of_kind("outsider") if owned.get(c.key, 0) > 0} & set(outsider_names(catalog))
        )
        if mine:
            return mine, True
    return _catalog_outsiders(catalog, hordes), False


def _catalog_outsiders(catalog: Catalog, hordes: list[str]) -> list[str]:
    """Outsiders of the same provenance (official, demo, user) as the plan's pairings."""
    paired = {name for h in hordes if h in catalog.hordes for name in catalog.hordes[h].outsiders}
    kinds = {catalog.provenance(c) for c in catalog.of_kind("outsider") if c.name in paired}
    names = outsider_names(catalog)
    if not kinds:
        return names
    return [
        n for n in names if any(catalog.provenance(c) in kinds for c in catalog.of_kind("outsider") if c.name == n)
    ] or names
