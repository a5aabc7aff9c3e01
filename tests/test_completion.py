"""Shell completion (click's, for bash, zsh and fish) of commands, decks, campaigns and cards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from .campaign_util import campaign_new


def _complete(shell: str, words: str, monkeypatch, tree=None) -> str:
    from skyforge.cli.main import cli

    parts = words.split(" ")
    env = {
        "_SKYFORGE_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": parts[-1] if shell == "fish" else str(len(parts) - 1),
    }
    result = CliRunner().invoke(tree or cli, [], env=env, prog_name="skyforge", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_script_for_each_shell(run, shell):
    script = run("completion", shell).stdout
    assert "_SKYFORGE_COMPLETE" in script and f"{shell}_complete" in script


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completes_commands_decks_campaigns_and_cards(run, monkeypatch, shell):
    assert "deck" in _complete(shell, "skyforge dec", monkeypatch)
    assert "validate" in _complete(shell, "skyforge deck val", monkeypatch)
    decks = _complete(shell, "skyforge deck show demo-", monkeypatch)
    assert "demo-blue-wall" in decks and "demo-green-grove" in decks and "demo-red-rush" in decks
    assert "demo-blue-wall" in _complete(shell, "skyforge cards search --for demo-b", monkeypatch)
    codes = _complete(shell, "skyforge deck add demo-blue-wall DEMO.02", monkeypatch)
    assert "DEMO.028" in codes and "DEMO.100" not in codes
    # a name with a space comes back quoted for bash (issue 21); zsh and fish quote their own
    named = "Gullwing\\\\ Lookout" if shell == "bash" else "Gullwing Lookout"
    assert named in _complete(shell, "skyforge deck add demo-blue-wall Gullw", monkeypatch)
    assert "DEMO.007" in _complete(shell, "skyforge cards show DEMO.00", monkeypatch)
    run(*campaign_new())
    assert "spring" in _complete(shell, "skyforge campaign show sp", monkeypatch)
    assert "spring" in _complete(shell, "skyforge campaign next ", monkeypatch)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completes_draft_and_hero_names_of_the_game_drafted(run, monkeypatch, shell):
    """Hero names come from the catalog the command would use, of the game its group drafts
    (Onward or Skybound: Arena); in a --picks list, the name being typed; drafts by file name."""
    run("onward", "draft", "--method", "moba", "--seed", "1", "--save", "friday", "--pause")
    assert "friday" in _complete(shell, "skyforge onward pick fr", monkeypatch)
    assert "friday" in _complete(shell, "skyforge onward undo ", monkeypatch)
    assert "Glasswind" in _complete(shell, "skyforge onward pick friday Gla", monkeypatch)
    assert "Glasswind,Sunblade" in _complete(shell, "skyforge onward draft --picks Glasswind,Sun", monkeypatch)
    assert "Light:Glasswind" in _complete(shell, "skyforge onward draft --picks Light:Gla", monkeypatch)
    arena = _complete(shell, "skyforge arena draft --players Ann,Ben --picks Ar", monkeypatch)
    assert "Arkuma" in arena and "Glasswind" not in _complete(shell, "skyforge arena pick friday Gla", monkeypatch)


WORDS = [
    "skyforge ",
    "skyforge -",
    "skyforge dec",
    "skyforge deck ",
    "skyforge deck val",
    "skyforge deck validate --",
    "skyforge deck show demo-",
    "skyforge deck show demo-blue-wall --",
    "skyforge cards search --for demo-b",
    "skyforge cards search --faction ",
    "skyforge deck add demo-blue-wall DEMO.02",
    "skyforge deck add demo-blue-wall Gullw",
    "skyforge --catalog @demo cards show DEMO.00",
    "skyforge onward draft --method ",
    "skyforge onward draft --picks Glasswind,Sun",
    "skyforge arena draft --picks Ar",
    "skyforge onward pick friday Gla",
    "skyforge game setup --mode ",
    "skyforge campaign ",
    "skyforge campaign show ",
    "skyforge deck export demo-blue-wall --format ",
]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_tree_kept_as_data_completes_as_the_commands(run, monkeypatch, shell):
    """Tab is answered from commands.json (no command module imported): the same answers."""
    from skyforge.cli.commandtree import completion_tree

    tree = completion_tree()
    for words in WORDS:
        assert _complete(shell, words, monkeypatch, tree) == _complete(shell, words, monkeypatch), words


def test_tab_builds_only_the_commands_on_the_path_typed(run, monkeypatch):
    """The tree kept as data is built as click asks for it: ``deck show <Tab>`` builds the ``deck``
    group and its commands, not every family's."""
    from skyforge.cli.commandtree import completion_tree

    tree = completion_tree()
    assert tree.commands == {}
    assert "plain,demo-blue-wall" in _complete("bash", "skyforge deck show demo-", monkeypatch, tree)
    assert set(tree.commands) == {"deck"} and "show" in tree.commands["deck"].commands


