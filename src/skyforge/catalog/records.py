"""The runtime catalog's entries: plain values, no pydantic.

The pydantic models of :mod:`skyforge.catalog.models` are the file format: they
run when catalog files are read (a cache miss). What the rest of skyforge works
with is a :class:`Record` per entry — the validated model's fields as plain
attributes (str, int, float, bool, None, lists, dicts and nested records) — so a
command served from the cache never imports pydantic or the model classes.

Records are made generically from the models (every field of the model, whatever
fields are added later), and turned to and from JSON by :func:`dumps` and
:func:`loads`, which is both the catalog cache's format and the way a freshly
merged catalog becomes plain values: one code path, cache hit or miss.

The JSON holds only data: every JSON object is a tagged value (``$m`` a record,
``$d`` a dict as key/value pairs, ``$p`` a path, ``$t`` a tuple, ``$o`` an
:class:`~skyforge.catalog.index.Origin`); anything else is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from skyforge.catalog.codes import slug
from skyforge.catalog.index import Origin
from skyforge.plain_record import Record


class CardRecord(Record):
    """A card of any kind: ``kind``, ``code`` (or none), ``name`` and the kind's own fields.

    ``key`` — identity in the catalog: the code, or kind:name for entries without one — is
    worked out once (bulk validation asks for it a million times).
    """

    __slots__ = ("key",)

    def __init__(self, fields: dict[str, Any]):
        object.__setattr__(self, "__dict__", fields)
        object.__setattr__(self, "key", fields.get("code") or f"{fields.get('kind')}:{slug(str(fields.get('name')))}")

    @property
    def set_code(self) -> str | None:
        return self.code.split(".")[0] if self.code else None  # type: ignore[attr-defined]


# -- JSON ------------------------------------------------------------------------------


def to_plain(value: Any, models: dict[str, dict]) -> Any:
    """``value`` as tagged JSON-ready data; pydantic models become ``$m`` records.

    ``models`` collects, for every model class met, whether it is a card and its
    field defaults (so that records answer ``model_dump(exclude_defaults=True)``).
    """
    fields = getattr(type(value), "model_fields", None)
    if isinstance(fields, dict):  # a pydantic model (duck-typed: no import)
        name = type(value).__name__
        if name not in models:
            models[name] = {
                "card": "kind" in fields and "code" in fields,
                "defaults": to_plain(
                    {n: f.get_default(call_default_factory=True) for n, f in fields.items() if not f.is_required()},
                    models,
                ),
            }
        out = {"$m": name}
        for field in fields:
            out[field] = to_plain(getattr(value, field), models)
        return out
    if isinstance(value, Record):
        out = {"$m": value._model}
        models.setdefault(
            value._model, {"card": isinstance(value, CardRecord), "defaults": to_plain(dict(value._defaults), models)}
        )
        for field, item in value.__dict__.items():
            out[field] = to_plain(item, models)
        return out
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, list):
        return [to_plain(v, models) for v in value]
    if isinstance(value, tuple):
        return {"$t": [to_plain(v, models) for v in value]}
    if isinstance(value, dict):
        return {"$d": [[to_plain(k, models), to_plain(v, models)] for k, v in value.items()]}
    if isinstance(value, Path):
        return {"$p": str(value)}
    if isinstance(value, Origin):
        return {
            "$o": [to_plain(value.file, models), value.line, value.provenance, to_plain(value.completed_by, models)]
        }
    raise TypeError(f"cannot store a {type(value).__name__} in the catalog cache")


class BadData(ValueError):
    """The JSON is not what :func:`dumps` writes: never trusted, the caller rebuilds."""


def record_classes(models: Any) -> dict[str, type[Record]]:
    """A record class per model name, from the ``models`` table of :func:`to_plain`."""
    if not isinstance(models, dict):
        raise BadData("models table")
    classes: dict[str, type[Record]] = {}
    for name, info in models.items():
        if not (
            isinstance(name, str)
            and name.isidentifier()
            and isinstance(info, dict)
            and isinstance(info.get("card"), bool)
        ):
            raise BadData(f"model {name!r}")
        base = CardRecord if info["card"] else Record
        classes[name] = type(name, (base,), {"_model": name, "_defaults": {}})
    hook = _hook(classes)
    for name, info in models.items():
        defaults = _decode(info.get("defaults"), hook)
        if not isinstance(defaults, dict):
            raise BadData(f"defaults of {name}")
        classes[name]._defaults = defaults
    return classes


def _decode(value: Any, hook) -> Any:
    """Decode an already-parsed tagged value (the small models table)."""
    if isinstance(value, list):
        return [_decode(v, hook) for v in value]
    if isinstance(value, dict):
        return hook({k: _decode(v, hook) for k, v in value.items()})
    return value


def _hook(classes: dict[str, type[Record]]):
    def hook(obj: dict) -> Any:
        if len(obj) == 1:
            ((tag, value),) = obj.items()
            if tag == "$d" and isinstance(value, list):
                return dict(value)
            if tag == "$p" and isinstance(value, str):
                return Path(value)
            if tag == "$t" and isinstance(value, list):
                return tuple(value)
            if tag == "$o" and isinstance(value, list) and len(value) == 4 and isinstance(value[0], Path):
                return Origin(*value)
        name = obj.pop("$m", None)
        if name is None:
            raise BadData(f"untagged object {sorted(obj)[:3]}")
        cls = classes.get(name) if isinstance(name, str) else None
        if cls is None:
            raise BadData(f"unknown model {name!r}")
        return cls(obj)

    return hook


def dumps(value: Any) -> str:
    """``value`` (models, records, dicts, lists, paths…) as tagged JSON: a line with the
    record classes (name, card or not, field defaults), then a line with the data."""
    models: dict[str, dict] = {}
    data = json.dumps(to_plain(value, models), ensure_ascii=False, separators=(",", ":"))
    return json.dumps(models, ensure_ascii=False, separators=(",", ":")) + "\n" + data


def loads(text: str) -> Any:
    """The value :func:`dumps` wrote, with records for models.

    Raises :class:`BadData` or another ``ValueError`` on anything else.
    """
    head, sep, data = text.partition("\n")
    if not sep:
        raise BadData("no data line")
    classes = record_classes(json.loads(head))
    return json.loads(data, object_hook=_hook(classes))
