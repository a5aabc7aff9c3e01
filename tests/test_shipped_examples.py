"""The examples a fresh clone ships load as they are: the campaign under campaigns/."""

from __future__ import annotations

import json
import shutil

from .conftest import ROOT


def test_example_campaign_part_way_through_loads(run, workspace):
    shutil.copytree(ROOT / "campaigns", workspace / "campaigns")
    listed = run("campaign", "list").stdout
    assert "example: scenario, game 2/4, gold 5, castle health 13" in listed
    data = json.loads(run("campaign", "show", "example", "--json").stdout)
    assert data["game"] == 2 and data["gold"] == 5 and data["castle_health"] == 13
    assert data["games"][0]["result"] == "won"
    shown = run("campaign", "show", "example").stdout
    assert "Recruit 2 (taken)" in shown and "Alice's offers" in shown
    # the journal records recruits, gold spent and health lost
    log = run("campaign", "log", "example").stdout
    assert "action Recruit 2 (gold -4)" in log and "pillaged" in log and "castle health set to 13" in log