@pytest.mark.slow
def test_tab_loads_neither_rich_nor_pydantic(workspace):
    """Completing a deck name imports click and skyforge's completion, not the commands' libraries."""
    env = {
        **os.environ,
        "_SKYFORGE_COMPLETE": "bash_complete",
        "COMP_WORDS": "skyforge deck show demo-",
        "COMP_CWORD": "3",
    }
    code = "import sys\nfrom skyforge.cli.main import main\ntry:\n    main()\nfinally:\n    print(sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=workspace, env=env, capture_output=True, text=True)
    assert "plain,demo-blue-wall" in out.stdout, out.stderr
    loaded = out.stdout.splitlines()[-1]
    for heavy in ("'rich'", "'pydantic'", "'skyforge.catalog'", "'skyforge.cli.deck'"):
        assert heavy not in loaded, heavy
    # with no workspace file there is nothing to read: the folders are found with os.path alone
    for module in ("'pathlib'", "'tomllib'", "'dataclasses'", "'skyforge.places'"):
        assert module not in loaded, module


# -- in the shells themselves ----------------------------------------------------------------------

#: how each shell is started with click's completion script loaded, and nothing of the user's
SHELLS = {
    "bash": (
        "bash",
        'export PATH="{bin}:$PATH"\neval "$(_SKYFORGE_COMPLETE=bash_source skyforge)"\nPS1="$ "\n',
        lambda rc: ["--noprofile", "--rcfile", str(rc), "-i"],
    ),
    "zsh": (
        "zsh",
        'export PATH="{bin}:$PATH"\nautoload -Uz compinit && compinit -u -D\n'
        'eval "$(_SKYFORGE_COMPLETE=zsh_source skyforge)"\nPS1="$ "\n',
        lambda rc: ["--no-globalrcs", "-i"],  # reads $ZDOTDIR/.zshrc
    ),
    "fish": (
        "fish",
        "set -gx PATH {bin} $PATH\n_SKYFORGE_COMPLETE=fish_source skyforge | source\n"
        "function fish_prompt; echo '$ '; end\n",
        lambda rc: ["--no-config", "-i", "-C", f"source {rc}"],
    ),
}


def _type_in_shell(shell: str, home: Path, cwd: Path, steps: list[tuple[bytes, bytes]]) -> str:
    """Run ``shell`` in a pseudo-terminal with skyforge's completion loaded, in ``cwd``. For each
    step, wait until the output since the last keys typed shows its marker, then type its keys;
    the shell prints READY once started."""
    from tests.pty_util import require_program, run_in_pty

    program, rc_text, args = SHELLS[shell]
    require_program(Path("/usr/bin") / program, program, f"the {shell} completion test types Tab in a real {shell}")
    rc = home / (".zshrc" if shell == "zsh" else f"rc.{shell}")
    rc.write_text(rc_text.format(bin=Path(sys.executable).parent) + "echo READY\n", encoding="utf-8")
    pending = list(steps)
    typed_at = [0]

    def answer(out: bytes) -> bytes | None:
        if not pending or pending[0][0] not in out[typed_at[0] :]:
            return None
        typed_at[0] = len(out)
        return pending.pop(0)[1]

    env = {"TERM": "dumb", "HOME": str(home), "ZDOTDIR": str(home), "XDG_CONFIG_HOME": str(home / "config"),
           "XDG_DATA_HOME": str(home / "data")}  # fmt: skip
    out = run_in_pty(args(rc), cwd, program=[program], answer=answer, env=env)
    assert not pending, f"{shell} never showed {pending[0][0]!r}:\n{out}"
    return out


@pytest.mark.slow
@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_a_name_with_a_space_or_a_comma_completes_to_a_runnable_command(workspace, tmp_path, shell):
    """Tab on a deck or card name with a space (or a comma: click's fish script cut values at a
    comma) gives a line the shell runs as one argument, in bash, zsh and fish."""
    (workspace / "decks" / "Zed Wall.toml").write_text(
        'schema = 1\nname = "Zed Wall"\ncastle = "DEMO.001"\n[cards]\n"DEMO.007" = 1\n', encoding="utf-8"
    )
    home = tmp_path / "home"
    home.mkdir()
    done = b"; echo DO''NE\n"  # prints DONE, which the typed line does not hold
    out = _type_in_shell(
        shell,
        home,
        workspace,
        [
            (b"READY", b"skyforge deck show Ze\t"),
            (b"Zed\\ Wall", b" --json | head -c 200" + done),
            (b"DONE", b"skyforge cards show Ashk\t"),
            (b"Ashka,\\ Mother\\ of\\ Cinders", done),
            (b"DONE", b"exit\n"),
        ],
    )
    assert "skyforge deck show Zed\\ Wall" in out and '"name": "Zed Wall"' in out, out
    assert "skyforge cards show Ashka,\\ Mother\\ of\\ Cinders" in out, out
    assert "DEMO.093  Ashka, Mother of Cinders" in out, out


