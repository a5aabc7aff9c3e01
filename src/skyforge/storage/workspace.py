"""The workspace file ``skyforge.toml``: its strict model, reading it, recording a catalog in it.

Where it is found, and what wins over it, is :mod:`skyforge.places` (standard library only, for
shell completion); here it is checked as every file skyforge reads: by its model, unknown keys
being errors, with every problem's line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from skyforge.empty import empty_list
from skyforge.places import WORKSPACE_FILE
from skyforge.storage.files import exists, read_text
from skyforge.storage.history import keep
from skyforge.storage.tomlfiles import dump_toml, parse_model, parse_toml

#: the longest name of one folder or file most file systems take (bytes)
NAME_MAX = 255


def _path(value: str) -> str:
    """A path the file system can take: no part longer than :data:`NAME_MAX` bytes."""
    long = next((part for part in value.replace("\\", "/").split("/") if len(part.encode()) > NAME_MAX), None)
    if long is not None:
        raise ValueError(f"a folder or file name of {len(long.encode())} bytes; the most is {NAME_MAX}")
    return value


#: a path in the workspace file
WorkspacePath = Annotated[str, AfterValidator(_path)]


class WorkspaceFile(BaseModel):
    """``skyforge.toml``: what a folder of decks and campaigns uses. Paths are relative to the file."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)

    schema_: int = Field(default=1, alias="schema", ge=1, le=1, description="File format version.")
    catalog: list[WorkspacePath] = Field(
        default_factory=empty_list,
        max_length=100,
        description="Your catalog: TOML files or folders of them (or @demo, @shipped, @official). "
        "A catalog given on the command line and SKYFORGE_CATALOG win over it.",
    )
    collection: WorkspacePath | None = Field(default=None, description="The collection file used when none is given.")
    decks: WorkspacePath = Field(default="decks", min_length=1, description="The folder of deck files.")
    campaigns: WorkspacePath = Field(default="campaigns", min_length=1, description="The folder of campaign files.")


def load_workspace_file(path: Path) -> WorkspaceFile:
    """The workspace file checked by its model; every problem at once (:class:`InputError`)."""
    model, _ = parse_model(read_text(path), path, WorkspaceFile, "workspace")
    return model


def catalog_holds(paths: list[Path] | tuple[Path, ...], file: Path) -> bool:
    """Whether the catalog loaded from ``paths`` (files and folders; ``@demo`` and the other layer
    names hold no file of the player's) takes in ``file``: it is one of them or in one of the folders."""
    target = Path(file).resolve()
    for path in paths:
        if str(path).startswith("@"):
            continue
        resolved = Path(path).resolve()
        if resolved == target or (resolved.is_dir() and target.is_relative_to(resolved)):
            return True
    return False


def record_catalog(folder: Path, catalog_file: Path) -> tuple[Path, bool]:
    """Add ``catalog_file`` to the catalog list of ``folder``'s workspace file (made when missing).

    Returns the workspace file and whether it changed (False: the file was listed already).
    The path is written relative to the folder when it is inside it.
    """
    file = folder / WORKSPACE_FILE
    data = parse_toml(read_text(file), file) if exists(file) else {"schema": 1}
    if exists(file):
        load_workspace_file(file)  # a broken workspace file is reported, not rewritten
    try:
        entry = Path(catalog_file).absolute().relative_to(folder.absolute()).as_posix()
    except ValueError:
        entry = str(Path(catalog_file).absolute())
    catalogs: object = data.get("catalog", [])
    listed = [str(c) for c in catalogs] if isinstance(catalogs, list) else []
    if entry in listed:
        return file, False
    if not exists(file):
        keep(file, dump_toml({"schema": 1, "catalog": [entry]}))
        return file, True
    import tomlkit  # start-up: only this edit, which keeps the player's comments, needs it (~5 ms)

    document = tomlkit.parse(read_text(file))  # the player's comments stay
    if "catalog" in document:
        document["catalog"].append(entry)
    else:
        document["catalog"] = [entry]
    keep(file, tomlkit.dumps(document))
    return file, True
