"""The catalog cache holds data only, and is rebuilt — never trusted — when it is in any doubt."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from skyforge.catalog import cache, load_catalog
from skyforge.catalog.index import Origin
from skyforge.catalog.loader import catalog_layers
from skyforge.catalog.models import CastleCard, DeckRule

MINI = Path(__file__).parent / "data" / "mini-catalog.toml"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("SKYFORGE_CACHE_DIR", str(folder))
    return folder


def _cached(paths):
    """The catalog the cache serves for ``--catalog PATHS``, or None."""
    return cache.read(cache.cache_key(catalog_layers(paths).files))


def _only_file(folder: Path) -> Path:
    (path,) = folder.glob("catalog-*.json")
    return path


def _rewrite(path: Path, header: dict | None = None, data: bytes | None = None) -> None:
    """Replace header and/or data, keeping a valid checksum unless the header is given whole."""
    old_header, _, old_data = path.read_bytes().partition(b"\n")
    data = old_data if data is None else data
    head = json.loads(old_header) | {"crc32": zlib.crc32(data)}
    if header is not None:
        head |= header
    path.write_bytes(json.dumps(head).encode() + b"\n" + data)


def test_the_cache_is_json_of_plain_values_and_a_hit_equals_a_fresh_load(cache_dir):
    fresh = load_catalog([MINI])
    path = _only_file(cache_dir)
    header, _, data = path.read_bytes().partition(b"\n")
    head = json.loads(header)
    assert head["format"] == cache.FORMAT and head["version"] == cache.VERSION
    assert head["crc32"] == zlib.crc32(data) and head["key"] == cache.cache_key(catalog_layers([MINI]).files)
    json.loads(data)  # plain JSON: no code, nothing but data
    assert b"pickle" not in path.read_bytes() and not list(cache_dir.glob("*.pickle"))
    hit = load_catalog([MINI])
    assert hit is not fresh and hit.cards == fresh.cards and hit.origins == fresh.origins
    assert hit.files == fresh.files and hit.entry_layers == fresh.entry_layers
    castle = hit.get("TST.001")
    assert type(castle) is CastleCard and castle.kind == "castle" and castle.key == "TST.001"
    assert all(type(rule) is DeckRule for rule in castle.deck_rules)
    assert castle.model_dump(by_alias=True) == fresh.get("TST.001").model_dump(by_alias=True)
    assert isinstance(hit.origins["TST.001"], Origin)


def test_a_hit_is_the_models_the_files_made_and_validates_nothing(cache_dir, monkeypatch):
    """What the cache serves is the catalog's own models, each with the fields its file stated,
    rebuilt with model_construct: nothing is validated again."""
    fresh = load_catalog(None)
    validated = []
    for cls, _ in cache.MODELS.values():
        monkeypatch.setattr(cls, "model_validate", classmethod(lambda c, *a, **k: validated.append(c)))
    hit = load_catalog(None)
    assert not validated and hit.cards == fresh.cards
    for key, card in hit.cards.items():
        assert type(card) is type(fresh.cards[key])
        assert card.model_fields_set == fresh.cards[key].model_fields_set
        assert card.model_dump() == fresh.cards[key].model_dump()
    for name in ("sets", "hordes", "premade_decks", "draft_formats", "battle_plans", "first_games"):
        assert getattr(hit, name) == getattr(fresh, name)
        assert [type(v) for v in getattr(hit, name).values()] == [type(v) for v in getattr(fresh, name).values()]
    assert hit.difficulty_levels == fresh.difficulty_levels and hit.game_modes == fresh.game_modes


def _damaged(cache_dir: Path, how: str) -> None:
    path = _only_file(cache_dir)
    if how == "garbage":
        path.write_bytes(b"\x80\x04garbage")
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[:-200])
    elif how == "pickle":
        import pickle

        path.write_bytes(pickle.dumps({"cards": {}}))
    elif how == "checksum":
        header, _, data = path.read_bytes().partition(b"\n")
        path.write_bytes(header + b"\n" + data.replace(b"Blue Keep", b"Blue Kelp"))
    elif how == "version":
        _rewrite(path, header={"version": cache.VERSION + 1})
    elif how == "foreign":
        _rewrite(path, header={"format": "someone else's cache"})
    elif how == "other-key":
        _rewrite(path, header={"key": (cache.cache_key(catalog_layers([MINI]).files) or [])[:-1]})
    elif how == "wrong-type":  # a valid checksum over data of the wrong shape
        _rewrite(path, data=b'{"$d":[["cards",[1,2,3]]]}')
    elif how == "unknown-tag":
        _rewrite(path, data=b'{"$x":"os.system"}')
    elif how in ("card-not-a-card", "unknown-model", "missing-field", "unknown-field"):
        fields = json.loads(path.read_bytes().partition(b"\n")[2])
        for pair in fields["$d"]:
            if pair[0] == "cards":
                card = pair[1]["$d"][0][1]
                if how == "card-not-a-card":
                    pair[1]["$d"][0][1] = "not a card"
                elif how == "unknown-model":
                    card["$m"] = "BaseModel"
                elif how == "missing-field":
                    del card["name"]
                else:
                    card["__class__"] = "os.system"
        _rewrite(path, data=json.dumps(fields).encode())
    else:
        raise AssertionError(how)


@pytest.mark.parametrize(
    "how",
    [
        "garbage",
        "truncated",
        "pickle",
        "checksum",
        "version",
        "foreign",
        "other-key",
        "wrong-type",
        "unknown-tag",
        "card-not-a-card",
        "unknown-model",
        "missing-field",
        "unknown-field",
    ],
)
def test_a_corrupt_foreign_or_wrong_typed_cache_is_rebuilt(cache_dir, how):
    load_catalog([MINI])
    _damaged(cache_dir, how)
    path = _only_file(cache_dir)
    assert _cached([MINI]) is None
    catalog = load_catalog([MINI])
    assert catalog.get("TST.001").name == "Blue Keep"
    assert _cached([MINI]) is not None  # rewritten, now a hit
    assert _only_file(cache_dir) == path


def test_an_old_pickle_cache_is_never_read_and_is_removed(cache_dir):
    cache_dir.mkdir()
    old = cache_dir / "catalog-0123456789abcdef0123456789abcdef.pickle"
    old.write_bytes(b"cos\nsystem\n(S'echo owned'\ntR.")
    assert load_catalog([MINI]).get("TST.001").name == "Blue Keep"
    assert not old.exists()


def test_the_plain_tables_match_the_models():
    from skyforge.catalog import constants, models

    assert constants.CARD_KINDS == models.KINDS


def test_the_key_covers_every_module_of_skyforge(cache_dir):
    """A change to any module of skyforge makes every cache miss: what decides that a catalog is
    valid is not only the models and the merge but the foundation under them (terms, storage, …),
    so every module is in the key, found on disk, not listed by hand."""
    package = Path(cache.__file__).resolve().parent.parent
    modules = {p.relative_to(package).as_posix() for p in package.rglob("*.py") if "__pycache__" not in p.parts}
    key = cache.cache_key([])
    keyed = {entry[0] for entry in key if isinstance(entry, list)}
    assert keyed == modules
    assert {"terms.py", "storage/files.py", "catalog/models/cards.py", "catalog/build.py"} <= keyed
    stat = (package / "terms.py").stat()
    assert [e for e in key if isinstance(e, list) and e[0] == "terms.py"] == [
        ["terms.py", stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]
    ]


def test_the_data_round_trips_and_refuses_untagged_objects():
    value = {"a": [1, 2.5, None, True], ("t", 1): Path("x/y"), "o": Origin(Path("f"), 3, "user", (Path("g"), 4))}
    assert json.loads(json.dumps(cache._tagged(value)), object_hook=cache._untagged) == value
    for text in (
        '{"cards": 1}',
        '{"$m": "BaseModel"}',
        '{"$m": "DeckSize", "$s": ["min"], "min": 1, "max": null, "oops": 2}',
        '{"$m": "DeckSize", "$s": ["min"], "min": 1}',
        '{"$m": "DeckSize", "$s": ["oops"], "min": 1, "max": null}',
        '{"$m": "DeckSize", "min": 1, "max": null}',
    ):
        with pytest.raises(ValueError):
            json.loads(text, object_hook=cache._untagged)
    size = json.loads('{"$m": "DeckSize", "$s": ["min"], "min": 40, "max": null}', object_hook=cache._untagged)
    assert type(size).__name__ == "DeckSize" and size.min == 40 and size.max is None
    assert size.model_fields_set == {"min"}


def test_the_key_covers_the_layer_selection_and_every_user_file(cache_dir, tmp_path):
    """Another layer selection, another user file, or a user file changed in place (same size,
    another time) is another key: never served the catalog of other files."""
    shipped = load_catalog(None)  # official + demo
    official = load_catalog([Path("@official")])  # official alone
    assert any(c.set_code == "DEMO" for c in shipped.cards.values())
    assert not any(c.set_code == "DEMO" for c in official.cards.values())
    mine = tmp_path / "mine.toml"
    mine.write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_catalog([mine]).get("TST.001").name == "Blue Keep"
    assert (
        len({cache.cache_file(cache.cache_key(catalog_layers(p).files)) for p in (None, [Path("@official")], [mine])})
        == 3
    )
    assert len(list(cache_dir.glob("catalog-*.json"))) == 3
    mine.write_text(mine.read_text(encoding="utf-8").replace("Blue Keep", "Blue Kelp"), encoding="utf-8")
    stat = mine.stat()
    os.utime(mine, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert load_catalog([mine]).get("TST.001").name == "Blue Kelp"
    other = tmp_path / "other.toml"
    other.write_text("schema = 1\n", encoding="utf-8")
    assert cache.cache_key(catalog_layers([mine, other]).files) != cache.cache_key(catalog_layers([mine]).files)
    assert load_catalog([mine, other]).user_files == [mine, other]


def _edit_keeping_size_and_time(path: Path, how: str) -> None:
    """Change a value without changing the size, then set the old modification time back, as
    ``cp -p``, ``rsync -t`` or ``touch -d`` do (in place) or unzip does (a new file)."""
    before = path.stat()
    text = path.read_text(encoding="utf-8").replace("Blue Keep", "Blue Kelp")
    if how == "in place":
        path.write_text(text, encoding="utf-8")
    else:
        fresh = path.with_name("unzipped.toml")
        fresh.write_text(text, encoding="utf-8")
        os.replace(fresh, path)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)


@pytest.mark.parametrize("how", ["in place", "replaced"])
def test_an_edit_that_keeps_size_and_modification_time_is_not_served_stale(cache_dir, tmp_path, how):
    mine = tmp_path / "mine.toml"
    mine.write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_catalog([mine]).get("TST.001").name == "Blue Keep"
    assert _cached([mine]) is not None
    _edit_keeping_size_and_time(mine, how)
    assert _cached([mine]) is None
    assert load_catalog([mine]).get("TST.001").name == "Blue Kelp"


def test_a_file_saved_while_the_catalog_is_rebuilt_makes_the_next_run_miss(cache_dir, tmp_path, monkeypatch):
    """The key is worked out before the files are read: a file saved after it was read is not
    cached with its old content under its new key."""
    mine = tmp_path / "mine.toml"
    mine.write_text(MINI.read_text(encoding="utf-8"), encoding="utf-8")
    build = importlib.import_module("skyforge.catalog.build")
    load_file = build.load_file

    def load_then_save(path):
        loaded = load_file(path)
        if path == mine:  # the user saves the file just after it was read
            mine.write_text(mine.read_text(encoding="utf-8").replace("Blue Keep", "Blue Kelp"), encoding="utf-8")
        return loaded

    monkeypatch.setattr(build, "load_file", load_then_save)
    assert load_catalog([mine]).get("TST.001").name == "Blue Keep"
    monkeypatch.setattr(build, "load_file", load_file)
    assert _cached([mine]) is None
    assert load_catalog([mine]).get("TST.001").name == "Blue Kelp"


def test_no_cache_folder_means_no_key_and_nothing_stated(monkeypatch):
    monkeypatch.setenv("SKYFORGE_CACHE_DIR", "off")
    assert cache.cache_key(catalog_layers([MINI]).files) is None and cache.read(None) is None
    assert load_catalog([MINI]).get("TST.001").name == "Blue Keep"


@pytest.mark.slow
def test_a_hit_builds_no_validator(cache_dir):
    """The models defer building their validators (``defer_build``): a command served from the
    cache never pays for them."""
    load_catalog(None)
    script = (
        "from skyforge.catalog import cache, load_catalog\n"
        "catalog = load_catalog(None)\n"
        "assert catalog.get('DEMO.001').name\n"
        "print(sorted(n for n, (cls, _) in cache.MODELS.items() if cls.__pydantic_complete__))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_tables_of_cards_search_and_castles_build_no_serializer(cache_dir, tmp_path):
    """The tables are drawn from the cards; only --json dumps them, which builds their models'
    serializers (~80 M instructions). A search by faction and rarity imports no other kind's model,
    and neither command the deck files and the rules' choice of cards (`cards search --for` alone)."""
    load_catalog(None)
    script = (
        "import sys\n"
        "from skyforge.cli.main import main\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    from skyforge.catalog import cache\n"
        "    built = sorted(n for n, (cls, _) in cache.MODELS._known.items() if cls.__pydantic_complete__)\n"
        "    print(built, sorted(m for m in sys.modules if m.startswith(('skyforge.catalog.models.', 'skyforge.rules.ch', 'skyforge.cli.'))))\n"
    )
    for args in (["cards", "search", "--faction", "liothan", "--rarity", "mythic"], ["castles"]):
        out = subprocess.run([sys.executable, "-c", script, *args], cwd=tmp_path, capture_output=True, text=True)
        assert out.returncode == 0 and "DEMO.0" in out.stdout, out.stderr
        built, modules = out.stdout.splitlines()[-1].split("] ", 1)
        assert built == "[", (args, built)
        assert "heroes" not in modules and "horde_cards" not in modules, (args, modules)
        assert "'skyforge.cli.cards'" in modules and "cards_for" not in modules and "choosing" not in modules
    out = subprocess.run(
        [sys.executable, "-c", script, "castles", "--json"], cwd=tmp_path, capture_output=True, text=True
    )
    assert "'CastleCard'" in out.stdout.splitlines()[-1]  # the check sees a serializer built


