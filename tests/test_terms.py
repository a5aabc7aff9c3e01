"""The ideas said once: the faction list, the demo-data note, the seed range, the errata resolver."""

from __future__ import annotations

import ast
import json
import typing
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.index import Origin
from skyforge.catalog.models import Faction
from skyforge.decks.models import CollectionFile
from skyforge.rules import owned_counts
from skyforge.terms import FACTIONS, SEEDS, demo_note, new_seed
from skyforge.text import did_you_mean, plural, plural_word

from .conftest import SHIPPED_CATALOG, cite


def test_the_faction_list_is_the_rulebooks_and_the_models():
    cite("000", "Liothan (blue), Taulot (green), Kurumo (red), and Nupten (yellow)")
    assert FACTIONS == ("liothan", "taulot", "kurumo", "nupten")
    literal = typing.get_args(Faction)[0]  # Annotated: the words are read in any case first
    assert typing.get_args(literal) == FACTIONS  # the catalog's type is the same list


def test_a_new_seed_is_in_the_one_range():
    seeds = {new_seed() for _ in range(200)}
    assert all(s in SEEDS for s in seeds) and len(seeds) > 1
    assert SEEDS.start >= 1 and len(str(SEEDS.stop - 1)) <= 6  # short enough to read out and type


@given(st.lists(st.text(min_size=1, max_size=8), max_size=4))
def test_the_demo_note(names):
    note = demo_note("heroes", some=names)
    assert note.startswith("demo data: ") and "DEMO set" in note
    assert all(name in note for name in names)


def test_the_demo_note_wordings():
    assert demo_note() == "demo data: fictional cards from the DEMO set, not the published game's"
    assert demo_note("card") == "demo data: a fictional card from the DEMO set, not the published game's"
    assert (
        demo_note("heroes", ["Ashka"])
        == "demo data: Ashka is fictional, from the DEMO set; the other heroes are not demo data"
    )


def test_the_errata_resolver_follows_errata_to_the_last_one():
    catalog = load_catalog([SHIPPED_CATALOG])
    old = catalog.cards["DEMO.017"]
    first = catalog.with_errata(old)
    assert first.key == "DEMO.203" and first.replaces == "DEMO.017"
    assert catalog.with_errata(first) is first  # the erratum itself is played
    plain = next(c for c in catalog.of_kind("alliance") if not catalog.replaced_by(c.key) and c is not first)
    assert catalog.with_errata(plain) is plain
    second = first.model_copy(update={"code": "DEMO.299", "replaces": "DEMO.203"})
    catalog.add(second, Origin(Path("x.toml"), 1, "user"))  # an erratum corrected again
    assert catalog.with_errata(old) is second and catalog.with_errata(first) is second
    assert catalog.errata_of("DEMO.017") == ["DEMO.203", "DEMO.299"] and catalog.errata_of("DEMO.299") == []
    assert catalog.replaced("DEMO.299") == ["DEMO.203", "DEMO.017"] and catalog.replaced("DEMO.017") == []
    owned = owned_counts(catalog, CollectionFile(cards={"DEMO.017": 2}))
    assert owned["DEMO.017"] == owned["DEMO.203"] == owned["DEMO.299"] == 2  # owning the original


def test_only_the_catalog_index_follows_errata():
    """One errata resolver (``Catalog.with_errata`` and its chain, in skyforge/catalog/index.py): no
    other module walks ``replaces`` or ``replaced_by`` in a loop of its own."""
    src = Path(__file__).resolve().parent.parent / "src" / "skyforge"
    walkers = []
    for path in sorted(src.rglob("*.py")):
        if path == src / "catalog" / "index.py":
            continue
        for loop in (n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.While)):
            names = {n.value for n in ast.walk(loop) if isinstance(n, ast.Constant)} | {
                n.attr for n in ast.walk(loop) if isinstance(n, ast.Attribute)
            }
            if names & {"replaces", "replaced_by"}:
                walkers.append(f"{path.relative_to(src)}:{loop.lineno}")
    assert not walkers, f"errata followed by hand (use Catalog.with_errata or Catalog.errata_of): {walkers}"


SRC = Path(__file__).parent.parent / "src" / "skyforge"


def test_plural_counts_zero_as_many():
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(2, "ally", "allies") == "2 allies"
    # types and subtypes as the backs write them: "allies", never "allys"
    assert [plural_word(w) for w in ("ally", "tower", "Rogue", "copy", "Royal Guards")] == [
        "allies",
        "towers",
        "Rogues",
        "copies",
        "Royal Guards",
    ]


