"""TOML files: parsing with positions and a nesting limit, writing, schema versions, models.

* :func:`read_toml` parses a file and turns syntax errors into a :class:`Problem`
  with file, line and column.
* :data:`MAX_DEPTH` bounds the nesting any input can cause (with
  :data:`~skyforge.storage.files.MAX_FILE_BYTES`, the work any input can cause).
* :func:`parse_model` checks a file against a pydantic model, every problem with its line.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import tomli_w
from pydantic import BaseModel, ValidationError

from skyforge.errors import InputError, Problem
from skyforge.storage.files import read_text
from skyforge.storage.validation import validation_problems
from skyforge.tomlpos import BRACKETS, MAX_KEY_PARTS, LazyKeyLines, code_spans, long_key_at

SCHEMA_VERSION = 1

M = TypeVar("M", bound=BaseModel)

#: the deepest nesting of [ ] and { } in a TOML file (real files need 3)
MAX_DEPTH = 20


_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    check_depth(text, path)
    check_key_depth(text, path)
    # the blank lines ahead of text that keeps its lines' places in a file (the cards an import adds
    # to a cards file come after ~5,000 of them): tomllib would step through each (~6 M instructions)
    body = text.lstrip("\n")
    blank = len(text) - len(body)
    try:
        return tomllib.loads(body)
    except RecursionError:  # check_depth is a safety net ahead of this; kept for odd inputs
        raise InputError(Problem(f"nested too deeply (nesting-depth limit {MAX_DEPTH})", file=path)) from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = None
        m = _TOML_POS.search(message)
        if m:
            line = int(m.group(1)) + blank
            message = message[: m.start()] + f" (column {m.group(2)})"
        hint = (
            "check quotes, brackets and '=' on that line"
            if line is not None
            else "something opened is never closed: look for a missing ] or closing quote"
        )
        raise InputError(Problem(f"invalid TOML: {message}", file=path, line=line, hint=hint)) from None
    except ValueError as exc:  # int() refuses more than 4,300 digits
        if "digits" not in str(exc):
            raise
        raise _too_many_digits(text, path) from None


def check_depth(text: str, path: Path | str) -> None:
    """Refuse TOML nested deeper than :data:`MAX_DEPTH` before ``tomllib`` recurses into it.

    One linear scan of ``[ ] { }`` in the code outside strings and comments
    (:func:`~skyforge.tomlpos.code_spans`); a table header such as ``[[cards]]`` opens and
    closes its brackets on its own line.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # cannot nest deeper: no scan (bulk reading)
        return
    depth = 0
    for start, end in code_spans(text):
        for m in BRACKETS.finditer(text, start, end):
            if m.group() in "]}":
                depth = max(0, depth - 1)
                continue
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(
                    Problem(
                        f"nested more than {MAX_DEPTH} deep (nesting-depth limit)",
                        file=path,
                        line=text.count("\n", 0, m.start()) + 1,
                        hint="skyforge files nest lists and tables at most 3 deep",
                    )
                )


#: the most digits of a whole number Python reads (``sys.get_int_max_str_digits``)
MAX_DIGITS = 4300
_LONG_NUMBER = re.compile(rf"[-+]?[0-9][0-9_]{{{MAX_DIGITS},}}")


def _too_many_digits(text: str, path: Path | str) -> InputError:
    m = _LONG_NUMBER.search(text)
    line = text.count("\n", 0, m.start()) + 1 if m else None
    return InputError(
        Problem(
            f"a number of more than {MAX_DIGITS:,} digits (the number-length limit)",
            file=path,
            line=line,
            hint="no skyforge number is longer than a few digits: check that line",
        )
    )


