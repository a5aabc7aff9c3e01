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

Only the standard library is used here. The search itself is :mod:`skyforge.workspace_paths`
(``os.path`` alone), which shell completion uses on every Tab, coming here only when there is a
workspace file to read. The file is checked strictly by its model
(:mod:`skyforge.storage.workspace`) when a command loads it; this module reads it leniently and
never fails (a broken file gives the defaults, and the command reports the problems).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from skyforge.tomlpos import long_key_at
from skyforge.workspace_paths import FOLDERS, WORKSPACE_FILE, locate

#: where a catalog named by the front end came from (the command line's catalog option)
COMMAND_LINE = "the command line"


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
    found_root, found_file = locate(workspace, environ, cwd)
    root, file = Path(found_root), Path(found_file) if found_file is not None else None
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
