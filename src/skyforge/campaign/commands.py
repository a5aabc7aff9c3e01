"""Campaign commands: check the rules against the current state, draw what must
be drawn, and return the event(s) that record the outcome.

Every function here is pure apart from its random draws, which come from
:func:`rng` — a generator derived from the campaign seed and the index of the
event being made — so the same command on the same journal draws the same
cards. The events store what was drawn, so replay never needs the generator.
"""

from __future__ import annotations

import random
import shlex
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from skyforge.campaign import events as ev
from skyforge.campaign.state import (
    GAMES,
    GOLD_MAX,
    STARTING_BASE,
    STARTING_LEGENDARY,
    CampaignState,
    clamp_gold,
)
from skyforge import storage
from skyforge.catalog.codes import code_order
from skyforge.errors import InputError, NotFoundError, Problem, RuleError, SkyforgeError, StateError
from skyforge.terms import demo_note, new_seed
from skyforge.text import plural



def rng(seed: int, index: int) -> random.Random:
    """The generator for the draw made by event number ``index`` of a campaign."""
    return random.Random(f"skyforge-campaign:{seed}:{index}")


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def check_name(name: str) -> str:
    return storage.check_name(name, "campaign name")


# --------------------------------------------------------------------------- new


@dataclass
class PlayerSpec:
    """One ``--player NAME=DECK[@CASTLE]`` as given on the command line."""

    name: str
    decks: list[str] = field(default_factory=list)   # one deck, or three in limited format
    castle: str | None = None


def parse_player(text: str) -> PlayerSpec:
    """``NAME=DECK``, ``NAME=DECK@CASTLE``, ``NAME@CASTLE`` or ``NAME`` (limited format)."""
    castle = None
    if "@" in text:
        text, castle = text.rsplit("@", 1)
        castle = castle.strip() or None
    name, _, decks = text.partition("=")
    name = name.strip()
    if not name:
        raise InputError(Problem(f"--player {text!r}: the player's name is missing",
                                 hint="write --player NAME=DECK, e.g. --player Alice=demo-blue-wall"))
    refs = [d.strip() for d in decks.split(",") if d.strip()] if decks else []
    return PlayerSpec(name, refs, castle)


def new_campaign(catalog, workspace: Path, name: str, *, castle: str, players: list[PlayerSpec],
                 hordes: list[str], difficulty: int, outsider: str, scenarios: list[str] | None = None,
                 portals: list[str] | None = None, limited: list[list[str]] | None = None,
                 seed: int | None = None, castle_health: int | None = None) -> ev.Created:
    """The ``created`` event of a new campaign (000 "Campaign Setup")."""
    check_name(name)
    seed = new_seed() if seed is None else seed
    draw = rng(seed, 0)
    notes: list[str] = []
    problems: list[Problem] = []

    def collect(find, *args):
        """Look something up; a problem is kept, so that every problem of the command is told at once."""
        try:
            return find(*args)
        except InputError as exc:
            problems.extend(exc.problems)
            return None

    castle_card = collect(lambda: catalog.get(castle, "castle", what="castle"))
    horde_ids: list[str] = []
    for ref in hordes:
        horde = collect(catalog.horde, ref)
        if horde is None:
            horde_ids.append(ref)
            continue
        if horde.id in horde_ids:
            problems.append(Problem(f"horde '{horde.id}' is given twice", key="--hordes",
                                    hint="choose three different hordes"))
        horde_ids.append(horde.id)
    if len(horde_ids) != 3:
        problems.append(Problem(f"{len(horde_ids)} hordes: a campaign uses three different hordes",
                                key="--hordes", value=",".join(hordes), has_value=True,
                                hint="--hordes H1,H2,H3"))
    if not 1 <= difficulty <= 5:
        problems.append(Problem("the difficulty level must be 1 to 5", key="--difficulty",
                                value=difficulty, has_value=True))
    final = collect(_outsider, catalog, outsider)
    if getattr(final, "outsider_type", None) == "henchman":
        problems.append(Problem(f"{final.name} is a henchman; the final outsider can be any non-henchman outsider",
                                key="--outsider"))
    health = castle_health if castle_health is not None or castle_card is None else castle_card.health
    if health is None and castle_card is not None:
        problems.append(Problem(
            f"the catalog does not give the health of castle {castle_card.code or castle_card.name}",
            key="--castle-health",
            hint=f"give --castle-health N, or add health = N to it in {catalog.source_file(castle_card.key)}"))
    if problems:
        raise InputError(problems)
    if not players:
        raise InputError(Problem("a campaign needs at least one --player NAME=DECK"))
    if len(players) > 2:
        raise InputError(Problem(f"{len(players)} players: a campaign is played by one or two players",
                                 key="--player"))
    names = [p.name.casefold() for p in players]
    if len(set(names)) != len(names):
        raise InputError(Problem("two players have the same name", key="--player"))
    setups = _market_decks(catalog, workspace, castle_card, players, limited or [], draw, notes)

    mode = "coop" if len(players) == 2 else "solo"
    pile = _scenario_pile(catalog, scenarios, horde_ids, draw, notes)
    portal_pile = _portal_pile(catalog, portals, horde_ids, mode, draw, notes)
    from skyforge.campaign.hordedeck import campaign_horde_deck

    horde_deck, horde_notes = campaign_horde_deck(catalog, horde_ids, difficulty, draw)
    return ev.Created(
        at=now(), name=name, seed=seed, castle=castle_card.key, castle_name=castle_card.name,
        castle_health=health, format="limited" if any(len(p.market_decks) > 1 for p in setups) else "standard",
        players=setups, hordes=horde_ids, difficulty=difficulty, horde_deck=horde_deck,
        horde_deck_notes=horde_notes, scenario_pile=pile, portal_pile=portal_pile,
        final_outsider=final.name, notes=notes)


