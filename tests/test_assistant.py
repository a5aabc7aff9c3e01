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

from .conftest import cite

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
        {"TST.013": 2},
    )
)
@example(  # the other deck holds a card its castle refuses: more copies of it are no room to finish it
    (
        [
            {"code": "TST.010", "faction": "liothan", "rarity": "base", "type": "ally", "cost": 1, "copies": 1},
            {"code": "TST.011", "faction": "liothan", "rarity": "rare", "type": "ally", "cost": 1, "copies": 1},
            {"code": "TST.012", "faction": "liothan", "rarity": "base", "type": "ally", "cost": 1, "copies": 1},
            {"code": "TST.013", "faction": "liothan", "rarity": "base", "type": "ally", "cost": 1, "copies": 1},
        ],
        [{"rarity": "base", "factions": ["liothan"], "max": None}],
        2,
        {"TST.010": 0, "TST.011": 2, "TST.012": 0, "TST.013": 2},
        {},
        {"TST.011": 1},
    )
)
@example(  # the other deck, 1 card short, can take only what mine needs: no room for both
    (
        [
            {"code": "TST.012", "faction": "liothan", "rarity": "base", "type": "ally", "cost": 1, "copies": 2},
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
    """A proposal is legal beside the other deck; an other deck short of its size keeps room to
    reach it without breaking a rule it did not break already. "Impossible" means no such pair
    exists (searched exhaustively)."""
    cards, rules, size, owned, kept, other = table
    catalog, collection = _write(tmp_path_factory.mktemp("cat"), cards, rules, size, owned)
    start = _deck(kept, "TST.001", "mine", "Al")
    others = [_deck(other, "TST.002", "theirs", "Bo")] if other else []
    short = bool(other) and sum(other.values()) < size
    codes = [c["code"] for c in cards]
    own_faults = {(v.rule, v.cards, v.count) for v in validate_decks(catalog, others, collection).violations}

    def room(mine: Deck, completion: Deck) -> bool:
        """Whether ``completion`` completes the other deck beside ``mine`` breaking no new rule."""
        if sum(completion.data.cards.values()) != size:
            return False
        if any(completion.data.cards.get(k, 0) < n for k, n in other.items()):
            return False
        report = validate_decks(catalog, [mine, completion], collection)
        theirs = [v for v in report.violations if v.deck == completion.file or completion.file in v.decks]
        # a card it adds is one no rule refuses: more copies of a card it already holds against a
        # rule (its castle refuses it, say) leave it as illegal as before, which is no room
        added = {k for k, n in completion.data.cards.items() if n > other.get(k, 0)}
        return all((v.rule, v.cards, v.count) in own_faults and not added & set(v.cards) for v in theirs)

    outcome = complete_deck(catalog, start, others, collection)
    if outcome.possible:
        (made,) = outcome.decks
        proposal = _deck(made.cards, "TST.001", "mine", "Al")
        assert not _own_violations(catalog, proposal, others, collection)
        assert all(made.cards.get(k, 0) >= n for k, n in kept.items())  # every card the player chose stays
        if short:
            (completion,) = outcome.reserved
            assert room(proposal, _deck(completion.cards, "TST.002", "theirs", "Bo")), completion.cards
        return
    assert outcome.conflicts
    # exhaustive: no deck holding the kept cards (0..3 copies of each card) is legal, with room
    # left for the other deck if it is short
    decks = [
        {k: n for k, n in zip(codes, counts) if n}
        for counts in itertools.product(range(4), repeat=len(codes))
        if sum(counts) == size
    ]
    for cards_of in decks:
        if any(cards_of.get(k, 0) < n for k, n in kept.items()):
            continue
        deck = _deck(cards_of, "TST.001", "mine", "Al")
        if _own_violations(catalog, deck, others, collection):
            continue
        assert short, f"legal deck missed: {deck.data.cards}"
        for theirs in decks:
            assert not room(deck, _deck(theirs, "TST.002", "theirs", "Bo")), f"legal pair missed: {cards_of}, {theirs}"


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


@pytest.mark.parametrize(
    "name,args,expect",
    [
        ("deck-complete", ("deck", "complete", "part", "--with", "demo-green-grove"), 0),
        ("deck-complete", ("deck", "complete", "part", "--with", "demo-blue-wall"), 1),
        ("deck-build", ("deck", "build", "--castle", "DEMO.001"), 0),
        ("deck-build", ("deck", "build", "--castle", "DEMO.002", "--castle", "DEMO.006"), 1),
        ("deck-plan", ("deck", "plan", "--players", "1"), 0),
    ],
)
def test_the_schema_of_the_assistants_json_describes_what_it_prints(run, workspace, name, args, expect):
    (workspace / "decks" / "part.toml").write_text(START, encoding="utf-8")
    schema = json.loads(run("schema", name).stdout)
    data = json.loads(run(*args, "--collection", "collection.toml", "--json", expect=expect).stdout)
    assert schema["title"] == f"skyforge {name.replace('-', ' ')} --json"
    assert set(schema["required"]) <= set(data) <= set(schema["properties"])
    # a possible outcome gives its decks, an impossible one its conflicts: never both
    assert ("decks" in data) != ("conflicts" in data) or name == "deck-plan"
    for deck in data.get("decks", []):
        described = schema["$defs"]["ProposedDeck"]
        assert set(described["required"]) <= set(deck) <= set(described["properties"])
    for conflict in data.get("conflicts", []):
        assert set(conflict) <= set(schema["$defs"]["Conflict"]["properties"]) and all(conflict.values())
    for row in data.get("combinations", []):
        assert set(row) == set(schema["$defs"]["PlanRow"]["properties"])


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


def test_plan_top_is_the_head_of_the_whole_plan_and_solves_less(workspace):
    """`deck plan --top N` solves the combinations by room, the most first, until N of them can be
    built: its rows are the first N of the whole plan, possible or not, for fewer solves."""
    from skyforge.workbench import assistant

    catalog = load_catalog()
    collection = load_collection(workspace / "collection.toml")
    solves: list[int] = []
    real = assistant.solve

    def counted(*args, **kwargs):
        solves.append(1)
        return real(*args, **kwargs)

    def seen(rows: list) -> list:
        return [
            (
                [c.key for c in r.castles],
                r.room,
                r.outcome.possible,
                r.outcome.penalty,
                [d.cards for d in r.outcome.decks],
                [c.message for c in r.outcome.conflicts],
            )
            for r in rows
        ]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(assistant, "solve", counted)
        whole, _ = assistant.plan_castles(catalog, collection, players=2)
        every = len(solves)
        counts = {}
        for top in (1, 2, 5, len(whole) - 1, len(whole) + 3):
            solves.clear()
            rows, _ = assistant.plan_castles(catalog, collection, players=2, top=top)
            assert seen(rows) == seen(whole[:top])
            counts[top] = len(solves)
    assert not whole[-1].outcome.possible  # the tail holds a combination that cannot be built
    assert counts[1] < every and counts[len(whole) + 3] == every


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
    import sys

    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)  # `import` raises ImportError for it
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


@pytest.mark.slow
def test_two_printings_of_one_card_count_together_in_a_proposal(tmp_path):
    from .conftest import cite

    cite("000", "there can be at most 1 copy of any Mythic or Legendary card")
    lines = ['schema = 1\nprovenance = "user"\n[[sets]]\ncode = "TST"\nname = "T"\n']
    lines.append('products = [{ name = "T box", first = 1, last = 99 }]\n')
    lines.append('[[cards]]\ncode = "TST.001"\nkind = "castle"\nname = "C"\nfaction = "liothan"\n')
    lines.append('deck_size = { min = 2, max = 2 }\n[[cards.deck_rules]]\nrarity = "mythic"\nfactions = ["liothan"]\n')
    # TST.010 and TST.011: one card under two codes (a reprint); TST.012 another card
    for code, name in (("TST.010", "Twin"), ("TST.011", "Twin"), ("TST.012", "Other")):
        lines.append(
            f'[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "{name}"\nfaction = "liothan"\n'
            'rarity = "mythic"\ntype = "ally"\ncost = 1\n'
        )
    (tmp_path / "cards.toml").write_text("".join(lines), encoding="utf-8")
    catalog = load_catalog([tmp_path / "cards.toml"], cache=False)
    outcome = complete_deck(catalog, _deck({}, "TST.001", "mine"))
    assert outcome.possible
    (made,) = outcome.decks
    assert made.cards.get("TST.012") == 1 and made.cards.get("TST.010", 0) + made.cards.get("TST.011", 0) == 1
    assert validate_decks(catalog, [_deck(made.cards, "TST.001", "mine")]).valid


# --- decks completed together ------------------------------------------------------------------

TABLE = """schema = 1
provenance = "user"
[[sets]]
code = "TST"
name = "T"
products = [{ name = "T box", first = 1, last = 99 }]
[[cards]]
code = "TST.001"
kind = "castle"
name = "Thornwall"
faction = "liothan"
deck_size = { min = 4, max = 4 }
[[cards.deck_rules]]
rarity = "base"
factions = ["liothan", "kurumo"]
[[cards]]
code = "TST.002"
kind = "castle"
name = "Corjan's Keep"
faction = "taulot"
deck_size = { min = 4, max = 4 }
[[cards.deck_rules]]
rarity = "base"
factions = ["taulot", "kurumo"]
"""


def _table(folder: Path, owned: dict[str, int]) -> None:
    """Two castles of 4 cards that share the kurumo cards; one base card of each faction, two kurumo."""
    cards = [("TST.010", "liothan"), ("TST.011", "kurumo"), ("TST.012", "taulot"), ("TST.013", "kurumo")]
    text = TABLE + "".join(
        f'[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "N{code}"\nfaction = "{faction}"\n'
        'rarity = "base"\ntype = "ally"\ncost = 1\ncopies = 3\n'
        for code, faction in cards
    )
    (folder / "cards.toml").write_text(text, encoding="utf-8")
    singles = "".join(f'"{k}" = {n}\n' for k, n in owned.items())
    (folder / "collection.toml").write_text(f"schema = 1\n[cards]\n{singles}", encoding="utf-8")


def _deck_file(folder: Path, name: str, castle: str, cards: dict[str, int]) -> None:
    lines = "".join(f'"{k}" = {n}\n' for k, n in cards.items())
    text = f'schema = 1\nname = "{name}"\ncastle = "{castle}"\n[cards]\n{lines}'
    (folder / "decks" / f"{name}.toml").write_text(text, encoding="utf-8")


@pytest.mark.slow
def test_two_partial_decks_are_completed_together(run, workspace):
    _table(workspace, {"TST.010": 1, "TST.011": 3, "TST.012": 1, "TST.013": 3})
    _deck_file(workspace, "thornwall", "TST.001", {"TST.010": 1})
    _deck_file(workspace, "corjan", "TST.002", {"TST.012": 1})
    cat = ("--catalog", "cards.toml")
    args = (*cat, "deck", "complete", "thornwall", "corjan", "--collection", "collection.toml")
    data = json.loads(run(*args, "--json").stdout)
    assert data["possible"] and [d["size"] for d in data["decks"]] == [4, 4]
    assert data["decks"][0]["cards"]["TST.010"] == 1 and data["decks"][1]["cards"]["TST.012"] == 1
    shown = run(*args, "--write").stdout
    assert "wrote decks/thornwall.toml" in shown and "wrote decks/corjan.toml" in shown
    report = json.loads(
        run(*cat, "deck", "validate", "thornwall", "corjan", "--collection", "collection.toml", "--json").stdout
    )
    assert report["valid"], report


@pytest.mark.slow
def test_a_partial_deck_given_with_is_not_starved(run, workspace):
    """Corjan's deck holds 3 of its 4 cards and can take only kurumo cards; Thornwall prefers kurumo.
    Completing Thornwall beside it leaves Corjan a card, and Corjan can then be completed."""
    _table(workspace, {"TST.010": 2, "TST.011": 3, "TST.012": 3})
    _deck_file(workspace, "thornwall", "TST.001", {})
    _deck_file(workspace, "corjan", "TST.002", {"TST.012": 3})
    cat = ("--catalog", "cards.toml")
    args = (*cat, "deck", "complete", "thornwall", "--with", "corjan", "--collection", "collection.toml")
    args += ("--prefer", "kurumo")
    data = json.loads(run(*args, "--json").stdout)
    assert data["possible"] and data["decks"][0]["cards"].get("TST.011", 0) <= 2, data
    assert data["room_kept_for"] == [{"name": "corjan", "file": "decks/corjan.toml", "size": 3, "needs": 4}]
    shown = run(*args, "--write").stdout
    assert "room kept for deck 'corjan', at 3 of 4 cards" in shown
    assert "to choose their cards too: skyforge deck complete thornwall corjan" in shown
    finish = (*cat, "deck", "complete", "corjan", "--with", "thornwall", "--collection", "collection.toml")
    assert json.loads(run(*finish, "--json").stdout)["possible"]
    # with one kurumo copy fewer, Thornwall could be completed only by taking Corjan's last card: refused
    _table(workspace, {"TST.011": 3, "TST.012": 3, "TST.013": 1})
    _deck_file(workspace, "thornwall", "TST.001", {})
    shown = run(*args, expect=1).stdout
    assert "no legal deck" in shown and "together the two decks can hold at most 7 of the 8 cards" in shown


@pytest.mark.slow
def test_a_shared_shortfall_is_worded_for_the_decks_together(run, workspace):
    """8 cards needed, 7 owned that the castles admit, 5 of them kurumo copies both castles take:
    each deck alone can reach 4 (a bound of 3 per deck would be false read alone)."""
    _table(workspace, {"TST.010": 1, "TST.011": 3, "TST.012": 1, "TST.013": 2})
    args = ("--catalog", "cards.toml", "deck", "build", "--castle", "TST.001", "--castle", "TST.002")
    args += ("--collection", "collection.toml")
    data = json.loads(run(*args, "--json", expect=1).stdout)
    (size,) = [c for c in data["conflicts"] if c["rule"] == "deck-size"]
    assert size["decks"] == ["Thornwall", "Corjan's Keep"]
    assert "together the two decks can hold at most 7 of the 8 cards they need" in size["message"]
    assert "the 5 kurumo base copies are shared" in size["message"]
    assert "can hold at most 3" not in run(*args, expect=1).stdout


@pytest.mark.slow
def test_a_deck_short_alone_says_1_card(run, workspace):
    """One owned card the castle admits: "at most 1 card", never "1 cards"."""
    _table(workspace, {"TST.010": 1, "TST.012": 3})
    args = ("--catalog", "cards.toml", "deck", "build", "--castle", "TST.001", "--collection", "collection.toml")
    shown = run(*args, expect=1).stdout
    assert "needs 4 cards; deck 'Thornwall' can hold at most 1 card it admits" in " ".join(shown.split()), shown
    assert "1 cards" not in shown


@pytest.mark.slow
def test_build_without_collection_uses_the_workspaces_or_none(run, workspace):
    base = ("deck", "build", "--castle", "DEMO.001")
    (workspace / "collection.toml").rename(workspace / "ours.toml")
    data = json.loads(run(*base, "--json").stdout)
    assert data["possible"] and data["collection"] is None
    assert run(*base).stdout.startswith("no collection: any card the catalog holds, up to the copy limits")
    (workspace / "skyforge.toml").write_text('schema = 1\ncollection = "ours.toml"\n', encoding="utf-8")
    assert json.loads(run(*base, "--json").stdout)["collection"] == "ours.toml"
    assert run(*base).stdout.startswith("collection: ours.toml (the workspace's")
    # the workspace's collection binds: what it lacks, the deck cannot hold
    (workspace / "ours.toml").write_text('schema = 1\n[cards]\n"DEMO.007" = 1\n', encoding="utf-8")
    assert "collection-limit" in run(*base, expect=1).stdout


def test_plan_is_for_one_or_two_players(run):
    cite("000", "1-2 Solo or Co-op")
    result = run("deck", "plan", "--players", "3", expect=2)
    assert "a game has one or two alliance players" in result.output and "not 3" in result.output


def test_complete_and_build_are_for_one_games_one_or_two_decks(run, workspace):
    """Three decks in all (named, or given with --with) or three castles are not one game's: refused,
    not completed under copy limits across them (nor refused for sharing a castle)."""
    cite("000", "1-2 Solo or Co-op")
    for name, castle in (("a", "DEMO.001"), ("b", "DEMO.003"), ("c", "DEMO.001")):
        _deck_file(workspace, name, castle, {})
    before = {p.name: p.read_text() for p in (workspace / "decks").iterdir()}
    for args in (
        ("deck", "complete", "a", "b", "c", "--write"),
        ("deck", "complete", "a", "--with", "b", "--with", "demo-red-rush", "--write"),
        ("deck", "build", "--castle", "DEMO.001", "--castle", "DEMO.003", "--castle", "DEMO.005", "--write"),
    ):
        result = run(*args, expect=2)
        assert "3 decks are not one game's: a game has one or two alliance decks" in result.stderr, args
        assert "same-castle" not in result.output
    assert {p.name: p.read_text() for p in (workspace / "decks").iterdir()} == before


@st.composite
def planned_pairs(draw):
    """Two castles that share the kurumo cards, a collection, and how much of each deck is kept."""
    cards = [(f"TST.{n + 10:03d}", draw(FACTION), draw(st.integers(1, 4))) for n in range(draw(st.integers(2, 5)))]
    owned = {code: draw(st.integers(0, 3)) for code, *_ in cards}
    return cards, owned, draw(st.integers(2, 4)), draw(st.floats(0, 1)), draw(st.floats(0, 1))


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(planned_pairs())
def test_a_pair_deck_plan_finds_possible_is_completed(tmp_path_factory, table):
    """Whenever `deck plan` says two castles can be built at once, completing the pair succeeds:
    from empty decks, from parts of the decks it found (both at once, or one beside the other
    and then the other beside the first)."""
    from skyforge.workbench.assistant import complete_decks, plan_castles

    cards, owned, size, keep_a, keep_b = table
    folder = tmp_path_factory.mktemp("pair")
    lines = ['schema = 1\nprovenance = "user"\n[[sets]]\ncode = "TST"\nname = "T"\n']
    lines.append('products = [{ name = "T box", first = 1, last = 99 }]\n')
    for code, own in (("TST.001", "liothan"), ("TST.002", "taulot")):
        lines.append(f'[[cards]]\ncode = "{code}"\nkind = "castle"\nname = "C{code[-1]}"\nfaction = "{own}"\n')
        lines.append(f"deck_size = {{ min = {size}, max = {size} }}\n")
        lines.append(f'[[cards.deck_rules]]\nrarity = "base"\nfactions = ["{own}", "kurumo"]\n')
    for code, faction, cost in cards:
        lines.append(
            f'[[cards]]\ncode = "{code}"\nkind = "alliance"\nname = "N{code}"\nfaction = "{faction}"\n'
            f'rarity = "base"\ntype = "ally"\ncost = {cost}\ncopies = 3\n'
        )
    (folder / "cards.toml").write_text("".join(lines), encoding="utf-8")
    singles = "".join(f'"{code}" = {n}\n' for code, n in owned.items() if n)
    (folder / "collection.toml").write_text(f"schema = 1\n[cards]\n{singles}", encoding="utf-8")
    catalog = load_catalog([folder / "cards.toml"], cache=False)
    collection = load_collection(folder / "collection.toml")

    (row,) = plan_castles(catalog, collection, players=2)[0]
    event("possible" if row.outcome.possible else "impossible")
    if not row.outcome.possible:
        return
    found_a, found_b = row.outcome.decks

    def part(cards: dict[str, int], share: float) -> dict[str, int]:
        return {k: kept for k, n in cards.items() if (kept := int(n * share))}

    empty_a, empty_b = _deck({}, "TST.001", "a"), _deck({}, "TST.002", "b")
    assert complete_decks(catalog, [empty_a, empty_b], (), collection).possible
    start_a = _deck(part(found_a.cards, keep_a), "TST.001", "a")
    start_b = _deck(part(found_b.cards, keep_b), "TST.002", "b")
    both = complete_decks(catalog, [start_a, start_b], (), collection)
    assert both.possible, both.conflicts
    first = complete_decks(catalog, [start_a], [start_b], collection)
    assert first.possible, first.conflicts
    done_a = _deck(first.decks[0].cards, "TST.001", "a")
    then = complete_decks(catalog, [start_b], [done_a], collection)
    assert then.possible, then.conflicts
