"""Custom alliance deck rules (000 "Customizing Decks", 001 "Custom Decks").

Pure functions: decks and a catalog in, every violation out (never just the
first). The castle's back is data (``CastleCard.deck_rules``); the only rule
not printed on castles — the copy limits across all players' decks — is the
table ``COPY_LIMITS``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, get_args

from pydantic import Field, computed_field

from skyforge.catalog.backs import BackEntry, back_entries, back_names
from skyforge.catalog.constants import COPY_LIMITS, RARITIES
from skyforge.catalog.index import Catalog, card_label
from skyforge.catalog.models import AllianceCard, CastleCard, DeckRule
from skyforge.decks.files import Deck
from skyforge.decks.models import CollectionFile
from skyforge.empty import empty_dict, empty_list
from skyforge.errors import SkyforgeError
from skyforge.results import Result
from skyforge.rules.owned import owned_counts
from skyforge.text import a, plural, plural_word

if TYPE_CHECKING:
    from skyforge.catalog.models import CardRule

#: the stable rule ids of a violation (docs: DESIGN.md §3): scripts and the deck assistant key on them
RuleId = Literal[
    "unknown-card",
    "not-alliance-card",
    "unknown-castle",
    "rarity-not-allowed",
    "faction-not-allowed",
    "rarity-limit",
    "deck-size",
    "copy-limit",
    "collection-limit",
    "card-rule",
    "missing-data",
    "same-castle",
    "castle-requires",
    "castle-excludes",
]
RULE_IDS: tuple[RuleId, ...] = get_args(RuleId)


@dataclass(frozen=True)
class Refusal:
    """Why a castle does not admit a card: the rule id and the message, in the player's words."""

    rule: RuleId
    message: str
    hint: str | None = None


def castle_refuses(catalog: Catalog, castle: CastleCard, card: AllianceCard) -> Refusal | None:
    """Does ``castle`` admit ``card`` (errata applied)? ``None`` if it does, else why not.

    The one decision every caller shares (validation, choosing cards, the deck assistant):
    the castle's exclusions first, whatever else admits the card; then its required cards, which
    are admitted whatever the rarity lines say; then the card's related hero against the castle's;
    then the rarity line: the types it restricts the rarity to ("allies only": a spell is refused
    for its type, whatever its faction), then any faction, the card's faction, one of its subtypes
    or its type.
    """
    if back_names(catalog, castle.excludes, card) is not None:
        return Refusal(
            "castle-excludes",
            f"castle {card_label(castle, quoted=True)} cannot include {card_label(card, quoted=True)}",
        )
    banned = {s.casefold(): s for s in castle.excludes_subtypes}
    for subtype in card.subtypes:
        if subtype.casefold() in banned:
            name = banned[subtype.casefold()]
            return Refusal(
                "castle-excludes",
                f"{card_label(card, quoted=True)} is {a(name)}: castle {card_label(castle, quoted=True)} cannot include {plural_word(name)}",
            )
    if back_names(catalog, castle.requires, card) is not None:
        return None
    if castle.hero and card.hero and card.hero.casefold() != castle.hero.casefold():
        return Refusal(
            "card-rule",
            f"{card_label(card, quoted=True)} is related to the hero {card.hero}; the hero of castle {card_label(castle, quoted=True)} is {castle.hero}",
        )
    if card.rarity is None:
        return Refusal(
            "missing-data",
            f"{card_label(card, quoted=True)} has no rarity in the catalog, so it cannot be checked",
            hint=f"fill in 'rarity' for it in {catalog.source_file(card.key)}",
        )
    rule = next((r for r in castle.deck_rules or [] if r.rarity == card.rarity), None)
    if rule is None:
        return Refusal(
            "rarity-not-allowed",
            f"{card_label(card, quoted=True)} is {card.rarity}; castle {card_label(castle, quoted=True)} allows no {card.rarity} cards",
        )
    if rule.only_types and card.type not in rule.only_types:
        if card.type is None:
            return Refusal(
                "missing-data",
                f"{card_label(card, quoted=True)} has no type in the catalog, so it cannot be checked",
                hint=f"fill in 'type' for it in {catalog.source_file(card.key)}",
            )
        # refused for its type whatever its faction: the line restricts the rarity to some types
        return Refusal(
            "faction-not-allowed",
            f"{card_label(card, quoted=True)} is {a(card.type)}; castle {card_label(castle, quoted=True)} allows {card.rarity} "
            f"{_types_only(rule.only_types)}",
        )
    if rule.any_faction or card.faction in rule.factions or card.type in rule.types:
        return None
    if {s.casefold() for s in card.subtypes} & {s.casefold() for s in rule.subtypes}:
        return None
    if card.faction is None:
        return Refusal(
            "missing-data",
            f"{card_label(card, quoted=True)} has no faction in the catalog, so it cannot be checked",
            hint=f"fill in 'faction' for it in {catalog.source_file(card.key)}",
        )
    allowed = " or ".join(rule.factions) or "no faction"
    also = [f"subtype {', '.join(rule.subtypes)}"] if rule.subtypes else []
    also += [f"{plural_word(t)} of any faction" for t in rule.types]
    if also:
        allowed += " (or " + ", ".join(also) + ")"
    return Refusal(
        "faction-not-allowed",
        f"{card_label(card, quoted=True)} is {card.faction}; castle {card_label(castle, quoted=True)} allows {card.rarity} cards of {allowed}",
    )