def _outsider(catalog, ref: str):
    """An outsider by code or name; an immortal's stage cards or a colossal's parts share one name."""
    same = [c for c in catalog.of_kind("outsider") if c.name.casefold() == ref.strip().casefold()]
    if same:
        return same[0]
    return catalog.get(ref, "outsider", what="outsider")


def _market_decks(catalog, workspace, castle_card, players, limited, draw, notes) -> list[ev.PlayerSetup]:
    """Load, check and shuffle each player's market deck (000 "Alliance and Market Decks")."""
    from skyforge.decks import Deck, DeckFile, load_deck, resolve_deck_path
    from skyforge.rules import validate_decks

    limited = list(limited)
    problems: list[Problem] = []
    setups: list[tuple[PlayerSpec, str, bool, list[tuple[str, Counter]], list[str]]] = []
    standard: list[Deck] = []
    for i, spec in enumerate(players):
        refs = spec.decks
        removed: list[str] = []
        if not refs:
            if not limited:
                problems.append(Problem(f"no market deck for {spec.name}", key="--player",
                                        hint=f"--player {spec.name}=DECK, or --limited DECK,DECK,DECK"))
                continue
            refs = limited.pop(0)
        if len(refs) not in (1, 3):
            problems.append(Problem(f"{spec.name}: {len(refs)} decks; a market deck is one deck, "
                                    "or three shuffled together in limited format", key="--limited"))
            continue
        # the castle whose back sets this player's restrictions
        if i == 0:
            if spec.castle and catalog.get(spec.castle, "castle", what="castle").key != castle_card.key:
                problems.append(Problem(f"{spec.name} is the first player: their castle is the campaign castle",
                                        key="--player", hint="give @CASTLE for the second (visiting) player only"))
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
                if premade is not None and not (workspace / "decks" / f"{ref}.toml").exists():
                    deck = _premade_deck(catalog, premade, player_castle if len(refs) == 1 else None,
                                         spec.name, draw, removed, notes)
                    origin = f"the castle of the same set and faction as pre-made deck {premade.id}"
                else:
                    deck = load_deck(resolve_deck_path(ref, workspace))
                    origin = f"the castle of {deck.file}"
            except InputError as exc:
                problems.extend(exc.problems)
                continue
            if len(refs) == 1:
                if player_castle is None:
                    player_castle = catalog.get(deck.data.castle, "castle", what="castle")
                    notes.append(f"{spec.name} is the visiting army: deck restrictions from castle "
                                 f"{player_castle.key} ({player_castle.name}), {origin}")
                standard.append(Deck(deck.path, DeckFile(**{**deck.data.model_dump(), "castle": player_castle.key}),
                                     deck.lines))
            else:  # limited format: each of the three decks follows its own castle
                report = validate_decks(catalog, [deck])
                problems.extend(Problem(v.message, file=v.deck or None, line=v.line, key=v.rule,
                                        hint=v.fix or v.hint) for v in report.violations)
            cards = Counter()
            for key, n in deck.data.cards.items():
                card = catalog.find(key, "alliance")
                cards[card.key if card is not None else key] += n
            sources.append((deck.file, cards))
        if player_castle is None:
            player_castle = castle_card
        if i > 0 and player_castle.key == castle_card.key and len(refs) == 1:
            problems.append(Problem(f"{spec.name} is the visiting army and needs another castle than "
                                    f"{castle_card.key}", key="--player",
                                    hint=f"--player {spec.name}=DECK@CASTLE"))
        setups.append((spec, player_castle.key, i > 0, sources, removed))
    if limited:
        problems.append(Problem(f"{len(limited)} --limited more than players without a deck", key="--limited"))
    if problems:
        raise InputError(problems)
    if standard:
        report = validate_decks(catalog, standard)
        if not report.valid:
            raise RuleError(
                "a market deck must be a regular deck that follows its castle's restrictions:\n"
                + "\n".join(f"  {v.deck or ', '.join(v.decks)}: {v.message}" for v in report.violations),
                hint="check it with: skyforge deck validate DECK…")
    out = []
    for spec, castle_key, visiting, sources, removed in setups:
        total = Counter()
        for _, cards in sources:
            total.update(cards)
        market = sorted(total.elements(), key=code_order)
        draw.shuffle(market)
        out.append(ev.PlayerSetup(name=spec.name, castle=castle_key, visiting=visiting,
                                  market_decks=[s for s, _ in sources], market=market, removed=removed))
    return out


