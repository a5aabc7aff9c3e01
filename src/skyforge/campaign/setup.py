"""Campaign Setup (000 "Campaign Setup"): the ``created`` event of a new campaign.

This is the one part of the campaign library that reads files: each player's market deck is a
deck file of the workspace (or a pre-made deck of the catalog), checked against its castle's
restrictions and shuffled. Everything after setup is a pure action on the state
(:mod:`skyforge.campaign.commands`).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator

from skyforge.campaign import events as ev
from skyforge.campaign.commands import check_name, now, rng
from skyforge.campaign.hordedeck import campaign_horde_deck
from skyforge.campaign.limits import DIFFICULTY_LEVELS, HORDES, PLAYERS, PORTAL_PILE, SCENARIO_PILE
from skyforge.campaign.state import CampaignState
from skyforge.campaign.store import campaign_path, create
from skyforge.catalog.codes import code_order
from skyforge.catalog.models import CastleCard
from skyforge.decks import Deck, load_deck, resolve_deck_path
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError, Problem, RuleError, option
from skyforge.places import workspace_folder
from skyforge.rules import validate_decks
from skyforge.setup.portals import level_portals
from skyforge.setup.rules import outsider_names, whole_hordes
from skyforge.terms import new_seed
from skyforge.text import plural
from skyforge.workbench.premade import build_premade

if TYPE_CHECKING:
    from collections.abc import Sequence

    from skyforge.catalog.index import Catalog
    from skyforge.catalog.models import OutsiderCard, PremadeDeck, ScenarioCard

T = TypeVar("T")


class PlayerChoice(BaseModel):
    """A player of a new campaign: their name, the deck(s) their market deck is formed from (one
    deck, or three in limited format; none: one of the limited decks given apart) and, for the
    second (visiting) player, the castle whose back sets their deck restrictions."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    decks: tuple[str, ...] = ()
    #: the visiting player's own castle (by code or name)
    castle: str | None = None


