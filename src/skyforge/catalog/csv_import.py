"""Turn a spreadsheet of cards into catalog TOML (``skyforge catalog import``).

One row per card, in a CSV file (``,``, ``;`` or tab between cells, read from the header line;
a UTF-8 byte-order mark is ignored) or an ``.xlsx``/``.ods`` sheet (its first sheet; the
optional extra ``skyforge[sheets]``). The columns are named as the catalog fields (``code``, ``kind``,
``name``, ``faction``, ``rarity``, ``type``, ``cost``…, see ``skyforge schema
catalog``). Empty cells mean "not known". List fields (``subtypes``,
``keywords``, ``modes``…) take values separated by ``;`` or ``|``. ``kind``
defaults to ``alliance``. With ``set_code``, a bare number in ``code`` (``14``)
becomes ``SET.014``; the code cell may hold the card's printed form, code and copies
(``CAM.014 2x`` or ``2x CAM.014``). Every bad row is reported with its row number as a
spreadsheet shows it (the header is row 1). The stdlib's ``csv`` reads a CSV file; pandas a sheet.
"""

from __future__ import annotations

import csv
import functools
import io
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from skyforge.catalog.index import Catalog
from skyforge.catalog.loader import load_catalog, merged_with
from skyforge.catalog.models import CARD_MODELS, Card, CardBase, build_validators
from skyforge.catalog.sheets import check_sheet
from skyforge.errors import InputError, Problem, csv_problem, once_each, option
from skyforge.storage import MAX_FILE_BYTES, dump_toml, read_text, validation_problems
from skyforge.text import did_you_mean

_LIST_SEPARATORS = (";", "|")
#: the most rows one spreadsheet may hold (every card of every set is far fewer)
MAX_ROWS = 5_000
#: the most columns one spreadsheet may hold (a card has a few dozen fields)
MAX_COLUMNS = 200
#: a bare card number in ``code`` (with ``--set``) has at most this many digits
_MAX_NUMBER_DIGITS = 6
#: the sheets pandas.read_excel reads (after catalog/sheets.py's guard), and the package each needs
#: (the extra skyforge[sheets])
SHEET_PACKAGES = {".xlsx": "openpyxl", ".xlsm": "openpyxl", ".ods": "odfpy"}
#: a code cell in the cards' printed form: "CAM.014 2x" or "2x CAM.014" (× too)
_PRINTED_CODE = re.compile(r"^(?:(?P<before>\d+)\s*[x×]\s+)?(?P<code>[^\s]+?)(?:\s+(?P<after>\d+)\s*[x×])?$", re.I)


@dataclass
class CsvImport:
    cards: list[CardBase]
    problems: list[Problem]
    rows: int
    #: the spreadsheet row (header = 1) of each card in ``cards``
    lines: list[int] = field(default_factory=list)

    def toml(self, provenance: str = "user") -> str:
        header = "# Written by `skyforge catalog import`: your own card data.\n"
        return header + dump_toml({"schema": 1, "provenance": provenance, "cards": [c.table() for c in self.cards]})


