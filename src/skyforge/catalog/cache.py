"""A cache of the merged catalog, so that every command does not re-read TOML.

Parsing and validating the shipped catalog costs more than the rest of a
``deck validate``; the cache stores the merged :class:`Catalog` as plain data —
JSON of the entries' fields, never code — under
a key made of every file's path, size, modification and change times and inode
number, and of skyforge's version and every one of its own modules, so any edit to
a catalog file or to skyforge makes it miss. The change time is in the key because
the modification time is not enough: ``cp -p``, ``rsync -t``, unzip and ``touch -d``
set it back, and an edit that keeps the size would be served stale; nobody can set
the change time. The key is worked out once, before the files are read, and the
catalog is stored under that key: a file saved while the catalog is rebuilt makes
the next run miss instead of caching the old content under the new file's key.

What comes out of the cache is the catalog's own pydantic models, rebuilt with
``model_construct`` (nested models first) from every field and the names of those the files
stated: they were validated when the cache was written, so a hit does not validate again, and
builds no validator (the models defer that until one validates or serialises). Each table and
each card is kept on a line of its own, and a hit reads only the first: every card's key, name,
kind, the code it replaces, and its faction, rarity, type and cost, which the look-ups and a search need. A card (with its origin) is made the
first time a command asks for it, a rule table the first time it is read, so a command's cost
follows what it reads — a deck's 40 cards — not the size of the catalog.

A cache file is trusted only if it is exactly what :func:`write` produces: a
header line (format name, cache version, the whole key — every file's path and
stats, and skyforge's — and a CRC-32 of the data), then the data. A file that
is corrupt, foreign, of another version or key, or whose data is not laid out as
:func:`encode` lays it out is a miss: the catalog is rebuilt from the TOML
files and the cache rewritten. A line that is not of its types when it is read (a file edited
under a valid checksum) is reported as a damaged cache, and the file removed. A cache that cannot be read or written is simply
skipped: it is never needed for correctness.

Folder: ``SKYFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/skyforge``, else
``~/.cache/skyforge``. ``SKYFORGE_CACHE_DIR=off`` disables it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import VERSION as PYDANTIC_VERSION
from pydantic import BaseModel

from skyforge import __version__
from skyforge.catalog import models
from skyforge.catalog.index import FACETS, Catalog, LazyTable, Origin, facets_of
from skyforge.catalog.models import CardBase
from skyforge.errors import InputError, Problem
from skyforge.storage.cachefiles import cache_dir, code_stats, read_cache, write_cache

FORMAT = "skyforge catalog cache"
#: bump when the layout of the cache file changes
VERSION = 6
#: skyforge's package: a change to any of its modules invalidates every cache. What decides that
#: a catalog is valid and what it holds is spread over the models, the merge and the foundation
#: under them (terms, storage, …), so every module is in the key rather than a list that would
#: fall behind; stating ~130 files costs under a millisecond.
_OWN = Path(__file__).resolve().parent.parent


def _stats(path: Path) -> list:
    """What tells one version of a file from another: size, modification and change times, inode."""
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]


def cache_key(files: list[Path]) -> list | None:
    """What the cache depends on: format, versions (skyforge's, pydantic's and Python's: what
    validated the entries), and the stats (:func:`_stats`) of every module of skyforge and of every
    catalog file, by path. Stored whole in the header and compared
    exactly. ``None`` when there is no cache, or a file cannot be stated (reading it will say why).

    Work it out before the files are read, and give the same key to :func:`write`."""
    if cache_dir() is None:
        return None
    key: list = [FORMAT, VERSION, __version__, str(_OWN), PYDANTIC_VERSION, sys.version]
    try:
        key.extend(code_stats())
        key.extend([str(path.resolve()), *_stats(path)] for path in files)
    except OSError:
        return None
    return key


def cache_file(key: list) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    text = json.dumps(key).encode()
    return folder / f"catalog-{zlib.crc32(text):08x}{len(text) & 0xFFFF:04x}.json"


class BadData(ValueError):
    """The cached data is not what :func:`encode` writes: never trusted, the catalog is rebuilt."""


class _Models(Mapping[str, tuple[type[BaseModel], frozenset[str]]]):
    """Every catalog model by class name (they all derive from ``Strict``), with its fields: a
    model's module is imported when the cache first holds one of its entries (``skyforge.catalog.models``
    imports its modules on first use), so a command pays only for the kinds it reads."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[type[BaseModel], frozenset[str]]] = {}

    def __getitem__(self, name: str) -> tuple[type[BaseModel], frozenset[str]]:
        known = self._known.get(name)
        if known is None:
            if name not in models.MODEL_NAMES:
                raise KeyError(name)
            cls = getattr(models, name)
            known = self._known[name] = (cls, frozenset(cls.model_fields))
        return known

    def __iter__(self) -> Iterator[str]:
        return iter(models.MODEL_NAMES)

    def __len__(self) -> int:
        return len(models.MODEL_NAMES)


