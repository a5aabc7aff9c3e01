"""Every ratio of issue 14, measured interleaved in one run.

    python benchmarks/bench_ratios.py [ROUNDS] [--quick]

Start-up (catalog cache warm, as users get it from the second command on):
  `skyforge --help` / `python -c "import click"`;
  `deck validate`, `deck show`, `campaign show` / `python -c "import click, pydantic, rich.console, tomllib"`.
Bulk (a workspace of generated decks and a generated campaign, in a temporary folder):
  `deck validate` of 1,000 and 10,000 decks, and `deck list` of 10,000, / a python that parses the
  same files with tomllib (after the same imports, the floor);
  `campaign show` of a 10,000-event campaign / a python that parses that file with tomllib.
Targets: start-up ≤ 1.3×, bulk ≤ 2×. `--quick` skips the 10,000-deck runs.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from pathlib import Path

from common import PYTHON, ROOT, arg_rounds, measure, report, run_once, skyforge

FLOOR = "import click, pydantic, rich.console, tomllib"


def make_decks(folder: Path, count: int) -> None:
    """``count`` copies of the shipped example decks, each with its own name and a small change."""
    folder.mkdir(parents=True)
    examples = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "decks").glob("*.toml"))]
    for i in range(count):
        text = examples[i % len(examples)]
        (folder / f"deck-{i:05d}.toml").write_text(text.replace('name = "', f'name = "#{i} ', 1), encoding="utf-8")


def make_campaign(folder: Path, events: int) -> Path:
    """The shipped example campaign, with gold adjustments appended up to ``events`` events."""
    folder.mkdir(parents=True)
    text = (ROOT / "campaigns" / "example.toml").read_text(encoding="utf-8")
    have = text.count("[[events]]")
    rng = random.Random(14)
    lines = [text.rstrip("\n"), ""]
    for i in range(max(0, events - have)):
        delta = -1 if i % 2 == 0 else 1  # keeps gold within 0..40
        lines += [
            "[[events]]",
            'type = "gold-adjusted"',
            f'at = "2026-01-01T00:{i % 60:02d}:{rng.randrange(60):02d}"',
            f"amount = {delta}",
            f"change = {delta}",
            "",
        ]
    path = folder / "bench.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def parse_cmd(files_glob: str) -> list[str]:
    code = (
        f"{FLOOR}\nimport glob, tomllib\n"
        f"for f in sorted(glob.glob({files_glob!r})):\n"
        f"    tomllib.loads(open(f, encoding='utf-8').read())\n"
    )
    return [PYTHON, "-c", code]


def main() -> int:
    quick = "--quick" in sys.argv
    tmp = Path(tempfile.mkdtemp(prefix="skyforge-bench-"))
    try:
        big, small = tmp / "big", tmp / "small"
        make_decks(big / "decks", 1000 if quick else 10_000)
        make_decks(small / "decks", 1000)
        campaign = make_campaign(small / "campaigns", 10_000)
        decks_small = sorted(str(p) for p in (small / "decks").glob("*.toml"))
        decks_big = sorted(str(p) for p in (big / "decks").glob("*.toml"))
        shutil.copytree(ROOT / "campaigns", tmp / "ws" / "campaigns")
        ws = ["--workspace", str(tmp / "ws")]
        run_once(skyforge("deck", "validate", "decks/demo-blue-wall.toml"))  # warm the catalog cache
        run_once(skyforge("--workspace", str(small), "campaign", "show", "bench"))
        commands = {
            "floor: import click": [PYTHON, "-c", "import click"],
            "floor: click+pydantic+rich+tomllib": [PYTHON, "-c", FLOOR],
            "skyforge --help": skyforge("--help"),
            "deck validate": skyforge("deck", "validate", "decks/demo-blue-wall.toml"),
            "deck show": skyforge("deck", "show", "decks/demo-blue-wall.toml"),
            "campaign show": skyforge(*ws, "campaign", "show", "example"),
            "parse 1,000 decks": parse_cmd(str(small / "decks" / "*.toml")),
            "deck validate 1,000": skyforge("deck", "validate", *decks_small),
            "parse 10,000-event campaign": parse_cmd(str(campaign)),
            "campaign show 10,000 events": skyforge("--workspace", str(small), "campaign", "show", "bench"),
        }
        ratios = [
            ("skyforge --help", "floor: import click", 1.3),
            ("deck validate", "floor: click+pydantic+rich+tomllib", 1.3),
            ("deck show", "floor: click+pydantic+rich+tomllib", 1.3),
            ("campaign show", "floor: click+pydantic+rich+tomllib", 1.3),
            ("deck validate 1,000", "parse 1,000 decks", 2.0),
            ("campaign show 10,000 events", "parse 10,000-event campaign", 2.0),
        ]
        if not quick:
            commands |= {
                "parse 10,000 decks": parse_cmd(str(big / "decks" / "*.toml")),
                "deck validate 10,000": skyforge("deck", "validate", *decks_big),
                "deck list 10,000": skyforge("--workspace", str(big), "deck", "list"),
            }
            ratios += [
                ("deck validate 10,000", "parse 10,000 decks", 2.0),
                ("deck list 10,000", "parse 10,000 decks", 2.0),
            ]
        medians = measure(commands, rounds=arg_rounds(11 if quick else 5), warmup=1)
        ok = report(medians, ratios)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
