"""Shared output for every command: ``--json`` for scripts, rich for people.

Every human view is drawn by rich through :func:`console`, :func:`table`, :func:`echo` and
:func:`progress`: sized to the terminal, plain and never wrapped when piped, no colour with
``NO_COLOR``, no styles on ``TERM=dumb``, ``?`` for what a terminal's encoding cannot show.
Console markup is off: what is printed is printed as written, and styles go in through ``Text``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from skyforge.errors import COMMAND_MARK, OPTION_MARK
from skyforge.results import ReportedProblem, Result, ResultList
from skyforge.terms import demo_note
from skyforge.text import plural, visible_controls

if TYPE_CHECKING:
    from collections.abc import Set as AbstractSet
    from typing import TextIO

#: the width when output is not a terminal: wide enough that nothing is wrapped
PIPE_WIDTH = 10_000

#: an error of many problems shows this many, then the count of the rest
MAX_SHOWN_PROBLEMS = 50
#: ``--json`` lists this many problems of one error, then ``problems_left_out``
MAX_JSON_PROBLEMS = 1_000

#: long work shows a progress bar from this many items on
PROGRESS_FROM = 50

#: what rich's measure takes as the end of a line, beside "\n" and the controls a cell shows visibly
_LINE_SEPARATORS = re.compile("[\u2028\u2029]")

#: a cell of a code or a number, which is never cut
_WHOLE = re.compile(r"[A-Za-z0-9]+\.\d+|[-+]?[\d.,%×/–W L·]*|—|\?")

json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print machine-readable JSON instead of the human view."
)


def emit_json(data: Any) -> None:
    """``data`` as JSON on stdout; as \\u escapes where stdout is not UTF-8, so nothing is lost."""
    text = words(json.dumps(data, indent=2, ensure_ascii=not _is_utf8(sys.stdout), default=str))
    click.echo(_C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text))  # JSON escapes C0 itself


#: DEL and the C1 controls, which JSON leaves raw: as escapes, so no terminal takes them as commands
_C1 = re.compile(r"[\x7f-\x9f]")


def _is_utf8(stream: TextIO) -> bool:
    return (getattr(stream, "encoding", None) or "utf-8").lower().replace("-", "").startswith("utf")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def terminal_width(stderr: bool = False) -> int | None:
    """The columns of the terminal the output goes to; None when it is piped or redirected."""
    if not _isatty(sys.stderr if stderr else sys.stdout):
        return None
    return max(shutil.get_terminal_size().columns, 20)


def _shows_styles(stream: TextIO) -> bool:
    """Whether the stream is a terminal that is sent styles: ``TTY_COMPATIBLE`` and ``FORCE_COLOR``
    as rich reads them, else the stream's own answer (not :func:`_isatty`, which tests replace to
    draw for an imagined terminal of COLUMNS columns); never ``TERM=dumb``."""
    if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return False
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _Console(Console):
    """rich's Console: on a terminal, an indented line that wraps keeps its indent; no text it
    draws reaches the terminal as control characters (see :meth:`_render_buffer`)."""

    def __init__(self, *args: Any, hanging: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hanging = hanging

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        """The one place player and catalog text is made safe for a terminal: every segment of
        text (not rich's own control segments, nor the styles it adds) shows its control
        characters visibly (:func:`~skyforge.text.visible_controls`), whatever view drew it; and
        the one place a request field the library names becomes an option (:func:`words`)."""
        return super()._render_buffer(
            segment if segment.control else Segment(words(visible_controls(segment.text)), segment.style)
            for segment in buffer
        )

    def print(self, *objects: Any, **options: Any) -> None:
        if self.hanging and len(objects) == 1 and not options and isinstance(objects[0], str | Text):
            hung = self._hung(objects[0])
            if hung is not None:
                super().print(hung)
                return
        super().print(*objects, **options)

    def print_all(self, *objects: RenderableType) -> None:
        """Each of ``objects`` as :meth:`print` draws it alone, on lines of its own, drawn and
        written in one go: a view of many lines costs one print, not one a line."""
        super().print(Group(*(self._line(o) for o in objects)))

    def _line(self, line: RenderableType) -> RenderableType:
        """What :meth:`print` draws for ``line`` alone."""
        if isinstance(line, str | Text):
            return (self._hung(line) if self.hanging else None) or (
                self.render_str(line) if isinstance(line, str) else line
            )
        return line

    def _hung(self, line: str | Text) -> Padding | None:
        """An indented line under its indent when it wraps (None: not indented, or many lines)."""
        body = self.render_str(line) if isinstance(line, str) else line.copy()
        indent = len(body.plain) - len(body.plain.lstrip(" "))
        if not indent or "\n" in body.plain:
            return None
        body = body[indent:]
        body.expand_tabs()
        return Padding(body, (0, 0, 0, indent), expand=False)


def console(stderr: bool = False) -> _Console:
    """A console for people: sized to the terminal, never wrapping when piped, NO_COLOR kept.

    Styles only on a terminal that shows them, colours unless ``NO_COLOR`` is set; a stream whose
    encoding cannot show a character gets ``?`` for it, never a traceback.
    """
    stream = sys.stderr if stderr else sys.stdout
    if not _is_utf8(stream) and hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")
    width = terminal_width(stderr)
    styles = width is not None and _shows_styles(stream)
    return _Console(
        file=stream,
        width=width or PIPE_WIDTH,
        height=25,
        force_terminal=styles,
        color_system="standard" if styles else None,
        no_color=bool(os.environ.get("NO_COLOR")),
        markup=False,  # text prints as written; styles go in through Text, never through tags
        highlight=False,
        emoji=False,
        soft_wrap=width is None,  # piped: a line stays one line, and nothing is measured to wrap it
        hanging=width is not None,
    )


def echo(text: str = "", err: bool = False) -> None:
    """Plain text for people, printed as written (never read as markup); on a terminal each line
    wraps between words under its indent."""
    out = console(err)
    for line in text.split("\n"):
        out.print(line)


class FitTable:
    """A rich table that fits the console it is drawn on.

    Empty columns are dropped; no code, number or header is cut; the longest text columns (names)
    are cut with an ellipsis, never wrapped; still too wide, the rightmost columns are left out,
    and the caption names them. The rich ``Table`` is built when it is drawn, from what fits.
    """

    #: the most rows drawn (rich lays a table out at ~1 ms a row: 9,498 cards took 10 s); the
    #: caption says how many more there are, and --json lists them all
    MAX_ROWS = 1_000

    def __init__(self, *headers: str, terminal: bool, rule: bool, pad_edge: bool, **options: Any) -> None:
        self.headers = [self._text(h) for h in headers]
        self.justify: list[Any] = ["left"] * len(headers)
        self.rows: list[list[Text]] = []
        self.more = 0  # rows past MAX_ROWS, counted and left out
        self.terminal = terminal
        self.rule = terminal and rule
        self.pad_edge = pad_edge
        self.options = options

    @staticmethod
    def _text(cell: str | Text | None) -> Text:
        text = Text(cell) if isinstance(cell, str) else (cell or Text()).copy()
        text = _visible(_cut(text))  # measured as the console prints it
        text.expand_tabs()  # a tab is measured as the columns it takes
        return text

    def add_column(self, header: str | Text = "", justify: str = "left") -> None:
        self.headers.append(self._text(header))
        self.justify.append(justify)
        for row in self.rows:
            row.append(Text())

    def add_row(self, *cells: str | Text | None) -> None:
        if len(self.rows) >= self.MAX_ROWS:
            self.more += 1
            return
        while len(cells) > len(self.headers):
            self.add_column()
        self.rows.append([self._text(c) for c in cells] + [Text() for _ in range(len(self.headers) - len(cells))])

    def _padding(self, index: int, count: int) -> int:
        """The spaces around column ``index`` of ``count`` (piped: one each side; on a terminal one
        on the right; none at the edges without ``pad_edge``)."""
        left, right = (0, 1) if self.terminal else (1, 1)
        if not self.pad_edge:
            left = 0 if index == 0 else left
            right = 0 if index == count - 1 else right
        return left + right

    def _fit(self, max_width: int) -> tuple[list[int], list[int | None], list[str]]:
        """The columns kept, their widths and the headers left out.

        A column is given its width even where nothing is cut, so that rich does not measure
        every cell again; None (rich measures it) only where rich's measure would differ: a
        hidden header wider than the cells, no cell at all, a cell rich splits into lines
        where the console does not (U+2028, U+2029)."""
        # each column's facts, worked out once: its header's width, its cells' (stripped) text
        # and widest cell
        headers = [_width(h) for h in self.headers]
        texts = [[row[i].plain.strip() for row in self.rows] for i in range(len(self.headers))]
        cells = [max((_width(row[i]) for row in self.rows), default=0) for i in range(len(self.headers))]
        keep = list(range(len(self.headers)))
        if self.rows and len(keep) > 1:
            filled = [i for i in keep if any(texts[i])]
            keep = filled or keep
        dropped: list[str] = []
        while True:
            widths, natural, excess = self._widths(keep, max_width, headers, texts, cells)
            if excess <= 0 or len(keep) <= 2:
                break
            dropped.insert(0, self.headers[keep.pop()].plain)
        shown = self.options.get("show_header", True)
        measured = [
            (shown or (bool(self.rows) and cells[i] == n))
            and not _LINE_SEPARATORS.search("".join([self.headers[i].plain, *(row[i].plain for row in self.rows)]))
            for i, n in zip(keep, natural, strict=True)
        ]
        return keep, [w if w < n or m else None for w, n, m in zip(widths, natural, measured, strict=True)], dropped

    def _widths(
        self, keep: list[int], max_width: int, header_widths: list[int], all_texts: list[list[str]], cells: list[int]
    ) -> tuple[list[int], list[int], int]:
        """Column widths that fit ``max_width`` as well as cutting allows, and the excess left."""
        headers = [header_widths[i] for i in keep]
        texts_kept = [all_texts[i] for i in keep]
        natural = [max(header_widths[i], cells[i]) for i in keep]
        # first the text columns (names) down to 12; then any column that is not a code or a
        # number down to its header (at least 6): codes, numbers and headers stay whole
        floors = [
            min(n, max(h, 12)) if any(" " in x for x in texts) else n
            for n, h, texts in zip(natural, headers, texts_kept, strict=True)
        ]
        second = [
            f if f < n or all(_WHOLE.fullmatch(x) for x in texts) else max(h, min(n, 6))
            for n, f, h, texts in zip(natural, floors, headers, texts_kept, strict=True)
        ]
        overhead = sum(self._padding(i, len(keep)) for i in range(len(keep))) + (len(keep) - 1 if self.rule else 0)
        widths = list(natural)
        excess = sum(widths) + overhead - max_width
        for bounds in (floors, second):
            while excess > 0:
                room = [(w - f, i) for i, (w, f) in enumerate(zip(widths, bounds, strict=True)) if w > f]
                if not room:
                    break
                _, i = max(room)
                others = max((w for j, w in enumerate(widths) if j != i), default=0)
                cut = min(excess, widths[i] - bounds[i], max(1, widths[i] - others))
                widths[i] -= cut
                excess -= cut
        return widths, natural, excess

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        keep, widths, dropped = self._fit(options.max_width)
        caption = self.options.pop("caption", None)
        if dropped:
            named = [h for h in dropped if h] + ([plural(dropped.count(""), "column")] if "" in dropped else [])
            note = f"(left out to fit the terminal: {', '.join(named)}; wider terminal or --json for all)"
            caption = f"{caption} {note}" if caption else note
        if self.more:
            note = f"(the first {len(self.rows):,} rows of {len(self.rows) + self.more:,}; --json lists them all)"
            caption = f"{caption} {note}" if caption else note
        table = Table(
            box=box.SIMPLE_HEAD if self.rule else None,
            show_edge=False,
            pad_edge=self.pad_edge,
            padding=(0, 1, 0, 0) if self.terminal else (0, 1),
            header_style="bold",
            caption=caption,
            caption_justify="left",
            **self.options,
        )
        for i, width in zip(keep, widths, strict=True):
            table.add_column(self.headers[i], justify=self.justify[i], no_wrap=True, overflow="ellipsis", width=width)
        for row in self.rows:
            table.add_row(*(row[i] for i in keep))
        yield table


#: a table cell shows at most this many lines, each of at most this many characters (more of
#: each ends in "…"): a deck name of 300,000 lines once took `deck list` 45 s and 400 MB to measure
CELL_LINES = 20
CELL_CHARS = 2_000


def _cut(text: Text) -> Text:
    """``text`` cut to :data:`CELL_LINES` lines of :data:`CELL_CHARS` characters, styles kept."""
    plain = text.plain
    if len(plain) <= CELL_CHARS and plain.count("\n") < CELL_LINES:
        return text
    lines: list[Text] = []
    start = 0
    while start <= len(plain) and len(lines) < CELL_LINES:
        end = plain.find("\n", start)
        end = len(plain) if end < 0 else end
        line = text[start : min(end, start + CELL_CHARS)]
        if end - start > CELL_CHARS:
            line.append("…")
        lines.append(line)
        start = end + 1
    if start <= len(plain):  # lines left out
        lines[-1].append(" …")
    return Text("\n").join(lines)


def _visible(text: Text) -> Text:
    """``text`` with its control characters in the visible form the console prints
    (:func:`~skyforge.text.visible_controls`, in :meth:`_Console._render_buffer`), styles kept: a
    table measures what is shown, so a row holding controls fits the terminal as any other."""
    plain = text.plain
    if visible_controls(plain) == plain:
        return text
    pieces = text.divide(i for c, ch in enumerate(plain) if visible_controls(ch) != ch for i in (c, c + 1))
    shown = []
    for piece in pieces:
        if len(piece.plain) == 1 and visible_controls(piece.plain) != piece.plain:
            swapped = Text(visible_controls(piece.plain), style=piece.style)
            for span in piece.spans:
                swapped.stylize(span.style)
            piece = swapped
        shown.append(piece)
    return Text("").join(shown)


def _width(text: Text) -> int:
    return max((cell_len(line) for line in text.plain.split("\n")), default=0)


def table(
    *columns: str,
    rule: bool = True,
    pad_edge: bool | None = None,
    show_header: bool = True,
    title: str | Text | None = None,
    title_justify: str = "center",
) -> FitTable:
    """A table for people that fits the terminal (see :class:`FitTable`); plain columns when piped.

    On a terminal a rule runs under the header (``rule=False``: none) and columns are one space
    apart; piped, columns are set apart by a space each side and nothing is cut.
    """
    terminal = terminal_width() is not None
    return FitTable(
        *columns,
        terminal=terminal,
        rule=rule,
        pad_edge=(True if pad_edge is None else pad_edge) if terminal else bool(pad_edge),
        show_header=show_header,
        title=title,
        title_justify=title_justify,
    )


@contextmanager
def progress(
    description: str, as_json: bool = False, from_items: int = PROGRESS_FROM
) -> Iterator[Callable[[int, int], None] | None]:
    """A callback ``(done, total)`` that draws a passing bar on the terminal for long work
    (``from_items`` items or more); ``None`` when output is piped or with ``--json``."""
    out = console(stderr=True)
    if as_json or not (_isatty(sys.stdout) and _isatty(sys.stderr)) or out.is_dumb_terminal:
        yield None
        return
    from rich import progress as bars  # start-up: only long work on a terminal draws a bar (~10 ms)

    bar = bars.Progress(
        bars.TextColumn("{task.description}"), bars.BarColumn(), bars.MofNCompleteColumn(), console=out, transient=True
    )
    task = None

    def update(done: int, total: int) -> None:
        nonlocal task
        if total < from_items:
            return
        if task is None:
            bar.start()
            task = bar.add_task(description, total=total)
        bar.update(task, completed=done)

    try:
        yield update
    finally:
        if task is not None:
            bar.stop()


def render(data: Any, as_json: bool, human: Callable[[Any], None], *, dump: Callable[[Any], Any] | None = None) -> None:
    """The one output path of every command: ``data`` as JSON with ``--json`` (the contract for
    scripts; a :class:`~skyforge.results.Result` or :class:`~skyforge.results.ResultList` is its
    dump, other data ``dump(data)`` when given), else ``human(data)`` draws the same data for
    people. A ``dump`` is worked out only for JSON: a card's dump builds its model's serializer
    (~80 M instructions), which the tables never need."""
    if as_json:
        if isinstance(data, Result | ResultList):
            emit_json(data.dump())
        else:
            emit_json(dump(data) if dump is not None else data)
    else:
        human(data)


#: a field marked by :func:`skyforge.errors.option`, as written or as JSON escapes it; ``with`` when
#: it is what a hint says to act with, and ``end`` when it ends the hint's clause (no value follows)
_FIELD = re.compile(r"(?P<with>\bwith )?(?:⟨|\\u27e8)(?P<field>[a-z_]+)(?:⟩|\\u27e9)(?P<end>(?=$|[,;.)\"\\\n]))?")
#: a command marked by :func:`skyforge.errors.command`, and the mark between its arguments
_COMMAND = re.compile(r"(?:⟦|\\u27e6)(.*?)(?:⟧|\\u27e7)")
_ARGUMENT = re.compile(r"⁞|\\u205e")


def _command(mark: re.Match) -> str:
    words, *arguments = _ARGUMENT.split(mark.group(1))
    return " ".join(["skyforge", words, *(shlex.quote(a) for a in arguments)])


def words(text: str, command: click.Command | None = None) -> str:
    """Library text for the command line: a request field the library names
    (:func:`skyforge.errors.option`) becomes the option of ``command`` (by default the command
    being run) that sets it, with the form of its value where a hint ends saying to act with it
    (:func:`_option_words`) — the one place where fields meet flags, since click knows its own;
    a command the library names (:func:`skyforge.errors.command`) is written as the shell reads it."""
    if COMMAND_MARK in text or "\\u27e6" in text:
        text = _COMMAND.sub(_command, text)
    if OPTION_MARK not in text and "\\u27e8" not in text:
        return text
    if command is None:
        ctx = click.get_current_context(silent=True)
        command = ctx.meta.get(COMMAND_META, ctx.command) if ctx is not None else None
    options = {p.name: p for p in getattr(command, "params", ()) if isinstance(p, click.Option) and p.name}
    return _FIELD.sub(lambda m: _option_words(m, options), text)


def _option_words(mark: re.Match, options: dict[str, click.Option]) -> str:
    """The option that sets a marked field; a hint that ends saying to act with it ("… with
    --player") shows how its value is written too, as --help does ("--player NAME=DECK[@CASTLE]")."""
    option = options.get(mark["field"])
    flag = max(option.opts, key=len) if option is not None else "--" + mark["field"].replace("_", "-")
    if mark["with"] and mark["end"] is not None and option is not None and option.metavar and not option.is_flag:
        flag += " " + option.metavar
    return (mark["with"] or "") + flag


#: where the command being run is kept (``ctx.meta``), for :func:`words` after its context is gone
COMMAND_META = "skyforge.command"


def report_error(exc: Any, as_json: bool = False) -> None:
    """Print a :class:`SkyforgeError` the way a person can act on it (stderr).

    With ``--json`` the same problems also go to stdout as
    ``{"error": {"type", "exit_code", "problems": [{message, file, line, key, value, hint}]}}``.
    """
    problems = exc.problems
    if as_json:
        error: dict[str, Any] = {
            "type": type(exc).__name__,
            "exit_code": exc.exit_code,
            "problems": [ReportedProblem.of_problem(p).dump() for p in problems[:MAX_JSON_PROBLEMS]],
        }
        if len(problems) > MAX_JSON_PROBLEMS:
            error["problems_left_out"] = len(problems) - MAX_JSON_PROBLEMS
        emit_json({"error": error})
    if len(problems) > 1:
        shown = problems[:MAX_SHOWN_PROBLEMS]
        total = sum(_counted(p) for p in problems)
        lines = [f"error: {total:,} problems"]
        lines += ["  " + problem.render().replace("\n", "\n  ") for problem in shown]
        if len(problems) > len(shown):
            rest = sum(_counted(p) for p in problems[len(shown) :])
            lines.append(
                f"  … and {rest:,} more {'problem' if rest == 1 else 'problems'} (fix these first; --json lists {MAX_JSON_PROBLEMS:,})"
            )
        echo("\n".join(lines), err=True)
    else:
        echo("error: " + "\n".join(p.render() for p in problems), err=True)


def _counted(problem: Any) -> int:
    """How many problems ``problem`` stands for: the count of those a file left out, else one."""
    return problem.value if problem.code == "left-out" and isinstance(problem.value, int) else 1


def demo_marker(provenances: AbstractSet[str]) -> str | None:
    if "demo" in provenances:
        return demo_note()
    return None
