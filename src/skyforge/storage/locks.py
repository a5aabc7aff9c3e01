"""Locks: one writer at a time for each file, across processes.

:func:`locked` serialises read-modify-write cycles between processes with a
lock file in the workspace's hidden ``.skyforge/locks/`` folder (the ``filelock``
package: portable and well kept, where hand-written ``fcntl`` code would not
work on Windows); lock files are never followed through symbolic links, and the
temporary files of a writer that was killed are removed under the lock.
"""

from __future__ import annotations

import contextlib
import glob
import os
from collections.abc import Iterator
from pathlib import Path

from skyforge.errors import InputError, Problem, option
from skyforge.storage.files import MAX_PATH_ARG, WORKSPACE_FOLDERS, _through_links, _writable_folder


def lock_path(path: Path) -> Path:
    """Where the lock of ``path`` lives: ``.skyforge/locks/`` of its workspace.

    A file in a workspace folder (``decks/``, ``campaigns/``, …) is locked in that
    workspace's ``.skyforge/locks/``; any other file in ``.skyforge/locks/`` of its folder.
    """
    path = Path(os.path.abspath(path))
    folder = path.parent
    if folder.name in WORKSPACE_FOLDERS:
        return folder.parent / ".skyforge" / "locks" / f"{folder.name}.{path.name}.lock"
    return folder / ".skyforge" / "locks" / f"{path.name}.lock"


@contextlib.contextmanager
def locked(path: Path, timeout: float = 30.0) -> Iterator[None]:
    """Hold an exclusive lock for ``path`` (see :func:`lock_path`), never through a symbolic link.

    Under the lock no other skyforge writes ``path``, so temporary files of an earlier
    writer that was killed are removed here.
    """
    path = Path(path)
    where = lock_path(path)
    if len(where.name.encode("utf-8", "replace")) > MAX_PATH_ARG:
        shown = path.name if len(path.name) <= 60 else path.name[:60] + "…"
        raise InputError(
            Problem(
                f"the file name is too long: file systems take at most {MAX_PATH_ARG} bytes",
                file=shown,
                hint="give a shorter file name",
            )
        )
    _refuse_links(where)  # before the folder is made: never a locks/ folder made through a link
    _writable_folder(where.parent)
    _refuse_links(where)  # and after: a link planted meanwhile
    try:
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        os.close(fd)
    except OSError as exc:
        raise InputError(
            Problem(
                f"cannot write the lock file: {exc.strerror}",
                file=where,
                hint=f"check the folder's permissions, or choose another {option('workspace')}",
            )
        ) from None
    import filelock  # start-up: only a command that writes gets here; it would cost every read ~13 ms

    lock = filelock.FileLock(str(where))
    try:
        with lock.acquire(timeout=timeout):
            clean_temp_files(path)
            yield
    except filelock.Timeout:
        raise InputError(
            Problem("another skyforge process holds this file", file=path, hint="wait for it to finish, then try again")
        ) from None


def _refuse_links(where: Path) -> None:
    for part in (where.parent.parent, where.parent, where):
        if part.is_symlink():
            raise InputError(
                Problem(
                    "is a symbolic link: skyforge never follows its lock files through links",
                    file=part,
                    hint="remove it (skyforge makes a new one)",
                )
            )


def clean_temp_files(path: Path) -> None:
    """Remove the ``.NAME.*.tmp`` files an :func:`atomic_write` killed half-way left behind."""
    target = _through_links(Path(path))
    with contextlib.suppress(OSError):
        for stale in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
            with contextlib.suppress(OSError):
                if not stale.is_symlink() and stale.is_file():
                    os.unlink(stale)
