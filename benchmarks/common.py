"""Timing helpers for the benchmark scripts: whole commands, interleaved, medians.

Commands are run as subprocesses, one round at a time in turn (A B C, A B C, …)
so that background load hits every command alike; a ratio against a floor
command is what we compare, not absolute times.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SKYFORGE = [PYTHON, "-c", "from skyforge.cli.main import main; main()"]


def bench_env() -> dict:
    """The environment of the timed commands: the user's, with bytecode caching on (as after any
    pip install); PYTHONDONTWRITEBYTECODE would time compiling skyforge's sources on every run."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(argv: list[str], env: dict | None = None) -> float:
    env = bench_env() if env is None else env
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def measure(
    commands: dict[str, list[str] | tuple[list[str], dict[str, str]]], rounds: int = 15, warmup: int = 2
) -> dict[str, float]:
    """Median wall time of each command, run interleaved; a command may come with variables to set."""
    env = bench_env()
    times: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(warmup + rounds):
        for name, command in commands.items():
            argv, extra = command if isinstance(command, tuple) else (command, {})
            elapsed = run_once(argv, env | extra)
            if i >= warmup:
                times[name].append(elapsed)
    return {name: statistics.median(values) for name, values in times.items()}


def instructions(commands: dict[str, list[str] | tuple[list[str], dict[str, str]]]) -> dict[str, float]:
    """Instructions each command executes, counted by valgrind's callgrind (one run each).

    A count does not move with the machine's load as wall time does, so on a shared machine it
    gives the steadier ratio; it leaves out waiting for the disk, which these commands do little.
    """
    env = bench_env()
    counts = {}
    for name, command in commands.items():
        argv, extra = command if isinstance(command, tuple) else (command, {})
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
            cwd=ROOT,
            env=env | extra,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        if not found:
            raise SystemExit(f"valgrind counted nothing for {name}: {done.stderr[-500:]}")
        counts[name] = int(found.group(1))
    return counts


def report(medians: dict[str, float], ratios: list[tuple[str, str, float]], unit: str = "ms") -> bool:
    """Print medians (or counts) and each (command / floor) ratio against its target; True if all are met."""
    width = max(len(n) for n in medians)
    for name, value in medians.items():
        shown = f"{value * 1000:7.1f} ms" if unit == "ms" else f"{value / 1e6:7.0f} M instructions"
        print(f"{name:<{width}}  {shown}")
    ok = True
    print()
    for name, floor, target in ratios:
        ratio = medians[name] / medians[floor]
        met = ratio <= target
        ok &= met
        print(f"{name} / {floor}: {ratio:.2f}× (target ≤ {target}×) {'ok' if met else 'OVER'}")
    return ok


def skyforge(*args: str) -> list[str]:
    return [*SKYFORGE, *args]


def arg_rounds(default: int = 15) -> int:
    for arg in sys.argv[1:]:
        if arg.isdigit():
            return int(arg)
    return default
