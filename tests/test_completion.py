"""Shell completion (click's, for bash, zsh and fish) of commands, decks, campaigns and cards."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner


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
    run(
        "campaign",
        "new",
        "spring",
        "--castle",
        "DEMO.001",
        "--player",
        "Alice=demo-blue-wall",
        "--hordes",
        "demo-thornmaw,demo-ironwraiths,demo-gloomcrawlers",
        "--difficulty",
        "2",
        "--outsider",
        "Orrun the Everwake",
        "--seed",
        "3",
    )
    assert "spring" in _complete(shell, "skyforge campaign show sp", monkeypatch)
    assert "spring" in _complete(shell, "skyforge campaign next ", monkeypatch)


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
