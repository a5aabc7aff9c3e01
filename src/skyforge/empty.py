"""The default factories of skyforge's pydantic fields: a new empty dict or list.

Building a model's validator reads the signature of each field's default factory, and the
signature of a built-in such as ``dict`` or ``list`` is parsed from its text by ``tokenize``,
whose regular expression alone takes ~6 M instructions to compile: a command that reads a deck
or a campaign would pay it for nothing. A Python function's signature is read directly. So a
pydantic field's empty default is ``Field(default_factory=empty_dict)`` (or ``empty_list``), never
``dict`` or ``list`` (tests/test_architecture.py holds every model to it); a dataclass field's
factory is not read, and may stay a built-in.
"""

from __future__ import annotations

from typing import Any


def empty_dict() -> dict[Any, Any]:
    """A new empty dict."""
    return {}


def empty_list() -> list[Any]:
    """A new empty list."""
    return []
