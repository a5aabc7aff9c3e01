"""A cache of the merged catalog, so that every command does not re-read TOML.

Parsing and validating the shipped catalog costs more than the rest of a
``deck validate``; the cache stores the merged :class:`Catalog` (pickled — it is
written and read only by skyforge, in the user's cache folder) under a key made
of every file's path, size and modification time and of skyforge's own code, so
any edit to a catalog file or an upgrade makes it miss. A cache that cannot be
read or written is simply skipped: it is never needed for correctness.

Folder: ``SKYFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/skyforge``, else
``~/.cache/skyforge``. ``SKYFORGE_CACHE_DIR=off`` disables it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    value = os.environ.get("SKYFORGE_CACHE_DIR")
    if value == "off":
        return None
    if value:
        return Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "skyforge"


def _key(files: list[Path]) -> str:
    digest = hashlib.sha256()
    own = [_PACKAGE / "models.py", _PACKAGE / "loader.py", _PACKAGE / "index.py"]
    for path in [*own, *files]:
        stat = path.stat()
        digest.update(f"{path.resolve()}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:32]


def read(files: list[Path]):
    folder = cache_dir()
    if folder is None:
        return None
    try:
        with open(folder / f"catalog-{_key(files)}.pickle", "rb") as handle:
            return pickle.load(handle)
    except Exception:  # a missing, stale or damaged cache is just a miss
        return None


def write(files: list[Path], catalog) -> None:
    folder = cache_dir()
    if folder is None:
        return
    try:
        from skyforge.storage import atomic_write

        key = _key(files)
        atomic_write(folder / f"catalog-{key}.pickle", pickle.dumps(catalog, protocol=pickle.HIGHEST_PROTOCOL))
        for old in folder.glob("catalog-*.pickle"):
            if key not in old.name and old.stat().st_mtime < _oldest_allowed():
                old.unlink(missing_ok=True)
    except OSError:
        pass


def _oldest_allowed() -> float:
    import time

    return time.time() - 7 * 24 * 3600
