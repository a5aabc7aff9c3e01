"""Generate src/skyforge/plain_specs.py: the plain checks of the user's file models.

    python tools/gen_plain_specs.py          # write it
    python tools/gen_plain_specs.py --check  # exit 1 if it is out of date (a test runs this)

Deck and collection files are read through a fast path (skyforge.plain) that
checks the parsed TOML with plain Python and builds records, without importing
pydantic; the pydantic model still gives the full report whenever a file is not
plain and valid. The checks are derived here from the models themselves — each
field's key, type, constraints and default — so a field added to a model is
picked up by re-running this tool. What the tool cannot express as a plain
check (a validator, a nested model, a type it does not know) is written as
"not plain": a file that uses it always takes the pydantic path.

Strict models (issue 10): a plain check compares exact types — ``true`` is not a whole
number, nor is ``2.0`` or ``"2"`` — and every bound the model states (``ge``/``le``, a
table's ``max_length``), so it accepts only what the strict model accepts; what it refuses
goes to the model, whose report names file, line, key and value.
"""

from __future__ import annotations

import sys
import types
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
TARGET = ROOT / "src" / "skyforge" / "plain_specs.py"


_SCALARS = {int: "int", str: "str", bool: "bool", float: "float"}
_CONSTRAINTS = ("ge", "gt", "le", "lt", "min_length", "max_length", "pattern")
_CONFIG_OK = {"extra", "populate_by_name", "defer_build", "frozen", "title", "strict"}


def _constraints(metadata: list) -> dict | None:
    out: dict = {}
    for item in metadata:
        known = False
        for name in _CONSTRAINTS:
            value = getattr(item, name, None)
            if value is not None:
                out[name] = value
                known = True
        if not known and type(item).__name__ not in ("Strict",):
            return None
    return out


def _kind(annotation, metadata: list, models: dict) -> tuple | None:
    """(kind, constraints, item) for an annotation; ``None`` when no plain check expresses it.

    Nested models are added to ``models`` (name → spec) as they are met.
    """
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo

    discriminator = next(
        (getattr(m, "discriminator", None) for m in metadata if getattr(m, "discriminator", None)), None
    )
    metadata = [m for m in metadata if not (isinstance(m, FieldInfo) and m.discriminator)]
    constraints = _constraints(metadata)
    if constraints is None:
        return None
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        extra = []
        for a in args[1:]:
            if isinstance(a, FieldInfo):
                extra.extend(a.metadata)
                discriminator = discriminator or a.discriminator
            else:
                extra.append(a)
        return _kind(
            args[0], [*metadata, *extra, *([FieldInfo(discriminator=discriminator)] if discriminator else [])], models
        )
    if annotation in _SCALARS:
        return (_SCALARS[annotation], constraints, None)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if constraints:
            return None
        _collect(annotation, models)
        return ("model", {}, annotation.__name__) if models.get(annotation.__name__) else None
    if origin in (typing.Union, types.UnionType) and discriminator and not constraints:
        tags = {}
        for member in args:
            if not (isinstance(member, type) and issubclass(member, BaseModel)):
                return None
            tag = member.model_fields[discriminator].default
            _collect(member, models)
            if not isinstance(tag, str) or not models.get(member.__name__):
                return None
            tags[tag] = member.__name__
        return ("union", {"on": discriminator}, tags)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _kind(next(a for a in args if a is not type(None)), metadata, models)
        return None if inner is None else ("opt", {}, inner)
    if origin is typing.Literal and all(isinstance(a, (str, int)) and not isinstance(a, bool) for a in args):
        return ("literal", {"values": list(args)}, None)
    if origin is list and len(args) == 1:
        item = _kind(args[0], [], models)
        return None if item is None else ("list", constraints, item)
    if origin is dict and len(args) == 2 and args[0] is str:
        item = _kind(args[1], [], models)
        return None if item is None else ("dict", constraints, item)
    return None


def _collect(model, models: dict) -> None:
    if model.__name__ not in models:
        models[model.__name__] = None  # being worked out (and refused if recursive)
        models[model.__name__] = spec(model, models)


def spec(model, models: dict) -> dict | None:
    config = dict(model.model_config)
    if config.get("extra") != "forbid" or set(config) - _CONFIG_OK:
        return None
    decorators = model.__pydantic_decorators__
    if decorators.model_validators or decorators.root_validators:
        return None
    validated = {
        f for d in [*decorators.field_validators.values(), *decorators.validators.values()] for f in d.info.fields
    }
    fields = {}
    for name, field in model.model_fields.items():
        key = field.alias or name
        kind = (
            None if (name in validated or "*" in validated) else _kind(field.annotation, list(field.metadata), models)
        )
        required = field.is_required()
        if kind is None and required:
            return None
        default = None if required else field.get_default(call_default_factory=True)
        if not isinstance(default, (type(None), str, int, float, bool, list, dict)):
            return None
        fields[key] = {"attr": name, "kind": kind, "required": required, "default": default}
    return {"fields": fields}


def render() -> str:
    import importlib

    from skyforge.plain_models import FILE_MODELS  # the models of the user's files that have a fast path

    files, models = {}, {}
    for name, ref in FILE_MODELS.items():
        module, cls = ref.split(":")
        model = getattr(importlib.import_module(module), cls)
        _collect(model, models)
        files[name] = model.__name__
    lines = [
        '"""Plain checks of the user\'s file models, generated from the pydantic models by',
        "tools/gen_plain_specs.py: do not edit by hand (a test checks it is current).",
        "",
        "SPECS: file kind → its top-level model. MODELS: model name → per field (by TOML key):",
        "attribute name, kind (``None``: only the pydantic model checks it), whether it is",
        "required, and its default; ``None`` for a model only pydantic can check.",
        "Read by :mod:`skyforge.plain`.",
        '"""',
        "",
        "# fmt: off",
        f"SPECS = {files!r}",
        "",
        "MODELS = {",
    ]
    for name in sorted(models):  # one line per field: the file stays short and diffs clearly
        if models[name] is None:
            lines.append(f"    {name!r}: None,")
            continue
        lines.append(f"    {name!r}: {{'fields': {{")
        for key, field in models[name]["fields"].items():
            lines.append(f"        {key!r}: {field!r},")
        lines.append("    }},")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    text = render()
    if "--check" in sys.argv[1:]:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is out of date: run python tools/gen_plain_specs.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
