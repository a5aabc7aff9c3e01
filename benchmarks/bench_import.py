"""Time `deck import CODE --cards-to FILE` of a code carrying 40 cards into a 500-card file.

A friend's deck comes as a share code with the data of its 40 cards (castle included); the
receiver keeps a catalog file of 500 cards of their own, listed in skyforge.toml, and imports
the deck with --cards-to into that file. The import reads the file as part of the catalog,
checks the 40 new cards with it, writes both files and gives the deck's verdict. It is compared
with `deck validate` of the imported deck with the 540-card catalog. Each round puts the
500-card file back and warms the catalog cache (untimed), as a file in daily use is cached.
Target: import ≤ 1.3× validate. A benchmark, not a timed test:

    python benchmarks/bench_import.py [ROUNDS] [--instructions]

``--instructions`` counts each command's instructions with valgrind's callgrind (one round): a
count load does not move, where wall times on a shared machine move by half.
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, arg_rounds, bench_env, run_once, skyforge

TARGET = 1.3
FACTIONS = ("liothan", "taulot", "kurumo", "nupten")


def _cards(set_code: str, first: int, count: int) -> str:
    return "".join(
        f'[[cards]]\ncode = "{set_code}.{n:03d}"\nkind = "alliance"\nname = "{set_code.title()} card {n}"\n'
        f'faction = "{FACTIONS[n % 4] if set_code != "ANN" else "liothan"}"\nrarity = "base"\n'
        f'type = "ally"\ncost = {n % 7 + 1}\ncopies = 2\n\n'
        for n in range(first, first + count)
    )


def write_workspaces(root: Path) -> tuple[Path, Path]:
    """Ann's folder (a castle and 39 cards of her own, a 40-card deck) and Bo's (500 cards of his)."""
    ann, bo = root / "ann", root / "bo"
    (ann / "decks").mkdir(parents=True)
    (bo / "decks").mkdir(parents=True)
    (ann / "ann.toml").write_text(
        'schema = 1\n[[sets]]\ncode = "ANN"\nname = "Ann\'s box"\n\n'
        '[[cards]]\ncode = "ANN.001"\nkind = "castle"\nname = "Ann Keep"\nfaction = "liothan"\nhealth = 20\n'
        'deck_size = { min = 40, max = 40 }\n[[cards.deck_rules]]\nrarity = "base"\nfactions = ["liothan"]\n\n'
        + _cards("ANN", 2, 39),
        encoding="utf-8",
    )
    (ann / "skyforge.toml").write_text('schema = 1\ncatalog = ["ann.toml"]\n', encoding="utf-8")
    cards = "".join(f'"ANN.{n:03d}" = {2 if n == 2 else 1}\n' for n in range(2, 41))
    (ann / "decks" / "ann-wall.toml").write_text(
        f'name = "Ann Wall"\nplayer = "Ann"\ncastle = "ANN.001"\n[cards]\n{cards}', encoding="utf-8"
    )
    (bo / "base.toml").write_text(
        'schema = 1\n[[sets]]\ncode = "BO"\nname = "Bo\'s box"\n\n' + _cards("BO", 1, 500), encoding="utf-8"
    )
    (bo / "skyforge.toml").write_text('schema = 1\ncatalog = ["my-cards.toml"]\n', encoding="utf-8")
    return ann, bo


def count(argv: list[str], env: dict) -> float:
    """The instructions ``argv`` executes (valgrind's callgrind), as benchmarks/common.py counts them."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if not found:
        raise SystemExit(f"valgrind counted nothing: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> int:
    by_count = "--instructions" in sys.argv
    rounds = 1 if by_count else arg_rounds(7)
    measure = count if by_count else run_once
    with tempfile.TemporaryDirectory() as tmp:
        ann, bo = write_workspaces(Path(tmp))
        env = bench_env() | {"SKYFORGE_CACHE_DIR": str(Path(tmp) / "cache")}
        code = subprocess.run(
            [*skyforge("--workspace", str(ann), "deck", "export", "ann-wall", "--format", "code", "--with-cards")],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        (bo / "message.txt").write_text(f"Hi Bo, my deck:\n{code}", encoding="utf-8")
        files = ["--workspace", str(bo)]
        imported = skyforge(*files, "deck", "import", str(bo / "message.txt"), "--cards-to", str(bo / "my-cards.toml"))
        validate = skyforge(*files, "deck", "validate", "ann-wall")
        warm = skyforge(*files, "deck", "list")
        times: dict[str, list[float]] = {"deck import --cards-to": [], "deck validate": []}
        for _ in range(rounds + 1):  # the first round warms the disk and the bytecode
            shutil.copy(bo / "base.toml", bo / "my-cards.toml")
            (bo / "decks" / "ann-wall.toml").unlink(missing_ok=True)
            run_once(warm, env)
            times["deck import --cards-to"].append(measure(imported, env))
            if "ANN.040" not in (bo / "my-cards.toml").read_text():
                raise SystemExit("the import did not add the carried cards")
            run_once(warm, env)
            times["deck validate"].append(measure(validate, env))
    medians = {name: statistics.median(values[1:]) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:<24} {value / 1e6:7.0f} M instructions" if by_count else f"{name:<24} {value * 1000:7.1f} ms")
    ratio = medians["deck import --cards-to"] / medians["deck validate"]
    met = ratio <= TARGET
    print(f"\nimport / validate: {ratio:.2f}× (target ≤ {TARGET}×) {'ok' if met else 'OVER'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
