"""A cache of the merged catalog, so that every command does not re-read TOML.

Parsing and validating the shipped catalog costs more than the rest of a
``deck validate``; the cache stores the merged :class:`Catalog` as plain data —
JSON of the entries' values (:mod:`skyforge.catalog.records`), never code — under
a key made of every file's path, size and modification time and of skyforge's
version and own code, so any edit to a catalog file or an upgrade makes it miss.

A cache file is trusted only if it is exactly what :func:`write` produces: a
header line (format name, cache version, the whole key — every file's path, size
and time, and skyforge's — and a CRC-32 of the data), then the data. A file that is corrupt, foreign, of another version or key, or whose data
is not of the expected types is a miss: the catalog is rebuilt from the TOML
files and the cache rewritten. A cache that cannot be read or written is simply
skipped: it is never needed for correctness.

Folder: ``SKYFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/skyforge``, else
``~/.cache/skyforge``. ``SKYFORGE_CACHE_DIR=off`` disables it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
import zlib
from pathlib import Path

from skyforge import __version__
from skyforge.catalog import records
from skyforge.catalog.index import Catalog
from skyforge.storage import atomic_write

_PACKAGE = Path(__file__).resolve().parent
FORMAT = "skyforge catalog cache"
#: bump when the layout of the cache file changes
VERSION = 2
#: skyforge's own files whose change invalidates every cache (models, merge, runtime values);
#: tests/test_catalog_cache.py checks that every module of the models and of the merge is here
_OWN = ("models/__init__.py", "models/common.py", "models/cards.py", "models/deckrules.py", "models/scenarios.py",
        "models/setup_rules.py", "models/drafts.py", "models/file.py", "constants.py", "loader.py", "build.py",
        "index.py", "completion.py", "records.py", "cache.py", "codes.py")


def cache_dir() -> Path | None:
    value = os.environ.get("SKYFORGE_CACHE_DIR")
    if value == "off":
        return None
    if value:
        return Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "skyforge"


def cache_key(files: list[Path]) -> list:
    """What the cache depends on: format, versions, and the path, size and time of skyforge's own
    files and of every catalog file. Stored whole in the header and compared exactly."""
    key: list = [FORMAT, VERSION, __version__]
    for path in [*(_PACKAGE / name for name in _OWN), *files]:
        stat = path.stat()
        key.append([str(path.resolve()), stat.st_size, stat.st_mtime_ns])
    return key


def cache_file(files: list[Path], key: list | None = None) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    text = json.dumps(cache_key(files) if key is None else key).encode()
    return folder / f"catalog-{zlib.crc32(text):08x}{len(text) & 0xffff:04x}.json"


def encode(catalog: Catalog) -> str:
    """The catalog as the cache's data: its dataclass fields, whatever they are, as tagged JSON."""
    return records.dumps({f.name: getattr(catalog, f.name) for f in dataclasses.fields(catalog) if f.init})


def decode(text: str) -> Catalog:
    """The catalog :func:`encode` wrote; :class:`records.BadData` if the data is not of its types."""
    fields = records.loads(text)
    if not isinstance(fields, dict):
        raise records.BadData("catalog")
    expected = {f.name: f for f in dataclasses.fields(Catalog) if f.init}
    if set(fields) != set(expected):
        raise records.BadData("catalog fields")
    for name, value in fields.items():
        default = expected[name].default_factory() if expected[name].default_factory is not dataclasses.MISSING \
            else expected[name].default
        if default is None:
            if value is not None and not isinstance(value, Path):
                raise records.BadData(name)
        elif type(value) is not type(default):
            raise records.BadData(name)
    for card in fields["cards"].values():
        if not (isinstance(card, records.CardRecord) and isinstance(card.name, str)
                and isinstance(getattr(card, "kind", None), str)):
            raise records.BadData("cards")
    return Catalog(**fields)


def read(files: list[Path]) -> Catalog | None:
    """The cached catalog for ``files``, or ``None`` (miss, stale, corrupt or foreign)."""
    try:
        key = cache_key(files)
        path = cache_file(files, key)
        if path is None:
            return None
        with open(path, "rb") as handle:
            header = json.loads(handle.readline())
            data = handle.read()
        if not (isinstance(header, dict) and header.get("format") == FORMAT and header.get("version") == VERSION
                and header.get("key") == key and header.get("crc32") == zlib.crc32(data)):
            return None
        return decode(data.decode("utf-8"))
    except Exception:  # a missing, stale, damaged or foreign cache is just a miss
        return None


def write(files: list[Path], text: str) -> None:
    """Store ``text`` (from :func:`encode`) as the cache for ``files``."""
    try:
        key = cache_key(files)
        path = cache_file(files, key)
        if path is None:
            return
        data = text.encode("utf-8")
        header = {"format": FORMAT, "version": VERSION, "skyforge": __version__, "key": key,
                  "crc32": zlib.crc32(data)}
        atomic_write(path, json.dumps(header).encode() + b"\n" + data)
        for old in [*path.parent.glob("catalog-*.json"), *path.parent.glob("catalog-*.pickle")]:
            if old != path and (old.suffix == ".pickle" or old.stat().st_mtime < _oldest_allowed()):
                old.unlink(missing_ok=True)
    except OSError:
        pass


def _oldest_allowed() -> float:
    return time.time() - 7 * 24 * 3600
