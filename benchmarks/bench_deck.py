"""Time `deck validate`, `deck show` and `deck export` on one 40-card deck, as a player runs them.

Each command runs as a subprocess (start-up included), interleaved round by round
so that drift in machine load hits all of them alike; prints the median of each
and its ratio to `deck validate`. The target (issue #3): show and export within
2× of validate. A benchmark script, not a timed test:

    python benchmarks/bench_deck.py [--rounds 15] [--deck decks/demo-blue-wall.toml]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def skyforge() -> list[str]:
    exe = Path(sys.executable).with_name("skyforge")
    return [str(exe)] if exe.exists() else [shutil.which("skyforge") or "skyforge"]


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--deck", default="decks/demo-blue-wall.toml")
    args = parser.parse_args()
    base = skyforge()
    commands = {
        "deck validate": base + ["deck", "validate", args.deck],
        "deck show": base + ["deck", "show", args.deck],
        "deck export text": base + ["deck", "export", args.deck],
        "deck export html": base + ["deck", "export", args.deck, "--format", "html"],
        "deck export code": base + ["deck", "export", args.deck, "--format", "code"],
    }
    for argv in commands.values():  # warm the file cache and .pyc files
        timed(argv)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, argv in commands.items():
            times[name].append(timed(argv))
    baseline = statistics.median(times["deck validate"])
    print(f"{args.rounds} rounds, median wall time per command ({args.deck})")
    worst = 0.0
    for name, samples in times.items():
        median = statistics.median(samples)
        ratio = median / baseline
        if name != "deck validate":
            worst = max(worst, ratio)
        print(f"  {name:<18} {median * 1000:7.1f} ms   {ratio:4.2f}× validate")
    print(f"target: show and export within 2× of validate — {'met' if worst <= 2 else 'NOT met'} "
          f"(worst {worst:.2f}×)")
    return 0 if worst <= 2 else 1


if __name__ == "__main__":
    sys.exit(main())
