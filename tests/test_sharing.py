"""Issue 21: a workspace file that remembers its catalog, and decks that travel with their cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import cite

ANN_CARDS = """\
schema = 1

[[cards]]
code = "CAM.014"
kind = "alliance"
name = "Zed Sentinel"
faction = "liothan"
rarity = "base"
type = "ally"
cost = 3
"""


def _ann(root: Path) -> Path:
    ws = root / "ann"
    (ws / "decks").mkdir(parents=True)
    (ws / "my-cards.toml").write_text(ANN_CARDS, encoding="utf-8")
    (ws / "skyforge.toml").write_text('schema = 1\ncatalog = ["my-cards.toml"]\n', encoding="utf-8")
    return ws


def test_workspace_file_is_found_from_a_sub_folder(run, tmp_path, monkeypatch):
    ws = _ann(tmp_path)
    (ws / "notes" / "deep").mkdir(parents=True)
    monkeypatch.chdir(ws / "notes" / "deep")
    out = run("catalog", "check", "--json").stdout
    import json

    data = json.loads(out)
    assert data["workspace_file"] == str(ws / "skyforge.toml")
    assert data["user_files"] == [str(ws / "my-cards.toml")]
    assert "Zed Sentinel" in run("cards", "show", "CAM.014").stdout
    run("deck", "new", "Zed Wall", "--castle", "DEMO.001", expect=None)
    # decks are written in the workspace's decks/, not in the current folder
    assert not (ws / "notes" / "deep" / "decks").exists()


def test_the_environment_wins_over_the_workspace_file(run, tmp_path, monkeypatch):
    ws = _ann(tmp_path)
    monkeypatch.chdir(ws)
    shown = run("cards", "show", "CAM.014", "--json", expect=None, env={"SKYFORGE_CATALOG": "@demo"})
    assert shown.exit_code != 0  # the demo set alone has no CAM.014
    assert run("--catalog", "@demo", "cards", "show", "DEMO.007").exit_code == 0


def test_a_broken_workspace_file_is_reported(run, tmp_path, monkeypatch):
    ws = _ann(tmp_path)
    (ws / "skyforge.toml").write_text('schema = 1\ncatalogue = ["my-cards.toml"]\n', encoding="utf-8")
    monkeypatch.chdir(ws)
    result = run("catalog", "check", expect=2)
    assert "catalogue" in result.output and "skyforge.toml" in result.output


def test_the_workspace_file_moves_decks_and_sets_the_collection(run, tmp_path, monkeypatch):
    ws = tmp_path / "bo"
    ws.mkdir()
    (ws / "skyforge.toml").write_text('schema = 1\ndecks = "my-decks"\ncollection = "owned.toml"\n')
    monkeypatch.chdir(ws)
    run("deck", "new", "tiny", "--castle", "DEMO.001")
    assert (ws / "my-decks" / "tiny.toml").exists()
    run("collection", "add", "DEMO.007")
    assert (ws / "owned.toml").exists()


def test_catalog_init_records_the_catalog(run, tmp_path, monkeypatch):
    ws = tmp_path / "new"
    ws.mkdir()
    monkeypatch.chdir(ws)
    run("catalog", "init", "mine.toml", "--record")
    assert 'catalog = [\n    "mine.toml",\n]' in (ws / "skyforge.toml").read_text()
    run("catalog", "init", "other.toml", "--no-record")
    assert "other.toml" not in (ws / "skyforge.toml").read_text()
    assert "mine.toml" in run("catalog", "check").stdout


def test_a_deck_of_a_set_not_loaded_says_why_once(run, tmp_path, monkeypatch):
    ws = _ann(tmp_path)
    (ws / "skyforge.toml").unlink()
    (ws / "decks" / "zed.toml").write_text(
        'name = "Zed"\ncastle = "DEMO.001"\n[cards]\n"CAM.014" = 2\n"CAM.026" = 1\n', encoding="utf-8"
    )
    monkeypatch.chdir(ws)
    out = run("deck", "validate", "zed", expect=1).stdout
    assert out.count("no catalog of yours is loaded — the demo set is; this folder has my-cards.toml") == 1
    assert "no set CAM in the catalog; sets: CAM" not in out  # the hint that contradicted itself


@pytest.mark.parametrize(
    "wrap",
    [
        lambda c: f"Here is my deck: {c} have fun!",
        lambda c: "> " + "\n> ".join(c[i : i + 20] for i in range(0, len(c), 20)) + "\n\nthanks",
        lambda c: "Try this one\n" + c[:15] + "\n" + c[15:40] + " " + c[40:] + "\nEnjoy.",
        lambda c: f'"{c}"',
    ],
)
def test_import_finds_the_code_in_any_text(run, workspace, wrap):
    code = run("deck", "export", "demo-blue-wall", "--format", "code").stdout.strip()
    (workspace / "message.txt").write_text(wrap(code), encoding="utf-8")
    run("deck", "import", "message.txt", "--name", "from-file")
    run("deck", "import", "-", "--name", "from-stdin", input=wrap(code))
    run("deck", "import", wrap(code), "--name", "from-arg")
    original = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    for name in ("from-file", "from-stdin", "from-arg"):
        text = (workspace / "decks" / f"{name}.toml").read_text()
        assert text.count("=") == original.count("="), name


def test_a_damaged_code_in_a_message_is_still_reported(run, workspace):
    code = run("deck", "export", "demo-blue-wall", "--format", "code").stdout.strip()
    damaged = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    err = run("deck", "import", f"look: {damaged}", expect=2).stderr
    assert "damaged" in err


def test_cards_the_catalog_lacks_are_imported_as_unknown(run, workspace):
    from skyforge.decks.models import DeckFile
    from skyforge.workbench.sharecode import encode

    code = encode(DeckFile(name="Zed Wall", castle="DEMO.001", cards={"DEMO.007": 2, "CAM.026": 1}))
    out = run("deck", "import", f"my deck: {code}").stdout
    assert "unknown-card" in out and "CAM.026" in out
    assert '"CAM.026" = 1' in (workspace / "decks" / "zed-wall.toml").read_text()
    report = run("deck", "validate", "zed-wall", expect=1).stdout
    assert "unknown-card" in report


# -- decks that travel with their cards ---------------------------------------------------------

ANN_SET = """\
schema = 1

