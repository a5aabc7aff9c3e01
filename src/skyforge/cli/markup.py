"""Console markup in pure Python: styled text, and lines wrapped as rich wraps them.

The part of rich's console markup skyforge writes (issue 14: drawing without rich's renderer):
``[bold]``, ``[dim]``, ``[red]`` …, ``[/]`` and ``[/bold]``, ``\\[`` for a bracket (:func:`escape`),
read into a :class:`Text` of plain characters and styled spans; :func:`wrap` breaks it into lines
between words as rich does. :mod:`skyforge.cli.draw` draws lines and tables with it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from skyforge.cli.cells import cell_len, chop, cut, set_cell_size

_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
#: what :func:`escape` escapes: backslashes before a bracket or at the end; a bracket that may open a tag
_SPECIAL = re.compile(r"(\\+)(?=\[|\Z)|\[(?=[a-z#/@])")
_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")
_CONTROL = str.maketrans({7: None, 8: None, 11: None, 12: None, 13: None})
#: a tab runs to the next multiple of this many columns (as in rich and most terminals)
TAB_SIZE = 8

#: SGR numbers of the attributes, in the order terminals are told them
_ATTRIBUTES = {
    "bold": 1,
    "b": 1,
    "dim": 2,
    "d": 2,
    "italic": 3,
    "i": 3,
    "underline": 4,
    "u": 4,
    "blink": 5,
    "blink2": 6,
    "reverse": 7,
    "r": 7,
    "conceal": 8,
    "strike": 9,
    "s": 9,
}
_COLOURS = {name: n for n, name in enumerate(("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"))}


# --- styles ------------------------------------------------------------------------------------


class Style:
    """A set of attributes (SGR numbers) and a foreground colour (its SGR number), or neither."""

    __slots__ = ("attributes", "colour")

    def __init__(self, attributes: frozenset[int] = frozenset(), colour: str | None = None) -> None:
        self.attributes = attributes
        self.colour = colour

    def __bool__(self) -> bool:
        return bool(self.attributes) or self.colour is not None

    def __add__(self, other: Style) -> Style:
        if not other:
            return self
        if not self:
            return other
        return Style(self.attributes | other.attributes, other.colour if other.colour is not None else self.colour)

    def sgr(self, colours: bool) -> str:
        codes = [str(n) for n in sorted(self.attributes)]
        if colours and self.colour is not None:
            codes.append(self.colour)
        return ";".join(codes)


NULL = Style()
_STYLES: dict[str, Style] = {"": NULL, "none": NULL}


def parse_style(name: str) -> Style:
    """``"bold red"`` as a :class:`Style`; a tag that names no style (``[cards]``) styles nothing,
    as in rich."""
    style = _STYLES.get(name)
    if style is not None:
        return style
    attributes: set[int] = set()
    colour = None
    for word in name.lower().split():
        if word in _ATTRIBUTES:
            attributes.add(_ATTRIBUTES[word])
        elif word in _COLOURS:
            colour = str(30 + _COLOURS[word])
        elif word.startswith("bright_") and word[7:] in _COLOURS:
            colour = str(90 + _COLOURS[word[7:]])
        elif word != "none":
            attributes, colour = set(), None
            break
    style = _STYLES[name] = Style(frozenset(attributes), colour)
    return style


BOLD = parse_style("bold")
TITLE = parse_style("italic")
CAPTION = parse_style("italic dim")


# --- text: plain characters and styled spans ---------------------------------------------------


class Text:
    """Plain characters with styled spans ``(start, end, style)``, rich's ``Text`` as skyforge uses it."""

    __slots__ = ("plain", "spans")

    def __init__(self, plain: str = "", spans: list | None = None) -> None:
        self.plain = plain
        self.spans = spans if spans is not None else []

    def crop(self, length: int) -> None:
        """Keep the first ``length`` characters (and what of the spans falls in them)."""
        self.plain = self.plain[:length]
        self.spans = [(s, min(e, length), st) for s, e, st in self.spans if s < length]

    def set_plain(self, plain: str) -> None:
        old = len(self.plain)
        self.plain = plain
        if len(plain) < old:
            self.spans = [(s, min(e, len(plain)), st) for s, e, st in self.spans if s < len(plain)]

    def rstrip_end(self, width: int) -> None:
        excess = len(self.plain) - width
        if excess > 0:
            match = _TRAILING_SPACE.search(self.plain)
            if match:
                self.crop(len(self.plain) - min(len(match.group(0)), excess))

    def truncate(self, width: int, overflow: str, pad: bool = False) -> None:
        length = cell_len(self.plain)
        if length > width:
            if overflow == "ellipsis":
                self.set_plain(cut(self.plain, width - 1) + "…")
            else:
                self.set_plain(cut(self.plain, width))
        if pad and length < width:
            self.plain += " " * (width - length)

    def pad_left(self, count: int) -> None:
        if count > 0:
            self.plain = " " * count + self.plain
            self.spans = [(s + count, e + count, st) for s, e, st in self.spans]

    def divide(self, offsets: list[int]) -> list[Text]:
        if not offsets:
            return [self]
        bounds = [0, *offsets, len(self.plain)]
        lines = []
        for a, b in zip(bounds, bounds[1:]):
            lines.append(
                Text(
                    self.plain[a:b], [(max(s, a) - a, min(e, b) - a, st) for s, e, st in self.spans if s < b and e > a]
                )
            )
        return lines

    def segments(self, base: Style = NULL) -> list[tuple[str, Style]]:
        """The text as runs of one style each, split where rich splits them (at every span's ends)."""
        text = self.plain
        if not self.spans:
            return [(text, base)]
        events = sorted(
            [
                (0, False, 0),
                *((s, False, i) for i, (s, _, _) in enumerate(self.spans, 1)),
                *((e, True, i) for i, (_, e, _) in enumerate(self.spans, 1)),
                (len(text), True, 0),
            ],
            key=lambda event: (event[0], event[1]),
        )
        styles = [base, *(st for _, _, st in self.spans)]
        stack: list[int] = []
        out = []
        for (offset, leaving, index), (following, _, _) in zip(events, events[1:]):
            if leaving:
                stack.remove(index)
            else:
                stack.append(index)
            if following > offset:
                style = NULL
                for i in sorted(stack):
                    style = style + styles[i]
                out.append((text[offset:following], style))
        return out


