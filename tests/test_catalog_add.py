"""`skyforge catalog add`: a card entered field by field, or given with --set, appended to a catalog
file that keeps its comments and still loads."""

from __future__ import annotations

import itertools
import json
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.entry import NEW_FILE

#: the answers of a whole guided entry of an alliance card, one per question, in order (the
#: demo set is loaded: no catalog of the workspace's own)
GUIDED = [
    "",  # kind: Enter takes alliance
    "demo.14",  # taken by a demo card: refused at once, asked again
    "demo.240",
    "Tidewatch Novice",
    "2",  # copies
    "Purple",  # not a faction: asked again
    "LIOTHAN",
    "common",  # read as base
    "ally",
    "tidecaller; ROYAL GUARD",
    "",  # keywords
    "two",  # not a whole number: asked again
    "1",
    "",  # attack
    "3",  # health
    "",  # hero
    "",  # replaces
    "",  # premade
    "Draw a card.",
    "y",  # add it?
]

PLAIN_FILE = """# My cards, kept by hand. This comment stays.
schema = 1

[[cards]]
code = "DEMO.230"   # the first one
kind = "alliance"
name = "Kept Card"

# more to come
"""


def _tables(path: Path) -> list[dict]:
    return tomllib.loads(path.read_text(encoding="utf-8"))["cards"]


def test_a_guided_entry_asks_each_field_and_asks_a_wrong_answer_again(run, workspace):
    result = run("catalog", "add", "--ask", input="\n".join(GUIDED) + "\n")
    err = result.stderr
    assert "code: DEMO.014 is already in the catalog: Ripplestep Duelist (the demo layer)" in err
    assert "hint: did you mean 'DEMO.195'? (the next free number)" in err
    assert "'Purple' is not one of 'liothan', 'taulot', 'kurumo', 'nupten'" in err
    assert "cost: must be a whole number (got 'two')" in err
    assert (
        err.count("cost [Enter: skip]:") == 2 and err.count("faction [liothan/taulot/kurumo/nupten, Enter: skip]:") == 2
    )
    assert "to be added to my-cards.toml" in err and 'subtypes = ["Tidecaller", "Royal Guard"]' in err
    assert "added DEMO.240 Tidewatch Novice to my-cards.toml" in result.stdout
    assert _tables(workspace / "my-cards.toml") == [
        {
            "code": "DEMO.240",
            "kind": "alliance",
            "name": "Tidewatch Novice",
            "copies": 2,
            "faction": "liothan",
            "rarity": "base",
            "type": "ally",
            "subtypes": ["Tidecaller", "Royal Guard"],
            "cost": 1,
            "health": 3,
            "text": "Draw a card.",
        }
    ]
    assert (workspace / "my-cards.toml").read_text(encoding="utf-8").startswith(NEW_FILE)


def test_a_question_mark_explains_the_field(run, workspace):
    answers = ["castle", "?", "", "Example Keep", "", "", "", "", "", "", "", "", "", "y"]
    result = run("catalog", "add", "--ask", input="\n".join(answers) + "\n")
    assert "code: SET.NNN as printed (any case or padding is accepted)." in result.stderr
    assert "not asked (tables, written by hand): deck_size, deck_rules" in result.stderr
    assert _tables(workspace / "my-cards.toml") == [{"kind": "castle", "name": "Example Keep"}]


def test_ctrl_d_at_a_prompt_exits_130_and_writes_nothing(run, workspace):
    (workspace / "mine.toml").write_text(PLAIN_FILE, encoding="utf-8")
    result = run("catalog", "add", "mine.toml", "--ask", input="alliance\nDEMO.231\n", expect=130)
    assert "Aborted." in result.stderr
    assert (workspace / "mine.toml").read_text(encoding="utf-8") == PLAIN_FILE
    result = run("catalog", "add", "--ask", input="\n".join(GUIDED[:-1]) + "\nn\n")
    assert "not added: nothing was written" in result.stderr and not (workspace / "my-cards.toml").exists()