#: every catalog model by name, with its fields (imported on first use)
MODELS = _Models()


def _tagged(value: Any) -> Any:
    """``value`` as JSON-ready data; every JSON object is tagged: ``$m`` a model (by class name,
    with every field and, as ``$s``, the names of those its file stated), ``$d`` a dict as
    key/value pairs, ``$p`` a path, ``$t`` a tuple, ``$o`` an :class:`Origin`."""
    if isinstance(value, BaseModel):
        name = type(value).__name__
        if MODELS.get(name, (None,))[0] is not type(value):
            raise TypeError(f"{name} is not a catalog model")
        fields = {field: _tagged(getattr(value, field)) for field in MODELS[name][1]}
        return {"$m": name, "$s": sorted(value.model_fields_set), **fields}
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, list):
        return [_tagged(v) for v in value]
    if isinstance(value, tuple):
        return {"$t": [_tagged(v) for v in value]}
    if isinstance(value, Mapping):
        return {"$d": [[_tagged(k), _tagged(v)] for k, v in value.items()]}
    if isinstance(value, Path):
        return {"$p": str(value)}
    if isinstance(value, Origin):
        return {"$o": [_tagged(value.file), value.line, value.provenance, _tagged(value.completed_by)]}
    raise TypeError(f"cannot store a {type(value).__name__} in the catalog cache")


def _untagged(obj: dict) -> Any:
    """One JSON object of :func:`_tagged` back as its value (``json.loads``' hook: inner ones first)."""
    if len(obj) == 1:
        ((tag, value),) = obj.items()
        if tag == "$d" and isinstance(value, list):
            return dict(value)
        if tag == "$p" and isinstance(value, str):
            return Path(value)
        if tag == "$t" and isinstance(value, list):
            return tuple(value)
        if tag == "$o" and isinstance(value, list) and len(value) == 4 and isinstance(value[0], Path):
            return Origin(*value)
    name = obj.pop("$m", None)
    stated = obj.pop("$s", None)
    model = MODELS.get(name) if isinstance(name, str) else None
    if model is None:
        raise BadData(f"not a catalog model: {name!r}")
    cls, fields = model
    if obj.keys() != fields or not isinstance(stated, list) or not fields.issuperset(stated):
        raise BadData(f"fields of {name}")
    # validated when the cache was written: not again; every field is given, so no default is made
    return cls.model_construct(set(stated), **obj)


#: the catalog's fields read as the catalog is made (small); the other tables are read on first use
_EAGER = ("files", "user_files", "shipped_dir")