def _premade_deck(catalog, premade, castle_card, player: str, draw: random.Random,
                  removed: list[str], notes: list[str]):
    """A pre-made deck as a :class:`Deck` named ``premade:ID``: 000 Setup "3. Alliance Deck" —
    40 cards of one set and faction, errata replacing the cards they correct, and with 41
    cards (the Nupten & Utsesh expansions) one heroic ally removed at random (the campaign's draw).

    ``castle_card`` is the castle whose restrictions the deck follows; None: the castle of
    the deck's set and faction. What was replaced or removed goes to ``removed`` and ``notes``."""
    from skyforge.decks import Deck, DeckFile
    from skyforge.workbench.premade import build_premade

    label = f"premade:{premade.id}"
    if castle_card is None and not any(c.faction == premade.faction and c.set_code == premade.set
                                       for c in catalog.castles()):
        raise InputError(Problem(f"{player}: no {premade.faction} castle of set {premade.set} in the catalog "
                                 f"to set the restrictions of pre-made deck {premade.id}", key="--player",
                                 hint=f"--player {player}={premade.id}@CASTLE"))
    built = build_premade(catalog, premade.set or "", premade.faction, seed=draw.randrange(2**31),
                          castle=castle_card.key if castle_card is not None else None,
                          name=label, player=player)
    if built.premade.id != premade.id:   # two pre-made decks of one set and faction
        raise InputError(Problem(f"pre-made deck '{premade.id}' shares set {premade.set} and faction "
                                 f"{premade.faction} with '{built.premade.id}'", key="--player"))
    for line in built.notes:
        notes.append(f"{player}: pre-made deck {premade.id}: {line}")
    if built.removed is not None:
        removed.append(built.removed.key)
        notes.append(f"{player}: pre-made deck {premade.id} has 41 cards (Nupten & Utsesh): removed heroic ally "
                     f"{built.removed.key} {built.removed.name} at random")
    return Deck(None, DeckFile(**{**built.deck.model_dump(), "name": label}), {})


def _scenario_model(card) -> ev.Scenario:
    mandatory = ev.ScenarioEffect(**card.mandatory.model_dump()) if card.mandatory else None
    return ev.Scenario(code=card.key, name=card.name, horde=card.horde, difficulty=card.difficulty,
                       income=card.income, mandatory_text=mandatory.text if mandatory else None,
                       mandatory=mandatory, henchman=card.henchman,
                       actions=[ev.ScenarioAction(**a.model_dump()) for a in card.actions])