def test_set_answers_for_scripts(run, workspace):
    result = run(
        "catalog",
        "add",
        "--set",
        "code=DEMO.240",
        "--set",
        "name=Tidewatch Novice",
        "--set",
        "faction=Liothan",
        "--set",
        "cost=1",
        "--set",
        "keywords=Fast|Heroic",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["file"] == "my-cards.toml" and data["in_catalog"] is False
    assert data["entry"] == _tables(workspace / "my-cards.toml")[0]
    assert data["entry"] == {
        "code": "DEMO.240",
        "kind": "alliance",
        "name": "Tidewatch Novice",
        "faction": "liothan",
        "keywords": ["Fast", "Heroic"],
        "cost": 1,
    }
    out = run(
        "catalog",
        "add",
        "--set",
        "kind=portal",
        "--set",
        "name=Sky Gate",
        "--set",
        "stage=1",
        "--set",
        "modes=solo;coop",
    ).stdout
    assert "added Sky Gate to my-cards.toml" in out
    assert "my-cards.toml is not in the catalog loaded here: give --catalog my-cards.toml" in out


def test_set_reports_every_bad_answer_and_each_missing_field(run, workspace):
    err = run("catalog", "add", "--set", "cost=two", "--set", "nme=x", expect=2).stderr
    assert "error: 3 problems" in err
    assert "cost: must be a whole number (got 'two')" in err
    assert "nme: an alliance card has no field 'nme'\n    hint: did you mean 'name'?" in err
    assert "name: no name given\n    hint: give it with --set name=… (Card name as printed.)" in err
    err = run("catalog", "add", "--set", "kind=portal", "--set", "name=P", expect=2).stderr
    assert "stage: no stage given" in err and "modes: no modes given" in err
    err = run("catalog", "add", "--set", "kind=castel", "--set", "name=P", expect=2).stderr
    assert "kind: unknown kind 'castel'\n  hint: did you mean 'castle'?" in err
    err = run("catalog", "add", "--set", "kind=castle", "--set", "name=P", "--set", "deck_rules=x", expect=2).stderr
    assert "deck_rules: deck_rules holds tables, which are not asked" in err
    err = run("catalog", "add", "--set", "name=A", "--set", "name=B", expect=2).stderr
    assert "--set name is given twice" in err
    err = run("catalog", "add", "--set", "name", expect=2).stderr
    assert "'name' is not KEY=VALUE" in err
    err = run("catalog", "add", "--set", "name=A", "--set", "code=ZZZ.001", expect=2).stderr
    assert "code: no set ZZZ in the catalog" in err and 'add a [[sets]] table with code = "ZZZ"' in err
    err = run("catalog", "add", "--set", "kind=horde", "--set", "name=A", "--set", "horde=gloom", expect=2).stderr
    assert "horde: no horde 'gloom' in the catalog" in err, err
    assert not (workspace / "my-cards.toml").exists()


def test_a_code_in_the_catalog_is_refused_with_the_next_free_one(run, workspace):
    (workspace / "mine.toml").write_text(PLAIN_FILE, encoding="utf-8")
    err = run("catalog", "add", "mine.toml", "--set", "code=demo.230", "--set", "name=Again", expect=2).stderr
    assert "code: DEMO.230 is already in the catalog: Kept Card (mine.toml:4)" in err
    assert "hint: did you mean 'DEMO.231'? (the next free number)" in err
    assert (workspace / "mine.toml").read_text(encoding="utf-8") == PLAIN_FILE


def test_the_files_comments_and_layout_survive(run, workspace):
    (workspace / "mine.toml").write_text(PLAIN_FILE, encoding="utf-8")
    run(
        "catalog",
        "add",
        "mine.toml",
        "--set",
        "code=DEMO.231",
        "--set",
        "name=New Card",
        "--set",
        "text=Line one\nline two",
    )
    text = (workspace / "mine.toml").read_text(encoding="utf-8")
    assert text.startswith(PLAIN_FILE)  # every byte it had, comments and blank lines included
    assert text[len(PLAIN_FILE) :] == (
        '\n[[cards]]\ncode = "DEMO.231"\nkind = "alliance"\nname = "New Card"\ntext = "Line one\\nline two"\n'
    )
    loaded = load_catalog([Path("@demo"), workspace / "mine.toml"], cache=False)
    assert loaded.get("DEMO.231").text == "Line one\nline two" and loaded.get("DEMO.230").name == "Kept Card"


def test_the_file_must_load_before_and_after(run, workspace):
    (workspace / "broken.toml").write_text('schema = 1\n[[cards]]\nkind = "alliance"\nname = 3\n', encoding="utf-8")
    err = run("catalog", "add", "broken.toml", "--set", "name=A", expect=2).stderr
    assert "broken.toml:4: cards[0] (3).name: must be text in quotes" in err
    err = run("catalog", "add", "decks/demo-blue-wall.toml", "--set", "name=A", expect=2).stderr
    assert "decks/demo-blue-wall.toml" in err and "Traceback" not in err
    err = run("catalog", "add", "cards.csv", "--set", "name=A", expect=2).stderr
    assert "cards.csv: a catalog file is a .toml file" in err


def test_the_default_file_is_the_workspaces_catalog(run, workspace):
    (workspace / "mine.toml").write_text(PLAIN_FILE, encoding="utf-8")
    (workspace / "skyforge.toml").write_text('schema = 1\ncatalog = ["@demo", "mine.toml"]\n', encoding="utf-8")
    (workspace / "decks" / "deeper").mkdir()
    out = run("catalog", "add", "--set", "code=DEMO.231", "--set", "name=Found", "--json").stdout
    assert json.loads(out)["file"] == "mine.toml" and json.loads(out)["in_catalog"] is True
    assert [c["name"] for c in _tables(workspace / "mine.toml")] == ["Kept Card", "Found"]
    (workspace / "more.toml").write_text("schema = 1\n", encoding="utf-8")
    err = run(
        "--catalog",
        "@demo",
        "--catalog",
        "mine.toml",
        "--catalog",
        "more.toml",
        "catalog",
        "add",
        "--set",
        "name=A",
        expect=2,
    ).stderr
    assert "your catalog has 2 files: name the one to add the card to" in err
    assert "hint: e.g. skyforge catalog add mine.toml; your files: mine.toml, more.toml" in err


#: a file name for each example of the property below
_NAMES = (f"prop-{i}.toml" for i in itertools.count())
_CODES = st.one_of(
    st.integers(min_value=1, max_value=999).map(lambda n: f"DEMO.{n}"),
    st.sampled_from(["demo-7", "CAM.014", "MON.3", "ZZZ.001", "nope", "DEMO.000"]),
)
_WORDS = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=20)
_ANSWERS = st.fixed_dictionaries(
    {"name": _WORDS},
    optional={
        "code": _CODES,
        "copies": st.one_of(st.integers(-1, 5).map(str), _WORDS),
        "faction": st.sampled_from(["liothan", "TAULOT", "Kurumo", "nupten", "blue", ""]),
        "rarity": st.sampled_from(["base", "Common", "rare", "MYTHIC", "legendary", "uncommon"]),
        "type": st.sampled_from(["ally", "Tower", "spell", "attachment", "monster"]),
        "subtypes": st.lists(_WORDS, max_size=3).map("; ".join),
        "keywords": st.lists(_WORDS, max_size=3).map("|".join),
        "cost": st.one_of(st.integers(-2, 12).map(str), _WORDS),
        "attack": st.integers(-2, 12).map(str),
        "health": st.integers(-2, 12).map(str),
        "hero": _WORDS,
        "text": _WORDS,
    },
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(_ANSWERS)
def test_any_entry_that_add_accepts_loads_back_equal(run, workspace, answers):
    name = next(_NAMES)
    argv = ["catalog", "add", name, "--json"]
    for key, value in answers.items():
        argv += ["--set", f"{key}={value}"]
    result = run(*argv, expect=None)
    assert result.exit_code in (0, 2), result.output
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert not (workspace / name).exists()
        return
    entry = json.loads(result.stdout)["entry"]
    loaded = load_catalog([Path("@demo"), workspace / name], cache=False)
    (card,) = [c for c in loaded if loaded.provenance(c) == "user"]
    assert card.table() == entry
    assert _tables(workspace / name) == [entry]


# -- on a real terminal --------------------------------------------------------------------------

#: runs skyforge ARGS and prints its exit status: the wrapper outlives the Ctrl-C it also gets
_STATUS = (
    "import signal, subprocess, sys\n"
    "signal.signal(signal.SIGINT, lambda *_: None)\n"
    "code = subprocess.call([sys.executable, '-c', 'from skyforge.cli.main import main; main()', *sys.argv[1:]])\n"
    "print(f'exit status {code}')\n"
)


def _typing(replies: list[tuple[bytes, bytes]]):
    """An ``answer`` for run_in_pty: each reply typed once its prompt has appeared (in order)."""
    state = {"step": 0, "seen": 0}

    def answer(out: bytes) -> bytes | None:
        if state["step"] >= len(replies):
            return None
        prompt, reply = replies[state["step"]]
        found = out.find(prompt, state["seen"])
        if found < 0:
            return None
        state["step"] += 1
        state["seen"] = found + len(prompt)
        return reply

    return answer


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_a_guided_entry_in_a_real_terminal(workspace):
    from tests.pty_util import run_in_pty

    (workspace / "mine.toml").write_text(PLAIN_FILE, encoding="utf-8")
    replies = [
        (b"kind [", b"\n"),
        (b"code [", b"DEMO.230\n"),  # in the file already
        (b"code [", b"DEMO.232\n"),
        (b"name [", b"Terminal Card\n"),
        (b"copies [", b"\n"),
        (b"faction [", b"lio\t\n"),  # Tab completes the faction
        (b"rarity [", b"rare\n"),
        (b"type [", b"spell\n"),
        (b"subtypes [", b"Tideca\t\n"),  # and a subtype the catalog knows
        *[
            (f"{key} [".encode(), b"\n")
            for key in ("keywords", "cost", "attack", "health", "hero", "replaces", "premade", "text")
        ],
        (b"add it to mine.toml?", b"y\n"),
    ]
    out = run_in_pty(
        ["catalog", "add", "mine.toml"], workspace, program=[sys.executable, "-c", _STATUS], answer=_typing(replies)
    )
    assert "code: DEMO.230 is already in the catalog: Kept Card (mine.toml:4)" in out, out
    assert "added DEMO.232 Terminal Card to mine.toml" in out, out
    assert "exit status 0" in out
    added = _tables(workspace / "mine.toml")[-1]
    assert added == {
        "code": "DEMO.232",
        "kind": "alliance",
        "name": "Terminal Card",
        "faction": "liothan",
        "rarity": "rare",
        "type": "spell",
        "subtypes": ["Tidecaller"],
    }
    assert (workspace / "mine.toml").read_text(encoding="utf-8").startswith(PLAIN_FILE)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_ctrl_c_in_a_real_terminal_exits_130_with_the_file_unchanged(workspace):
    from tests.pty_util import run_in_pty

    (workspace / "mine.toml").write_text(PLAIN_FILE, encoding="utf-8")
    replies = [
        (b"kind [", b"alliance\n"),
        (b"code [", b"DEMO.233\n"),
        (b"name [", b"Half Entered\n"),
        (b"copies [", b"zero\n"),  # wrong: asked again
        # Ctrl-C; the Enter after it wakes a prompt that the signal reached just before it waited
        # for a key (Python's readline then sees the interrupt only once a key comes)
        (b"copies [", b"\x03\n"),
    ]
    out = run_in_pty(
        ["catalog", "add", "mine.toml"], workspace, program=[sys.executable, "-c", _STATUS], answer=_typing(replies)
    )
    assert "copies: must be a whole number (got 'zero')" in out, out
    assert "Aborted." in out and "exit status 130" in out, out
    assert (workspace / "mine.toml").read_text(encoding="utf-8") == PLAIN_FILE
