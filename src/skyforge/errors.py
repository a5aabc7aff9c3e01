"""The one exception hierarchy of skyforge.

Library code raises these and never prints or exits; the CLI turns them into a
message and an exit status in one place (:mod:`skyforge.cli.output`).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path


def option(field: str) -> str:
    """A request's field named in a message or hint, for the front end to word: the command line
    shows the option that sets it (``option("force")`` reads ``--force``), an editor its own
    control. The library names what it asks for, never how a front end spells it."""
    return f"⟨{field}⟩"


#: how :func:`option` marks a field in text (a front end replaces each mark with its own word)
OPTION_MARK = "⟨"


def command(words: str, *arguments: str) -> str:
    """A command named in a hint, with its arguments (``command("campaign show", name)``): the
    command line writes ``skyforge campaign show NAME`` with each argument quoted for its shell.
    The library says which command and on what, never how a shell quotes it."""
    return COMMAND_MARK + ARGUMENT_MARK.join((words, *arguments)) + "⟧"


#: how :func:`command` marks a command in text, and separates its words from each argument
COMMAND_MARK = "⟦"
ARGUMENT_MARK = "⁞"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one input file, in the user's terms.

    A plain frozen dataclass, not a :class:`~skyforge.results.Result`: this module is the
    foundation every other imports (shell completion included) and uses the standard library
    only, so that raising a problem never costs pydantic's import. Its ``--json`` is
    :class:`~skyforge.results.ReportedProblem`.
    """

    message: str
    file: Path | str | None = None
    line: int | None = None
    key: str | None = None
    value: object = None
    hint: str | None = None
    has_value: bool = False
    #: what kind of problem this is, for code that acts on it (never shown, not in the JSON)
    code: str | None = None

    def render(self) -> str:
        where = ""
        if self.file is not None:
            where = str(self.file)
            if self.line is not None:
                where += f":{self.line}"
            where += ": "
        text = where
        if self.key:
            text += f"{self.key}: "
        text += self.message
        if self.has_value:
            text += f" (got {_show(self.value)})"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


def once_each(problems: list[Problem]) -> list[Problem]:
    """Problems of one kind (same message, last key part and value) reported once, with their count
    and where the others are, so 300 rows with ``rarity = "uncommon"`` read as one problem."""
    groups: dict[tuple, list[Problem]] = {}
    for problem in problems:
        kind = (problem.file, problem.message, (problem.key or "").rsplit(".", 1)[-1], repr(problem.value))
        groups.setdefault(kind, []).append(problem)
    out = []
    for same in groups.values():
        first = same[0]
        if len(same) > 1:
            lines = [str(p.line) for p in same[1:] if p.line is not None]
            where = f" (lines {', '.join(lines[:10])}{', …' if len(lines) > 10 else ''})" if lines else ""
            more = f"{len(same)} times in this file{where}"
            first = Problem(
                first.message,
                file=first.file,
                line=first.line,
                key=first.key,
                value=first.value,
                hint=f"{first.hint}; {more}" if first.hint else more,
                has_value=first.has_value,
                code=first.code,
            )
        out.append(first)
    return out


def _show(value: object) -> str:
    text = repr(value)
    limit = 200 if isinstance(value, str) else 80  # a value is shown, never a whole file of it
    return text if len(text) <= limit else text[: limit - 3] + "..."


def jsonable(value: object) -> object:
    """``value`` as JSON holds it: lists, tables with string keys, and what else as its text."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return str(value)


class SkyforgeError(Exception):
    """Base class: something the user can act on. Exit status 2 by default."""

    exit_code = 2
    #: what the campaign needs first, when an action comes too early (the CLI words it as the hint)
    next_step: dict | None = None

    def __init__(self, message: str, *, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint

    @property
    def problems(self) -> list[Problem]:
        return [Problem(self.message, hint=self.hint)]

    def render(self) -> str:
        return "\n".join(p.render() for p in self.problems)


class InputError(SkyforgeError):
    """One or more problems in files or arguments the user gave us."""

    def __init__(self, problems: list[Problem] | Problem | str, *, hint: str | None = None):
        if isinstance(problems, str):
            problems = [Problem(problems, hint=hint)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self._problems = list(problems)
        first = self._problems[0].message if self._problems else "bad input"
        super().__init__(first, hint=hint)

    @property
    def problems(self) -> list[Problem]:
        return self._problems


class NotFoundError(InputError):
    """A card, castle, deck, campaign… named by the user does not exist."""


class RuleError(SkyforgeError):
    """A game rule forbids what was asked (an action without gold, an illegal pick…)."""


class StateError(SkyforgeError):
    """The command does not fit the current state (e.g. taking an offer before recruiting)."""


class ProposalError(SkyforgeError):
    """The deck assistant proposed a deck that validation refuses: a bug in skyforge, reported
    with the violations, never shown as a legal deck (exit status 3)."""

    exit_code = 3


def csv_problem(exc: csv.Error, path: Path | str, text: str) -> Problem:
    """The csv module's refusal of ``text`` as a clear problem: its line, and what to do."""
    message = str(exc)
    if "field larger than field limit" in message:
        limit = csv.field_size_limit()
        line = next((n for n, row in enumerate(text.split("\n"), start=1) if len(row) > limit), None)
        return Problem(
            f"a cell of more than {limit:,} characters (the csv cell-size limit)",
            file=path,
            line=line,
            hint="a card's text fits in a few hundred characters: is this the right file?",
        )
    if "new-line character seen in unquoted field" in message:
        bare = re.search(r"\r(?!\n)", text)
        return Problem(
            "a carriage return (\\r) alone inside a cell that is not in double quotes",
            file=path,
            line=text.count("\n", 0, bare.start()) + 1 if bare else None,
            hint='put the cell in double quotes ("…"), or save the sheet as CSV (UTF-8) again',
        )
    return Problem(f"cannot read as CSV: {message}", file=path, hint="save the sheet as CSV (UTF-8), one row per card")
