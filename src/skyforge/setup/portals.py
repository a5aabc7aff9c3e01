"""The table as the usual setup lays it out (000/001 "Setup"): the portal pile and the minion
tokens, drawn for a stand-alone game (:mod:`.standalone`) and below a campaign game's own stage 1
portal (:func:`usual_steps`).

Its own module, without the stand-alone game's request and result models, so that a campaign
command imports no more of the setup than it uses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from skyforge.catalog.index import sort_key
from skyforge.setup.rules import LAST_STAGE, mode_rule, next_stage, whole_hordes

if TYPE_CHECKING:
    from skyforge.catalog import Catalog
    from skyforge.catalog.models import CardBase, CastleCard, FirstGame, GameModeRule, Horde, PortalCard
    from skyforge.setup.hordedeck import HordeLine

#: the minion tokens, in the rulebooks' words
TOKEN_WORD = {1: "1 health token", 2: "2 health tokens"}
#: "Place the four minion cards above the space reserved for monsters" (000/001 Setup step 5)
MINION_CARDS = 4


@dataclass
class Table:
    """A setup as its steps lay it out, before it is handed over as a
    :class:`~skyforge.setup.standalone.GameSetup`."""

    mode: str
    rule: GameModeRule
    castle: CastleCard
    hordes: list[Horde]
    level: int
    portals: list[PortalCard] = field(default_factory=list)
    minions: dict[str, int] = field(default_factory=dict)
    minion_rule: str = ""
    horde_deck: list[HordeLine] = field(default_factory=list)
    outsider: list[CardBase] = field(default_factory=list)
    outsider_type: str | None = None
    outsider_enters: str | None = None
    decks: list[str] = field(default_factory=list)
    random_picks: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    provenances: set[str] = field(default_factory=set)
    inferred: dict[str, str] = field(default_factory=dict)
    level_by_portals: bool = False


@dataclass
class UsualSteps:
    """What a campaign game takes from the usual setup (000 Setup) beside its own scenario,
    stage 1 portal and outsider: the portals below stage 1 and the minion tokens of the mode."""

    rulebook: str
    portals: list[PortalCard]
    minion_rule: str
    minions: dict[str, int]
    missing: list[str]
    notes: list[str]


def usual_steps(
    catalog: Catalog,
    mode: str,
    castle: CastleCard,
    hordes: list[Horde],
    rng: random.Random,
    *,
    rulebook: str,
    level: int,
    top: PortalCard | None = None,
) -> UsualSteps:
    """The portals below the stage 1 portal ``top`` and the minion tokens, drawn as `game setup`
    draws them by the setup of ``rulebook`` (a campaign's: 000, whatever the castle's set)."""
    rule, _ = mode_rule(catalog, mode, rulebook)
    setup = Table(mode, rule, castle, hordes, level)
    portal_pile(catalog, setup, rng, False, None, top)
    minion_tokens(catalog, setup, rng)
    below = [p for p in setup.portals if p.stage != 1]
    missing = [m for m in setup.missing if "stage 1 portal" not in m]
    return UsualSteps(rule.rulebook, below, setup.minion_rule, setup.minions, missing, setup.notes)


def level_portals(catalog: Catalog, mode: str, level: int) -> tuple[list[PortalCard], bool]:
    """The portals of ``mode`` that stand for difficulty ``level`` (001 The Original Set), and
    whether any portal of the catalog carries a level at all."""
    leveled = [c for c in catalog.of_kind("portal") if c.level is not None]
    return sorted((c for c in leveled if c.level == level and mode in c.modes), key=sort_key), bool(leveled)


def portal_pile(
    catalog: Catalog,
    setup: Table,
    rng: random.Random,
    thematic: bool,
    preset: FirstGame | None,
    top: PortalCard | None = None,
) -> None:
    """The portal pile, top first: each stage from 1 to 4 once (000 "Form a face-up pile of 4 portal
    cards ordered by stage"), a stage on a portal's back not dealt again (DESTRUCTION), the face-up
    stages those of the mode's rule (001: I and III, each with the next stage on its back).

    Each stage's portal is drawn among those that still let the pile reach stage 4, and among them
    those that make the pile the rule describes (000: one card a stage); ``top`` is a stage 1 portal
    already chosen (a campaign game's), and the pile goes on below it. With a horde of the original
    set (no difficulty table), the portals that stand for the level, whatever their set."""
    # the portals of the castle's and the hordes' sets (code-less official entries when they have none)
    sets = {setup.castle.set_code} | {h.set for h in setup.hordes}
    portals = sorted(
        (c for c in catalog.of_kind("portal") if setup.mode in c.modes and c.set_code in sets),
        key=sort_key,
    )
    fronts = set(setup.rule.portal_stages)
    whole = whole_hordes(catalog, setup.hordes)
    if whole:
        by_level, any_level = level_portals(catalog, setup.mode, setup.level)
        names = ", ".join(h.name for h in whole)
        if by_level:
            portals, fronts = by_level, set(range(1, LAST_STAGE + 1))
            setup.level_by_portals = True
            setup.notes.append(
                f"{names}: the original set sets the difficulty by its portals (001 The Original Set): the pile "
                f"takes the portals marked level = {setup.level}, each stage once (skyforge's reading: the "
                "book does not say how those portals are piled)"
            )
        else:
            setup.missing.append(
                f"{names}: the original set sets the difficulty level by its portals (001 The Original Set), "
                + (
                    f"and no {setup.mode} portal is marked level = {setup.level}"
                    if any_level
                    else "and no portal says which level it stands for"
                )
                + f': add level = {setup.level} to the [[cards]] tables of its portals (kind = "portal") in '
                f"{catalog.user_file()}; until then the pile does not set level {setup.level}"
            )
    horde_ids = {h.id for h in setup.hordes}

    def usable(portal: PortalCard) -> bool:
        return portal.stage in fronts and (next_stage(portal) in fronts or next_stage(portal) > LAST_STAGE)

    def completes(stage: int) -> bool:
        return stage > LAST_STAGE or any(completes(next_stage(p)) for p in portals if p.stage == stage and usable(p))

    stage = 1
    if top is not None:
        stage = next_stage(top)
    while stage <= LAST_STAGE:
        pool: list[PortalCard] = [p for p in portals if p.stage == stage and usable(p)]
        why = ""
        if stage < LAST_STAGE and stage + 1 not in fronts:
            # a pile of two-sided stages (001 "Portals are 2-sided"): this card carries the next stage too
            why = f"; with stage {stage + 1} on its back"
        if stage == 1 and preset is not None and preset.portal_without_horde:
            pool = [p for p in pool if p.horde is None]
            why += "; first game: the one that names no horde"
        elif stage == 1 and thematic and any(p.horde in horde_ids for p in pool):
            pool = [p for p in pool if p.horde in horde_ids]
            why += "; thematic: related to the horde, 000 Which Portals and Scenarios?"
        if not pool:
            setup.missing.append(
                f"no stage {stage} portal for {setup.mode} in the catalog"
                f" (sets {', '.join(sorted(s or 'without code' for s in sets))}{why}): "
                f'add it to {catalog.user_file()} as a [[cards]] table with kind = "portal"'
            )
            stage = min((f for f in fronts if f > stage), default=LAST_STAGE + 1)
            continue
        pool = [p for p in pool if completes(next_stage(p))] or pool
        # the pile the rule describes (000: 4 cards, one a stage); a card whose back holds the next
        # stage too only when no such card of this stage lets the pile reach stage 4
        below = min((f for f in fronts if f > stage), default=LAST_STAGE + 1)
        pool = [p for p in pool if next_stage(p) == below] or pool
        portal = rng.choice(pool) if len(pool) > 1 else pool[0]
        if len(pool) > 1:
            setup.random_picks.append(f"stage {stage} portal {portal.name} (1 of {len(pool)}{why})")
        setup.portals.append(portal)
        setup.provenances.add(catalog.provenance(portal))
        stage = next_stage(portal)


def minion_tokens(catalog: Catalog, setup: Table, rng: random.Random) -> None:
    rule = setup.rule
    tokens = TOKEN_WORD.get(rule.minion_tokens, f"{rule.minion_tokens} health tokens")
    if rule.minions_with_tokens is None:
        setup.minion_rule = f"place {tokens} on each minion card (rulebook {rule.rulebook})"
    else:
        setup.minion_rule = (
            f"place {tokens} on {rule.minions_with_tokens} different minions"
            + (" of your choice" if rule.minions_choice else "")
            + f" (rulebook {rule.rulebook})"
        )
    groups: dict[str | None, list[CardBase]] = {}
    for card in sorted(catalog.of_kind("minion"), key=sort_key):
        groups.setdefault(card.set_code, []).append(card)
    pool = groups.get(setup.castle.set_code) or groups.get(None) or next(iter(groups.values()), [])
    if len(pool) < MINION_CARDS:
        setup.missing.append(
            f"the catalog names {len(pool)} of the {MINION_CARDS} minion cards"
            + (f" ({', '.join(c.name for c in pool)})" if pool else "")
            + f': add the others to {catalog.user_file()} as [[cards]] tables with kind = "minion" and their name'
        )
    if not pool:
        return
    if rule.minions_with_tokens is None:
        chosen = pool
    else:
        k = min(rule.minions_with_tokens, len(pool))
        chosen = sorted(rng.sample(pool, k), key=sort_key)
        if rule.minions_choice:
            setup.random_picks.append(
                "minions with tokens: "
                + ", ".join(c.name for c in chosen)
                + " (your choice: any other minions will do)"
            )
    setup.minions = {c.name: rule.minion_tokens for c in chosen}
    setup.minions.update({c.name: 0 for c in pool if c.name not in setup.minions})
