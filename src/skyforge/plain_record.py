"""Read-only records: plain values that answer like the pydantic model they stand for.

The runtime catalog (:mod:`skyforge.catalog.records`) and the user's files read by the fast path
(:mod:`skyforge.plain`) are made of these: a model's fields as plain attributes, with the few
pydantic methods the code uses (``model_dump``, ``model_copy``), and no pydantic.
"""

from __future__ import annotations

from typing import Any


class Record:
    """One catalog entry (or a nested table of one) as plain, read-only attributes.

    It answers the few pydantic methods the code uses on catalog entries —
    ``model_dump`` with ``exclude_none``/``exclude_defaults`` — the same way.
    """

    _model: str = "Record"
    _defaults: dict[str, Any] = {}

    def __init__(self, fields: dict[str, Any]):
        object.__setattr__(self, "__dict__", fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{self._model} is read-only")

    def __eq__(self, other: object) -> bool:
        """Equal to a record of the same model with the same fields, and to an instance of the
        pydantic model of the same name with the same field values: a journal read by the fast
        path equals the events the commands made. So a record is not hashable (``__hash__`` is
        None): a hash could never agree with both its own kind and the model's."""
        if isinstance(other, Record):
            return other._model == self._model and other.__dict__ == self.__dict__
        fields = getattr(type(other), "model_fields", None)  # the pydantic model of the same name
        if isinstance(fields, dict) and type(other).__name__ == self._model:
            return fields.keys() == self.__dict__.keys() and all(
                self.__dict__[name] == getattr(other, name) for name in fields
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to the model, which hashes differently: see __eq__

    def __repr__(self) -> str:
        return f"{self._model}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    def model_copy(self, *, update: dict[str, Any] | None = None, **_: Any) -> Record:
        """A copy with some fields changed, like pydantic's ``model_copy``."""
        return type(self)({**self.__dict__, **(update or {})})

    def model_dump(
        self, *, exclude_none: bool = False, exclude_defaults: bool = False, exclude: set[str] | None = None, **_: Any
    ) -> dict[str, Any]:
        """The fields as a dict of plain values, like pydantic's ``model_dump`` (``mode`` and
        ``by_alias`` change nothing here: the values are plain and the names are the fields')."""
        out = {}
        defaults = self._defaults
        for name, value in self.__dict__.items():
            if exclude and name in exclude:
                continue
            if exclude_none and value is None:
                continue
            if exclude_defaults and name in defaults and defaults[name] == value:
                continue
            out[name] = _dump(value, exclude_none, exclude_defaults)
        return out


def _dump(value: Any, exclude_none: bool, exclude_defaults: bool) -> Any:
    if isinstance(value, Record):
        return value.model_dump(exclude_none=exclude_none, exclude_defaults=exclude_defaults)
    if isinstance(value, list):
        return [_dump(v, exclude_none, exclude_defaults) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, exclude_none, exclude_defaults) for k, v in value.items()}
    return value
