"""The journals already validated, so that reading the same file again does not validate it again.

Validating a journal builds a validator for each kind of event it holds, and the first validator a
command builds imports pydantic's plugin loader (and with it ``importlib.metadata``): ~50 M
instructions, and ~8 M more for the validators of a played campaign's events, where `campaign show`
makes every other model from values already checked (931 M in all; 837 M from this cache).

A journal read whole and found valid is kept here as its events' fields (JSON, never code;
:mod:`skyforge.storage.cachefiles`), under the SHA-256 of the file's text and what validated it:
skyforge's modules, pydantic's and Python's versions. The same text read again gives the same
events, made with ``model_construct``; any other text — an edit by hand, a command's write, a merge
from another device — misses, and is validated as ever. Whatever is wrong with the cache is a miss,
never the player's problem. One cache file a campaign file, named after its path, kept 30 days; a
journal migrated from an older schema is not kept (its text is not what it holds).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from pydantic import VERSION as PYDANTIC_VERSION
from pydantic import BaseModel

from skyforge import __version__
from skyforge.campaign import events as ev
from skyforge.storage import MAX_FILE_BYTES
from skyforge.storage.cachefiles import cache_dir, code_stats, read_cache, write_cache

FORMAT = "skyforge journal cache"
#: bump when the layout of the data changes
VERSION = 1
#: a journal's text is at most MAX_FILE_BYTES; its fields as JSON, with their tags, a few times
#: that (a journal of many small events written compactly, ~5 times); a bigger one is not kept
MAX_CACHE_BYTES = 8 * MAX_FILE_BYTES


def _cache_file(path: Path) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"journal-{hashlib.sha256(os.fsencode(path.resolve())).hexdigest()[:32]}.json"


def _key(text: str) -> list[str]:
    """The journal's text and what validated it: skyforge's modules, pydantic and Python."""
    code = hashlib.sha256(json.dumps(code_stats()).encode()).hexdigest()
    text_hash = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    return [text_hash, __version__, code, PYDANTIC_VERSION, sys.version]


def _tagged(value: Any) -> Any:
    """``value`` as JSON-ready data, every JSON object tagged: ``$m`` an event's model (by class
    name, with its fields and, under ``$s``, the names of those the file stated), ``$d`` a dict as
    key/value pairs."""
    if isinstance(value, BaseModel):
        fields = {name: _tagged(getattr(value, name)) for name in type(value).model_fields}
        return {"$m": type(value).__name__, "$s": sorted(value.model_fields_set), **fields}
    if isinstance(value, list):
        return [_tagged(v) for v in value]
    if isinstance(value, dict):
        return {"$d": [[k, _tagged(v)] for k, v in value.items()]}
    if value is None or isinstance(value, str | bool | int | float):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} in the journal cache")


def _untagged(obj: dict) -> Any:
    """One JSON object of :func:`_tagged` back as its value (``json.loads``' hook: inner ones first)."""
    if obj.keys() == {"$d"} and isinstance(obj["$d"], list):
        return dict(obj["$d"])
    name, stated = obj.pop("$m", None), obj.pop("$s", None)
    if not isinstance(name, str):
        raise ValueError("not an event's data")
    model = ev.model_named(name)  # KeyError: not an event's model
    if obj.keys() != model.model_fields.keys() or not isinstance(stated, list) or not set(stated) <= obj.keys():
        raise ValueError(f"fields of {name}")
    # validated when the cache was written, from this same text: not again
    return model.model_construct(set(stated), **obj)


def read(path: Path, text: str) -> tuple[list, list[list]] | None:
    """The events and undone commands of the journal ``text`` (the file at ``path``) if this
    skyforge validated exactly this text before; else ``None``."""
    try:
        file = _cache_file(path)
        data = None if file is None else read_cache(file, FORMAT, VERSION, _key(text), MAX_CACHE_BYTES)
        if data is None:
            return None
        events, undone = json.loads(data, object_hook=_untagged)  # written as [events, undone]
        if not (
            isinstance(events, list)
            and events
            and isinstance(events[0], ev.Created)
            and all(isinstance(e, BaseModel) for e in events)
            and isinstance(undone, list)
            and all(isinstance(group, list) and all(isinstance(e, BaseModel) for e in group) for group in undone)
        ):
            return None
    except Exception:  # skyforge's files unreadable, a cache not what write() wrote: a miss
        return None
    return events, undone


def write(path: Path, text: str, events: list, undone: list[list]) -> None:
    """Keep the events and undone commands validated from the journal ``text`` (the file at
    ``path``) for the next read of the same text."""
    try:
        file = _cache_file(path)
        if file is None:
            return
        data = json.dumps([_tagged(events), _tagged(undone)], ensure_ascii=False, separators=(",", ":")).encode(
            "utf-8", "surrogatepass"
        )
        if len(data) <= MAX_CACHE_BYTES and write_cache(file, FORMAT, VERSION, _key(text), data):
            _prune(file)
    except Exception:  # skyforge's files unreadable, a value JSON cannot hold: not kept
        return


#: a journal kept this long is dropped from the cache when another is kept (read again, it is
#: validated once and kept again)
KEPT_FOR_SECONDS = 30 * 24 * 3600


def _prune(written: Path) -> None:
    """Remove the journals kept longer than :data:`KEPT_FOR_SECONDS` (of campaigns finished,
    moved or deleted, among others), so that the cache folder does not grow for ever."""
    now = time.time()
    with suppress(OSError):
        for old in written.parent.glob("journal-*.json"):
            if old != written and old.stat().st_mtime < now - KEPT_FOR_SECONDS and _is_ours(old):
                old.unlink(missing_ok=True)
        for stale in written.parent.glob(".journal-*.json.*.tmp"):  # a write killed half-way
            if stale.stat().st_mtime < now - 3600:
                stale.unlink(missing_ok=True)


def _is_ours(file: Path) -> bool:
    """Whether ``file`` starts as a journal cache's header does (a shared folder may hold others)."""
    with open(file, "rb") as handle:
        return handle.read(len(_HEADER_START)) == _HEADER_START


_HEADER_START = json.dumps({"format": FORMAT}).encode()[:-1]
