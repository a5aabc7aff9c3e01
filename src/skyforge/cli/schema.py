"""``skyforge schema``: JSON Schemas of the file formats, for editors."""

from __future__ import annotations

import click

#: format name → (module, model class)
FORMATS: dict[str, tuple[str, str]] = {
    "catalog": ("skyforge.catalog.models", "CatalogFile"),
    "deck": ("skyforge.decks.models", "DeckFile"),
    "collection": ("skyforge.decks.models", "CollectionFile"),
    "campaign": ("skyforge.campaign.events", "CampaignFile"),
    "plan": ("skyforge.setup.plan", "PlanFile"),
    "draft": ("skyforge.draft.session", "DraftFile"),
    "series": ("skyforge.series.tracker", "SeriesFile"),
    "team": ("skyforge.draft.arena", "TeamFile"),
}


@click.command()
@click.argument("name", type=click.Choice(sorted(FORMATS)))
def schema(name: str) -> None:
    """Print the JSON Schema of the NAME file format.

    Point your editor's TOML support (e.g. Taplo, "Even Better TOML") at it to
    get completion and checking while you edit catalog, deck, collection,
    campaign, battle-plan, draft, series or team files.

    \b
      skyforge schema deck > deck.schema.json
    """
    import importlib

    from skyforge.cli.output import emit_json

    module, attr = FORMATS[name]
    model = getattr(importlib.import_module(module), attr)
    data = model.model_json_schema(by_alias=True)
    data["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    data.setdefault("title", f"skyforge {name} file")
    emit_json(data)
