"""Reading and merging catalog TOML files with the pydantic models: what a cache miss runs.

:func:`skyforge.catalog.loader.load_catalog` serves the catalog from its cache when it can; when
it cannot, it reads each file with this module (:func:`load_file`, every problem with file, line
and key) and merges them (:func:`merge`).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from skyforge.catalog import models
from skyforge.catalog.codes import set_of, slug
from skyforge.catalog.completion import M, complete
from skyforge.catalog.index import Catalog, Origin
from skyforge.catalog.models import CARD_MODELS, Card, CardsFile, build_validators
from skyforge.catalog.models.cards_file import CardsHead
from skyforge.errors import InputError, Problem, once_each
from skyforge.storage import check_schema, parse_toml, read_text, register_union_tags, validation_problems
from skyforge.text import did_you_mean
from skyforge.tomlpos import key_lines

#: the validators of a catalog file, built on first use: CardsFile for a file of sets and cards alone
#: (CatalogFile, every table's, is created only for a file that holds more: ``models.CatalogFile``)
_ADAPTERS: dict[type, TypeAdapter] = {}
_CARDS_FILE_KEYS = {f.alias or name for name, f in CardsFile.model_fields.items()}


def load_file(file: Path, text: str | None = None) -> tuple[Path, CardsFile, dict]:
    """The catalog file ``file`` read by the models (or ``text``, as that file would hold it): a
    ``CatalogFile``, or a ``CardsFile`` when it holds sets and cards alone (:func:`entries` reads
    both)."""
    text = read_text(file) if text is None else text
    data = parse_toml(text, file)
    lines = key_lines(text)
    check_schema(data, file, "catalog", lines)
    kind = CardsFile if set(data) <= _CARDS_FILE_KEYS else models.CatalogFile
    alone = _cards_alone(data) if kind is CardsFile else None
    if alone is not None:
        return file, alone, lines
    if not _ADAPTERS:
        register_union_tags(set(CARD_MODELS))
        build_validators()
    adapter = _ADAPTERS.get(kind) or _ADAPTERS.setdefault(kind, TypeAdapter(kind))
    try:
        model = adapter.validate_python(data)
    except ValidationError as exc:
        raise InputError(
            once_each(
                validation_problems(
                    exc,
                    file,
                    text,
                    describe=lambda loc: _describe(data, loc),
                    known_keys=lambda loc: _known_keys(data, loc),
                )
            )
        ) from None
    return file, model, lines


def _cards_alone(data: dict[str, Any]) -> CardsFile | None:
    """A file of sets and cards alone read card by card, each with its own kind's model: the
    validator of the union of every kind (the ten card models', ~50 M instructions) is built only
    when something is wrong — None then, and the whole file is read again for its messages. The
    cards a deck carries (``deck import --cards-to``) are mostly of two kinds."""
    cards = data.get("cards", [])
    if not isinstance(cards, list) or not all(
        isinstance(c, dict) and isinstance(c.get("kind"), str) and c["kind"] in CARD_MODELS for c in cards
    ):
        return None
    try:
        head = CardsHead.model_validate({k: v for k, v in data.items() if k != "cards"})
        read: list[Any] = [CARD_MODELS[c["kind"]].model_validate(c) for c in cards]  # each a kind of Card
    except ValidationError:
        return None
    stated = head.model_fields_set | ({"cards"} if "cards" in data else set())
    return CardsFile.model_construct(stated, **dict(head), cards=read)


def entries(model: CardsFile, table: str) -> list:
    """The entries of a parsed file's ``table`` (``hordes``…): none in a ``CardsFile``."""
    return getattr(model, table, [])


def _describe(data: dict, loc: tuple) -> str | None:
    node: Any = data
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return None
    if isinstance(node, dict):
        return node.get("code") or node.get("id") or node.get("name")
    return None


def _known_keys(data: dict, loc: tuple) -> list[str]:
    """The keys allowed in the table at ``loc``, found by walking the models."""
    model: Any = models.CatalogFile
    node: Any = data
    for part in loc:
        if isinstance(part, int):
            node = node[part] if isinstance(node, list) and part < len(node) else {}
            if model is _CARDS:
                model = CARD_MODELS.get(node.get("kind", "")) if isinstance(node, dict) else None
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return []
        field = model.model_fields.get(part) or next((f for f in model.model_fields.values() if f.alias == part), None)
        if field is None:
            return []
        node = node.get(part, {}) if isinstance(node, dict) else {}
        model = _CARDS if (model is models.CatalogFile and part == "cards") else model_in(field.annotation)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return []
    return [f.alias or name for name, f in model.model_fields.items()]


_CARDS = object()  # marker: the discriminated union of card kinds


def model_in(annotation: Any) -> type[BaseModel] | None:
    """The model inside ``X``, ``X | None`` or ``list[X]``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = model_in(arg)
        if found is not None:
            return found
    return None


#: tables whose entries are identified by `id`: (CatalogFile field = Catalog dict, label, id attribute)
_BY_ID = (
    ("sets", "set", "code"),
    ("hordes", "horde", "id"),
    ("premade_decks", "pre-made deck", "id"),
    ("draft_formats", "draft format", "id"),
    ("team_presets", "team preset", "id"),
    ("outsider_types", "outsider type", "type"),
    ("battle_plans", "battle plan", "id"),
    ("first_games", "first game", "id"),
    ("hero_classes", "hero class list", "game"),
)
#: list tables whose entries are identified by some of their fields
_BY_FIELDS = (
    ("difficulty_levels", "difficulty level", ("set", "level")),
    ("game_modes", "game mode", ("mode", "rulebook")),
)

#: every table of a catalog file but its cards
_TABLES = (*(t for t, _, _ in _BY_ID), *(t for t, _, _ in _BY_FIELDS), "difficulty_modifiers")


class _Defined(dict[tuple, tuple[Path, int | None, str]]):
    """(table, id) → where an entry was first defined, and its provenance; a card not met yet by this
    merge, where the catalog it merges into says (its origin): the files merged before it."""

    def __init__(self, origins: Mapping[str, Origin]) -> None:
        super().__init__()
        self.origins = origins

    def __missing__(self, key: tuple) -> tuple[Path, int | None, str]:
        table, ident = key
        origin = self.origins.get(ident) if table == "cards" else None
        if origin is None:
            raise KeyError(key)
        return origin.file, origin.line, origin.provenance


class _Merger:
    """Merges parsed files in order; an official entry defined again by a user file is completed.
    ``onto``: the catalog holds files merged already, and each of its cards is met as its origin says."""

    def __init__(self, catalog: Catalog, *, onto: bool = False):
        self.catalog = catalog
        self.problems: list[Problem] = []
        # (table, id) → where, provenance
        self.defined: dict[tuple, tuple[Path, int | None, str]] = _Defined(catalog.origins) if onto else {}
        self.codeless: dict[tuple[str, str], str] = {}  # (kind, name) → key, official only

    def where(self, file: Path, line: int | None) -> str:
        return self.catalog.display(file) + (f" line {line}" if line else "")

    def put(
        self,
        table: str,
        label: str,
        ident: str | tuple[object, ...],
        item: M,
        existing: M | None,
        file: Path,
        prov: str,
        lines: dict,
        loc: tuple,
        key: str,
        attr: str,
    ) -> M:
        """What to store for ``ident``: the item, the official entry completed by it, or the first one."""
        line = lines.get(loc)
        if existing is None:
            self.defined[(table, ident)] = (file, line, prov)
            return item
        first_file, first_line, first_prov = self.defined[(table, ident)]
        name = ident if isinstance(ident, str) else " ".join(map(str, ident))
        if first_prov == "official" and prov != "official":
            completed, conflicts = complete(existing, item)
            for field, theirs, mine in conflicts:
                self.problems.append(
                    Problem(
                        f"{label} '{name}': {field} contradicts the official entry "
                        f"({self.where(first_file, first_line)} says {theirs!r})",
                        file=file,
                        line=lines.get((*loc, field), line),
                        key=f"{key}.{field}",
                        value=mine,
                        has_value=True,
                        hint="your entry completes the official one: give only the fields it leaves empty",
                    )
                )
            return existing if conflicts else completed
        message = (
            f"duplicate card {name}: already defined in {self.where(first_file, first_line)}"
            if table == "cards"
            else f"{label} '{name}' is defined twice (also in {self.where(first_file, first_line)})"
        )
        self.problems.append(
            Problem(
                message,
                file=file,
                line=line,
                key=f"{key}.{attr}",
                hint="a set is defined once: drop this [[sets]] table if the other file is loaded too"
                if table == "sets"
                else "each entry is defined in one file only; to complete an official entry, give the fields it leaves empty",
            )
        )
        return existing

    def merge_file(self, file: Path, model: CardsFile, lines: dict) -> None:
        catalog, prov = self.catalog, model.provenance
        for table, label, attr in _BY_ID:
            items = entries(model, table)
            known = getattr(catalog, table) if items else {}  # a table the file lacks is not read (cache: on first use)
            for i, item in enumerate(items):
                ident = getattr(item, attr)
                known[ident] = self.put(
                    table, label, ident, item, known.get(ident), file, prov, lines, (table, i), f"{table}[{i}]", attr
                )
        for table, label, fields in _BY_FIELDS:
            items = entries(model, table)
            known = getattr(catalog, table) if items else []
            for i, item in enumerate(items):
                ident = tuple(getattr(item, f) for f in fields)
                at = next((j for j, k in enumerate(known) if tuple(getattr(k, f) for f in fields) == ident), None)
                stored = self.put(
                    table,
                    label,
                    ident,
                    item,
                    None if at is None else known[at],
                    file,
                    prov,
                    lines,
                    (table, i),
                    f"{table}[{i}]",
                    fields[-1],
                )
                if at is None:
                    known.append(stored)
                else:
                    known[at] = stored
        if modifiers := entries(model, "difficulty_modifiers"):
            catalog.difficulty_modifiers.extend(modifiers)
        for i, card in enumerate(model.cards):
            self.merge_card(file, prov, lines, i, card)

    def merge_card(self, file: Path, prov: str, lines: dict, i: int, card: Card) -> None:
        catalog = self.catalog
        key = card.key
        by_name = (card.kind, slug(card.name))
        if key not in catalog.cards and prov != "official" and by_name in self.codeless:
            key = self.codeless[by_name]  # completes an official entry that has no code
        existing = catalog.cards.get(key)
        stored = self.put(
            "cards",
            card.kind.replace("-", " "),
            key,
            card,
            existing,
            file,
            prov,
            lines,
            ("cards", i),
            f"cards[{i}]",
            "code",
        )
        origin = Origin(file, lines.get(("cards", i)), prov)
        if existing is None:
            catalog.add(card, origin)
            if prov == "official" and card.code is None:
                self.codeless[by_name] = key
        elif stored is not existing:
            catalog.complete(key, stored, origin)
            self.defined[("cards", stored.key)] = self.defined[("cards", key)]


#: hero kinds → the game whose [[hero_classes]] list checks their hero_class
HERO_GAMES = {"onward-hero": "onward", "arena-hero": "skybound-arena"}


def merge(catalog: Catalog, parsed: list[tuple[Path, CardsFile, dict]]) -> list[Problem]:
    merger = _Merger(catalog)
    for file, model, lines in parsed:
        merger.merge_file(file, model, lines)
    catalog.entry_layers = {k: v[2] for k, v in merger.defined.items() if k[0] != "cards"}
    return merger.problems + _references(catalog, parsed)


def merge_onto(catalog: Catalog, parsed: list[tuple[Path, CardsFile, dict]]) -> list[Problem] | None:
    """Merge ``parsed`` into ``catalog``, which holds files merged already (from the cache): the
    problems :func:`merge` finds when it merges those files and then ``parsed`` — without reading
    those files again — or ``None``, nothing merged, when only that can tell: ``parsed`` holds more
    than cards, or a card that could change how the catalog's own entries resolve (one that
    replaces another, one that takes the name of a card of the catalog, one that would complete
    an official entry known by its name), whose problems may be the other files'."""
    for _, model, _ in parsed:
        if any(entries(model, table) for table in _TABLES):
            return None
        if not all(_stays_apart(catalog, card) for card in model.cards):
            return None
    merger = _Merger(catalog, onto=True)
    for file, model, lines in parsed:
        merger.merge_file(file, model, lines)
    return merger.problems + _references(catalog, parsed)


