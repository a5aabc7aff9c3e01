"""The versions kept of a file, as results: what ``skyforge history``, ``deck history`` and the
restores read (the history itself, and how a write keeps it: :mod:`~skyforge.storage.history`).

A module of its own so that a command that only writes a file does not create these results.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path

from skyforge.errors import NotFoundError, Problem
from skyforge.recording import current
from skyforge.results import Result
from skyforge.storage.files import WORKSPACE_FOLDERS, exists
from skyforge.storage.history import (
    Kind,
    _current,
    _entries,
    _never_landed,
    _read_entry,
    _refuse_links,
    digest,
    history_folder,
    keep,
    ranges,
)
from skyforge.storage.locks import locked


class Version(Result):
    """One version of a file: its number, when it was written and by which command."""

    number: int
    time: str
    command: str
    kind: Kind
    sha256: str
    #: the hash of the text this version replaced (None: the file was new)
    replaces: str | None = None


class History(Result):
    """Every version kept of one file, oldest first; ``changed_since``: the file was edited by hand
    since its last version (the next write records that text first)."""

    file: str
    folder: str
    versions: list[Version]
    changed_since: bool = False


def _version(number: int, header: dict) -> Version:
    kind = header.get("kind") if header.get("kind") in ("command", "hand", "found") else "command"
    return Version.of(
        number=number,
        time=str(header.get("time", "")),
        command=str(header.get("command", "")),
        kind=kind,
        sha256=str(header["sha256"]),
        replaces=header.get("replaces") if isinstance(header.get("replaces"), str) else None,
    )


def read_history(path: Path | str) -> History:
    """The versions kept of ``path``, oldest first (a version that never reached the file left out)."""
    path = Path(path)
    folder = history_folder(path)
    _refuse_links(folder)
    entries = _entries(folder)
    headers = [_read_entry(folder / name, whole=False)[0] for _, name in entries]
    versions = [_version(n, header) for (n, _), header in zip(entries, headers, strict=True)]
    text, changed = _current(path)
    if versions and _never_landed(headers[-1], folder / entries[-1][1], text, changed):
        versions.pop()
    edited = text is not None and (not versions or digest(text) != versions[-1].sha256)
    return History.of(file=str(path), folder=str(folder), versions=versions, changed_since=edited)


def version_texts(path: Path | str, history: History | None = None) -> list[tuple[Version, str]]:
    """Every version of ``path`` with its text, oldest first."""
    history = history or read_history(path)
    folder = Path(history.folder)
    names = dict(_entries(folder))
    return [(v, _read_entry(folder / names[v.number])[1]) for v in history.versions if v.number in names]


def version_text(path: Path | str, number: int, what: str = "file") -> str:
    """The text of version ``number`` of ``path``; a version not kept is named with the ones there are."""
    path = Path(path)
    history = read_history(path)
    names = dict(_entries(Path(history.folder)))
    if any(v.number == number for v in history.versions) and number in names:
        return _read_entry(Path(history.folder) / names[number])[1]
    raise NotFoundError(
        Problem(
            f"{path.stem} has no version {number}",
            file=path,
            hint=f"the versions of this {what} are {ranges([v.number for v in history.versions])}"
            if history.versions
            else f"no versions of this {what} are kept yet: its next change keeps the one it has now",
        )
    )


class KeptFile(Result):
    """A file with a history: where it is, how many versions are kept, the last one's time and command."""

    file: str
    versions: int
    first: int
    last: int
    time: str
    command: str
    changed_since: bool


class KeptFiles(Result):
    """The files of a workspace whose versions are kept (``skyforge history``)."""

    workspace: str
    files: list[KeptFile]


def kept_files(workspace: Path | str) -> KeptFiles:
    """Every file of ``workspace`` (and its workspace folders) whose versions are kept, by name."""
    root = Path(workspace) / ".skyforge" / "history"
    _refuse_links(root / "-")  # .skyforge/ and history/ (the workspace itself may be a link)
    out = []
    with contextlib.suppress(OSError):
        for folder in sorted(root.iterdir()):
            if folder.is_symlink() or not folder.is_dir():
                continue
            kind, _, rest = folder.name.partition(".")
            path = (
                Path(workspace) / kind / rest if kind in WORKSPACE_FOLDERS and rest else Path(workspace) / folder.name
            )
            history = read_history(path)
            if not history.versions:
                continue
            last = history.versions[-1]
            out.append(
                KeptFile.of(
                    file=str(path),
                    versions=len(history.versions),
                    first=history.versions[0].number,
                    last=last.number,
                    time=last.time,
                    command=last.command,
                    changed_since=history.changed_since,
                )
            )
    return KeptFiles.of(workspace=str(workspace), files=out)


#: ``FILE@N``: version N of a file
_AT = re.compile(r"^(?P<file>.+)@(?P<number>[0-9]{1,9})$")


def split_at(ref: str) -> tuple[str, int | None]:
    """``FILE@N`` → (FILE, N); a file that is named so, or no ``@N`` → (ref, None)."""
    m = _AT.match(ref)
    if m is None or exists(ref):
        return ref, None
    return m.group("file"), int(m.group("number"))


def restore(
    path: Path | str, number: int, check: Callable[[str, Path], object] | None = None, what: str = "file"
) -> int:
    """Write version ``number`` of ``path`` back as its newest version (nothing is lost: the text
    it replaces is a version too), under the file's lock; ``check(text, name)`` refuses a version
    that is not a file of its kind. Returns the new version's number."""
    path = Path(path)
    with locked(path):
        text = version_text(path, number, what)
        if check is not None:
            check(text, Path(f"{path}@{number}"))
        return keep(path, text, command=f"{current().command} @{number}")
