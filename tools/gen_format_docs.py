"""Write docs/file-formats-reference.md from the pydantic models' field descriptions.

Run ``python tools/gen_format_docs.py`` after changing a model; tests/test_docs.py
fails when the file is out of date. The models are the file formats.
"""

from __future__ import annotations

import typing
from pathlib import Path

from pydantic import BaseModel

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "docs" / "file-formats-reference.md"


def _type_name(annotation) -> str:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Literal:
        return " \\| ".join(f'`"{a}"`' for a in args)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        parts = [_type_name(a) for a in args if a is not type(None)]
        return " \\| ".join(parts) + (" (optional)" if type(None) in args else "")
    if origin is typing.Annotated:
        return _type_name(args[0])
    if origin in (list, tuple):
        return f"list of {_type_name(args[0])}" if args else "list"
    if origin is dict:
        return f"table of {_type_name(args[0])} → {_type_name(args[1])}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return f"[{annotation.__name__}](#{annotation.__name__.lower()})"
    return getattr(annotation, "__name__", str(annotation)).replace("NoneType", "none")


def section(model: type[BaseModel], title: str | None = None) -> list[str]:
    lines = [f"### {model.__name__}", ""]
    if title:
        lines += [title, ""]
    doc = (model.__doc__ or "").strip()
    if doc and not doc.startswith("!!!") and "Usage docs" not in doc:
        lines += [doc.split("\n\n")[0].replace("\n", " "), ""]
    lines += ["| key | type | default | meaning |", "|---|---|---|---|"]
    for name, field in model.model_fields.items():
        key = field.alias or name
        if field.is_required():
            default = "required"
        elif field.default_factory is not None:
            default = "empty"
        else:
            default = "—" if field.default is None else f"`{field.default!r}`".replace("'", '"')
        lines.append(f"| `{key}` | {_type_name(field.annotation)} | {default} | {field.description or ''} |")
    return [*lines, ""]


def export_formats() -> list[str]:
    """The formats of `skyforge deck export`, from the one registry the CLI's --format offers."""
    from skyforge.workbench.formats import FORMATS

    lines = [
        "## Export formats",
        "",
        "`skyforge deck export --format F`; `skyforge deck import` reads back the formats marked so (and share codes).",
        "",
        "| format | what | reads back |",
        "| --- | --- | --- |",
    ]
    for fmt in FORMATS.values():
        lines.append(f"| `{fmt.name}` | {fmt.summary} | {'yes' if fmt.reads_back else 'no'} |")
    return [*lines, ""]


def render() -> str:
    from skyforge.catalog import models as m
    from skyforge.decks.models import CollectionFile, DeckFile

    out = [
        "# File formats — reference",
        "",
        "Generated from the pydantic models by `tools/gen_format_docs.py`; do not edit by hand.",
        "The guide with examples is [file-formats.md](file-formats.md). Unknown keys are errors.",
        "",
        "## Workspace file",
        "",
        "`skyforge.toml`, found in the current folder or the nearest folder above it;",
        "`--workspace` and `SKYFORGE_WORKSPACE` win over it.",
        "",
    ]
    from skyforge.storage.workspace import WorkspaceFile

    out += section(WorkspaceFile)
    out += ["## Deck files", ""]
    out += section(DeckFile)
    out += ["## Collection files", "", *section(CollectionFile)]
    from skyforge.draft.session import DraftChoice, DraftFile, DraftOptions
    from skyforge.series.tracker import SeriesFile

    out += ["## Draft files", "", *section(DraftFile), *section(DraftOptions), *section(DraftChoice)]
    out += ["## Series files", "", *section(SeriesFile)]
    from skyforge.draft.teams import TeamFile

    out += ["## Arena team files", "", *section(TeamFile)]
    out += ["## Catalog files", "", *section(m.CatalogFile)]
    for model in (m.CardSet, m.Product, m.Horde, m.DifficultyLevel, m.PremadeDeck):
        out += section(model)
    out += ["## Cards", "", "Every `[[cards]]` table has a `kind`; the keys allowed depend on it.", ""]
    for kind, model in m.CARD_MODELS.items():
        out += section(model, f'`kind = "{kind}"`')
    for model in (m.DeckRule, m.DeckSize, m.CardRule, m.ScenarioAction):
        out += section(model)
    for name in ("DraftFormat", "DraftStep", "TeamPreset"):
        if hasattr(m, name):
            out += section(getattr(m, name))
    out += export_formats()
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    from gen_cli_docs import write_or_check

    write_or_check(TARGET, render())
