"""Shared fixtures: a CLI runner in a temporary workspace, paths to shipped data."""

from __future__ import annotations

import shutil
import traceback
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent


def find_rulebooks() -> Path | None:
    """The rulebooks, for the citation check: ``SKYFORGE_RULEBOOKS``, or ``shared/rulebooks``
    in a folder above the checkout (as in development and CI); ``None`` when there are none."""
    import os

    candidates = (
        [Path(os.environ["SKYFORGE_RULEBOOKS"])]
        if os.environ.get("SKYFORGE_RULEBOOKS")
        else [base / "shared" / "rulebooks" for base in ROOT.parents]
    )
    return next((c for c in candidates if any(c.glob("00[0-9]_*.txt"))), None)


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
def clone_workspace(workspace: Path) -> Path:
    """The workspace of a fresh clone: the example decks, collection and campaigns."""
    shutil.copytree(ROOT / "campaigns", workspace / "campaigns")
    return workspace


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
            pytest.fail(
                f"skyforge {' '.join(args)} exited {result.exit_code}, expected {expect}\n"
                f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
            )
        return result

    return invoke


def cite(book: str, *quotes: str) -> None:
    """Name the rulebook lines a test relies on: ``cite("000", "exact words …")``.

    Tests run without the rulebooks (a fresh clone has none beside it), so a
    citation does not check anything while the test runs: ``test_citations.py``
    reads every ``cite(…)`` call in the tests and checks each quote against the
    rulebooks wherever they are found. Quotes must be string literals.
    """
    if not quotes or not all(isinstance(q, str) and q.strip() for q in (book, *quotes)):
        raise TypeError("cite(book, quote, …) takes the rulebook number and at least one quote")


def _no_hypothesis_deadline() -> None:
    """Hypothesis fails an example that takes over 200 ms by default: a wall-clock bound that a
    machine busy with other work breaks. Property tests bound their work by their examples."""
    from hypothesis import settings

    settings.register_profile("skyforge", deadline=None)
    settings.load_profile("skyforge")


_no_hypothesis_deadline()