def _stays_apart(catalog: Catalog, card: Card) -> bool:
    """Whether merging ``card`` leaves how the catalog's entries resolve as it was: a card it
    already holds (defined again, or completing the official entry), or a new one that replaces
    none, takes no name of the catalog's cards and completes no official entry by its name."""
    if getattr(card, "replaces", None):
        return False
    if card.key in catalog.cards:
        return True
    return not catalog.named(card.name) and f"{card.kind}:{slug(card.name)}" not in catalog.cards


def _references(catalog: Catalog, parsed: list[tuple[Path, CardsFile, dict]]) -> list[Problem]:
    """The dangling references of the ``parsed`` files, now that everything is merged."""
    problems: list[Problem] = []
    for file, model, lines in parsed:
        for i, card in enumerate(model.cards):
            line = lines.get(("cards", i))
            if card.code and set_of(card.code) not in catalog.sets:
                problems.append(
                    Problem(
                        f"card {card.code} belongs to set {set_of(card.code)}, which no catalog file defines",
                        file=file,
                        line=line,
                        key=f"cards[{i}].code",
                        value=card.code,
                        has_value=True,
                        hint=set_hint(catalog, set_of(card.code)),
                    )
                )
            horde = getattr(card, "horde", None)
            if horde and horde not in catalog.hordes:
                problems.append(
                    _dangling(
                        file, lines, ("cards", i, "horde"), f"cards[{i}].horde", horde, "horde", list(catalog.hordes)
                    )
                )
            replaces = getattr(card, "replaces", None)
            if replaces and replaces not in catalog.cards:
                problems.append(
                    _dangling(
                        file,
                        lines,
                        ("cards", i, "replaces"),
                        f"cards[{i}].replaces",
                        replaces,
                        "card",
                        [c.code for c in catalog if c.code],
                    )
                )
            elif replaces:
                problem = _replacement_problem(catalog, card.key, replaces)
                if problem:
                    problems.append(
                        Problem(
                            problem,
                            file=file,
                            line=lines.get(("cards", i, "replaces")),
                            key=f"cards[{i}].replaces",
                            value=replaces,
                            has_value=True,
                            hint="errata replace an older card: remove or fix this 'replaces'",
                        )
                    )
            hero_class = getattr(card, "hero_class", None)
            classes = catalog.hero_classes.get(HERO_GAMES.get(card.kind, "")) if hero_class else None
            if hero_class and classes and hero_class.casefold() not in classes.classes:
                problems.append(
                    Problem(
                        f"'{hero_class}' is not one of the {classes.game} hero classes its rulebook names",
                        file=file,
                        line=lines.get(("cards", i, "hero_class")) or lines.get(("cards", i)),
                        key=f"cards[{i}].hero_class",
                        value=hero_class,
                        has_value=True,
                        hint=did_you_mean(
                            hero_class.casefold(), classes.classes, then="classes: " + ", ".join(classes.classes)
                        ),
                    )
                )
            premade = getattr(card, "premade", None)
            if premade and premade not in catalog.premade_decks:
                problems.append(
                    _dangling(
                        file,
                        lines,
                        ("cards", i, "premade"),
                        f"cards[{i}].premade",
                        premade,
                        "pre-made deck",
                        list(catalog.premade_decks),
                    )
                )
            for j, rule in enumerate(getattr(card, "card_rules", [])):
                for ref in rule.requires:
                    if catalog.find(ref) is None:
                        problems.append(
                            _dangling(
                                file,
                                lines,
                                ("cards", i, "card_rules", j, "requires"),
                                f"cards[{i}].card_rules[{j}].requires",
                                ref,
                                "card",
                                [c.code for c in catalog if c.code],
                            )
                        )
        for table in ("difficulty_levels", "hordes", "premade_decks"):
            for i, item in enumerate(entries(model, table)):
                if item.set and item.set not in catalog.sets:
                    problems.append(
                        _dangling(
                            file, lines, (table, i, "set"), f"{table}[{i}].set", item.set, "set", list(catalog.sets)
                        )
                    )
    return problems


