"""The honest floor: the smallest program that does a command's job with skyforge's libraries.

    python benchmarks/floor.py FILE [FILE ...]

A click command, as every command of a CLI on this stack is, that reads each TOML file with
``tomllib``, validates it with a five-field pydantic model and prints a rich table: the cards of one
deck (or the events of one campaign), or one row per file when it is given several. skyforge's
commands are measured against it (``bench_ratios.py``): whatever skyforge does beyond this is its
own cost. ``--no-click`` leaves click out (the program reads ``sys.argv`` itself), for the ratio
against the bare libraries. ``--write`` saves the file back, as a command that changes a file must
(`campaign recruit`, `onward pick`): its TOML written again with tomli-w to a temporary file that
replaces it, under a ``filelock`` lock, the libraries skyforge writes with.
"""

from __future__ import annotations

import os
import sys
import tomllib
from typing import Any

from pydantic import BaseModel, ConfigDict
from rich.console import Console
from rich.table import Table


class File(BaseModel):
    """Five fields of a deck (a campaign file has ``schema`` and ``events``)."""

    model_config = ConfigDict(extra="ignore")

    schema_: int = 1
    name: str = ""
    castle: str = ""
    cards: dict[str, int] = {}
    events: list[dict[str, Any]] = []


def read(path: str) -> tuple[File, dict[str, Any]]:
    """The file validated, and its TOML as read."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return File.model_validate({**data, "schema_": data.get("schema", 1)}), data


def write_back(path: str, data: dict[str, Any]) -> None:
    """The file saved again: its TOML rewritten, atomically, under the file's lock."""
    import tomli_w
    from filelock import FileLock

    with FileLock(path + ".lock"):
        with open(path + ".tmp", "wb") as handle:
            tomli_w.dump(data, handle)
        os.replace(path + ".tmp", path)


def main(paths: list[str] | tuple[str, ...], write: bool = False) -> None:
    console = Console()
    if len(paths) == 1:
        file, data = read(paths[0])
        if write:
            write_back(paths[0], data)
        if file.events:
            table = Table("#", "event", title=paths[0])
            for number, event in enumerate(file.events, 1):
                table.add_row(str(number), str(event.get("type", "")))
        else:
            table = Table("card", "copies", title=f"{file.name} ({file.castle})")
            for code, copies in file.cards.items():
                table.add_row(code, str(copies))
    else:
        table = Table("file", "name", "castle", "cards")
        for path in paths:
            file, _ = read(path)
            table.add_row(path, file.name, file.castle, str(sum(file.cards.values())))
    console.print(table)


if __name__ == "__main__":
    if "--no-click" in sys.argv:
        main([a for a in sys.argv[1:] if a != "--no-click"])
    else:
        import click

        click.command()(click.option("--write", is_flag=True)(click.argument("paths", nargs=-1, required=True)(main)))()
