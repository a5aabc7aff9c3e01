"""At the table, audited: what issues 21 and 22 ask for, tried as a player would.

`onward pick NAME` with no hero asks on a terminal; Ctrl-C or Ctrl-D at any prompt exits 130;
the official entries that are inferences say so; and the bullets the audit found open.
"""

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


# -- the two official entries that are inferences ----------------------------------------------


def test_benidias_class_is_marked_as_an_inference_wherever_it_is_shown(run):
    # 003 names classes only as colours and says of Benidia only that she has an enchanter Skill
    cite(
        "003",
        "The colour of a hero card determines that card's class",
        "Next they use the enchanter Skill of Benidia to give +1 power to Yaesia",
    )
    out = run("arena", "heroes").stdout
    assert re.search(r"Benidia +— +enchanter \(inferred\)", out)
    assert "inferred, not stated by the rulebooks — Benidia's class: 003 gives no hero's class" in out
    benidia = next(h for h in json.loads(run("arena", "heroes", "--json").stdout) if h["name"] == "Benidia")
    assert benidia["class"] == "enchanter" and "enchanter Skill of Benidia" in benidia["inferred"]["class"]
    assert all(not h["inferred"] for h in json.loads(run("arena", "heroes", "--json").stdout) if h["name"] != "Benidia")
    shown = run("cards", "show", "Benidia").stdout
    assert "hero_class    enchanter (inferred)" in shown and "inferred      hero_class: 003 gives no" in shown
    assert json.loads(run("cards", "show", "Benidia", "--json").stdout)["inferred"]["hero_class"]


def test_the_campaigns_first_games_suggested_decks_are_marked_as_an_inference(run):
    # 000 names a colour and a set, not a deck; 001 does the same, but lists its Monoliths decks
    cite("000", "(For your first game, use the blue and/or green decks from the Campaigns set).")
    cite("001", "(For your first game, use the blue and/or green decks from the Monoliths set).", "From Monoliths:")
    cite("001", "- Liothan Enforcers", "- Taulot Custodians", "Liothan (blue), Taulot (green)")
    out = run("game", "setup", "--first-game", "CAM", "--seed", "1").stdout
    assert "suggested decks: Liothan Zealots, Taulot Dwellers (inferred)" in out
    assert "note: inferred, not stated by the rulebooks — suggested decks: 000 says" in out
    data = json.loads(run("game", "setup", "--first-game", "CAM", "--seed", "1", "--json").stdout)
    assert data["alliance_decks"] == ["Liothan Zealots", "Taulot Dwellers"] and data["inferred"]["alliance_decks"]
    mon = json.loads(run("game", "setup", "--first-game", "MON", "--seed", "1", "--json").stdout)
    assert mon["alliance_decks"] == ["Liothan Enforcers", "Taulot Custodians"]
    assert "alliance_decks" not in mon["inferred"]


def test_a_players_card_takes_the_place_of_an_inference(run, workspace: Path):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "arena-hero"\nname = "Benidia"\nhero_class = "violet"\n', encoding="utf-8"
    )
    heroes = json.loads(run("--catalog", "mine.toml", "arena", "heroes", "--json").stdout)
    benidia = next(h for h in heroes if h["name"] == "Benidia")
    assert benidia["class"] == "violet" and benidia["inferred"] == {} and benidia["provenance"] == "official"
    assert "(inferred)" not in run("--catalog", "mine.toml", "cards", "show", "Benidia").stdout


def test_inferred_names_a_field_of_the_entry(run, workspace: Path):
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "arena-hero"\nname = "Zed"\nhero_class = "violet"\n'
        'inferred = { hero_clas = "a guess" }\n',
        encoding="utf-8",
    )
    err = run("--catalog", "mine.toml", "arena", "heroes", expect=2).stderr
    assert "mine.toml" in err and "inferred names 'hero_clas'" in err and "hero_class" in err
    assert "Traceback" not in err


# -- what the audit found open ------------------------------------------------------------------


def test_a_test_draw_of_demo_cards_says_they_are_demo_data(run):
    from skyforge.terms import demo_note

    cite("000", "Each player draws five cards from their alliance deck.")
    assert demo_note() in run("deck", "draw", "demo-blue-wall", "--seed", "3").stdout
    assert json.loads(run("deck", "draw", "demo-blue-wall", "--seed", "3", "--json").stdout)["demo_data"] is True