def card_rule_refuses(castle: CastleCard, card: AllianceCard) -> Refusal | None:
    """The card's own rules against the deck's castle ("only with a kurumo castle"); ``None`` if
    they allow it. Shared by validation, choosing cards and the deck assistant."""
    for rule in card.card_rules:
        if rule.castle_factions and castle.faction not in rule.castle_factions:
            return Refusal(
                "card-rule",
                f"{card_label(card, quoted=True)} may only be used with a {' or '.join(rule.castle_factions)} castle{_said(rule)}",
            )
    return None


def copies_per_deck(card: AllianceCard) -> int | None:
    """The most copies of ``card`` one deck may hold by the card's own rules; ``None``: no such rule."""
    caps = [rule.max_copies for rule in card.card_rules if rule.max_copies is not None]
    return min(caps) if caps else None


def copy_limit(card: AllianceCard) -> int | None:
    """The copy limit of ``card`` across all players' decks (``COPY_LIMITS`` by rarity)."""
    return COPY_LIMITS[card.rarity] if card.rarity else None


def most_copies() -> int:
    """The most copies of any one card the copy limits allow across all players' decks."""
    return max(COPY_LIMITS.values())


def copy_limits_words() -> str:
    """The copy limits, from ``COPY_LIMITS``: "at most 3 copies of a base card, 2 of a rare and 1
    of a mythic or legendary card"."""
    by_limit: dict[int, list[str]] = {}
    for rarity, limit in COPY_LIMITS.items():
        by_limit.setdefault(limit, []).append(rarity)
    parts = [(n, " or ".join(rarities)) for n, rarities in sorted(by_limit.items(), reverse=True)]
    words = [f"{n} of a {rarities}" for n, rarities in parts]
    words[0] = f"{parts[0][0]} copies of a {parts[0][1]}" + (" card" if len(parts) > 1 else "")
    words[-1] += " card"
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return "at most " + listed


def needed_cards(catalog: Catalog, card: AllianceCard) -> list[str]:
    """The keys of the cards ``card``'s own rules say must be in the same deck."""
    keys = []
    for rule in card.card_rules:
        for ref in rule.requires:
            needed = catalog.find(ref)
            keys.append(needed.key if needed else ref)
    return keys


def rarity_maxima(castle: CastleCard) -> dict[str, int]:
    """The castle back's "at most N cards of this rarity", by rarity."""
    return {rule.rarity: rule.max for rule in castle.deck_rules or [] if rule.max is not None}


