"""Cache files: what skyforge worked out once and keeps to skip the work next time.

A cache is never needed for correctness: a file that is missing, foreign, of another version or
key, damaged, too big or not a regular file is a miss, and one that cannot be written is skipped.
A cache file is a header line (its format, version, key and a CRC-32 of the data), then the data.
Its name is predictable, so it is never read or written through a link planted under it, and it
is readable by its owner only.

Folder: ``SKYFORGE_CACHE_DIR``, else ``$XDG_CACHE_HOME/skyforge``, else ``~/.cache/skyforge``.
``SKYFORGE_CACHE_DIR=off`` disables every cache.
"""

from __future__ import annotations

import json
import os
import stat
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from skyforge.errors import InputError
from skyforge.storage.files import atomic_write

#: never through a link: a cache file's name is predictable, so a link planted under it must not
#: make a miss write (or a hit read) another file
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_MAX_HEADER_BYTES = 64_000
#: skyforge's package folder
_OWN = Path(__file__).resolve().parent.parent


def cache_dir() -> Path | None:
    """The cache folder, or ``None`` when caches are off."""
    value = os.environ.get("SKYFORGE_CACHE_DIR")
    if value == "off":
        return None
    if value:
        return Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "skyforge"


@cache
def code_stats() -> tuple[list, ...]:
    """Every module of skyforge, by path relative to its package folder, with its size,
    modification and change times and inode: in a cache's key, so that a change to any module
    makes every cache miss (stating ~190 files costs about a millisecond, once a process: the code
    a process runs is the code it loaded)."""
    found = []
    folders = [""]
    while folders:
        folder = folders.pop()
        with os.scandir(os.path.join(_OWN, folder)) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    found.append([folder + entry.name, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino])
                elif entry.name.isidentifier() and not entry.name.startswith("_") and entry.is_dir():
                    folders.append(folder + entry.name + "/")
    found.sort()
    return tuple(found)


def read_cache(path: Path, format: str, version: int, key: Any, max_bytes: int) -> bytes | None:
    """The data of the cache file ``path`` if it is one of ``format`` and ``version`` stored under
    ``key`` (compared whole) with its CRC-32 right; else ``None``. A file over ``max_bytes`` is
    not one skyforge wrote: never read whole (a 2 GB sparse file planted under a cache's name was
    once read, 3.9 GB and 14 s)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with open(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:  # a FIFO, a device, a giant
                return None
            header = json.loads(handle.readline(_MAX_HEADER_BYTES))
            data = handle.read(max_bytes + 1)
        if len(data) > max_bytes:  # grew while read
            return None
        if (
            isinstance(header, dict)
            and header.get("format") == format
            and header.get("version") == version
            and header.get("key") == key
            and header.get("crc32") == zlib.crc32(data)
        ):
            return data
    except (OSError, ValueError, RecursionError):  # missing, unreadable, not JSON, nested past Python's limit: a miss
        pass
    return None


def write_cache(path: Path, format: str, version: int, key: Any, data: bytes, **about: Any) -> bool:
    """Store ``data`` under ``key`` in the cache file ``path`` (``about``: more of the header, for
    people who open it); False if it could not be written (no writable home, a full disk)."""
    header = {"format": format, "version": version, **about, "key": key, "crc32": zlib.crc32(data)}
    try:
        # never through a link (replace_links: a link planted under the predictable name is
        # replaced, not followed), readable by its owner only, and no wait for the disk: a cache
        # lost in a power cut is made again
        atomic_write(path, json.dumps(header).encode() + b"\n" + data, replace_links=True, durable=False, mode=0o600)
    except (OSError, InputError):
        return False
    return True
