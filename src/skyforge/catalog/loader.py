"""Load and merge catalog TOML files, collecting every problem of every file."""

from __future__ import annotations

import os
import typing
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from skyforge.catalog.codes import set_of
from skyforge.catalog.index import Catalog, Origin
from skyforge.catalog.models import CARD_MODELS, CatalogFile
from skyforge.errors import InputError, Problem
from skyforge.storage import check_schema, parse_toml, read_text, register_union_tags, validation_problems
from skyforge.tomlpos import key_lines

register_union_tags(set(CARD_MODELS))
_ADAPTER: TypeAdapter[CatalogFile] | None = None


def shipped_catalog_dir() -> Path:
    """The catalog shipped with skyforge: inside the wheel, or the repository's ``catalog/``."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "_catalog"
    if packaged.is_dir():
        return packaged
    return here.parent.parent / "catalog"


def catalog_paths_from_env() -> list[Path]:
    value = os.environ.get("SKYFORGE_CATALOG", "")
    return [Path(p) for p in value.split(os.pathsep) if p]


#: ``--catalog @shipped`` names the catalog that comes with skyforge, wherever it is installed.
SHIPPED = "@shipped"


def catalog_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if str(path) == SHIPPED:
            path = shipped_catalog_dir()
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.toml") if not p.name.startswith(".")))
        elif path.exists():
            files.append(path)
        else:
            raise InputError(Problem("catalog path not found", file=path,
                                     hint="give a TOML file or a folder of them with --catalog "
                                          "(@shipped is the catalog that comes with skyforge)"))
    if not files:
        raise InputError(Problem("no catalog files (*.toml) in " + ", ".join(str(p) for p in paths),
                                 hint="give a TOML file or a folder of them with --catalog"))
    return files


def load_catalog(paths: list[Path] | None = None, *, cache: bool = True) -> Catalog:
    """Load and merge catalog files (default: the shipped catalog).

    A catalog that loaded cleanly is cached (see :mod:`skyforge.catalog.cache`)
    and served from there until one of its files — or skyforge — changes.
    """
    files = catalog_files(paths if paths else [shipped_catalog_dir()])
    if cache:
        from skyforge.catalog import cache as catalog_cache

        cached = catalog_cache.read(files)
        if cached is not None:
            return cached
    problems: list[Problem] = []
    parsed: list[tuple[Path, CatalogFile, dict]] = []
    for file in files:
        try:
            parsed.append(_load_file(file))
        except InputError as exc:
            problems.extend(exc.problems)
    catalog = Catalog(files=files)
    if not problems:
        problems.extend(_merge(catalog, parsed))
    if problems:
        raise InputError(problems)
    if cache:
        catalog_cache.write(files, catalog)
    return catalog


def _load_file(file: Path) -> tuple[Path, CatalogFile, dict]:
    text = read_text(file)
    data = parse_toml(text, file)
    lines = key_lines(text)
    check_schema(data, file, "catalog", lines)
    global _ADAPTER
    if _ADAPTER is None:
        _ADAPTER = TypeAdapter(CatalogFile)
    try:
        model = _ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise InputError(validation_problems(
            exc, file, text,
            describe=lambda loc: _describe(data, loc),
            known_keys=lambda loc: _known_keys(data, loc),
        )) from None
    return file, model, lines


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
    model: Any = CatalogFile
    node: Any = data
    for part in loc:
        if isinstance(part, int):
            node = node[part] if isinstance(node, list) and part < len(node) else {}
            if model is _CARDS:
                model = CARD_MODELS.get(node.get("kind")) if isinstance(node, dict) else None
            continue
        if not (isinstance(model, type) and issubclass(model, BaseModel)):
            return []
        field = model.model_fields.get(part) or next(
            (f for f in model.model_fields.values() if f.alias == part), None)
        if field is None:
            return []
        node = node.get(part, {}) if isinstance(node, dict) else {}
        model = _CARDS if (model is CatalogFile and part == "cards") else _model_in(field.annotation)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return []
    return [f.alias or name for name, f in model.model_fields.items()]


_CARDS = object()  # marker: the discriminated union of card kinds


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model inside ``X``, ``X | None`` or ``list[X]``."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


#: tables whose entries are identified by `id`: (CatalogFile field = Catalog dict, label)
_BY_ID = (("hordes", "horde", "id"), ("premade_decks", "pre-made deck", "id"),
          ("draft_formats", "draft format", "id"), ("team_presets", "team preset", "id"),
          ("outsider_types", "outsider type", "type"), ("battle_plans", "battle plan", "id"),
          ("first_games", "first game", "id"))


def _merge(catalog: Catalog, parsed: list[tuple[Path, CatalogFile, dict]]) -> list[Problem]:
    problems: list[Problem] = []
    defined_in: dict[tuple[str, str], Path] = {}   # (table, id) → first file

    def here(file: Path, lines: dict, loc: tuple) -> int | None:
        return lines.get(loc)

    for file, model, lines in parsed:
        for i, card_set in enumerate(model.sets):
            if card_set.code in catalog.sets:
                problems.append(Problem(
                    f"set {card_set.code} is defined twice (also in {defined_in[('sets', card_set.code)]})", file=file,
                    line=here(file, lines, ("sets", i)), key=f"sets[{i}].code",
                    hint="a set is defined once: drop this [[sets]] table if the other catalog file is loaded too"))
            catalog.sets[card_set.code] = card_set
            defined_in.setdefault(("sets", card_set.code), file)
        for i, level in enumerate(model.difficulty_levels):
            if any(l.set == level.set and l.level == level.level for l in catalog.difficulty_levels):
                problems.append(Problem(f"difficulty level {level.level} of set {level.set} is defined twice",
                                        file=file, line=here(file, lines, ("difficulty_levels", i)),
                                        key=f"difficulty_levels[{i}].level"))
            catalog.difficulty_levels.append(level)
        for key, label, attr in _BY_ID:
            known = getattr(catalog, key)
            for i, item in enumerate(getattr(model, key)):
                ident = getattr(item, attr)
                if ident in known:
                    problems.append(Problem(f"{label} '{ident}' is defined twice (also in {defined_in[(key, ident)]})",
                                            file=file,
                                            line=here(file, lines, (key, i)), key=f"{key}[{i}].{attr}",
                                            hint="each one is defined in one file only"))
                known[ident] = item
                defined_in.setdefault((key, ident), file)
        problems.extend(_merge_game_modes(catalog, file, model, lines))
        for i, card in enumerate(model.cards):
            line = here(file, lines, ("cards", i))
            if card.key in catalog.cards:
                first = catalog.origins[card.key]
                problems.append(Problem(
                    f"duplicate card {card.key}: already defined in {first.file}"
                    + (f" line {first.line}" if first.line else ""),
                    file=file, line=line, key=f"cards[{i}].code", value=card.code or card.name, has_value=True,
                    hint="remove one of the two entries, or give this card its own code"))
                continue
            catalog.add(card, Origin(file, line, model.provenance))

    # dangling references, now that everything is merged
    for file, model, lines in parsed:
        for i, card in enumerate(model.cards):
            line = here(file, lines, ("cards", i))
            if card.code and set_of(card.code) not in catalog.sets:
                problems.append(Problem(f"card {card.code} belongs to set {set_of(card.code)}, which no catalog file defines",
                                        file=file, line=line, key=f"cards[{i}].code", value=card.code, has_value=True,
                                        hint=f"add a [[sets]] table with code = \"{set_of(card.code)}\""))
            horde = getattr(card, "horde", None)
            if horde and horde not in catalog.hordes:
                problems.append(_dangling(file, lines, ("cards", i, "horde"), f"cards[{i}].horde", horde,
                                          "horde", list(catalog.hordes)))
            replaces = getattr(card, "replaces", None)
            if replaces and replaces not in catalog.cards:
                problems.append(_dangling(file, lines, ("cards", i, "replaces"), f"cards[{i}].replaces", replaces,
                                          "card", [c.code for c in catalog if c.code]))
            elif replaces:
                problem = _replacement_problem(catalog, card.key, replaces)
                if problem:
                    problems.append(Problem(problem, file=file, line=here(file, lines, ("cards", i, "replaces")),
                                            key=f"cards[{i}].replaces", value=replaces, has_value=True,
                                            hint="errata replace an older card: remove or fix this 'replaces'"))
            premade = getattr(card, "premade", None)
            if premade and premade not in catalog.premade_decks:
                problems.append(_dangling(file, lines, ("cards", i, "premade"), f"cards[{i}].premade", premade,
                                          "pre-made deck", list(catalog.premade_decks)))
            for j, rule in enumerate(getattr(card, "card_rules", [])):
                for ref in rule.requires:
                    if catalog.find(ref) is None:
                        problems.append(_dangling(file, lines, ("cards", i, "card_rules", j, "requires"),
                                                  f"cards[{i}].card_rules[{j}].requires", ref, "card",
                                                  [c.code for c in catalog if c.code]))
        for i, level in enumerate(model.difficulty_levels):
            if level.set not in catalog.sets:
                problems.append(_dangling(file, lines, ("difficulty_levels", i, "set"),
                                          f"difficulty_levels[{i}].set", level.set, "set", list(catalog.sets)))
        for i, horde in enumerate(model.hordes):
            if horde.set and horde.set not in catalog.sets:
                problems.append(_dangling(file, lines, ("hordes", i, "set"),
                                          f"hordes[{i}].set", horde.set, "set", list(catalog.sets)))
        for i, deck in enumerate(model.premade_decks):
            if deck.set and deck.set not in catalog.sets:
                problems.append(_dangling(file, lines, ("premade_decks", i, "set"),
                                          f"premade_decks[{i}].set", deck.set, "set", list(catalog.sets)))
    return problems


def _replacement_problem(catalog: Catalog, key: str, replaces: str) -> str | None:
    """What is wrong with ``key`` replacing ``replaces``: itself, a cycle, or a card replaced twice."""
    if replaces == key:
        return "a card cannot replace itself"
    other = catalog.replaced_by(replaces)
    if other and other != key:
        return f"{replaces} is replaced by {other} too; a card has one errata card"
    chain, current = [key], replaces
    while current is not None and len(chain) <= len(catalog.cards):
        if current == key:
            return "replacement cycle: " + " → ".join(chain + [key]) + " (each replaces the next)"
        chain.append(current)
        current = getattr(catalog.cards.get(current), "replaces", None)
    return None


def _merge_game_modes(catalog: Catalog, file: Path, model: CatalogFile, lines: dict) -> list[Problem]:
    """Game modes (one per mode and rulebook) and difficulty modifiers."""
    problems: list[Problem] = []
    for i, rule in enumerate(model.game_modes):
        if any(r.mode == rule.mode and r.rulebook == rule.rulebook for r in catalog.game_modes):
            problems.append(Problem(f"game mode {rule.mode} of rulebook {rule.rulebook} is defined twice", file=file,
                                    line=lines.get(("game_modes", i)), key=f"game_modes[{i}].mode"))
        catalog.game_modes.append(rule)
    catalog.difficulty_modifiers.extend(model.difficulty_modifiers)
    return problems


def _dangling(file: Path, lines: dict, loc: tuple, key: str, value: str, what: str, known: list[str]) -> Problem:
    import difflib

    near = difflib.get_close_matches(value, [k for k in known if k], n=1)
    return Problem(f"refers to a {what} that is not in the catalog", file=file, line=lines.get(loc) or lines.get(loc[:2]),
                   key=key, value=value, has_value=True,
                   hint=f"did you mean '{near[0]}'?" if near else f"define the {what} first")
