"""Every file is read by its pydantic model: one validator, one kind of object."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from skyforge.campaign import events as ev
from skyforge.campaign.store import load as load_campaign
from skyforge.catalog import load_catalog
from skyforge.decks.files import load_collection, load_deck, parse_deck
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.errors import InputError

from .conftest import DEMO_CATALOG

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_CAMPAIGN = ROOT / "campaigns" / "example.toml"


def _problems(call) -> list:
    with pytest.raises(InputError) as err:
        call()
    return err.value.problems


@pytest.mark.parametrize(
    "table,field,value",
    [("hordes", "id", "skybooter\\n"), ("sets", "code", "TST\\n")],
)
def test_a_pattern_refuses_a_trailing_newline_with_file_line_and_key(tmp_path, table, field, value):
    """``^…$`` patterns are pydantic's: "abc\\n" does not match (Python's re.search would take it)."""
    rows = {
        "hordes": f'[[hordes]]\n{field} = "{value}"\nname = "Skybooter"\nset = "TST"\ndifficulty = "easy"\n',
        "sets": f'[[sets]]\n{field} = "{value}"\nname = "Test set"\n',
    }
    path = tmp_path / "mine.toml"
    path.write_text("schema = 1\n" + rows[table], encoding="utf-8")
    (problem,) = _problems(lambda: load_catalog([path], cache=False))
    assert (problem.file, problem.line) == (path, 3)
    assert problem.key.startswith(f"{table}[0]") and problem.key.endswith(f".{field}")
    assert "does not have the expected form" in problem.message and problem.value == value.replace("\\n", "\n")


def test_load_deck_gives_the_deck_model():
    for path in sorted((ROOT / "decks").glob("*.toml")):
        deck = load_deck(path)
        assert isinstance(deck.data, DeckFile), path
        assert deck.data == DeckFile.model_validate(deck.data.model_dump(by_alias=True))
        assert "schema" in deck.data.model_dump(by_alias=True) and "schema_" not in deck.data.model_dump(by_alias=True)


def test_a_collection_is_the_collection_model_and_keeps_its_source(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('schema = 1\n[products]\n"DEMO" = 1\n[cards]\n"DEMO.031" = 2\n')
    owned = load_collection(path)
    assert isinstance(owned, CollectionFile)
    assert owned.products == {"DEMO": 1} and owned.cards == {"DEMO.031": 2}
    assert owned.source[0] == path and owned.source[1][("cards", "DEMO.031")] == 5
    assert "source" not in owned.model_dump()


def test_a_campaigns_events_are_the_event_models():
    journal = load_campaign(EXAMPLE_CAMPAIGN)
    models = {cls.__name__: cls for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, BaseModel)}
    assert isinstance(journal.events[0], ev.Created)
    for event in journal.events:
        assert type(event) is models[type(event).__name__]
    assert load_campaign(EXAMPLE_CAMPAIGN).events == journal.events
    scenario = journal.events[0].scenario_pile[0]
    assert isinstance(scenario, ev.Scenario) and all(isinstance(a, ev.ScenarioAction) for a in scenario.actions)


@pytest.mark.parametrize("value", ["2.0", "true", '"2"', "0", "100"])
def test_values_the_strict_model_refuses_name_file_line_and_key(value):
    text = f'name = "B"\ncastle = "DEMO.001"\n[cards]\n"DEMO.031" = {value}\n'
    (problem,) = _problems(lambda: parse_deck(text, "x.toml"))
    assert (str(problem.file), problem.line, problem.key) == ("x.toml", 4, 'cards."DEMO.031"')


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 5),
    st.sampled_from([98, 99, 100, 2**63 - 1]),
    st.floats(allow_nan=False, width=16),
    st.sampled_from(["", "x", "x\n", "CAM.001", "Blue Wall"]),
)
_tables = st.dictionaries(st.sampled_from(["CAM.001", "DEMO.031", "", "x"]), _values, max_size=3)
_documents = st.dictionaries(
    st.sampled_from(["schema", "name", "castle", "player", "cards", "extra"]),
    st.one_of(_values, _tables, st.lists(_values, max_size=2)),
    max_size=6,
)


@settings(max_examples=150, deadline=None)
@given(data=_documents)
def test_a_deck_reads_as_its_model_says(data):
    """Whatever the document, reading it says what the model says: the model's value, or its
    refusal as problems that name the file."""
    import tomli_w

    data = {k: v for k, v in data.items() if v is not None}
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):
        return
    try:
        expected = DeckFile.model_validate(data)
    except ValidationError:
        assert all(p.file == "d.toml" for p in _problems(lambda: parse_deck(text, "d.toml")))
        return
    except Exception:
        return
    if data.get("schema", 1) != 1:
        return
    assert parse_deck(text, "d.toml").data == expected


_ON_DEMAND = ("filelock", "tomlkit", "pandas")  # imported where used: a read takes no lock, edits nothing

#: read commands players run at the table, and a line each prints
READ_COMMANDS = [
    ("deck validate decks/demo-blue-wall.toml decks/demo-green-grove.toml", "✓ valid"),
    ("deck validate demo-blue-wall --collection collection.toml", "valid"),
    ("deck show demo-blue-wall", "DEMO."),
    ("deck stats demo-blue-wall", "opening hand"),
    ("deck list", "demo-blue-wall"),
    ("deck diff demo-blue-wall demo-green-grove", "DEMO."),
    ("deck export demo-blue-wall --format md", "DEMO."),
    ("deck export demo-blue-wall --format code", "SF1."),
    ("castles", "DEMO."),
    ("cards search --faction liothan", "DEMO."),
    ("campaign show example", "Campaign example"),
    ("collection show", "DEMO"),
]


#: commands that serialise cards (``model_dump``): that builds a model's core schema, which pydantic
#: builds together with its validator
SERIALISED = {"castles", "cards search --faction liothan"}


@pytest.mark.slow
@pytest.mark.parametrize("command,shows", READ_COMMANDS, ids=[c for c, _ in READ_COMMANDS])
def test_read_commands_on_a_cache_hit_validate_no_catalog_model(clone_workspace, command, shows):
    """A cache hit gives the catalog's models without validating them again, and builds no
    catalog model's validator (``defer_build``) unless it serialises one; no library waiting in
    the functions that use them is loaded."""
    code = (
        "import sys\nfrom skyforge.catalog import build\nfrom skyforge.catalog.models import Strict\n"
        "validated = []\n"
        "build.load_file = lambda *a: validated.append(a)\n"
        "Strict.__init__ = lambda self, **k: validated.append(k)\n"
        "Strict.model_validate = classmethod(lambda cls, *a, **k: validated.append(cls))\n"
        "from skyforge.cli.main import main\n"
        f"sys.argv = ['skyforge', *{command.split()!r}]\n"
        "try:\n    main()\n"
        "except SystemExit:\n    pass\n"
        "from skyforge.catalog.cache import MODELS\n"
        "built = sorted(n for n, (cls, _) in MODELS.items() if cls.__pydantic_complete__)\n"
        f"heavy = [m for m in {_ON_DEMAND!r} if m in sys.modules]\n"
        "print(f'VALIDATED:{len(validated)}|BUILT:{built}|HEAVY:{heavy}')\n"
    )
    fill = "import sys\nfrom skyforge.cli.main import main\nsys.argv = ['skyforge', 'castles']\nmain()\n"
    subprocess.run([sys.executable, "-c", fill], cwd=clone_workspace, capture_output=True)  # the cache filled
    done = subprocess.run([sys.executable, "-c", code], cwd=clone_workspace, capture_output=True, text=True)
    assert shows.lower() in done.stdout.lower(), done.stdout + done.stderr
    validated, built, heavy = done.stdout.rstrip().rpartition("\n")[2].split("|")
    assert (validated, heavy) == ("VALIDATED:0", "HEAVY:[]"), done.stdout
    assert command in SERIALISED or built == "BUILT:[]", done.stdout


# -- strict values and schema in every file kind ---------------------------------------------------


DECK_HEAD = 'schema = 1\nname = "x"\ncastle = "DEMO.001"\n'


def _deck(workspace: Path, name: str, text: str) -> Path:
    path = workspace / "decks" / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "value, words",
    [
        ('"3"', "must be a whole number"),
        ("true", "must be a whole number"),
        ("3.0", "must be a whole number"),
        ("100", "must be at most 99"),
        ("0", "must be at least 1"),
    ],
)
def test_deck_counts_are_strict_whole_numbers(run, workspace, value, words):
    _deck(workspace, "strict", DECK_HEAD + f'[cards]\n"DEMO.007" = {value}\n')
    err = run("deck", "validate", "strict", expect=2).stderr
    assert f'decks/strict.toml:5: cards."DEMO.007": {words}' in err


def test_schema_true_is_refused(run, workspace):
    _deck(workspace, "schema", 'schema = true\nname = "x"\ncastle = "DEMO.001"\n')
    err = run("deck", "validate", "schema", expect=2).stderr
    assert "decks/schema.toml:1: schema: " in err and "(got True)" in err


@pytest.mark.parametrize("kind", ["draft", "series"])
def test_schema_of_draft_and_series_files(run, kind):
    import json

    data = json.loads(run("schema", kind).stdout)
    assert data["additionalProperties"] is False and "schema" in data["properties"]


MINI = Path(__file__).parent / "data" / "mini-catalog.toml"


def _campaign(workspace: Path, events: list) -> Path:
    from skyforge.campaign import store

    path = workspace / "campaigns" / "c.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(store.render_journal(events))
    return path


@pytest.mark.parametrize("kind", ["deck", "collection", "catalog", "campaign", "draft", "series", "plan"])
def test_schema_true_is_refused_in_every_file_kind(run, workspace, kind):
    from .campaign_util import created

    files = {
        "campaign": "campaigns/c.toml",
        "draft": "drafts/d.toml",
        "series": "series/s.toml",
        "plan": "plan.toml",
        "deck": "decks/demo-blue-wall.toml",
        "collection": "collection.toml",
        "catalog": "cat.toml",
    }
    if kind == "campaign":
        _campaign(workspace, [created()])
    elif kind == "draft":
        run("onward", "draft", "--seed", "1", "--save", "d")
    elif kind == "series":
        run("series", "new", "s", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    elif kind == "plan":
        run("plan", "record", "Blue Wall", "demo-gloomcrawlers", "--won")
    elif kind == "catalog":
        (workspace / "cat.toml").write_text(MINI.read_text())
    path = workspace / files[kind]
    text = path.read_text()
    body = "\n".join(line for line in text.splitlines() if not line.startswith("schema ="))
    path.write_text("schema = true\n" + body + "\n")
    args = {
        "campaign": ("campaign", "show", "c"),
        "draft": ("onward", "show", "d"),
        "series": ("series", "show", "s"),
        "plan": ("plan", "show"),
        "deck": ("deck", "validate", "demo-blue-wall"),
        "collection": ("deck", "validate", "demo-blue-wall", "--collection", "collection.toml"),
        "catalog": ("--catalog", "cat.toml", "catalog", "check"),
    }[kind]
    err = run(*args, expect=2).stderr
    assert f"{files[kind]}:1: schema: " in err and "(got True)" in err, err


# -- a hint for every wrong value; errors point at their line --------------------------------------


#: a file of each kind, at its place in the workspace, and the command that reads it
KINDS = {
    "deck": ("decks/x.toml", ("deck", "validate", "x")),
    "collection": ("c.toml", ("deck", "validate", "demo-blue-wall", "--collection", "c.toml")),
    "catalog": ("cat.toml", ("--catalog", "cat.toml", "catalog", "check")),
    "campaign": ("campaigns/x.toml", ("campaign", "show", "x")),
    "draft": ("drafts/x.toml", ("onward", "show", "x")),
    "series": ("series/x.toml", ("series", "show", "x")),
    "plan": ("plan.toml", ("plan", "show")),
    "team": ("teams/x.toml", ("arena", "team", "validate", "x")),
}


def _put(workspace: Path, where: str, text: str) -> Path:
    path = workspace / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "value, message, hint",
    [
        ('"3"', "must be a whole number (got '3')", "write 3 without quotes"),
        ("3.0", "must be a whole number (got 3.0)", "write 3, without a decimal point"),
        ("true", "must be a whole number (got True)", "write a whole number such as 3"),
        ("0", "must be at least 1 (got 0)", "use 1 or more"),
        ("100", "must be at most 99 (got 100)", "use 99 or less"),
        ("[]", "must be a whole number", "write a whole number such as 3"),
    ],
)
def test_type_and_range_errors_get_a_hint(run, workspace, value, message, hint):
    _put(workspace, "decks/t.toml", DECK_HEAD + f'[cards]\n"DEMO.007" = {value}\n')
    err = run("deck", "validate", "t", expect=2).stderr
    assert f'decks/t.toml:5: cards."DEMO.007": {message}' in err and f"hint: {hint}" in err


@pytest.mark.parametrize(
    "body, hint",
    [
        ("name = 3\ncastle = 'DEMO.001'\n", 'write it in quotes: "3"'),
        ('name = "x"\ncastle = "DEMO.001"\ncards = "DEMO.007"\n', "write a table"),
        ('name = ""\ncastle = "DEMO.001"\n', "write something between the quotes"),
    ],
)
def test_text_and_table_errors_get_a_hint(run, workspace, body, hint):
    _put(workspace, "decks/t.toml", "schema = 1\n" + body)
    assert f"hint: {hint}" in run("deck", "validate", "t", expect=2).stderr


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_newer_schema_points_at_its_line(run, workspace, kind):
    where, args = KINDS[kind]
    _put(workspace, where, "# written by a newer skyforge\nschema = 2\n")
    assert f"{where}:2: schema: this " in run(*args, expect=2).stderr


def test_plan_result_errors_point_at_their_entry(run, workspace):
    body = 'schema = 1\n\n[[results]]\ndeck = "a"\nhorde = "b"\nwon = true\n\n[[results]]\ndeck = "a"\nwonn = true\n'
    _put(workspace, "plan.toml", body)
    err = run("plan", "show", expect=2).stderr
    assert "plan.toml:8: required key 'horde' is missing in results[1]" in err
    assert "plan.toml:10: results[1].wonn: unknown key 'wonn'" in err


def test_a_file_of_cards_alone_reads_the_same_card_by_card():
    """A file of sets and cards alone is read with each card's own kind's model (the union of every
    kind is built only for a file with a problem): the same file, card for card, stated fields
    included, as the whole file's validator reads it."""
    import tomllib

    from pydantic import TypeAdapter

    from skyforge.catalog import build
    from skyforge.catalog.models import CardsFile, build_validators

    cards, sets = [], []
    for path in sorted(DEMO_CATALOG.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        cards += data.get("cards", [])
        sets += data.get("sets", [])
    assert len({c["kind"] for c in cards}) >= 8  # most kinds, each read by its own model
    data = {"schema": 1, "provenance": "demo", "sets": sets, "cards": cards}
    alone = build._cards_alone(data)
    assert alone is not None
    build_validators()
    whole = TypeAdapter(CardsFile).validate_python(data)
    assert alone == whole and alone.model_fields_set == whole.model_fields_set
    for mine, theirs in zip(alone.cards, whole.cards, strict=True):
        assert type(mine) is type(theirs) and mine.model_fields_set == theirs.model_fields_set
    assert build._cards_alone({"cards": [{**cards[0], "cost": "three"}]}) is None  # said by the whole file
    assert build._cards_alone({"cards": [{**cards[0], "kind": "dragon"}]}) is None
