"""Time `deck validate`, `deck show` and `deck export` on one 40-card deck, as a player runs them.

Each command runs as a subprocess (start-up included), interleaved round by round
(benchmarks/common.py), and is compared with `deck validate` on the same deck.
Target: show and export within 2× of validate. A benchmark, not a timed test:

    python benchmarks/bench_deck.py [ROUNDS]
"""

from __future__ import annotations

import sys

from common import arg_rounds, measure, report, run_once, skyforge

DECK = "decks/demo-blue-wall.toml"


def main() -> int:
    run_once(skyforge("deck", "validate", DECK))  # warm the catalog cache
    commands = {
        "deck validate": skyforge("deck", "validate", DECK),
        "deck show": skyforge("deck", "show", DECK),
        "deck export text": skyforge("deck", "export", DECK),
        "deck export html": skyforge("deck", "export", DECK, "--format", "html"),
        "deck export code": skyforge("deck", "export", DECK, "--format", "code"),
    }
    medians = measure(commands, rounds=arg_rounds())
    ok = report(medians, [(name, "deck validate", 2.0) for name in commands if name != "deck validate"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
