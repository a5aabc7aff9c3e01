"""Every ratio skyforge is held to, measured interleaved in one run.

    python benchmarks/bench_ratios.py [ROUNDS] [--quick] [--instructions]

The floor (``benchmarks/floor.py``) is the smallest program that does a command's job with the
same libraries: a click command that reads the files with ``tomllib``, validates them with a
five-field pydantic model and prints a rich table (``deck validate`` is also set against it
without click). With the catalog cache warm (as users get it from the second
command on):

- ``deck validate``, ``deck show`` and ``campaign show`` of the examples ≤ 1.2× the floor on the
  same file;
- ``skyforge --help`` ≤ 1.3× ``python -c "import click"``;
- shell completion of a deck name ≤ 1.5× ``python -c "import click"``;
- ``deck validate`` of 1,000 decks in one call ≤ 1.3× the floor over the same files (one row per
  deck); of 10,000 decks, linear: the same ratio, and ten times the work above start-up.

``--quick`` leaves out the 10,000-deck runs. ``--instructions`` counts each command's instructions
with valgrind instead of timing it (steady on a loaded machine; slow: use it with ``--quick``).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from common import PYTHON, ROOT, arg_rounds, instructions, measure, report, run_once, skyforge

FLOOR = [PYTHON, str(ROOT / "benchmarks" / "floor.py")]
DECK = "decks/demo-blue-wall.toml"
CAMPAIGN = "campaigns/example.toml"


def make_decks(folder: Path, count: int) -> list[str]:
    """``count`` copies of the shipped example decks, each with its own name; their paths."""
    folder.mkdir(parents=True)
    examples = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "decks").glob("*.toml"))]
    paths = []
    for i in range(count):
        path = folder / f"deck-{i:05d}.toml"
        path.write_text(examples[i % len(examples)].replace('name = "', f'name = "#{i} ', 1), encoding="utf-8")
        paths.append(str(path))
    return paths


def completion(word: str) -> tuple[list[str], dict[str, str]]:
    """What bash asks skyforge for when Tab is pressed after ``skyforge deck show WORD``."""
    return skyforge(), {
        "_SKYFORGE_COMPLETE": "bash_complete",
        "COMP_WORDS": f"skyforge deck show {word}",
        "COMP_CWORD": "3",
    }


def main() -> int:
    quick = "--quick" in sys.argv
    tmp = Path(tempfile.mkdtemp(prefix="skyforge-bench-"))
    try:
        small = make_decks(tmp / "small", 1000)
        run_once(skyforge("deck", "validate", DECK))  # warm the catalog cache
        commands = {
            "import click": [PYTHON, "-c", "import click"],
            "floor without click: deck": [*FLOOR, "--no-click", DECK],
            "skyforge --help": skyforge("--help"),
            "completion": completion("demo-"),
            "floor: deck": [*FLOOR, DECK],
            "deck validate": skyforge("deck", "validate", DECK),
            "deck show": skyforge("deck", "show", DECK),
            "floor: campaign": [*FLOOR, CAMPAIGN],
            "campaign show": skyforge("campaign", "show", "example"),
            "floor: 1,000 decks": [*FLOOR, *small],
            "deck validate 1,000": skyforge("deck", "validate", *small),
        }
        ratios = [
            ("skyforge --help", "import click", 1.3),
            ("completion", "import click", 1.5),
            ("deck validate", "floor: deck", 1.2),
            ("deck validate", "floor without click: deck", 1.2),
            ("deck show", "floor: deck", 1.2),
            ("campaign show", "floor: campaign", 1.2),
            ("deck validate 1,000", "floor: 1,000 decks", 1.3),
        ]
        if not quick:
            big = make_decks(tmp / "big", 10_000)
            commands |= {
                "floor: 10,000 decks": [*FLOOR, *big],
                "deck validate 10,000": skyforge("deck", "validate", *big),
            }
            ratios += [("deck validate 10,000", "floor: 10,000 decks", 1.3)]
        if "--instructions" in sys.argv:
            medians = instructions(commands)
            ok = report(medians, ratios, unit="instructions")
        else:
            medians = measure(commands, rounds=arg_rounds(11 if quick else 5), warmup=1)
            ok = report(medians, ratios)
        if not quick:
            start = medians["deck validate"]
            growth = (medians["deck validate 10,000"] - start) / (medians["deck validate 1,000"] - start)
            print(f"deck validate: 10,000 decks cost {growth:.1f}× what 1,000 cost above start-up (linear: 10×)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
