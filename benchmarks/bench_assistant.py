"""Time the deck assistant on a big fictional catalog: 600 alliance cards, 16 castles.

    python benchmarks/bench_assistant.py [--rounds 3]

Targets: `deck complete` of a 10-card start to 40 ≤ 2 s; completing two 40-card decks together
(10-card starts, one solve) ≤ 3 s, and one beside the other still short (room kept for it) ≤ 3 s;
`deck build` for two castles ≤ 3 s; proving "no legal deck" with its reason ≤ 5 s; `deck plan`
over 16 castles for two players ≤ 20 s, the ten best combinations shown as by default, and all
120 (`--top 0`). Beside each median wall time, the median CPU time (user + system) of as many
more runs, which the machine's load moves far less. Each is the whole command (a subprocess:
start-up, catalog, the solver's import).
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import arg_rounds, bench_env, measure, skyforge

FACTIONS = ("liothan", "taulot", "kurumo", "nupten")
TARGETS = {
    "complete": 2.0,
    "complete-two": 3.0,
    "beside-short": 3.0,
    "build": 3.0,
    "impossible": 5.0,
    "plan": 20.0,
    "plan-all": 20.0,
}


def cpu_seconds(argv: list[str]) -> float:
    """The CPU time (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=bench_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def write_catalog(folder: Path, seed: int = 1) -> None:
    rng = random.Random(seed)
    lines = ['schema = 1\nprovenance = "user"\n[[sets]]\ncode = "BIG"\nname = "Big"\n']
    lines.append('products = [{ name = "Big box", first = 1, last = 999 }]\n')
    for n in range(16):
        own, other = FACTIONS[n % 4], FACTIONS[(n + 1 + n // 4) % 4]
        lines.append(f'[[cards]]\ncode = "BIG.{n + 1:03d}"\nkind = "castle"\nname = "Castle {n}"\nfaction = "{own}"\n')
        lines.append("deck_size = { min = 40, max = 40 }\n")
        for rarity, factions, most in (("base", [own, other], None), ("rare", [own], None), ("mythic", [own], 6)):
            lines.append(f'[[cards.deck_rules]]\nrarity = "{rarity}"\nfactions = {factions!r}\n'.replace("'", '"'))
            if most:
                lines.append(f"max = {most}\n")
        lines.append(f'[[cards.deck_rules]]\nrarity = "legendary"\nfactions = ["{own}"]\nmax = 2\n')
    for n in range(600):
        rarity = rng.choices(("base", "rare", "mythic", "legendary"), (50, 30, 15, 5))[0]
        lines.append(
            f'[[cards]]\ncode = "BIG.{n + 100:03d}"\nkind = "alliance"\nname = "Card {n}"\n'
            f'faction = "{rng.choice(FACTIONS)}"\nrarity = "{rarity}"\n'
            f'type = "{rng.choices(("ally", "spell", "attachment", "tower"), (60, 15, 15, 10))[0]}"\n'
            f"cost = {rng.choice((1, 2, 2, 3, 3, 4, 4, 5, 6, 7))}\ncopies = {rng.choice((1, 2, 3))}\n"
        )
    (folder / "big.toml").write_text("".join(lines), encoding="utf-8")
    (folder / "collection.toml").write_text('schema = 1\n[products]\n"BIG" = 1\n', encoding="utf-8")
    cards_of = [(f"BIG.{n + 100:03d}", line) for n, line in enumerate(lines[-600:])]
    fits = [code for code, text in cards_of if 'faction = "liothan"' in text and 'rarity = "base"' in text]
    cards = "".join(f'"{code}" = 1\n' for code in fits[:10])
    (folder / "decks").mkdir()
    (folder / "decks" / "start.toml").write_text(
        f'schema = 1\nname = "start"\ncastle = "BIG.001"\n[cards]\n{cards}', encoding="utf-8"
    )
    # a second start, for BIG.002 (taulot and kurumo base): it shares the taulot base cards with start
    second = [code for code, text in cards_of if 'faction = "taulot"' in text and 'rarity = "base"' in text]
    cards = "".join(f'"{code}" = 1\n' for code in second[:10])
    (folder / "decks" / "second.toml").write_text(
        f'schema = 1\nname = "second"\ncastle = "BIG.002"\n[cards]\n{cards}', encoding="utf-8"
    )
    # a deck that takes two copies of every liothan base card: too few are left for a second deck
    hog = "".join(f'"{code}" = 1\n' for code in fits)
    (folder / "decks" / "hog.toml").write_text(
        f'schema = 1\nname = "hog"\ncastle = "BIG.005"\n[cards]\n{hog}', encoding="utf-8"
    )


def main() -> None:
    rounds = arg_rounds(3)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write_catalog(folder)
        base = ["--catalog", str(folder / "big.toml"), "--workspace", str(folder)]
        col = ["--collection", str(folder / "collection.toml")]
        commands = {
            "complete": skyforge(*base, "deck", "complete", str(folder / "decks" / "start.toml"), *col),
            "complete-two": skyforge(
                *base,
                "deck",
                "complete",
                str(folder / "decks" / "start.toml"),
                str(folder / "decks" / "second.toml"),
                *col,
            ),
            "beside-short": skyforge(
                *base,
                "deck",
                "complete",
                str(folder / "decks" / "start.toml"),
                "--with",
                str(folder / "decks" / "second.toml"),
                *col,
            ),
            "build": skyforge(*base, "deck", "build", "--castle", "BIG.001", "--castle", "BIG.002", *col),
            "impossible": skyforge(
                *base,
                "deck",
                "complete",
                str(folder / "decks" / "start.toml"),
                "--with",
                str(folder / "decks" / "hog.toml"),
                *col,
            ),
            "plan": skyforge(*base, "deck", "plan", *col, "--players", "2"),
            "plan-all": skyforge(*base, "deck", "plan", *col, "--players", "2", "--top", "0"),
        }
        medians = measure(commands, rounds=rounds, warmup=1)
        cpu = {name: statistics.median(cpu_seconds(argv) for _ in range(rounds)) for name, argv in commands.items()}
    ok = True
    for name, value in medians.items():
        met = value <= TARGETS[name]
        ok = ok and met
        print(
            f"{name:<13} {value:6.2f} s  cpu {cpu[name]:5.2f} s  (target ≤ {TARGETS[name]:.0f} s) "
            + ("ok" if met else "MISSED")
        )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