class NewCampaign(BaseModel):
    """What the players choose for a new campaign (000 "Campaign Setup"), in the game's words.
    The players are checked where it is built, the rest with what the catalog says of it; each
    problem is keyed by its field (:func:`skyforge.errors.option`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: the campaign castle, by code or name
    castle: str
    #: one or two players; the second is the visiting army
    players: tuple[PlayerChoice, ...]
    #: three different hordes, by id or name
    hordes: tuple[str, ...]
    #: the difficulty level of the horde deck
    difficulty: int
    #: the final outsider (any non-henchman outsider)
    outsider: str
    #: six scenario cards (default: those of the chosen hordes)
    scenarios: tuple[str, ...] = ()
    #: four stage 1 portals (default: those of the chosen hordes)
    portals: tuple[str, ...] = ()
    #: limited format: three decks shuffled together, one set for each player given no deck, in order
    limited: tuple[tuple[str, ...], ...] = ()
    #: what fixes every shuffle and draw (a new one when None, kept in the file)
    seed: int | None = None
    #: the castle's full health, when the catalog does not give it
    castle_health: int | None = None

    @model_validator(mode="after")
    def _players(self) -> NewCampaign:
        problems = []
        if not self.players:
            problems.append(Problem("a campaign needs at least one player", key=option("players")))
        elif len(self.players) > PLAYERS:
            problems.append(
                Problem(
                    f"{len(self.players)} players: a campaign is played by one or two players", key=option("players")
                )
            )
        names = [p.name.casefold() for p in self.players]
        if len(set(names)) != len(names):
            problems.append(Problem("two players have the same name", key=option("players")))
        if problems:
            raise InputError(problems)
        return self

    def problems(self) -> list[Problem]:
        """What is wrong with the choices whatever the catalog holds: told with what the catalog
        says of them (:func:`new_campaign`), so that every problem is told at once."""
        problems = []
        if len(self.hordes) != HORDES:
            problems.append(
                Problem(
                    f"{len(self.hordes)} hordes: a campaign uses three different hordes",
                    key=option("hordes"),
                    value=",".join(self.hordes),
                    has_value=True,
                    hint=f"{option('hordes')} H1,H2,H3",
                )
            )
        if not 1 <= self.difficulty <= DIFFICULTY_LEVELS:
            problems.append(
                Problem(
                    f"the difficulty level must be 1 to {DIFFICULTY_LEVELS}",
                    key=option("difficulty"),
                    value=self.difficulty,
                    has_value=True,
                )
            )
        return problems


def new_campaign(catalog: Catalog, workspace: Path, name: str, request: NewCampaign) -> ev.Created:
    """The ``created`` event of a new campaign ``name`` (000 "Campaign Setup"): what the catalog
    says of the castle, hordes and final outsider (every problem told at once), then the market
    decks, the scenario and portal piles and the horde deck, drawn from one seeded draw."""
    check_name(name)
    seed = new_seed() if request.seed is None else request.seed
    draw = rng(seed, 0)
    notes: list[str] = []
    problems: list[Problem] = []
    castle_card, health = _castle(catalog, request, problems)
    horde_ids = _horde_ids(catalog, request, problems)
    problems.extend(request.problems())
    final = _final_outsider(catalog, request.outsider, horde_ids, problems)
    if problems:
        raise InputError(problems)
    assert castle_card is not None and health is not None  # else a problem above: the castle or its health
    assert final is not None  # else a problem above: the outsider unknown or a henchman
    setups = _market_decks(catalog, workspace, castle_card, request.players, request.limited, draw, notes)

    mode = "coop" if len(request.players) == 2 else "solo"
    pile = _scenario_pile(catalog, request.scenarios, horde_ids, draw, notes)
    portal_pile = _portal_pile(catalog, request.portals, horde_ids, mode, request.difficulty, draw, notes)
    horde_deck, horde_notes, lacking = campaign_horde_deck(catalog, horde_ids, request.difficulty, draw)
    if lacking:
        # the horde deck is formed once, here: a horde without its data could never join it later
        raise InputError(
            [
                Problem(
                    f"{line} — a campaign's horde deck is formed when it is set up, from all the 3 hordes",
                    key=option("hordes"),
                    hint=hint,
                )
                for line, hint in lacking
            ]
        )
    return ev.Created(
        at=now(),
        name=name,
        seed=seed,
        castle=castle_card.key,
        castle_name=castle_card.name,
        castle_health=health,
        format="limited" if any(len(p.market_decks) > 1 for p in setups) else "standard",
        players=setups,
        hordes=horde_ids,
        difficulty=request.difficulty,
        horde_deck=horde_deck,
        horde_deck_notes=horde_notes,
        scenario_pile=pile,
        portal_pile=portal_pile,
        final_outsider=final.name,
        notes=notes,
    )


def begin(catalog: Catalog, workspace: Path, name: str, request: NewCampaign) -> CampaignState:
    """Set up campaign ``name`` (:func:`new_campaign`) and write its file, ``campaigns/NAME.toml``
    of the workspace, unless a campaign of that name exists."""
    return create(campaign_path(workspace, name), new_campaign(catalog, workspace, name, request))


def _collect(problems: list[Problem], find: Callable[[], T]) -> T | None:
    """Look something up; a problem is kept, so that every problem of the request is told at once."""
    try:
        return find()
    except InputError as exc:
        problems.extend(exc.problems)
        return None


def _castle(catalog: Catalog, request: NewCampaign, problems: list[Problem]) -> tuple[CastleCard | None, int | None]:
    """The campaign castle and its full health (the request's, else the catalog's)."""
    card = _collect(problems, lambda: catalog.get(request.castle, "castle", what="castle"))
    if card is None:
        return None, request.castle_health
    health = request.castle_health if request.castle_health is not None else card.health
    if health is None:
        problems.append(
            Problem(
                f"the catalog does not give the health of castle {card.code or card.name}",
                key=option("castle_health"),
                hint=f"give {option('castle_health')} N, or add health = N to it in {catalog.source_file(card.key)}",
            )
        )
    return card, health


def _horde_ids(catalog: Catalog, request: NewCampaign, problems: list[Problem]) -> list[str]:
    """The hordes' ids (an unknown one as given, its problem kept)."""
    horde_ids: list[str] = []
    for ref in request.hordes:
        horde = _collect(problems, partial(catalog.horde, ref))
        if horde is None:
            horde_ids.append(ref)
            continue
        if horde.id in horde_ids:
            problems.append(
                Problem(
                    f"horde '{horde.id}' is given twice", key=option("hordes"), hint="choose three different hordes"
                )
            )
        horde_ids.append(horde.id)
    return horde_ids


