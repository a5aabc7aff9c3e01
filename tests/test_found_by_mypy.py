"""Bugs the type checker found (issue 19): each one's behaviour, pinned."""

from __future__ import annotations

import pytest

from skyforge.catalog import load_catalog
from skyforge.draft import arena
from skyforge.draft import session as sessions
from skyforge.errors import SkyforgeError


def test_a_draft_saved_without_a_name_is_named_by_its_file(tmp_path):
    """``start`` with a path and no name: the "already exists" hint names the file's draft (it
    passed ``None`` to ``shlex.quote`` and told to continue with ``pick ''``)."""
    catalog, path = load_catalog(), tmp_path / "drafts" / "friday.toml"
    options = {"players": ["Ann", "Bob"], "seed": 3}
    sessions.start(catalog, arena.GAME, options, pause=True, path=path, command="arena")
    assert path.exists()
    with pytest.raises(SkyforgeError) as refused:
        sessions.start(catalog, arena.GAME, options, pause=True, path=path, command="arena")
    assert "skyforge arena pick friday" in str(refused.value.problems[0].hint)
