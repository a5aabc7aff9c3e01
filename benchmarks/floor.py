"""The honest floor: the smallest program that does a command's job with skyforge's libraries.

    python benchmarks/floor.py FILE [FILE ...]

A click command, as every command of a CLI on this stack is, that reads each TOML file with
``tomllib``, validates it with a five-field pydantic model and prints a rich table: the cards of one
deck (or the events of one campaign), or one row per file when it is given several. skyforge's
commands are measured against it (``bench_ratios.py``): whatever skyforge does beyond this is its
own cost. ``--no-click`` leaves click out (the program reads ``sys.argv`` itself), for the ratio
against the bare libraries.
"""

from __future__ import annotations

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


def read(path: str) -> File:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    data["schema_"] = data.pop("schema", 1)
    return File.model_validate(data)


def main(paths: list[str] | tuple[str, ...]) -> None:
    console = Console()
    if len(paths) == 1:
        file = read(paths[0])
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
            file = read(path)
            table.add_row(path, file.name, file.castle, str(sum(file.cards.values())))
    console.print(table)


if __name__ == "__main__":
    if "--no-click" in sys.argv:
        main([a for a in sys.argv[1:] if a != "--no-click"])
    else:
        import click

        click.command()(click.argument("paths", nargs=-1, required=True)(main))()