@pytest.mark.slow
def test_bash_completes_inside_an_open_quote_to_a_quoted_name(workspace, tmp_path):
    """Tab after an opening quote: bash keeps the quote and closes it after the value, so the value
    comes quoted as that quote needs — not "Ashka,\\ Mother\\ of\\ Cinders", a broken argument."""
    (workspace / "decks" / "Zed Wall.toml").write_text(
        'schema = 1\nname = "Zed Wall"\ncastle = "DEMO.001"\n[cards]\n"DEMO.007" = 1\n', encoding="utf-8"
    )
    home = tmp_path / "home"
    home.mkdir()
    done = b"; echo DO''NE\n"  # prints DONE, which the typed line does not hold
    out = _type_in_shell(
        "bash",
        home,
        workspace,
        [
            (b"READY", b'skyforge cards show "Ashk\t'),
            (b'Cinders"', done),
            (b"DONE", b"skyforge deck show 'Zed W\t"),
            (b"Wall'", b" --json | head -c 200" + done),
            (b"DONE", b"exit\n"),
        ],
    )
    assert 'skyforge cards show "Ashka, Mother of Cinders" ' in out, out
    assert "DEMO.093  Ashka, Mother of Cinders" in out, out
    assert "skyforge deck show 'Zed Wall'  --json" in out and '"name": "Zed Wall"' in out, out


def test_bash_quotes_each_value_as_the_open_quote_needs(monkeypatch):
    """Inside "…" only " \\ $ ` are escaped; inside '…' a ' is closed, escaped and reopened; a bare
    word escapes every character bash reads as more than text. Each backslash comes doubled, as
    click's script reads the line with `read` (no -r)."""
    import click
    from click.shell_completion import CompletionItem

    from skyforge.cli.complete import QuotingBash

    name = 'Bo\'s "best" $deck'
    for words, typed in [
        ('skyforge deck show "Bo', 'Bo\'s \\"best\\" \\$deck'),
        ("skyforge deck show 'Bo", "Bo'\\''s \"best\" $deck"),
        ("skyforge deck show Bo", 'Bo\\\'s\\ \\"best\\"\\ \\$deck'),
        # a quote opened and closed in an earlier word leaves the word being completed bare
        ('skyforge "deck" show Bo', 'Bo\\\'s\\ \\"best\\"\\ \\$deck'),
    ]:
        monkeypatch.setenv("COMP_WORDS", words)
        monkeypatch.setenv("COMP_CWORD", "3")
        comp = QuotingBash(click.Command("skyforge"), {}, "skyforge", "_SKYFORGE_COMPLETE")
        assert comp.get_completion_args()[1] == "Bo"
        assert comp.format_completion(CompletionItem(name)) == "plain," + typed.replace("\\", "\\\\"), words


def test_the_fish_script_keeps_a_value_with_a_comma_whole(run):
    """click's fish script splits `type,value` at every comma; skyforge's at the first only."""
    script = run("completion", "fish").stdout
    assert 'string split -m 1 "," $completion' in script and 'string split "," ' not in script


def test_a_deck_file_whose_name_is_no_deck_name_completes_as_its_path(run, workspace, monkeypatch):
    """`deck list` shows decks/a,b.toml, but 'a,b' is no deck name (`deck show a,b` refuses it):
    Tab offers the file by its path, which every deck command takes."""
    (workspace / "decks" / "a,b.toml").write_bytes((workspace / "decks" / "demo-blue-wall.toml").read_bytes())
    offered = _complete("bash", "skyforge deck show ", monkeypatch)
    assert "plain,decks/a,b.toml" in offered.splitlines() and "plain,a,b" not in offered.splitlines()
    assert "demo-blue-wall" in offered
    run("deck", "show", "decks/a,b.toml")
    run("deck", "show", "a,b", expect=2)


def test_tab_finds_the_folders_the_workspace_file_moves(run, workspace, monkeypatch):
    """A workspace file that moves decks/ and campaigns/ moves what Tab offers, from a folder below
    the workspace too; with no workspace file, the folders are decks/ and campaigns/."""
    (workspace / "my-decks").mkdir()
    (workspace / "my-decks" / "zed-wall.toml").write_bytes((workspace / "decks" / "demo-blue-wall.toml").read_bytes())
    (workspace / "my-campaigns").mkdir()
    (workspace / "my-campaigns" / "autumn.toml").write_text("", encoding="utf-8")
    assert "plain,demo-blue-wall" in _complete("bash", "skyforge deck show ", monkeypatch).splitlines()
    (workspace / "skyforge.toml").write_text(
        'schema = 1\ndecks = "my-decks"\ncampaigns = "my-campaigns"\n', encoding="utf-8"
    )
    (workspace / "below").mkdir()
    for cwd in (workspace, workspace / "below"):
        monkeypatch.chdir(cwd)
        assert _complete("bash", "skyforge deck show ", monkeypatch).splitlines() == ["plain,zed-wall"]
        assert _complete("bash", "skyforge campaign show ", monkeypatch).splitlines() == ["plain,autumn"]