def required_cards(catalog: Catalog, castle: CastleCard) -> list[BackEntry]:
    """The cards ``castle``'s back says the deck must hold, each with the catalog's cards it names
    (errata applied; none when the catalog lacks it: it is kept as printed)."""
    return back_entries(catalog, castle, "requires")


def castle_back_summary(catalog: Catalog, castle: CastleCard) -> str | None:
    """What the castle's back requires and excludes, in words (the test data's example: "must
    include Vorhild · cannot include Rogues, Sly"); ``None`` when it requires and excludes nothing."""
    head = []
    if castle.requires:
        head.append("must include " + ", ".join(_named(e) for e in back_entries(catalog, castle, "requires")))
    banned = [plural_word(s) for s in castle.excludes_subtypes]
    banned += [_named(e) for e in back_entries(catalog, castle, "excludes")]
    if banned:
        head.append("cannot include " + ", ".join(banned))
    if castle.hero:
        head.append(f"hero {castle.hero}: no cards of another hero")
    return " · ".join(head) or None


def admitted_words(rule: DeckRule) -> str:
    """Who a rarity line admits: "Liothan, Taulot, and allies of any colour"; "any faction,
    allies only"."""
    if rule.any_faction:
        who = ["any faction"]
    else:
        who = [f.capitalize() for f in rule.factions]
        who += [f"{plural_word(s)} of any colour" for s in rule.subtypes]
        who += [f"{plural_word(t)} of any colour" for t in rule.types]
    only = f", {_types_only(rule.only_types)}" if rule.only_types else ""
    if len(who) < 3:
        return (" and ".join(who) or "no faction") + only
    return ", ".join(who[:-1]) + ", and " + who[-1] + only


class _Report(Protocol):
    """How a deck's check reports a violation: the rule, the message and Violation's other fields."""

    def __call__(self, rule: RuleId, message: str, **kw: Any) -> None: ...


def _none(value: object) -> bool:
    return value is None


def _empty(value: object) -> bool:
    return not value


class Violation(Result):
    """A rule a deck breaks: the rule's id, the message, the deck (or, across decks, the decks),
    the cards, and what would fix it. Its dump is one of ``deck validate --json``'s violations:
    ``decks`` only when there are some, the other fields from ``fix`` on only when known."""

    rule: RuleId
    deck: str | None = None
    cards: tuple[str, ...] = ()
    message: str
    decks: tuple[str, ...] = Field(default=(), exclude_if=_empty)
    fix: str | None = Field(default=None, exclude_if=_none)
    count: int | None = Field(default=None, exclude_if=_none)
    limit: int | None = Field(default=None, exclude_if=_none)
    line: int | None = Field(default=None, exclude_if=_none)
    hint: str | None = Field(default=None, exclude_if=_none)


class DeckReport(Result):
    """One deck of a validation: its file, name, castle, size and whether it is legal."""

    file: str
    name: str
    castle: str | None
    size: int
    valid: bool = True
    player: str | None = Field(default=None, exclude_if=_empty)
    #: the cards as checked (errata applied), by code; not in the dump
    cards: dict[str, int] = Field(default_factory=empty_dict, exclude=True)
    notes: list[str] = Field(default_factory=empty_list, exclude_if=_empty)


class ValidationReport(Result):
    """Every violation of the decks checked together: ``deck validate --json`` (DESIGN.md §3)."""

    #: the decks were checked as one game's (copy limits and castles across them), not each on its own
    one_game: bool = True
    decks: list[DeckReport]
    violations: list[Violation]
    #: what the report as a whole should say: how the decks were checked, printings counted together
    notes: list[str] = Field(default_factory=empty_list, exclude_if=_empty)
    demo: bool = Field(default=False, serialization_alias="demo_data", exclude_if=_empty)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def valid(self) -> bool:
        return not self.violations


@dataclass
class _Entry:
    ref: str
    card: AllianceCard
    count: int
    deck: Deck

    @property
    def line(self) -> int | None:
        # looked up only for a violation: a valid deck never pays for its line map
        return self.deck.line_of("cards", self.ref)


