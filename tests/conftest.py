"""Shared fixtures: a CLI runner in a temporary workspace, paths to shipped data."""

from __future__ import annotations

import shutil
import traceback
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
def _find_rulebooks() -> Path:
    """shared/rulebooks beside the checkout (as in development and CI), or SKYFORGE_RULEBOOKS."""
    import os

    if os.environ.get("SKYFORGE_RULEBOOKS"):
        return Path(os.environ["SKYFORGE_RULEBOOKS"])
    for base in (ROOT, *ROOT.parents):
        candidate = base / "shared" / "rulebooks"
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "rulebooks"


RULEBOOKS = _find_rulebooks()
SHIPPED_CATALOG = ROOT / "catalog"
DEMO_CATALOG = SHIPPED_CATALOG / "demo"
EXAMPLE_DECKS = ROOT / "decks"


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory):
    """Tests keep the catalog cache in their own folder, not the user's."""
    import os

    os.environ["SKYFORGE_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A fresh workspace holding copies of the shipped example decks."""
    ws = tmp_path / "ws"
    (ws / "decks").mkdir(parents=True)
    for deck in EXAMPLE_DECKS.glob("*.toml"):
        shutil.copy(deck, ws / "decks" / deck.name)
    if (ROOT / "collection.toml").exists():
        shutil.copy(ROOT / "collection.toml", ws / "collection.toml")
    return ws


@pytest.fixture
def run(workspace: Path, monkeypatch: pytest.MonkeyPatch):
    """Run ``skyforge ARGS…`` in the workspace; show output and traceback on failure.

    ``run("deck", "validate", "x", expect=1)`` asserts the exit status (default 0).
    """
    from skyforge.cli.main import cli

    monkeypatch.chdir(workspace)
    monkeypatch.delenv("SKYFORGE_CATALOG", raising=False)
    monkeypatch.delenv("SKYFORGE_WORKSPACE", raising=False)
    monkeypatch.setenv("COLUMNS", "120")

    def invoke(*args: str, expect: int | None = 0, input: str | None = None, env: dict | None = None):
        runner = CliRunner()
        result = runner.invoke(cli, list(args), input=input, env=env, catch_exceptions=True)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            tb = "".join(traceback.format_exception(result.exception))
            pytest.fail(f"skyforge {' '.join(args)} raised:\n{tb}\noutput:\n{result.output}")
        if expect is not None and result.exit_code != expect:
            pytest.fail(f"skyforge {' '.join(args)} exited {result.exit_code}, expected {expect}\n"
                        f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
        return result

    return invoke


def rulebook(name: str) -> str:
    """The text of a rulebook, by its number prefix ('000', '001', …)."""
    found = sorted(RULEBOOKS.glob(f"{name}_*.txt"))
    if not found:
        pytest.fail(f"rulebook {name}_*.txt not found in {RULEBOOKS}: tests cite the rulebooks; "
                    "put shared/ beside the checkout or set SKYFORGE_RULEBOOKS")
    path = found[0]
    return path.read_text(encoding="utf-8")


def assert_quotes(book: str, *lines: str) -> None:
    """Fail unless the rulebook really says each line: tests cite the rule they check."""
    text = " ".join(rulebook(book).split())
    for line in lines:
        assert " ".join(line.split()) in text, f"rulebook {book} does not say: {line!r}"