def _final_outsider(
    catalog: Catalog, outsider: str, horde_ids: list[str], problems: list[Problem]
) -> OutsiderCard | None:
    """The final outsider's card: "Choose one outsider for the final game of this campaign; it can be
    any non-henchman outsider." (000)"""
    on_back = _henchman_of(catalog, outsider)
    known = any(c.name.casefold() == outsider.strip().casefold() for c in catalog.of_kind("outsider"))
    final = None if on_back and not known else _collect(problems, lambda: _outsider(catalog, outsider))
    if not on_back and getattr(final, "outsider_type", None) != "henchman":
        return final
    name = final.name if final is not None else outsider.strip()
    allowed = outsider_names(catalog)
    suggested = [o for h in horde_ids if h in catalog.hordes for o in catalog.hordes[h].outsiders]
    others = list(dict.fromkeys(o for o in [*suggested, *allowed] if o in allowed))
    problems.append(
        Problem(
            f"{name} is an outsider henchman"
            + (f", on the back of scenario {on_back}" if on_back else "")
            + ", a weaker outsider for games 2 and 3; the final outsider can be any non-henchman outsider",
            key=option("outsider"),
            value=outsider,
            has_value=True,
            hint=f"choose an immortal, enchanter or colossal outsider, e.g. {', '.join(others[:3])}"
            if others
            else "add the outsiders you own to your catalog file",
        )
    )
    return None


def _outsider(catalog: Catalog, ref: str) -> OutsiderCard:
    """An outsider by code or name; an immortal's stage cards or a colossal's parts share one name."""
    same = [c for c in catalog.of_kind("outsider") if c.name.casefold() == ref.strip().casefold()]
    if same:
        return same[0]
    return catalog.get(ref, "outsider", what="outsider")


def _henchman_of(catalog: Catalog, name: str) -> str | None:
    """The scenario (``CODE Name``) whose back carries the henchman called ``name``, if any."""
    wanted = name.strip().casefold()
    for card in sorted(catalog.of_kind("scenario"), key=lambda c: c.key):
        if card.henchman and card.henchman.casefold() == wanted:
            return f"{card.key} {card.name}"
    return None