[[sets]]
code = "ANN"
name = "Ann's box"
products = [{ name = "Ann's box", first = 1, last = 50 }]

[[cards]]
code = "ANN.001"
kind = "castle"
name = "Zed Keep"
faction = "liothan"
health = 20
deck_size = { min = 4, max = 4 }
[[cards.deck_rules]]
rarity = "base"
factions = ["liothan"]
[[cards.deck_rules]]
rarity = "rare"
factions = ["liothan"]

[[cards]]
code = "ANN.002"
kind = "alliance"
name = "Zed Wall"
faction = "liothan"
rarity = "base"
type = "tower"
copies = 3
cost = 2

[[cards]]
code = "ANN.003"
kind = "alliance"
name = "Zed Archer"
faction = "liothan"
rarity = "rare"
type = "ally"
cost = 3

[[cards]]
code = "ANN.004"
kind = "alliance"
name = "Zed Spark"
faction = "taulot"
rarity = "base"
type = "spell"
"""


def _two_workspaces(tmp_path: Path) -> tuple[Path, Path]:
    ann, bo = tmp_path / "ann", tmp_path / "bo"
    (ann / "decks").mkdir(parents=True)
    (bo / "decks").mkdir(parents=True)
    (ann / "ann-cards.toml").write_text(ANN_SET, encoding="utf-8")
    (ann / "skyforge.toml").write_text('schema = 1\ncatalog = ["ann-cards.toml"]\n', encoding="utf-8")
    (ann / "decks" / "zed-wall.toml").write_text(
        'name = "Zed Wall"\nplayer = "Ann"\ncastle = "ANN.001"\n[cards]\n"ANN.002" = 2\n"ANN.003" = 1\n"ANN.004" = 1\n',
        encoding="utf-8",
    )
    return ann, bo


@pytest.mark.parametrize("fmt", ["code", "json"])
def test_ann_shares_a_deck_with_its_cards_and_bo_gets_the_same_verdict(run, tmp_path, monkeypatch, fmt):
    import json

    ann, bo = _two_workspaces(tmp_path)
    monkeypatch.chdir(ann)
    verdict_ann = json.loads(run("deck", "validate", "zed-wall", "--json", expect=1).stdout)
    exported = run("deck", "export", "zed-wall", "--format", fmt, "--with-cards").stdout
    if fmt == "code":
        assert exported.startswith("SF2.")
        message = "> Hi Bo, here is my deck:\n> " + exported.strip()[:30] + "\n> " + exported.strip()[30:] + "\n> Ann"
    else:
        assert "carried_cards" in exported
        message = exported
    (bo / "message.txt").write_text(message, encoding="utf-8")

    monkeypatch.chdir(bo)
    out = run("deck", "import", "message.txt", "--cards-to", "bo-cards.toml").stdout
    assert "added 4 cards to bo-cards.toml (and set ANN)" in out
    # the import's own verdict is given with the cards it has just added: not "unknown-card"
    assert "checked with bo-cards.toml loaded (as with skyforge --catalog @demo --catalog bo-cards.toml)" in out
    assert "unknown-card" not in out and "unknown-castle" not in out
    assert "faction-not-allowed  ANN.004 'Zed Spark' is taulot" in out
    cards = (bo / "bo-cards.toml").read_text()
    assert cards.count("source = \"shared by Ann, deck 'Zed Wall', ") == 4
    verdict_bo = json.loads(
        run("--catalog", "bo-cards.toml", "deck", "validate", "zed-wall", "--json", expect=1).stdout
    )
    assert [(v["rule"], v["message"]) for v in verdict_bo["violations"]] == [
        (v["rule"], v["message"]) for v in verdict_ann["violations"]
    ]
    assert verdict_bo["valid"] is verdict_ann["valid"] is False  # a taulot spell in a liothan deck, for both

    # importing again changes nothing; a card Bo holds with other data is listed, never replaced
    cards_path = bo / "bo-cards.toml"
    cards_path.write_text(cards.replace("cost = 3", "cost = 4"), encoding="utf-8")
    again = run("--catalog", "bo-cards.toml", "deck", "import", "message.txt", "--name", "zed-2", "--cards-to",
                "bo-cards.toml").stdout  # fmt: skip
    assert "not replaced: ANN.003 differs from your catalog in cost" in again
    assert "cost = 4" in cards_path.read_text() and "cost = 3" not in cards_path.read_text()


def test_without_cards_to_the_import_says_what_it_carries(run, tmp_path, monkeypatch):
    ann, bo = _two_workspaces(tmp_path)
    monkeypatch.chdir(ann)
    code = run("deck", "export", "zed-wall", "--format", "code", "--with-cards").stdout.strip()
    assert "SF1." in run("deck", "export", "zed-wall", "--format", "code").stdout  # without: as before
    monkeypatch.chdir(bo)
    out = run("deck", "import", f"here: {code}").stdout
    summary = "the code carries the data of 4 cards: add --cards-to FILE to keep them"
    short = "unknown cards, carried: ANN.002 Zed Wall, ANN.003 Zed Archer, ANN.004 Zed Spark"
    assert summary in out and short in out
    assert out.index(summary) < out.index(short)
    # one summary and a short list, not a hint per card ("no set ANN in the catalog")
    assert "unknown-card: " not in out and "no set ANN" not in out
    assert "unknown-card  ANN.002 is not in the catalog" in out  # the verdict still says it


def _second_deck(ann: Path, run, monkeypatch) -> tuple[str, str]:
    """Ann's two decks as codes with their cards: Zed Wall, and Zed Two sharing three of its cards."""
    (ann / "decks" / "zed-two.toml").write_text(
        'name = "Zed Two"\nplayer = "Ann"\ncastle = "ANN.001"\n[cards]\n"ANN.002" = 3\n"ANN.003" = 1\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(ann)
    first = run("deck", "export", "zed-wall", "--format", "code", "--with-cards").stdout.strip()
    second = run("deck", "export", "zed-two", "--format", "code", "--with-cards").stdout.strip()
    return first, second


def test_a_second_deck_from_the_same_friend_goes_into_the_same_cards_file(run, tmp_path, monkeypatch):
    ann, bo = _two_workspaces(tmp_path)
    first, second = _second_deck(ann, run, monkeypatch)
    monkeypatch.chdir(bo)
    run("deck", "import", first, "--cards-to", "bo-cards.toml")
    cards = (bo / "bo-cards.toml").read_text()
    # no --catalog: the cards file is read as part of the catalog for the import
    out = run("deck", "import", second, "--cards-to", "bo-cards.toml").stdout
    assert "3 cards already in bo-cards.toml, with the same data" in out
    assert "duplicate" not in out and "imported.toml" not in out and "added" not in out
    assert (bo / "bo-cards.toml").read_text() == cards  # nothing added, nothing replaced
    assert "✓ valid  decks/zed-two.toml — Zed Two, castle ANN.001 Zed Keep, 4 cards" in out

    # a card Bo holds with other data is listed, never replaced; the rest is still said in one line
    (bo / "bo-cards.toml").write_text(cards.replace("cost = 3", "cost = 4"), encoding="utf-8")
    again = run("deck", "import", second, "--name", "zed-3", "--cards-to", "bo-cards.toml").stdout
    assert "not replaced: ANN.003 differs from your catalog in cost" in again
    assert "2 cards already in bo-cards.toml, with the same data" in again
    assert "cost = 4" in (bo / "bo-cards.toml").read_text()


def test_two_decks_of_one_export_add_their_shared_cards_once(run, tmp_path, monkeypatch):
    import json
    import tomllib

    ann, bo = _two_workspaces(tmp_path)
    _second_deck(ann, run, monkeypatch)
    both = run("deck", "export", "zed-wall", "zed-two", "--format", "code", "--with-cards").stdout
    monkeypatch.chdir(bo)
    (bo / "both.txt").write_text(both, encoding="utf-8")
    out = json.loads(run("deck", "import", "both.txt", "--cards-to", "bo-cards.toml", "--json").stdout)
    assert [d["file"] for d in out["decks"]] == ["decks/zed-wall.toml", "decks/zed-two.toml"]
    assert out["cards_offered"][0]["added"] == ["ANN.001", "ANN.002", "ANN.003", "ANN.004"]
    cards = tomllib.loads((bo / "bo-cards.toml").read_text())["cards"]
    assert sorted(c["code"] for c in cards) == ["ANN.001", "ANN.002", "ANN.003", "ANN.004"]


def test_carried_cards_go_after_the_last_table_of_a_cards_file(run, tmp_path, monkeypatch):
    """A short [[sets]] table written inline (sets = [{…}]) after a file's last [[cards]] table
    would be read as a key of that card: every carried entry goes as a table of its own."""
    import tomllib

    ann, bo = _two_workspaces(tmp_path)
    first, _ = _second_deck(ann, run, monkeypatch)
    monkeypatch.chdir(bo)
    (bo / "bo-cards.toml").write_text(ANN_CARDS, encoding="utf-8")  # ends inside a [[cards]] table
    out = run("deck", "import", first, "--cards-to", "bo-cards.toml").stdout
    assert "added 4 cards to bo-cards.toml (and set ANN)" in out
    data = tomllib.loads((bo / "bo-cards.toml").read_text())
    assert [s["code"] for s in data["sets"]] == ["ANN"] and "sets" not in data["cards"][0]
    assert [c["code"] for c in data["cards"]] == ["CAM.014", "ANN.001", "ANN.002", "ANN.003", "ANN.004"]


def test_a_failed_import_writes_neither_a_deck_nor_a_card(run, tmp_path, monkeypatch):
    import json

    ann, bo = _two_workspaces(tmp_path)
    first, _ = _second_deck(ann, run, monkeypatch)
    monkeypatch.chdir(bo)

    # a broken cards file: reported with its line, nothing written
    (bo / "bo-cards.toml").write_text("schema = 1\nbroken = [\n", encoding="utf-8")
    out = run("deck", "import", first, "--cards-to", "bo-cards.toml", expect=2).stderr
    assert "bo-cards.toml" in out and "invalid TOML" in out
    assert list((bo / "decks").iterdir()) == []
    assert (bo / "bo-cards.toml").read_text() == "schema = 1\nbroken = [\n"

    # a carried card that cannot join the catalog (its set comes with no code of Bo's): no deck, no card
    (bo / "bo-cards.toml").unlink()
    monkeypatch.chdir(ann)
    exported = json.loads(run("deck", "export", "zed-wall", "--format", "json", "--with-cards").stdout)
    exported["carried_cards"]["sets"] = []
    (bo / "zed.json").write_text(json.dumps(exported), encoding="utf-8")
    monkeypatch.chdir(bo)
    out = run("deck", "import", "zed.json", "--cards-to", "bo-cards.toml", expect=2).stderr
    assert "bo-cards.toml" in out and "ANN" in out and "imported.toml" not in out
    assert list((bo / "decks").iterdir()) == [] and not (bo / "bo-cards.toml").exists()

    # a deck file in the way: refused before the cards file is touched
    (bo / "decks" / "zed-wall.toml").write_text('name = "Bo\'s own"\ncastle = "DEMO.001"\n', encoding="utf-8")
    out = run("deck", "import", first, "--cards-to", "bo-cards.toml", expect=2).stderr
    assert "already exists" in out and "--force" in out
    assert not (bo / "bo-cards.toml").exists()

    # the retry, once the way is clear, needs no --force
    (bo / "decks" / "zed-wall.toml").unlink()
    out = run("deck", "import", first, "--cards-to", "bo-cards.toml").stdout
    assert "added 4 cards to bo-cards.toml" in out and (bo / "decks" / "zed-wall.toml").exists()


# -- completion on real names --------------------------------------------------------------------


def _complete(words: str, shell: str = "bash", env: dict | None = None) -> str:
    from click.testing import CliRunner

    from skyforge.cli.commandtree import completion_tree

    parts = words.split(" ")
    environ = {
        "_SKYFORGE_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": parts[-1] if shell == "fish" else str(len(parts) - 1),
        **(env or {}),
    }
    result = CliRunner().invoke(completion_tree(), [], env=environ, prog_name="skyforge", catch_exceptions=False)
    return result.stdout


def test_completion_uses_the_workspace_file_and_the_catalog_it_names(run, tmp_path, monkeypatch):
    ws = _ann(tmp_path)
    (ws / "decks" / "Zed Wall.toml").write_text('name = "Zed Wall"\ncastle = "DEMO.001"\n', encoding="utf-8")
    (ws / "sub").mkdir()
    monkeypatch.chdir(ws / "sub")
    assert "plain,Zed\\\\ Wall" in _complete("skyforge deck show Ze")
    assert "Zed Sentinel" in _complete("skyforge deck add x Zed", shell="zsh")  # from skyforge.toml's catalog
    assert "Sentinel" not in _complete("skyforge deck add x Zed", env={"SKYFORGE_CATALOG": "@demo"})
    (ws / "skyforge.toml").unlink()
    monkeypatch.chdir(ws)
    assert "Zed\\\\ Sentinel" in _complete("skyforge deck add x Zed", env={"SKYFORGE_CATALOG": "my-cards.toml"})


@pytest.mark.slow
def test_bash_completes_a_name_with_a_space_in_a_terminal(tmp_path):
    import shutil
    import sys

    from tests.pty_util import run_in_pty

    if shutil.which("bash") is None:
        pytest.skip("no bash")
    ws = _ann(tmp_path)
    (ws / "decks" / "Zed Wall.toml").write_text(
        'name = "Zed Wall"\ncastle = "ANN.001"\n[cards]\n"CAM.014" = 1\n', encoding="utf-8"
    )
    (ws / "deep" / "er").mkdir(parents=True)
    bin_dir = Path(sys.executable).parent
    sent = []

    def answer(out: bytes) -> bytes | None:
        steps = [
            (b"READY", b"skyforge deck show Zed\t"),
            (b"Zed\\ Wall", b" --json | head -c 300; echo; echo DONE\n"),
            (b"DONE\r\n", b"exit\n"),
        ]
        for marker, reply in steps:
            if marker in out and reply not in sent:
                if marker == b"DONE\r\n" and out.count(b"DONE") < 2:
                    continue
                sent.append(reply)
                return reply
        return None

    script = f'export PATH="{bin_dir}:$PATH"; eval "$(_SKYFORGE_COMPLETE=bash_source skyforge)"; PS1="$ "; echo READY\n'
    rc = tmp_path / "rc.sh"
    rc.write_text(script)
    out = run_in_pty(["--noprofile", "--rcfile", str(rc), "-i"], ws / "deep" / "er",
                     program=["bash"], answer=answer, env={"TERM": "dumb"})  # fmt: skip
    assert "skyforge deck show Zed\\ Wall" in out, out
    assert '"name": "Zed Wall"' in out, out


# -- carried cards are bounded; the workspace named wins ----------------------------------------


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


# -- share codes that survive chat ------------------------------------------------------


def _code(run, *decks):
    return run("deck", "export", *decks, "--format", "code").stdout


def test_share_code_with_whitespace_and_line_breaks_inside(run, workspace: Path):
    code = _code(run, "demo-red-rush").strip()
    broken = f"{code[:15]} {code[15:40]}\n  {code[40:]}\n"
    out = run("deck", "import", broken, "--name", "arg").stdout
    assert "decks/arg.toml" in out and "✓ valid" in out
    run("deck", "import", code[:30], code[30:], "--name", "split-by-shell")
    (workspace / "wrapped.txt").write_text(f"{code[:50]}\n{code[50:]}\n")
    run("deck", "import", "wrapped.txt", "--name", "file")
    run("deck", "import", "-", "--name", "stdin", input=broken)
    for name in ("arg", "split-by-shell", "file", "stdin"):
        assert '"DEMO.' in (workspace / "decks" / f"{name}.toml").read_text()


@pytest.mark.parametrize("shape", ["lines", "one-line", "wrapped"])
def test_multi_deck_codes_import_every_deck(run, workspace: Path, shape):
    codes = _code(run, "demo-blue-wall", "demo-green-grove").split()
    text = {
        "lines": "\n".join(codes),
        "one-line": " ".join(codes),
        "wrapped": "\n".join(c[i : i + 30] for c in codes for i in range(0, len(c), 30)),
    }[shape]
    out = run("deck", "import", "-", "--name", "pair", input=text).stdout
    assert "decks/pair-1.toml" in out and "decks/pair-2.toml" in out
    assert 'castle = "DEMO.003"' in (workspace / "decks" / "pair-2.toml").read_text()


def test_split_codes_property():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.workbench import sharecode

    body = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=40)

    @settings(max_examples=200, deadline=None)
    @given(
        st.lists(body, min_size=1, max_size=4),
        st.lists(st.sampled_from([" ", "\n", "\t", "\r\n"]), max_size=6),
        st.randoms(),
    )
    def check(bodies, spaces, rnd):
        codes = ["SF1." + b for b in bodies]
        text = "".join(codes)
        for space in spaces:  # whitespace anywhere
            i = rnd.randrange(len(text) + 1)
            text = text[:i] + space + text[i:]
        assert sharecode.split_codes(text) == codes

    check()


