"""The fast path for deck and collection files agrees with the pydantic models it is generated from."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from skyforge.decks.files import load_collection, load_deck, parse_deck
from skyforge.decks.models import MAX_DECK_ENTRIES, CollectionFile, DeckFile
from skyforge.errors import InputError
from skyforge.plain import plain_record

ROOT = Path(__file__).resolve().parent.parent
MODELS = {"deck": DeckFile, "collection": CollectionFile}

_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 5),
    st.sampled_from([98, 99, 100, 2**63 - 1]),
    st.floats(allow_nan=False, width=16),
    st.sampled_from(["", "x", "CAM.001", "Blue Wall"]),
)
_tables = st.dictionaries(st.sampled_from(["CAM.001", "DEMO.031", "", "x"]), _values, max_size=3)
_documents = st.dictionaries(
    st.sampled_from(["schema", "name", "castle", "player", "cards", "products", "extra"]),
    st.one_of(_values, _tables, st.lists(_values, max_size=2)),
    max_size=6,
)


@pytest.mark.parametrize("kind", ["deck", "collection"])
@settings(max_examples=300, deadline=None)
@given(data=_documents)
def test_plain_and_valid_means_what_the_model_says(kind, data):
    """Accepted by the fast path ⇒ the model accepts it with the same values; refused by the model ⇒
    the fast path refuses it too (and the model gives the report)."""
    model = MODELS[kind]
    record = plain_record(kind, data)
    try:
        validated = model.model_validate(data)
    except ValidationError:
        assert record is None
        return
    if record is not None:
        assert record.model_dump() == validated.model_dump()
        assert record.model_dump(exclude_defaults=True) == validated.model_dump(exclude_defaults=True)


def test_every_shipped_deck_takes_the_fast_path_with_the_models_values():
    for path in sorted((ROOT / "decks").glob("*.toml")):
        deck = load_deck(path)
        assert type(deck.data).__name__ == "DeckFile" and not hasattr(type(deck.data), "model_fields"), path
        assert deck.data.model_dump() == DeckFile.model_validate(deck.data.model_dump()).model_dump()


def test_a_deck_that_is_not_plain_gets_the_models_full_report(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('schema = 1\nname = "B"\ncastle = "DEMO.001"\n[cards]\n"DEMO.031" = 0\n"DEMO.032" = "two"\n')
    with pytest.raises(InputError) as err:
        load_deck(bad)
    keys = sorted(p.key for p in err.value.problems)
    assert keys == ['cards."DEMO.031"', 'cards."DEMO.032"'] and all(p.line in (5, 6) for p in err.value.problems)


@pytest.mark.parametrize("value", ["2.0", "true", '"2"', "0", "100"])
def test_values_the_strict_model_refuses_are_refused_with_its_report(value):
    """The fast path is never laxer than the strict models: 2.0, true, "2" (and counts out of
    range) are refused, with the model's message naming file, line and key."""
    text = f'name = "B"\ncastle = "DEMO.001"\n[cards]\n"DEMO.031" = {value}\n'
    assert plain_record("deck", tomllib.loads(text)) is None
    with pytest.raises(InputError) as err:
        parse_deck(text, "x.toml")
    (problem,) = err.value.problems
    assert (str(problem.file), problem.line, problem.key) == ("x.toml", 4, 'cards."DEMO.031"')


def test_too_many_entries_are_refused_by_both_paths():
    cards = {f"DEMO.{i:03d}": 1 for i in range(MAX_DECK_ENTRIES + 1)}
    data = {"name": "B", "castle": "DEMO.001", "cards": cards}
    assert plain_record("deck", data) is None
    with pytest.raises(ValidationError):
        DeckFile.model_validate(data)
    del cards["DEMO.000"]
    assert plain_record("deck", data) is not None and DeckFile.model_validate(data)