#: the most alliance decks one game has: "1-2 Solo or Co-op" (000); "If there are two alliance
#: players, choose another castle" (001)
GAME_DECKS = 2


def validate_decks(
    catalog: Catalog,
    decks: list[Deck],
    collection: CollectionFile | None = None,
    *,
    owned: Counter[str] | None = None,
) -> ValidationReport:
    """Check decks played together: each against its castle, and the copy limits across all.

    The caller gives one game's decks (a game has one or two: ``GAME_DECKS``); a table of more
    (an export's pull list) is checked as the caller asks. :func:`validate_given` decides for
    decks as a person gives them. ``owned``: the collection's copies, where the caller counted
    them already (``owned_counts``; ``deck plan`` checks a hundred proposals against one collection).
    """
    if owned is None and collection is not None:
        owned = owned_counts(catalog, collection)
    return _game(catalog, decks, owned, {})


def validate_given(catalog: Catalog, decks: list[Deck], collection: CollectionFile | None = None) -> ValidationReport:
    """Check the decks a person gives together (``deck validate A B``): one or two are one game's
    decks, checked together (:func:`validate_decks`). A game has one or two alliance decks
    (``GAME_DECKS``), so three or more are not one game's: each is checked on its own, as
    :func:`validate_each` does, and the report says so (``one_game`` false, and a note) — which
    of them would play together is not known, so no pair is guessed.
    """
    if len(decks) <= GAME_DECKS:
        return validate_decks(catalog, decks, collection)
    owned = owned_counts(catalog, collection) if collection is not None else None
    why = (
        f"{len(decks)} decks given together are not one game's: a game has one or two alliance decks "
        '(000 "1-2 Solo or Co-op"), so each deck is checked on its own, with no copy limit and no '
        "same-castle rule across them; give the one or two decks of one game together to check those"
    )
    return _each(catalog, decks, owned, why)


def validate_each(catalog: Catalog, decks: list[Deck], collection: CollectionFile | None = None) -> ValidationReport:
    """Check decks that are not one game's (every deck of a workspace): each against its castle
    and the collection on its own, no copy limit across them; one report."""
    owned = owned_counts(catalog, collection) if collection is not None else None
    why = (
        f"{len(decks)} decks, each checked on its own (they are not one game's decks): no copy limit "
        "and no same-castle rule across them"
    )
    return _each(catalog, decks, owned, why if len(decks) > 1 else None)


def _each(catalog: Catalog, decks: list[Deck], owned: Counter[str] | None, why: str | None) -> ValidationReport:
    known: dict = {}  # card look-ups by reference, shared: the decks mostly hold the same cards
    reports = [_game(catalog, [deck], owned, known) for deck in decks]
    return ValidationReport.of(
        decks=[d for r in reports for d in r.decks],
        violations=[v for r in reports for v in r.violations],
        demo=any(r.demo for r in reports),
        one_game=False,
        notes=([why] if why else []) + [n for r in reports for n in r.notes],
    )


def _game(catalog: Catalog, decks: list[Deck], owned: Counter[str] | None, known: dict) -> ValidationReport:
    """The decks of one game (one or two): each against its castle, then the rules across them."""
    reports: list[DeckReport] = []
    found: list[Violation] = []
    resolved: list[tuple[Deck, list[_Entry]]] = []
    demo = False
    for deck in decks:
        report, entries, problems = _check_deck(catalog, deck, known)
        reports.append(report)
        resolved.append((deck, entries))
        found.extend(problems)
        demo = demo or any(catalog.provenance(e.card) == "demo" for e in entries)
    # the cause first: two decks on one castle explain the copy limits they break together
    violations = _same_castle(catalog, decks) + found
    # where a card breaks its own deck's rules too, removing it there fixes both
    illegal = {(v.deck, card) for v in found for card in v.cards}
    notes: list[str] = []
    violations.extend(_copy_limits(resolved, illegal, notes))
    if owned is not None:
        violations.extend(_collection_limits(resolved, owned, illegal))
    flagged: set[str | None] = set()  # the files a violation names
    for v in violations:
        flagged.add(v.deck)
        flagged.update(v.decks)
    checked = [r.model_copy(update={"valid": r.file not in flagged}) for r in reports]
    return ValidationReport.of(decks=checked, violations=violations, demo=demo, notes=notes)