# -- a castle whose back names a card the sender lacks ---------------------------------------------

FROSTGATE = Path(__file__).parent / "data" / "frostgate-cards.toml"
BASE_39 = "".join(f'"TST.{n}" = 3\n' for n in range(210, 223))
ANN_DECKS = {
    # legal: Corjan the Bold and 39 other cards
    "frost-wall": 'name = "Frost Wall"\nplayer = "Ann"\ncastle = "Frostgate Keep"\n[cards]\n"TST.202" = 1\n' + BASE_39,
    # no Corjan, and a Rogue in his place
    "no-hero": 'name = "No Hero"\nplayer = "Ann"\ncastle = "TST.201"\n[cards]\n"TST.203" = 1\n' + BASE_39,
}
ANN_DECKS_CARDS = {
    "frost-wall": {f"TST.{n}" for n in range(210, 223)},
    "no-hero": {"TST.203", *(f"TST.{n}" for n in range(210, 223))},
}
SENT = {"code": "message.txt", "json": "frost.json", "page": "page.html"}


def _ann_and_bo(tmp_path: Path) -> tuple[Path, Path]:
    """Ann keeps her own cards (Frostgate Keep, whose back names Hakka: she has no Hakka); Bo has nothing."""
    ann, bo = tmp_path / "ann", tmp_path / "bo"
    (ann / "decks").mkdir(parents=True)
    bo.mkdir()
    (ann / "my-cards.toml").write_text(FROSTGATE.read_text(encoding="utf-8"), encoding="utf-8")
    (ann / "skyforge.toml").write_text('schema = 1\ncatalog = ["my-cards.toml"]\n', encoding="utf-8")
    for name, text in ANN_DECKS.items():
        (ann / "decks" / f"{name}.toml").write_text(text, encoding="utf-8")
    return ann, bo


