"""What every card has (``CardBase``): its code, name, copies, source and text. A module of its own
so that the kinds that do not make decks (heroes, horde cards) are created without the alliance
cards, castles and deck rules of :mod:`~skyforge.catalog.models.cards`."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from skyforge.catalog.codes import slug
from skyforge.catalog.models.common import MayInfer, as_code


class CardBase(MayInfer):
    code: str | None = Field(
        default=None,
        description="SET.NNN as printed (any case or padding is accepted). Unknown for some official entries.",
    )
    name: str = Field(min_length=1, description="Card name as printed.")
    copies: int = Field(default=1, ge=1, description="Copies of this card in one product (the '2x' after the code).")
    source: str | None = Field(
        default=None, description="Rulebook and section this entry is taken from (official data)."
    )
    text: str | None = Field(default=None, description="Ability text, when known.")

    _code = field_validator("code", mode="before")(lambda v: as_code(v))

    @property
    def key(self) -> str:
        """Identity in the catalog: the code, or kind:name for entries without one."""
        return self.code or f"{self.kind}:{slug(self.name)}"  # type: ignore[attr-defined]  # each card model declares kind

    @property
    def set_code(self) -> str | None:
        return self.code.split(".")[0] if self.code else None

    def table(self) -> dict[str, Any]:
        """The card's ``[[cards]]`` table as a catalog file writes it: code, kind and name first, then
        every field that is known and not its default, the ability text and the source last."""
        data = self.model_dump(exclude_none=True, exclude_defaults=True)
        first = {k: getattr(self, k) for k in ("code", "kind", "name") if getattr(self, k, None) is not None}
        last = ("text", "source")
        return (
            first
            | {k: v for k, v in data.items() if k not in first and k not in last}
            | {k: data[k] for k in last if k in data}
        )
