"""Where files are found: the workspace file ``skyforge.toml`` and what it points to.

A workspace file is looked for in the current folder, then in each folder above it (as git, ruff
and uv find theirs). Its folder is the workspace; the paths it gives are relative to it::

    schema = 1
    catalog = ["my-cards.toml"]       # your catalog files or folders (or @demo, @shipped, …)
    collection = "collection.toml"    # the default --collection
    decks = "decks"                   # where deck files live (default decks/)
    campaigns = "campaigns"           # where campaign files live (default campaigns/)

What the command line and the environment say wins: ``--workspace DIR`` (then ``DIR/skyforge.toml``
is the workspace file, if there is one), ``SKYFORGE_WORKSPACE``, ``--catalog``, ``SKYFORGE_CATALOG``.

Only the standard library is used here: shell completion finds the workspace file too, and it
must not import pydantic. The file is checked strictly by its model
(:mod:`skyforge.storage.workspace`) when a command loads it; this module reads it leniently and
never fails (a broken file gives the defaults, and the command reports the problems).
"""

from __future__ import annotations

import os
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from skyforge.tomlpos import long_key_at

#: where a catalog named by the front end came from (the command line's catalog option)
COMMAND_LINE = "the command line"

#: the workspace file's name
WORKSPACE_FILE = "skyforge.toml"
#: how many folders up the search goes at most (a guard, far above any real nesting)
MAX_LEVELS = 64
#: the folders a workspace file may move, with their defaults
FOLDERS = {"decks": "decks", "campaigns": "campaigns"}


def find_workspace_file(start: Path | str = ".") -> Path | None:
    """``skyforge.toml`` in ``start`` or the nearest folder above it, or None."""
    try:
        folder = Path(start).absolute()
    except OSError:
        return None
    for _ in range(MAX_LEVELS):
        candidate = folder / WORKSPACE_FILE
        try:
            if candidate.is_file():
                return candidate
        except OSError:
            return None
        if folder.parent == folder:
            return None
        folder = folder.parent
    return None


def read_raw(file: Path) -> dict:
    """The workspace file's data as TOML says it, or ``{}`` when it cannot be read."""
    try:
        with open(file, "rb") as handle:
            text = handle.read(1_000_000).decode("utf-8-sig")
        if long_key_at(text) is not None:  # tomllib would take seconds and a gigabyte: the model check says why
            return {}
        data = tomllib.loads(text)
    except (OSError, ValueError, RecursionError):  # ValueError: bad UTF-8 or TOML, a 5,000-digit number
        return {}
    return data if isinstance(data, dict) else {}


def _paths(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _under(root: Path, value: str) -> Path:
    return Path(value) if value.startswith("@") else root / value


@dataclass(frozen=True)
class Places:
    """Where a command finds its files."""

    #: the workspace folder (decks/, campaigns/, … are in it unless the workspace file says otherwise)
    root: Path
    #: the workspace file in use, or None
    file: Path | None = None
    #: the catalog files and folders to load (empty: the shipped layers, demo included)
    catalog: tuple[Path, ...] = ()
    #: where ``catalog`` came from: :data:`COMMAND_LINE`, "SKYFORGE_CATALOG", the workspace file, or None
    catalog_from: str | None = None
    #: the workspace file's default collection, or None
    collection: Path | None = None
    folders: dict[str, Path] = field(default_factory=dict)

    def folder(self, kind: str) -> Path:
        return self.folders.get(kind) or self.root / FOLDERS.get(kind, kind)


def find_places(
    catalog_paths: tuple[str | Path, ...] = (),
    workspace: str | Path | None = None,
    *,
    env: dict[str, str] | None = None,
    cwd: Path | str = ".",
) -> Places:
    """Where files are for these options (``--catalog``, ``--workspace``), environment and folder."""
    environ: Mapping[str, str] = os.environ if env is None else env
    if workspace or environ.get("SKYFORGE_WORKSPACE"):
        root = Path(workspace or environ["SKYFORGE_WORKSPACE"])
        candidate = root / WORKSPACE_FILE
        file: Path | None = candidate if candidate.is_file() else None
    else:
        file = find_workspace_file(cwd)
        root = file.parent if file is not None else Path(".")
        if file is not None and Path(cwd).absolute() == file.parent:
            root = Path(".")  # paths stay short in messages when the workspace is the current folder
    data = read_raw(file) if file is not None else {}
    from_env = [Path(p) for p in environ.get("SKYFORGE_CATALOG", "").split(os.pathsep) if p]
    if catalog_paths:
        catalog, source = tuple(Path(p) for p in catalog_paths), COMMAND_LINE
    elif from_env:
        catalog, source = tuple(from_env), "SKYFORGE_CATALOG"
    elif _paths(data.get("catalog")):
        catalog, source = tuple(_under(root, p) for p in _paths(data.get("catalog"))), str(file)
    else:
        catalog, source = (), None
    collection = data.get("collection")
    folders = {k: root / v for k in FOLDERS if isinstance(v := data.get(k), str) and v}
    return Places(
        root=root,
        file=file,
        catalog=catalog,
        catalog_from=source,
        collection=root / collection if isinstance(collection, str) and collection else None,
        folders=folders,
    )


def workspace_folder(root: Path, kind: str) -> Path:
    """The folder of ``kind`` ("decks", "campaigns") in the workspace ``root``: as its workspace file
    says, or ``root/kind``."""
    file = root / WORKSPACE_FILE
    value = read_raw(file).get(kind) if file.is_file() else None
    return root / value if isinstance(value, str) and value else root / FOLDERS.get(kind, kind)


def valid_name(name: str) -> bool:
    """Whether ``name`` (NFC) may name a deck, campaign or draft file in a workspace folder:
    letters and digits of any script first, then also their combining marks (the vowel signs of
    Devanagari, say), spaces, '_', '.' and '-'; no '..', no trailing dot or space, at most 80."""
    if not name or not name[0].isalnum() or ".." in name or name.endswith((".", " ")) or len(name) > 80:
        return False
    return all(ch.isalnum() or ch in " _.-" or unicodedata.category(ch).startswith("M") for ch in name)