def test_a_cache_file_replaced_by_a_huge_sparse_file_is_a_miss_never_read(cache_dir, monkeypatch):
    """A 2 GB sparse file under the cache's name was once read whole (3.9 GB, 14 s)."""
    load_catalog([MINI])
    path = _only_file(cache_dir)
    with open(path, "r+b") as handle:
        handle.truncate(2_000_000_000)  # sparse: no disk used, 2 GB to whoever reads it
    reads = []
    real_open = open

    def watched(file, *args, **kwargs):
        handle = real_open(file, *args, **kwargs)
        if isinstance(file, int):
            read = handle.read
            handle.read = lambda *a: reads.append(a) or read(*a)
        return handle

    monkeypatch.setattr("builtins.open", watched)
    assert _cached([MINI]) is None
    assert reads == []  # refused by its size, before a byte of data is read
    monkeypatch.setattr("builtins.open", real_open)
    assert load_catalog([MINI]).get("TST.001").name == "Blue Keep"
    assert path.stat().st_size < cache.MAX_CACHE_BYTES  # rebuilt


def test_a_hit_reads_only_the_lines_a_command_asks_for(cache_dir, monkeypatch):
    """A hit reads the first line (every card's key, name, kind and the code it replaces); a card
    is made when first asked for, a rule table when first read: a command's cost follows what it reads."""
    fresh = load_catalog(None)
    read: list[bytes] = []
    element = cache._element
    monkeypatch.setattr(cache, "_element", lambda line: read.append(line) or element(line))
    hit = load_catalog(None)
    assert len(read) == 1 and len(hit.cards) == len(fresh.cards) > 100
    assert hit.get("DEMO.001") == fresh.get("DEMO.001") and len(read) == 2
    assert hit.get("DEMO.001") is hit.get("DEMO.001") and len(read) == 2  # made once
    castles = hit.castles()
    assert castles == fresh.castles() and len(read) == 1 + len(castles)  # DEMO.001 is one of them
    assert hit.hordes == fresh.hordes and len(read) == 2 + len(castles)
    assert hit.find(fresh.get("DEMO.007").name) == fresh.get("DEMO.007") and len(read) == 3 + len(castles)
    assert hit.kind_of("DEMO.007") == "alliance" and hit.card_sets() == {
        c.set_code for c in fresh.cards.values() if c.code
    }
    assert len(read) == 3 + len(castles)  # neither made a card