def _check_deck(catalog: Catalog, deck: Deck, known: dict) -> tuple[DeckReport, list[_Entry], list[Violation]]:
    """One deck against its castle and its cards' own rules; ``known`` caches card look-ups by reference."""
    found: list[Violation] = []
    notes: list[str] = []
    file = deck.file

    def violation(rule: RuleId, message: str, **kw: Any) -> None:
        found.append(Violation.of(rule=rule, message=message, deck=file, **kw))

    castle = _castle(catalog, deck, violation)
    entries: dict[str, _Entry] = {}
    size = 0
    for ref, count in deck.data.cards.items():
        size += count
        if ref not in known:  # decks checked together mostly hold the same cards: look each up once
            hit = catalog.find(ref)
            known[ref] = (hit, catalog.with_errata(hit) if hit is not None and hit.kind == "alliance" else hit)
        card, checked_as = known[ref]
        if card is None:
            violation(
                "unknown-card",
                f"{ref} is not in the catalog",
                cards=(ref,),
                line=deck.line_of("cards", ref),
                hint=catalog.suggest(ref, "alliance"),
                fix=f"remove {ref} or correct its code",
            )
            continue
        if card.kind != "alliance":
            violation(
                "not-alliance-card",
                f"{card_label(card, quoted=True)} is {a(card.kind)} card, not an alliance card",
                cards=(card.key,),
                line=deck.line_of("cards", ref),
                fix=f"remove {card.key} from the [cards] table",
            )
            continue
        old, card = card, checked_as
        if card is not old:
            notes.append(f"{old.key} is corrected by errata {card.key} ({card.name}); checked as {card.key}")
        assert card.kind == "alliance"
        if card.key in entries:
            entries[card.key].count += count
            notes.append(f"{card.key} is listed more than once; counted {entries[card.key].count} copies")
        else:
            entries[card.key] = _Entry(ref, card, count, deck)
    checked = list(entries.values())
    if castle is not None:
        _castle_rules(catalog, castle, checked, size, violation)
    _card_rules(catalog, castle, checked, violation)
    for entry in checked:
        if entry.card.rarity is None:
            violation(
                "missing-data",
                f"{card_label(entry.card, quoted=True)} has no rarity in the catalog, so it cannot be checked",
                cards=(entry.card.key,),
                line=entry.line,
                hint=f"fill in 'rarity' for it in {catalog.source_file(entry.card.key)}",
            )
    report = DeckReport.of(
        file=file,
        name=deck.name,
        castle=castle.key if castle else deck.data.castle,
        size=size,
        player=deck.data.player,
        cards={e.card.key: e.count for e in checked},
        notes=notes,
    )
    return report, checked, found


def _castle(catalog: Catalog, deck: Deck, violation: _Report) -> CastleCard | None:
    ref = deck.data.castle
    card = catalog.find(ref, "castle")
    line = deck.line_of("castle") if card is None or card.deck_rules is None else None
    if card is None:
        other = catalog.find(ref)
        message = (
            f"{card_label(other, quoted=True)} is {a(other.kind)} card, not a castle"
            if other is not None
            else f"no castle '{ref}' in the catalog"
        )
        violation(
            "unknown-castle",
            message,
            cards=(ref,),
            line=line,
            hint=catalog.suggest(ref, "castle") or "see `skyforge castles`",
        )
        return None
    assert card.kind == "castle"
    if card.deck_rules is None:
        violation(
            "missing-data",
            f"castle {card_label(card, quoted=True)} has no deck-building rules in the catalog",
            cards=(card.key,),
            line=line,
            hint=f"copy the back of the card into [[cards.deck_rules]] tables in {catalog.source_file(card.key)}",
        )
        return None
    return card