def _scenario_pile(catalog, refs, horde_ids, draw, notes) -> list[ev.Scenario]:
    if refs:
        cards = [catalog.get(r, "scenario", what="scenario") for r in refs]
        if len({c.key for c in cards}) != len(cards):
            raise InputError(Problem("a scenario is given twice", key="--scenarios"))
    else:
        related = sorted((c for c in catalog.of_kind("scenario") if c.horde in horde_ids), key=lambda c: c.key)
        if len(related) < 6:
            raise InputError(Problem(
                f"the catalog has {plural(len(related), 'scenario')} related to {', '.join(horde_ids)}; the scenario pile needs six",
                key="--scenarios", hint="choose six with --scenarios S1,…,S6 (skyforge cards search --kind scenario)"))
        cards = related if len(related) == 6 else sorted(draw.sample(related, 6), key=lambda c: c.key)
        notes.append("scenario pile: " + ", ".join(f"{c.key} {c.name}" for c in cards)
                     + " (the scenarios of the chosen hordes" + (", six at random)" if len(related) > 6 else ")"))
    if len(cards) != 6:
        raise InputError(Problem(f"{len(cards)} scenarios: the scenario pile is six scenario cards",
                                 key="--scenarios"))
    return [_scenario_model(c) for c in cards]


def _portal_pile(catalog, refs, horde_ids, mode, draw, notes) -> list[ev.Portal]:
    if refs:
        cards = [catalog.get(r, "portal", what="portal") for r in refs]
        bad = [c for c in cards if c.stage != 1]
        if bad:
            raise InputError(Problem(f"{', '.join(c.key for c in bad)}: the portal pile is stage 1 portals",
                                     key="--portals"))
        if len({c.key for c in cards}) != len(cards):
            raise InputError(Problem("a portal is given twice", key="--portals"))
    else:
        stage1 = sorted((c for c in catalog.of_kind("portal") if c.stage == 1 and mode in c.modes),
                        key=lambda c: c.key)
        related = [c for c in stage1 if c.horde in horde_ids]
        others = [c for c in stage1 if c.horde not in horde_ids]
        if len(related) >= 4:
            cards = related if len(related) == 4 else sorted(draw.sample(related, 4), key=lambda c: c.key)
            filled = []
        else:
            filled = draw.sample(others, min(4 - len(related), len(others)))
            cards = related + sorted(filled, key=lambda c: c.key)
        if len(cards) < 4:
            raise InputError(Problem(f"the catalog has only {len(cards)} stage 1 {mode} portal" + ("" if len(cards) == 1 else "s"),
                                     key="--portals", hint="choose four with --portals P1,P2,P3,P4"))
        text = "portal pile: " + ", ".join(f"{c.key} {c.name}" for c in cards)
        if filled:
            text += (f" ({len(related)} related to the chosen hordes; "
                     + ", ".join(c.key for c in filled) + " added at random from the other stage 1 portals)")
        else:
            text += " (the stage 1 portals of the chosen hordes)"
        notes.append(text)
    if len(cards) != 4:
        raise InputError(Problem(f"{len(cards)} portals: the portal pile is four stage 1 portals", key="--portals"))
    return [ev.Portal(code=c.key, name=c.name, horde=c.horde) for c in cards]


# --------------------------------------------------------------------------- during the campaign


def _require(state: CampaignState, *statuses: str, doing: str) -> None:
    if state.status not in statuses:
        name = shlex.quote(state.name)
        hints = {"new": f"choose the starting decks first: skyforge campaign start-deck {name} --player P --auto",
                 "ready": f"set up the next game: skyforge campaign next {name}",
                 "scenario": f"finish resolving the scenario: skyforge campaign income {name}",
                 "playing": f"record the game's end: skyforge campaign end {name} --won|--lost --castle-health N",
                 "won": "the campaign is over (won)", "lost": "the campaign is over (lost)"}
        raise StateError(f"cannot {doing} now: the campaign is '{state.status}'", hint=hints.get(state.status))


