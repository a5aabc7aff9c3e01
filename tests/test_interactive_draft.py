"""The interactive Onward draft names the player and the team (Light or Shadow) at every turn."""

from __future__ import annotations

import json
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


@pytest.mark.slow
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


# -- interactive drafts: random choices said at once, Ctrl-C/Ctrl-D pauses -----------------------


ONWARD = ("onward", "draft", "--method", "moba", "--players", "Ann,Bob", "--seed", "7")


def _interactive(monkeypatch):
    from skyforge.cli import stdio

    monkeypatch.setattr(stdio, "interactive", lambda: True)


def test_a_random_choice_is_said_at_once_and_the_prompt_shows_each_heros_traits(run, monkeypatch):
    import re

    _interactive(monkeypatch)
    err = run(*ONWARD, input="\n" * 30).stderr
    said = re.findall(r"turn (\d+): (\w+) \((Light|Shadow)\) (picks|bans) \(random\) (\S.*)", err)
    assert said and [int(t[0]) for t in said] == list(range(1, len(said) + 1))
    legal = next(line for line in err.splitlines() if line.startswith("legal: "))
    assert re.search(r"\w \((red|blue|green|yellow)", legal), legal


def test_ctrl_d_pauses_a_saved_draft_with_every_choice_kept(run, monkeypatch, workspace: Path):
    _interactive(monkeypatch)
    result = run(*ONWARD, "--save", "friday", input="\n\n\n", expect=130)
    assert "resume with: skyforge onward pick friday" in result.stderr
    shown = json.loads(run("onward", "show", "friday", "--json").stdout)
    assert len(shown["steps"]) == 3
    run("onward", "pick", "friday", "--random")


def test_ctrl_d_without_save_says_nothing_was_kept(run, monkeypatch, workspace: Path):
    _interactive(monkeypatch)
    result = run("arena", "draft", "--players", "Ann,Bob", "--seed", "3", input="\n", expect=130)
    assert "nothing was kept" in result.stderr
    assert not (workspace / "drafts").exists() or not list((workspace / "drafts").iterdir())


def test_ctrl_c_at_any_prompt_exits_130(run, monkeypatch):
    import click

    from skyforge.cli import drafting

    def interrupted(*args, **kwargs):
        raise click.exceptions.Abort

    _interactive(monkeypatch)
    monkeypatch.setattr(drafting, "prompt_for", lambda: interrupted)
    run(*ONWARD, expect=130)


# -- demo data marked --------------------------------------------------------------------------


def test_a_saved_interactive_draft_is_written_after_each_choice(run, monkeypatch, workspace: Path):
    import tomllib

    from skyforge.cli import drafting

    seen = []

    def prompt_for():
        def ask(turn, session):
            path = workspace / "drafts" / "fri.toml"
            seen.append(len(tomllib.loads(path.read_text())["journal"]) if path.exists() else 0)
            return None

        return ask

    _interactive(monkeypatch)
    monkeypatch.setattr(drafting, "prompt_for", prompt_for)
    run(*ONWARD, "--save", "fri")
    assert seen[:4] == [0, 1, 2, 3]
