"""Reading and writing the user's TOML files safely.

* :func:`read_toml` parses a file and turns syntax errors into a :class:`Problem`
  with file, line and column.
* :func:`atomic_write` never leaves a half-written file: it writes a temporary
  file in the same folder, fsyncs it and renames it over the target.
* :func:`locked` serialises read-modify-write cycles between processes with a
  lock file in the workspace's hidden ``.skyforge/locks/`` folder (the ``filelock``
  package: portable and well kept, where hand-written ``fcntl`` code would not
  work on Windows); lock files are never followed through symbolic links, and the
  temporary files of a writer that was killed are removed under the lock.
* :data:`MAX_FILE_BYTES` and :data:`MAX_DEPTH` bound the work any input can cause.
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

#: the largest input file skyforge reads (deck, collection, catalog, campaign, draft,
#: series, plan, CSV): far above any real one, small enough to read in well under a second
MAX_FILE_BYTES = 1_000_000
#: the deepest nesting of [ ] and { } in a TOML file (real files need 3)
MAX_DEPTH = 20
#: the workspace folders whose files are named by NAME on the command line
WORKSPACE_FOLDERS = ("decks", "campaigns", "drafts", "series", "teams")


def _too_large(path: Path) -> InputError:
    return InputError(Problem(f"the file is larger than the input-file size limit of {MAX_FILE_BYTES:,} bytes",
                              file=path, hint="is this the right file? skyforge files are a few kilobytes"))


def read_text(path: Path) -> str:
    path = Path(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)   # a pipe or device has no size to check first
        if len(raw) > MAX_FILE_BYTES:
            raise _too_large(path)
        return raw.decode("utf-8")
    except FileNotFoundError:
        raise InputError(Problem("file not found", file=path)) from None
    except IsADirectoryError:
        raise InputError(Problem("is a folder, not a file", file=path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(Problem(f"not UTF-8 text ({exc.reason})", file=path)) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=path)) from None
    except ValueError:   # a NUL in the name
        raise InputError(Problem("is not a file name", file=repr(str(path)))) from None


_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    check_depth(text, path)
    try:
        return tomllib.loads(text)
    except RecursionError:  # check_depth is a safety net ahead of this; kept for odd inputs
        raise InputError(Problem(f"nested too deeply (nesting-depth limit {MAX_DEPTH})", file=path)) from None
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


#: what the depth scan stops at: brackets, quotes, comments, line ends, escapes
_DEPTH_STOPS = re.compile(r"""[\[\]{}"'#\n\\]""")


def check_depth(text: str, path: Path | str) -> None:
    """Refuse TOML nested deeper than :data:`MAX_DEPTH` before ``tomllib`` recurses into it.

    One linear scan of ``[ ] { }`` outside strings and comments (a regular expression jumps
    from one such character to the next); a table header such as ``[[cards]]`` opens and
    closes its brackets on its own line.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:   # cannot nest deeper: no scan (bulk reading)
        return
    depth = 0
    line = 1
    quote = ""
    pos = 0
    while True:
        m = _DEPTH_STOPS.search(text, pos)
        if m is None:
            return
        i, ch = m.start(), m.group()
        pos = i + 1
        if ch == "\n":
            line += 1
        elif quote:
            if ch == "\\" and quote in ('"', '"""'):
                if text.startswith("\n", pos):
                    line += 1
                pos += 1
            elif text.startswith(quote, i):
                pos = i + len(quote)
                quote = ""
        elif ch == "#":
            end = text.find("\n", i)
            pos = len(text) if end < 0 else end
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            pos = i + len(quote)
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(Problem(f"nested more than {MAX_DEPTH} deep (nesting-depth limit)",
                                         file=path, line=line,
                                         hint="skyforge files nest lists and tables at most 3 deep"))
        elif ch in "]}":
            depth = max(0, depth - 1)


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


#: longer arguments are never taken as file names (most file systems stop at 255)
MAX_PATH_ARG = 255


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


def workspace_file(workspace: Path, folder: str, ref: str, what: str = "name", *,
                   path_ok: bool = False) -> Path:
    """``folder/REF.toml`` in the workspace for a name.

    A path to a ``.toml`` file is taken as given only where the command's help says so
    (``path_ok``); anywhere else a name never leaves the workspace's folder.
    """
    if path_ok and ref.endswith(".toml") and is_path_like(ref):
        path = Path(ref)
        return path if path.is_absolute() or exists(path) else Path(workspace) / path
    if not path_ok and ("/" in ref or "\\" in ref or ref.endswith(".toml")):
        raise InputError(Problem(f"'{_cut(ref)}' is not a valid {what}: a {what} is a name, not a path",
                                 hint=f"the file is kept as {folder}/NAME.toml in the workspace "
                                      "(choose the workspace with --workspace)"))
    return Path(workspace) / folder / f"{check_name(ref, what)}.toml"


