"""A check of JSON against the JSON Schema ``skyforge schema`` prints, for the subset pydantic writes.

It reads ``$ref`` to ``$defs``, ``anyOf``, ``type``, ``properties``, ``required``,
``additionalProperties``, ``items``, ``prefixItems``, ``enum`` and ``const``, and is stricter than
JSON Schema in one way: an object with ``properties`` takes no other key unless
``additionalProperties`` allows it, so every key a command prints must be described.
"""

from __future__ import annotations

from typing import Any

TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
    "array": (list,),
    "object": (dict,),
}


def problems(schema: dict, data: Any, root: dict | None = None, where: str = "$") -> list[str]:
    """Where ``data`` departs from ``schema`` (none: it is described), each with its JSON path."""
    root = root or schema
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return problems(root["$defs"][name], data, root, where)
    if "anyOf" in schema:
        tried = [problems(option, data, root, where) for option in schema["anyOf"]]
        return [] if any(not p for p in tried) else [f"{where}: matches none of anyOf: {tried}"]
    found: list[str] = []
    kind = schema.get("type")
    if kind is not None:
        kinds = [kind] if isinstance(kind, str) else kind
        ok = any(
            isinstance(data, TYPES[k]) and not (k in ("integer", "number") and isinstance(data, bool)) for k in kinds
        )
        if not ok:
            return [f"{where}: {data!r} is not {kind}"]
    if "const" in schema and data != schema["const"]:
        found.append(f"{where}: {data!r} is not {schema['const']!r}")
    if "enum" in schema and data not in schema["enum"]:
        found.append(f"{where}: {data!r} is not one of {schema['enum']}")
    if isinstance(data, dict):
        described = schema.get("properties", {})
        found += [f"{where}: '{k}' is missing" for k in schema.get("required", []) if k not in data]
        more = schema.get("additionalProperties", "properties" not in schema)
        for key, value in data.items():
            if key in described:
                found += problems(described[key], value, root, f"{where}.{key}")
            elif isinstance(more, dict):
                found += problems(more, value, root, f"{where}.{key}")
            elif not more:
                found.append(f"{where}: '{key}' is not described")
    if isinstance(data, list):
        fixed = schema.get("prefixItems", [])
        for i, item in enumerate(data):
            item_schema = fixed[i] if i < len(fixed) else schema.get("items")
            if item_schema is not None:
                found += problems(item_schema, item, root, f"{where}[{i}]")
    return found
