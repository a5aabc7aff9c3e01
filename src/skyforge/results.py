"""What the library returns to its front ends: typed results.

A result is a frozen pydantic model. The library builds it from values it has already checked
(``Result.of``, which skips validation: a result costs no more than a tuple), a front end reads
its fields, and a command's ``--json`` is its dump (:meth:`Result.dump`), so the human view and
the JSON are one object and ``skyforge schema`` can print the JSON Schema of each.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from pydantic import BaseModel, ConfigDict

R = TypeVar("R", bound="Result")


class Result(BaseModel):
    """A result of the library, for people and scripts alike."""

    # the schema is built on the first dump, so a command drawing for people never pays for it
    model_config = ConfigDict(frozen=True, defer_build=True, populate_by_name=True)

    @classmethod
    def of(cls: type[R], **fields: Any) -> R:
        """A result from values the library computed itself (checked where they came from)."""
        return cast(R, cls.model_construct(**fields))  # the plugin types it as the base class

    def dump(self) -> dict[str, Any]:
        """The ``--json`` of this result."""
        return self.model_dump(mode="json", by_alias=True)