def encode(catalog: Catalog) -> str:
    """The catalog as the cache's data: its dataclass fields as tagged JSON, one entry a line —
    first what the catalog is made with (its files, and each card's key, name, kind, the code it
    replaces and its :data:`~skyforge.catalog.index.FACETS`: the look-ups by code and name, and a
    search's filters), then each other table, then each card with its origin. A hit reads the first lines; a table, a card, when a command first asks for it
    (:func:`decode`). The whole is one JSON document."""
    cards = catalog.cards
    tables = [f.name for f in dataclasses.fields(catalog) if f.init and f.name not in ("cards", "origins")]
    if not set(catalog.origins) <= set(cards):
        raise TypeError("an origin of no card")
    kinds = list(dict.fromkeys(card.kind for card in cards.values()))
    rows = [facets_of(card) for card in cards.values()]
    index = {
        "keys": list(cards),
        "names": [card.name for card in cards.values()],
        "kinds": kinds,
        "kind_of": [kinds.index(card.kind) for card in cards.values()],
        "replaces": {key: code for key, card in cards.items() if (code := getattr(card, "replaces", None))},
        "facets": {field: [row[i] for row in rows] for i, field in enumerate(FACETS)},
    }
    head = {"index": index, "tables": tables} | {name: getattr(catalog, name) for name in _EAGER}
    lines = [_line(["head", _tagged(head)])]
    lines += [_line([name, _tagged(getattr(catalog, name))]) for name in tables if name not in _EAGER]
    entries = [_line([key, _tagged(card), _tagged(catalog.origins.get(key))]) for key, card in cards.items()]
    return "\n".join([_OPEN, ",\n".join(lines) + ",", _CARDS, ",\n".join(entries), _CLOSE_CARDS, _CLOSE]).replace(
        _CARDS + "\n\n", _CARDS + "\n"
    )


#: the lines around the entries (:func:`encode`)
_OPEN, _CARDS, _CLOSE_CARDS, _CLOSE = '{"$d":[', '["cards",{"$d":[', "]}]", "]}"


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _check(name: str, value: Any) -> Any:
    """``value`` if it is of the type of the catalog field ``name``'s default, else :class:`BadData`."""
    field = _FIELDS[name]
    factory = field.default_factory  # dataclasses.MISSING (not callable) when there is none
    default = factory() if callable(factory) else field.default
    if default is None:
        if value is not None and not isinstance(value, Path):
            raise BadData(name)
    elif type(value) is not type(default):
        raise BadData(name)
    return value


_FIELDS = {f.name: f for f in dataclasses.fields(Catalog) if f.init}


def _element(line: bytes) -> Any:
    """One element of :func:`encode`'s array, from its line, with its values."""
    return json.loads(line.removesuffix(b","), object_hook=_untagged)


def _or_damaged(read: Callable[[str], Any], path: Path | None) -> Callable[[str], Any]:
    """``read``, which says that the cache is damaged when what it reads is not what :func:`encode`
    wrote (a file changed under a valid checksum): the file is removed, so the next command rebuilds it."""

    def guarded(name: str) -> Any:
        try:
            return read(name)
        except Exception:
            if path is not None:
                with contextlib.suppress(OSError):
                    path.unlink()
            raise InputError(
                Problem("the catalog cache is damaged: it was removed, and the next command rebuilds it", file=path)
            ) from None

    return guarded


