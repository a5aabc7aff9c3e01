"""``skyforge schema``: JSON Schemas of the file formats, for editors, and of commands' ``--json``."""

from __future__ import annotations

import click
from pydantic import BaseModel

from skyforge.campaign.events import CampaignFile
from skyforge.campaign.report import CampaignShown
from skyforge.catalog.checks import CatalogCheck
from skyforge.catalog.models import CatalogFile
from skyforge.cli.output import emit_json
from skyforge.cli.series import SeriesShown
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.draft.arena import TeamFile
from skyforge.draft.session import DraftFile
from skyforge.rules import ValidationReport
from skyforge.rules.choosing import CardChoice
from skyforge.series.tracker import SeriesFile
from skyforge.setup.plan import PlanFile
from skyforge.storage.workspace import WorkspaceFile
from skyforge.workbench.assistant import CastlePlan, DeckBuild, DeckCompletion
from skyforge.workbench.diff import DeckDiff
from skyforge.workbench.sampledraw import SampleDraw
from skyforge.workbench.stats import DeckStats

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

#: command → the result its ``--json`` dumps
OUTPUTS: dict[str, type[BaseModel]] = {
    "deck-show": DeckStats,
    "deck-stats": DeckStats,
    "deck-diff": DeckDiff,
    "deck-draw": SampleDraw,
    "deck-validate": ValidationReport,
    "catalog-check": CatalogCheck,
    "cards-search": CardChoice,
    "deck-complete": DeckCompletion,
    "deck-build": DeckBuild,
    "deck-plan": CastlePlan,
    "series-show": SeriesShown,
    "campaign-show": CampaignShown,
}


@click.command()
@click.argument("name", type=click.Choice([*sorted(FORMATS), *sorted(OUTPUTS)]))
def schema(name: str) -> None:
    """Print the JSON Schema of the NAME file format, or of a command's --json.

    Point your editor's TOML support (e.g. Taplo, "Even Better TOML") at it to
    get completion and checking while you edit catalog, deck, collection,
    campaign, battle-plan, draft, series or team files, or the workspace file
    skyforge.toml (NAME workspace).

    \b
      skyforge schema deck > deck.schema.json
      skyforge schema workspace > skyforge.schema.json

    A command's output is named by the command, its words joined by a dash:
    deck-show, deck-stats, deck-diff, deck-draw, deck-validate, catalog-check,
    deck-complete, deck-build, deck-plan, series-show, campaign-show, cards-search
    (the search for a deck, with --for).

    \b
      skyforge schema deck-show > deck-show.schema.json
    """
    if name in OUTPUTS:
        data = OUTPUTS[name].model_json_schema(mode="serialization", by_alias=True)
        data["title"] = f"skyforge {name.replace('-', ' ')} --json"
    else:
        data = FORMATS[name].model_json_schema(by_alias=True)
        data.setdefault("title", f"skyforge {name} file")
    data["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    emit_json(data)
