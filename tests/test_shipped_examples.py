"""The examples a fresh clone ships load as they are: the campaign under campaigns/."""

from __future__ import annotations

import json

import pytest

from .conftest import ROOT


def test_example_campaign_part_way_through_loads(run, clone_workspace):
    listed = run("campaign", "list").stdout
    assert "example: scenario, game 2/4, gold 5, castle health 15" in listed
    data = json.loads(run("campaign", "show", "example", "--json").stdout)
    assert data["game"] == 2 and data["gold"] == 5 and data["castle_health"] == 15
    assert data["games"][0]["result"] == "won"
    shown = run("campaign", "show", "example").stdout
    assert "Recruit 2 (taken)" in shown and "Alice's offers" in shown
    # the journal records recruits, gold spent and health lost
    log = run("campaign", "log", "example").stdout
    assert "action Recruit 2 (gold -4)" in log and "pillaged" in log and "game 1 won, castle health 15" in log


@pytest.mark.slow
def test_bring_your_own_cards_walkthrough(run, workspace):
    """docs/own-cards.md: every command runs, in order, and prints what the page shows."""
    from .walkthrough import walk

    page = (ROOT / "docs" / "own-cards.md").read_text(encoding="utf-8")
    assert walk(run, workspace, page) >= 6
    assert "DEMO" not in page.split("## Layers")[0]