def _market_decks(
    catalog: Catalog,
    workspace: Path,
    castle_card: CastleCard,
    players: Sequence[PlayerChoice],
    limited: Sequence[tuple[str, ...]],
    draw: random.Random,
    notes: list[str],
) -> list[ev.PlayerSetup]:
    """Load, check and shuffle each player's market deck (000 "Alliance and Market Decks")."""
    limited = list(limited)
    problems: list[Problem] = []
    setups: list[tuple[PlayerChoice, str, bool, list[tuple[str, Counter]], list[str]]] = []
    standard: list[Deck] = []
    given: dict[str, tuple[str, str]] = {}  # a deck file's real path → the player and the name it was given as
    for i, spec in enumerate(players):
        refs = spec.decks
        removed: list[str] = []
        if not refs:
            if not limited:
                problems.append(
                    Problem(
                        f"no market deck for {spec.name}",
                        key=option("players"),
                        hint=f"give {spec.name} a market deck with {option('players')}, "
                        f"or three decks for limited format with {option('limited')}",
                    )
                )
                continue
            refs = limited.pop(0)
        if len(refs) not in (1, 3):
            problems.append(
                Problem(
                    f"{spec.name}: {len(refs)} decks; a market deck is one deck, "
                    "or three shuffled together in limited format",
                    key=option("limited"),
                )
            )
            continue
        # the castle whose back sets this player's restrictions
        if i == 0:
            if spec.castle and catalog.get(spec.castle, "castle", what="castle").key != castle_card.key:
                problems.append(
                    Problem(
                        f"{spec.name} is the first player: their castle is the campaign castle",
                        key=option("players"),
                        hint="give a castle of their own for the second (visiting) player only",
                    )
                )
            player_castle = castle_card
        else:
            player_castle = None
            if spec.castle:
                player_castle = catalog.get(spec.castle, "castle", what="castle")
        sources: list[tuple[str, Counter]] = []
        for ref in refs:
            # a market deck is a deck file, or a catalog pre-made deck id (built as `deck premade` does)
            premade = catalog.premade_decks.get(ref)
            try:
                if premade is not None and not (workspace_folder(workspace, "decks") / f"{ref}.toml").exists():
                    deck = _premade_deck(
                        catalog, premade, player_castle if len(refs) == 1 else None, spec.name, draw, removed, notes
                    )
                    origin = f"the castle of the same set and faction as pre-made deck {premade.id}"
                else:
                    path = resolve_deck_path(ref, workspace)
                    real = os.path.realpath(path)
                    if real in given:
                        who, first = given[real]
                        problems.append(
                            Problem(
                                f"the same deck is given twice: {who}={first} and {spec.name}={ref}",
                                file=path,
                                key=option("players"),
                                hint="give each player a deck of their own",
                            )
                        )
                        continue
                    given[real] = (spec.name, ref)
                    deck = load_deck(path)
                    origin = f"the castle of {deck.file}"
            except InputError as exc:
                problems.extend(exc.problems)
                continue
            if len(refs) == 1:
                if player_castle is None:
                    player_castle = catalog.get(deck.data.castle, "castle", what="castle")
                    notes.append(
                        f"{spec.name} is the visiting army: deck restrictions from castle "
                        f"{player_castle.key} ({player_castle.name}), {origin}"
                    )
                standard.append(
                    Deck(
                        deck.path,
                        DeckFile(**{**deck.data.model_dump(), "castle": player_castle.key}),
                        deck.lines,
                    )
                )
            else:  # limited format: each of the three decks follows its own castle
                report = validate_decks(catalog, [deck])
                problems.extend(
                    Problem(v.message, file=v.deck or None, line=v.line, key=v.rule, hint=v.fix or v.hint)
                    for v in report.violations
                )
            cards: Counter[str] = Counter()
            for key, n in deck.data.cards.items():
                # errata "completely replace" the cards they correct: the market deck holds the erratum
                card = catalog.find(key, "alliance")
                cards[catalog.with_errata(card).key if card is not None else key] += n
            sources.append((deck.file, cards))
        if player_castle is None and i > 0:
            # limited format: three decks, each following its own castle, and no castle of the player's
            # own: the visiting army still "will choose another castle" (000 Campaign Castle)
            problems.append(
                Problem(
                    f"{spec.name} is the visiting army and chooses another castle than {castle_card.key}; "
                    "in limited format it cannot be read from the three decks",
                    key=option("players"),
                    value=spec.name,
                    has_value=True,
                    hint=f"name {spec.name}'s own castle with {option('players')}",
                )
            )
            continue
        if player_castle is None:
            player_castle = castle_card
        if i > 0 and player_castle.key == castle_card.key:
            problems.append(
                Problem(
                    f"{spec.name} is the visiting army and needs another castle than {castle_card.key}",
                    key=option("players"),
                    hint=f"name {spec.name}'s own castle with {option('players')}",
                )
            )
        setups.append((spec, player_castle.key, i > 0, sources, removed))
    if limited:
        problems.append(
            Problem(
                f"{plural(len(limited), 'limited market deck')} more than players without a deck",
                key=option("limited"),
            )
        )
    if problems:
        raise InputError(problems)
    if standard:
        report = validate_decks(catalog, standard)
        if not report.valid:
            raise RuleError(
                "a market deck must be a regular deck that follows its castle's restrictions:\n"
                + "\n".join(f"  {v.deck or ', '.join(v.decks)}: {v.message}" for v in report.violations),
                hint="check it with: skyforge deck validate DECK…",
            )
    out = []
    for spec, castle_key, visiting, sources, removed in setups:
        total: Counter[str] = Counter()
        for _, cards in sources:
            total.update(cards)
        market = sorted(total.elements(), key=code_order)
        draw.shuffle(market)
        out.append(
            ev.PlayerSetup(
                name=spec.name,
                castle=castle_key,
                visiting=visiting,
                market_decks=[s for s, _ in sources],
                market=market,
                removed=removed,
            )
        )
    return out


