"""Write docs/cli-reference.md from the commands' own --help, and the command tree that shell
completion runs on (src/skyforge/cli/commands.json).

Run ``python tools/gen_cli_docs.py`` after changing a command; tests/test_docs.py fails when
either file is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "cli-reference.md"
TREE = ROOT / "src" / "skyforge" / "cli" / "commands.json"


def render() -> str:
    from skyforge.cli.main import cli

    out = ["# CLI reference", "", "Generated from `--help` by `tools/gen_cli_docs.py`; do not edit by hand.", ""]

    def walk(command: click.Command, path: list[str], parent: click.Context | None) -> None:
        ctx = click.Context(command, info_name=path[-1], parent=parent, terminal_width=100, max_content_width=100)
        out.extend(
            [
                f"{'#' * min(len(path) + 1, 4)} `{' '.join(path)}`",
                "",
                "```text",
                command.get_help(ctx).rstrip(),
                "```",
                "",
            ]
        )
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, [*path, name], ctx)

    walk(cli, ["skyforge"], None)
    return "\n".join(out).rstrip() + "\n"


def write_or_check(target: Path, text: str) -> None:
    """Write ``target``; with --check, exit 1 instead when it differs (used by the tests)."""
    if "--check" in sys.argv:
        if not (target.exists() and target.read_text(encoding="utf-8") == text):
            sys.exit(f"out of date: {target.relative_to(ROOT)}")
        return
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target.relative_to(ROOT)}")


def tree() -> str:
    from skyforge.cli.commandtree import dumps
    from skyforge.cli.main import cli

    return dumps(cli)


if __name__ == "__main__":
    write_or_check(TARGET, render())
    write_or_check(TREE, tree())
