"""Where the workspace is, with ``os.path`` alone: the nearest workspace file, the workspace's
folders and the names their files may have.

Shell completion runs skyforge once per Tab and finds the deck and campaign folders here: without
pathlib, dataclasses and tomllib it costs about a third less than importing them, and when there is
no workspace file there is nothing to parse. :mod:`skyforge.places` builds the whole answer (the
catalog, the collection, the folders a workspace file moves) on the same search.
"""

from __future__ import annotations

import errno
import os
import stat
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

#: the workspace file's name
WORKSPACE_FILE = "skyforge.toml"
#: how many folders up the search goes at most (a guard, far above any real nesting)
MAX_LEVELS = 64
#: the folders a workspace file may move, with their defaults
FOLDERS = {"decks": "decks", "campaigns": "campaigns"}

#: the errors that say a path is not there (as ``pathlib.Path.is_file`` takes them), not that it
#: cannot be looked at
_ABSENT = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


def is_file(path: str) -> bool:
    """Whether ``path`` is a file, as ``pathlib.Path.is_file`` says: False when it is not there, an
    ``OSError`` when it cannot be looked at (a folder one may not enter)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError as exc:
        if exc.errno not in _ABSENT:
            raise
        return False
    except ValueError:  # a NUL in the path
        return False


def find_workspace_file(start: str | os.PathLike[str] = ".") -> str | None:
    """``skyforge.toml`` in ``start`` or the nearest folder above it (an absolute path), or None."""
    try:
        folder = os.path.abspath(start)
    except OSError:  # the current folder was removed
        return None
    for _ in range(MAX_LEVELS):
        candidate = os.path.join(folder, WORKSPACE_FILE)
        try:
            if is_file(candidate):
                return candidate
        except OSError:
            return None
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
    return None


def locate(
    workspace: str | os.PathLike[str] | None, environ: Mapping[str, str], cwd: str | os.PathLike[str] = "."
) -> tuple[str, str | None]:
    """The workspace folder and its workspace file (or None): ``workspace`` (``--workspace``), else
    ``SKYFORGE_WORKSPACE``, else the folder of the nearest workspace file at or above ``cwd``
    (``"."`` when that is ``cwd`` itself, so paths stay short in messages), else ``"."``."""
    given = workspace or environ.get("SKYFORGE_WORKSPACE")
    if given:
        root = os.fspath(given)
        candidate = os.path.join(root, WORKSPACE_FILE)
        return root, candidate if is_file(candidate) else None
    file = find_workspace_file(cwd)
    if file is None:
        return ".", None
    root = os.path.dirname(file)
    return ("." if os.path.abspath(cwd) == root else root), file


def valid_name(name: str) -> bool:
    """Whether ``name`` (NFC) may name a deck, campaign or draft file in a workspace folder:
    letters and digits of any script first, then also their combining marks (the vowel signs of
    Devanagari, say), spaces, '_', '.' and '-'; no '..', no trailing dot or space, at most 80."""
    if not name or not name[0].isalnum() or ".." in name or name.endswith((".", " ")) or len(name) > 80:
        return False
    return all(ch.isalnum() or ch in " _.-" or unicodedata.category(ch).startswith("M") for ch in name)
