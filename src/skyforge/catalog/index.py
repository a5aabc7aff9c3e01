"""The merged catalog: look-ups by code or name, errata, search."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, MutableMapping, Sequence
from copy import copy as shallow_copy
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

from skyforge.catalog.codes import normalize_code, number_of, set_of, slug
from skyforge.catalog.constants import RARITY_ALIASES
from skyforge.errors import NotFoundError, Problem, option
from skyforge.text import did_you_mean

if TYPE_CHECKING:
    from skyforge.catalog.models import (
        AllianceCard,
        ArenaHero,
        BattlePlan,
        Card,
        CardBase,
        CardSet,
        CastleCard,
        DifficultyLevel,
        DifficultyModifier,
        DraftFormat,
        FirstGame,
        GameModeRule,
        HeroClassList,
        Horde,
        HordeCard,
        OnwardHero,
        OutsiderCard,
        OutsiderTypeRule,
        PortalCard,
        PremadeDeck,
        ScenarioCard,
        TeamPreset,
    )


@dataclass(frozen=True)
class Origin:
    """Where an entry was defined, and whether it is official, demo or user data."""

    file: Path
    line: int | None
    provenance: str
    completed_by: tuple[Path, int | None] | None = None  # the user's entry that filled in an official one


V = TypeVar("V")
#: the fields the catalog knows without making a card (None: a card of a kind without the field),
#: so ``cards search --faction F --rarity R`` makes only the cards it finds, and a campaign names
#: its cards' facts (``campaign recruit``'s offers) without making them
FACETS = ("faction", "rarity", "type", "cost")
#: a card's value of one of :data:`FACETS`
Facet = str | int | None
#: what a catalog is indexed by without making a card, as columns: every card's key, name and kind
#: in the catalog's order, the code each erratum replaces (by the erratum's key), and each of
#: :data:`FACETS` (by field)
Summary = tuple[list[str], list[str], list[str], dict[str, str], dict[str, list[Facet]]]
#: a value of a :class:`LazyTable` not made yet
_PENDING: Any = object()


class LazyTable(MutableMapping[str, V], Generic[V]):
    """A dict whose values are made on first access (``make(key)``): the catalog cache's cards and
    their origins, each read from its own line when a command first asks for it, in the order of
    ``keys``. ``summary`` is what the catalog is indexed by without making a card (:data:`Summary`)."""

    def __init__(
        self,
        keys: Iterable[str],
        make: Callable[[str], V],
        summary: Summary | None = None,
    ) -> None:
        self._values: dict[str, Any] = dict.fromkeys(keys, _PENDING)
        self._make = make
        self.summary = summary

    def __getitem__(self, key: str) -> V:
        value = self._values[key]
        if value is _PENDING:
            value = self._values[key] = self._make(key)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        value = self._values.get(key, default)
        if value is _PENDING:
            value = self._values[key] = self._make(key)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def pending(self, key: str) -> bool:
        """Whether the value of ``key`` is still to be made."""
        return self._values.get(key) is _PENDING

    def __setitem__(self, key: str, value: V) -> None:
        self._values[key] = value

    def __delitem__(self, key: str) -> None:
        del self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __copy__(self) -> LazyTable[V]:
        copied = LazyTable([], self._make, self.summary)
        copied._values = dict(self._values)
        return copied

    def __repr__(self) -> str:
        return f"LazyTable({len(self._values)} entries)"


#: at most this many 'did you mean' look-ups per catalog object (one command)
SUGGESTIONS = 100
#: no card name or code is longer
MAX_NAME = 120


def facets_of(card: CardBase) -> tuple[Facet, ...]:
    """The card's value of each of :data:`FACETS` (None where its kind has no such field)."""
    return tuple(getattr(card, field, None) for field in FACETS)


def card_label(card: CardBase | None, *, quoted: bool = False) -> str:
    """How every message names a card: "CODE Name" (with ``quoted``, "CODE 'Name'", where a
    sentence runs on after it), the name alone when the card has no code, "?" for no card."""
    if card is None:
        return "?"
    name = f"'{card.name}'" if quoted else card.name
    return f"{card.code} {name}" if card.code else name