def _no_offers(state: CampaignState, doing: str) -> None:
    if state.offers_pending:
        waiting = [p.name for p in state.players if p.offers]
        raise StateError(f"cannot {doing} while Recruit offers are open ({', '.join(waiting)} still to take one)",
                         hint=f"skyforge campaign take {shlex.quote(state.name)} --player P N")


def _player(state: CampaignState, name: str):
    p = state.player(name)
    if p is None:
        raise NotFoundError(Problem(f"no player '{name}' in campaign {state.name}",
                                    hint="players: " + ", ".join(q.name for q in state.players)))
    return p


def starting_deck(state: CampaignState, catalog, player: str, cards: dict[str, int] | None = None,
                  auto: bool = False) -> list[ev.StartingDeck]:
    """At most 18 base and 2 legendary cards from the player's market deck."""
    _require(state, "new", doing="choose a starting deck")
    p = _player(state, player)
    if p.starting_deck_chosen:
        raise StateError(f"{p.name} has already chosen a starting deck",
                         hint=f"undo it with: skyforge campaign undo {shlex.quote(state.name)}")
    market = Counter(p.market)
    if auto:
        chosen: Counter = Counter()
        limits = {"base": STARTING_BASE, "legendary": STARTING_LEGENDARY}
        taken = Counter()
        for code in p.market:
            rarity = _rarity(catalog, code)
            if rarity in limits and taken[rarity] < limits[rarity]:
                taken[rarity] += 1
                chosen[code] += 1
    else:
        chosen = Counter()
        problems = []
        for ref, n in (cards or {}).items():
            card = catalog.find(ref, "alliance")
            code = card.key if card is not None else ref
            if n < 1:
                problems.append(Problem("a count must be 1 or more", key=ref, value=n, has_value=True))
            chosen[code] += n
        if not chosen and not problems:
            problems.append(Problem("no cards given", hint="CARD=N … (codes or names), or --auto"))
        if problems:
            raise InputError(problems)
    problems = []
    by_rarity = Counter()
    for code, n in chosen.items():
        if market[code] < n:
            problems.append(Problem(f"{p.name}'s market deck holds {market[code]} of {code}, not {n}", key=code))
        rarity = _rarity(catalog, code)
        if rarity is None:
            problems.append(Problem(f"the catalog gives no rarity for {code}", key=code,
                                    hint="the starting deck takes base and legendary cards only; add rarity to the card"))
        elif rarity not in ("base", "legendary"):
            problems.append(Problem(f"{code} is {rarity}: the starting deck takes at most 18 base cards "
                                    "and 2 legendary cards", key=code))
        else:
            by_rarity[rarity] += n
    if by_rarity["base"] > STARTING_BASE:
        problems.append(Problem(f"{by_rarity['base']} base cards: at most {STARTING_BASE}"))
    if by_rarity["legendary"] > STARTING_LEGENDARY:
        problems.append(Problem(f"{by_rarity['legendary']} legendary cards: at most {STARTING_LEGENDARY}"))
    if problems:
        raise RuleError("; ".join(pr.render() for pr in problems))
    return [ev.StartingDeck(at=now(), player=p.name, cards=dict(sorted(chosen.items())))]


def _rarity(catalog, code: str) -> str | None:
    card = catalog.find(code, "alliance") if catalog is not None else None
    return getattr(card, "rarity", None)


def next_game(state: CampaignState) -> list[ev.GameSetUp]:
    """000 "Scenario Setup": scenario, portal and outsider for the next game."""
    _require(state, "ready", doing="set up the next game")
    _no_offers(state, "set up the next game")
    game = len(state.games) + 1
    draw = rng(state.seed, state.events)
    pile = list(state.scenario_pile)
    if not pile or not state.portal_pile:
        raise StateError("the scenario or portal pile is empty")
    scenario = draw.choice(pile)
    pile.remove(scenario)
    portal = draw.choice(state.portal_pile)
    henchman = None
    if game == 1:
        outsider = portal.name           # "the outsider is the stage 1 portal"
    elif game in (2, 3):
        henchman = draw.choice(pile)     # "remove a random card from the scenario pile and use that henchman"
        outsider = henchman.henchman or f"the henchman on the back of {henchman.name}"
    else:
        outsider = state.final_outsider
    setup = ev.GameSetUp(at=now(), game=game, scenario=scenario.code, portal=portal.code, outsider=outsider,
                         henchman_scenario=henchman.code if henchman else None)
    if scenario.mandatory_effect() is None:
        return [setup]
    return [setup, _mandatory(state, scenario)]


