"""Command-line syntax shared by commands: lists of names written ``A,B,C``; numbers ticked at a list;
``--force``."""

from __future__ import annotations

import re
from typing import Any

import click

from skyforge.errors import InputError, Problem


class NameList(click.ParamType):
    """An option written ``A,B,C``: its names, each stripped; an empty name is refused.

    An empty value (``--decks ""``) is the empty list.
    """

    name = "list"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> list[str]:
        if isinstance(value, list):
            return value
        if not value:
            return []
        items = [p.strip() for p in str(value).split(",")]
        if not all(items):
            self.fail(f'empty name in {value!r}; separate names with commas, e.g. "Ann,Bob"', param, ctx)
        return items


#: the one comma-separated list type: ``type=NAMES``
NAMES = NameList()

#: a command that writes a deck file over one that exists only when told to
force_option = click.option("--force", is_flag=True, help="Overwrite a deck file that already exists.")


_TOKEN = re.compile(r"^(-?)(\d+)(?:-(\d+))?$")


def parse_ticks(text: str, count: int) -> tuple[list[int], list[int]]:
    """What a player typed at the list: numbers and ranges to tick ("1 3 5-9"), and with a leading
    minus to untick ("-3", "-5-9"); spaces or commas between. Returns (to tick, to untick), each
    in the order typed, every number within 1..``count``."""
    tick: list[int] = []
    untick: list[int] = []
    problems: list[Problem] = []
    for token in (t for t in re.split(r"[\s,]+", text.strip()) if t):
        match = _TOKEN.match(token)
        if match is None:
            problems.append(
                Problem(f"'{token}' is not a number or a range", hint="e.g. 1 3 5-9 ticks, -3 unticks, Enter ends")
            )
            continue
        minus, first, last = match.group(1), int(match.group(2)), int(match.group(3) or match.group(2))
        low, high = min(first, last), max(first, last)
        if low < 1 or high > count:
            problems.append(Problem(f"'{token}': the list runs from 1 to {count}"))
            continue
        (untick if minus else tick).extend(range(low, high + 1))
    if problems:
        raise InputError(problems)
    return tick, untick