def _sent(run, deck: str, fmt: str) -> str:
    """What Ann sends: a code pasted inside a chat message, the JSON file, or the deck page."""
    exported = run("deck", "export", deck, "--format", fmt, *(["--with-cards"] if fmt != "page" else [])).stdout
    if fmt == "code":
        code = exported.strip()
        return f"Hi Bo! Here is my deck, try it:\n\n{code[:40]}\n{code[40:]}\n\nAnn"
    return exported


@pytest.mark.parametrize("fmt", ["code", "json", "page"])
@pytest.mark.parametrize("deck", ["frost-wall", "no-hero"])
def test_a_castle_naming_a_card_ann_lacks_travels_to_bo_with_the_verdict(run, tmp_path, monkeypatch, fmt, deck):
    import json

    from skyforge.catalog import load_catalog
    from skyforge.catalog.backs import absent_back_names

    cite("000", "Visit www.playskytear.com/horde to get more decks and share your own with the community!")
    cite("000", "The back of the castle card indicates, for each rarity, which faction (color) of cards can be")
    ann, bo = _ann_and_bo(tmp_path)
    monkeypatch.chdir(ann)
    verdict_ann = json.loads(run("deck", "validate", deck, "--json", expect=None).stdout)
    (bo / SENT[fmt]).write_text(_sent(run, deck, fmt), encoding="utf-8")

    monkeypatch.chdir(bo)
    out = run("deck", "import", SENT[fmt], "--cards-to", "my-cards.toml").stdout
    bo_cards = load_catalog([bo / "my-cards.toml"])  # it loads, though the castle's back names Hakka
    theirs = {c.key for c in bo_cards if bo_cards.provenance(c) == "user"}
    # the castle, the deck's cards, and Corjan, whom the back names: carried even in a deck without him
    assert theirs == {"TST.201", "TST.202", *ANN_DECKS_CARDS[deck]}
    assert [e.ref for e in absent_back_names(bo_cards)] == ["Hakka"]
    verdict_bo = json.loads(run("--catalog", "my-cards.toml", "deck", "validate", deck, "--json", expect=None).stdout)
    assert verdict_bo["valid"] is verdict_ann["valid"] is (deck == "frost-wall")
    assert [(v["rule"], v["message"]) for v in verdict_bo["violations"]] == [
        (v["rule"], v["message"]) for v in verdict_ann["violations"]
    ]
    if deck == "frost-wall":
        assert "✓ valid  decks/frost-wall.toml" in out
    else:  # the verdict the import gives is Ann's
        assert [v["rule"] for v in verdict_ann["violations"]] == ["castle-requires", "castle-excludes"]
        assert "castle-requires  castle TST.201 'Frostgate Keep' requires TST.202 'Corjan the Bold'" in out
        assert "TST.203 'Sly Knife' is a Rogue" in out


