"""The fast path for the user's files: plain checks on the parsed TOML, no pydantic validation.

:func:`plain_record` checks a parsed deck, collection or campaign file against
the checks generated from its pydantic model (:mod:`skyforge.plain_specs`,
written by ``tools/gen_plain_specs.py``) and builds the value the model would
hold — or returns ``None`` as soon as anything is not plain and valid (an
unknown key, a wrong type, a value out of range, a field only the model can
check). ``None`` means: validate with the pydantic model, which gives the full
report with file, line and key, exactly as without a fast path.

What is built is up to the caller's ``make(model_name, fields)``: read-only
records by default (decks and collections: no pydantic at all), or the model's
own ``model_construct`` (campaign events, whose classes the fold matches on).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from skyforge.plain_record import Record
from skyforge.plain_specs import MODELS, SPECS

_MISSING = object()
_HUGE = float("inf")
Make = Callable[[str, dict], Any]


class _NotPlain(Exception):
    pass


_SCALAR_TYPES = {"int": int, "str": str, "bool": bool, "float": float}


def _within(constraints: dict, value: Any) -> bool:
    for name, limit in constraints.items():
        if (
            (name == "ge" and not value >= limit)
            or (name == "gt" and not value > limit)
            or (name == "le" and not value <= limit)
            or (name == "lt" and not value < limit)
        ):
            return False
        if (name == "min_length" and len(value) < limit) or (name == "max_length" and len(value) > limit):
            return False
        if name == "pattern" and re.search(limit, value) is None:
            return False
        if name == "values" and value not in limit:
            return False
    return True


def _conv(kind: tuple, value: Any, make: Make) -> Any:
    """``value`` checked against ``kind`` and built (nested models through ``make``); raises _NotPlain."""
    tag, constraints, item = kind
    scalar = _SCALAR_TYPES.get(tag)
    if scalar is not None:
        if type(value) is not scalar or (constraints and not _within(constraints, value)):
            raise _NotPlain
        return value
    if tag == "opt":
        return None if value is None else _conv(item, value, make)
    if tag == "literal":
        if type(value) not in (str, int) or value not in constraints["values"]:
            raise _NotPlain
        return value
    if tag == "list":
        if type(value) is not list or (constraints and not _within(constraints, value)):
            raise _NotPlain
        if item[0] in _SCALAR_TYPES and not item[1]:
            scalar = _SCALAR_TYPES[item[0]]
            if all(type(v) is scalar for v in value):
                return list(value)
            raise _NotPlain
        return [_conv(item, v, make) for v in value]
    if tag == "dict":
        if type(value) is not dict or (constraints and not _within(constraints, value)):
            raise _NotPlain
        if item[0] == "int" and item[1].keys() <= {"ge", "le"}:  # card → copies: the bulk case, kept tight
            low, high = item[1].get("ge", -_HUGE), item[1].get("le", _HUGE)
            if all(type(v) is int and low <= v <= high for v in value.values()):
                return dict(value)
            raise _NotPlain
        return {k: _conv(item, v, make) for k, v in value.items()}
    if tag == "model":
        return _model(item, value, make)
    if tag == "union":  # discriminated: constraints["on"] names the tag
        if type(value) is not dict:
            raise _NotPlain
        name = item.get(value.get(constraints["on"])) if isinstance(value.get(constraints["on"]), str) else None
        if name is None:
            raise _NotPlain
        return _model(name, value, make)
    raise _NotPlain


def _model(name: str, data: Any, make: Make) -> Any:
    spec = MODELS.get(name)
    if spec is None or type(data) is not dict:
        raise _NotPlain
    fields = spec["fields"]
    if not fields.keys() >= data.keys():
        raise _NotPlain
    values: dict[str, Any] = {}
    for key, field in fields.items():
        value = data.get(key, _MISSING)
        if value is _MISSING:
            if field["required"]:
                raise _NotPlain
            default = field["default"]
            values[field["attr"]] = default.copy() if isinstance(default, (list, dict)) else default
            continue
        if field["kind"] is None:
            raise _NotPlain
        values[field["attr"]] = _conv(field["kind"], value, make)
    return make(name, values)


def plain_record(kind: str, data: dict, make: Make | type[Record] | None = None) -> Any:
    """``data`` checked as a ``kind`` file (``deck``, ``collection``, ``campaign``) and built by
    ``make(model_name, fields)`` (default: read-only records); ``None`` if it is not plain and valid.

    A record class may be given for ``make``: it is used for the file's top-level table.
    """
    name = SPECS.get(kind)
    if name is None or type(data) is not dict:
        return None
    if make is None:
        make = _make_record
    elif isinstance(make, type):
        top, cls = name, make
        make = lambda model, fields: cls(fields) if model == top else _make_record(model, fields)  # noqa: E731
    try:
        return _model(name, data, make)
    except (_NotPlain, RecursionError):
        return None


_CLASSES: dict[str, type[Record]] = {}


def _make_record(model: str, fields: dict) -> Record:
    cls = _CLASSES.get(model)
    if cls is None:
        cls = _CLASSES[model] = record_class(model)
    return cls(fields)


def record_class(kind_or_model: str, base: type[Record] = Record) -> type[Record]:
    """The record class for a file kind (``deck``) or model name: named like the model, answering
    ``model_dump`` (with ``exclude_defaults``) and ``model_copy`` like it."""
    model = SPECS.get(kind_or_model, kind_or_model)
    spec = MODELS.get(model) or {"fields": {}}
    defaults = {f["attr"]: f["default"] for f in spec["fields"].values() if not f["required"]}
    return type(model, (base,), {"_model": model, "_defaults": defaults, "__slots__": ()})