def set_hint(catalog: Catalog, code: str) -> str:
    known = ", ".join(sorted(catalog.sets))
    return (
        f"the catalog's sets are {known}; for cards of a set of your own, add a [[sets]] table with "
        f'code = "{code}" to your catalog file'
    )


def _replacement_problem(catalog: Catalog, key: str, replaces: str) -> str | None:
    """What is wrong with ``key`` replacing ``replaces``: itself, a cycle, a card replaced twice, or
    a card of a later set (000 "Errata Cards — These completely replace cards from previous sets.";
    the release order is the books' rows' ``release``: first set, Monoliths, and Campaigns)."""
    released = {s: row.release for row in catalog.game_modes for s in row.sets}
    new, old = set_of(key), set_of(replaces)
    if new and old and new in released and old in released and released[new] < released[old]:
        return (
            f"{key} of set {new} replaces {replaces} of set {old}, a later set: errata replace cards from previous sets"
        )
    if replaces == key:
        return "a card cannot replace itself"
    other = catalog.replaced_by(replaces)
    if other and other != key:
        return f"{replaces} is replaced by {other} too; a card has one errata card"
    cycle = catalog.replacement_cycle(key, replaces)
    return "replacement cycle: " + " → ".join(cycle) + " (each replaces the next)" if cycle else None


def _dangling(file: Path, lines: dict, loc: tuple, key: str, value: str, what: str, known: list[str]) -> Problem:
    return Problem(
        f"refers to a {what} that is not in the catalog",
        file=file,
        line=lines.get(loc) or lines.get(loc[:2]),
        key=key,
        value=value,
        has_value=True,
        hint=did_you_mean(value, known, otherwise=f"define the {what} first"),
    )