def decode(text: str | bytes, path: Path | None = None) -> Catalog:
    """The catalog :func:`encode` wrote, its entries the models themselves, each table and card
    read from its line on first use (:class:`LazyTable`, :meth:`Catalog.lazy_tables`).
    :class:`BadData` (or another ``ValueError``) if the data is not laid out as :func:`encode` lays
    it out; a table or card whose line is not of its types is said to be damaged when it is read
    (the cache file ``path`` is then removed)."""
    lines = (text.encode("utf-8") if isinstance(text, str) else text).split(b"\n")
    if len(lines) < 5 or lines[0] != _OPEN.encode() or lines[-2:] != [_CLOSE_CARDS.encode(), _CLOSE.encode()]:
        raise BadData("layout")
    tag, head = _element(lines[1])
    if tag != "head" or not isinstance(head, dict) or head.keys() != {"index", "tables", *_EAGER}:
        raise BadData("head")
    index, tables = head["index"], head["tables"]
    lazy = [name for name in tables if name not in _EAGER] if isinstance(tables, list) else None
    if (
        not isinstance(index, dict)
        or index.keys() != {"keys", "names", "kinds", "kind_of", "replaces", "facets"}
        or lazy is None
        or set(tables) != _FIELDS.keys() - {"cards", "origins"}
        or lines[2 + len(lazy)] != _CARDS.encode()
    ):
        raise BadData("index")
    keys, names, kind_of, replaces = index["keys"], index["names"], index["kind_of"], index["replaces"]
    facets = index["facets"]
    # each column checked whole, at the speed of the built-ins (a catalog may hold 50,000 cards)
    if not (
        type(keys) is type(names) is type(kind_of) is list
        and type(replaces) is type(facets) is dict
        and len(keys) == len(set(keys)) == len(names) == len(kind_of) == len(lines) - 5 - len(lazy)
        and replaces.keys() <= set(keys)
        and list(facets) == list(FACETS)
        and all(type(column) is list and len(column) == len(keys) for column in facets.values())
    ):
        raise BadData("index")
    "".join(keys), "".join(names), "".join(index["kinds"]), "".join(replaces.values())  # TypeError: not text
    for field, column in facets.items():
        if field == "cost":  # whole numbers (None: a kind without a cost)
            if not set(map(type, column)) <= {int, type(None)}:
                raise BadData("index")
        else:
            "".join(filter(None, column))  # TypeError: not text (None: a kind without the field)
    kinds = list(map(index["kinds"].__getitem__, kind_of))
    position = dict(zip(keys, range(len(keys))))
    first = 3 + len(lazy)
    entries: dict[str, tuple[Any, Any]] = {}

    def entry(key: str) -> tuple[Any, Any]:
        found = entries.get(key)
        if found is None:
            at = position[key]
            found = _element(lines[first + at])
            if not (
                isinstance(found, list)
                and len(found) == 3
                and found[0] == key
                and isinstance(found[1], CardBase)
                and found[1].key == key
                and (found[1].name, getattr(found[1], "kind", None), getattr(found[1], "replaces", None))
                == (names[at], kinds[at], replaces.get(key))
                and facets_of(found[1]) == tuple(facets[field][at] for field in FACETS)
                and (found[2] is None or isinstance(found[2], Origin))
            ):
                raise BadData(f"card {key}")
            found = entries[key] = (found[1], found[2])
        return found

    def table(name: str) -> Any:
        found = _element(table_lines[name])
        if not (isinstance(found, list) and len(found) == 2 and found[0] == name):
            raise BadData(name)
        return _check(name, found[1])

    summary = (keys, names, kinds, replaces, facets)
    cards = LazyTable(keys, _or_damaged(lambda key: entry(key)[0], path), summary=summary)
    origins = LazyTable(keys, _or_damaged(lambda key: entry(key)[1], path))
    catalog = Catalog(cards=cards, origins=origins, **{name: _check(name, head[name]) for name in _EAGER})
    table_lines = dict(zip(lazy, lines[2 : 2 + len(lazy)], strict=True))
    catalog.lazy_tables(_or_damaged(table, path), lazy)
    return catalog


#: the largest cache file read: the catalog files are at most 1 MB each, and their cache a few
#: times that; a bigger file is a miss, and the catalog is read from its files
MAX_CACHE_BYTES = 32_000_000


def read(key: list | None) -> Catalog | None:
    """The catalog cached under ``key`` (from :func:`cache_key`), or ``None`` (miss, stale,
    corrupt or foreign)."""
    if key is None:
        return None
    try:
        path = cache_file(key)
        data = None if path is None else read_cache(path, FORMAT, VERSION, key, MAX_CACHE_BYTES)
        return None if data is None else decode(data, path)
    except Exception:  # a missing, stale, damaged or foreign cache is just a miss
        return None


def write(key: list | None, text: str) -> None:
    """Store ``text`` (from :func:`encode`) under ``key``: the key worked out before the files
    were read, so that a file changed since then makes the next run miss."""
    path = None if key is None else cache_file(key)
    if path is None or not write_cache(path, FORMAT, VERSION, key, text.encode("utf-8"), skyforge=__version__):
        return
    try:
        for old in [*path.parent.glob("catalog-*.json"), *path.parent.glob("catalog-*.pickle")]:
            if old != path and (old.suffix == ".pickle" or old.stat().st_mtime < _oldest_allowed()):
                old.unlink(missing_ok=True)
    except OSError:
        pass


def _oldest_allowed() -> float:
    return time.time() - 7 * 24 * 3600