def _mandatory(state: CampaignState, scenario: ev.Scenario) -> ev.MandatoryResolved:
    """The outcome of the scenario's mandatory effect, against ``state`` (gold, offers)."""
    effect = scenario.mandatory_effect()
    return ev.MandatoryResolved(
        at=now(), scenario=scenario.code,
        change=clamp_gold(state.gold + effect.gold) - state.gold if effect.gold else None,
        castle_health=effect.castle_health or None, recruit=effect.recruit,
        offers=_offers(state, effect.recruit) if effect.recruit else None,
        exile=effect.exile, exile_horde=effect.exile_horde, reminder=effect.pending())


def resolve_mandatory(state: CampaignState) -> list[ev.MandatoryResolved]:
    """Apply this game's mandatory effect when `next` did not (it was undone, or the game was set
    up by an older skyforge): "The scenario card may have some mandatory effects at the top that
    must be resolved first." """
    _require(state, "scenario", doing="resolve the scenario's mandatory effect")
    _no_offers(state, "resolve the mandatory effect")
    scenario = state.current.scenario
    if scenario.mandatory_effect() is None:
        raise RuleError(f"the scenario {scenario.name} has no mandatory effect")
    if state.current.mandatory_resolved:
        raise RuleError(f"the mandatory effect of {scenario.name} is already applied",
                        hint=f"take it back with: skyforge campaign undo {shlex.quote(state.name)}")
    if state.current.actions_taken:
        raise RuleError("actions were taken already: the mandatory effect comes first",
                        hint="undo the actions first (skyforge campaign undo), or apply its effect by hand")
    return [_mandatory(state, scenario)]


def _mandatory_first(state: CampaignState) -> None:
    c = state.current
    if (c.scenario is not None and c.scenario.mandatory_effect() is not None and not c.mandatory_resolved
            and not c.actions_taken):
        raise RuleError(f"the mandatory effect of {c.scenario.name} is resolved first",
                        hint=f"skyforge campaign mandatory {shlex.quote(state.name)}")


def find_action(state: CampaignState, ref: str) -> ev.ScenarioAction:
    scenario = state.current.scenario
    actions = scenario.actions if scenario else []
    if ref.strip().isdigit() and 1 <= int(ref) <= len(actions):
        return actions[int(ref) - 1]
    for action in actions:
        if action.name.casefold() == ref.strip().casefold():
            return action
    import difflib

    near = difflib.get_close_matches(ref, [a.name for a in actions], n=1)
    raise NotFoundError(Problem(f"the scenario {scenario.name if scenario else ''} has no action '{ref}'",
                                hint=f"did you mean '{near[0]}'?" if near else
                                "actions: " + ", ".join(a.name for a in actions)))


def take_action(state: CampaignState, ref: str) -> list:
    """Take a listed scenario action, paying (or earning) its gold; Recruit X forms offers."""
    _require(state, "scenario", doing="take a scenario action")
    _no_offers(state, "take another action")
    _mandatory_first(state)
    action = find_action(state, ref)
    if action.name in state.current.actions_taken and not action.repeatable:
        raise RuleError(f"'{action.name}' was already taken: each action may only be taken once "
                        "unless there is a '∞' symbol next to it")
    if action.gold < 0 and state.gold < -action.gold:
        raise RuleError(f"'{action.name}' costs {-action.gold} gold; the Alliance has {state.gold}",
                        hint="earn gold with another action first, or skip it")
    change = clamp_gold(state.gold + action.gold) - state.gold
    offers = _offers(state, action.recruit) if action.recruit else None
    return [ev.ActionTaken(at=now(), action=action.name, change=change, recruit=action.recruit, offers=offers,
                           castle_health=action.castle_health or None, exile=action.exile,
                           exile_horde=action.exile_horde, reminder=action.pending())]