def test_the_battle_plans_outsider_comes_from_the_collection_the_workspace_file_names(run, workspace: Path):
    cite("001", "use a random outsider from your collection instead")
    for horde in ("renegade", "undead", "predator", "nightmare"):
        run("plan", "record", "liothan-shapeshifters", horde, "--won")
    (workspace / "skyforge.toml").write_text('schema = 1\ncollection = "owned.toml"\n', encoding="utf-8")
    (workspace / "owned.toml").write_text('schema = 1\n[cards]\n"DEMO.166" = 1\n', encoding="utf-8")
    for seed in ("1", "2", "3"):
        out = run("plan", "--seed", seed).stdout
        assert (
            "Outsider: Orrun the Everwake — 4 wins with this deck (4+): a random outsider from your collection" in out
        )
    (workspace / "owned.toml").write_text('schema = 1\n[cards]\n"DEMO.008" = 1\n', encoding="utf-8")
    assert "it holds none, so it is drawn from the catalog's" in run("plan", "--seed", "1").stdout


def _own_cards(n: int) -> str:
    head = 'schema = 1\n[[sets]]\ncode = "ANN"\nname = "Ann\'s box"\n'
    return head + "".join(
        f'[[cards]]\ncode = "ANN.{i:03d}"\nkind = "alliance"\nname = "Zed {i}"\nfaction = "liothan"\n'
        'rarity = "base"\ntype = "ally"\n'
        for i in range(1, n + 1)
    )


def test_the_cards_a_deck_carries_are_bounded_both_ways(run, workspace: Path):
    from skyforge.workbench.carried import MAX_CARRIED_CARDS

    (workspace / "ann.toml").write_text(_own_cards(MAX_CARRIED_CARDS + 1), encoding="utf-8")
    cards = "".join(f'"ANN.{i:03d}" = 1\n' for i in range(1, MAX_CARRIED_CARDS + 2))
    (workspace / "decks" / "big.toml").write_text(f'name = "Big"\ncastle = "DEMO.001"\n[cards]\n{cards}')
    cat = ("--catalog", "@demo", "--catalog", "ann.toml")
    err = run(*cat, "deck", "export", "big", "--format", "code", "--with-cards", expect=2).stderr
    assert f"the deck uses {MAX_CARRIED_CARDS + 1} cards of your own, over the carried-cards limit" in err
    assert "send your catalog file instead" in err and "Traceback" not in err
    # a message crafted to carry more is refused too, and writes nothing
    (workspace / "decks" / "big.toml").write_text('name = "Big"\ncastle = "DEMO.001"\n[cards]\n"ANN.001" = 1\n')
    sent = json.loads(run(*cat, "deck", "export", "big", "--format", "json", "--with-cards").stdout)
    sent["carried_cards"]["cards"] *= MAX_CARRIED_CARDS + 1
    (workspace / "sent.json").write_text(json.dumps(sent), encoding="utf-8")
    result = run("deck", "import", "sent.json", "--name", "got", "--cards-to", "got.toml", expect=2)
    assert f"{MAX_CARRIED_CARDS + 1} carried cards, over the limit of {MAX_CARRIED_CARDS}" in result.stderr
    assert "hint:" in result.stderr and "Traceback" not in result.output
    assert not (workspace / "got.toml").exists() and not (workspace / "decks" / "got.toml").exists()


def test_workspace_and_its_environment_variable_win_over_the_workspace_file(run, tmp_path, monkeypatch):
    ann, other = tmp_path / "ann", tmp_path / "other"
    (ann / "mine").mkdir(parents=True)
    (other / "decks").mkdir(parents=True)
    (ann / "skyforge.toml").write_text('schema = 1\ndecks = "mine"\n', encoding="utf-8")
    (ann / "mine" / "anns.toml").write_text('name = "Ann\'s"\ncastle = "DEMO.001"\n', encoding="utf-8")
    (other / "decks" / "others.toml").write_text('name = "Other\'s"\ncastle = "DEMO.001"\n', encoding="utf-8")
    monkeypatch.chdir(ann)
    assert [d["deck"] for d in json.loads(run("deck", "list", "--json").stdout)] == ["anns"]
    for way in (("--workspace", str(other)), ()):
        env = {} if way else {"SKYFORGE_WORKSPACE": str(other)}
        assert [d["deck"] for d in json.loads(run(*way, "deck", "list", "--json", env=env).stdout)] == ["others"]
        assert json.loads(run(*way, "catalog", "check", "--json", env=env).stdout)["workspace_file"] is None


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
