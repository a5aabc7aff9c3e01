"""The deck assistant (`deck complete`, `build`, `plan`): every proposal passes validate_decks with
the other decks and the collection, and every "impossible" agrees with an exhaustive search."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.decks import Deck, load_collection
from skyforge.decks.models import DeckFile
from skyforge.rules import validate_decks
from skyforge.workbench.assistant import Preferences, complete_deck, curve_buckets

pytest.importorskip("ortools")
#: every test here runs the CP-SAT solver (or a subprocess, or a docs walkthrough)
pytestmark = pytest.mark.slow

FACTION = st.sampled_from(["liothan", "taulot", "kurumo"])
RARITY = st.sampled_from(["base", "rare", "mythic"])


@st.composite
def tables(draw):
    """A small catalog (one castle, up to five cards), a collection, a start deck and another deck."""
    cards = []
    for n in range(draw(st.integers(2, 5))):
        cards.append(
            {
                "code": f"TST.{n + 10:03d}",
                "faction": draw(FACTION),
                "rarity": draw(RARITY),
                "type": draw(st.sampled_from(["ally", "spell"])),
                "cost": draw(st.integers(1, 4)),
                "copies": draw(st.integers(1, 3)),
            }
        )
    rules = []
    for rarity in ("base", "rare", "mythic"):
        if draw(st.booleans()) or rarity == "base":
            factions = draw(st.lists(FACTION, min_size=1, max_size=2, unique=True))
            most = draw(st.none() | st.integers(0, 3))
            rules.append({"rarity": rarity, "factions": factions, "max": most})
    size = draw(st.integers(2, 6))
    owned = {c["code"]: draw(st.integers(0, 3)) for c in cards}
    kept = {c["code"]: n for c in cards if (n := draw(st.integers(0, 2)))}
    other = {c["code"]: n for c in cards if (n := draw(st.integers(0, 1)))}
    return cards, rules, size, owned, kept, other


def _write(folder: Path, cards, rules, size, owned) -> tuple:
    lines = ['schema = 1\nprovenance = "user"\n[[sets]]\ncode = "TST"\nname = "T"\n']
    lines.append('products = [{ name = "T box", first = 1, last = 99 }]\n')
    for code, faction in (("TST.001", "liothan"), ("TST.002", "taulot")):
        lines.append(f'[[cards]]\ncode = "{code}"\nkind = "castle"\nname = "C{code[-1]}"\nfaction = "{faction}"\n')
        lines.append(f"deck_size = {{ min = {size}, max = {size} }}\n")
        for r in rules:
            lines.append(f'[[cards.deck_rules]]\nrarity = "{r["rarity"]}"\nfactions = {json.dumps(r["factions"])}\n')
            if r["max"] is not None:
                lines.append(f"max = {r['max']}\n")
    for c in cards:
        lines.append(
            f'[[cards]]\ncode = "{c["code"]}"\nkind = "alliance"\nname = "N{c["code"]}"\nfaction = "{c["faction"]}"\n'
            f'rarity = "{c["rarity"]}"\ntype = "{c["type"]}"\ncost = {c["cost"]}\ncopies = {c["copies"]}\n'
        )
    (folder / "cards.toml").write_text("".join(lines), encoding="utf-8")
    singles = "".join(f'"{k}" = {n}\n' for k, n in owned.items() if n)
    (folder / "collection.toml").write_text(f"schema = 1\n[cards]\n{singles}", encoding="utf-8")
    return load_catalog([folder / "cards.toml"], cache=False), load_collection(folder / "collection.toml")


def _deck(cards: dict[str, int], castle: str, name: str, player: str | None = None) -> Deck:
    return Deck(Path(f"{name}.toml"), DeckFile(name=name, castle=castle, player=player, cards=cards), {})


def _own_violations(catalog, deck, others, collection) -> list:
    report = validate_decks(catalog, [deck, *others], collection)
    return [v for v in report.violations if v.deck == deck.file or deck.file in v.decks]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
@example(  # the other deck holds more than the collection: its violation, not a reason to refuse
    (
        [
            {"code": "TST.012", "faction": "liothan", "rarity": "base", "type": "ally", "cost": 1, "copies": 1},
            {"code": "TST.013", "faction": "liothan", "rarity": "base", "type": "ally", "cost": 1, "copies": 1},
        ],
        [{"rarity": "base", "factions": ["liothan"], "max": None}],
        2,
        {"TST.012": 2, "TST.013": 0},
        {},
        {"TST.013": 1},
    )
)
def test_proposals_are_legal_and_impossible_means_no_deck_exists(tmp_path_factory, table):
    cards, rules, size, owned, kept, other = table
    catalog, collection = _write(tmp_path_factory.mktemp("cat"), cards, rules, size, owned)
    start = _deck(kept, "TST.001", "mine", "Al")
    others = [_deck(other, "TST.002", "theirs", "Bo")] if other else []
    outcome = complete_deck(catalog, start, others, collection)
    if outcome.possible:
        (made,) = outcome.decks
        proposal = _deck(made.cards, "TST.001", "mine", "Al")
        assert not _own_violations(catalog, proposal, others, collection)
        assert all(made.cards.get(k, 0) >= n for k, n in kept.items())  # every card the player chose stays
        return
    assert outcome.conflicts
    # exhaustive: no deck holding the kept cards (0..3 copies of each card) is legal
    codes = [c["code"] for c in cards]
    for counts in itertools.product(range(4), repeat=len(codes)):
        if sum(counts) != size or any(n < kept.get(k, 0) for k, n in zip(codes, counts)):
            continue
        deck = _deck({k: n for k, n in zip(codes, counts) if n}, "TST.001", "mine", "Al")
        assert _own_violations(catalog, deck, others, collection), f"legal deck missed: {deck.data.cards}"


def test_same_inputs_give_the_same_deck(run):
    first = run("deck", "build", "--castle", "DEMO.001", "--collection", "collection.toml", "--json").stdout
    again = run("deck", "build", "--castle", "DEMO.001", "--collection", "collection.toml", "--json").stdout
    assert first == again


def test_curve_buckets_read_costs_and_an_open_end():
    assert curve_buckets({"2": 3, "1": 1, "6+": 2}) == [("1", 0, 1, 1), ("2", 2, 2, 3), ("6+", 6, None, 2)]


START = """# my partial deck: keep this comment
schema = 1
name = "Part"
castle = "DEMO.001"  # Saltglass Bastion
player = "Cy"