def _premade_deck(
    catalog: Catalog,
    premade: PremadeDeck,
    castle_card: CastleCard | None,
    player: str,
    draw: random.Random,
    removed: list[str],
    notes: list[str],
) -> Deck:
    """A pre-made deck as a :class:`Deck` named ``premade:ID``: 000 Setup "3. Alliance Deck" —
    40 cards of one set and faction, errata replacing the cards they correct, and with 41
    cards (the Nupten & Utsesh expansions) one heroic ally removed at random (the campaign's draw).

    ``castle_card`` is the castle whose restrictions the deck follows; None: the castle of
    the deck's set and faction. What was replaced or removed goes to ``removed`` and ``notes``."""
    label = f"premade:{premade.id}"
    own = [c for c in catalog.castles() if c.faction == premade.faction and c.set_code == premade.set]
    if castle_card is not None and castle_card.key in {c.key for c in own}:
        build_with = castle_card.key
    elif own:
        # built with a castle of its own set and faction, as 000 Setup "3. Alliance Deck" forms it;
        # whether the player's castle accepts it is validate_decks' to say, as for any deck file
        build_with = None
        if castle_card is not None:
            notes.append(
                f"{player}: pre-made deck {premade.id} ({premade.set}, {premade.faction}) is checked against "
                f"castle {castle_card.key} ({castle_card.name}) as any regular deck is: a market deck "
                '"can be any regular deck that follows the restrictions on the back of that player\'s castle"'
            )
    else:
        raise InputError(
            Problem(
                f"{player}: no {premade.faction} castle of set {premade.set} in the catalog "
                f"to form pre-made deck {premade.id} with (40 alliance cards from the same set and of the "
                "same faction as their castle)",
                key=option("players"),
                value=premade.id,
                has_value=True,
                hint=f"add the {premade.faction} castle of set {premade.set} to {catalog.user_file()}",
            )
        )
    built = build_premade(
        catalog,
        premade.set or "",
        premade.faction,
        seed=draw.randrange(2**31),
        castle=build_with,
        name=label,
        player=player,
    )
    if built.premade.id != premade.id:  # two pre-made decks of one set and faction
        raise InputError(
            Problem(
                f"pre-made deck '{premade.id}' shares set {premade.set} and faction "
                f"{premade.faction} with '{built.premade.id}'",
                key=option("players"),
            )
        )
    for line in built.notes:
        notes.append(f"{player}: pre-made deck {premade.id}: {line}")
    if built.removed is not None:
        removed.append(built.removed.key)
        notes.append(
            f"{player}: pre-made deck {premade.id} has 41 cards (Nupten & Utsesh): removed heroic ally "
            f"{built.removed.key} {built.removed.name} at random"
        )
    return Deck(None, DeckFile(**{**built.deck.model_dump(), "name": label}), {})


def _scenario_model(card: ScenarioCard) -> ev.Scenario:
    mandatory = ev.ScenarioEffect(**card.mandatory.model_dump()) if card.mandatory else None
    return ev.Scenario(
        code=card.key,
        name=card.name,
        horde=card.horde,
        difficulty=card.difficulty,
        income=card.income,
        mandatory_text=mandatory.text if mandatory else None,
        mandatory=mandatory,
        henchman=card.henchman,
        actions=[ev.ScenarioAction(**a.model_dump()) for a in card.actions],
    )


def _scenario_pile(
    catalog: Catalog, refs: Sequence[str], horde_ids: list[str], draw: random.Random, notes: list[str]
) -> list[ev.Scenario]:
    if refs:
        cards = [catalog.get(r, "scenario", what="scenario") for r in refs]
        if len({c.key for c in cards}) != len(cards):
            raise InputError(Problem("a scenario is given twice", key=option("scenarios")))
    else:
        related = sorted((c for c in catalog.of_kind("scenario") if c.horde in horde_ids), key=lambda c: c.key)
        if len(related) < SCENARIO_PILE:
            raise InputError(
                Problem(
                    f"the catalog has {plural(len(related), 'scenario')} related to {', '.join(horde_ids)}; the scenario pile needs six",
                    key=option("scenarios"),
                    hint=f"choose six with {option('scenarios')} S1,…,S6 (skyforge cards search finds the catalog's scenarios)",
                )
            )
        cards = (
            related
            if len(related) == SCENARIO_PILE
            else sorted(draw.sample(related, SCENARIO_PILE), key=lambda c: c.key)
        )
        notes.append(
            "scenario pile: "
            + ", ".join(f"{c.key} {c.name}" for c in cards)
            + " (the scenarios of the chosen hordes"
            + (", six at random)" if len(related) > SCENARIO_PILE else ")")
        )
    if len(cards) != SCENARIO_PILE:
        raise InputError(
            Problem(f"{len(cards)} scenarios: the scenario pile is six scenario cards", key=option("scenarios"))
        )
    return [_scenario_model(c) for c in cards]