def test_collection_fast_path_keeps_its_source(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('schema = 1\n[products]\n"DEMO" = 1\n[cards]\n"DEMO.031" = 2\n')
    owned = load_collection(path)
    assert owned.products == {"DEMO": 1} and owned.cards == {"DEMO.031": 2}
    assert owned.source[0] == path and owned.source[1][("cards", "DEMO.031")] == 5
    assert "source" not in owned.model_dump()


_HEAVY = (
    "pydantic",
    "pydantic_core",
    "importlib.metadata",
    "skyforge.catalog.models",
    "skyforge.catalog.build",
    "skyforge.decks.models",
    "skyforge.campaign.events",
    "filelock",
    "tomlkit",
    "pandas",
)  # skyforge.ondemand's libraries: a read takes no lock, edits nothing

#: read commands players run at the table, and a line each prints: on a cache hit with plain, valid
#: files none of them may import the pydantic slow path (issue 14)
READ_COMMANDS = [
    ("deck validate decks/demo-blue-wall.toml decks/demo-green-grove.toml", "✓ valid"),
    ("deck validate demo-blue-wall --collection collection.toml", "valid"),
    ("deck show demo-blue-wall", "DEMO."),
    ("deck stats demo-blue-wall", "opening hand"),
    ("deck list", "demo-blue-wall"),
    ("deck diff demo-blue-wall demo-green-grove", "DEMO."),
    ("deck export demo-blue-wall --format md", "DEMO."),
    ("deck export demo-blue-wall --format code", "SF1."),
    ("deck export demo-blue-wall --format csv", "DEMO."),
    ("deck export demo-blue-wall --format json", "DEMO."),
    ("campaign show example", "Campaign example"),
    ("campaign list", "example"),
    ("castles", "DEMO."),
    ("cards search --faction liothan", "DEMO."),
    ("collection show", "DEMO"),
]


def test_a_record_equals_its_model_and_is_never_hashed_apart_from_it():
    """A record equals the pydantic model of the same name with the same values (both ways), so it
    is not hashable: a frozen model hashes differently, and equal values must never hash apart."""
    from skyforge.campaign import events as ev
    from skyforge.campaign.plain_events import make as _construct
    from skyforge.storage import parse_toml

    deck = load_deck(ROOT / "decks" / "demo-blue-wall.toml").data
    model = DeckFile.model_validate(deck.model_dump())
    assert deck == model and model == deck and deck == load_deck(ROOT / "decks" / "demo-blue-wall.toml").data
    assert type(deck) is not type(model)
    assert deck != DeckFile.model_validate({**deck.model_dump(), "name": "another"})
    raw = parse_toml((ROOT / "campaigns" / "example.toml").read_text(encoding="utf-8"), "example.toml")["events"]
    event = plain_record("campaign", {"events": raw}, _construct).events[0]
    frozen = ev.CampaignFile.model_validate({"events": raw}).events[0]
    assert event == frozen and frozen == event
    for record in (deck, event):
        with pytest.raises(TypeError, match="unhashable"):
            hash(record)
        with pytest.raises(TypeError, match="unhashable"):
            {record}


@pytest.mark.parametrize("command,shows", READ_COMMANDS, ids=[c for c, _ in READ_COMMANDS])
def test_read_commands_on_a_cache_hit_import_no_pydantic(clone_workspace, command, shows):
    code = (
        "import sys\nfrom skyforge.cli.main import main\n"
        f"sys.argv = ['skyforge', *{command.split()!r}]\n"
        "try:\n    main()\n"
        "except SystemExit:\n    pass\n"
        f"heavy = [m for m in {_HEAVY!r} if m in sys.modules]\n"
        "print('HEAVY:' + ','.join(heavy))\n"
    )
    for _ in range(2):  # the first run may fill the cache; the second is a hit
        done = subprocess.run([sys.executable, "-c", code], cwd=clone_workspace, capture_output=True, text=True)
    assert shows.lower() in done.stdout.lower(), done.stdout + done.stderr
    assert done.stdout.rstrip().endswith("HEAVY:"), done.stdout


def test_a_plain_campaign_journal_reads_like_the_validated_one():
    from skyforge.campaign import events as ev
    from skyforge.campaign.plain_events import make as _construct
    from skyforge.storage import parse_toml

    raw = parse_toml((ROOT / "campaigns" / "example.toml").read_text(encoding="utf-8"), "example.toml")["events"]
    plain = plain_record("campaign", {"events": raw}, _construct)
    assert plain is not None, "the shipped example campaign should take the fast path"
    validated = ev.CampaignFile.model_validate({"events": raw}).events
    assert [type(e).__name__ for e in plain.events] == [type(e).__name__ for e in validated]
    assert [ev.event_dict(e) for e in plain.events] == [ev.event_dict(e) for e in validated]
    assert plain.events == validated and validated == plain.events


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e[1].update(type="no-such-event"),
        lambda e: e[1].update(extra_key=1),
        lambda e: e[0].update(difficulty=9),
        lambda e: e[0]["players"][0].update(market="DEMO.001"),
        lambda e: e[0].pop("seed"),
        lambda e: e[0]["scenario_pile"][0].update(income="three"),
    ],
)
def test_a_campaign_journal_that_is_not_plain_goes_to_the_model(change):
    import copy

    from skyforge.campaign import events as ev
    from skyforge.campaign.plain_events import make as _construct
    from skyforge.storage import parse_toml

    raw = copy.deepcopy(parse_toml((ROOT / "campaigns" / "example.toml").read_text(encoding="utf-8"), "x")["events"])
    change(raw)
    assert plain_record("campaign", {"events": raw}, _construct) is None
    with pytest.raises(ValidationError):
        ev.CampaignFile.model_validate({"events": raw})


_EXAMPLE_EVENTS: list | None = None


def _example_events() -> list:
    global _EXAMPLE_EVENTS
    if _EXAMPLE_EVENTS is None:
        from skyforge.storage import parse_toml

        _EXAMPLE_EVENTS = parse_toml((ROOT / "campaigns" / "example.toml").read_text(encoding="utf-8"), "x")["events"]
    return _EXAMPLE_EVENTS


def _tables(node, path=()):
    """Every table (dict) inside ``node``, with its path."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _tables(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _tables(value, (*path, i))


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_plain_journals_mean_what_the_models_say(data):
    """Any one change to a table of the example journal: accepted by the fast path ⇒ the models accept it
    with the same events; refused by the models ⇒ refused by the fast path."""
    import copy

    from skyforge.campaign import events as ev
    from skyforge.campaign.plain_events import make

    raw = copy.deepcopy(_example_events())
    tables = list(_tables(raw))
    _, table = data.draw(st.sampled_from(tables))
    key = data.draw(st.sampled_from([*table, "extra"]))
    value = data.draw(
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-2, 50),
            st.floats(allow_nan=False, width=16),
            st.sampled_from(["", "x", "DEMO.001", "won", "created", "gold-adjusted"]),
            st.lists(st.sampled_from(["DEMO.001", 1]), max_size=2),
            st.dictionaries(st.sampled_from(["Alice", "DEMO.001"]), st.integers(0, 3), max_size=2),
        )
    )
    if data.draw(st.booleans()) and key in table:
        del table[key]
    else:
        table[key] = value
    plain = plain_record("campaign", {"events": raw}, make)
    try:
        validated = ev.CampaignFile.model_validate({"events": raw}).events
    except ValidationError:
        assert plain is None
        return
    if plain is not None:
        assert [ev.event_dict(e) for e in plain.events] == [ev.event_dict(e) for e in validated]
        assert plain.events == validated
