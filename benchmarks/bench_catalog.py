"""What a big catalog costs a command that reads one deck: ``deck validate`` over 500, 10,000 and
50,000 cards of the player's own.

    python benchmarks/bench_catalog.py [--instructions] [COUNTS ...]

Each catalog is a folder of fictional cards (a file of 999 a set, one castle) loaded over the
official layer, and a 40-card deck of its first cards; the catalog cache is warmed
first (untimed: a catalog in daily use is cached). For each size: the command's CPU time (user +
system; or its instructions, counted by valgrind, with ``--instructions``) and the peak memory
(maximum resident set size) of one run.

Targets: 10,000 cards ≤ 1.3× the cost over 500; 50,000 ≤ 2×, in ≤ 150 MB.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, bench_env, instructions, skyforge

FACTIONS = ("liothan", "taulot", "kurumo", "nupten")
TARGETS = {10_000: 1.3, 50_000: 2.0}
MAX_MB = 150


def write_catalog(folder: Path, count: int, seed: int = 1) -> tuple[Path, Path]:
    """A folder of catalog files holding ``count`` cards (a castle and alliance cards; one file a set
    of 999, as input files are kept under 1 MB) and a deck of 40 of them."""
    rng = random.Random(seed)
    catalog = folder / f"catalog-{count}"
    catalog.mkdir()
    files: dict[int, list[str]] = {}
    for n in range(count):
        number = n // 999
        out = files.setdefault(number, ["schema = 1\n", 'provenance = "user"\n'])
        if n % 999 == 0:
            out.append(f'[[sets]]\ncode = "B{number:03d}"\nname = "Bench {number}"\n')
            out.append(f'products = [{{ name = "Box {number}", first = 1, last = 999 }}]\n')
        code = f"B{number:03d}.{n % 999 + 1:03d}"
        if n == 0:
            out.append(f'[[cards]]\ncode = "{code}"\nkind = "castle"\nname = "Bench Castle"\nfaction = "liothan"\n')
            out.append(
                'deck_size = { min = 40, max = 40 }\n[[cards.deck_rules]]\nrarity = "base"\nfactions = ["liothan"]\n'
            )
            continue
        faction = "liothan" if n <= 40 else rng.choice(FACTIONS)
        out.append(
            f'[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "Bench card {n}"\nfaction = "{faction}"\n'
            f'rarity = "base"\ntype = "ally"\ncost = {rng.randint(1, 7)}\n'
            f'text = "When this enters play, draw a card and deal {rng.randint(1, 3)} damage."\n'
        )
    for number, out in files.items():
        (catalog / f"set-{number:03d}.toml").write_text("".join(out), encoding="utf-8")
    cards = "".join(f'"B000.{n + 1:03d}" = 1\n' for n in range(1, 41))
    deck = folder / f"deck-{count}.toml"
    deck.write_text(f'schema = 1\nname = "bench"\ncastle = "B000.001"\n[cards]\n{cards}', encoding="utf-8")
    return catalog, deck


def cpu_and_peak(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and peak resident memory (MB) of one run of ``argv``."""
    process = subprocess.Popen(argv, cwd=ROOT, env=bench_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> int:
    counts = [int(a) for a in sys.argv[1:] if a.isdigit()] or [500, 10_000, 50_000]
    counted = "--instructions" in sys.argv
    costs: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for count in counts:
            catalog, deck = write_catalog(Path(tmp), count)
            argv = skyforge("--catalog", str(catalog), "deck", "validate", str(deck))
            subprocess.run(argv, cwd=ROOT, env=bench_env(), stdout=subprocess.DEVNULL, check=True)  # the cache
            cpu, peak = cpu_and_peak(argv)
            costs[count] = instructions({"run": argv})["run"] if counted else cpu
            shown = f"{costs[count] / 1e6:7.0f} M instructions" if counted else f"{cpu:6.2f} s CPU"
            print(f"{count:>6,} cards: {shown}  peak {peak:5.0f} MB", flush=True)
    ok = True
    if 500 in costs:
        for count, target in TARGETS.items():
            if count in costs:
                ratio = costs[count] / costs[500]
                ok &= ratio <= target
                print(f"{count:,} cards / 500: {ratio:.2f}× (target ≤ {target}×) {'ok' if ratio <= target else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