def recruit(state: CampaignState, x: int, free: bool = False) -> list:
    """Recruit X: the scenario's 'Recruit X' action, or (``free``) one from another effect."""
    if x < 1:
        raise InputError(Problem("Recruit X needs X of 1 or more", value=x, has_value=True))
    if not free:
        _require(state, "scenario", doing="take the Recruit action")
        scenario = state.current.scenario
        actions = [a for a in scenario.actions if a.recruit == x]
        if not actions:
            raise RuleError(f"the scenario {scenario.name} lists no 'Recruit {x}' action",
                            hint="actions: " + ", ".join(a.name for a in scenario.actions)
                            + "; use --free for a Recruit from another effect")
        taken = state.current.actions_taken
        open_ = [a for a in actions if a.repeatable or a.name not in taken]
        if not open_:
            raise RuleError(f"'Recruit {x}' was already taken ({', '.join(a.name for a in actions)}): each action "
                            "may only be taken once unless there is a '∞' symbol next to it")
        return take_action(state, open_[0].name)
    _require(state, "ready", "scenario", "playing", doing="recruit")
    _no_offers(state, "recruit again")
    return [ev.OffersFormed(at=now(), recruit=x, offers=_offers(state, x))]


def offer_sizes(cards: int, x: int) -> list[int]:
    """Up to three offers, each the top X cards of what is left (000 "Recruit Action").

    "To form an offer, place the top X cards of your market deck face-up … If the market
    deck is empty, just form as many offers as possible even though some might have fewer
    cards than others": offers are filled in turn, so 4 cards and Recruit 3 give [3, 1]."""
    sizes, left = [], cards
    while left > 0 and len(sizes) < 3:
        size = min(x, left)
        sizes.append(size)
        left -= size
    return sizes


def _offers(state: CampaignState, x: int) -> dict[str, list[list[str]]]:
    """Each player's offers: the top cards of the market deck, dealt offer by offer."""
    offers: dict[str, list[list[str]]] = {}
    for p in state.players:
        top, dealt = list(p.market), []
        for size in offer_sizes(len(top), x):
            dealt.append(top[:size])
            top = top[size:]
        offers[p.name] = dealt
    return offers


def take_offer(state: CampaignState, player: str, number: int) -> list[ev.OfferTaken]:
    p = _player(state, player)
    if not p.offers:
        raise StateError(f"{p.name} has no open offers", hint=f"recruit first: skyforge campaign recruit {shlex.quote(state.name)} X")
    if not 1 <= number <= len(p.offers):
        raise InputError(Problem(f"{p.name} has offers 1 to {len(p.offers)}", value=number, has_value=True))
    rest = [code for i, offer in enumerate(p.offers) if i != number - 1 for code in offer]
    rng(state.seed, state.events).shuffle(rest)   # "at the bottom of the market deck in a random order"
    return [ev.OfferTaken(at=now(), player=p.name, offer=number, cards=list(p.offers[number - 1]), to_bottom=rest)]


def earn_income(state: CampaignState) -> list[ev.IncomeEarned]:
    _require(state, "scenario", doing="earn the scenario income")
    _no_offers(state, "earn the income")
    _mandatory_first(state)
    income = state.current.scenario.income
    return [ev.IncomeEarned(at=now(), change=clamp_gold(state.gold + income) - state.gold)]


def _active(state: CampaignState, doing: str) -> None:
    _require(state, "new", "ready", "scenario", "playing", doing=doing)


def adjust_gold(state: CampaignState, amount: int) -> list[ev.GoldAdjusted]:
    _active(state, "change the gold")
    return [ev.GoldAdjusted(at=now(), amount=amount, change=clamp_gold(state.gold + amount) - state.gold)]


def pillage(state: CampaignState, cards: int) -> list[ev.Pillaged]:
    """Each time X cards are pillaged the Alliance loses X gold, once however many players discard."""
    if cards < 1:
        raise InputError(Problem("the number of pillaged cards must be 1 or more", value=cards, has_value=True))
    _require(state, "scenario", "playing", doing="pillage")
    return [ev.Pillaged(at=now(), cards=cards, change=clamp_gold(state.gold - cards) - state.gold)]