def is_path_like(ref: str) -> bool:
    """Could ``ref`` name a file at all? Arguments longer than :data:`MAX_PATH_ARG`
    characters (a share code, say) or holding a NUL never do."""
    return 0 < len(ref) <= MAX_PATH_ARG and "\0" not in ref


def exists(path: Path | str) -> bool:
    """``Path.exists`` that says no, rather than raising, for names no file system takes."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


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
    """Replace ``path`` with ``data`` all at once: readers see old or new, never half.

    A symbolic link is written through: its target gets the new content, the link stays.
    """
    path = _through_links(Path(path))
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


def _through_links(path: Path) -> Path:
    """The file a write to ``path`` must replace: the target of a symbolic link, not the link."""
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    if target.is_symlink() or (target.exists() and not target.is_file()):
        raise InputError(Problem("is a symbolic link that does not lead to a file", file=path,
                                 hint=f"point it at a file, or remove it (it leads to {target})"))
    return target


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
    from filelock import FileLock, Timeout

    path = Path(path)
    where = lock_path(path)
    if len(where.name.encode("utf-8", "replace")) > MAX_PATH_ARG:
        shown = path.name if len(path.name) <= 60 else path.name[:60] + "…"
        raise InputError(Problem(f"the file name is too long: file systems take at most {MAX_PATH_ARG} bytes",
                                 file=shown, hint="give a shorter file name"))
    _writable_folder(where.parent)
    for part in (where.parent.parent, where.parent, where):
        if part.is_symlink():
            raise InputError(Problem("is a symbolic link: skyforge never follows its lock files "
                                     "through links", file=part,
                                     hint="remove it (skyforge makes a new one)"))
    try:
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        os.close(fd)
    except OSError as exc:
        raise InputError(Problem(f"cannot write the lock file: {exc.strerror}", file=where,
                                 hint="check the folder's permissions, or choose another --workspace")) from None
    lock = FileLock(str(where))
    try:
        with lock.acquire(timeout=timeout):
            clean_temp_files(path)
            yield
    except Timeout:
        raise InputError(
            Problem("another skyforge process holds this file", file=path,
                    hint="wait for it to finish, then try again")
        ) from None


def clean_temp_files(path: Path) -> None:
    """Remove the ``.NAME.*.tmp`` files an :func:`atomic_write` killed half-way left behind."""
    import glob

    target = _through_links(Path(path))
    with contextlib.suppress(OSError):
        for stale in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
            with contextlib.suppress(OSError):
                if not stale.is_symlink() and stale.is_file():
                    os.unlink(stale)


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
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(Problem(f"'schema' must be a positive whole number in a {kind} file",
                                 file=path, line=(lines or {}).get(("schema",)), key="schema",
                                 value=version, has_value=True))
    if version > SCHEMA_VERSION:
        raise InputError(Problem(
            f"this {kind} file has schema {version}; this skyforge reads up to {SCHEMA_VERSION}",
            file=path, key="schema", hint="upgrade skyforge (pip install -U skyforge)"))


def parse_model(text: str, path: Path | str, model: Any, kind: str) -> tuple[Any, dict]:
    """Parse ``text`` as a ``kind`` file checked against the pydantic ``model``.

    Returns the model instance and the lines of the file's keys; raises :class:`InputError`
    with every problem (file, line, key, value, a hint for unknown top-level keys).
    """
    from pydantic import ValidationError

    from skyforge.tomlpos import key_lines

    data = parse_toml(text, path)
    lines = key_lines(text)
    check_schema(data, path, kind, lines)
    try:
        return model.model_validate(data), lines
    except ValidationError as exc:
        top = [f.alias or name for name, f in model.model_fields.items()]
        raise InputError(validation_problems(exc, path, text, known_keys=lambda loc: top if not loc else [])) from None


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
            message = (f"must be one of {', '.join(choices)}" if choices else
                       f"must be {expected}" if expected else message)
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
    "too_long": "has more than {max_length} entries (the entries limit)",
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
