"""The fast path for the user's files: plain checks on the parsed TOML, no pydantic.

:func:`plain_record` checks a parsed deck or collection file against the checks
generated from its pydantic model (:mod:`skyforge.plain_specs`, written by
``tools/gen_plain_specs.py``) and returns a read-only record of the same fields
and values the model would hold — or ``None`` as soon as anything is not plain
and valid (an unknown key, a wrong type, a value out of range, a field only the
model can check). ``None`` means: validate with the pydantic model, which gives
the full report with file, line and key, exactly as without a fast path.
"""

from __future__ import annotations

import re
from typing import Any

from skyforge.catalog.records import Record
from skyforge.plain_specs import SPECS

_MISSING = object()


def _scalar_ok(kind: str, value: Any) -> bool:
    if kind == "int":
        return type(value) is int
    if kind == "str":
        return type(value) is str
    if kind == "bool":
        return type(value) is bool
    if kind == "float":
        return type(value) is float
    return False


def _within(constraints: dict, value: Any) -> bool:
    for name, limit in constraints.items():
        if name == "ge" and not value >= limit or name == "gt" and not value > limit \
                or name == "le" and not value <= limit or name == "lt" and not value < limit:
            return False
        if name == "min_length" and len(value) < limit or name == "max_length" and len(value) > limit:
            return False
        if name == "pattern" and re.search(limit, value) is None:
            return False
        if name == "values" and value not in limit:
            return False
    return True


def _ok(kind: tuple, value: Any) -> bool:
    tag, constraints, item = kind
    if tag == "opt":
        return value is None or _ok(item, value)
    if tag == "literal":
        return type(value) in (str, int) and _within(constraints, value)
    if tag == "list":
        return type(value) is list and _within(constraints, value) and all(_ok(item, v) for v in value)
    if tag == "dict":
        if type(value) is not dict or not _within(constraints, value):
            return False
        item_tag, item_constraints, _ = item
        if item_tag == "int" and item_constraints.keys() <= {"ge"}:   # card → copies: the bulk case, kept tight
            low = item_constraints.get("ge")
            return all(type(v) is int and (low is None or v >= low) for v in value.values())
        return all(_ok(item, v) for v in value.values())
    return _scalar_ok(tag, value) and _within(constraints, value)


def plain_record(kind: str, data: dict, cls: type[Record] | None = None) -> Record | None:
    """A record of ``data`` checked as a ``kind`` file (``deck``, ``collection``); ``None`` if not plain.

    ``cls``: the record class to make (default: :func:`record_class` of ``kind``).
    """
    spec = SPECS.get(kind)
    if spec is None or type(data) is not dict:
        return None
    fields = spec["fields"]
    if not fields.keys() >= data.keys():
        return None
    values: dict[str, Any] = {}
    for key, field in fields.items():
        value = data.get(key, _MISSING)
        if value is _MISSING:
            if field["required"]:
                return None
            default = field["default"]
            values[field["attr"]] = default.copy() if isinstance(default, (list, dict)) else default
            continue
        if field["kind"] is None or not _ok(field["kind"], value):
            return None
        values[field["attr"]] = value
    return (cls or _default_class(kind))(values)


_CLASSES: dict[str, type[Record]] = {}


def _default_class(kind: str) -> type[Record]:
    if kind not in _CLASSES:
        _CLASSES[kind] = record_class(kind)
    return _CLASSES[kind]


def record_class(kind: str, base: type[Record] = Record) -> type[Record]:
    """The record class for ``kind`` files: named like the model, answering ``model_dump``
    (with ``exclude_defaults``) and ``model_copy`` like it."""
    spec = SPECS.get(kind) or {"model": kind, "fields": {}}
    defaults = {f["attr"]: f["default"] for f in spec["fields"].values() if not f["required"]}
    return type(spec["model"], (base,), {"_model": spec["model"], "_defaults": defaults, "__slots__": ()})