def check_key_depth(text: str, path: Path | str) -> None:
    """Refuse a dotted key of more than :data:`MAX_KEY_PARTS` parts before ``tomllib`` sees it.

    Dotted keys nest tables as brackets do, but no bracket counts them: 32 KB of ``a.a.a…``
    once cost ``tomllib`` seconds and a gigabyte. A regular expression finds candidates in one
    pass (none in a real file); a candidate counts only outside strings and comments.
    """
    pos = long_key_at(text)
    if pos is None:
        return
    raise InputError(
        Problem(
            f"a key of more than {MAX_KEY_PARTS} dotted parts (the key-depth limit)",
            file=path,
            line=text.count("\n", 0, pos) + 1,
            hint='skyforge keys have at most 3 parts, such as cards."DEMO.001"',
        )
    )


#: the most lines of a file edited keeping its comments and layout (tomlkit's work grows with the
#: square of the lines: 5,000 take a fraction of a second; a real deck has 60)
MAX_EDIT_LINES = 5_000


def edit_keeping_layout(original: str, edit: Callable[[str], str], path: Path | str | None = None) -> str:
    """``edit(text)`` (a tomlkit edit) of ``original``, in bounded time.

    Blank lines and spaces at the file's end are kept aside and put back (a deck padded with a
    megabyte of them once took tomlkit 20 s); a file of more than :data:`MAX_EDIT_LINES` lines
    besides is refused.
    """
    body = original.rstrip()
    padding = original[len(body) :]
    newline = padding.find("\n") + 1  # the body keeps its own line end
    body, padding = body + padding[:newline], padding[newline:]
    lines = body.count("\n") + 1
    if lines > MAX_EDIT_LINES:
        raise InputError(
            Problem(
                f"{lines:,} lines, over the edit limit of {MAX_EDIT_LINES:,} lines",
                file=path,
                hint="skyforge edits files keeping their comments up to that size: "
                "remove blank lines or comments, or edit the file by hand",
            )
        )
    return edit(body) + padding


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Return the parsed document and its source text (for line lookups)."""
    text = read_text(path)
    return parse_toml(text, path), text


def dump_toml(data: Mapping[str, Any]) -> str:
    return tomli_w.dumps(_drop_none(data))


def _drop_none(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_none(v) for v in value if v is not None]
    return value


def check_schema(
    data: Mapping[str, Any], path: Path | str, kind: str, lines: Mapping | None = None, *, newest: int = SCHEMA_VERSION
) -> int:
    """The file's schema version (1 when it gives none): the one check of every file format's.
    Refuses a version that is not a positive whole number, and files written by a newer skyforge
    (above ``newest``, the newest this one reads); older versions are migrated by callers."""
    version = data.get("schema", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(
            Problem(
                f"'schema' must be a positive whole number in a {kind} file",
                file=path,
                line=(lines or {}).get(("schema",)),
                key="schema",
                value=version,
                has_value=True,
            )
        )
    if version > newest:
        raise InputError(
            Problem(
                f"this {kind} file has schema {version}; this skyforge reads up to {newest}",
                file=path,
                line=(lines or {}).get(("schema",)),
                key="schema",
                hint="upgrade skyforge (pip install -U skyforge)",
            )
        )
    return version


def parse_model(text: str, path: Path | str, model: type[M], kind: str) -> tuple[M, Mapping]:
    """Parse ``text`` as a ``kind`` file checked against the pydantic ``model``.

    Returns the model instance and the lines of the file's keys (worked out when first asked
    for: a valid file needs none); raises :class:`InputError` with every problem (file, line,
    key, value, a hint for unknown top-level keys).
    """
    data = parse_toml(text, path)
    lines = LazyKeyLines(text)
    try:
        check_schema(data, path, kind, lines)
    except InputError as exc:
        raise InvalidFile(exc.problems, data=data) from None
    try:
        return model.model_validate(data), lines
    except ValidationError as exc:
        top = [f.alias or name for name, f in model.model_fields.items()]
        problems = validation_problems(exc, path, text, known_keys=lambda loc: top if not loc else [])
        raise InvalidFile(problems, data=data) from None


class InvalidFile(InputError):
    """A file that is TOML but not what its model takes; ``data`` is the parsed document, so a
    caller that reports more of the same file does not parse it again."""

    def __init__(self, problems: list[Problem], *, data: dict[str, Any]):
        super().__init__(problems)
        self.data = data