def exile(state: CampaignState, catalog, player: str | None, card: str, *, free: bool = False,
          horde: bool = False) -> list[ev.Exiled]:
    """Exile a card: from a player's deck (to the bottom of their market deck), or (``horde``) from
    the campaign's horde deck. It draws on the allowance of the Exile X action just taken; beyond
    it, or with none, only ``free`` (a house rule, recorded in the event) allows it."""
    _require(state, "ready", "scenario", "playing", doing="exile a card")
    _no_offers(state, "exile")
    if horde:
        found = catalog.find(card, "horde") if catalog is not None else None
        code = found.key if found is not None else card
        if state.horde_deck.get(code, 0) < 1:
            raise RuleError(f"the campaign's horde deck holds no {code}",
                            hint="skyforge campaign show lists the horde deck")
        if not free and state.current.horde_exile_allowance < 1:
            raise RuleError("no effect lets the Alliance exile a horde card now",
                            hint="a house rule? record it as one with --free")
        return [ev.Exiled(at=now(), card=code, horde=True, free=free)]
    p = _player(state, player or "")
    found = catalog.find(card, "alliance") if catalog is not None else None
    code = found.key if found is not None else card
    if p.deck.get(code, 0) < 1:
        raise RuleError(f"{p.name}'s deck holds no {code}",
                        hint="cards in the deck: " + ", ".join(sorted(p.deck)) if p.deck else None)
    if not free:
        left = state.current.exile_allowance.get(p.name, 0)
        if left < 1:
            given = state.current.exile_allowance
            raise RuleError(
                f"{p.name} has exiled the cards the Exile action allows" if p.name in given else
                f"{p.name} may exile a card only with an Exile X action just taken (none is open)",
                hint="take the scenario's Exile action first; a house rule? record it as one with --free")
    return [ev.Exiled(at=now(), player=p.name, card=code, free=free)]


DEMO_NOTE = demo_note()


def uses_demo_data(state: CampaignState, catalog=None) -> bool:
    """Whether the campaign's castle, decks, scenarios, portals or hordes are demo data (the DEMO set).

    Codes are looked up in ``catalog`` when given; a code of the DEMO set counts as demo anyway,
    so a campaign read with another catalog is still marked."""
    codes = [state.castle, *state.horde_deck]
    codes += [x.code for x in (*state.scenario_pile, *state.portal_pile)]
    codes += [x for g in state.games for x in (g.scenario, g.portal)]
    for p in state.players:
        codes += [p.castle, *p.deck, *p.market]
    for code in codes:
        if code and code.upper().startswith("DEMO."):
            return True
    if catalog is not None:
        if any(catalog.provenance(c) == "demo" for c in catalog.of_kind("horde")
               if getattr(c, "horde", None) in state.hordes):
            return True
        for code in dict.fromkeys(c for c in codes if c):
            try:
                card = catalog.find(code)
            except SkyforgeError:
                card = None
            if card is not None and catalog.provenance(card) == "demo":
                return True
    return False


def set_health(state: CampaignState, health: int, catalog=None) -> list[ev.HealthSet]:
    """Set the castle health: any whole number — "There is no maximum or minimum health value"
    (000/001 glossary, HEALTH). ``catalog`` is unused (kept for callers)."""
    _require(state, "ready", "scenario", "playing", doing="change the castle health")
    return [ev.HealthSet(at=now(), castle_health=health)]


def end_game(state: CampaignState, won: bool, castle_health: int,
             catalog=None) -> list[ev.GameEnded]:
    _require(state, "playing", doing="end the game")
    _no_offers(state, "end the game")
    if won and castle_health < 1:
        raise RuleError("a game won with the castle at 0 health? A destroyed castle loses the game",
                        hint="use --lost, or give the castle's health at the end of the game")
    return [ev.GameEnded(at=now(), game=state.game, result="won" if won else "lost", castle_health=castle_health)]


__all__ = ["DEMO_NOTE", "GAMES", "GOLD_MAX", "PlayerSpec", "adjust_gold", "earn_income", "end_game", "exile",
           "new_campaign", "next_game", "offer_sizes", "parse_player", "pillage", "recruit",
           "resolve_mandatory", "rng", "set_health", "starting_deck", "take_action", "take_offer", "uses_demo_data"]