def test_did_you_mean_words_the_closest_choice_or_lists_them():
    assert did_you_mean("hardd", ["easy", "hard"], listing="modes") == "did you mean 'hard'?"
    assert did_you_mean("zzz", ["easy", "hard"], listing="modes") == "modes: easy, hard"
    assert did_you_mean("zzz", [], listing="decks here", otherwise="give a path") == "give a path"
    assert did_you_mean("zzz", ["easy"]) is None
    assert did_you_mean("HARDD", ["hard"], fold=True) == "did you mean 'hard'?"
    assert did_you_mean("Orrun", ["Orrun the Everwake", "Ann"], short=True) == "did you mean 'Orrun the Everwake'?"
    assert did_you_mean("x", ["a"], then="add --new") == "add --new"
    assert did_you_mean("deckk", ["deck", "decks"], n=2) == "did you mean 'deck' or 'decks'?"


def test_plurals_and_did_you_mean_are_said_one_way():
    """No module builds a plural by hand or calls difflib for a hint beside skyforge.text."""
    for path in SRC.rglob("*.py"):
        if path.name == "text.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "get_close_matches" not in text, path
        for hand_made in ("'s' if", '"s" if', "== 1 else 's'", '== 1 else "s"', "(s) of", "card(s)", "game(s)"):
            assert hand_made not in text, (path, hand_made)


@pytest.mark.parametrize(
    "args",
    [
        ("game", "setup", "--hordes", "demo-ironwraiths,,x"),
        ("game", "difficulty", "--difficulty", "2", "--hordes", "a, ,b"),
        ("series", "new", "s", "--best-of", "3", "--players", "Ann,", "--deck-size", "30"),
        ("onward", "draft", "--players", "Ann,,Bob"),
        ("arena", "draft", "--players", ",Bob"),
        ("plan", "use", "--decks", "a,,b"),
        (
            "campaign",
            "new",
            "c",
            "--castle",
            "x",
            "--player",
            "A=b",
            "--hordes",
            "a,,b",
            "--difficulty",
            "1",
            "--outsider",
            "o",
        ),
    ],
)
def test_an_empty_name_in_a_comma_list_is_refused_by_click(run, args):
    result = run(*args, expect=2)
    assert "empty name in" in result.stderr and 'separate names with commas, e.g. "Ann,Bob"' in result.stderr


# -- campaign gold, the same deck twice --------------------------------------------------------


NEW = ("campaign", "new", "spring", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall")
REST: tuple[str, ...] = ("--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw", "--difficulty", "2")
REST += ("--outsider", "Orrun the Everwake", "--seed", "7")


# -- demo data marked --------------------------------------------------------------------------


def test_demo_data_is_marked_in_deck_list_csv_and_code_exports_and_campaign_show(run):
    from skyforge.terms import demo_note

    assert demo_note() in run("deck", "list").stdout
    assert all(r["demo"] for r in json.loads(run("deck", "list", "--json").stdout))
    for fmt in ("csv", "code"):
        result = run("deck", "export", "demo-blue-wall", "--format", fmt)
        assert demo_note() in result.stderr and demo_note() not in result.stdout
    run(*NEW, "--player", "Bo=demo-green-grove@DEMO.003", *REST)
    shown = json.loads(run("campaign", "show", "spring", "--json").stdout)
    assert shown["demo"] is True and shown["demo_note"] == demo_note()


# -- counts, articles and did-you-mean -------------------------------------------------


def test_counts_and_articles_read_as_english(run):
    from skyforge.text import a, plural

    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards" and plural(0, "problem") == "0 problems"
    assert a("alliance") == "an alliance" and a("castle") == "a castle" and a("Onward") == "an Onward"
    out = run("deck", "add", "demo-blue-wall", "DEMO.015").stdout
    assert "(1 problem)" in out and "1 problems" not in out
    out = run("deck", "show", "demo-blue-wall").stdout
    assert "(1 problem)" in out and "41 cards" in out
    err = run("deck", "add", "demo-blue-wall", "DEMO.001", expect=2).stderr
    assert "is a castle card" in err


def test_did_you_mean_at_the_top_level_too(run):
    assert "Did you mean 'deck'?" in run("dekc", expect=2).stderr
    assert "Did you mean 'campaign'?" in run("campain", expect=2).stderr
    assert "Did you mean 'validate'?" in run("deck", "valdate", expect=2).stderr
