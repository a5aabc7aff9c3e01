"""Atomic writes, locks and workspace names: nothing the user saved is lost or escapes."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from skyforge.errors import InputError
from skyforge.storage import atomic_write, check_name, locked, workspace_file

from .campaign_util import campaign_new


def test_atomic_write_replaces_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "a" / "deck.toml"
    atomic_write(target, "one")
    atomic_write(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["deck.toml"]


def test_atomic_write_keeps_permissions(tmp_path):
    target = tmp_path / "deck.toml"
    old = os.umask(0o022)
    try:
        atomic_write(target, "new")
        assert stat.S_IMODE(target.stat().st_mode) == 0o644
        target.chmod(0o640)
        atomic_write(target, "edited")
        assert stat.S_IMODE(target.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_unwritable_places_are_bad_input_not_tracebacks(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(InputError) as err:
        atomic_write(blocker / "sub" / "deck.toml", "x")
    assert "cannot create the folder" in err.value.problems[0].message
    with pytest.raises(InputError), locked(blocker / "deck.toml"):
        pass


@pytest.mark.parametrize("name", ["../x", "a/b", "..", ".hidden", "x" * 81, "bad|name", ""])
def test_names_cannot_escape_the_workspace(name):
    with pytest.raises(InputError):
        check_name(name)


def test_workspace_file(tmp_path):
    assert workspace_file(tmp_path, "series", "final four") == tmp_path / "series" / "final four.toml"
    assert workspace_file(tmp_path, "teams", "/elsewhere/s.toml", path_ok=True) == Path("/elsewhere/s.toml")
    for ref in ("/elsewhere/s.toml", "../outside/v.toml", "v.toml"):  # a name is never a path
        with pytest.raises(InputError, match="is a name, not a path"):
            workspace_file(tmp_path, "series", ref)
    with pytest.raises(InputError):
        workspace_file(tmp_path, "drafts", "../../x")


# -- names in any script, one file name --------------------------------------------------------


def test_unicode_names_with_a_stable_file_name(run, workspace: Path):
    import unicodedata

    run("deck", "new", "héros", "--castle", "DEMO.001")
    decomposed = unicodedata.normalize("NFD", "héros")
    assert decomposed != "héros"
    assert "héros" in run("deck", "show", decomposed).stdout  # the same file, whichever é was typed
    assert [p.name for p in (workspace / "decks").glob("h*.toml")] == ["héros.toml"]
    run("deck", "copy", "héros", "Zoë-ø 漢")
    assert (workspace / "decks" / "Zoë-ø 漢.toml").exists()
    run(*campaign_new("camp ü", "Zoë=demo-blue-wall", seed=1))
    assert (workspace / "campaigns" / "camp ü.toml").exists()
    run("deck", "new", "हिंदी", "--castle", "DEMO.001")  # combining vowel signs are part of the letters
    for bad in ("../x", "a/b", "_x", "..", " x", "a\tb", "\u0301x"):
        assert "not a valid deck name" in run("deck", "new", bad, "--castle", "DEMO.001", expect=2).stderr
