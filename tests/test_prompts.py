"""What skyforge asks on a terminal: a hero for each turn, a yes or no; Ctrl-C or Ctrl-D at any prompt exits 130."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import cite
from tests.pty_util import run_in_pty_with_status

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
PROMPT = b"(empty = random): "
MOBA = ("onward", "draft", "--method", "moba", "--players", "Ann,Bob", "--seed", "7")


def _steps(workspace: Path, name: str) -> list[dict]:
    return tomllib.loads((workspace / "drafts" / f"{name}.toml").read_text(encoding="utf-8"))["journal"]


def _typing(*answers: bytes, prompt: bytes = PROMPT):
    """An ``answer`` for :func:`run_in_pty`: types ``answers[i]`` at the i-th prompt, Enter after them."""
    typed: list[bytes] = []

    def answer(out: bytes) -> bytes | None:
        if out.count(prompt) > len(typed) and out.endswith(prompt):
            typed.append(answers[len(typed)] if len(typed) < len(answers) else b"\n")
            return typed[-1]
        return None

    return answer


def _interactive(monkeypatch) -> None:
    from skyforge.cli import stdio

    monkeypatch.setattr(stdio, "interactive", lambda: True)  # as if stdin were a terminal


# -- onward pick NAME with no hero ------------------------------------------------------------


@pytest.mark.slow
@POSIX
def test_onward_pick_with_no_hero_asks_on_a_terminal_and_ctrl_c_keeps_each_choice(run, workspace: Path):
    cite("002", "In the ban step, each team, starting with the Shadow team, removes one hero from the drafting pool.")
    run(*MOBA, "--save", "fri", "--picks", "Glasswind,Sunblade,Brightlance", "--pause")
    # turn 4 at random (Enter), turn 5 typed, Ctrl-C at turn 6
    answers = _typing(b"\n", b"Fernsong\n", b"\x03")
    text, status = run_in_pty_with_status(["onward", "pick", "fri"], workspace, columns=250, answer=answers)
    assert status == 130, text
    assert "teams: Shadow: Ann · Light: Bob" in text
    assert "so far: Shadow: Brightlance · Light: — · bans: Glasswind, Sunblade" in text
    drawn = re.search(r"turn 4: Bob \(Light\) picks \(random\) (\w+)", text)
    assert drawn, text
    assert f"so far: Shadow: Brightlance · Light: {drawn.group(1)}, Fernsong · bans: Glasswind, Sunblade" in text
    legal = next(line for line in text.splitlines() if line.startswith("legal: "))
    assert "Fernsong (green/mage/liothan)" in text and "Glasswind" not in legal  # banned: not legal
    assert "draft paused: every choice so far is saved in 'fri'" in text
    journal = _steps(workspace, "fri")
    assert [(c["name"], c["random"]) for c in journal[3:]] == [(drawn.group(1), True), ("Fernsong", False)]
    # once more, Enter at every prompt: the draft is finished and shown
    text, status = run_in_pty_with_status(["onward", "pick", "fri"], workspace, columns=250, answer=_typing())
    assert status == 0, text
    assert text.count(PROMPT.decode().rstrip()) == 7 and "Onward draft — format onward-moba-4" in text
    assert len(_steps(workspace, "fri")) == 12


def test_onward_pick_with_no_hero_off_a_terminal_exits_2_with_a_hint(run, workspace: Path):
    run(*MOBA, "--save", "fri", "--picks", "Glasswind", "--pause")
    err = run("onward", "pick", "fri", expect=2).stderr
    assert "no hero given: turn 2 of the draft 'fri' is Bob (Light)'s ban" in err
    assert "--random" in err and "on a terminal, 'skyforge onward pick fri' asks for each turn" in err
    assert "Traceback" not in err
    data = json.loads(run("onward", "pick", "fri", "--json", expect=2).stdout)
    assert data["error"]["exit_code"] == 2
    assert len(_steps(workspace, "fri")) == 1  # nothing chosen
    run("onward", "pick", "fri", "--random")
    err = run("onward", "pick", "fri", expect=2).stderr
    assert "the draft 'fri' is complete" in err and "onward undo fri" in err


def test_pick_with_no_hero_asks_again_after_a_refused_answer(run, monkeypatch, workspace: Path):
    cite("002", "Restriction 1: one per color. Teams must include one hero of each color.")
    run("onward", "draft", "--method", "snake", "--one-per-color", "--seed", "7", "--save", "s", "--picks", "Fernsong",
        "--pause")  # fmt: skip
    _interactive(monkeypatch)
    # turns 2 and 3 are Light's: Fernsong is taken; Sapspinner (green) is Light's; Rootcaller, green too, is not
    result = run("onward", "pick", "s", input="Fernsong\nSapspinner\nRootcaller\n" + "\n" * 10)
    assert "refused: cannot pick Fernsong: already taken" in result.stderr
    assert "refused: cannot pick Rootcaller: colour already in your team: Light has green (Sapspinner)" in result.stderr
    journal = _steps(workspace, "s")
    assert len(journal) == 8 and journal[1]["name"] == "Sapspinner" and not journal[1]["random"]


def test_arena_pick_with_no_hero_asks_too(run, monkeypatch, workspace: Path):
    run("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "cup", "--picks", "Ashka", "--pause")
    _interactive(monkeypatch)
    err = run("arena", "pick", "cup", input="\n" * 12).stderr
    assert "so far: Ann: Ashka · Bob: —" in err and re.search(r"turn 2: Bob picks \(random\) \w+", err)
    assert len(_steps(workspace, "cup")) == 10


# -- Ctrl-C and Ctrl-D at every prompt of skyforge ---------------------------------------------


#: every command of skyforge that asks on a terminal: its arguments, its prompt, the prompts
#: answered before the key (a random pick, so the key stops a draft part-way), and what it keeps
PROMPTS = {
    "onward draft": (["onward", "draft", "--method", "snake", "--seed", "3", "--save", "d"], PROMPT, 1),
    "onward pick": (["onward", "pick", "p"], PROMPT, 1),
    "arena draft": (["arena", "draft", "--players", "Ann,Bob", "--seed", "3"], PROMPT, 1),
    "arena pick": (["arena", "pick", "a"], PROMPT, 1),
    "catalog init": (["catalog", "init", "mine.toml"], b"[Y/n]: ", 0),
    "catalog add": (["catalog", "add", "added.toml"], b"]: ", 1),
    "campaign start-deck": (["campaign", "start-deck", "c"], b"(0 cards): ", 0),
    "plan record": (["plan", "record", "liothan-shapeshifters", "renegade", "--won"], b"[y/N]: ", 0),
}


def _before_the_prompts(run, command: str) -> None:
    """What a player has done before the command that asks."""
    if command in ("onward pick", "arena pick"):
        run("onward", "draft", "--method", "snake", "--seed", "3", "--save", "p", "--picks", "Fernsong", "--pause")
        run("arena", "draft", "--players", "Ann,Bob", "--seed", "3", "--save", "a", "--picks", "Ashka", "--pause")
    elif command == "campaign start-deck":
        hordes = "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw"
        run("campaign", "new", "c", "--castle", "DEMO.001", "--player", "A=demo-blue-wall", "--hordes", hordes,
            "--difficulty", "2", "--outsider", "Orrun the Everwake", "--seed", "3")  # fmt: skip
    elif command == "plan record":
        run("plan", "record", "liothan-shapeshifters", "renegade", "--won")  # again: "played twice?"


@pytest.mark.slow
@POSIX
@pytest.mark.parametrize("key", [b"\x03", b"\x04"], ids=["ctrl-c", "ctrl-d"])
@pytest.mark.parametrize("command", sorted(PROMPTS))
def test_ctrl_c_or_ctrl_d_at_any_prompt_exits_130(run, workspace: Path, command, key):
    _before_the_prompts(run, command)
    args, prompt, before = PROMPTS[command]
    text, status = run_in_pty_with_status(args, workspace, answer=_typing(*[b"\n"] * before, key, prompt=prompt))
    assert status == 130, text
    assert "Traceback" not in text
    if command == "catalog init":
        assert (workspace / "mine.toml").exists()  # what was done is kept
    elif command == "catalog add":
        assert not (workspace / "added.toml").exists()  # a card half given is not written
    elif command in ("onward draft", "onward pick", "arena pick"):
        assert "draft paused: every choice so far is saved" in text
        assert len(_steps(workspace, args[-1] if "pick" in args else "d")) >= 1
    elif command == "arena draft":
        assert "nothing was kept" in text
    elif command == "campaign start-deck":
        assert "nothing was written; A has no starting deck yet" in text
    else:
        assert len(tomllib.loads((workspace / "plan.toml").read_text(encoding="utf-8"))["results"]) == 1


def test_ctrl_c_during_any_command_exits_130_not_1(run, monkeypatch):
    from skyforge.cli import deck_edit

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(deck_edit, "deck_summaries", interrupted)  # as if Ctrl-C came while decks are read
    result = run("deck", "list", expect=130)
    assert "Aborted" in result.stderr and "Traceback" not in result.output


# -- what the audit found open ------------------------------------------------------------------


@pytest.mark.slow
@POSIX
@pytest.mark.parametrize(("typed", "recorded"), [(b"\n", True), (b"n\n", False)])
def test_catalog_init_offers_on_a_terminal_to_record_the_new_catalog(workspace: Path, typed, recorded):
    text, status = run_in_pty_with_status(
        ["catalog", "init", "mine.toml"], workspace, answer=_typing(typed, prompt=b"[Y/n]: ")
    )
    assert status == 0, text
    assert "record mine.toml as this workspace's catalog (in skyforge.toml)? [Y/n]:" in text
    assert (workspace / "skyforge.toml").exists() is recorded
    assert ("recorded mine.toml in" in text) is recorded
