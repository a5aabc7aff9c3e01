"""The one way a kind of file is kept: load it, update it under its lock, create it without clobbering.

A file kind (deck, collection, campaign, draft, series, plan) is a :class:`Store`: how the
file's text becomes a value (``parse``, which reports problems with file and line) and how a
value becomes the file's text again (``render``). The store does the rest, the same way for
every kind:

* :meth:`Store.load` reads the file (a missing file is "file not found", unless the kind
  says what a file not written yet holds, or how to report it);
* :meth:`Store.update` holds the file's lock, loads it, applies a change and writes the
  result atomically: two processes never lose each other's change, and a killed one leaves
  the old file or the new one, never half of one;
* :meth:`Store.create` holds the lock and writes a new file, refusing one that exists unless
  forced, with :func:`refuse_overwrite`: the one wording of that refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Generic, TypeVar

from skyforge.errors import InputError, Problem, option
from skyforge.storage.files import exists, read_text
from skyforge.storage.history import keep
from skyforge.storage.locks import locked
from skyforge.text import a

T = TypeVar("T")


def refuse_overwrite(
    path: Path | str,
    kind: str = "",
    *,
    force: bool = False,
    instead: str = "choose another name",
    forcible: bool = True,
) -> None:
    """Refuse to write over the file at ``path`` (unless ``force``): the one wording of that refusal.

    ``kind`` names the file ("deck" → "a deck file already exists here"); ``instead`` is what
    else the player can do; ``forcible`` says whether the command has ``--force``.
    """
    if force or not exists(path):
        return
    what = a(f"{kind} file") if kind else "a file"
    raise InputError(
        Problem(
            f"{what} already exists here",
            file=path,
            hint=f"{instead}, or add {option('force')} to overwrite it" if forcible else instead,
        )
    )


@dataclass(frozen=True)
class Store(Generic[T]):
    """How the files of one kind are read, changed and written.

    ``parse(text, path)`` turns a file's text into its value, raising :class:`InputError`
    with every problem; ``render(value, before)`` turns a value into the file's text, where
    ``before`` is the text it replaces (``None`` for a new file) so an edit can keep the
    player's comments; ``missing(path)`` is called for a file that does not exist: it returns
    the value of a file not written yet, or raises the kind's own "not found" (without it,
    :func:`read_text`'s "file not found"); ``parse_to_change``, if given, parses the file
    :meth:`update` reads, whose text is about to be replaced (a campaign journal read to be changed
    is not kept as validated).
    """

    kind: str
    parse: Callable[[str, Path], T]
    render: Callable[[T, str | None], str]
    missing: Callable[[Path], T] | None = None
    parse_to_change: Callable[[str, Path], T] | None = None

    def load(self, path: Path | str) -> T:
        """The value of the file at ``path`` (read without the lock: a write is atomic)."""
        return self._read(Path(path))[0]

    def update(self, path: Path | str, change: Callable[[T], T | None]) -> T:
        """Under the file's lock: load it, ``change(value)`` → the new value, write it atomically.

        ``change`` returns ``None`` to leave the file as it is; an exception it raises leaves
        the file untouched. Returns the value the file now holds.
        """
        path = Path(path)
        with locked(path):
            value, before = self._read(path, self.parse_to_change or self.parse)
            new = change(value)
            if new is None:
                return value
            self.write(path, new, before)
        return new

    def create(
        self,
        path: Path | str,
        value: T,
        *,
        force: bool = False,
        instead: str = "choose another name",
        forcible: bool = True,
    ) -> None:
        """Write a new file under its lock; one that exists (checked under the lock, so a file
        written meanwhile is never lost) is refused unless ``force`` (see :func:`refuse_overwrite`)."""
        path = Path(path)
        with locked(path):
            self.refuse(path, force=force, instead=instead, forcible=forcible)
            self.write(path, value)

    def refuse(
        self, path: Path | str, *, force: bool = False, instead: str = "choose another name", forcible: bool = True
    ) -> None:
        """:func:`refuse_overwrite` for a file of this kind (for callers that hold the lock)."""
        refuse_overwrite(path, self.kind, force=force, instead=instead, forcible=forcible)

    def write(self, path: Path | str, value: T, before: str | None = None) -> None:
        """Write ``value`` atomically, keeping the file's history (:func:`~skyforge.storage.history.keep`);
        the caller holds the lock (:meth:`update` and :meth:`create` do)."""
        try:
            text = self.render(value, before)
        except InputError as exc:  # a problem of rendering is a problem of this file
            raise InputError([p if p.file is not None else replace(p, file=path) for p in exc.problems]) from None
        keep(Path(path), text)  # the version it replaces stays in the file's history

    def _read(self, path: Path, parse: Callable[[str, Path], T] | None = None) -> tuple[T, str | None]:
        if self.missing is not None and not exists(path):
            return self.missing(path), None
        text = read_text(path)
        return (parse or self.parse)(text, path), text
