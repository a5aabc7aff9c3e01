"""The history of every file skyforge writes (storage/history.py), deck versions (NAME@N,
``deck history``, ``deck restore``), and ``skyforge history`` / ``restore`` for other files."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.errors import InputError, NotFoundError
from skyforge.recording import recording
from skyforge.storage import history as h
from skyforge.storage import keep, locked
from skyforge.storage.versions import kept_files, read_history, version_text, version_texts

posix_only = pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "fork"), reason="needs fork and SIGKILL")


def _deck_file(tmp_path: Path) -> Path:
    (tmp_path / "decks").mkdir(exist_ok=True)
    return tmp_path / "decks" / "d.toml"


# ---------------------------------------------------------------- the storage layer


def test_each_write_keeps_its_version_with_the_command(tmp_path):
    path = _deck_file(tmp_path)
    with recording("deck new"):
        assert keep(path, "one\n") == 1
    with recording("deck add"):
        assert keep(path, "two\n") == 2
    history = read_history(path)
    assert [(v.number, v.command, v.kind) for v in history.versions] == [
        (1, "deck new", "command"),
        (2, "deck add", "command"),
    ]
    assert version_text(path, 1) == "one\n" and path.read_text() == "two\n"
    assert (tmp_path / ".skyforge" / "history" / "decks.d.toml" / "000001.toml").read_text().startswith(h.HEADER)
    assert not history.changed_since


def test_a_write_that_changes_nothing_keeps_no_new_version(tmp_path):
    path = _deck_file(tmp_path)
    keep(path, "same\n")
    keep(path, "same\n")
    assert [v.number for v in read_history(path).versions] == [1]


def test_a_hand_edit_is_recorded_before_the_next_write(tmp_path):
    path = _deck_file(tmp_path)
    keep(path, "by skyforge\n")
    time.sleep(0.01)
    path.write_text("by hand\n")
    assert read_history(path).changed_since
    with recording("deck add"):
        keep(path, "after\n")
    versions = read_history(path).versions
    assert [(v.command, v.kind) for v in versions] == [
        ("skyforge", "command"),
        (h.BY_HAND, "hand"),
        ("deck add", "command"),
    ]
    assert version_text(path, 2) == "by hand\n"


def test_a_file_found_without_history_is_kept_first(tmp_path):
    path = _deck_file(tmp_path)
    path.write_text("old\n")
    keep(path, "new\n")
    assert [(v.kind, v.command) for v in read_history(path).versions] == [("found", h.FOUND), ("command", "skyforge")]
    assert version_text(path, 1) == "old\n"


def test_a_version_that_never_reached_the_file_is_left_out_and_removed(tmp_path):
    """A kill between the version and the file leaves a version whose ``replaces`` is the file's
    own text, older than it: not a version, and not taken for a hand edit."""
    path = _deck_file(tmp_path)
    keep(path, "one\n")
    folder = h.history_folder(path)
    os.utime(path, (time.time() - 10, time.time() - 10))
    (folder / "000002.toml").write_text(h._entry_text("never written\n", "deck add", "command", h.digest("one\n")))
    assert [v.number for v in read_history(path).versions] == [1]
    assert not read_history(path).changed_since
    keep(path, "two\n")
    versions = read_history(path).versions
    assert [(v.number, v.kind) for v in versions] == [(1, "command"), (2, "command")]
    assert version_text(path, 2) == "two\n"


def test_history_is_bounded_and_says_what_it_pruned(tmp_path, monkeypatch):
    monkeypatch.setattr(h, "MAX_VERSIONS", 3)
    path = _deck_file(tmp_path)
    with recording("test") as record:
        for n in range(5):
            keep(path, f"{n}\n")
    assert [v.number for v in read_history(path).versions] == [3, 4, 5]
    assert [k.pruned for k in record.pruned] == [(1,), (2,)]
    with pytest.raises(NotFoundError, match="no version 1") as err:
        version_text(path, 1, "deck")
    assert "3-5" in err.value.problems[0].hint


def test_pruning_is_said_by_the_cli(run, workspace, monkeypatch):
    monkeypatch.setattr(h, "MAX_VERSIONS", 2)
    run("deck", "new", "p", "--castle", "DEMO.001")
    run("deck", "add", "p", "DEMO.010")
    result = run("deck", "add", "p", "DEMO.010")
    assert "history of p.toml: pruned version 1 (the last 2 are kept)" in result.stderr


def test_history_folders_are_never_followed_through_links(tmp_path):
    path = _deck_file(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / ".skyforge").mkdir()
    (tmp_path / ".skyforge" / "history").symlink_to(elsewhere)
    with pytest.raises(InputError, match="symbolic link"):
        keep(path, "x\n")
    assert not path.exists() and not any(elsewhere.iterdir())


def test_a_workspace_reached_through_a_link_keeps_and_lists_its_history(tmp_path):
    real = tmp_path / "real"
    (real / "decks").mkdir(parents=True)
    link = tmp_path / "link"
    link.symlink_to(real)
    keep(link / "decks" / "d.toml", "x\n")
    assert [Path(f.file).name for f in kept_files(link).files] == ["d.toml"]
    assert (real / ".skyforge" / "history" / "decks.d.toml" / "000001.toml").exists()


def test_a_version_file_that_is_a_link_is_not_read(tmp_path):
    path = _deck_file(tmp_path)
    keep(path, "one\n")
    secret = tmp_path / "secret.txt"
    secret.write_text(h.HEADER + '{"sha256": "x"}\nsecret\n')
    (h.history_folder(path) / "000002.toml").symlink_to(secret)
    with pytest.raises(InputError, match="cannot read this version"):
        read_history(path)


def test_catalog_folders_leave_the_history_out(tmp_path):
    from skyforge.catalog.loader import _toml_files

    (tmp_path / "mine.toml").write_text("schema = 1\n")
    kept = tmp_path / ".skyforge" / "history" / "mine.toml"
    kept.mkdir(parents=True)
    (kept / "000001.toml").write_text("not = [a catalog\n")
    assert _toml_files(tmp_path) == [tmp_path / "mine.toml"]


@settings(max_examples=25)
@given(st.lists(st.text(alphabet="abc =\n#é", max_size=30), min_size=1, max_size=6), st.data())
def test_restore_of_an_edit_is_the_identity(tmp_path_factory, texts, data):
    """Restoring the version an edit replaced gives back the file as it was, byte for byte."""
    path = _deck_file(tmp_path_factory.mktemp("p"))
    numbers = [keep(path, text) for text in texts]
    index = data.draw(st.integers(0, len(texts) - 1))
    before = path.read_bytes()
    keep(path, version_text(path, numbers[index]))
    assert path.read_text() == texts[index]
    keep(path, version_text(path, numbers[-1]))
    assert path.read_bytes() == before


def _writer(path: Path) -> None:
    n = 0
    while True:
        with locked(path):
            keep(path, f"version = {n}\n" + "x" * (n % 50) + "\n")
        n += 1


@pytest.mark.slow
@posix_only
def test_a_kill_at_any_instant_leaves_the_file_and_its_history_consistent(tmp_path):
    path = _deck_file(tmp_path)
    keep(path, "start\n")
    for round_ in range(12):
        pid = os.fork()
        if pid == 0:
            try:
                _writer(path)
            finally:
                os._exit(0)
        time.sleep(0.005 + 0.003 * round_)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        history = read_history(path)
        text = path.read_text()
        assert not history.changed_since, "a killed write left the file unlike its last version"
        assert history.versions[-1].sha256 == h.digest(text)
        for version, kept in version_texts(path, history):
            assert h.digest(kept) == version.sha256
    keep(path, "after\n")
    assert all(v.kind == "command" for v in read_history(path).versions), "a kill was taken for a hand edit"


# ---------------------------------------------------------------- every file kind


def test_every_kind_of_file_keeps_its_history(run, workspace):
    run("deck", "new", "k", "--castle", "DEMO.001")
    run("deck", "add", "k", "DEMO.010")
    run("series", "new", "fri", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "fri", "Ann")
    run("collection", "add", "--product", "DEMO")
    run("catalog", "init", "mine.toml", "--no-record")
    history = workspace / ".skyforge" / "history"
    for folder, count in (("decks.k.toml", 2), ("series.fri.toml", 2), ("collection.toml", 2), ("mine.toml", 1)):
        versions = sorted((history / folder).iterdir())
        assert len(versions) >= count, folder
    assert "series win" in (history / "series.fri.toml" / "000002.toml").read_text().splitlines()[0]


# ---------------------------------------------------------------- deck versions


@pytest.fixture
def versions(run):
    run("deck", "new", "v", "--castle", "DEMO.001")
    run("deck", "add", "v", "DEMO.010x2")
    run("deck", "remove", "v", "DEMO.010")
    return run


def test_deck_history_lists_each_version_with_its_cards(versions):
    data = json.loads(versions("deck", "history", "v", "--json").stdout)
    rows = [(v["number"], v["command"], v["size"]) for v in data["versions"]]
    assert rows == [(1, "deck new", 0), (2, "deck add", 2), (3, "deck remove", 1)]
    assert [c["code"] for c in data["versions"][1]["added"]] == ["DEMO.010"]
    assert data["versions"][2]["changed"][0]["from"] == 2 and data["versions"][2]["changed"][0]["to"] == 1
    shown = versions("deck", "history", "v").stdout
    assert "deck add" in shown and "+2 Harbor Bellringer" in shown


def test_a_hand_edit_shows_in_the_deck_history(versions, workspace):
    deck = workspace / "decks" / "v.toml"
    time.sleep(0.01)
    deck.write_text(deck.read_text().replace("DEMO.010", "DEMO.011"))
    assert "edited by hand" in versions("deck", "history", "v").stdout
    versions("deck", "add", "v", "DEMO.012")
    data = json.loads(versions("deck", "history", "v", "--json").stdout)
    assert [v["command"] for v in data["versions"]][-2:] == ["edited by hand", "deck add"]


@pytest.mark.parametrize("command", [["show"], ["stats"], ["validate"], ["export", "--format", "text"]])
def test_name_at_n_reads_a_version_wherever_a_deck_is_read(versions, command):
    result = versions("deck", *command, "v@2", expect=None)
    assert result.exit_code in (0, 1), result.output
    assert "Harbor Bellringer" in result.stdout or "2 cards" in result.stdout or "@2" in result.stdout


def test_diff_between_a_version_and_the_deck(versions):
    data = json.loads(versions("deck", "diff", "v@2", "v", "--json", expect=1).stdout)
    assert data["changed"][0]["from"] == 2 and data["changed"][0]["to"] == 1


def test_a_version_not_kept_names_the_versions_there_are(versions):
    result = versions("deck", "show", "v@9", expect=2)
    assert "no version 9" in result.stderr and "1-3" in result.stderr


def test_restore_writes_a_version_back_as_a_new_one(versions, workspace):
    before = (workspace / ".skyforge" / "history" / "decks.v.toml" / "000002.toml").read_text().split("\n", 1)[1]
    versions("deck", "restore", "v@2")
    assert (workspace / "decks" / "v.toml").read_text() == before
    data = json.loads(versions("deck", "history", "v", "--json").stdout)
    assert [v["command"] for v in data["versions"]][-1] == "deck restore @2"
    assert len(data["versions"]) == 4  # nothing lost: version 3 is still there


def test_restore_needs_a_version(versions):
    assert "names no version" in versions("deck", "restore", "v", expect=2).stderr


# ---------------------------------------------------------------- skyforge history / restore


def test_history_lists_every_kept_file_and_the_versions_of_one(run, workspace):
    run("collection", "add", "--product", "DEMO")
    run("collection", "add", "DEMO.205x2")
    files = json.loads(run("history", "--json").stdout)["files"]
    assert [(Path(f["file"]).name, f["versions"]) for f in files] == [("collection.toml", 3)]
    data = json.loads(run("history", "collection.toml", "--json").stdout)
    assert [v["command"] for v in data["versions"]] == [h.FOUND, "collection add", "collection add"]
    assert "collection add" in run("history", "collection.toml").stdout


def test_restore_writes_any_file_back_and_names_missing_versions(run, workspace):
    before = (workspace / "collection.toml").read_text()
    run("collection", "add", "--product", "DEMO")
    assert "as version 3" in run("restore", "collection.toml@1").stdout
    assert (workspace / "collection.toml").read_text() == before
    assert "1-3" in run("restore", "collection.toml@7", expect=2).stderr
    assert "names no version" in run("restore", "collection.toml", expect=2).stderr


def test_campaign_commands_are_recorded_by_their_whole_name(run, clone_workspace):
    run("campaign", "gold", "example", "+1")
    data = json.loads(run("history", "campaigns/example.toml", "--json").stdout)
    assert data["versions"][-1]["command"] == "campaign gold"


def test_a_campaign_version_that_is_no_campaign_is_not_restored(run, clone_workspace):
    path = clone_workspace / "campaigns" / "example.toml"
    run("campaign", "gold", "example", "+1")  # versions 1 (found) and 2
    time.sleep(0.01)
    path.write_text(path.read_text().replace("[[events]]", "[[event]]", 1))
    run("campaign", "gold", "example", "+1", expect=2)  # a broken file is refused, nothing written
    run("restore", "campaigns/example.toml@2")  # the broken hand edit is kept first, as version 3
    data = json.loads(run("history", "campaigns/example.toml", "--json").stdout)
    assert [v["kind"] for v in data["versions"]] == ["found", "command", "hand", "command"]
    text = path.read_text()
    result = run("restore", "campaigns/example.toml@3", expect=2)
    assert "example.toml@3" in result.stderr and path.read_text() == text
