"""Every ratio skyforge is held to, measured interleaved in one run.

    python benchmarks/bench_ratios.py [ROUNDS] [--quick] [--instructions]

The floor (``benchmarks/floor.py``) is the smallest program that does a command's job with the
same libraries: a click command that reads the files with ``tomllib``, validates them with a
five-field pydantic model and prints a rich table (``deck validate`` is also set against it
without click; a command that changes a file against ``floor.py --write``, which saves the file
again under a lock). With the catalog cache warm (as users get it from the second command on):

- ``deck validate``, ``deck show``, ``cards search``, ``castles`` ≤ 1.15× the floor on the example
  deck; ``campaign show`` and ``campaign recruit`` ≤ 1.15× the floor on the campaign; ``onward pick``
  (one step of a saved draft) ≤ 1.15× the floor on the draft file;
- ``catalog import`` of 30 CSV rows ≤ 1.5× ``deck validate``;
- ``skyforge --help`` ≤ 1.3× ``python -c "import click"``;
- shell completion of a deck name ≤ 1.3× ``python -c "import click"``;
- ``deck validate`` of 1,000 decks in one call ≤ 1.3× the floor over the same files (one row per
  deck); of 10,000 decks, linear: the same ratio, and ten times the work above start-up.

``--quick`` leaves out the 5,000- and 10,000-deck runs; ``--only=WORD,WORD`` measures the ratios
whose command's name holds one of the words (``--only=campaign,onward``). ``--instructions`` counts each command's instructions
with valgrind instead of timing it (steady on a loaded machine; slow: use it with ``--quick``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from common import PYTHON, ROOT, arg_rounds, instructions, measure, report, run_once, skyforge

FLOOR = [PYTHON, str(ROOT / "benchmarks" / "floor.py")]
#: the campaign ``workspace`` makes: the example's players, each with a starting deck, no offer open
NEW_CAMPAIGN = (
    *("campaign", "new", "spring", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall"),
    *("--player", "Bo=demo-green-grove@DEMO.003", "--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw"),
    *("--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "7"),
)
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


def workspace(folder: Path) -> dict[str, Path]:
    """A workspace for the commands that write: a campaign ready to Recruit, an Onward draft paused
    before its first pick, a CSV of 30 cards. Each file is kept as ``NAME.start``, put back before
    every run (:func:`restoring`)."""
    shutil.copytree(ROOT / "decks", folder / "decks")
    at = ("--workspace", str(folder))
    for args in (
        NEW_CAMPAIGN,
        ("campaign", "start-deck", "spring", "--player", "Alice", "--auto"),
        ("campaign", "start-deck", "spring", "--player", "Bo", "--auto"),
        ("onward", "draft", "--method", "snake", "--save", "d1", "--pause", "--seed", "3"),
    ):
        subprocess.run(skyforge(*at, *args), cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    rows = [f"{200 + i},Bench Card {i},liothan,base,ally,{i % 6 + 1},Order;Guard" for i in range(30)]
    (folder / "cards.csv").write_text("code,name,faction,rarity,type,cost,subtypes\n" + "\n".join(rows) + "\n")
    files = {"campaign": folder / "campaigns" / "spring.toml", "draft": folder / "drafts" / "d1.toml"}
    for path in files.values():
        shutil.copyfile(path, path.with_suffix(".start"))
    return files


def restoring(file: Path, *args: str) -> list[str]:
    """``skyforge ARGS`` run on ``file`` as :func:`workspace` left it (a command that writes it)."""
    start = str(file.with_suffix(".start"))
    put_back = f"open({str(file)!r}, 'wb').write(open({start!r}, 'rb').read())"
    return [PYTHON, "-c", f"{put_back}; from skyforge.cli.main import main; main()", *args]


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
        files = workspace(tmp / "ws")
        at = ("--workspace", str(tmp / "ws"))
        run_once(skyforge("deck", "validate", DECK))  # warm the catalog cache
        commands = {
            "import click": [PYTHON, "-c", "import click"],
            "floor without click: deck": [*FLOOR, "--no-click", DECK],
            "skyforge --help": skyforge("--help"),
            "completion": completion("demo-"),
            "floor: deck": [*FLOOR, DECK],
            "deck validate": skyforge("deck", "validate", DECK),
            "deck show": skyforge("deck", "show", DECK),
            "cards search": skyforge("cards", "search", "--faction", "liothan", "--rarity", "mythic"),
            "castles": skyforge("castles"),
            "floor: campaign": [*FLOOR, CAMPAIGN],
            "campaign show": skyforge("campaign", "show", "example"),
            "floor: campaign to recruit": [*FLOOR, "--write", str(files["campaign"])],
            "campaign recruit": restoring(files["campaign"], *at, "campaign", "recruit", "spring", "1", "--free"),
            "floor: draft": [*FLOOR, "--write", str(files["draft"])],
            "onward pick": restoring(files["draft"], *at, "onward", "pick", "d1", "--random"),
            "catalog import (30 rows)": skyforge(
                *at, "catalog", "import", str(tmp / "ws" / "cards.csv"), "--set", "CAM"
            ),
            "floor: 1,000 decks": [*FLOOR, *small],
            "deck validate 1,000": skyforge("deck", "validate", *small),
        }
        ratios = [
            ("skyforge --help", "import click", 1.3),
            ("completion", "import click", 1.3),
            ("deck validate", "floor: deck", 1.15),
            ("deck validate", "floor without click: deck", 1.2),
            ("deck show", "floor: deck", 1.15),
            ("cards search", "floor: deck", 1.15),
            ("castles", "floor: deck", 1.15),
            ("campaign show", "floor: campaign", 1.15),
            ("campaign recruit", "floor: campaign to recruit", 1.15),
            ("onward pick", "floor: draft", 1.15),
            ("catalog import (30 rows)", "deck validate", 1.5),
            ("deck validate 1,000", "floor: 1,000 decks", 1.3),
        ]
        if not quick:
            for count in (5_000, 10_000):
                many = make_decks(tmp / f"many-{count}", count)
                commands |= {
                    f"floor: {count:,} decks": [*FLOOR, *many],
                    f"deck validate {count:,}": skyforge("deck", "validate", *many),
                }
                ratios += [(f"deck validate {count:,}", f"floor: {count:,} decks", 1.3)]
        only = [a.removeprefix("--only=") for a in sys.argv if a.startswith("--only=")]
        if only:  # the ratios whose command's name holds one of the words, and what they need
            words = only[0].split(",")
            ratios = [r for r in ratios if any(w in r[0] for w in words)]
            commands = {n: c for n, c in commands.items() if any(n in r[:2] for r in ratios)}
        if "--instructions" in sys.argv:
            medians = instructions(commands)
            ok = report(medians, ratios, unit="instructions")
        else:
            medians = measure(commands, rounds=arg_rounds(11 if quick else 5), warmup=1)
            ok = report(medians, ratios)
        if {"deck validate", "deck validate 1,000", "deck validate 10,000"} <= medians.keys():
            start = medians["deck validate"]
            growth = (medians["deck validate 10,000"] - start) / (medians["deck validate 1,000"] - start)
            print(f"deck validate: 10,000 decks cost {growth:.1f}× what 1,000 cost above start-up (linear: 10×)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
