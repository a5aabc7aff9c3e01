"""Names a package makes on first use: its module ``__getattr__``.

A package whose names are costly to make (pydantic classes: about a millisecond each) and which a
command mostly does not read — the catalog's rule tables, the campaign's later events — lists each
name with the module that defines it; the name is imported from there the first time it is asked
for, and kept. Only the lazy places of ``tests/test_architecture.py`` do this (docs/architecture.md,
"Where laziness lives, and why").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def names_on_first_use(package: str, module_of: Mapping[str, str], kept: dict[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: the name ``n`` of ``module_of`` imported from
    ``package.module_of[n]`` when first asked for, then kept in ``kept`` (the package's globals),
    so that it is asked for only once."""

    def first_use(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        kept[name] = value
        return value

    return first_use
