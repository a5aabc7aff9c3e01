"""Reading and writing the user's TOML files safely.

* :func:`read_toml` parses a file and turns syntax errors into a :class:`Problem`
  with file, line and column.
* :func:`atomic_write` never leaves a half-written file: it writes a temporary
  file in the same folder, fsyncs it and renames it over the target.
* :func:`locked` serialises read-modify-write cycles between processes with a
  lock file beside the target (the ``filelock`` package: portable and well kept,
  where hand-written ``fcntl`` code would not work on Windows).
* :func:`validation_problems` maps pydantic errors back to TOML lines and keys.
"""

from __future__ import annotations

import contextlib
import os
import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from skyforge.errors import InputError, Problem

SCHEMA_VERSION = 1


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(Problem("file not found", file=path)) from None
    except IsADirectoryError:
        raise InputError(Problem("is a folder, not a file", file=path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", file=path)) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=path)) from None


_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line = None
        m = _TOML_POS.search(message)
        if m:
            line = int(m.group(1))
            message = message[: m.start()] + f" (column {m.group(2)})"
        hint = ("check quotes, brackets and '=' on that line" if line is not None else
                "something opened is never closed: look for a missing ] or closing quote")
        raise InputError(Problem(f"invalid TOML: {message}", file=path, line=line, hint=hint)) from None


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """Return the parsed document and its source text (for line lookups)."""
    text = read_text(path)
    return parse_toml(text, path), text


def _safe_name(name: str) -> bool:
    """Letters and digits of any script first; then also their combining marks (the vowel signs of
    Devanagari, say), spaces, '_', '.' and '-'."""
    import unicodedata

    if not name or not name[0].isalnum():
        return False
    return all(ch.isalnum() or ch in " _.-" or unicodedata.category(ch).startswith("M") for ch in name)


def check_name(name: str, what: str = "name") -> str:
    """A name that is safe as a file name in a workspace folder: no path traversal.

    Unicode letters are welcome; the name is returned in NFC form, so the same name typed on
    any system (é as one character or as e + accent) always means the same file.
    """
    import unicodedata

    name = unicodedata.normalize("NFC", name)
    if not _safe_name(name) or ".." in name or name.endswith((".", " ")) or len(name) > 80:
        raise InputError(Problem(f"'{name}' is not a valid {what}",
                                 hint="use letters (any alphabet), digits, spaces, '-', '_' or '.' (not '..', no slashes)"))
    return name


def workspace_file(workspace: Path, folder: str, ref: str, what: str = "name") -> Path:
    """``folder/REF.toml`` in the workspace for a name; a path to a ``.toml`` file as given."""
    path = Path(ref)
    if path.suffix == ".toml":
        return path if path.is_absolute() or path.exists() else Path(workspace) / path
    return Path(workspace) / folder / f"{check_name(ref, what)}.toml"


def _writable_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(Problem(f"cannot create the folder: {exc.strerror}", file=folder,
                                 hint="check the path and its permissions (or choose --workspace)")) from None


def _new_file_mode(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual ones (0666 less umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write(path: Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` all at once: readers see old or new, never half."""
    path = Path(path)
    _writable_folder(path.parent)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    mode = _new_file_mode(path)
    import tempfile  # not at start-up: it pulls in shutil and the compression modules

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise InputError(Problem(f"cannot write here: {exc.strerror}", file=path,
                                 hint="check the folder's permissions, or write somewhere else")) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise InputError(Problem(f"cannot write: {exc.strerror}", file=path)) from None
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@contextlib.contextmanager
def locked(path: Path, timeout: float = 30.0) -> Iterator[None]:
    """Hold an exclusive lock for ``path`` (a ``.lock`` file beside it)."""
    from filelock import FileLock, Timeout

    path = Path(path)
    _writable_folder(path.parent)
    lock_path = path.with_name(f".{path.name}.lock")
    try:
        open(lock_path, "a").close()
    except OSError as exc:
        raise InputError(Problem(f"cannot write in this folder: {exc.strerror}", file=path.parent,
                                 hint="check its permissions, or choose another --workspace")) from None
    lock = FileLock(str(lock_path))
    try:
        with lock.acquire(timeout=timeout):
            yield
    except Timeout:
        raise InputError(
            Problem("another skyforge process holds this file", file=path,
                    hint="wait for it to finish, then try again")
        ) from None


def dump_toml(data: Mapping[str, Any]) -> str:
    import tomli_w

    return tomli_w.dumps(_drop_none(data))


def _drop_none(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [_drop_none(v) for v in value if v is not None]
    return value


def check_schema(data: Mapping[str, Any], path: Path | str, kind: str, lines: dict | None = None) -> None:
    """Refuse files written by a newer skyforge; older versions are migrated by callers."""
    version = data.get("schema", SCHEMA_VERSION)
    if not isinstance(version, int) or version < 1:
        raise InputError(Problem(f"'schema' must be a positive whole number in a {kind} file",
                                 file=path, line=(lines or {}).get(("schema",)), key="schema",
                                 value=version, has_value=True))
    if version > SCHEMA_VERSION:
        raise InputError(Problem(
            f"this {kind} file has schema {version}; this skyforge reads up to {SCHEMA_VERSION}",
            file=path, key="schema", hint="upgrade skyforge (pip install -U skyforge)"))


def validation_problems(exc: Any, path: Path | str, text: str, *,
                        describe: Any = None, known_keys: Any = None) -> list[Problem]:
    """Turn a pydantic ``ValidationError`` into problems in TOML terms.

    ``describe(loc)`` may return a short label for the table a loc points into
    (e.g. ``cards[3] (CAM.014)``) so that messages name the card, not an index;
    ``known_keys(loc)`` the keys allowed in the table at ``loc``, for hints.
    """
    import difflib

    from skyforge.tomlpos import key_lines, locate

    lines = key_lines(text)
    problems: list[Problem] = []
    for error in exc.errors(include_url=False):
        raw = error["loc"]
        # pydantic puts the discriminator value after a list index: cards.3.alliance.rarity
        loc = tuple(p for i, p in enumerate(raw)
                    if not (i > 0 and isinstance(raw[i - 1], int) and _is_union_tag(p)))
        key = dotted(loc, describe)
        kind = error["type"]
        value = error.get("input")
        hint = None
        message = error["msg"]
        if kind == "extra_forbidden":
            known = list(known_keys(loc[:-1]) or []) if known_keys else []
            name = str(loc[-1])
            message = f"unknown key '{name}'"
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"did you mean '{close[0]}'?" if close else (
                f"allowed keys: {', '.join(sorted(known))}" if known else None)
            problems.append(Problem(message, file=path, line=locate(lines, loc), key=key, hint=hint))
            continue
        if kind == "missing":
            table = dotted(loc[:-1], describe)
            problems.append(Problem(f"required key '{loc[-1]}' is missing" + (f" in {table}" if table else ""),
                                    file=path, line=locate(lines, loc[:-1]) if len(loc) > 1 else None,
                                    hint=f"add {loc[-1]} = …"))
            continue
        if kind == "union_tag_invalid":   # e.g. an event whose type is misspelt
            ctx = error.get("ctx", {})
            field_name, tag = str(ctx.get("discriminator", "type")).strip("'"), str(ctx.get("tag"))
            choices = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
            close = difflib.get_close_matches(tag, choices, n=1)
            noun = f"{str(loc[0]).removesuffix('s')} " if loc and isinstance(loc[0], str) else ""
            problems.append(Problem(f"unknown {noun}{field_name} '{tag}'", file=path,
                                    line=locate(lines, (*loc, field_name)) or locate(lines, loc),
                                    key=dotted((*loc, field_name), describe), hint=f"did you mean '{close[0]}'?"
                                    if close else f"one of: {', '.join(choices)}"))
            continue
        if kind in ("literal_error", "enum"):
            expected = error.get("ctx", {}).get("expected", "")
            choices = re.findall(r"'([^']*)'", str(expected))
            if isinstance(value, str) and choices:
                close = difflib.get_close_matches(value.lower(), choices, n=1)
                hint = f"did you mean '{close[0]}'?" if close else None
            message = f"must be one of {', '.join(choices)}" if choices else message
        elif kind == "value_error":
            message = message.removeprefix("Value error, ")
        elif kind in _PLAIN:
            message = _PLAIN[kind].format(**error.get("ctx", {}))
        problems.append(Problem(message, file=path, line=locate(lines, loc), key=key,
                                value=value, has_value=True, hint=hint))
    return problems


#: pydantic's wording → TOML words a player understands
_PLAIN = {
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number",
    "string_type": "must be text in quotes",
    "bool_parsing": "must be true or false",
    "bool_type": "must be true or false",
    "list_type": "must be a list [ … ]",
    "dict_type": "must be a table",
    "model_type": "must be a table",
    "model_attributes_type": "must be a table",
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be more than {gt}",
    "less_than_equal": "must be at most {le}",
    "string_too_short": "must not be empty",
    "too_short": "must have at least {min_length} entries",
    "string_pattern_mismatch": "does not have the expected form ({pattern})",
}


def _is_union_tag(part: Any) -> bool:
    # pydantic inserts the discriminator value (e.g. 'alliance') into loc.
    return isinstance(part, str) and part in _UNION_TAGS


_UNION_TAGS: set[str] = set()


def register_union_tags(tags: set[str]) -> None:
    _UNION_TAGS.update(tags)


def dotted(loc: tuple, describe: Any = None) -> str:
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            label = describe(loc[: i + 1]) if describe else None
            out += f"[{part}]" + (f" ({label})" if label else "")
        else:
            text = str(part)
            if not re.fullmatch(r"[A-Za-z0-9_\-]+", text):
                text = '"' + text + '"'
            out += ("." if out else "") + text
    return out
