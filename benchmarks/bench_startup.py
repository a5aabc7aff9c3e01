"""Start-up benchmark: `skyforge --help` and `skyforge deck validate` against their floors.

    python benchmarks/bench_startup.py [ROUNDS]

Floors (DESIGN.md §4, issues #2 and #14): `--help` against `python -c "import click"`;
`deck validate` on a shipped example against `python -c "import click, pydantic,
rich.console, tomllib"`. Targets (issue #14): both ≤ 1.3× their floor. The catalog cache is
warmed first (it is what users get from the second command on); set
SKYFORGE_CACHE_DIR=off to time the cold path instead.
"""

from __future__ import annotations

import sys

from common import PYTHON, arg_rounds, measure, report, run_once, skyforge

DECK = "decks/demo-blue-wall.toml"


def main() -> int:
    run_once(skyforge("deck", "validate", DECK))  # warm the catalog cache
    medians = measure(
        {
            "floor: import click": [PYTHON, "-c", "import click"],
            "floor: click+pydantic+rich+tomllib": [PYTHON, "-c", "import click, pydantic, rich.console, tomllib"],
            "floor + pydantic.BaseModel": [
                PYTHON,
                "-c",
                "import click, pydantic, rich.console, tomllib; from pydantic import BaseModel",
            ],
            "skyforge --help": skyforge("--help"),
            "skyforge deck validate": skyforge("deck", "validate", DECK),
            "skyforge deck validate --json": skyforge("deck", "validate", DECK, "--json"),
        },
        rounds=arg_rounds(),
    )
    ok = report(
        medians,
        [
            ("skyforge --help", "floor: import click", 1.3),
            ("skyforge deck validate", "floor: click+pydantic+rich+tomllib", 1.3),
            ("skyforge deck validate", "floor + pydantic.BaseModel", 1.3),
        ],
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