def read_cards_csv(
    path: Path,
    set_code: str | None = None,
    text: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CsvImport:
    """Cards from a CSV file or a sheet (or from CSV ``text``, e.g. standard input, named ``path`` in messages)."""
    if text is None and Path(path).suffix.casefold() in SHEET_PACKAGES:
        sheet = _read_sheet(Path(path))
    else:
        sheet = _read_csv(path, text)
    if len(sheet.rows) > MAX_ROWS:
        raise InputError(
            Problem(
                f"{len(sheet.rows):,} rows, over the card-import row limit of {MAX_ROWS:,}",
                file=path,
                line=MAX_ROWS + 2,
                hint="split the spreadsheet into several files",
            )
        )
    columns = [c.strip().casefold() for c in sheet.columns]
    known = {name for model in CARD_MODELS.values() for name in model.model_fields}
    problems: list[Problem] = []
    unknown = [c for c in columns if c not in known]
    for column in unknown:
        problems.append(
            Problem(
                f"unknown column '{column}'",
                file=path,
                line=1,
                hint=did_you_mean(
                    column,
                    sorted(known),
                    otherwise="columns are catalog fields: code, kind, name, faction, rarity, type, cost, …",
                ),
            )
        )
    if problems:
        raise InputError(problems)
    build_validators()  # the catalog file's validator, in the check, is made of the same
    adapter = TypeAdapter(Card)
    cards: list[CardBase] = []
    lines: list[int] = []
    seen: dict[str, int] = {}
    records = [dict(zip(columns, row)) for row in sheet.rows]
    for index, raw in enumerate(records):
        if progress:
            progress(index, len(records))
        row_number = index + 2
        row = {k: v.strip() for k, v in raw.items() if isinstance(v, str) and v.strip()}
        if not row:
            continue
        row["kind"] = row.get("kind", "alliance").casefold()
        model = CARD_MODELS.get(row["kind"])
        if model is None:
            problems.append(
                Problem(
                    f"unknown kind '{row['kind']}'",
                    file=path,
                    line=row_number,
                    key="kind",
                    hint="kinds: " + ", ".join(CARD_MODELS),
                )
            )
            continue
        if "code" in row:
            printed = _PRINTED_CODE.match(row["code"])
            copies = printed and (printed["before"] or printed["after"])
            if printed and copies and not (printed["before"] and printed["after"]):
                given = row.get("copies", copies)
                if given.isdigit() and int(given) != int(copies):
                    problems.append(
                        Problem(
                            f"the code cell says {int(copies)} copies, the copies column {row['copies']}",
                            file=path,
                            line=row_number,
                            key="code",
                            hint="give the copies in one of the two",
                        )
                    )
                    continue
                row["code"], row["copies"] = printed["code"], copies
        if set_code and "code" in row and _is_number(row["code"]):
            row["code"] = f"{set_code.upper()}.{int(row['code']):03d}"
        data = {k: cell_value(model, k, v) for k, v in row.items()}
        try:
            card = adapter.validate_python(data, strict=False)  # every cell is text: "3" is 3 here
        except ValidationError as exc:
            for p in validation_problems(exc, path, ""):
                key = (p.key or "").split(".")[-1]
                problems.append(
                    Problem(
                        p.message,
                        file=path,
                        line=row_number,
                        key=key or None,
                        value=p.value,
                        has_value=p.has_value,
                        hint=p.hint,
                    )
                )
            continue
        if set_code and card.code and card.set_code != set_code.upper():
            problems.append(
                Problem(
                    f"code {card.code} is not in set {set_code.upper()}",
                    file=path,
                    line=row_number,
                    key="code",
                    hint=f"drop {option('set_code')}, or fix the code",
                )
            )
            continue
        if card.key in seen:
            problems.append(
                Problem(f"{card.key} is already on row {seen[card.key]}", file=path, line=row_number, key="code")
            )
            continue
        seen[card.key] = row_number
        cards.append(card)
        lines.append(row_number)
    return CsvImport(cards, once_each(problems), len(sheet.rows), lines)


@dataclass
class _Cells:
    """A sheet's cells as text: its column names, and its rows (a CSV file read by the stdlib's
    ``csv``, an .xlsx or .ods sheet by pandas)."""

    columns: list[str]
    rows: list[list[str]]


def _header(cells: list[str]) -> list[str]:
    """Column names as pandas gives them: an empty one ``Unnamed: N``, a repeated one ``name.1``."""
    names: list[str] = []
    for number, cell in enumerate(cells):
        name = cell or f"Unnamed: {number}"
        base, count = name, 0
        while name in names:
            count += 1
            name = f"{base}.{count}"
        names.append(name)
    return names


def _read_csv(path: Path, text: str | None) -> _Cells:
    """A CSV file's cells, read by the stdlib's ``csv`` (a plain CSV needs no pandas): every cell as
    text, blank lines skipped, a row longer than the header refused."""
    if text is None:
        text = read_text(Path(path))  # size limit, UTF-8 and every file-system error, in one place
    elif len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        raise InputError(
            Problem(f"the input is larger than the input-file size limit of {MAX_FILE_BYTES:,} bytes", file=path)
        )
    text = text.removeprefix("\ufeff")  # Excel's "CSV UTF-8" and Notepad start with a byte-order mark
    separator = _delimiter(text)
    _check_columns(text, path, separator)
    reader = csv.reader(io.StringIO(text), delimiter=separator, skipinitialspace=True)
    try:
        unclosed = _unclosed_quote(text, separator)
        if unclosed is not None:  # csv reads it to the end as one cell; pandas' words for it
            raise ValueError(f"Error tokenizing data. C error: EOF inside string starting at row {unclosed}")
        rows = [row for row in reader if row]
        header = _header(rows.pop(0)) if rows else None
        longer = next(((i, row) for i, row in enumerate(rows) if len(row) > len(header or ())), None)
        if header is None:
            raise ValueError("No columns to parse from file")
        if longer is not None:
            raise ValueError(f"a row of {len(longer[1])} cells under a header of {len(header)} (row {longer[0] + 2})")
    except (csv.Error, ValueError) as exc:
        raise InputError(
            Problem(
                f"cannot read as CSV: {exc}", file=path, hint="save the spreadsheet as CSV (UTF-8), one row per card"
            )
        ) from None
    return _Cells(header, rows)


def _unclosed_quote(text: str, separator: str) -> int | None:
    """The line (counted from 0) where a quoted cell starts that ``text`` never closes, else None."""
    if text.count('"') % 2 == 0:
        return None
    reader = csv.reader(io.StringIO(text), delimiter=separator, skipinitialspace=True, strict=True)
    start = 0
    try:
        for _ in reader:
            start = reader.line_num
    except csv.Error as exc:
        return start if "unexpected end of data" in str(exc) else None
    return None


def _delimiter(text: str) -> str:
    """The cell separator of the header line: ',', ';' (Excel in many locales) or a tab; ',' if none."""
    header = re.sub(r'"[^"]*"', "", text.split("\n", 1)[0])
    counts = {sep: header.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=counts.__getitem__)
    return best if counts[best] else ","


def _read_sheet(path: Path) -> _Cells:
    """The first sheet of an .xlsx or .ods file, every cell as text ("" when empty).

    pandas reads it, once catalog/sheets.py has checked its archive and its extent (bounded work).
    The reader is picked by the file's content, not its name: a workbook saved under the other
    sheet's suffix is read all the same."""
    import pandas as pd  # start-up: only `catalog import` reads a spreadsheet; pandas takes hundreds of ms

    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(Problem("file not found", file=path)) from None
    except OSError as exc:
        raise InputError(Problem(f"cannot read: {exc.strerror}", file=path)) from None
    if size > MAX_FILE_BYTES:
        raise InputError(Problem(f"larger than the input-file size limit of {MAX_FILE_BYTES:,} bytes", file=path))
    kind = ".xlsx"
    try:
        kind = "." + check_sheet(path, MAX_ROWS, MAX_COLUMNS)  # the archive, then the sheet's extent
        engine = "odf" if kind == ".ods" else "openpyxl"
        frame = pd.read_excel(path, sheet_name=0, engine=engine, dtype=object, keep_default_na=False, nrows=MAX_ROWS)
    except ImportError:
        raise InputError(
            Problem(
                f"reading {kind} sheets needs the {SHEET_PACKAGES[kind]} package",
                file=path,
                hint="pip install 'skyforge[sheets]' (or save the sheet as CSV)",
            )
        ) from None
    except InputError:
        raise
    except Exception as exc:  # every engine fails in its own way on a damaged file
        raise _unreadable_sheet(path, exc) from None
    return _Cells([str(c) for c in frame.columns], frame.map(_sheet_text).values.tolist())


def _unreadable_sheet(path: Path, exc: Exception) -> InputError:
    return InputError(
        Problem(f"cannot read as a {path.suffix} sheet: {exc}", file=path, hint="save the sheet as CSV (UTF-8)")
    )


def _sheet_text(value: object) -> str:
    if value is None or (isinstance(value, float) and value != value):  # an empty cell (NaN)
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a number typed in a cell: 3, not 3.0
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _is_number(text: str) -> bool:
    """A bare card number: ASCII digits, short enough for ``int`` (longer ones fail as codes)."""
    return text.isascii() and text.isdigit() and len(text) <= _MAX_NUMBER_DIGITS


def _check_columns(text: str, path: Path, separator: str = ",") -> None:
    """Refuse a row of more than :data:`MAX_COLUMNS` cells before pandas reads the sheet (100,000
    columns once took it seconds); the csv module splits each row in one pass (and refuses a bare
    carriage return in an unquoted cell, or a cell over its field-size limit: :func:`csv_problem`)."""
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    except csv.Error as exc:
        raise InputError(csv_problem(exc, path, text)) from None
    for number, row in enumerate(rows, start=1):
        if len(row) > MAX_COLUMNS:
            raise InputError(
                Problem(
                    f"{len(row):,} columns, over the card-import column limit of {MAX_COLUMNS}",
                    file=path,
                    line=number,
                    hint="one column per catalog field: code, kind, name, faction, rarity, type, cost, …",
                )
            )


def cell_value(model: type[CardBase], key: str, value: str) -> str | bool | list[str]:
    """A cell's text as the model's field ``key`` takes it: a list split at ';' or '|', yes or no
    as a bool; any other text as it is (the model reads "3" as 3)."""
    annotation = _annotation(model, key)
    if annotation.startswith("list["):
        for sep in _LIST_SEPARATORS:
            if sep in value:
                return [v.strip() for v in value.split(sep) if v.strip()]
        return [value]
    if "bool" in annotation and value.casefold() in ("true", "yes", "y", "1", "false", "no", "n", "0"):
        return value.casefold() in ("true", "yes", "y", "1")
    return value


@functools.cache
def _annotation(model: type[CardBase], key: str) -> str:
    """The type of the model's field ``key``, in words (``list[…]``), once per field and not per cell."""
    field = model.model_fields.get(key)
    return str(field.annotation) if field else ""


def check_with_catalog(
    files: list[Path],
    text: str,
    source: Path | str | None = None,
    lines: list[int] | None = None,
    *,
    named: Path | None = None,
    catalog: Catalog | None = None,
) -> Catalog:
    """The imported cards (catalog TOML ``text``) must merge with the catalog ``files`` in use:
    their sets exist, no code is defined twice. Problems name "the imported cards" or, given the
    spreadsheet ``source`` and the row of each card (``lines``), its row and column; given the
    file ``text`` is to be written to (``named``), that file and its line. Returns the merged catalog.

    Given the ``catalog`` of ``files`` (the one in use, from the cache), the text is merged into
    it without reading them again, unless only a load of every file can tell its problems
    (:func:`skyforge.catalog.loader.merged_with`); else every file is read with the text."""
    if catalog is not None:
        imported = named or Path("imported.toml")
        try:
            merged = merged_with(catalog, imported, text)
        except InputError as exc:
            raise _where(exc, imported, source, lines, named) from None
        if merged is not None:
            return merged
    with tempfile.TemporaryDirectory() as folder:
        imported = Path(folder) / "imported.toml"
        imported.write_text(text, encoding="utf-8")
        try:
            return load_catalog([*files, imported], cache=False)
        except InputError as exc:
            raise _where(exc, imported, source, lines, named) from None


def _where(
    exc: InputError, imported: Path, source: Path | str | None, lines: list[int] | None, named: Path | None
) -> InputError:
    """``exc``'s problems of the ``imported`` text, each with the file it is to be written to (``named``),
    or the row and column of its spreadsheet (``source`` and each card's row, ``lines``)."""
    problems = []
    for p in exc.problems:
        file, line, key = p.file, p.line, p.key
        if p.file == imported and named is not None:
            file = named
        elif p.file == imported:
            file, line = "the imported cards", None
            where = _CARD_KEY.match(p.key or "")
            if source is not None and lines and where and int(where["index"]) < len(lines):
                file, line, key = source, lines[int(where["index"])], where["column"] or None
        problems.append(
            Problem(p.message, file=file, line=line, key=key, value=p.value, has_value=p.has_value, hint=p.hint)
        )
    return InputError(problems)


#: a key of the imported TOML, ``cards[32].code``: the card's place and its column
_CARD_KEY = re.compile(r"^cards\[(?P<index>\d+)\](?:\.(?P<column>[^.\[]+))?")
