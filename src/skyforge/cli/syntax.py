"""Command-line syntax shared by commands: lists of names written ``A,B,C``."""

from __future__ import annotations

from typing import Any

import click


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
