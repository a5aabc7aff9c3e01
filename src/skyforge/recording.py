"""What the running command is called, and what its writes left behind: the records a write keeps.

A front end names the command it runs (``with recording("deck add"):``); the storage layer's
history (:mod:`skyforge.storage.history`) writes that name beside each version of a file it keeps,
and notes here what it did (the version written, the older versions pruned) for the front end to
say. Standard library only: every command enters it, and ``--help`` must stay light.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

#: what a write records when no front end named its command (a script calling the library)
UNNAMED = "skyforge"


@dataclass(frozen=True)
class Kept:
    """One write with its history: the file, the version it is now, the versions pruned to make room."""

    path: Path
    version: int
    pruned: tuple[int, ...] = ()


@dataclass
class Recording:
    """The command being run and the writes it has kept so far."""

    command: str = UNNAMED
    kept: list[Kept] = field(default_factory=list)

    @property
    def pruned(self) -> list[Kept]:
        return [k for k in self.kept if k.pruned]


_CURRENT: ContextVar[Recording | None] = ContextVar("skyforge_recording", default=None)


@contextlib.contextmanager
def recording(command: str) -> Iterator[Recording]:
    """Name the command whose writes follow (one line: what a file's history shows beside a version)."""
    record = Recording(" ".join(command.split()) or UNNAMED)
    token = _CURRENT.set(record)
    try:
        yield record
    finally:
        _CURRENT.reset(token)


def current() -> Recording:
    """The command being recorded (an unnamed one outside :func:`recording`)."""
    record = _CURRENT.get()
    return record if record is not None else Recording()


def note(kept: Kept) -> None:
    record = _CURRENT.get()
    if record is not None:
        record.kept.append(kept)