@dataclass
class Catalog:
    """The merged catalog. From the cache, ``cards`` and ``origins`` are :class:`LazyTable`\\ s (a card
    is made when first asked for) and the other tables are read on first access
    (:meth:`lazy_tables`); look-ups by code, name and kind need no card made."""

    cards: MutableMapping[str, Card] = field(default_factory=dict)
    sets: dict[str, CardSet] = field(default_factory=dict)
    hordes: dict[str, Horde] = field(default_factory=dict)
    difficulty_levels: list[DifficultyLevel] = field(default_factory=list)
    premade_decks: dict[str, PremadeDeck] = field(default_factory=dict)
    draft_formats: dict[str, DraftFormat] = field(default_factory=dict)
    team_presets: dict[str, TeamPreset] = field(default_factory=dict)
    game_modes: list[GameModeRule] = field(default_factory=list)
    difficulty_modifiers: list[DifficultyModifier] = field(default_factory=list)
    outsider_types: dict[str, OutsiderTypeRule] = field(default_factory=dict)
    battle_plans: dict[str, BattlePlan] = field(default_factory=dict)
    first_games: dict[str, FirstGame] = field(default_factory=dict)
    hero_classes: dict[str, HeroClassList] = field(default_factory=dict)
    origins: MutableMapping[str, Origin] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    user_files: list[Path] = field(default_factory=list)  # the user's own layer, in the order given
    shipped_dir: Path | None = None  # where the official and demo layers live
    entry_layers: dict[tuple, str] = field(default_factory=dict)  # (table, id) → provenance, for non-cards

    def __post_init__(self) -> None:
        self._by_name: dict[str, list[str]] = defaultdict(list)
        self._replaced_by: dict[str, str] = {}
        self._kinds: dict[str, str] = {}
        self._facets: dict[str, tuple[Facet, ...]] = {}  # key → its value of each of FACETS
        self._by_set: dict[frozenset[str] | None, dict[str, list[str]]] = {}  # see _codes_by_set
        summary: Summary | None = getattr(self.cards, "summary", None)
        if summary is None or len(summary[0]) != len(self.cards):
            for key, card in self.cards.items():
                self._index(key, card)
            return
        keys, names, kinds, replaces, facets = summary  # from the cache: no card made (a catalog may hold 50,000)
        for key, name in zip(keys, names, strict=True):
            self._by_name[name.casefold()].append(key)
        self._kinds = dict(zip(keys, kinds, strict=True))
        self._replaced_by = {code: key for key, code in replaces.items()}
        self._facets = dict(zip(keys, zip(*(facets[f] for f in FACETS), strict=True), strict=True))

    def _index(self, key: str, card: Card) -> None:
        self._note(key, card.name, card.kind, getattr(card, "replaces", None), facets_of(card))

    def _note(self, key: str, name: str, kind: str, replaces: str | None, facets: tuple[Facet, ...]) -> None:
        self._by_set.clear()
        self._by_name[name.casefold()].append(key)
        self._kinds[key] = kind
        self._facets[key] = facets
        if replaces:
            self._replaced_by[replaces] = key

    def lazy_tables(self, read: Callable[[str], Any], names: Iterable[str]) -> None:
        """Read each table of ``names`` with ``read(name)`` when it is first asked for, not now."""
        pending = self.__dict__.setdefault("_pending", {})
        for name in names:
            del self.__dict__[name]
            pending[name] = read

    def __getattr__(self, name: str) -> Any:  # only for an attribute not set: a table not read yet
        read = self.__dict__.get("_pending", {}).get(name)
        if read is None:
            raise AttributeError(name)
        value = self.__dict__[name] = read(name)
        del self.__dict__["_pending"][name]
        return value

    def copy(self) -> Catalog:
        """A copy to merge more into, this catalog left as it is: each table copied (a card or a table
        not made yet from the cache is made by the copy on first use, as here)."""
        pending: dict[str, Callable[[str], Any]] = self.__dict__.get("_pending", {})
        copied = Catalog(**{f.name: shallow_copy(self.__dict__[f.name]) for f in fields(self) if f.name not in pending})
        for name, read in pending.items():
            copied.lazy_tables(read, [name])
        return copied

    def kind_of(self, key: str) -> str | None:
        """The kind of the card ``key`` (None: no such card), without making it."""
        return self._kinds.get(key)

    def card_sets(self) -> set[str]:
        """The sets the catalog holds cards of (of their codes), without making a card."""
        return {key.partition(".")[0] for key in self.cards if "." in key}  # keys are codes, or kind:slug

    def add(self, card: Card, origin: Origin) -> None:
        self.cards[card.key] = card
        self.origins[card.key] = origin
        self._index(card.key, card)

    def complete(self, key: str, card: Card, by: Origin) -> None:
        """Put ``card`` in place of the official entry ``key`` it completes (from the user's ``by``)."""
        old = self.cards[key]
        self._by_name[old.name.casefold()].remove(key)
        del self._kinds[key]
        del self._facets[key]
        replaces = getattr(old, "replaces", None)
        if replaces and self._replaced_by.get(replaces) == key:
            del self._replaced_by[replaces]
        origin = self.origins.pop(key)
        # keep the entry's place in the catalog's order, under its (possibly new) key
        self.cards = {(card.key if k == key else k): (card if k == key else v) for k, v in self.cards.items()}
        self.origins[card.key] = Origin(origin.file, origin.line, origin.provenance, completed_by=(by.file, by.line))
        self._index(card.key, card)

    # -- look-ups -------------------------------------------------------------

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    # the kinds looked up by name in the code: their model is known (``kind`` tells them apart)
    @overload
    def of_kind(self, kind: Literal["alliance"]) -> list[AllianceCard]: ...
    @overload
    def of_kind(self, kind: Literal["castle"]) -> list[CastleCard]: ...
    @overload
    def of_kind(self, kind: Literal["horde"]) -> list[HordeCard]: ...
    @overload
    def of_kind(self, kind: Literal["portal"]) -> list[PortalCard]: ...
    @overload
    def of_kind(self, kind: Literal["outsider"]) -> list[OutsiderCard]: ...
    @overload
    def of_kind(self, kind: Literal["scenario"]) -> list[ScenarioCard]: ...
    @overload
    def of_kind(self, kind: Literal["arena-hero"]) -> list[ArenaHero]: ...
    @overload
    def of_kind(self, kind: Literal["onward-hero"]) -> list[OnwardHero]: ...
    @overload
    def of_kind(self, kind: str) -> list[Card]: ...
    def of_kind(self, kind: str) -> Sequence[Card]:  # each overload's list
        return [self.cards[k] for k in self.cards if self._kinds[k] == kind]

    def provenance(self, card_or_key: CardBase | str) -> str:
        key = card_or_key if isinstance(card_or_key, str) else card_or_key.key
        origin = self.origins.get(key)
        return origin.provenance if origin else "user"

    def replaced_by(self, code: str) -> str | None:
        """The errata card that directly replaces ``code``, if any (:meth:`with_errata` resolves it)."""
        return self._replaced_by.get(code)

    def with_errata(self, card: Card) -> Card:
        """The errata resolver: the card played in place of ``card``, i.e. the errata card that
        completely replaces it (followed to the last one when an erratum is corrected again),
        or ``card`` itself."""
        if card.key not in self._replaced_by:  # most cards: asked for in bulk validation
            return card
        newer = self.errata_of(card.key)
        return self.cards[newer[-1]] if newer else card

    def errata_of(self, key: str) -> list[str]:
        """The errata cards that replace ``key`` in turn (an erratum corrected again…), the one
        played last: what :meth:`with_errata` follows. Empty when no erratum replaces it."""
        chain, seen = [], {key}
        while (newer := self._replaced_by.get(key)) is not None and newer not in seen and newer in self.cards:
            chain.append(newer)
            seen.add(newer)
            key = newer
        return chain

    def replaced(self, key: str) -> list[str]:
        """The cards ``key`` replaces in turn (the card an erratum corrects, the one that card
        corrected…), the nearest first: :meth:`errata_of` the other way. Empty for most cards."""
        chain, seen = [], {key}
        while (older := getattr(self.cards.get(key), "replaces", None)) and older not in seen and older in self.cards:
            chain.append(older)
            seen.add(older)
            key = older
        return chain

    def replacement_cycle(self, key: str, replaces: str) -> list[str] | None:
        """When ``key`` replacing ``replaces`` closes a cycle — ``key``, the card it replaces, the
        card that one replaces… back to ``key`` — that cycle; else ``None`` (checked as the
        catalog is built, so :meth:`with_errata` never meets one)."""
        chain = [key]
        current: str | None = replaces
        while current is not None and len(chain) <= len(self.cards):
            if current == key:
                return [*chain, key]
            chain.append(current)
            current = getattr(self.cards.get(current), "replaces", None)
        return None

    @overload
    def find(self, ref: str, kind: Literal["alliance"]) -> AllianceCard | None: ...
    @overload
    def find(self, ref: str, kind: Literal["castle"]) -> CastleCard | None: ...
    @overload
    def find(self, ref: str, kind: Literal["horde"]) -> HordeCard | None: ...
    @overload
    def find(self, ref: str, kind: Literal["portal"]) -> PortalCard | None: ...
    @overload
    def find(self, ref: str, kind: Literal["outsider"]) -> OutsiderCard | None: ...
    @overload
    def find(self, ref: str, kind: Literal["scenario"]) -> ScenarioCard | None: ...
    @overload
    def find(self, ref: str, kind: Literal["arena-hero"]) -> ArenaHero | None: ...
    @overload
    def find(self, ref: str, kind: Literal["onward-hero"]) -> OnwardHero | None: ...
    @overload
    def find(self, ref: str, kind: str | Iterable[str] | None = None) -> Card | None: ...
    def find(self, ref: str, kind: str | Iterable[str] | None = None) -> Card | None:
        """A card by code (any case or padding) or unique name; ``None`` if absent.

        Raises :class:`NotFoundError` when a name is ambiguous.
        """
        if kind is None:
            card = self.cards.get(ref)
            if card is not None:  # a code as the catalog writes it: the common case, and bulk work's
                return card
        key = self.key_of(ref, kind)
        return None if key is None else self.cards[key]

    def key_of(self, ref: str, kind: str | Iterable[str] | None = None) -> str | None:
        """The key of the card :meth:`find` gives, without making it (None: no such card).

        Raises :class:`NotFoundError` when a name is ambiguous.
        """
        if kind is None and ref in self.cards:
            return ref
        kinds = {kind} if isinstance(kind, str) else set(kind) if kind else None
        code = normalize_code(ref)
        if code is not None and code in self.cards:
            if kinds is None or self._kinds[code] in kinds:
                return code
            return None
        keys = [k for k in self._by_name.get(ref.strip().casefold(), []) if kinds is None or self._kinds[k] in kinds]
        if not keys and ref in self.cards:
            keys = [ref]
        # errata share the name of the card they replace: prefer the replacement
        keys = [k for k in keys if k not in self._replaced_by] or keys
        if len(keys) > 1:
            options = ", ".join(sorted(self.cards[k].code or k for k in keys))
            raise NotFoundError(
                Problem(f"the name '{ref}' matches several cards: {options}", hint="use the card code instead")
            )
        return keys[0] if keys else None

    def name_of(self, key: str) -> str:
        """The name of the card ``key`` (one the catalog has), read from the cache's index when the
        card is not made yet."""
        cards = self.cards
        if isinstance(cards, LazyTable) and cards.summary is not None and cards.pending(key):
            names = self.__dict__.get("_names")
            if names is None:
                names = self.__dict__["_names"] = dict(zip(cards.summary[0], cards.summary[1], strict=True))
            name = names.get(key)
            if name is not None:
                return name
        return cards[key].name

    def code_of(self, key: str) -> str | None:
        """The code of the card ``key`` (None: an entry without one, keyed ``kind:name``), without making it."""
        return None if key.startswith(f"{self._kinds[key]}:") else key

    def facet_of(self, key: str, field: str) -> Facet:
        """The card ``key``'s value of ``field``, one of :data:`FACETS`, without making it."""
        return self._facets[key][FACETS.index(field)]

    def named(self, name: str) -> list[Card]:
        """Every card called ``name`` (any case), of any kind."""
        return [self.cards[k] for k in self._by_name.get(name.strip().casefold(), [])]

    def label(self, ref: str | None) -> str:
        """How people read an entry: "CODE Name", or the name alone when it has no code."""
        if not ref:
            return "?"
        try:
            card = self.find(ref)
        except NotFoundError:
            card = None
        return ref if card is None else card_label(card)

    @overload
    def get(self, ref: str, kind: Literal["alliance"], *, what: str = ...) -> AllianceCard: ...
    @overload
    def get(self, ref: str, kind: Literal["castle"], *, what: str = ...) -> CastleCard: ...
    @overload
    def get(self, ref: str, kind: Literal["horde"], *, what: str = ...) -> HordeCard: ...
    @overload
    def get(self, ref: str, kind: Literal["portal"], *, what: str = ...) -> PortalCard: ...
    @overload
    def get(self, ref: str, kind: Literal["outsider"], *, what: str = ...) -> OutsiderCard: ...
    @overload
    def get(self, ref: str, kind: Literal["scenario"], *, what: str = ...) -> ScenarioCard: ...
    @overload
    def get(self, ref: str, kind: str | Iterable[str] | None = None, *, what: str = "card") -> Card: ...
    def get(self, ref: str, kind: str | Iterable[str] | None = None, *, what: str = "card") -> Card:
        card = self.find(ref, kind)
        if card is None:
            raise NotFoundError(Problem(f"no {what} '{ref}' in the catalog", hint=self.suggest(ref, kind)))
        return card

    def suggest(self, ref: str, kind: str | Iterable[str] | None = None) -> str | None:
        """A 'did you mean' for a code or name that was not found.

        Fuzzy matching costs time: it is skipped for text longer than any card name, and
        after :data:`SUGGESTIONS` look-ups by this catalog object (a file of thousands of
        unknown cards gets hints for the first ones, in bounded time).
        """
        self._suggested = getattr(self, "_suggested", 0) + 1
        if len(ref) > MAX_NAME or self._suggested > SUGGESTIONS:
            return None
        kinds = {kind} if isinstance(kind, str) else set(kind) if kind else None
        code = normalize_code(ref)
        if code is not None:
            same_set = self._codes_by_set(kinds).get(set_of(code), [])
            if same_set:  # no card of its set (a friend's cards, say): no near code to score, nor difflib
                import difflib  # start-up: only a card not found asks for a near code

                scored = [
                    (difflib.SequenceMatcher(None, code, c).ratio(), -abs(number_of(c) - number_of(code)), c)
                    for c in same_set
                ]
                near = [c for score, _, c in sorted(scored, reverse=True) if score >= 0.8][:1]
                if near:
                    return f"did you mean {near[0]} ({self.cards[near[0]].name})?"
                return f"{set_of(code)} codes in the catalog run from {same_set[0]} to {same_set[-1]}"
            if set_of(code) in self.sets:  # the set is known (the official layer names it), its cards are not
                return f"set {set_of(code)} is in the catalog, but none of its cards are: " + (
                    f"add them to {self.user_files[0]}" if self.user_files else "no catalog of yours is loaded"
                )
            return f"no set {set_of(code)} in the catalog; sets: {', '.join(sorted(self.sets))}"
        names = {c.name: c for k, c in self.cards.items() if kinds is None or self._kinds[k] in kinds}
        return did_you_mean(ref, names, fold=True, short=True, show=lambda n: f"{names[n].code or ''} '{n}'".lstrip())

    def _codes_by_set(self, kinds: set[str] | None) -> dict[str, list[str]]:
        """The codes of the cards of ``kinds`` (None: all), sorted, by set: worked out once per kinds, as
        an import of many unknown cards asks for a hint on each."""
        key = frozenset(kinds) if kinds is not None else None
        known = self._by_set.get(key)
        if known is None:
            grouped: dict[str, list[str]] = defaultdict(list)
            for code in self.cards:
                if normalize_code(code) == code and (kinds is None or self._kinds[code] in kinds):
                    grouped[set_of(code)].append(code)
            known = self._by_set[key] = {s: sorted(codes) for s, codes in grouped.items()}
        return known

    def horde(self, ref: str) -> Horde:
        key = slug(ref)
        if key in self.hordes:
            return self.hordes[key]
        for horde in self.hordes.values():
            if horde.name.casefold() == ref.strip().casefold():
                return horde
        raise NotFoundError(
            Problem(
                f"no horde '{ref}' in the catalog",
                hint=did_you_mean(key, sorted(self.hordes), listing="hordes"),
            )
        )

    def castles(self) -> list[CastleCard]:
        return self.of_kind("castle")

    def product_of(self, code: str) -> str | None:
        """Name of the product whose number range holds ``code``."""
        card_set = self.sets.get(set_of(code))
        if card_set is None:
            return None
        n = number_of(code)
        for product in card_set.products:
            if product.first <= n <= product.last:
                return product.name
        return None

    def display(self, file: Path | str) -> str:
        """A catalog file as the user should see it: shipped files by layer (``@official/castles.toml``),
        never by where skyforge is installed."""
        path = Path(file)
        if self.shipped_dir is not None:
            try:
                return "@" + path.resolve().relative_to(self.shipped_dir.resolve()).as_posix()
            except ValueError:
                pass
        return str(path)

    def source_file(self, key: str) -> str:
        """Where the user fills in a missing field of ``key``: their own file, never the installed package.

        An official (or demo) entry is completed from the user's catalog file by an entry
        with the same code, or for entries without one, the same kind and name.
        """
        origin = self.origins.get(key)
        if origin is not None and origin.completed_by is not None:
            return str(origin.completed_by[0])
        if origin is not None and origin.provenance == "user":
            return str(origin.file)
        card = self.cards.get(key)
        ident = ""
        if card is not None:
            ident = f'code = "{card.code}"' if card.code else f'kind = "{card.kind}", name = "{card.name}"'
        return (
            f"{self.user_file()}, in a [[cards]] entry with {ident} (it completes the {self.display_layer(key)} entry)"
        )

    def user_file(self) -> str:
        """The file a user adds entries to: their first catalog file, or one to start."""
        if self.user_files:
            return f"your catalog file {self.user_files[0]}"
        return f"a catalog file of your own (`skyforge catalog init` writes one; load it with {option('catalog')})"

    def display_layer(self, key: str) -> str:
        origin = self.origins.get(key)
        return origin.provenance if origin else "user"

    # -- search ---------------------------------------------------------------

    def search(
        self,
        *,
        text: str | None = None,
        kind: str | None = None,
        faction: str | None = None,
        rarity: str | None = None,
        type: str | None = None,
        subtype: str | None = None,
        cost_min: int | None = None,
        cost_max: int | None = None,
        set_code: str | None = None,
        horde: str | None = None,
    ) -> list[Card]:
        needle = text.casefold() if text else None
        faction, type = (w.casefold() if w else None for w in (faction, type))
        rarity = RARITY_ALIASES.get(rarity.casefold(), rarity.casefold()) if rarity else None
        # the facets asked for, by their place in FACETS: checked before a card is made
        wanted = {"faction": faction, "rarity": rarity, "type": type}
        asked = [(i, wanted[field]) for i, field in enumerate(FACETS) if wanted.get(field)]
        results = []
        for key in self.cards:
            if kind and self._kinds[key] != kind:
                continue
            if asked and any(self._facets[key][i] != value for i, value in asked):
                continue
            card = self.cards[key]
            if set_code and card.set_code != set_code.upper():
                continue
            if horde and getattr(card, "horde", None) != horde:
                continue
            if subtype and subtype.casefold() not in {s.casefold() for s in getattr(card, "subtypes", [])}:
                continue
            cost = getattr(card, "cost", None)
            if cost_min is not None and (cost is None or cost < cost_min):
                continue
            if cost_max is not None and (cost is None or cost > cost_max):
                continue
            if needle:
                haystack = " ".join(
                    filter(
                        None,
                        [
                            card.name,
                            card.code,
                            card.text,
                            " ".join(getattr(card, "subtypes", [])),
                            " ".join(getattr(card, "keywords", [])),
                        ],
                    )
                ).casefold()
                if needle not in haystack:
                    continue
            results.append(card)
        return sorted(results, key=sort_key)


def sort_key(card: CardBase) -> tuple:
    if card.code:
        return (0, set_of(card.code), number_of(card.code), card.name)
    return (1, "", 0, card.name)
