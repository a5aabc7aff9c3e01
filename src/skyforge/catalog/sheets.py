"""The guard before pandas reads an .xlsx or .ods workbook (``catalog import``): bounded work.

A workbook is a zip archive of XML parts, so a file of a few hundred bytes can unpack to gigabytes
or declare a sheet of a billion cells that pandas would build in full. :func:`check_sheet` looks
first, keeping no cell's value: the archive's declared sizes and compression ratios (the stdlib
zipfile holds every part to its declared size), then the first sheet's extent, counted as it
streams past and stopped at the first row, column or cell over the limits or a cell over
:data:`MAX_CELL_CHARS` characters. .xlsx is counted by openpyxl's read-only (streaming) mode;
.ods by the standard library's expat, its run-length attributes (``number-rows-repeated``,
``number-columns-repeated``, ``text:s c``) counted, never expanded. Only then does
``pandas.read_excel`` read the sheet (catalog/csv_import.py).

The guard counts as pandas reads: empty rows and cells count only when a non-empty one follows
them (pandas' odf reader queues them), so the trailing ``number-rows-repeated="1048553"`` empty
rows LibreOffice saves under every sheet cost nothing and refuse nothing.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import IO, Literal
from xml.parsers import expat

from skyforge.errors import InputError, Problem

#: the most bytes the parts of one workbook may unpack to, in all (a sheet of every card of every
#: set, 5,000 rows of a few dozen cells, is a few MB of XML; openpyxl reads ~100,000 cells a second)
MAX_UNPACKED_BYTES = 8_000_000
#: the highest compression ratio of a part above :data:`_RATIO_FROM` bytes (sheet XML packs 10-60 to 1)
MAX_RATIO = 200
_RATIO_FROM = 1_000_000
#: the most characters one cell may hold (a card's longest text is a few hundred)
MAX_CELL_CHARS = 100_000
#: the most cells pandas may turn into values: its frame (the rows read times the widest) and, in
#: an .xlsx, every cell a row holds, empty ones too (2,500 cards of 20 fields; the guard's count
#: and pandas' reading take ~1.5 s of CPU for 50,000 .xlsx cells on a busy machine)
MAX_SHEET_CELLS = 50_000
#: the most XML elements the parts of an .ods may hold in all: odfpy, which pandas reads .ods with,
#: builds a node of each (~30 µs and ~1.5 KB apiece), styles and settings too
MAX_ODS_ELEMENTS = 50_000

_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 "
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0 "
_CELLS = (_TABLE + "table-cell", _TABLE + "covered-table-cell")

_HINT = "save the sheet as CSV (UTF-8), or split it into several files"


def check_sheet(path: Path, max_rows: int, max_columns: int) -> Literal["xlsx", "ods"]:
    """Which workbook ``path`` is (by its content, not its name), once its first sheet is known to
    be within bounds. Refuses (:class:`InputError`) a file that is no workbook, an archive over the
    size or ratio bounds, more than ``max_rows`` rows below the header, a cell past
    ``max_columns``, more than :data:`MAX_SHEET_CELLS` cells, a cell over :data:`MAX_CELL_CHARS`
    characters, an .ods of more than :data:`MAX_ODS_ELEMENTS` elements. Raises ImportError when
    .xlsx is checked without openpyxl."""
    if not zipfile.is_zipfile(path):
        raise _neither(path)
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        _check_archive(archive, path)
        if "content.xml" in names and "xl/workbook.xml" not in names:
            count = _OdsCount(path, max_rows, max_columns)
            with archive.open("content.xml") as content:
                count.run(content, table=True)
            for name in sorted(names - {"content.xml"}):
                if name.endswith(".xml"):  # odfpy parses the styles, the settings, embedded objects
                    with archive.open(name) as part:
                        count.run(part, table=False)
            return "ods"
    if "xl/workbook.xml" in names:
        _check_xlsx(path, max_rows, max_columns)
        return "xlsx"
    raise _neither(path)


def _neither(path: Path) -> InputError:
    return InputError(
        Problem("is neither an .xlsx nor an .ods sheet", file=path, hint="save the sheet as CSV (UTF-8), .xlsx or .ods")
    )


def _check_archive(archive: zipfile.ZipFile, path: Path) -> None:
    total = 0
    for info in archive.infolist():
        total += info.file_size
        if total > MAX_UNPACKED_BYTES:
            raise InputError(
                Problem(
                    f"unpacks to more than {MAX_UNPACKED_BYTES:,} bytes (the sheet-size limit)",
                    file=path,
                    key=info.filename,
                    hint=_HINT,
                )
            )
        if info.file_size > _RATIO_FROM and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise InputError(
                Problem(
                    f"compressed more than {MAX_RATIO} to 1 ({info.file_size:,} bytes in "
                    f"{info.compress_size:,}): no spreadsheet packs so tightly",
                    file=path,
                    key=info.filename,
                    hint=_HINT,
                )
            )


def _too_many_rows(path: Path, max_rows: int) -> InputError:
    return InputError(
        Problem(
            f"more than {max_rows:,} rows, over the card-import row limit of {max_rows:,}",
            file=path,
            line=max_rows + 2,
            hint="split the spreadsheet into several files",
        )
    )


def _too_many_columns(path: Path, line: int, max_columns: int) -> InputError:
    return InputError(
        Problem(
            f"more than {max_columns} columns, over the card-import column limit of {max_columns}",
            file=path,
            line=line,
            hint="one column per catalog field: code, kind, name, faction, rarity, type, cost, …",
        )
    )


def _long_cell(path: Path, line: int) -> InputError:
    return InputError(
        Problem(
            f"a cell of more than {MAX_CELL_CHARS:,} characters (the cell-size limit)",
            file=path,
            line=line,
            hint="a card's text fits in a few hundred characters",
        )
    )


def _too_many_cells(path: Path, line: int) -> InputError:
    return InputError(
        Problem(
            f"more than {MAX_SHEET_CELLS:,} cells, over the card-import cell limit of {MAX_SHEET_CELLS:,}",
            file=path,
            line=line,
            hint="split the spreadsheet into several files",
        )
    )


def _check_xlsx(path: Path, max_rows: int, max_columns: int) -> None:
    """Stream the first sheet's rows as pandas' openpyxl reader sees them, keeping none: the
    declared dimension may lie either way, so the rows are counted as they come."""
    # start-up: only `catalog import` of an .xlsx reads one; the extra skyforge[sheets] (an ImportError names it)
    import openpyxl

    # a file object: openpyxl would refuse a workbook saved under another suffix by its name
    book = openpyxl.load_workbook(io.BytesIO(path.read_bytes()), read_only=True, data_only=True, keep_links=False)
    try:
        sheet = book.worksheets[0]
        sheet.reset_dimensions()
        cells = widest = 0
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            if number <= max_rows + 1:
                cells += len(row)  # pandas turns every cell of a row it reads, empty ones too
            width = len(row)
            while width and row[width - 1] in (None, ""):
                width -= 1
            if not width:
                if cells > MAX_SHEET_CELLS:
                    raise _too_many_cells(path, number)
                continue
            if number > max_rows + 1:
                raise _too_many_rows(path, max_rows)
            if width > max_columns:
                raise _too_many_columns(path, number, max_columns)
            widest = max(widest, width)
            if cells > MAX_SHEET_CELLS or number * widest > MAX_SHEET_CELLS:
                raise _too_many_cells(path, number)
            if any(isinstance(v, str) and len(v) > MAX_CELL_CHARS for v in row):
                raise _long_cell(path, number)
    finally:
        book.close()


class _OdsCount:
    """Count the first table of an OpenDocument ``content.xml`` as pandas' odf reader reads it,
    in one streaming pass of expat, keeping no value: a row counts (with its
    ``number-rows-repeated``) when a cell in it is not empty, and so do the empty rows before it;
    a cell likewise within its row; a cell's characters are its text and its ``text:s`` spaces.
    Every element of every part read counts towards :data:`MAX_ODS_ELEMENTS`."""

    def __init__(self, path: Path, max_rows: int, max_columns: int) -> None:
        self.path, self.max_rows, self.max_columns = path, max_rows, max_columns
        self.stack: list[str] = []
        self.table_depth = 0  # the depth of the first table, once it opens
        self.table = False  # the first table is open (and counted)
        self.elements = 0
        self.widest = 0
        self.rows = 0  # the sheet rows read, the empty ones before a full one included
        self.empty_rows = 0  # empty rows waiting for a full one
        self.row_states: list[list[int]] = []  # per open row: [width, empty cells waiting, depth, repeat]
        #: per open cell of a row: its depth, repeat, whether a value makes it full (not text), whether
        #: text would, and the characters and paragraphs counted when it opened
        self.cells: list[tuple[int, int, bool, bool, int, int]] = []
        self.paragraphs = 0
        self.chars = 0  # every character of cell text seen

    def run(self, content: IO[bytes], table: bool) -> None:
        """Count the elements of one part, and the first table in it when ``table``."""
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartElementHandler = self.start if table else self.element
        if table:
            parser.EndElementHandler = self.end
            parser.CharacterDataHandler = self.text
        parser.EntityDeclHandler = self.entity
        self.stack = []
        try:
            parser.ParseFile(content)
        except expat.ExpatError as exc:
            raise InputError(
                Problem(f"cannot read as an .ods sheet: {exc}", file=self.path, hint="save the sheet as CSV (UTF-8)")
            ) from None

    def line(self) -> int:
        return self.rows + self.empty_rows + 1

    def entity(self, *_args: object) -> None:
        raise expat.ExpatError("an entity declaration, which no spreadsheet holds")

    def element(self, _tag: str, _attrs: dict[str, str]) -> None:
        self.elements += 1
        if self.elements > MAX_ODS_ELEMENTS:
            raise InputError(
                Problem(
                    f"more than {MAX_ODS_ELEMENTS:,} XML elements, over the .ods size limit",
                    file=self.path,
                    hint="save the sheet as .xlsx or CSV (UTF-8), or split it into several files",
                )
            )

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.element(tag, attrs)
        parent = self.stack[-1] if self.stack else ""
        self.stack.append(tag)
        if tag == _TABLE + "table" and not self.table_depth:
            self.table_depth = len(self.stack)
            self.table = True
        if not self.table:
            return
        if tag == _TABLE + "table-row":
            repeat = _count(attrs.get(_TABLE + "number-rows-repeated"), self.path)
            self.row_states.append([0, 0, len(self.stack), repeat])
        elif tag in _CELLS and parent == _TABLE + "table-row":
            kind = attrs.get(_OFFICE + "value-type")
            covered = tag == _TABLE + "covered-table-cell" and _OFFICE + "value" not in attrs
            repeat = _count(attrs.get(_TABLE + "number-columns-repeated"), self.path)
            # as pandas: a covered cell of no value is empty, a cell of no type too (unless it
            # shows "#N/A": any text counts here), a string cell when its text is empty
            full = not covered and kind not in (None, "string")
            by_text = not covered
            self.cells.append((len(self.stack), repeat, full, by_text, self.chars, self.paragraphs))
        elif tag == _TEXT + "s" and self.cells:
            self.chars += _count(attrs.get(_TEXT + "c"), self.path)
        elif tag == _TEXT + "line-break" and self.cells:
            self.chars += 1
        elif tag == _TEXT + "p" and self.cells:
            self.paragraphs += 1  # a line break between two paragraphs

    def text(self, data: str) -> None:
        if self.cells:
            self.chars += len(data)

    def end(self, tag: str) -> None:
        depth = len(self.stack)
        self.stack.pop()
        if not self.table:
            return
        if depth == self.table_depth:
            self.table = False  # pandas reads the first sheet only
            return
        if self.cells and self.cells[-1][0] == depth:
            self.cell_end()
        elif self.row_states and self.row_states[-1][2] == depth:
            self.row_end()

    def cell_end(self) -> None:
        _depth, repeat, full, by_text, chars, paragraphs = self.cells.pop()
        chars = self.chars - chars + max(self.paragraphs - paragraphs - 1, 0)
        if chars > MAX_CELL_CHARS:
            raise _long_cell(self.path, self.line())
        row = self.row_states[-1]
        if not (full or (by_text and chars)):
            row[1] += repeat
            return
        if row[0] + row[1] + repeat > self.max_columns:
            raise _too_many_columns(self.path, self.line(), self.max_columns)
        row[0] += row[1] + repeat
        row[1] = 0

    def row_end(self) -> None:
        width, _empty_cells, _depth, repeat = self.row_states.pop()
        if not width:
            self.empty_rows += repeat
            return
        if self.rows + self.empty_rows + repeat > self.max_rows + 1:
            raise _too_many_rows(self.path, self.max_rows)
        self.widest = max(self.widest, width)  # pandas makes every row as wide as the widest
        if (self.rows + self.empty_rows + repeat) * self.widest > MAX_SHEET_CELLS:
            raise _too_many_cells(self.path, self.line())
        self.rows += self.empty_rows + repeat
        self.empty_rows = 0


def _count(text: str | None, path: Path) -> int:
    if text is None:
        return 1
    if not (text.isascii() and text.isdigit() and 0 < len(text) <= 18):
        raise InputError(Problem("a repeat count that is not a whole number", file=path, value=text, has_value=True))
    return max(int(text), 1)