def test_what_ann_sends_carries_the_cards_her_castles_back_names(run, tmp_path, monkeypatch):
    import json

    ann, _ = _ann_and_bo(tmp_path)
    monkeypatch.chdir(ann)
    body = json.loads(run("deck", "export", "no-hero", "--format", "json", "--with-cards").stdout)
    carried = [c["code"] for c in body["carried_cards"]["cards"]]
    assert carried[:2] == ["TST.201", "TST.203"] and carried[-1] == "TST.202"  # the castle, the deck, the back's
    assert not any(c["name"] == "Hakka" for c in body["carried_cards"]["cards"])  # she has none to carry
    page = run("deck", "export", "no-hero", "--format", "page").stdout
    assert "data of its 16 cards from the player" in " ".join(page.split())
    assert "cannot include Rogues, Hakka (not in the catalog)" in page


def test_an_erratum_travels_with_the_card_it_replaces(run, tmp_path, monkeypatch):
    """An erratum's ``replaces`` must name a card of the receiver's catalog, so both travel."""
    import json

    cite("000", "Errata Cards — These completely replace cards from previous sets.")
    ann, _ = _ann_and_bo(tmp_path)
    cards = ann / "my-cards.toml"
    erratum = '\n[[cards]]\ncode = "TST.230"\nkind = "alliance"\nname = "Frost Pike"\nfaction = "liothan"\n'
    cards.write_text(cards.read_text() + erratum + 'rarity = "base"\ntype = "ally"\nreplaces = "TST.210"\n')
    deck = ann / "decks" / "frost-wall.toml"
    deck.write_text(deck.read_text().replace('"TST.210" = 3', '"TST.230" = 3'))
    monkeypatch.chdir(ann)
    body = json.loads(run("deck", "export", "frost-wall", "--format", "json", "--with-cards").stdout)
    carried = [c["code"] for c in body["carried_cards"]["cards"]]
    assert carried.index("TST.230") + 1 == carried.index("TST.210")