def test_a_search_by_faction_rarity_or_type_makes_only_the_cards_it_finds(cache_dir, monkeypatch):
    """The index holds every card's faction, rarity and type: a search on them makes the cards it
    finds, not every card it filters; it finds what a fresh load finds."""
    fresh = load_catalog(None)
    read: list[bytes] = []
    element = cache._element
    monkeypatch.setattr(cache, "_element", lambda line: read.append(line) or element(line))
    hit = load_catalog(None)
    for filters in (
        {"faction": "liothan", "rarity": "mythic"},
        {"rarity": "common"},  # base, by its other name
        {"type": "tower", "faction": "Taulot"},
        {"kind": "castle", "faction": "kurumo"},
        {"kind": "horde", "type": "monster"},
    ):
        before = len(read)
        found = hit.search(**filters)
        assert found == fresh.search(**filters) and found, filters
        assert len(read) - before <= len(found), filters  # a card found before is not made again
    assert hit.search(rarity="mythic", type="monster") == []


def test_a_card_named_from_the_index_is_the_card_a_fresh_load_makes_and_none_is_made(cache_dir, monkeypatch):
    """``key_of``, ``name_of``, ``code_of`` and ``facet_of`` answer from the cache's index what the
    card itself says (``campaign show`` names its cards so), without making a card."""
    fresh = load_catalog(None)
    read: list[bytes] = []
    element = cache._element
    monkeypatch.setattr(cache, "_element", lambda line: read.append(line) or element(line))
    hit = load_catalog(None)
    loaded = len(read)  # the index
    kinds = set()
    for key, card in fresh.cards.items():
        ref = card.code or key  # a card without a code: by its key (names may be shared)
        assert hit.key_of(ref) == key == hit.key_of(ref, card.kind), ref
        assert hit.name_of(key) == card.name and hit.code_of(key) == card.code, key
        assert hit.facet_of(key, "rarity") == getattr(card, "rarity", None), key
        kinds.add(card.kind)
    assert {"alliance", "horde", "castle", "portal", "scenario"} <= kinds and len(read) == loaded
    ally = next(card for card in fresh.cards.values() if card.kind == "alliance" and card.code)
    assert hit.key_of("NOPE.999") is None and hit.key_of(ally.code, "castle") is None
    made = hit.find(ally.code)  # a card made is named as it is
    assert made is not None and hit.name_of(made.key) == made.name and len(read) == loaded + 1