def escape(text: str) -> str:
    """Text shown as it is wherever it is put in a markup line, never read as markup.

    Player and catalog text (names, paths, messages quoting ``[[cards]]``) goes through this once
    before it is put into markup. rich's ``escape`` only escapes a bracket that closes a tag, and
    leaves backslashes at the end (or before a bracket) to mean something other than themselves,
    depending on what follows the text; here every ``[`` that could open a tag gets a backslash, and
    a run of backslashes before a ``[`` or at the end is doubled and closed off with an empty
    ``[none][/none]`` (it shows nothing), so ``[x]``, ``[/]`` and ``a\\`` print as written before
    any tag, text or end of line. Text with neither brackets nor backslashes comes back as it is.
    """
    if "[" not in text and "\\" not in text:
        return text
    return _SPECIAL.sub(_escaped, text)


def _escaped(match: re.Match) -> str:
    backslashes = match.group(1)
    return f"{backslashes}{backslashes}[none][/none]" if backslashes else "\\["


def markup(text: str) -> Text:
    """Console markup read into a :class:`Text`: ``[bold]name[/] — [red]✗[/]``."""
    if "[" not in text:
        plain = text.translate(_CONTROL)
        return Text(plain) if "\t" not in plain else Text(_expand_tabs(plain, ())[0])
    plain, spans = _parse(text)
    return Text(plain, list(spans))


@lru_cache(maxsize=4096)
def _parse(text: str) -> tuple[str, tuple]:
    plain: list[str] = []
    length = 0
    stack: list[tuple[int, str]] = []
    spans: list[tuple[int, int, str]] = []
    position = 0

    def add(part: str) -> None:
        nonlocal length
        part = part.translate(_CONTROL)
        plain.append(part)
        length += len(part)

    for match in _TAG.finditer(text):
        whole, escapes, tag = match.groups()
        start, end = match.span()
        if start > position:
            add(text[position:start].replace("\\[", "["))
        position = end
        if escapes:
            backslashes, escaped = divmod(len(escapes), 2)
            if backslashes:
                add("\\" * backslashes)
            if escaped:
                add(whole[len(escapes) :].replace("\\[", "["))
                continue
        name = tag.partition("=")[0] if "=" not in tag else tag
        if name.startswith("/"):
            closing = name[1:].strip()
            if closing:
                closing = " ".join(closing.lower().split())
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][1] == closing:
                        begin, opened = stack.pop(i)
                        break
                else:
                    raise ValueError(f"closing tag '[{name}]' doesn't match any open tag in {text!r}")
            elif stack:
                begin, opened = stack.pop()
            else:
                raise ValueError(f"closing tag '[/]' has nothing to close in {text!r}")
            spans.append((begin, length, opened))
        else:
            stack.append((length, " ".join(name.lower().split())))
    if position < len(text):
        add(text[position:].replace("\\[", "["))
    while stack:
        begin, opened = stack.pop()
        if opened:
            spans.append((begin, length, opened))
    ordered = sorted(spans[::-1], key=lambda span: span[0])
    read = "".join(plain), tuple((s, e, parse_style(name)) for s, e, name in ordered)
    return _expand_tabs(*read) if "\t" in read[0] else read


