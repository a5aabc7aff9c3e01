"""The deck assistant: complete, build and plan decks under every deck-building rule at once.

The requests players make — complete decks they started (:func:`complete_decks`), build one deck
per castle (:func:`build_decks`), plan which castles a group can build at once
(:func:`plan_castles`) — over one solve of the constraint model
(:mod:`skyforge.workbench.assistant_model`). An impossible request comes back as the smallest set
of rules that cannot all hold, in the player's words (:mod:`skyforge.workbench.assistant_words`).
Every proposed deck is checked by ``validate_decks`` with the other decks and the collection
before it is returned.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import Field, SerializerFunctionWrapHandler, computed_field, field_serializer, model_serializer

from skyforge.catalog.index import Catalog, card_label
from skyforge.catalog.models import CastleCard
from skyforge.decks.files import Deck
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.decks.specs import CardSpec
from skyforge.decks.writing import save_new_deck
from skyforge.empty import empty_list
from skyforge.errors import InputError, Problem, ProposalError, SkyforgeError, option
from skyforge.results import Result
from skyforge.rules import copy_limit, required_cards, validate_decks
from skyforge.rules.deckbuilding import most_copies
from skyforge.workbench.assistant_model import (
    DEFAULT_CURVE,
    DEFAULT_TYPES,
    EFFORT,
    PLAN_EFFORT,
    CardPool,
    Preferences,
    ProposedDeck,
    Seat,
    SeatModel,
    cp_model,
    curve_buckets,
    deck_counts,
    deck_size,
)
from skyforge.workbench.assistant_words import Conflict, explain
from skyforge.workbench.editing import add_cards, edit_deck
from skyforge.workbench.workspace import deck_path

__all__ = [
    "ALLIANCE_PLAYERS",
    "DEFAULT_CURVE",
    "DEFAULT_TYPES",
    "Conflict",
    "Outcome",
    "PlanRow",
    "Preferences",
    "ProposedDeck",
    "Seat",
    "build_decks",
    "castle_of",
    "complete_deck",
    "complete_decks",
    "cp_model",
    "curve_buckets",
    "plan_castles",
    "plan_size",
    "save_built",
    "solve",
    "write_completion",
]


OutcomeT = TypeVar("OutcomeT", bound="Outcome")


class RoomKept(Result):
    """Another player's deck, short of its size, for which room is kept: its cards and its need."""

    name: str
    file: str | None
    #: the cards it holds, and the fewest its castle allows
    size: int
    needs: int


