"""Read the first sheet of an .xlsx or .ods workbook in bounded work (``catalog import``).

A workbook is a zip archive of XML parts, so a file of a few hundred bytes can unpack to gigabytes
or declare a sheet of a billion cells: the archive's declared sizes and compression ratios are
checked before any part is read (the stdlib zipfile holds every part to its declared size), then
the sheet is read row by row and the reading stops at the first row or column past the limits.
.xlsx goes through openpyxl's read-only (streaming) mode; .ods through the standard library's
streaming XML parser, with its run-length attributes (``number-rows-repeated``,
``number-columns-repeated``, ``text:s c``) counted before they are expanded.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO
from xml.etree import ElementTree

from skyforge.errors import InputError, Problem

#: the most bytes the parts of one workbook may unpack to, in all (a sheet of every card of every
#: set, 5,000 rows of a few dozen cells, is a few MB of XML; openpyxl reads ~100,000 cells a second)
MAX_UNPACKED_BYTES = 8_000_000
#: the highest compression ratio of a part above :data:`_RATIO_FROM` bytes (sheet XML packs 10-60 to 1)
MAX_RATIO = 200
_RATIO_FROM = 1_000_000
#: the most characters one cell may hold (a card's longest text is a few hundred)
MAX_CELL_CHARS = 100_000

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_CELLS = (_TABLE + "table-cell", _TABLE + "covered-table-cell")

_HINT = "save the sheet as CSV (UTF-8), or split it into several files"


def read_sheet_rows(path: Path, max_rows: int, max_columns: int) -> list[list[object]]:
    """The rows of the first sheet (the header row first), each cell a value or ``""`` when empty,
    trailing empty cells and rows left out. Refuses (:class:`InputError`) a file that is no
    workbook, an archive over the size or ratio bounds, more than ``max_rows`` rows below the
    header, a cell past ``max_columns``, a cell over :data:`MAX_CELL_CHARS` characters.
    Raises ImportError when .xlsx is read without openpyxl."""
    if not zipfile.is_zipfile(path):
        raise _neither(path)
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        _check_archive(archive, path)
        if "xl/workbook.xml" in names:
            archive.close()
            return _xlsx_rows(path, max_rows, max_columns)
        if "content.xml" in names:
            with archive.open("content.xml") as content:
                return _ods_rows(content, path, max_rows, max_columns)
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


def _trimmed(rows: list[list[object]]) -> list[list[object]]:
    while rows and not rows[-1]:
        rows.pop()
    return rows


def _xlsx_rows(path: Path, max_rows: int, max_columns: int) -> list[list[object]]:
    # start-up: only `catalog import` of an .xlsx reads one; the extra skyforge[sheets] (an ImportError names it)
    import openpyxl

    # a file object: openpyxl would refuse a workbook saved under another suffix by its name
    book = openpyxl.load_workbook(io.BytesIO(path.read_bytes()), read_only=True, data_only=True, keep_links=False)
    try:
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # the declared dimension may lie either way: rows are counted as read
        rows: list[list[object]] = []
        # each row as wide as its last cell (at most 16,384, Excel's), refused at the first too wide
        for number, row in enumerate(sheet.iter_rows(values_only=True), start=1):
            cells = ["" if value is None else value for value in row]
            while cells and cells[-1] == "":
                cells.pop()
            if not cells:
                if number <= max_rows + 1:  # an empty row past the limit is not kept (nor refused)
                    rows.append(cells)
                continue
            if number > max_rows + 1:
                raise _too_many_rows(path, max_rows)
            if len(cells) > max_columns:
                raise _too_many_columns(path, number, max_columns)
            if any(isinstance(v, str) and len(v) > MAX_CELL_CHARS for v in cells):
                raise _long_cell(path, number)
            rows.append(cells)
        return _trimmed(rows)
    finally:
        book.close()


def _ods_rows(content: IO[bytes], path: Path, max_rows: int, max_columns: int) -> list[list[object]]:
    """The first table of an OpenDocument ``content.xml``, read as pandas' odf reader reads it
    (the values by ``office:value-type``), in one streaming pass."""
    rows: list[list[object]] = []
    empty_rows = 0
    row: list[object] = []
    empty_cells = 0
    stack: list[ElementTree.Element] = []
    tables = 0
    cell_depth = 0  # inside a cell, its parts wait until the cell is read
    try:
        for event, element in ElementTree.iterparse(content, events=("start", "end")):
            if event == "start":
                stack.append(element)
                if element.tag == _TABLE + "table" and not cell_depth:
                    tables += 1
                cell_depth += element.tag in _CELLS
                continue
            stack.pop()
            cell_depth -= element.tag in _CELLS
            in_cell = cell_depth > 0
            if element.tag in _CELLS and tables == 1 and not in_cell:
                value = _ods_value(element, path, len(rows) + empty_rows + 1)
                repeat = _count(element.get(_TABLE + "number-columns-repeated"), path)
                if value == "":
                    empty_cells += repeat
                else:
                    if len(row) + empty_cells + repeat > max_columns:
                        raise _too_many_columns(path, len(rows) + empty_rows + 1, max_columns)
                    row.extend([""] * empty_cells + [value] * repeat)
                    empty_cells = 0
            elif element.tag == _TABLE + "table-row" and tables == 1 and not in_cell:
                repeat = _count(element.get(_TABLE + "number-rows-repeated"), path)
                if not row:
                    empty_rows += repeat
                else:
                    if len(rows) + empty_rows + repeat > max_rows + 1:
                        raise _too_many_rows(path, max_rows)
                    rows.extend([[] for _ in range(empty_rows)] + [list(row) for _ in range(repeat)])
                    empty_rows = 0
                row, empty_cells = [], 0
            elif element.tag == _TABLE + "table" and tables == 1 and not in_cell:
                break
            if stack and not in_cell:
                stack[-1].remove(element)  # read: the parsed tree never grows past one cell
    except (ElementTree.ParseError, RecursionError) as exc:
        raise InputError(
            Problem(f"cannot read as an .ods sheet: {exc}", file=path, hint="save the sheet as CSV (UTF-8)")
        ) from None
    return _trimmed(rows)


def _count(text: str | None, path: Path) -> int:
    if text is None:
        return 1
    if not (text.isascii() and text.isdigit() and 0 < len(text) <= 18):
        raise InputError(Problem("a repeat count that is not a whole number", file=path, value=text, has_value=True))
    return max(int(text), 1)


def _ods_value(cell: ElementTree.Element, path: Path, line: int) -> object:
    kind = cell.get(_OFFICE + "value-type")
    if cell.tag == _TABLE + "covered-table-cell" and cell.get(_OFFICE + "value") is None:
        return ""
    if kind is None:
        return ""
    if kind == "string":
        text = "".join(_ods_text(cell, path, line))
        return "" if text == "#N/A" else text
    if kind == "boolean":
        return cell.get(_OFFICE + "boolean-value", "").casefold() == "true"
    if kind in ("float", "percentage", "currency"):
        raw = cell.get(_OFFICE + "value", "")
        try:
            number = float(raw)
        except ValueError:
            raise InputError(Problem("not a number", file=path, line=line, value=raw[:40], has_value=True)) from None
        return int(number) if kind == "float" and number.is_integer() else number
    if kind == "date":
        return cell.get(_OFFICE + "date-value", "")
    return "".join(_ods_text(cell, path, line))  # a time: as it is shown


def _ods_text(cell: ElementTree.Element, path: Path, line: int) -> Iterator[str]:
    """The text of a string cell: its paragraphs one a line, ``text:s`` as its spaces."""
    size = 0
    paragraphs = 0
    for part in _ods_fragments(cell, top=True):
        if part is None:
            paragraphs += 1
            if paragraphs > 1:
                yield "\n"
            continue
        size += len(part)
        if size > MAX_CELL_CHARS:
            raise _long_cell(path, line)
        yield part


def _ods_fragments(element: ElementTree.Element, top: bool = False) -> Iterator[str | None]:
    """The text in ``element`` (None before each paragraph of a cell, when ``top``)."""
    if element.text and not top:
        yield element.text.strip("\n")
    for child in element:
        if child.tag == _TEXT + "s":
            c = child.get(_TEXT + "c", "1")
            yield " " * min(int(c) if c.isascii() and c.isdigit() and len(c) <= 9 else 1, MAX_CELL_CHARS + 1)
        elif child.tag == _TEXT + "line-break":
            yield "\n"
        elif child.tag != _OFFICE + "annotation":
            if top and child.tag == _TEXT + "p":
                yield None
            yield from _ods_fragments(child)
        if child.tail and not top:
            yield child.tail.strip("\n")