def _castle_rules(catalog: Catalog, castle: CastleCard, entries: list[_Entry], size: int, violation: _Report) -> None:
    per_rarity: Counter[str] = Counter()
    for required in required_cards(catalog, castle):
        if any(back_names(catalog, [required.ref], entry.card) for entry in entries):
            continue
        card = required.card
        absent = f"{required.ref} is not in your catalog" if not required.cards else None
        violation(
            "castle-requires",
            f"castle {card_label(castle, quoted=True)} requires {card_label(card, quoted=True) if card else required.ref} in the deck "
            "(it counts toward the deck size)" + (f"; {absent}" if absent else ""),
            cards=(required.key,),
            line=None,
            hint="add the card to your catalog first (skyforge catalog add)" if absent else None,
            fix=(f"add 1 × {card.key} ({card.name})" if card else f"add 1 × {required.ref}")
            + (" in place of another card" if castle.deck_size and castle.deck_size.max == size else ""),
        )
    for entry in entries:
        card = entry.card
        if card.rarity is None:
            continue
        per_rarity[card.rarity] += entry.count
        refusal = castle_refuses(catalog, castle, card)
        if refusal is not None:
            violation(
                refusal.rule,
                refusal.message,
                cards=(card.key,),
                line=entry.line,
                hint=refusal.hint,
                fix=None if refusal.hint else f"remove {entry.count} × {card.key}",
            )
    maxima = rarity_maxima(castle)
    for rarity in RARITIES:
        most = maxima.get(rarity)
        if most is None or per_rarity[rarity] <= most:
            continue
        held = [e for e in entries if e.card.rarity == rarity]
        over = per_rarity[rarity] - most
        violation(
            "rarity-limit",
            f"{plural(per_rarity[rarity], f'{rarity} card')}; castle {card_label(castle, quoted=True)} allows at most {most}",
            cards=tuple(e.card.key for e in held),
            count=per_rarity[rarity],
            limit=most,
            fix=f"remove {plural(over, f'{rarity} card')} of these: "
            + ", ".join(f"{e.count} × {e.card.key} ({e.card.name})" for e in held),
        )
    if castle.deck_size is None:
        violation(
            "missing-data",
            f"castle {card_label(castle, quoted=True)} has no deck size in the catalog, so the deck's size ({size}) cannot be checked",
            cards=(castle.key,),
            hint=f"add deck_size = {{ min = N, max = N }} to its entry in {catalog.source_file(castle.key)}, "
            "N being the deck size the castle's back gives",
        )
    else:
        low, high = castle.deck_size.min, castle.deck_size.max
        if size < low or (high is not None and size > high):
            wanted = f"exactly {low}" if high == low else (f"{low}–{high}" if high else f"at least {low}")
            fix = f"add {plural(low - size, 'card')}" if size < low else f"remove {plural(size - high, 'card')}"  # type: ignore[operator]
            violation(
                "deck-size",
                f"{plural(size, 'card')}; castle {card_label(castle, quoted=True)} needs {wanted}",
                count=size,
                limit=low if size < low else high,
                fix=fix,
            )


def _card_rules(catalog: Catalog, castle: CastleCard | None, entries: list[_Entry], violation: _Report) -> None:
    present = {e.card.key for e in entries}
    for entry in entries:
        card = entry.card
        if castle is not None and (refusal := card_rule_refuses(castle, card)) is not None:
            violation(
                refusal.rule,
                refusal.message,
                cards=(card.key,),
                line=entry.line,
                fix=f"remove {entry.count} × {card.key}",
            )
        for rule in card.card_rules:
            said = _said(rule)
            if rule.max_copies is not None and entry.count > rule.max_copies:
                violation(
                    "card-rule",
                    f"{entry.count} × {card_label(card, quoted=True)}; the card allows at most {rule.max_copies} per deck{said}",
                    cards=(card.key,),
                    line=entry.line,
                    count=entry.count,
                    limit=rule.max_copies,
                    fix=f"remove {entry.count - rule.max_copies} × {card.key}",
                )
            for ref in rule.requires:
                needed = catalog.find(ref)
                key = needed.key if needed else ref
                if key not in present:
                    violation(
                        "card-rule",
                        f"{card_label(card, quoted=True)} needs {key} in the same deck{said}",
                        cards=(card.key, key),
                        line=entry.line,
                        fix=f"add {key} or remove {card.key}",
                    )


