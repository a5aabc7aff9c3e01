"""A user's entry completes an official one: the rulebooks do not print every field.

The official layer holds only what the rulebooks state, so many of its entries
lack fields (a castle's back, a hero's colour). A user file that defines the same
entry again fills those in; a value that contradicts what the official entry
states is an error, never a silent override. A field the official entry only infers
(its ``inferred`` names it) takes the user's value, which is no longer an inference.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

#: fields that say where an entry comes from, not what it is: the official one stands
_PROVENANCE_FIELDS = frozenset({"source", "difficulty_source", "notes", "inferred"})


def _empty(value: object) -> bool:
    return value is None or value == [] or value == {}


def complete(official: M, user: BaseModel) -> tuple[M, list[tuple[str, object, object]]]:
    """``official`` with the fields it leaves empty filled in from ``user``.

    Returns the completed entry and the contradictions: ``(field, official value,
    user value)`` for every field both state with different values. A field counts
    as stated when the file wrote it (pydantic's ``model_fields_set``) and it is not
    empty; an entry of another kind contradicts on ``kind``.
    """
    if type(official) is not type(user):
        return official, [
            ("kind", getattr(official, "kind", type(official).__name__), getattr(user, "kind", type(user).__name__))
        ]
    values = {name: getattr(official, name) for name in official.model_fields_set}
    inferred = dict(getattr(official, "inferred", {}))
    conflicts: list[tuple[str, object, object]] = []
    for name in sorted(user.model_fields_set):
        mine = getattr(user, name)
        if name in _PROVENANCE_FIELDS or _empty(mine):
            continue
        theirs = getattr(official, name)
        if name not in official.model_fields_set or _empty(theirs) or name in inferred:
            values[name] = mine  # a field the books leave empty, or one only inferred: the player's card says
            inferred.pop(name, None)
        elif theirs != mine:
            conflicts.append((name, theirs, mine))
    if "inferred" in values:
        values["inferred"] = inferred
    return type(official).model_validate(values), conflicts
