"""The command tree as data, so shell completion runs on click without importing the commands.

Pressing Tab runs skyforge once per keystroke. Resolving ``skyforge deck show <Tab>`` through the
real tree would import the ``deck`` family and, with it, rich, pydantic and the catalog models —
about twice what ``import click`` costs. So ``tools/gen_cli_docs.py`` writes the tree's names,
options and completers to ``commands.json`` beside this module (a test checks it matches the
commands), and :func:`completion_tree` rebuilds it as plain :class:`click.Group` and
:class:`click.Command` objects without callbacks — only those on the path typed — and click's own
completion does the rest.
"""

from __future__ import annotations

import json
import os
from typing import Any

import click

from skyforge.cli import complete

#: where the tree's data is kept, beside this module
DATA = "commands.json"


def describe(command: click.Command, ctx: click.Context | None = None, name: str | None = None) -> dict[str, Any]:
    """``command`` and everything under it as JSON-ready data (loads every lazy family)."""
    ctx = click.Context(command, info_name=name or command.name, parent=ctx)
    entry: dict[str, Any] = {
        "name": name or command.name,
        "help": command.get_short_help_str(limit=150),
        "hidden": command.hidden,
        "params": [_describe_param(p) for p in command.params],
    }
    if isinstance(command, click.Group):
        subcommands = [(n, command.get_command(ctx, n)) for n in command.list_commands(ctx)]
        entry["commands"] = [describe(sub, ctx, n) for n, sub in subcommands if sub is not None]
    return entry


def _describe_param(param: click.Parameter) -> dict[str, Any]:
    custom = getattr(param, "_custom_shell_complete", None)
    if custom is not None and complete.COMPLETERS.get(custom.__name__) is not custom:
        raise ValueError(f"{param.name}: completer {custom.__name__} is not in skyforge.cli.complete.COMPLETERS")
    entry: dict[str, Any] = {
        "kind": "option" if isinstance(param, click.Option) else "argument",
        "name": param.name,
        "opts": param.opts,
        "secondary_opts": param.secondary_opts,
        "nargs": param.nargs,
        "multiple": param.multiple,
        "complete": custom.__name__ if custom is not None else None,
        "type": _describe_type(param.type),
    }
    if isinstance(param, click.Option):
        entry |= {"is_flag": param.is_flag, "count": param.count, "hidden": param.hidden, "help": param.help}
    return entry


def _describe_type(kind: click.ParamType) -> dict[str, Any] | None:
    if isinstance(kind, click.Choice):
        return {"choice": [str(c) for c in kind.choices]}
    if isinstance(kind, click.Path):
        return {"path": {"file_okay": kind.file_okay, "dir_okay": kind.dir_okay}}
    if isinstance(kind, click.File):
        return {"path": {"file_okay": True, "dir_okay": False}}
    return None


class DataGroup(click.Group):
    """A group of :func:`describe`'s data whose commands are built when click first asks for one:
    Tab builds the path typed (``skyforge deck show``), not the whole tree."""

    def __init__(self, entry: dict[str, Any], params: list[click.Parameter]) -> None:
        super().__init__(entry["name"], params=params, help=entry["help"], hidden=entry["hidden"])
        self.entries = {sub["name"]: sub for sub in entry["commands"]}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.entries.keys() | self.commands.keys())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.entries:
            self.add_command(build(self.entries[cmd_name]))
        return self.commands.get(cmd_name)


def build(entry: dict[str, Any]) -> click.Command:
    """A command (or group) from :func:`describe`'s data: names, options and completers, no callbacks
    (a group's commands are built on first use: :class:`DataGroup`)."""
    params = [_build_param(p) for p in entry["params"]]
    if "commands" in entry:
        return DataGroup(entry, params)
    return click.Command(entry["name"], params=params, help=entry["help"], hidden=entry["hidden"])


def _build_param(entry: dict[str, Any]) -> click.Parameter:
    kind: click.ParamType | None = None
    if entry["type"] and "choice" in entry["type"]:
        kind = click.Choice(entry["type"]["choice"])
    elif entry["type"] and "path" in entry["type"]:
        kind = click.Path(**entry["type"]["path"])
    completer = complete.COMPLETERS[entry["complete"]] if entry["complete"] else None
    decls = [*entry["opts"], entry["name"]] if entry["name"] else list(entry["opts"])
    if entry["secondary_opts"]:
        decls = [f"{entry['opts'][-1]}/{entry['secondary_opts'][0]}", entry["name"]]
    common: dict[str, Any] = {"nargs": entry["nargs"], "shell_complete": completer}
    if entry["kind"] == "argument":
        return click.Argument([entry["name"]], type=kind, required=False, **common)
    common["multiple"] = entry["multiple"]
    if entry["is_flag"] or entry["count"]:
        return click.Option(decls, is_flag=entry["is_flag"], count=entry["count"], hidden=entry["hidden"],
                            help=entry["help"])  # fmt: skip
    return click.Option(decls, type=kind, hidden=entry["hidden"], help=entry["help"], **common)


def completion_tree() -> click.Command:
    """The ``skyforge`` command tree rebuilt from ``commands.json``, for completion only."""
    # by its path, not through importlib.resources (~15 ms of imports), nor pathlib (~17 M instructions)
    with open(os.path.join(os.path.dirname(__file__), DATA), encoding="utf-8") as file:
        text = file.read()
    tree = build(json.loads(text))
    tree.context_settings["help_option_names"] = ["-h", "--help"]  # as the real group's
    return tree


def dumps(command: click.Command) -> str:
    """The text of ``commands.json`` for ``command`` (the ``skyforge`` group)."""
    return json.dumps(describe(command, name="skyforge"), indent=1, ensure_ascii=False) + "\n"
