"""Time the history of every file: a write with it and without it, `deck history` of a deck with
100 versions, and `campaign merge` of two 1,000-event journals.

Targets (issue 31): a write with history ≤ 1.1× the same write without (the same `deck add`,
with the storage layer's `keep` replaced by a bare atomic write); `deck history` of 100 versions
and `campaign merge` of two 1,000-event journals each ≤ 1.3× a `deck validate`. Each command runs
as a subprocess (start-up included), interleaved round by round (benchmarks/common.py), in a
workspace made in a temporary folder. A benchmark, not a timed test:

    python benchmarks/bench_history.py [ROUNDS]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from common import PYTHON, ROOT, arg_rounds, measure, report, run_once, skyforge

#: the same command line as `skyforge`, with the history's write replaced by the bare atomic write
WITHOUT_HISTORY = [
    PYTHON,
    "-c",
    "import skyforge.storage.store as s, skyforge.storage.files as f\n"
    "s.keep = lambda path, text, command=None: f.atomic_write(path, text)\n"
    "from skyforge.cli.main import main; main()",
]


def _workspace(folder: Path) -> Path:
    """decks/ with the example decks and a deck of 100 versions; campaigns/ with two copies of a
    1,000-event journal that parted 2 events ago (gold noted here, castle health there)."""
    sys.path.insert(0, str(ROOT / "src"))
    from skyforge.campaign import commands as c
    from skyforge.campaign import events as ev
    from skyforge.campaign import store
    from skyforge.campaign.setup import new_campaign
    from skyforge.campaign.state import apply
    from skyforge.catalog import load_catalog
    from skyforge.cli.campaign.new import parse_player
    from skyforge.decks import load_deck
    from skyforge.decks.writing import deck_text
    from skyforge.storage import keep

    ws = folder / "ws"
    (ws / "decks").mkdir(parents=True)
    for deck in (ROOT / "decks").glob("*.toml"):
        shutil.copy(deck, ws / "decks" / deck.name)
    for name in ("with", "without"):  # one deck edited each way
        shutil.copy(ROOT / "decks" / "demo-blue-wall.toml", ws / "decks" / f"{name}.toml")
    # a deck of 100 versions: the example deck, one card count changed in each
    wall = load_deck(ws / "decks" / "demo-blue-wall.toml").data
    codes = sorted(wall.cards)
    path = ws / "decks" / "versions.toml"
    for n in range(100):
        cards = dict(wall.cards)
        code = codes[n % len(codes)]
        cards[code] = max(1, cards[code] - 1 + n % 3)
        keep(path, deck_text(wall.model_copy(update={"name": "versions", "cards": cards})))
    # two 1,000-event journals
    catalog = load_catalog([ROOT / "catalog" / "demo"])
    created = new_campaign(
        catalog,
        ROOT,
        "mine",
        players=[parse_player("Alice=demo-blue-wall"), parse_player("Bo=demo-green-grove@DEMO.003")],
        castle="DEMO.001",
        hordes=["demo-gloomcrawlers", "demo-ironwraiths", "demo-thornmaw"],
        difficulty=2,
        outsider="Orrun the Everwake",
        seed=7,
    )
    events, state = [created], apply(None, created)
    for name in ("Alice", "Bo"):
        for e in c.starting_deck(state, catalog, name, auto=True):
            events.append(e)
            state = apply(state, e)
    while len(events) < 998:
        for e in c.adjust_gold(state, 1 if len(events) % 2 else -1):
            events.append(e)
            state = apply(state, e)
    mine = [*events, *ev.one_command(c.adjust_gold(state, 2))]
    theirs = [*events, *ev.one_command(c.set_health(state, 9))]
    (ws / "campaigns").mkdir()
    (folder / "mine.toml").write_text(store.render_journal(mine), encoding="utf-8")
    (folder / "theirs.toml").write_text(store.render_journal(theirs), encoding="utf-8")
    shutil.copy(folder / "mine.toml", ws / "campaigns" / "mine.toml")
    return ws


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        ws = _workspace(folder)
        at = ["--workspace", str(ws)]
        run_once(skyforge(*at, "deck", "validate", "demo-blue-wall"))  # warm the catalog cache
        merge = f"cp {folder / 'mine.toml'} {ws / 'campaigns' / 'mine.toml'} && " + " ".join(
            f"'{a}'" for a in skyforge(*at, "campaign", "merge", "mine", str(folder / "theirs.toml"))
        )
        commands = {
            "deck validate": skyforge(*at, "deck", "validate", "demo-blue-wall"),
            "deck add (with history)": skyforge(*at, "deck", "add", "with", "DEMO.010"),
            "deck add (without history)": [*WITHOUT_HISTORY, *at, "deck", "add", "without", "DEMO.010"],
            "deck history (100 versions)": skyforge(*at, "deck", "history", "versions"),
            "campaign merge (2 × 1,000 events)": ["sh", "-c", merge],
        }
        medians = measure(commands, rounds=arg_rounds())
    ok = report(
        medians,
        [
            ("deck add (with history)", "deck add (without history)", 1.1),
            ("deck history (100 versions)", "deck validate", 1.3),
            ("campaign merge (2 × 1,000 events)", "deck validate", 1.3),
        ],
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