def test_a_line_damaged_under_a_valid_checksum_is_said_when_read_and_the_cache_removed(cache_dir):
    from skyforge.errors import InputError

    load_catalog([MINI])
    path = _only_file(cache_dir)
    data = path.read_bytes().partition(b"\n")[2]
    lines = data.split(b"\n")
    card = next(i for i, line in enumerate(lines) if line.startswith(b'["TST.001",'))
    lines[card] = lines[card].replace(b'"name":"Blue Keep"', b'"name":"Blue Kelp"')
    _rewrite(path, data=b"\n".join(lines))
    catalog = load_catalog([MINI])  # laid out as the cache is: served
    with pytest.raises(InputError, match="the catalog cache is damaged"):
        catalog.get("TST.001")
    assert not path.exists()
    assert load_catalog([MINI]).get("TST.001").name == "Blue Keep"  # rebuilt from the files


def test_a_card_whose_line_says_another_faction_than_the_index_is_damaged(cache_dir):
    """A search trusts the index's faction, rarity and type: a card whose line says otherwise is not
    the card the search found, and is said to be damaged when read."""
    from skyforge.errors import InputError

    load_catalog([MINI])
    path = _only_file(cache_dir)
    data = path.read_bytes().partition(b"\n")[2]
    lines = data.split(b"\n")
    card = next(i for i, line in enumerate(lines) if line.startswith(b'["TST.001",'))
    assert b'"faction":"liothan"' in lines[card]
    lines[card] = lines[card].replace(b'"faction":"liothan"', b'"faction":"taulot"')
    _rewrite(path, data=b"\n".join(lines))
    catalog = load_catalog([MINI])
    with pytest.raises(InputError, match="the catalog cache is damaged"):
        catalog.search(kind="castle", faction="liothan")


def test_the_key_names_what_validated_the_entries(cache_dir):
    """Entries come back unvalidated: a pydantic or a Python that validates otherwise must miss."""
    import sys

    import pydantic

    key = cache.cache_key([])
    assert pydantic.VERSION in key and sys.version in key
