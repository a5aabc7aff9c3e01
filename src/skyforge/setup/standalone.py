"""Stand-alone game setup: castle, portal pile, minion tokens, horde deck, outsider (000/001 "Setup").

:func:`game_setup` is a pure function of the catalog, the choices and a seed: the same
seed gives the same setup. Everything the rules leave to chance (or to ``randomize``)
is drawn from one :class:`random.Random` in a fixed order and reported with the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_serializer, field_validator, model_validator

from skyforge.catalog import Catalog
from skyforge.catalog.index import sort_key
from skyforge.catalog.models import CardBase, CastleCard, FirstGame, GameModeRule, Horde, PortalCard
from skyforge.errors import InputError, NotFoundError, Problem, option
from skyforge.results import Result
from skyforge.setup.difficulty import DifficultyReport, check_level, total_difficulty
from skyforge.setup.hordedeck import HordeLine, build_horde_deck
from skyforge.setup.portals import Table, minion_tokens, portal_pile
from skyforge.setup.rules import CHOSEN_BOOK, MODES, mode_rule, outsider_cards, outsider_names, whole_hordes
from skyforge.terms import new_seed


def ref(card: CardBase) -> str:
    """How a card is named in JSON: its code, or its name when the catalog has no code."""
    return card.code or card.name


class GameSetupRequest(BaseModel):
    """What the players ask of a stand-alone game, in the game's words; what they leave out the
    rules, the first game or the draw (``randomize``) decides. Conflicts between its fields are
    refused where it is built, each a problem keyed by the field (:func:`skyforge.errors.option`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: the castle, by code or name
    castle: str | None = None
    #: the second alliance player's castle: out of play, it sets their deck restrictions
    second_castle: str | None = None
    #: horde ids (000: one or more; 001: one)
    hordes: tuple[str, ...] = ()
    #: the difficulty level, 1 to 5
    difficulty: int | None = None
    #: the game mode (solo when nothing else decides)
    mode: str | None = None
    #: the outsider, by name (default: the horde's suggested pairing)
    outsider: str | None = None
    #: what fixes everything left to chance (a new one when None)
    seed: int | None = None
    #: the rulebook whose setup to follow (default: the castle's book, else the latest with the mode)
    rulebook: str | None = None
    #: draw every choice left open at random
    randomize: bool = False
    #: prefer the stage 1 portal related to the horde (000 Which Portals and Scenarios?)
    thematic: bool = False
    #: a rulebook's recommended first game (a preset of ``[[first_games]]``)
    first_game: str | None = None
    #: add the original set's Common Set horde cards (001 The Common Set)
    common_set: bool = False

    @field_validator("hordes", mode="before")
    @classmethod
    def _no_hordes(cls, hordes: object) -> object:
        return () if hordes is None else hordes

    @model_validator(mode="after")
    def _consistent(self) -> GameSetupRequest:
        if self.first_game and self.randomize:
            raise InputError(
                Problem(
                    f"{option('randomize')} and {option('first_game')} contradict each other: the first game fixes "
                    "the castle, hordes, difficulty and outsider",
                    key=option("randomize"),
                    hint=f"drop {option('randomize')} (or {option('first_game')} to draw a random game)",
                )
            )
        if self.difficulty is not None:
            check_level(self.difficulty)
        return self


class GameSetup(Result):
    """A stand-alone game set up, step by step; its dump is ``game setup --json``."""

    seed: int
    mode: str
    rule: GameModeRule = Field(exclude=True)
    #: which book the setup follows, and why
    rule_reason: str = Field(serialization_alias="rulebook_reason")
    first_game: FirstGame | None
    castle: CastleCard
    castle2: CastleCard | None
    #: the pre-made decks the first game suggests
    decks: tuple[str, ...] = Field(serialization_alias="alliance_decks")
    portals: tuple[PortalCard, ...]
    #: the pile was chosen by the level its portals stand for (001 The Original Set)
    level_by_portals: bool = Field(exclude=True)
    minions: dict[str, int]
    minion_rule: str
    hordes: tuple[Horde, ...]
    level: int = Field(serialization_alias="difficulty")
    horde_deck: tuple[HordeLine, ...] = Field(serialization_alias="horde_cards")
    outsider: tuple[CardBase, ...]
    outsider_type: str | None
    outsider_enters: str | None
    difficulty: DifficultyReport = Field(serialization_alias="difficulty_terms")
    random_picks: tuple[str, ...]
    missing: tuple[str, ...]
    notes: tuple[str, ...]
    #: key of the dump → why the books do not state it
    inferred: dict[str, str]
    provenances: frozenset[str] = Field(exclude=True)

    @field_serializer("first_game")
    def _first_game_id(self, preset: FirstGame | None) -> str | None:
        return preset.id if preset else None

    @field_serializer("castle", "castle2")
    def _castle_ref(self, castle: CastleCard | None) -> str | None:
        return ref(castle) if castle else None

    @field_serializer("portals", "outsider")
    def _refs(self, cards: tuple[CardBase, ...]) -> list[str]:
        return [ref(c) for c in cards]

    @field_serializer("hordes")
    def _horde_ids(self, hordes: tuple[Horde, ...]) -> list[str]:
        return [h.id for h in hordes]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def rulebook(self) -> str:
        return self.rule.rulebook

    @computed_field  # type: ignore[prop-decorator]
    @property
    def castle_name(self) -> str:
        return self.castle.name

    @computed_field  # type: ignore[prop-decorator]
    @property
    def castle_health(self) -> int | None:
        return self.castle.health

    @computed_field  # type: ignore[prop-decorator]
    @property
    def castle2_name(self) -> str | None:
        return self.castle2.name if self.castle2 else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def alliance_players(self) -> int:
        return self.rule.alliance_players

    @computed_field  # type: ignore[prop-decorator]
    @property
    def portal_cards(self) -> list[dict[str, object]]:
        return [
            {"code": p.code, "name": p.name, "stage": p.stage, "back_stage": p.back_stage, "horde": p.horde}
            for p in self.portals
        ]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def portal_stages(self) -> list[int]:
        return [p.stage for p in self.portals]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def portal_level(self) -> int | None:
        return self.level if self.level_by_portals else None

    @computed_field(alias="horde_deck")  # type: ignore[prop-decorator]
    @property
    def horde_deck_codes(self) -> list[str]:
        return [ref(line.card) for line in self.horde_deck for _ in range(line.count)]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def outsider_name(self) -> str | None:
        return self.outsider[0].name if self.outsider else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def horde_player(self) -> list[str] | None:
        return self.rule.horde_player_rules if self.rule.horde_player else None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def reminders(self) -> list[str]:
        return self.rule.reminders

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total_difficulty(self) -> float | None:
        return self.difficulty.total

    @computed_field  # type: ignore[prop-decorator]
    @property
    def demo(self) -> bool:
        return "demo" in self.provenances


def first_game_preset(catalog: Catalog, name: str) -> FirstGame:
    for key, preset in catalog.first_games.items():
        if key.casefold() == name.strip().casefold():
            return preset
    raise NotFoundError(
        Problem(
            f"no first-game preset '{name}'",
            key=option("first_game"),
            value=name,
            has_value=True,
            hint=f"presets: {', '.join(sorted(catalog.first_games))}",
        )
    )


def _check_names(catalog: Catalog, request: GameSetupRequest) -> None:
    """Every castle, horde and outsider named that the catalog lacks, reported together."""
    castle, castle2, outsider = request.castle, request.second_castle, request.outsider
    lookups: list[Callable[[], object]] = [
        lambda: catalog.get(castle, "castle", what="castle") if castle else None,
        lambda: catalog.get(castle2, "castle", what="castle") if castle2 else None,
        *[(lambda h=h: catalog.horde(h)) for h in request.hordes],
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


def game_setup(catalog: Catalog, request: GameSetupRequest) -> GameSetup:
    """Set up a stand-alone game. Raises :class:`InputError` for missing or unknown choices.

    The choices first, drawn in a fixed order so that the seed alone fixes the result (the first
    game's, then the mode, castles, hordes, level and outsider); then the table, step by step."""
    seed = new_seed() if request.seed is None else request.seed
    rng = random.Random(seed)
    picks: list[str] = []
    notes: list[str] = []
    preset = first_game_preset(catalog, request.first_game) if request.first_game else None
    _check_names(catalog, request)
    if preset is not None:
        request = _with_first_game(request, preset, notes)
    mode = _mode(request, rng, picks)
    castles = sorted(catalog.castles(), key=sort_key)
    castle = _castle(catalog, request, castles, rng, picks)
    rule, reason = mode_rule(catalog, mode, request.rulebook, castle)
    if preset is not None and preset.rulebook == request.rulebook:
        reason = reason.replace(CHOSEN_BOOK, f"the book of the {preset.id} first game")
    castle2 = _second_castle(catalog, request, rule, mode, castle, castles, rng, picks)
    hordes = _hordes(catalog, request, rng, picks)
    level = _level(request, rng, picks)
    outsider = _outsider_name(catalog, request, hordes, rng, picks, notes)

    table = Table(mode, rule, castle, hordes, level, random_picks=picks, notes=notes)
    table.provenances.add(catalog.provenance(castle))
    _castle_notes(catalog, table, castle2)
    if preset is not None:
        _first_game_decks(catalog, table, preset)
    portal_pile(catalog, table, rng, request.thematic, preset)
    minion_tokens(catalog, table, rng)
    _horde_deck(catalog, table, rng, request.common_set)
    _outsider(catalog, table, outsider, rng)
    return GameSetup.of(
        seed=seed,
        mode=mode,
        rule=rule,
        rule_reason=reason,
        first_game=preset,
        castle=castle,
        castle2=castle2,
        decks=tuple(table.decks),
        portals=tuple(table.portals),
        level_by_portals=table.level_by_portals,
        minions=table.minions,
        minion_rule=table.minion_rule,
        hordes=tuple(hordes),
        level=level,
        horde_deck=tuple(table.horde_deck),
        outsider=tuple(table.outsider),
        outsider_type=table.outsider_type,
        outsider_enters=table.outsider_enters,
        difficulty=_difficulty(catalog, table),
        random_picks=tuple(table.random_picks),
        missing=tuple(table.missing),
        notes=tuple(table.notes),
        inferred=table.inferred,
        provenances=frozenset(table.provenances),
    )


def _with_first_game(request: GameSetupRequest, preset: FirstGame, notes: list[str]) -> GameSetupRequest:
    """The request with what the players left open taken from the rulebook's first game."""
    mode = request.mode
    if mode is None:
        mode = preset.modes[0]
    elif mode not in preset.modes:
        notes.append(f"the first-game advice is for {' or '.join(preset.modes)}; setting up {mode} anyway")
    return request.model_copy(
        update={
            "castle": request.castle or preset.castle,
            "hordes": request.hordes or tuple(preset.hordes),
            "difficulty": request.difficulty if request.difficulty is not None else preset.difficulty,
            "outsider": request.outsider or preset.outsider,
            "rulebook": request.rulebook or preset.rulebook,
            "mode": mode,
        }
    )


def _mode(request: GameSetupRequest, rng: random.Random, picks: list[str]) -> str:
    if request.mode is not None:
        return request.mode
    if not request.randomize:
        return "solo"
    mode = rng.choice(MODES)
    picks.append(f"mode {mode}")
    return mode


def _castle(
    catalog: Catalog, request: GameSetupRequest, castles: list[CastleCard], rng: random.Random, picks: list[str]
) -> CastleCard:
    if request.castle is not None:
        return catalog.get(request.castle, "castle", what="castle")
    if not request.randomize:
        raise InputError(
            Problem(
                "choose a castle",
                key=option("castle"),
                hint=f"give {option('castle')} CODE-or-NAME, or {option('randomize')} to draw one",
            )
        )
    if not castles:
        raise InputError(Problem("the catalog has no castles to draw from"))
    castle = rng.choice(castles)
    picks.append(f"castle {castle.name}")
    return castle


def _second_castle(
    catalog: Catalog,
    request: GameSetupRequest,
    rule: GameModeRule,
    mode: str,
    castle: CastleCard,
    castles: list[CastleCard],
    rng: random.Random,
    picks: list[str],
) -> CastleCard | None:
    """The second alliance player's castle: named, drawn with the rest, or left to the players."""
    name = request.second_castle
    if name is None:
        others = [c for c in castles if c.key != castle.key]
        if rule.alliance_players == 2 and request.randomize and others:
            second = rng.choice(others)
            picks.append(f"second castle {second.name}")
            return second
        return None
    if rule.alliance_players < 2:
        raise InputError(
            Problem(
                f"{option('second_castle')} contradicts {option('mode')} {mode}: {mode} has one alliance player, "
                "so there is no second castle",
                key=option("second_castle"),
                value=name,
                hint=f"drop {option('second_castle')}, or choose a mode with two alliance players "
                f"(e.g. {option('mode')} coop)",
            )
        )
    second = catalog.get(name, "castle", what="castle")
    if second.key == castle.key:
        # "If there are two players, choose another castle that will remain out of play."
        raise InputError(
            Problem(
                f"same-castle: the second player's castle must be another castle than {castle.key} ({castle.name})",
                key=option("second_castle"),
                value=name,
                has_value=True,
                hint="choose another castle; it stays out of play and only sets the second player's deck restrictions",
            )
        )
    return second


def _hordes(catalog: Catalog, request: GameSetupRequest, rng: random.Random, picks: list[str]) -> list[Horde]:
    if request.hordes:
        hordes = [catalog.horde(h) for h in request.hordes]
    elif request.randomize:
        hordes = [rng.choice(sorted(catalog.hordes.values(), key=lambda h: h.id))]
        picks.append(f"horde {hordes[0].name}")
    else:
        raise InputError(
            Problem(
                "choose one or more hordes",
                key=option("hordes"),
                hint=f"give {option('hordes')} ID[,ID…] (skyforge cards search finds the catalog's hordes), "
                f"or {option('randomize')}",
            )
        )
    if len({h.id for h in hordes}) != len(hordes):
        raise InputError(
            Problem(
                "a horde is named twice",
                key=option("hordes"),
                value=",".join(h.id for h in hordes),
                has_value=True,
            )
        )
    return hordes


def _level(request: GameSetupRequest, rng: random.Random, picks: list[str]) -> int:
    if request.difficulty is not None:
        return request.difficulty
    if not request.randomize:
        raise InputError(
            Problem(
                "choose a difficulty level",
                key=option("difficulty"),
                hint=f"give {option('difficulty')} 1-5 (level 2 for a first game), or {option('randomize')}",
            )
        )
    level = rng.randint(1, 5)
    picks.append(f"difficulty level {level}")
    return level


def _outsider_name(
    catalog: Catalog,
    request: GameSetupRequest,
    hordes: list[Horde],
    rng: random.Random,
    picks: list[str],
    notes: list[str],
) -> str:
    """The outsider named, drawn, or the first one the hordes suggest (000 Which Horde and Outsider?)."""
    if request.outsider is not None:
        return request.outsider
    if request.randomize:
        name = rng.choice(outsider_names(catalog))
        picks.append(f"outsider {name}")
        return name
    suggested = next((h.outsiders[0] for h in hordes if h.outsiders), None)
    if suggested is None:
        raise InputError(
            Problem(
                "choose an outsider",
                key=option("outsider"),
                hint=f"the chosen horde has no suggested outsider: give {option('outsider')} NAME",
            )
        )
    notes.append(f"outsider {suggested}: the first one suggested for {hordes[0].name} (000 Which Horde and Outsider?)")
    return suggested


def _castle_notes(catalog: Catalog, table: Table, castle2: CastleCard | None) -> None:
    castle, rule = table.castle, table.rule
    if castle.health is None:
        table.missing.append(
            f"castle health of {castle.name} is not in the catalog: fill in health in {catalog.source_file(castle.key)}"
        )
    if rule.alliance_players == 2 and castle2 is None:
        table.notes.append(
            "two alliance players: choose a second castle that stays out of play "
            f"({option('second_castle')}); it only sets the second player's deck restrictions"
        )
    if rule.hordes_max is not None and len(table.hordes) > rule.hordes_max:
        table.notes.append(
            f"rulebook {rule.rulebook} says to choose {rule.hordes_max} horde; "
            "000 allows one or more: building the deck from all of them"
        )


def _first_game_decks(catalog: Catalog, table: Table, preset: FirstGame) -> None:
    table.decks = [catalog.premade_decks[d].name if d in catalog.premade_decks else d for d in preset.decks]
    if "decks" in preset.inferred:
        table.inferred["alliance_decks"] = preset.inferred["decks"]
    if preset.decks_note:
        table.notes.append(preset.decks_note)


def _difficulty(catalog: Catalog, table: Table) -> DifficultyReport:
    """The total difficulty; the level is not counted when a horde taken whole has no pile for it."""
    whole = whole_hordes(catalog, table.hordes)
    unset = None
    if whole and not table.level_by_portals:
        unset = (
            f"{', '.join(h.name for h in whole)} takes all its cards and no portal of the pile stands for level "
            f"{table.level} (001 The Original Set): the level is not set, so not counted"
        )
    return total_difficulty(
        catalog, table.level, table.hordes, table.outsider[0].name, table.rule.rulebook, level_unset=unset
    )


def _horde_deck(catalog: Catalog, setup: Table, rng: random.Random, common_set: bool) -> None:
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


def _outsider(catalog: Catalog, setup: Table, name: str, rng: random.Random) -> None:
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


def _two_henchmen(catalog: Catalog, setup: Table, chosen: list, rng: random.Random) -> list:
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