def _expand_tabs(plain: str, spans: tuple) -> tuple[str, tuple]:
    """Tabs as spaces to the next multiple of :data:`TAB_SIZE` columns of their line, the spans
    moved with the text (rich's ``Text.expand_tabs``: a span that runs up to a tab runs on over its
    spaces). Done when markup is read, so a tab is measured as the columns it takes everywhere."""
    out: list[str] = []
    moved: list[tuple] = []
    start = offset = column = 0  # where the part starts, in the text and in the new text; its column
    for end in [*(i + 1 for i, c in enumerate(plain) if c == "\t"), len(plain)]:
        part = plain[start:end]
        part_spans = [(max(s, start) - start, min(e, end) - start, st) for s, e, st in spans if s < end and e > start]
        if "\n" in part:
            column = 0
        if part.endswith("\t"):
            part = part[:-1] + " "
            column += cell_len(part[part.rfind("\n") + 1 :])
            spaces = -column % TAB_SIZE
            if spaces:
                part_spans = [(s, e + spaces if e >= len(part) else e, st) for s, e, st in part_spans]
                part += " " * spaces
                column += spaces
        else:
            column += cell_len(part[part.rfind("\n") + 1 :])
        moved += [(s + offset, e + offset, st) for s, e, st in part_spans]
        out.append(part)
        start, offset = end, offset + len(part)
    return "".join(out), tuple(moved)


def plain_text(text: str) -> str:
    """What a markup string shows, without its tags."""
    if "[" in text:
        return _plain(text)
    plain = text.translate(_CONTROL)
    return plain if "\t" not in plain else _expand_tabs(plain, ())[0]


def _plain(text: str) -> str:
    return _parse(text)[0]


# --- lines: wrapping as rich wraps --------------------------------------------------------------


def _divide_line(text: str, width: int) -> list[int]:
    """Where a line breaks to fit ``width`` (rich's ``divide_line``, folding words too long)."""
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = cell_len(word.rstrip())
        if width - offset >= length:
            offset += cell_len(word)
        elif length > width:
            pieces = chop(word, width)
            for i, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if i == len(pieces) - 1:
                    offset = cell_len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = cell_len(word)
    return breaks


def wrap(text: Text, width: int, justify: str = "default", overflow: str = "fold", no_wrap: bool = False) -> list[Text]:
    """The text's lines at ``width`` (rich's ``Text.wrap``)."""
    lines: list[Text] = []
    for line in text.divide([i + 1 for i, c in enumerate(text.plain) if c == "\n"]) if "\n" in text.plain else [text]:
        if line.plain.endswith("\n"):
            line.crop(len(line.plain) - 1)
        if "\t" in line.plain:  # markup() has expanded them already
            plain, spans = _expand_tabs(line.plain, tuple(line.spans))
            line = Text(plain, list(spans))
        if no_wrap:
            new = [line]
        else:
            new = line.divide(_divide_line(line.plain, width)) if cell_len(line.plain) > width else [line]
            for piece in new:  # as rich: trailing spaces past ``width`` characters (not columns) go
                piece.rstrip_end(width)
        for piece in new:
            if justify == "left":
                piece.truncate(width, overflow, pad=True)
            elif justify in ("right", "center"):
                piece.set_plain(piece.plain.rstrip())
                piece.truncate(width, overflow)
                length = cell_len(piece.plain)
                piece.pad_left(width - length if justify == "right" else (width - length) // 2)
                piece.plain += " " * (width - cell_len(piece.plain))
            piece.truncate(width, overflow)
        lines.extend(new)
    return lines


def pad_to(line: list[tuple[str, Style]], width: int, style: Style = NULL) -> list[tuple[str, Style]]:
    """A line of segments cut or padded (with ``style``) to exactly ``width`` columns."""
    length = sum(cell_len(t) for t, _ in line)
    if length < width:
        return [*line, (" " * (width - length), style)]
    if length > width:
        return crop(line, width)
    return line


def crop(line: list[tuple[str, Style]], width: int) -> list[tuple[str, Style]]:
    out, used = [], 0
    for text, style in line:
        w = cell_len(text)
        if used + w <= width:
            out.append((text, style))
            used += w
            continue
        out.append((set_cell_size(text, width - used), style))
        break
    return out
