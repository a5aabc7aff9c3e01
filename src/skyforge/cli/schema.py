"""``skyforge schema``: JSON Schemas of the file formats, for editors, and of commands' ``--json``."""

from __future__ import annotations

from typing import Any

import click
from pydantic import BaseModel, TypeAdapter

from skyforge.campaign.events import CampaignFile
from skyforge.campaign.report import CampaignShown
from skyforge.catalog.checks import CatalogCheck
from skyforge.catalog.entry import CardAdded
from skyforge.catalog.listing import CardEntry
from skyforge.catalog.models import CatalogFile
from skyforge.cli.output import emit_json
from skyforge.decks.models import CollectionFile, DeckFile
from skyforge.draft.arena import ArenaDraft
from skyforge.draft.onward import OnwardDraft
from skyforge.draft.rosters import ArenaHero, OnwardHeroes
from skyforge.draft.session import DraftFile
from skyforge.draft.teams import ArenaSetup, TeamCheck, TeamFile
from skyforge.results import ResultList
from skyforge.rules import CollectionSummary, ValidationReport
from skyforge.rules.choosing import CardChoice
from skyforge.series.tracker import SeriesFile, SeriesShown
from skyforge.setup.difficulty import DifficultyReport
from skyforge.setup.plan import PlanFile, PlanResult, PlanStatus, PlanTable, PlanUndone
from skyforge.setup.standalone import GameSetup
from skyforge.storage.versions import History, KeptFiles
from skyforge.storage.workspace import WorkspaceFile
from skyforge.workbench.assistant import CastlePlan, DeckBuild, DeckCompletion
from skyforge.workbench.deck_list import DeckSummary, UnreadableDeck
from skyforge.workbench.diff import DeckDiff
from skyforge.workbench.importing import ImportReport
from skyforge.workbench.premade import PremadeSaved
from skyforge.workbench.sampledraw import SampleDraw
from skyforge.workbench.stats import DeckStats
from skyforge.workbench.versions import DeckHistory

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

#: command → the type of the result its ``--json`` dumps (a union where it prints one of several)
OUTPUTS: dict[str, Any] = {
    "deck-show": DeckStats,
    "deck-stats": DeckStats,
    "deck-diff": DeckDiff,
    "deck-draw": SampleDraw,
    "deck-validate": ValidationReport,
    "deck-list": ResultList[DeckSummary | UnreadableDeck],
    "deck-premade": PremadeSaved,
    "deck-import": ImportReport,
    "deck-history": DeckHistory,
    "catalog-check": CatalogCheck,
    "catalog-add": CardAdded,
    # the cards found; with --for, those a deck may still take
    "cards-search": ResultList[CardEntry] | CardChoice,
    # one card, or a list of several
    "cards-show": CardEntry | ResultList[CardEntry],
    "castles": ResultList[CardEntry],
    "collection-show": CollectionSummary,
    "deck-complete": DeckCompletion,
    "deck-build": DeckBuild,
    "deck-plan": CastlePlan,
    "game-setup": GameSetup,
    "game-difficulty": DifficultyReport,
    "plan-next": PlanStatus,
    "plan-show": PlanTable,
    "plan-record": PlanResult,
    "plan-undo": PlanUndone,
    "onward-heroes": OnwardHeroes,
    **{f"onward-{c}": OnwardDraft for c in ("draft", "pick", "show", "undo", "split")},
    "arena-heroes": ResultList[ArenaHero],
    **{f"arena-{c}": ArenaDraft for c in ("draft", "pick", "show", "undo")},
    "arena-team-validate": TeamCheck,
    "arena-setup": ArenaSetup,
    **{f"series-{c}": SeriesShown for c in ("new", "win", "show", "undo")},
    "campaign-show": CampaignShown,
    # every file with versions; with FILE, that file's versions
    "history": KeptFiles | History,
}
#: the outputs not named by their command's words: `skyforge plan` (the name "plan" is the plan file's)
COMMANDS = {"plan-next": "plan"}


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
    deck-show, cards-search (the cards found, or with --for those a deck may
    still take), arena-team-validate, campaign-show… as
    listed above; plan-next is `skyforge
    plan`, the next match-up.

    \b
      skyforge schema deck-show > deck-show.schema.json
    """
    if name in OUTPUTS:
        data = TypeAdapter(OUTPUTS[name]).json_schema(mode="serialization", by_alias=True)
        data["title"] = f"skyforge {COMMANDS.get(name, name.replace('-', ' '))} --json"
    else:
        data = FORMATS[name].model_json_schema(by_alias=True)
        data.setdefault("title", f"skyforge {name} file")
    data["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    emit_json(data)