def _portal_pile(
    catalog: Catalog,
    refs: Sequence[str],
    horde_ids: list[str],
    mode: str,
    difficulty: int,
    draw: random.Random,
    notes: list[str],
) -> list[ev.Portal]:
    if refs:
        cards = [catalog.get(r, "portal", what="portal") for r in refs]
        bad = [c for c in cards if c.stage != 1]
        if bad:
            raise InputError(
                Problem(f"{', '.join(c.key for c in bad)}: the portal pile is stage 1 portals", key=option("portals"))
            )
        if len({c.key for c in cards}) != len(cards):
            raise InputError(Problem("a portal is given twice", key=option("portals")))
        other_mode = [c for c in cards if mode not in c.modes]
        if other_mode:
            raise InputError(
                Problem(
                    ", ".join(f"{c.key} ({'/'.join(c.modes)})" for c in other_mode) + ": this campaign is "
                    f"played {mode}; the portal pile takes {mode} portals",
                    key=option("portals"),
                    hint=f"choose {mode} portals of stage 1 (skyforge cards search finds the catalog's portals)",
                )
            )
    else:
        stage1 = sorted((c for c in catalog.of_kind("portal") if c.stage == 1 and mode in c.modes), key=lambda c: c.key)
        whole = whole_hordes(catalog, [catalog.hordes[i] for i in horde_ids if i in catalog.hordes])
        by_level = False
        if whole:
            # 001 The Original Set: "set the difficulty level by choosing the right portals"
            leveled, any_level = level_portals(catalog, mode, difficulty)
            names = ", ".join(h.name for h in whole)
            if any(c.stage == 1 for c in leveled):
                stage1, by_level = [c for c in leveled if c.stage == 1], True
                notes.append(
                    f"{names}: the original set sets the difficulty by its portals (001 The Original Set): "
                    f"the portal pile takes stage 1 portals marked level = {difficulty}"
                )
            else:
                notes.append(
                    f"{names}: the original set sets the difficulty by its portals (001 The Original Set), and "
                    + (
                        f"no stage 1 {mode} portal is marked level = {difficulty}"
                        if any_level
                        else "no portal says which level it stands for"
                    )
                    + f": add level = {difficulty} to its portals in {catalog.user_file()}; the portal pile "
                    "is not chosen by the level"
                )
        related = [c for c in stage1 if c.horde in horde_ids]
        others = [c for c in stage1 if c.horde not in horde_ids]
        if len(related) >= PORTAL_PILE:
            cards = (
                related
                if len(related) == PORTAL_PILE
                else sorted(draw.sample(related, PORTAL_PILE), key=lambda c: c.key)
            )
            filled = []
        else:
            filled = draw.sample(others, min(PORTAL_PILE - len(related), len(others)))
            cards = related + sorted(filled, key=lambda c: c.key)
        if len(cards) < PORTAL_PILE:
            raise InputError(
                Problem(
                    f"the catalog has only {plural(len(cards), f'stage 1 {mode} portal')}"
                    + (f" marked level = {difficulty}" if by_level else ""),
                    key=option("portals"),
                    hint=f"choose four with {option('portals')} P1,P2,P3,P4",
                )
            )
        text = "portal pile: " + ", ".join(f"{c.key} {c.name}" for c in cards)
        if filled:
            text += (
                f" ({len(related)} related to the chosen hordes; "
                + ", ".join(c.key for c in filled)
                + " added at random from the other stage 1 portals)"
            )
        else:
            text += " (the stage 1 portals of the chosen hordes)"
        notes.append(text)
    if len(cards) != PORTAL_PILE:
        raise InputError(
            Problem(f"{len(cards)} portals: the portal pile is four stage 1 portals", key=option("portals"))
        )
    return [ev.Portal(code=c.key, name=c.name, horde=c.horde) for c in cards]


__all__ = ["NewCampaign", "PlayerChoice", "begin", "new_campaign"]
