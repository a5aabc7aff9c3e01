"""Stand-alone game setup: castle, portal pile, minion tokens, horde deck, outsider (000/001 "Setup").

:func:`game_setup` is a pure function of the catalog, the choices and a seed: the same
seed gives the same setup. Everything the rules leave to chance (or to ``randomize``)
is drawn from one :class:`random.Random` in a fixed order and reported with the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from skyforge.catalog import Catalog
from skyforge.catalog.index import sort_key
from skyforge.catalog.models import CardBase, CastleCard, FirstGame, GameModeRule, Horde, PortalCard
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.setup.difficulty import DifficultyReport, check_level, total_difficulty
from skyforge.setup.hordedeck import HordeLine, build_horde_deck, whole_hordes
from skyforge.setup.rules import MODES, mode_rule, outsider_cards, outsider_names
from skyforge.terms import new_seed

TOKEN_WORD = {1: "1 health token", 2: "2 health tokens"}
#: "Place the four minion cards above the space reserved for monsters" (000/001 Setup step 5)
MINION_CARDS = 4


def ref(card: CardBase) -> str:
    """How a card is named in JSON: its code, or its name when the catalog has no code."""
    return card.code or card.name


@dataclass
class GameSetup:
    seed: int
    mode: str
    rule: GameModeRule
    rule_reason: str
    castle: CastleCard
    castle2: CastleCard | None
    hordes: list[Horde]
    level: int
    portals: list[PortalCard] = field(default_factory=list)
    minions: dict[str, int] = field(default_factory=dict)
    minion_rule: str = ""
    horde_deck: list[HordeLine] = field(default_factory=list)
    outsider: list[CardBase] = field(default_factory=list)
    outsider_type: str | None = None
    outsider_enters: str | None = None
    difficulty: DifficultyReport | None = None
    decks: list[str] = field(default_factory=list)
    random_picks: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    first_game: FirstGame | None = None
    provenances: set[str] = field(default_factory=set)
    inferred: dict[str, str] = field(default_factory=dict)  # key of as_dict() → why the books do not state it
    level_by_portals: bool = False  # the pile was chosen by the level its portals stand for (001 The Original Set)

    @property
    def rulebook(self) -> str:
        return self.rule.rulebook

    @property
    def horde_deck_codes(self) -> list[str]:
        return [ref(line.card) for line in self.horde_deck for _ in range(line.count)]

    def as_dict(self) -> dict:
        report = self.difficulty
        return {
            "seed": self.seed,
            "mode": self.mode,
            "rulebook": self.rulebook,
            "rulebook_reason": self.rule_reason,
            "first_game": self.first_game.id if self.first_game else None,
            "castle": ref(self.castle),
            "castle_name": self.castle.name,
            "castle_health": self.castle.health,
            "castle2": ref(self.castle2) if self.castle2 else None,
            "castle2_name": self.castle2.name if self.castle2 else None,
            "alliance_players": self.rule.alliance_players,
            "alliance_decks": self.decks,
            "portals": [ref(p) for p in self.portals],
            "portal_cards": [
                {"code": p.code, "name": p.name, "stage": p.stage, "back_stage": p.back_stage, "horde": p.horde}
                for p in self.portals
            ],
            "portal_stages": [p.stage for p in self.portals],
            "portal_level": self.level if self.level_by_portals else None,
            "minions": self.minions,
            "minion_rule": self.minion_rule,
            "hordes": [h.id for h in self.hordes],
            "difficulty": self.level,
            "horde_deck": self.horde_deck_codes,
            "horde_cards": [line.as_dict() for line in self.horde_deck],
            "outsider": [ref(c) for c in self.outsider],
            "outsider_name": self.outsider[0].name if self.outsider else None,
            "outsider_type": self.outsider_type,
            "outsider_enters": self.outsider_enters,
            "horde_player": self.rule.horde_player_rules if self.rule.horde_player else None,
            "reminders": self.rule.reminders,
            "total_difficulty": report.total if report else None,
            "difficulty_terms": report.as_dict() if report else None,
            "random_picks": self.random_picks,
            "missing": self.missing,
            "notes": self.notes,
            "inferred": self.inferred,
            "demo": "demo" in self.provenances,
        }


def first_game_preset(catalog: Catalog, name: str) -> FirstGame:
    for key, preset in catalog.first_games.items():
        if key.casefold() == name.strip().casefold():
            return preset
    raise NotFoundError(
        Problem(
            f"no first-game preset '{name}'",
            key="--first-game",
            value=name,
            has_value=True,
            hint=f"presets: {', '.join(sorted(catalog.first_games))}",
        )
    )


def _check_names(catalog: Catalog, castle, castle2, hordes, outsider) -> None:
    """Every castle, horde and outsider named that the catalog lacks, reported together."""
    lookups: list[Callable[[], object]] = [
        lambda: catalog.get(castle, "castle", what="castle") if castle else None,
        lambda: catalog.get(castle2, "castle", what="castle") if castle2 else None,
        *[(lambda h=h: catalog.horde(h)) for h in hordes],
        lambda: outsider_cards(catalog, outsider) if outsider else None,
    ]
    problems = []
    for lookup in lookups:
        try:
            lookup()
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)


def game_setup(
    catalog: Catalog,
    *,
    castle: str | None = None,
    castle2: str | None = None,
    hordes: list[str] | tuple[str, ...] = (),
    difficulty: int | None = None,
    mode: str | None = None,
    outsider: str | None = None,
    seed: int | None = None,
    rulebook: str | None = None,
    randomize: bool = False,
    thematic: bool = False,
    first_game: str | None = None,
    common_set: bool = False,
) -> GameSetup:
    """Set up a stand-alone game. Raises :class:`InputError` for missing or unknown choices."""
    seed = new_seed() if seed is None else seed
    rng = random.Random(seed)
    picks: list[str] = []
    notes: list[str] = []
    if first_game and randomize:
        raise InputError(
            Problem(
                "--random and --first-game contradict each other: the first game fixes "
                "the castle, hordes, difficulty and outsider",
                key="--random",
                hint="drop --random (or --first-game to draw a random game)",
            )
        )
    preset = first_game_preset(catalog, first_game) if first_game else None
    _check_names(catalog, castle, castle2, hordes, outsider)
    if preset is not None:
        castle = castle or preset.castle
        hordes = list(hordes) or list(preset.hordes)
        difficulty = difficulty if difficulty is not None else preset.difficulty
        outsider = outsider or preset.outsider
        rulebook = rulebook or preset.rulebook
        if mode is None:
            mode = preset.modes[0]
        elif mode not in preset.modes:
            notes.append(f"the first-game advice is for {' or '.join(preset.modes)}; setting up {mode} anyway")

    # 1. choices, drawn in a fixed order so that the seed alone fixes the result
    if mode is None:
        mode = rng.choice(MODES) if randomize else "solo"
        if randomize:
            picks.append(f"mode {mode}")
    castles = sorted(catalog.castles(), key=sort_key)
    if castle is None:
        if not randomize:
            raise InputError(
                Problem("choose a castle", key="--castle", hint="give --castle CODE-or-NAME, or --random to draw one")
            )
        if not castles:
            raise InputError(Problem("the catalog has no castles to draw from"))
        the_castle = rng.choice(castles)
        picks.append(f"castle {the_castle.name}")
    else:
        the_castle = catalog.get(castle, "castle", what="castle")
    rule, reason = mode_rule(catalog, mode, rulebook, the_castle)
    if preset is not None and preset.rulebook == rulebook:
        reason = reason.replace("(chosen with --rules)", f"(the book of the {preset.id} first game)")

    the_castle2: CastleCard | None = None
    if castle2 is not None:
        if rule.alliance_players < 2:
            raise InputError(
                Problem(
                    f"--castle2 contradicts --mode {mode}: {mode} has one alliance player, "
                    "so there is no second castle",
                    key="--castle2",
                    value=castle2,
                    hint="drop --castle2, or choose a mode with two alliance players (e.g. --mode coop)",
                )
            )
        the_castle2 = catalog.get(castle2, "castle", what="castle")
        if the_castle2.key == the_castle.key:
            # "If there are two players, choose another castle that will remain out of play."
            raise InputError(
                Problem(
                    f"same-castle: the second player's castle must be another castle than "
                    f"{the_castle.key} ({the_castle.name})",
                    key="--castle2",
                    value=castle2,
                    has_value=True,
                    hint="choose another castle; it stays out of play and only sets the "
                    "second player's deck restrictions",
                )
            )
    elif rule.alliance_players == 2:
        others = [c for c in castles if c.key != the_castle.key]
        if randomize and others:
            the_castle2 = rng.choice(others)
            picks.append(f"second castle {the_castle2.name}")

    if hordes:
        chosen_hordes = [catalog.horde(h) for h in hordes]
    elif randomize:
        chosen_hordes = [rng.choice(sorted(catalog.hordes.values(), key=lambda h: h.id))]
        picks.append(f"horde {chosen_hordes[0].name}")
    else:
        raise InputError(
            Problem(
                "choose one or more hordes",
                key="--hordes",
                hint="give --hordes ID[,ID…] (see skyforge cards search --kind horde), or --random",
            )
        )
    if len({h.id for h in chosen_hordes}) != len(chosen_hordes):
        raise InputError(
            Problem(
                "a horde is named twice", key="--hordes", value=",".join(h.id for h in chosen_hordes), has_value=True
            )
        )

    if difficulty is None:
        if not randomize:
            raise InputError(
                Problem(
                    "choose a difficulty level",
                    key="--difficulty",
                    hint="give --difficulty 1-5 (level 2 for a first game), or --random",
                )
            )
        difficulty = rng.randint(1, 5)
        picks.append(f"difficulty level {difficulty}")
    check_level(catalog, difficulty)

    if outsider is None:
        if randomize:
            names = outsider_names(catalog)
            outsider = rng.choice(names)
            picks.append(f"outsider {outsider}")
        else:
            suggested = next((h.outsiders[0] for h in chosen_hordes if h.outsiders), None)
            if suggested is None:
                raise InputError(
                    Problem(
                        "choose an outsider",
                        key="--outsider",
                        hint="the chosen horde has no suggested outsider: give --outsider NAME",
                    )
                )
            outsider = suggested
            notes.append(
                f"outsider {suggested}: the first one suggested for {chosen_hordes[0].name} "
                "(000 Which Horde and Outsider?)"
            )

    setup = GameSetup(
        seed=seed,
        mode=mode,
        rule=rule,
        rule_reason=reason,
        castle=the_castle,
        castle2=the_castle2,
        hordes=chosen_hordes,
        level=difficulty,
        random_picks=picks,
        notes=notes,
        first_game=preset,
    )
    setup.provenances.add(catalog.provenance(the_castle))
    if the_castle.health is None:
        setup.missing.append(
            f"castle health of {the_castle.name} is not in the catalog: "
            f"fill in health in {catalog.source_file(the_castle.key)}"
        )
    if rule.alliance_players == 2 and the_castle2 is None:
        setup.notes.append(
            "two alliance players: choose a second castle that stays out of play "
            "(--castle2); it only sets the second player's deck restrictions"
        )
    if rule.hordes_max is not None and len(chosen_hordes) > rule.hordes_max:
        setup.notes.append(
            f"rulebook {rule.rulebook} says to choose {rule.hordes_max} horde; "
            "000 allows one or more: building the deck from all of them"
        )
    if preset is not None:
        setup.decks = [catalog.premade_decks[d].name if d in catalog.premade_decks else d for d in preset.decks]
        if "decks" in preset.inferred:
            setup.inferred["alliance_decks"] = preset.inferred["decks"]
        if preset.decks_note:
            setup.notes.append(preset.decks_note)

    _portal_pile(catalog, setup, rng, thematic, preset)
    _minions(catalog, setup, rng)
    _horde_deck(catalog, setup, rng, common_set)
    _outsider(catalog, setup, outsider, rng)
    whole = whole_hordes(catalog, chosen_hordes)
    unset = None
    if whole and not setup.level_by_portals:
        unset = (
            f"{', '.join(h.name for h in whole)} takes all its cards and no portal of the pile stands for level "
            f"{difficulty} (001 The Original Set): the level is not set, so not counted"
        )
    setup.difficulty = total_difficulty(
        catalog, difficulty, chosen_hordes, setup.outsider[0].name, rule.rulebook, level_unset=unset
    )
    return setup


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
    rule, reason = mode_rule(catalog, mode, rulebook)
    setup = GameSetup(0, mode, rule, reason, castle, None, hordes, level)
    _portal_pile(catalog, setup, rng, False, None, top)
    _minions(catalog, setup, rng)
    below = [p for p in setup.portals if p.stage != 1]
    missing = [m for m in setup.missing if "stage 1 portal" not in m]
    return UsualSteps(rule.rulebook, below, setup.minion_rule, setup.minions, missing, setup.notes)


#: "Portals also have a stage ranging from 1 to 4." (000 Setup step 4)
LAST_STAGE = 4


def next_stage(portal: PortalCard) -> int:
    """The first stage a pile needs below ``portal``: a two-sided portal carries its next stage on
    its back (000/001 DESTRUCTION: "the next stage might be on the back of the destroyed portal")."""
    return max(portal.stage, portal.back_stage or 0) + 1


def stages_of(portal: PortalCard) -> list[int]:
    """The stages a portal card holds: its face, and its back when the back is a stage."""
    return list(range(portal.stage, next_stage(portal)))


def level_portals(catalog: Catalog, mode: str, level: int) -> tuple[list[PortalCard], bool]:
    """The portals of ``mode`` that stand for difficulty ``level`` (001 The Original Set), and
    whether any portal of the catalog carries a level at all."""
    leveled = [c for c in catalog.of_kind("portal") if c.level is not None]
    return sorted((c for c in leveled if c.level == level and mode in c.modes), key=sort_key), bool(leveled)


def _portal_pile(
    catalog: Catalog,
    setup: GameSetup,
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


def _minions(catalog: Catalog, setup: GameSetup, rng: random.Random) -> None:
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


def _horde_deck(catalog: Catalog, setup: GameSetup, rng: random.Random, common_set: bool) -> None:
    """The horde deck (one shared builder: :func:`skyforge.setup.hordedeck.build_horde_deck`)."""
    deck = build_horde_deck(catalog, setup.hordes, setup.level, rng, common_set=common_set)
    setup.horde_deck = deck.lines
    setup.provenances.update(catalog.provenance(line.card) for line in deck.lines)
    setup.missing.extend(deck.missing)
    setup.notes.extend(deck.notes)
    for card in deck.extra:
        setup.random_picks.append(
            f"level {setup.level} extra random {deck.extra_kind}: {card.code or ''} {card.name}".replace("  ", " ")
        )


def _outsider(catalog: Catalog, setup: GameSetup, name: str, rng: random.Random) -> None:
    cards = outsider_cards(catalog, name)
    if {getattr(c, "outsider_type", None) for c in cards} == {"henchman"}:
        cards = _two_henchmen(catalog, setup, cards, rng)
    setup.outsider = list(cards)
    setup.provenances.update(catalog.provenance(c) for c in cards)
    types = {c.outsider_type for c in cards}
    otype = next(iter(types)) if len(types) == 1 else None
    if otype == "henchman" and len(cards) == 2:
        otype = "immortal"  # two henchmen are played as the two stages of an immortal outsider
    setup.outsider_type = otype
    why = next((c.inferred["outsider_type"] for c in cards if "outsider_type" in c.inferred), None)
    if why and otype is not None:
        setup.inferred["outsider_type"] = why
    if otype is None:
        setup.missing.append(f"outsider type of {cards[0].name} is not in the catalog")
        setup.outsider_enters = (
            "It enters the outsider pile when the stage 1 portal is destroyed (000/001 Outsider Pile)."
        )
    else:
        rule = catalog.outsider_types.get(otype)
        setup.outsider_enters = rule.enters if rule else None
    if any(c.code is None for c in cards):
        setup.missing.append(f"card codes of {cards[0].name} are not in the catalog")


def _two_henchmen(catalog: Catalog, setup: GameSetup, chosen: list, rng: random.Random) -> list:
    """000 Outsider Henchman: "To play them in one-off games, you can use two of them as if they
    were two stages of an immortal outsider." The one chosen is stage 1; a second, drawn at random,
    stage 2; together they are played as an immortal outsider."""
    first = chosen[0]
    others = sorted(
        (c for c in catalog.of_kind("outsider") if c.outsider_type == "henchman" and c.name != first.name),
        key=sort_key,
    )
    if not others:
        setup.missing.append(
            f"a one-off game uses two henchmen as the two stages of an immortal outsider; "
            f"the catalog has no henchman beside {first.name}"
        )
        return chosen
    second = rng.choice(others)
    setup.random_picks.append(f"second henchman {second.name} (1 of {len(others)})")
    setup.notes.append(
        f"use two henchmen as two stages of an immortal outsider (000 Outsider Henchman): "
        f"stage 1 {first.name}, stage 2 {second.name}"
    )
    return [first, second]