class Outcome(Result):
    """What the assistant found: decks that are legal together (:meth:`found`), or the rules that
    conflict (:meth:`impossible`). The dump gives the decks, how good they are and the room kept,
    or the conflicts: only what applies."""

    decks: list[ProposedDeck] = Field(default_factory=empty_list)
    optimal: bool = False
    #: how far the decks are from the player's targets (0: on target)
    penalty: int = 0
    room_kept_for: list[RoomKept] = Field(default_factory=empty_list)
    conflicts: list[Conflict] = Field(default_factory=empty_list)
    demo: bool = Field(default=False, serialization_alias="demo_data")
    #: the other players' decks still short of their size, each completed in one way that fits
    #: beside ``decks`` (proof that room is left for them; not a proposal)
    reserved: list[ProposedDeck] = Field(default_factory=empty_list, exclude=True)

    @classmethod
    def found(
        cls,
        decks: list[ProposedDeck],
        optimal: bool,
        penalty: int,
        demo: bool = False,
        reserved: Sequence[ProposedDeck] = (),
    ) -> Outcome:
        room = [
            RoomKept.of(name=d.seat.name, file=d.seat.file, size=d.seat.held, needs=deck_size(d.seat.castle).min)
            for d in reserved
        ]
        # every field given: pydantic's model_construct inspects a default_factory's signature
        # each time it calls one (~0.2 ms), and deck plan makes a hundred outcomes
        return cls.of(
            decks=decks,
            optimal=optimal,
            penalty=penalty,
            demo=demo,
            reserved=list(reserved),
            room_kept_for=room,
            conflicts=[],
        )

    @classmethod
    def impossible(cls, conflicts: list[Conflict]) -> Outcome:
        return cls.of(conflicts=conflicts, decks=[], room_kept_for=[], reserved=[])

    @computed_field  # type: ignore[prop-decorator]
    @property
    def possible(self) -> bool:
        return not self.conflicts

    def told(self, kind: type[OutcomeT], **more: Any) -> OutcomeT:
        """This outcome as ``kind``, a result that says more (the files written, …)."""
        return kind.of(**{name: getattr(self, name) for name in Outcome.model_fields}, **more)

    # the return is not annotated: pydantic then keeps the fields' own JSON Schema
    @model_serializer(mode="wrap")
    def _what_applies(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data = handler(self)
        drop = ("decks", "optimal", "penalty", "room_kept_for") if self.conflicts else ("conflicts",)
        for key in (*drop, *(() if self.demo else ("demo_data", "demo"))):
            data.pop(key, None)
        return data


# ---------------------------------------------------------------------------------------------
# the requests


def castle_of(catalog: Catalog, ref: str, file: str | None = None) -> CastleCard:
    """The castle ``ref`` names, with the deck-building rules and size the assistant needs."""
    castle = catalog.find(ref, "castle")
    if castle is None:
        raise InputError(
            Problem(
                f"no castle '{ref}' in the catalog",
                file=file,
                key="castle" if file else None,
                hint=catalog.suggest(ref, "castle") or "see `skyforge castles`",
            )
        )
    missing = [
        what for what, value in (("deck_rules", castle.deck_rules), ("deck_size", castle.deck_size)) if value is None
    ]
    if missing:
        raise InputError(
            Problem(
                f"castle '{castle.name}' has no {' or '.join(missing)} in the catalog, so no deck can be made for it",
                file=file,
                hint=f"fill them in for it in {catalog.source_file(castle.key)}",
            )
        )
    return castle


def solve(
    catalog: Catalog,
    seats: Sequence[Seat],
    others: Sequence[Deck] = (),
    collection: CollectionFile | None = None,
    prefs: Preferences | None = None,
    *,
    effort: float = EFFORT,
    check: bool = True,
    pool: CardPool | None = None,
) -> Outcome:
    """The best decks for ``seats``, legal together with ``others`` and the collection; or the
    smallest set of rules that cannot all hold. Each proposal is checked by ``validate_decks``."""
    prefs = prefs or Preferences()
    clash = _same_castle(seats, others, catalog)
    if clash:
        return Outcome.impossible(clash)
    model = SeatModel(catalog, seats, others, collection, prefs, pool)
    objective = model.objective()
    # the search runs with every rule fixed on, which presolve can simplify (under assumptions it
    # cannot); the rules are assumptions only when a core is wanted, in the same model made again
    for lit, _ in model.rules:
        model.model.add(lit == 1)
    model.model.minimize(objective)
    solver = model.solver(effort)
    status = solver.solve(model.model)
    if status == model.cp.INFEASIBLE:
        model = SeatModel(catalog, seats, others, collection, prefs, model.pool)
        model.objective()  # its variables and constraints, as in the search, but not minimized
        model.model.add_assumptions([lit for lit, _ in model.rules])
        solver = model.solver(effort)
        status = solver.solve(model.model)
    lits = [lit for lit, _ in model.rules]
    m = model.model
    if status in (model.cp.OPTIMAL, model.cp.FEASIBLE):
        proposed = model.proposal(solver)
        decks = [d for d in proposed if not d.seat.reserved]
        reserved = [d for d in proposed if d.seat.reserved]
        demo = _check(catalog, decks, others, collection, model.pool, reserved) if check else False
        return Outcome.found(decks, status == model.cp.OPTIMAL, round(solver.objective_value), demo, reserved)
    m.clear_objective()
    if status != model.cp.INFEASIBLE:
        raise SkyforgeError(
            "the solver found no decks in its time budget, and could not prove that none exist",
            hint=f"ask for fewer decks at once, or fewer {option('must')} cards",
        )
    core = [lit for lit in lits if lit.index in set(solver.sufficient_assumptions_for_infeasibility())]
    core = model.minimal_core(core, effort)
    return Outcome.impossible(explain(model, core))


def _same_castle(seats: Sequence[Seat], others: Sequence[Deck], catalog: Catalog) -> list[Conflict]:
    """Decks played together follow different castles (the rule ``same-castle``)."""
    seen: dict[str, str] = {}
    for deck in others:
        castle = catalog.find(deck.data.castle, "castle") if deck.data.castle else None
        if castle is not None:
            seen.setdefault(castle.key, deck.label)
    for seat in seats:
        if seat.castle.key in seen:
            return [
                Conflict.of(
                    rule="same-castle",
                    message=f"{seen[seat.castle.key]} and {seat.label} both follow castle {card_label(seat.castle, quoted=True)}: "
                    "with two players, the second player's deck follows another castle",
                )
            ]
        seen[seat.castle.key] = seat.label
    return []


def _check(
    catalog: Catalog,
    decks: list[ProposedDeck],
    others: Sequence[Deck],
    collection: CollectionFile | None,
    pool: CardPool,
    reserved: Sequence[ProposedDeck] = (),
) -> bool:
    """Every proposal through ``validate_decks`` with the other decks (those short of their
    size completed as the solver left room for them) and the collection: a violation that names
    a proposed deck is a bug, reported, never shown as a legal deck."""
    made = [as_deck(d) for d in decks]
    report = validate_decks(catalog, [*made, *(as_deck(d) for d in reserved), *others], collection, owned=pool.owned)
    mine = {d.file for d in made}
    wrong = [v for v in report.violations if v.deck in mine or mine & set(v.decks)]
    if wrong:
        raise ProposalError(
            "the deck assistant proposed decks that validation refuses (a bug in skyforge; "
            "please report it): " + "; ".join(f"{v.rule}: {v.message}" for v in wrong)
        )
    return report.demo


def as_deck(proposed: ProposedDeck) -> Deck:
    """A proposed deck as a deck, for validation and writing."""
    seat = proposed.seat
    data = DeckFile(name=seat.name, castle=seat.castle.key, player=seat.player, cards=dict(proposed.cards))
    return Deck(None if seat.file is None else Path(seat.file), data, {})


def complete_deck(
    catalog: Catalog,
    deck: Deck,
    others: Sequence[Deck] = (),
    collection: CollectionFile | None = None,
    prefs: Preferences | None = None,
) -> Outcome:
    """Add cards to ``deck`` until it is legal with ``others`` and the collection, keeping every
    card the player chose."""
    return complete_decks(catalog, [deck], others, collection, prefs)


def complete_decks(
    catalog: Catalog,
    decks: Sequence[Deck],
    others: Sequence[Deck] = (),
    collection: CollectionFile | None = None,
    prefs: Preferences | None = None,
) -> Outcome:
    """Add cards to each of ``decks`` in one solve until they are legal together with ``others``
    and the collection, keeping every card the players chose.

    An other deck still short of its castle's size is not starved: the cards it still needs are
    chosen in the same solve (:attr:`Seat.reserved`, returned as :attr:`Outcome.reserved`, never
    as a proposal), so what ``decks`` take always leaves it a way to reach its size.

    A game has one or two alliance decks (:data:`ALLIANCE_PLAYERS`): three or more decks in all
    are not one game's, and are refused rather than held to copy limits across them.
    """
    _one_game(len(decks) + len(others))
    seats = [
        Seat(castle_of(catalog, d.data.castle, d.file), d.name, dict(deck_counts(catalog, d)), d.data.player, d.file)
        for d in decks
    ]
    fixed = []
    for other in others:
        seat = _short_seat(catalog, other)
        if seat is None:
            fixed.append(other)
        else:
            seats.append(seat)
    return solve(catalog, seats, fixed, collection, prefs)


def _short_seat(catalog: Catalog, deck: Deck) -> Seat | None:
    """``deck`` as a reserved seat when it is short of its castle's size (else ``None``: it is
    played as it is)."""
    try:
        castle = catalog.find(deck.data.castle, "castle") if deck.data.castle else None
    except InputError:
        return None  # a castle validation reports; the deck is played as it is
    if not isinstance(castle, CastleCard) or castle.deck_size is None or castle.deck_rules is None:
        return None
    kept = deck_counts(catalog, deck)
    if sum(kept.values()) >= castle.deck_size.min:
        return None
    return Seat(castle, deck.name, dict(kept), deck.data.player, deck.file, reserved=True)


def build_decks(
    catalog: Catalog,
    castles: Sequence[str],
    collection: CollectionFile | None,
    prefs: Preferences | None = None,
    players: Sequence[str | None] = (),
) -> Outcome:
    """One deck per castle from one collection, legal together by construction: the decks of
    one game, so one or two castles (:data:`ALLIANCE_PLAYERS`)."""
    _one_game(len(castles))
    seats = []
    for n, ref in enumerate(castles):
        castle = castle_of(catalog, ref)
        player = players[n] if n < len(players) else None
        seats.append(Seat(castle, castle.name, {}, player))
    return solve(catalog, seats, (), collection, prefs)


class DeckCompletion(Outcome):
    """``deck complete``: the outcome, and the deck files written (none without writing)."""

    written: list[str] = Field(default_factory=empty_list)


class DeckBuild(DeckCompletion):
    """``deck build``: the outcome, where the collection came from (None: any card), the files written."""

    collection: str | None = None


class PlanRow(Result):
    """One combination of castles: whether the group can build them at once, and how well."""

    #: the castles (their codes in the dump)
    castles: list[CastleCard]
    heroes: list[str]
    outcome: Outcome = Field(exclude=True)
    #: copies the collection holds for these castles beyond what their decks need
    room: int

    @field_serializer("castles")
    def _codes(self, castles: list[CastleCard]) -> list[str]:
        return [c.key for c in castles]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def names(self) -> list[str]:
        return [c.name for c in self.castles]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def possible(self) -> bool:
        return self.outcome.possible

    @computed_field  # type: ignore[prop-decorator]
    @property
    def penalty(self) -> int | None:
        """How far the decks are from the targets; None when they cannot be built."""
        return self.outcome.penalty if self.outcome.possible else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def lacks(self) -> list[str]:
        """Why the castles cannot be built, or where their decks fall short of the curve."""
        if not self.outcome.possible:
            return [c.message for c in self.outcome.conflicts]
        out = []
        for deck in self.outcome.decks:
            short = [f"cost {b} {n}/{t}" for b, (n, t) in deck.curve.items() if n < t]
            if short:
                out.append(f"{deck.seat.castle.name} short on " + ", ".join(short))
        return out


class CastlePlan(Result):
    """``deck plan``: the combinations of castles a group can build at once, best first."""

    players: int
    #: where the collection came from (None: any card)
    collection: str | None
    #: the combinations shown
    combinations: list[PlanRow]
    #: how many there are in all
    total: int
    notes: list[str]


def plannable_castles(catalog: Catalog) -> tuple[list[CastleCard], list[str]]:
    """The castles decks can be made for, and a note for each one that lacks data."""
    ready, notes = [], []
    for castle in catalog.castles():
        if castle.deck_rules is None or castle.deck_size is None:
            notes.append(f"castle {castle.name}: no deck-building rules or deck size in the catalog, left out")
        else:
            ready.append(castle)
    return ready, notes


#: how many alliance decks one game holds: "1-2 Solo or Co-op" (rulebook 000; 001 likewise)
ALLIANCE_PLAYERS = (1, 2)


def _one_game(count: int) -> None:
    """Refuse a request for more decks than one game holds ("1-2 Solo or Co-op", 000): the copy
    limits and the same-castle rule bind one game's decks, so three decks have no rule across them."""
    if count > max(ALLIANCE_PLAYERS):
        raise InputError(
            Problem(
                f"{count} decks are not one game's: a game has one or two alliance decks (Solo or Co-op), "
                "and the assistant chooses the cards of one game's decks together",
                hint="give the one or two decks of one game; the decks of another game on their own",
            )
        )


def plan_castles(
    catalog: Catalog,
    collection: CollectionFile | None,
    players: int = 2,
    prefs: Preferences | None = None,
    step: Callable[[int, int], None] | None = None,
    top: int = 0,
) -> tuple[list[PlanRow], list[str]]:
    """Every combination of ``players`` castles the collection can build at once, best first:
    the possible ones by room (spare copies: how many other good decks it allows), then by how
    close their decks come to the targets; the impossible ones with what they lack. Without a
    collection, every card the catalog holds, up to the copy limits.

    With ``top``, the best ``top`` combinations only: the first ``top`` of them all, for less work.
    Room needs no solve, so the combinations are solved by room, the most first and all those of
    one room together, until ``top`` of them can be built: any other has less room than these, so
    it comes after them, possible or not. :func:`plan_size` says how many there are in all.
    """
    if players not in ALLIANCE_PLAYERS:
        raise InputError(
            Problem(
                "a game has one or two alliance players (Solo or Co-op), so a plan is for one or two decks",
                key="players",
                value=players,
                has_value=True,
            )
        )
    prefs = prefs or Preferences()
    castles, notes = plannable_castles(catalog)
    combos = list(itertools.combinations(castles, players))
    pool = CardPool(catalog, collection)
    rooms = [_room(pool, combo) for combo in combos]
    alone: dict[str, Outcome] = {}
    rows: list[PlanRow] = []
    possible = 0
    total = len(castles) + len(combos)

    def solved(castle: CastleCard) -> Outcome:
        if castle.key not in alone:
            if step:
                step(len(alone) + len(rows), total)
            seat = Seat(castle, castle.name)
            alone[castle.key] = solve(catalog, [seat], (), collection, prefs, effort=PLAN_EFFORT, pool=pool)
        return alone[castle.key]

    for n in sorted(range(len(combos)), key=lambda n: (-rooms[n], [c.key for c in combos[n]])):
        if top and possible >= top and rooms[n] < rows[-1].room:
            break  # the rooms so far are whole, and enough of them can be built
        combo = combos[n]
        outcomes = [solved(c) for c in combo]
        if step:
            step(len(alone) + len(rows), total)
        failed = [o for o in outcomes if not o.possible]
        if failed:
            outcome = Outcome.impossible([c for f in failed for c in f.conflicts])
        elif players == 1:
            outcome = outcomes[0]
        else:
            outcome = _side_by_side(catalog, outcomes, collection, pool, prefs) or solve(
                catalog, [Seat(c, c.name) for c in combo], (), collection, prefs, effort=PLAN_EFFORT, pool=pool
            )
        heroes = [required.name for c in combo for required in required_cards(catalog, c)]
        rows.append(PlanRow.of(castles=list(combo), heroes=heroes, outcome=outcome, room=rooms[n]))
        possible += outcome.possible
    if step:
        step(total, total)
    rows.sort(key=lambda r: (not r.outcome.possible, -r.room, r.outcome.penalty, [c.key for c in r.castles]))
    return (rows[:top] if top else rows), notes


def plan_size(catalog: Catalog, players: int) -> int:
    """How many combinations of ``players`` castles :func:`plan_castles` weighs."""
    return math.comb(len(plannable_castles(catalog)[0]), players)


def _side_by_side(
    catalog: Catalog,
    outcomes: Sequence[Outcome],
    collection: CollectionFile | None,
    pool: CardPool,
    prefs: Preferences,
) -> Outcome | None:
    """The decks found for each castle alone, played together, when they fit the copy limits and
    the collection side by side; else ``None`` (the castles must be solved together).

    No solve is needed then: the castles' decks share only those two limits (and the player's
    --must, which is asked of the table, so this shortcut is not taken with it), and each deck's
    share of the objective does not depend on the others (``_tie`` follows the castle), so two
    best decks side by side are the best pair.
    """
    if prefs.must:
        return None
    held: Counter[str] = Counter()
    for outcome in outcomes:
        for deck in outcome.decks:
            held.update(deck.cards)
    for key, n in held.items():
        card = pool.alliance.get(key)
        limit = copy_limit(card) if card is not None else None
        if card is None or (limit is not None and n > limit) or (pool.owned is not None and n > pool.owned.get(key, 0)):
            return None
    decks = [deck for outcome in outcomes for deck in outcome.decks]
    demo = _check(catalog, decks, (), collection, pool)  # validation has the last word, as for every proposal
    return Outcome.found(decks, all(o.optimal for o in outcomes), sum(o.penalty for o in outcomes), demo)


def _room(pool: CardPool, castles: Sequence[CastleCard]) -> int:
    """Copies these castles admit that the collection (if any) and the copy limits allow, beyond
    the decks' sizes."""
    takers = Counter(key for castle in castles for key in pool.allowed(castle))
    most, owned, limits, room = most_copies(), pool.owned, pool.limits, 0
    for key, n in takers.items():
        have = owned.get(key, 0) if owned is not None else most * n
        room += min(have, limits[key], most * n)
    return room - sum(deck_size(c).min for c in castles)


def write_completion(catalog: Catalog, workspace: Path, ref: str, proposed: ProposedDeck) -> Path:
    """Add the proposed cards to the deck file ``ref``, keeping its comments and layout."""
    specs = [CardSpec(a.key, a.count) for a in proposed.added]
    return edit_deck(catalog, workspace, ref, lambda deck: add_cards(catalog, deck, specs))


def save_built(catalog: Catalog, workspace: Path, decks: Sequence[ProposedDeck]) -> list[Path]:
    """Write each built deck as a new file in decks/, named after its castle; never overwriting
    (a taken name gets -2, -3, …)."""
    paths = []
    for proposed in decks:
        seat = proposed.seat
        stem = re.sub(r"[^a-z0-9]+", "-", seat.castle.name.casefold()).strip("-") or "deck"
        path = deck_path(workspace, stem)
        n = 2
        while path.exists() or path in paths:
            path = deck_path(workspace, f"{stem}-{n}")
            n += 1
        data = DeckFile(name=seat.name, castle=seat.castle.key, player=seat.player, cards=proposed.cards)
        paths.append(save_new_deck(path, data, catalog))
    return paths
