"""File safety: links, locks, temporary files, FIFOs and the cache folder as someone else may leave
them; nothing is written outside the workspace and nothing saved is lost."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

#: not a speed test: a guard against the work these files once caused, counted in CPU seconds of
#: this process, which a machine busy with other work does not stretch
HANG = 20


def _put(workspace: Path, where: str, text: str) -> Path:
    path = workspace / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _timed(run, *args):
    start = time.process_time()
    result = run(*args, expect=None)
    return time.process_time() - start, result


def _campaign(workspace: Path, events: list) -> Path:
    from skyforge.campaign import store

    path = workspace / "campaigns" / "c.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(store.render_journal(events))
    return path


# -- links: written through inside the workspace, never followed out of it -------------------------


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
def test_a_symlinked_campaign_is_written_through(run, workspace, tmp_path):
    from .campaign_util import created

    real = _campaign(workspace, [created()]).rename(workspace / "real.toml")
    link = workspace / "campaigns" / "c.toml"
    link.symlink_to(real)
    run("campaign", "gold", "c", "+1")
    assert link.is_symlink() and "gold-adjusted" in real.read_text()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("dangling", [False, True])
def test_a_data_file_linked_out_of_the_workspace_is_never_written(run, workspace, tmp_path, dangling):
    outside = tmp_path / "outside.toml"
    if not dangling:
        outside.write_text((workspace / "decks" / "demo-blue-wall.toml").read_text())
    before = outside.read_text() if not dangling else None
    link = workspace / "decks" / "x.toml"
    link.symlink_to(outside)
    args = ("deck", "add", "x", "DEMO.016") if not dangling else ("deck", "new", "x", "--castle", "DEMO.001")
    err = run(*args, expect=2).stderr
    assert "decks/x.toml: is a symbolic link to " + str(outside) in err
    assert (outside.read_text() if not dangling else None) == before and outside.exists() != dangling


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize(
    "folder, args",
    [
        (
            "campaigns",
            (
                *("campaign", "new", "c", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall"),
                *("--player", "Bo=demo-green-grove@DEMO.003", "--outsider", "Orrun the Everwake"),
                *("--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw", "--difficulty", "2"),
            ),
        ),
        ("drafts", ("onward", "draft", "--method", "snake", "--players", "Ann,Bob", "--seed", "1", "--save", "c")),
    ],
)
def test_dangling_links_in_other_folders_create_nothing(run, workspace, tmp_path, folder, args):
    (workspace / folder).mkdir()
    target = tmp_path / "anywhere.toml"
    (workspace / folder / "c.toml").symlink_to(target)
    err = run(*args, expect=2).stderr
    assert "is a symbolic link to" in err and not target.exists()


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_linked_skyforge_folder_is_refused_before_anything_is_made(run, workspace, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (workspace / ".skyforge").symlink_to(outside)
    err = run("deck", "add", "demo-blue-wall", "DEMO.016", expect=2).stderr
    assert "is a symbolic link" in err and list(outside.iterdir()) == []


# -- locks, temporary files and file names ---------------------------------------------------------


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


def test_deck_rename_leaves_exactly_one_file_at_every_step(run, workspace, monkeypatch):
    import skyforge.workbench.editing as editing

    calls = []
    real = editing.os.replace
    monkeypatch.setattr(editing.os, "replace", lambda a, b: calls.append((a, b)) or real(a, b))
    run("deck", "rename", "demo-blue-wall", "wall-two")
    decks = workspace / "decks"
    assert not (decks / "demo-blue-wall.toml").exists() and (decks / "wall-two.toml").exists()
    moves = [(Path(a).name, Path(b).name) for a, b in calls if not Path(a).name.endswith(".tmp")]
    assert moves == [("demo-blue-wall.toml", "wall-two.toml")]  # the file moves in one step
    assert 'name = "wall-two"' in (decks / "wall-two.toml").read_text()


def test_a_file_name_too_long_for_its_lock_is_bad_input(run, workspace):
    """Found by tools/fuzz.py: `collection add --file NAME` with a 250-character name."""
    result = run("collection", "add", "DEMO.016", "--file", "a" * 250 + ".toml", expect=2)
    assert "the file name is too long" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "export", "demo-blue-wall", "-o", "a" * 300 + ".txt"),
        ("catalog", "init", "b" * 4000),
        ("catalog", "import", "c.csv", "-o", "c" * 300 + ".toml"),
    ],
)
def test_an_output_name_too_long_is_bad_input(run, workspace, args):
    _put(workspace, "c.csv", "code,kind,name,faction,rarity,type,cost\nDEMO.199,alliance,Fine,liothan,base,ally,2\n")
    err = run(*args, expect=2).stderr
    assert "the file name is too long" in err and len(err) < 1000


# -- FIFOs and the cache folder --------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_named_like_a_deck_never_blocks(run, workspace):
    os.mkfifo(workspace / "decks" / "x.toml")
    seconds, result = _timed(run, "deck", "list")
    assert result.exit_code == 0 and seconds < HANG and "demo-blue-wall" in result.stdout
    err = run("deck", "validate", "x", expect=2).stderr
    assert "decks/x.toml: is not a regular file" in err


def test_a_cache_folder_that_cannot_be_made_is_skipped(run, workspace):
    blocker = workspace / "not-a-folder"
    blocker.write_text("a file where the cache folder would go")
    env = {"SKYFORGE_CACHE_DIR": str(blocker / "skyforge")}
    run("deck", "validate", "demo-blue-wall", env=env)
    run("cards", "search", "wall", env=env)


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_link_planted_under_the_cache_name_is_never_followed(run, workspace, tmp_path):
    from skyforge.catalog import cache

    folder = tmp_path / "cache"
    folder.mkdir()
    env = {"SKYFORGE_CACHE_DIR": str(folder)}
    run("deck", "validate", "demo-blue-wall", env=env)  # writes the cache: its name is now known
    (name,) = [p.name for p in folder.glob("catalog-*.json")]
    for p in folder.glob("catalog-*.json"):
        p.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (folder / name).symlink_to(victim)
    run("deck", "validate", "demo-blue-wall", env=env)  # a miss: rebuilt and written
    assert victim.read_text() == "precious"
    assert not (folder / name).is_symlink() and (folder / name).read_bytes().startswith(b"{")
    assert cache.VERSION  # the module is the one under test


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
@pytest.mark.parametrize("folder", ["decks", "campaigns"])
def test_a_workspace_folder_linked_outside_is_read_never_written(run, workspace, tmp_path, folder):
    """decks/ or campaigns/ itself a link to a folder outside: read through, written never (docs/guide.md)."""
    outside = tmp_path / "elsewhere" / folder
    outside.parent.mkdir()
    if folder == "decks":
        (workspace / "decks").rename(outside)
    else:
        outside.mkdir()
    (workspace / folder).symlink_to(outside)
    before = sorted(p.name for p in outside.iterdir())
    if folder == "decks":
        assert "demo-blue-wall" in run("deck", "list").stdout  # read through the link
        result = run("deck", "new", "x", "--castle", "DEMO.001", expect=2)
    else:
        result = run(
            "campaign", "new", "x", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall",
            "--outsider", "Orrun the Everwake", "--hordes", "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
            "--difficulty", "2", "--seed", "1", expect=None,
        )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert f"{folder}/ is a symbolic link to {outside.resolve()}, outside the workspace" in result.stderr
    assert f"hint: make {folder}/ a real folder in the workspace" in result.stderr
    assert sorted(p.name for p in outside.iterdir()) == before


def test_catalog_import_to_a_file_takes_its_lock_and_clears_stale_temporary_files(run, workspace):
    """A killed import once left `.out.toml.*.tmp` for good: the next write of the file removes them."""
    stale = workspace / ".out.toml.1abc.tmp"
    stale.write_text("half a catalog")
    (workspace / "cards.csv").write_text("code,name\nDEMO.240,Novice\n", encoding="utf-8")
    run("catalog", "import", "cards.csv", "-o", "out.toml")
    assert not stale.exists() and (workspace / "out.toml").exists()
    assert (workspace / ".skyforge" / "locks" / "out.toml.lock").exists()