def test_finding_codes_in_a_megabyte_of_code_like_text_is_linear():
    """A code is looked for in 400 pieces after each of many prefixes: each join was decoded in
    turn (8.8 s for 1 MB); the compressed stream's end now tells which join can be the code."""
    import random
    import time

    from skyforge.decks.models import DeckFile
    from skyforge.errors import InputError
    from skyforge.workbench import sharecode

    rnd = random.Random(1)
    junk = "SF1." + " ".join("".join(rnd.choice("ABCabc012-_") for _ in range(49)) for _ in range(400)) + "\n"
    good = sharecode.encode(DeckFile(name="x", castle="DEMO.001", cards={"DEMO.007": 2}))
    words = " ".join(["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] * 400)
    start = time.process_time()
    with pytest.raises(InputError, match="damaged"):
        sharecode.find_codes((junk * 60)[:1_000_000])
    assert sharecode.find_codes(f"{good} {words}\n" * 40) == [good] * 40  # the code, not the words after
    assert time.process_time() - start < 5  # CPU seconds, generous: it was ~30 for these


def test_a_share_code_whose_castle_is_not_a_castle_says_so_first(run, workspace):
    """A code may name any card as its castle: the import says so on its first line and in --json."""
    from skyforge.decks.models import DeckFile
    from skyforge.workbench import sharecode

    code = sharecode.encode(DeckFile(name="x", castle="DEMO.007", cards={"DEMO.008": 2}))
    first = run("deck", "import", code, "-o", "x.toml").stdout.splitlines()[0]
    assert first == (
        "imported code → x.toml, but its castle is not one: DEMO.007 'Gullwing Lookout' is an alliance card, "
        "not a castle"
    )
    body = json.loads(run("deck", "import", code, "-o", "y.toml", "--json").stdout)
    assert body["castle_problem"] == "DEMO.007 'Gullwing Lookout' is an alliance card, not a castle"
    good = json.loads(run("deck", "export", "demo-blue-wall", "--format", "code").stdout.strip().join('""'))
    assert json.loads(run("deck", "import", good, "-o", "z.toml", "--json").stdout)["castle_problem"] is None


def test_a_file_with_no_card_in_it_is_refused(run, workspace):
    (workspace / "junk.txt").write_text("hello world\n", encoding="utf-8")
    result = run("deck", "import", "junk.txt", "--castle", "DEMO.001", "-o", "j.toml", expect=2)
    assert "junk.txt: no cards found in the file" in result.stderr
    assert "hint: import reads text, Markdown, CSV, JSON, a share code" in result.stderr
    assert not (workspace / "j.toml").exists()
