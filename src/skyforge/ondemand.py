"""The heavy libraries a command imports only when it uses them: the one place they are imported.

Every command starts close to a bare Python with the imports it needs (benchmarks/bench_ratios.py),
so a library that costs milliseconds to import and that most commands never use waits here until
one does. Everything else is imported at the top of its module, so the import graph stays visible
(docs/architecture.md, "Where laziness lives, and why").
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

#: each library imported on demand, and why it waits
LIBRARIES: dict[str, str] = {
    "filelock": "only a command that writes takes a lock; it would cost every read-only command ~13 ms",
    "tomlkit": "only an edit that keeps a file's comments and layout needs it (~5 ms)",
    "pandas": "only `skyforge catalog import` reads a spreadsheet; it takes hundreds of ms",
    "openpyxl": "only `skyforge catalog import` of an .xlsx sheet reads one; an optional extra (skyforge[sheets])",
    "ortools.sat.python.cp_model": "only the deck assistant (`deck complete`, `build`, `plan`) solves; "
    "OR-Tools' CP-SAT takes ~150 ms to import and is an optional extra (skyforge[assistant])",
    "rich.progress": "only long work on a terminal draws a progress bar (~10 ms, with its live display)",
    "readline": "only a guided prompt (`catalog add`) completes words with Tab; once imported, it changes "
    "how every input() reads a terminal",
    "jinja2": "only a command that writes an HTML page (a deck's sheet or page, a campaign's sheet) "
    "draws one from its template; Jinja2 takes ~40 ms to import",
}


def library(name: str) -> ModuleType:
    """One of :data:`LIBRARIES`, imported now (then cached by Python like any import)."""
    if name not in LIBRARIES:
        raise ValueError(f"{name} is not a library imported on demand (skyforge.ondemand.LIBRARIES)")
    return import_module(name)
