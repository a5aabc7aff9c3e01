"""File safety: links, locks, temporary files, FIFOs and the cache folder as someone else may leave
them; nothing is written outside the workspace and nothing saved is lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def _campaign(workspace: Path, events: list) -> Path:
    from skyforge.campaign import store

    path = workspace / "campaigns" / "c.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(store.render_journal(events))
    return path


# -- paths, links and locks --------------------------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_symlinked_deck_is_written_through(run, workspace, tmp_path):
    """A link inside the workspace is written through (issue 23: one leading out is refused)."""
    target = workspace / "kept" / "real.toml"
    target.parent.mkdir()
    target.write_text((workspace / "decks" / "demo-blue-wall.toml").read_text())
    link = workspace / "decks" / "linked.toml"
    link.symlink_to(target)
    run("deck", "add", "linked", "DEMO.016")
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert '"DEMO.016" = 2' in target.read_text()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_lock_file_that_is_a_link_is_never_followed(run, workspace, tmp_path):
    locks = workspace / ".skyforge" / "locks"
    locks.mkdir(parents=True)
    victim = tmp_path / "victim"
    (locks / "decks.demo-blue-wall.toml.lock").symlink_to(victim)
    err = run("deck", "add", "demo-blue-wall", "DEMO.016", expect=2).stderr
    assert "is a symbolic link: skyforge never follows its lock files" in err
    assert not victim.exists()


def test_locks_live_in_one_hidden_folder(run, workspace):
    run("deck", "add", "demo-blue-wall", "DEMO.016")
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    assert not [p for p in (workspace / "decks").iterdir() if p.name.startswith(".")]
    assert not [p for p in (workspace / "series").iterdir() if p.name.startswith(".")]
    names = sorted(p.name for p in (workspace / ".skyforge" / "locks").iterdir())
    assert names == ["decks.demo-blue-wall.toml.lock", "series.cup.toml.lock"]


def test_temp_files_of_a_killed_writer_are_cleaned_up(run, workspace):
    stale = [workspace / "decks" / f".demo-blue-wall.toml.{i}abc.tmp" for i in range(3)]
    for path in stale:
        path.write_text("half a deck")
    other = workspace / "decks" / ".other.toml.1abc.tmp"
    other.write_text("another deck's")
    run("deck", "add", "demo-blue-wall", "DEMO.016")
    assert not any(p.exists() for p in stale) and other.exists()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_symlinked_campaign_is_written_through(run, workspace, tmp_path):
    from .campaign_util import created

    real = _campaign(workspace, [created()]).rename(workspace / "real.toml")
    link = workspace / "campaigns" / "c.toml"
    link.symlink_to(real)
    run("campaign", "gold", "c", "+1")
    assert link.is_symlink() and "gold-adjusted" in real.read_text()


# -- a megabyte of input: refused or read in well under 2 s ------------------------------------------


def test_a_file_name_too_long_for_its_lock_is_bad_input(run, workspace):
    """Found by tools/fuzz.py: `collection add --file NAME` with a 250-character name."""
    result = run("collection", "add", "DEMO.016", "--file", "a" * 250 + ".toml", expect=2)
    assert "the file name is too long" in result.stderr and "Traceback" not in result.output
