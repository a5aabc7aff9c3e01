"""``skyforge schema``: JSON Schemas of the file formats, for editors."""

from __future__ import annotations

import click
from pydantic import BaseModel

from skyforge.campaign.events import CampaignFile
from skyforge.catalog.models import CatalogFile
from skyforge.cli.output import emit_json
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.draft.arena import TeamFile
from skyforge.draft.session import DraftFile
from skyforge.series.tracker import SeriesFile
from skyforge.setup.plan import PlanFile
from skyforge.storage.workspace import WorkspaceFile

#: format name → the model of its files
FORMATS: dict[str, type[BaseModel]] = {
    "catalog": CatalogFile,
    "deck": DeckFile,
    "collection": CollectionFile,
    "campaign": CampaignFile,
    "plan": PlanFile,
    "draft": DraftFile,
    "series": SeriesFile,
    "team": TeamFile,
    "workspace": WorkspaceFile,
}


@click.command()
@click.argument("name", type=click.Choice(sorted(FORMATS)))
def schema(name: str) -> None:
    """Print the JSON Schema of the NAME file format.

    Point your editor's TOML support (e.g. Taplo, "Even Better TOML") at it to
    get completion and checking while you edit catalog, deck, collection,
    campaign, battle-plan, draft, series or team files, or the workspace file
    skyforge.toml (NAME workspace).

    \b
      skyforge schema deck > deck.schema.json
      skyforge schema workspace > skyforge.schema.json
    """
    data = FORMATS[name].model_json_schema(by_alias=True)
    data["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    data.setdefault("title", f"skyforge {name} file")
    emit_json(data)
