"""The history of every file skyforge writes: each version kept, plain text, in the workspace.

Every write of a kept file (deck, campaign, draft, series, plan, collection, catalog file) goes
through :func:`keep`: the new text is recorded as the file's next version, then the file is
replaced (both atomically, by :func:`~skyforge.storage.files.atomic_write`). The versions of a
file live beside its lock, in the hidden ``.skyforge/`` folder of its workspace:

* ``decks/NAME.toml`` → ``.skyforge/history/decks.NAME.toml/000001.toml``, ``000002.toml``, …
  (the same for ``campaigns/``, ``drafts/``, ``series/``, ``teams/``);
* any other file, ``FOLDER/FILE`` → ``FOLDER/.skyforge/history/FILE/000001.toml``, ….

A version is the file's text exactly, after one header line (a TOML comment, so a version is
still a file of its kind): ``# skyforge history {"time": …, "command": …, "kind": …, "sha256": …,
"replaces": …}``: when it was written, by which command (or ``"edited by hand"``), the SHA-256 of
its text and of the text it replaced.

Why the order is safe: a kill at any instant leaves either no new version (the file untouched),
a new version the file never received (its ``replaces`` is the file's own hash, and the file is
older than it: :func:`versions` leaves it out and the next write removes it), or both. A file
edited by hand since skyforge last wrote it no longer matches the last version: the next write
records the hand-edited text first (kind ``"hand"``). A file skyforge finds with no history yet
is recorded the same way (kind ``"found"``). The last :data:`MAX_VERSIONS` versions of a file
are kept; a write that prunes older ones says which (:mod:`skyforge.recording`).

A version's text is on disk before its name (fsync, then rename); the file's folder is synced
after the file, the version's folder is not: a power cut may forget the newest version's name
(the next write then records the file as edited by hand — nothing is lost), never leave half
of one. A process killed at any instant loses nothing at all.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import time
from pathlib import Path
from typing import Literal

from skyforge.errors import InputError, Problem
from skyforge.recording import Kept, current, note
from skyforge.storage.files import MAX_FILE_BYTES, WORKSPACE_FOLDERS, _through_links, atomic_write

#: how many versions of one file are kept (older ones are pruned, and the write says so)
MAX_VERSIONS = 100
#: the command a version edited outside skyforge is recorded with
BY_HAND = "edited by hand"
#: the command of a version skyforge found with no history before it
FOUND = "there before its history began"
#: the first line of every version file
HEADER = "# skyforge history "
_ENTRY = re.compile(r"^(\d{6,})(\.[^.]*)?$")

Kind = Literal["command", "hand", "found"]


def history_folder(path: Path | str) -> Path:
    """Where the versions of ``path`` are kept (beside its lock; see the module's note)."""
    path = Path(os.path.abspath(_through_links(Path(path)) if os.path.islink(path) else path))
    folder = path.parent
    if folder.name in WORKSPACE_FOLDERS:
        return folder.parent / ".skyforge" / "history" / f"{folder.name}.{path.name}"
    return folder / ".skyforge" / "history" / path.name


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _refuse_links(folder: Path) -> None:
    """The history folders are never followed through links (a planted link must not send the
    versions, or what they restore, anywhere else)."""
    for part in (folder.parent.parent, folder.parent, folder):
        if part.is_symlink():
            raise InputError(
                Problem(
                    "is a symbolic link: skyforge never follows its history folders through links",
                    file=part,
                    hint="remove it (skyforge makes a new folder)",
                )
            )


def _entries(folder: Path) -> list[tuple[int, str]]:
    """The version files in ``folder``: (number, file name), oldest first."""
    found = []
    with contextlib.suppress(OSError), os.scandir(folder) as names:
        for entry in names:
            m = _ENTRY.match(entry.name)
            if m:
                found.append((int(m.group(1)), entry.name))
    found.sort()
    return found


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _read_entry(file: Path, whole: bool = True) -> tuple[dict, str]:
    """A version file's header and text; a link, a folder or a damaged file is a problem."""
    try:
        fd = os.open(file, _READ_FLAGS | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(Problem(f"cannot read this version: {exc.strerror}", file=file)) from None
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InputError(Problem("is not a regular file", file=file))
        raw = handle.read(MAX_FILE_BYTES + 4096) if whole else handle.readline(4096)
    text = raw.decode("utf-8", "replace")
    first, _, body = text.partition("\n")
    try:
        if not first.startswith(HEADER):
            raise ValueError
        header = json.loads(first[len(HEADER) :])
        if not isinstance(header, dict) or not isinstance(header.get("sha256"), str):
            raise ValueError
    except ValueError:
        raise InputError(
            Problem(
                "is not a version skyforge kept (its first line is not the history header)",
                file=file,
                line=1,
                hint="remove the file from the history folder",
            )
        ) from None
    return header, body


def _current(path: Path) -> tuple[str | None, float]:
    """The file's text now (None: no file) and when it was last changed."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
            changed = os.fstat(handle.fileno()).st_mtime
    except (FileNotFoundError, IsADirectoryError):
        return None, 0.0
    except OSError:
        return None, 0.0
    return raw.decode("utf-8-sig", "replace"), changed


def _never_landed(header: dict, file: Path, text: str | None, changed: float) -> bool:
    """A version written just before a kill, whose file was never replaced: the file still holds
    the text it was to replace, and is older than the version (``header``: the version's)."""
    replaces = header.get("replaces") if isinstance(header.get("replaces"), str) else None
    if text is None or replaces is None or digest(text) != replaces or header["sha256"] == replaces:
        return False
    try:
        return changed <= file.stat().st_mtime
    except OSError:
        return False


def ranges(numbers: list[int]) -> str:
    """``1-4, 7, 9-10``: the numbers as runs."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _now() -> str:
    now = time.time()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now)) + f".{int(now % 1 * 1000):03d}Z"


def _entry_text(text: str, command: str, kind: str, replaces: str | None) -> str:
    header = {"time": _now(), "command": command, "kind": kind, "sha256": digest(text), "replaces": replaces}
    return HEADER + json.dumps(header, ensure_ascii=False) + "\n" + text


def keep(path: Path | str, text: str, command: str | None = None) -> int:
    """Write ``text`` to ``path`` keeping its history; the caller holds the file's lock.

    Returns the number of the version the file now is. ``command`` is what the history says
    wrote it (by default the command being recorded, :func:`skyforge.recording.current`).
    """
    path = Path(path)
    target = _through_links(path)
    folder = history_folder(target)
    _refuse_links(folder)
    entries = _entries(folder)
    now, changed = _current(target)
    last = None  # the last version's header
    if entries:
        last_file = folder / entries[-1][1]
        try:
            last = _read_entry(last_file, whole=False)[0]
        except InputError:
            last = None  # a damaged last version: the file's text is recorded anew below
        if last is not None and _never_landed(last, last_file, now, changed):
            with contextlib.suppress(OSError):
                os.unlink(last_file)
            entries.pop()
            last = _read_entry(folder / entries[-1][1], whole=False)[0] if entries else None
    _clean_temp(folder)
    written: list[int] = []
    upto = entries[-1][0] if entries else 0
    suffix = target.suffix or ".txt"
    if now is not None and (last is None or digest(now) != last["sha256"]):
        kind = "hand" if entries else "found"
        upto += 1
        atomic_write(
            folder / f"{upto:06d}{suffix}",
            _entry_text(now, BY_HAND if kind == "hand" else FOUND, kind, None),
            replace_links=True,
            sync_folder=False,  # see the module's note: at worst a version is forgotten, never half
        )
        written.append(upto)
        last_hash: str | None = digest(now)
    else:
        last_hash = last["sha256"] if last is not None else None
    if last_hash != digest(text) or now is None:
        upto += 1
        atomic_write(
            folder / f"{upto:06d}{suffix}",
            _entry_text(text, command or current().command, "command", digest(now) if now is not None else None),
            replace_links=True,
            sync_folder=False,  # see the module's note: at worst a version is forgotten, never half
        )
        written.append(upto)
    atomic_write(path, text)
    pruned = _prune(folder)
    note(Kept(path=path, version=upto, pruned=tuple(pruned)))
    return upto


def _prune(folder: Path) -> list[int]:
    """Remove all but the last :data:`MAX_VERSIONS` versions; the numbers removed."""
    entries = _entries(folder)
    pruned = []
    for number, name in entries[: max(0, len(entries) - MAX_VERSIONS)]:
        with contextlib.suppress(OSError):
            os.unlink(folder / name)
            pruned.append(number)
    return pruned


def _clean_temp(folder: Path) -> None:
    """The temporary files of a version write that was killed half-way (the caller holds the lock)."""
    with contextlib.suppress(OSError), os.scandir(folder) as names:
        for entry in names:
            if entry.name.startswith(".") and entry.name.endswith(".tmp") and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