def _same_castle(catalog: Catalog, decks: list[Deck]) -> list[Violation]:
    """Decks played together follow different castles: "If there are two players, choose another
    castle that will remain out of play" (000 Setup, 001 Setup)."""
    by_castle: dict[str, list[Deck]] = defaultdict(list)
    for deck in decks:
        try:
            castle = catalog.find(deck.data.castle, "castle") if deck.data.castle else None
        except SkyforgeError:  # an ambiguous name: reported as unknown-castle
            castle = None
        if castle is not None:
            by_castle[castle.key].append(deck)
    out = []
    for key, same in by_castle.items():
        if len(same) > 1:
            names = tuple(d.file for d in same)
            out.append(
                Violation.of(
                    rule="same-castle",
                    message=f"{len(same)} decks follow castle {key}: with two players, the second "
                    "player's deck follows another castle (out of play)",
                    decks=names,
                    fix=f'give {names[-1]} another castle (castle = "…")',
                )
            )
    return out


def _holdings(
    resolved: list[tuple[Deck, list[_Entry]]], group: Callable[[AllianceCard], str]
) -> dict[str, list[tuple[Deck, _Entry]]]:
    """Each card (each ``group`` of cards), with the decks holding it."""
    holders: dict[str, list[tuple[Deck, _Entry]]] = defaultdict(list)
    for deck, entries in resolved:
        for entry in entries:
            holders[group(entry.card)].append((deck, entry))
    return holders


def _over_limit(
    rule: RuleId,
    resolved: list[tuple[Deck, list[_Entry]]],
    illegal: set,
    limit_of: Callable[[AllianceCard], int | None],
    message_of: Callable[[list[tuple[Deck, _Entry]], int, int, list[str]], str],
    group: Callable[[AllianceCard], str] = lambda card: card.key,
) -> list[Violation]:
    """A violation for every card (every ``group`` of printings) whose copies across all decks
    exceed ``limit_of(card)`` (the smallest limit of its printings)."""
    found = []
    for holders in _holdings(resolved, group).values():
        limits = [x for x in {limit_of(e.card) for _, e in holders} if x is not None]
        total = sum([e.count for _, e in holders])
        if not limits or total <= min(limits):
            continue
        limit = min(limits)
        files = list(dict.fromkeys(d.file for d, _ in holders))
        single = len(files) == 1
        names = _labels([d for d, _ in holders])
        found.append(
            Violation.of(
                rule=rule,
                message=message_of(holders, total, limit, names),
                deck=files[0] if single else None,
                decks=() if single else tuple(files),
                cards=tuple(dict.fromkeys(e.card.key for _, e in holders)),
                count=total,
                limit=limit,
                line=holders[0][1].line if len(holders) == 1 else None,
                fix=_removals(total - limit, holders, illegal, names),
            )
        )
    return found


def printing_group(card: AllianceCard) -> str:
    """What the copy limits count together: the card's name, so that two printings of one card
    under two codes (a reprint) are copies of one card. skyforge's reading: the rulebooks count
    "copies of any Mythic or Legendary card" and never speak of reprints."""
    return card.name.casefold()


