"""The interactive Onward draft names the player and the team (Light or Shadow) at every turn."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.conftest import cite
from tests.pty_util import run_in_pty

PROMPT = re.compile(r"turn (\d+): (\w+) \((Light|Shadow)\) (picks|bans) \(empty = random\)")


def _teams(text: str) -> dict[str, str]:
    m = re.search(r"teams: (\w+): (\w+) · (\w+): (\w+)", text)
    assert m, text
    return {m.group(2): m.group(1), m.group(4): m.group(3)}


def test_interactive_draft_names_player_and_team_each_turn(run, monkeypatch):
    cite(
        "002",
        "A. Teams. Players split into Light and Shadow teams, assigned randomly.",
        "In the ban step, each team, starting with the Shadow team, removes one hero from the drafting pool.",
    )
    from skyforge.cli import stdio

    monkeypatch.setattr(stdio, "interactive", lambda: True)  # as if stdin were a terminal
    result = run("onward", "draft", "--method", "moba", "--players", "Ann,Bob", "--seed", "7", input="\n" * 20)
    err = result.stderr
    teams = _teams(err)
    turns = PROMPT.findall(err)
    assert [int(t[0]) for t in turns] == list(range(1, len(turns) + 1)) and len(turns) >= 10
    for _, player, team, _ in turns:
        assert teams[player] == team  # the player named is on the team named
    assert {t[3] for t in turns} == {"picks", "bans"}
    assert err.index("teams:") < err.index("turn 1:")  # told before the first turn


def test_four_players_each_pick_names_who_gets_the_hero(run, monkeypatch):
    from skyforge.cli import stdio

    monkeypatch.setattr(stdio, "interactive", lambda: True)  # as if stdin were a terminal
    err = run(
        "onward", "draft", "--method", "snake", "--players", "Ann,Bob,Cy,Dee", "--seed", "2", input="\n" * 20
    ).stderr
    picks = re.findall(r"turn \d+: (\w+) \((Light|Shadow) with (\w+)\) picks", err)
    assert picks and {p for p, _, _ in picks} == {"Ann", "Bob", "Cy", "Dee"}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_interactive_draft_in_a_real_pseudo_terminal(workspace: Path):
    def random_hero(out: bytes) -> bytes | None:
        return b"\n" if out.rstrip().endswith(b"(empty = random):") else None  # as an empty answer asks

    text = run_in_pty(
        ["onward", "draft", "--method", "snake", "--players", "Ann,Bob", "--seed", "7"], workspace, answer=random_hero
    )
    teams = _teams(text)
    turns = PROMPT.findall(text)
    assert len(turns) == 8, text
    assert all(teams[player] == team for _, player, team, _ in turns)
    assert "Onward draft" in text
