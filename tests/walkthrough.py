"""Docs pages that are walkthroughs: their commands run, in order, and print what the page shows.

A page is Markdown. A fenced block ```` ```toml file=NAME ```` (or ``text``) writes NAME in the
workspace, as a reader would save it; a ```` ```console ```` block holds ``$ skyforge …``
commands, each followed by the lines it prints. ``tools/rerun_docs.py`` runs a page and puts
the real output back into it; the tests run it and compare.
"""

from __future__ import annotations

import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"```(console|toml|text)([^\n]*)\n(.*?)```", re.S)


@dataclass
class Step:
    command: str  # the command as the page writes it (continuation lines joined)
    args: list[str]
    shown: list[str]  # the lines the page shows under it


def steps(page: str):
    """The page's file blocks (``("file", name, text)``) and commands (``("run", Step)``), in order."""
    for kind, info, body in BLOCK.findall(page):
        name = re.search(r"file=(\S+)", info)
        if kind != "console":
            if name:
                yield "file", name.group(1), body
            continue
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, shown = chunk.partition("\n")
            while command.endswith("\\"):
                more, _, shown = shown.partition("\n")
                command = command + "\n" + more
            args = shlex.split(command.replace("\\\n", " "), comments=True)
            yield "run", Step(command, args, list(shown.rstrip("\n").splitlines()))


def walk(run, workspace: Path, page: str) -> int:
    """Run ``page``'s steps with the tests' ``run`` in ``workspace``: each file written, each
    command checked to print every line the page shows under it; how many commands ran."""
    ran = 0
    for kind, *rest in steps(page):
        if kind == "file":
            name, text = rest
            (workspace / name).write_text(text, encoding="utf-8")
            continue
        (step,) = rest
        result = run(*step.args[1:], expect=None, env={"COLUMNS": "100"})
        ran += 1
        assert result.exit_code in (0, 1), f"{step.command}\n{result.output}"
        for line in step.shown:
            assert line.rstrip() in result.output, f"{step.command}: missing {line!r}\n{result.output}"
    return ran


def prepare(workspace: Path) -> None:
    """The workspace a walkthrough starts in: copies of the example decks and collection."""
    (workspace / "decks").mkdir(parents=True, exist_ok=True)
    for deck in (ROOT / "decks").glob("*.toml"):
        shutil.copy(deck, workspace / "decks" / deck.name)
    shutil.copy(ROOT / "collection.toml", workspace / "collection.toml")


def invoke(args: list[str], columns: int):
    """Run ``skyforge ARGS`` in the current folder, as a user would, with a terminal ``columns`` wide."""
    from click.testing import CliRunner

    from skyforge.cli.main import cli

    assert args[0] == "skyforge", args
    env = {"COLUMNS": str(columns), "SKYFORGE_CATALOG": "", "SKYFORGE_WORKSPACE": ""}
    return CliRunner().invoke(cli, args[1:], env=env, catch_exceptions=False)


def rerun(page: str, workspace: Path, columns: int) -> str:
    """The page with each command's shown output replaced by what it prints now (cwd = workspace)."""
    out, last = [], 0
    for match in BLOCK.finditer(page):
        kind, info, body = match.groups()
        name = re.search(r"file=(\S+)", info)
        if kind != "console":
            if name:
                (workspace / name.group(1)).parent.mkdir(parents=True, exist_ok=True)
                (workspace / name.group(1)).write_text(body, encoding="utf-8")
            continue
        new_body = []
        for _, step in steps(f"```console\n{body}```"):
            result = invoke(step.args, columns)
            new_body.append(f"$ {step.command}\n{result.output}")
        out.append(page[last : match.start(3)] + "".join(new_body))
        last = match.end(3)
    return "".join(out) + page[last:]