def _copy_limits(resolved: list[tuple[Deck, list[_Entry]]], illegal: set, notes: list[str]) -> list[Violation]:
    """At most 1 of a mythic or legendary card, 2 of a rare, 3 of a base, across all decks; the
    printings of one card (one name, several codes) count together."""
    scope = "across all players' decks" if len(resolved) > 1 else "in a deck"

    def limit_of(card: AllianceCard) -> int | None:
        return COPY_LIMITS[card.rarity] if card.rarity else None

    def message(holders: list[tuple[Deck, _Entry]], total: int, limit: int, names: list[str]) -> str:
        card = holders[0][1].card
        printings = list(dict.fromkeys(e.card.key for _, e in holders))
        if len(printings) == 1:
            where = ", ".join([f"{e.count} in {name}" for (_, e), name in zip(holders, names)])
            return f"{total} copies of {card.rarity} card {card_label(card, quoted=True)} ({where}); at most {limit} {scope}"
        rarity = next(e.card.rarity for _, e in holders if limit_of(e.card) == limit)
        where = ", ".join([f"{e.count} × {e.card.key} in {name}" for (_, e), name in zip(holders, names)])
        return (
            f"{total} copies of {rarity} card '{card.name}' ({where}); at most {limit} {scope}: {_printings(printings)}"
        )

    found = _over_limit("copy-limit", resolved, illegal, limit_of, message, printing_group)
    over = {v.cards for v in found}
    for holders in _holdings(resolved, printing_group).values():
        printings = tuple(dict.fromkeys(e.card.key for _, e in holders))
        if len(printings) > 1 and printings not in over:
            total = sum(e.count for _, e in holders)
            notes.append(f"{_printings(printings)} ('{holders[0][1].card.name}', {plural(total, 'copy', 'copies')})")
    return found


def _printings(keys: Iterable[str]) -> str:
    return (
        f"{' and '.join(keys)} are printings of one card (one name), counted together for the copy limit "
        "(skyforge's reading: the rulebooks say nothing of reprints)"
    )


def _removals(excess: int, holders: list[tuple[Deck, _Entry]], illegal: set, names: list[str]) -> str:
    """Which copies to remove: first where the card is illegal anyway, then from the largest holdings
    (in the order the decks were given, among holdings of the same size)."""
    steps = []
    counts = [e.count for _, e in holders]
    order = sorted(range(len(holders)), key=counts.__getitem__, reverse=True)  # stable, even reversed
    if illegal:
        legal = [(d.file, e.card.key) not in illegal for d, e in holders]
        order.sort(key=legal.__getitem__)  # stable: sizes stay in order
    for i in order:
        if excess <= 0:
            break
        take = min(excess, counts[i])
        steps.append(f"remove {take} × {holders[i][1].card.key} from {names[i]}")
        excess -= take
    return "; ".join(steps)


def _labels(decks: list[Deck]) -> list[str]:
    """How a message names each deck: "Bo's deck", or by file when two decks would read the same."""
    labels = [d.label for d in decks]
    count = Counter(labels)
    if len(count) == len(labels):
        return labels
    # one deck named twice (it holds two printings of one card) is one deck: only others clash
    count = Counter(label for label, _ in dict.fromkeys(zip(labels, (d.file for d in decks))))
    return [label if count[label] == 1 else f"{label} ({d.file})" for d, label in zip(decks, labels)]


def _collection_limits(resolved: list[tuple[Deck, list[_Entry]]], owned: Counter[str], illegal: set) -> list[Violation]:
    return _over_limit(
        "collection-limit",
        resolved,
        illegal,
        lambda card: owned.get(card.key, 0),
        lambda holders, total, have, _names: (
            f"{total} × {card_label(holders[0][1].card, quoted=True)} needed, your collection has {have}"
        ),
    )


def _named(entry: BackEntry) -> str:
    """A card a back names, for the back in words: its name, or as printed when the catalog lacks it."""
    return entry.name if entry.cards else f"{entry.ref} (not in the catalog)"


def _said(rule: CardRule) -> str:
    """The card rule as printed, for a message: ' ("…")'."""
    return f" (\u201c{rule.text}\u201d)" if rule.text else ""


def _types_only(types: Iterable[str]) -> str:
    """ "allies only", "allies and towers only"."""
    return " and ".join(plural_word(t) for t in types) + " only"