[cards]
"DEMO.007" = 3  # my favourite
"DEMO.028" = 1
"""


def test_complete_human_json_and_write_keeping_comments(run, workspace):
    (workspace / "decks" / "part.toml").write_text(START, encoding="utf-8")
    args = ("deck", "complete", "part", "--with", "demo-green-grove", "--collection", "collection.toml")
    human = run(*args).stdout
    assert "+36 cards → 40 cards" in human and "fills the curve" in human and "✓ legal" in human
    assert "nothing written" in human
    assert (workspace / "decks" / "part.toml").read_text(encoding="utf-8") == START
    data = json.loads(run(*args, "--json").stdout)
    assert data["possible"] and data["decks"][0]["size"] == 40 and data["written"] == []
    assert all(a["reason"] for a in data["decks"][0]["added"])
    run(*args, "--write")
    text = (workspace / "decks" / "part.toml").read_text(encoding="utf-8")
    assert "# my partial deck: keep this comment" in text and "# my favourite" in text
    assert json.loads(run("deck", "validate", "part", "demo-green-grove", "--json").stdout)["valid"]


def test_complete_impossible_names_the_rules_and_exits_1(run, workspace):
    (workspace / "decks" / "part.toml").write_text(START, encoding="utf-8")
    args = ("deck", "complete", "part", "--with", "demo-blue-wall", "--collection", "collection.toml")
    shown = run(*args, expect=1).stdout
    assert "no legal deck" in shown and "same-castle" in shown
    (workspace / "decks" / "part.toml").write_text(START.replace('"DEMO.028" = 1', '"DEMO.028" = 2'), encoding="utf-8")
    data = json.loads(run("deck", "complete", "part", "--json", expect=1).stdout)
    assert not data["possible"]
    rules = {c["rule"] for c in data["conflicts"]}
    assert rules == {"keep", "copy-limit"}, data


def test_build_writes_new_files_and_never_overwrites(run, workspace):
    args = ("deck", "build", "--castle", "DEMO.001", "--castle", "DEMO.003", "--player", "Al", "--player", "Bo")
    args += ("--collection", "collection.toml")
    data = json.loads(run(*args, "--json").stdout)
    assert data["possible"] and [d["size"] for d in data["decks"]] == [40, 40]
    (workspace / "decks" / "saltglass-bastion.toml").write_text("# mine\n", encoding="utf-8")
    shown = run(*args, "--write").stdout
    assert "wrote decks/saltglass-bastion-2.toml" in shown and "wrote decks/mossback-hold.toml" in shown
    assert (workspace / "decks" / "saltglass-bastion.toml").read_text(encoding="utf-8") == "# mine\n"
    report = run("deck", "validate", "saltglass-bastion-2", "mossback-hold", "--collection", "collection.toml")
    assert "✓ valid" in report.stdout


def test_build_impossible_gives_the_smallest_reason(run):
    args = ("deck", "build", "--castle", "DEMO.002", "--castle", "DEMO.006", "--collection", "collection.toml")
    data = json.loads(run(*args, "--json", expect=1).stdout)
    rules = [c["rule"] for c in data["conflicts"]]
    assert "deck-size" in rules and "collection-limit" in rules
    assert "can hold at most" in run(*args, expect=1).stdout


def test_plan_ranks_combinations_and_says_what_they_lack(run):
    data = json.loads(run("deck", "plan", "--collection", "collection.toml", "--top", "0", "--json").stdout)
    rows = data["combinations"]
    assert data["total"] == len(rows) == 21  # 7 castles with rules, two at a time
    possible = [r["possible"] for r in rows]
    assert possible == sorted(possible, reverse=True)
    tidewatch = next(r for r in rows if "DEMO.209" in r["castles"])
    assert tidewatch["heroes"] == ["Lieutenant Corvo Saltwind"] and not tidewatch["possible"]
    assert any("requires" in lack for lack in tidewatch["lacks"])
    human = run("deck", "plan", "--collection", "collection.toml", "--top", "3").stdout
    assert "3 of 21 combinations shown" in human


@st.composite
def two_castles(draw):
    """Two castles, each of its own faction plus a shared one, and cards of the three factions."""
    cards = [
        (f"TST.{n + 10:03d}", draw(FACTION), draw(st.integers(1, 4)), draw(st.integers(0, 3)))
        for n in range(draw(st.integers(2, 6)))
    ]
    return cards, draw(st.integers(2, 5))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_castles())
def test_plan_pairs_decks_found_alone_only_when_they_are_the_best_pair(tmp_path_factory, table):
    """`deck plan` puts two castles' own best decks side by side instead of solving the pair when
    they fit the copy limits and the collection together; the pair solved as one model must then
    find no better decks (the same objective), and the pair is legal."""
    from skyforge.workbench import assistant
    from skyforge.workbench.assistant import Seat, plan_castles, solve

    cards, size = table
    folder = tmp_path_factory.mktemp("plan")
    lines = ['schema = 1\nprovenance = "user"\n[[sets]]\ncode = "TST"\nname = "T"\n']
    lines.append('products = [{ name = "T box", first = 1, last = 99 }]\n')
    for code, own in (("TST.001", "liothan"), ("TST.002", "taulot")):
        lines.append(f'[[cards]]\ncode = "{code}"\nkind = "castle"\nname = "C{code[-1]}"\nfaction = "{own}"\n')
        lines.append(f"deck_size = {{ min = {size}, max = {size} }}\n")
        lines.append(f'[[cards.deck_rules]]\nrarity = "base"\nfactions = ["{own}", "kurumo"]\n')
    for code, faction, cost, _ in cards:
        lines.append(
            f'[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "N{code}"\nfaction = "{faction}"\n'
            f'rarity = "base"\ntype = "ally"\ncost = {cost}\ncopies = 3\n'
        )
    (folder / "cards.toml").write_text("".join(lines), encoding="utf-8")
    singles = "".join(f'"{code}" = {n}\n' for code, *_, n in cards if n)
    (folder / "collection.toml").write_text(f"schema = 1\n[cards]\n{singles}", encoding="utf-8")
    catalog = load_catalog([folder / "cards.toml"], cache=False)
    collection = load_collection(folder / "collection.toml")

    paired: list = []
    real = assistant._side_by_side

    def spy(*args, **kwargs):
        outcome = real(*args, **kwargs)
        paired.append(outcome)
        return outcome

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(assistant, "_side_by_side", spy)
        rows, _ = plan_castles(catalog, collection, players=2)
    (row,) = rows
    together = solve(catalog, [Seat(c, c.name) for c in row.castles], (), collection)
    event("side by side" if paired and paired[0] is not None else "solved as one model")
    assert row.outcome.possible == together.possible
    if not paired or paired[0] is None:
        return  # a castle has no deck alone, or the pair shares a limit: solved as one model
    assert row.outcome is paired[0]
    if together.optimal and row.outcome.optimal:
        assert row.outcome.penalty == together.penalty
    decks = [_deck(d.cards, d.seat.castle.key, d.seat.name) for d in row.outcome.decks]
    assert not validate_decks(catalog, decks, collection).violations


def test_must_and_never(run):
    base = ("deck", "build", "--castle", "DEMO.001", "--collection", "collection.toml", "--json")
    data = json.loads(run(*base, "--never", "DEMO.007", "--must", "DEMO.205").stdout)
    cards = data["decks"][0]["cards"]
    assert "DEMO.007" not in cards and cards["DEMO.205"] >= 1


def test_without_ortools_the_commands_name_the_extra(run, monkeypatch):
    import skyforge.workbench.assistant as assistant

    def missing(name):
        raise ImportError(name)

    monkeypatch.setattr(assistant, "library", missing)
    result = run("deck", "build", "--castle", "DEMO.001", "--collection", "collection.toml", expect=2)
    assert "skyforge[assistant]" in result.output


def test_deck_validate_does_not_import_the_solver(workspace):
    import subprocess
    import sys

    code = (
        "import sys; from skyforge.cli.main import cli\n"
        "try: cli(['deck', 'validate', 'decks/demo-blue-wall.toml'])\nexcept SystemExit: pass\n"
        "print('ORTOOLS:' + str(any(m.startswith('ortools') for m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=workspace).stdout
    assert "ORTOOLS:False" in out


def test_preferences_default_to_the_documented_values():
    prefs = Preferences()
    assert sum(prefs.curve.values()) == 40 and sum(prefs.types.values()) == 100


def test_deck_assistant_walkthrough(run, workspace):
    """docs/deck-assistant.md: every command runs, in order, and prints what the page shows
    (python tools/rerun_docs.py docs/deck-assistant.md writes it again)."""
    from .conftest import ROOT
    from .walkthrough import walk

    page = (ROOT / "docs" / "deck-assistant.md").read_text(encoding="utf-8")
    assert walk(run, workspace, page) >= 6
