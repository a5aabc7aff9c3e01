"""Find the line of a key in TOML source text.

``tomllib`` gives values without positions, so error messages map a pydantic
``loc`` (``("cards", 3, "rarity")``) back to a line here. The scan understands
table headers, arrays of tables (with their running index), dotted and quoted
keys, and skips the insides of multi-line strings and arrays. Inline values
(``actions = [{…}, {…}]``) are located at the line of their key.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import repeat

Path_ = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*=""")
_PART = re.compile(r"""\s*("([^"]*)"|'([^']*)'|([A-Za-z0-9_\-]+))\s*""")


def _split_key(text: str) -> list[str]:
    parts = []
    for m in _PART.finditer(text):
        parts.append(next(g for g in m.groups()[1:] if g is not None))
    return parts


@lru_cache(maxsize=4)
def key_lines(text: str) -> dict[Path_, int]:
    """Map every key path in ``text`` to its 1-based line number (cached: a file's lines are
    looked up by the loader and again by its error messages; treat the result as read-only)."""
    lines: dict[Path_, int] = {}
    counters: dict[Path_, int] = {}
    table: Path_ = ()
    in_multiline_string: str | None = None
    depth = 0
    for number, raw in enumerate(text.split("\n"), start=1):  # TOML lines end at \n only
        if not raw:  # an empty line changes nothing (an import's cards come after the file's lines, blank)
            continue
        line = raw
        if in_multiline_string:
            if in_multiline_string in line:
                in_multiline_string = None
            continue
        if depth > 0:
            depth += _bracket_balance(line)
            continue
        header = _HEADER.match(line)
        if header and not _KEY.match(line):
            parts = _split_key(header.group(2))
            resolved = _resolve(parts, counters)
            if header.group(1) == "[[":
                count = counters.get(resolved, -1) + 1
                counters[resolved] = count
                table = (*resolved, count)
                lines.setdefault(resolved, number)
            else:
                table = resolved
            lines[table] = number
            continue
        key = _KEY.match(line)
        if key:
            path = table + tuple(_split_key(key.group(1)))
            lines.setdefault(path, number)
            rest = line[key.end() :]
            value = rest.strip()
            for quote in ('"""', "'''"):
                if value.startswith(quote) and quote not in value[3:]:
                    in_multiline_string = quote
            if not in_multiline_string:
                depth = max(0, _bracket_balance(rest))
    return lines


def _resolve(parts: list[str], counters: dict[Path_, int]) -> Path_:
    """Resolve a header's dotted name, indexing into arrays of tables seen so far."""
    path: Path_ = ()
    for i, part in enumerate(parts):
        path = (*path, part)
        if i < len(parts) - 1 and path in counters:
            path = (*path, counters[path])
    return path


def _bracket_balance(text: str) -> int:
    """The brackets ``text`` opens less those it closes, outside strings and comments."""
    balance = 0
    for start, end in code_spans(text):
        for m in BRACKETS.finditer(text, start, end):
            balance += 1 if m.group() in "[{" else -1
    return balance


#: the brackets that nest TOML values and tables
BRACKETS = re.compile(r"[\[\]{}]")
#: what the scan of strings stops at: quotes, comments, escapes
_STOPS = re.compile(r"""["'#\\]""")


def code_spans(text: str) -> Iterator[tuple[int, int]]:
    """The stretches ``text[start:end]`` that are TOML code: outside strings and comments (a
    string's opening quote counts as code, since a quoted key starts there).

    The one scan of TOML strings and comments, shared by the line map here and the nesting and
    key-depth checks of :mod:`skyforge.storage.tomlfiles`: a regular expression jumps from one
    quote, comment or escape to the next, so the scan is linear and fast on long files.
    """
    quote = ""
    start = pos = 0
    while True:
        m = _STOPS.search(text, pos)
        if m is None:
            if not quote:
                yield start, len(text)
            return
        i, ch = m.start(), m.group()
        pos = i + 1
        if quote:
            if ch == "\\" and quote in ('"', '"""'):
                pos += 1  # an escape: the next character is the string's
            elif text.startswith(quote, i):
                pos = start = i + len(quote)
                quote = ""
        elif ch == "#":
            yield start, i
            end = text.find("\n", i)
            pos = start = len(text) if end < 0 else end
        elif ch in "\"'":
            yield start, i + 1
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            pos = i + len(quote)
        # a backslash outside a string is a syntax error tomllib reports: code here


def locate(lines: Mapping[Path_, int], loc: Path_) -> int | None:
    """The line of ``loc`` or of its nearest enclosing key that has one."""
    loc = tuple(loc)
    while loc:
        if loc in lines:
            return lines[loc]
        loc = loc[:-1]
    return None


class LazyKeyLines(Mapping):
    """:func:`key_lines` of ``text``, worked out on first use: a file that is valid needs no
    line numbers (they are for messages), so bulk reading does not pay for the scan."""

    def __init__(self, text: str):
        self._text = text
        self._lines: dict[Path_, int] | None = None

    @property
    def _map(self) -> dict[Path_, int]:
        if self._lines is None:
            self._lines = key_lines(self._text)
        return self._lines

    def __getitem__(self, key: Path_) -> int:
        return self._map[key]

    def __iter__(self) -> Iterator[Path_]:
        return iter(self._map)

    def __len__(self) -> int:
        return len(self._map)


#: the most parts of one dotted key (``a.b.c = 1``, ``[a.b.c]``); real files use 3
MAX_KEY_PARTS = 20
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')"""
#: a key of more than MAX_KEY_PARTS parts, found anywhere (confirmed outside strings and comments)
_LONG_KEY = re.compile(rf"(?<![A-Za-z0-9_-]){_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART}){{{MAX_KEY_PARTS}}}")


def long_key_at(text: str) -> int | None:
    """Where the first dotted key of more than :data:`MAX_KEY_PARTS` parts begins, outside strings
    and comments, or None: found before ``tomllib`` sees the text (a key of thousands of parts
    costs it seconds and a gigabyte). Standard library only: the workspace file is read with it
    before any model is imported."""
    # a key stays on its line, and its parts are joined by dots: no line of that many dots, no such key
    if text.count(".") < MAX_KEY_PARTS or max(map(str.count, text.split("\n"), repeat("."))) < MAX_KEY_PARTS:
        return None
    starts = [m.start() for m in _LONG_KEY.finditer(text)]
    return _first_outside_strings(text, starts) if starts else None


def _first_outside_strings(text: str, starts: list[int]) -> int | None:
    """The first of the sorted positions ``starts`` that is outside strings and comments."""
    index = 0
    for start, end in code_spans(text):
        while index < len(starts) and starts[index] < start:
            index += 1
        if index == len(starts):
            return None
        if starts[index] < end:
            return starts[index]
    return None
