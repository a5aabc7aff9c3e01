"""Validation reports: pydantic's errors turned into problems in TOML terms.

:func:`validation_problems` maps each error back to the file's line and key, in words a
player understands, with a hint (the nearest allowed key, the allowed values).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from skyforge.errors import Problem
from skyforge.text import did_you_mean
from skyforge.tomlpos import key_lines, locate


def validation_problems(
    exc: Any, path: Path | str, text: str, *, describe: Any = None, known_keys: Any = None
) -> list[Problem]:
    """Turn a pydantic ``ValidationError`` into problems in TOML terms.

    ``describe(loc)`` may return a short label for the table a loc points into
    (e.g. ``cards[3] (CAM.014)``) so that messages name the card, not an index;
    ``known_keys(loc)`` the keys allowed in the table at ``loc``, for hints.
    """
    lines = key_lines(text)
    problems: list[Problem] = []
    errors = exc.errors(include_url=False)
    for error in errors[:MAX_PROBLEMS]:
        raw = error["loc"]
        # pydantic puts the discriminator value after a list index: cards.3.alliance.rarity
        # (never the last part: that is a key, such as a plan result's 'horde', named like a tag)
        loc = tuple(
            p
            for i, p in enumerate(raw)
            if not (0 < i < len(raw) - 1 and isinstance(raw[i - 1], int) and _is_union_tag(p))
        )
        key = dotted(loc, describe)
        kind = error["type"]
        value = error.get("input")
        hint = None
        message = error["msg"]
        if kind == "extra_forbidden":
            known = list(known_keys(loc[:-1]) or []) if known_keys else []
            name = str(loc[-1])
            message = f"unknown key '{name}'"
            hint = did_you_mean(name, sorted(known), listing="allowed keys")
            problems.append(Problem(message, file=path, line=locate(lines, loc), key=key, hint=hint))
            continue
        if kind == "missing":
            table = dotted(loc[:-1], describe)
            problems.append(
                Problem(
                    f"required key '{loc[-1]}' is missing" + (f" in {table}" if table else ""),
                    file=path,
                    line=locate(lines, loc[:-1]) if len(loc) > 1 else None,
                    hint=f"add {loc[-1]} = …",
                )
            )
            continue
        if kind == "union_tag_invalid":  # e.g. an event whose type is misspelt
            ctx = error.get("ctx", {})
            field_name, tag = str(ctx.get("discriminator", "type")).strip("'"), str(ctx.get("tag"))
            choices = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
            noun = f"{str(loc[0]).removesuffix('s')} " if loc and isinstance(loc[0], str) else ""
            problems.append(
                Problem(
                    f"unknown {noun}{field_name} '{tag}'",
                    file=path,
                    line=locate(lines, (*loc, field_name)) or locate(lines, loc),
                    key=dotted((*loc, field_name), describe),
                    hint=did_you_mean(tag, choices, listing="one of"),
                )
            )
            continue
        if kind in ("literal_error", "enum"):
            expected = error.get("ctx", {}).get("expected", "")
            choices = re.findall(r"'([^']*)'", str(expected))
            if isinstance(value, str) and choices:
                hint = did_you_mean(value.lower(), choices)
            message = (
                f"must be one of {', '.join(choices)}" if choices else f"must be {expected}" if expected else message
            )
        elif kind == "value_error":
            message = message.removeprefix("Value error, ")
        elif kind in _PLAIN:
            message = _PLAIN[kind].format(**error.get("ctx", {}))
        if hint is None:
            hint = type_hint(kind, value, error.get("ctx", {}))
        problems.append(
            Problem(message, file=path, line=locate(lines, loc), key=key, value=value, has_value=True, hint=hint)
        )
    if len(errors) > MAX_PROBLEMS:
        problems.append(left_out(len(errors) - MAX_PROBLEMS, path))
    return problems


#: the most problems one file reports (a file of 50,000 bad lines would fill a terminal for
#: minutes); the rest are counted
MAX_PROBLEMS = 1_000


def left_out(count: int, path: Path | str) -> Problem:
    """The problem that stands for ``count`` more of one file, past :data:`MAX_PROBLEMS`."""
    return Problem(
        f"… and {count:,} more problems (the problems limit: {MAX_PROBLEMS:,} of one file)",
        file=path,
        value=count,
        hint="fix these first",
        code="left-out",
    )


#: pydantic's wording → TOML words a player understands
_PLAIN = {
    "int_parsing": "must be a whole number",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number",
    "string_type": "must be text in quotes",
    "bool_parsing": "must be true or false",
    "bool_type": "must be true or false",
    "list_type": "must be a list [ … ]",
    "dict_type": "must be a table",
    "model_type": "must be a table",
    "model_attributes_type": "must be a table",
    "greater_than_equal": "must be at least {ge}",
    "greater_than": "must be more than {gt}",
    "less_than_equal": "must be at most {le}",
    "string_too_short": "must not be empty",
    "too_short": "must have at least {min_length} entries",
    "too_long": "has more than {max_length} entries (the entries limit)",
    "string_too_long": "is longer than {max_length} characters",
    "less_than": "must be less than {lt}",
    "float_type": "must be a number",
    "string_pattern_mismatch": "does not have the expected form ({pattern})",
}


def type_hint(kind: str, value: Any, ctx: dict) -> str | None:
    """How to write a value of the right type or range, from what was written instead."""
    text = value.strip() if isinstance(value, str) else None
    if kind in ("int_parsing", "int_type", "int_from_float"):
        if text is not None and re.fullmatch(r"[-+]?\d{1,18}", text):
            return f"write {int(text)} without quotes"
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e18:
            return f"write {int(value)}, without a decimal point"
        return "write a whole number such as 3, without quotes"
    if kind == "float_parsing" or kind == "float_type":
        if text is not None and re.fullmatch(r"[-+]?\d{1,18}(\.\d{1,18})?", text):
            return f"write {text} without quotes"
        return "write a number such as 1.5, without quotes"
    if kind in ("bool_parsing", "bool_type"):
        if text is not None and text.casefold() in ("true", "false"):
            return f"write {text.casefold()} without quotes"
        return "write true or false (no quotes)"
    if kind == "string_type":
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        return f'write it in quotes: "{shown}"' if len(shown) <= 40 and "\n" not in shown else "write it in quotes"
    if kind == "list_type":
        return (
            f'write a list in brackets: ["{text}"]' if text is not None and len(text) <= 40 else "write a list: [ … ]"
        )
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "write a table: a [name] header with key = value lines under it, or { key = value }"
    if kind == "greater_than_equal":
        return f"use {ctx.get('ge')} or more"
    if kind == "greater_than":
        return f"use more than {ctx.get('gt')}"
    if kind == "less_than_equal":
        return f"use {ctx.get('le')} or less"
    if kind == "less_than":
        return f"use less than {ctx.get('lt')}"
    if kind == "string_too_short":
        return "write something between the quotes, or remove the line"
    if kind == "too_short":
        return f"give at least {ctx.get('min_length')}"
    if kind == "too_long":
        return f"give at most {ctx.get('max_length')}"
    if kind == "string_too_long":
        return f"shorten it to at most {ctx.get('max_length')} characters"
    if kind in ("literal_error", "enum") and not isinstance(value, str):
        return "write one of them in quotes"
    return None


def _is_union_tag(part: Any) -> bool:
    # pydantic inserts the discriminator value (e.g. 'alliance') into loc.
    return isinstance(part, str) and part in _UNION_TAGS


_UNION_TAGS: set[str] = set()


def register_union_tags(tags: set[str]) -> None:
    _UNION_TAGS.update(tags)


def dotted(loc: tuple, describe: Any = None) -> str:
    out = ""
    for i, part in enumerate(loc):
        if isinstance(part, int):
            label = describe(loc[: i + 1]) if describe else None
            out += f"[{part}]" + (f" ({label})" if label else "")
        else:
            text = str(part)
            if not re.fullmatch(r"[A-Za-z0-9_\-]+", text):
                text = '"' + text + '"'
            out += ("." if out else "") + text
    return out
