"""What the library returns to its front ends: typed results.

A result is a frozen pydantic model. The library builds it from values it has already checked
(``Result.of``, which skips validation: a result costs no more than a tuple), a front end reads
its fields, and a command's ``--json`` is its dump (:meth:`Result.dump`), so the human view and
the JSON are one object and ``skyforge schema`` can print the JSON Schema of each. A command
whose JSON is a list returns a :class:`ResultList` of results.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Generic, TypeVar, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    JsonValue,
    SerializerFunctionWrapHandler,
    model_serializer,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from skyforge.errors import Problem, jsonable

R = TypeVar("R", bound="Result")
T = TypeVar("T")


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


class ResultList(BaseModel, Generic[T]):
    """Results in a list, whose ``--json`` is the list: ``ResultList[CardEntry].of(entries)``.

    A model of one field rather than pydantic's ``RootModel``, whose import builds a schema (and
    loads pydantic's plugins) in every command."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    items: list[T]

    @classmethod
    def of(cls, items: Iterable[T]) -> ResultList[T]:
        """The list of results the library built (each checked where it came from)."""
        return cls.model_construct(items=list(items))

    def dump(self) -> list[Any]:
        """The ``--json`` of these results: the list."""
        return cast(list[Any], self.model_dump(mode="json", by_alias=True)["items"])

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        """The JSON Schema of the list (the items' field), as :meth:`dump` gives it."""
        return handler.resolve_ref_schema(handler(schema))["properties"]["items"] | {"title": cls.__name__}

    def __iter__(self) -> Iterator[T]:  # type: ignore[override]  # the items, not the model's fields
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


def _none(value: object) -> bool:
    return value is None


def _empty(value: object) -> bool:
    return not value


class ReportedProblem(Result):
    """One :class:`~skyforge.errors.Problem` as ``--json`` gives it (an error's problems, the lines
    an import skipped): what is wrong, and where (file, line, key), the value given and the hint
    when they are known."""

    message: str
    file: str | None = Field(default=None, exclude_if=_none)
    line: int | None = Field(default=None, exclude_if=_none)
    key: str | None = Field(default=None, exclude_if=_empty)
    #: the value given, when one was (``null`` among them)
    value: JsonValue = None
    hint: str | None = Field(default=None, exclude_if=_empty)
    #: whether a value was given: only then is ``value`` in the dump
    has_value: bool = Field(default=False, exclude=True)
    #: the problem itself, as people read it (:meth:`~skyforge.errors.Problem.render`)
    problem: Problem = Field(exclude=True)

    @classmethod
    def of_problem(cls, problem: Problem) -> ReportedProblem:
        return cls.of(
            message=problem.message,
            file=None if problem.file is None else str(problem.file),
            line=problem.line,
            key=problem.key,
            value=jsonable(problem.value) if problem.has_value else None,
            hint=problem.hint,
            has_value=problem.has_value,
            problem=problem,
        )

    # the return is not annotated: pydantic then keeps the fields' own JSON Schema
    @model_serializer(mode="wrap")
    def _value_when_given(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        data = handler(self)
        if not self.has_value:
            del data["value"]
        return data
