"""The one place where the pydantic side of the fast path is imported on demand (issue 14).

A command served by the fast path — the catalog from its cache, deck, collection and campaign
files that are plain and valid (:mod:`skyforge.plain`) — never imports pydantic. When a file is
not plain and valid, or the catalog cache misses, the code that needs the models imports them
here, by name, like the command group imports a command module on first use
(:mod:`skyforge.cli.main`): the modules named below import pydantic at their top.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

#: each file kind's pydantic model, "module:Class" (also what tools/gen_plain_specs.py generates from)
FILE_MODELS: dict[str, str] = {
    "deck": "skyforge.decks.models:DeckFile",
    "collection": "skyforge.decks.models:CollectionFile",
    "campaign": "skyforge.campaign.events:CampaignFile",
}

#: the modules of the slow path: the models above, and the catalog's reading and merging
SLOW_MODULES = frozenset({"skyforge.decks.models", "skyforge.campaign.events", "skyforge.catalog.build"})


def slow_module(name: str) -> ModuleType:
    """One of :data:`SLOW_MODULES`, imported now (pydantic with it)."""
    if name not in SLOW_MODULES:
        raise ValueError(f"{name} is not a module of the slow path")
    return importlib.import_module(name)


def validation_error() -> type[ValueError]:
    """pydantic's ``ValidationError``, for code handed a model to check a file with (pydantic is
    loaded by then, so this costs nothing; a module that only reads plain files never imports it)."""
    return importlib.import_module("pydantic").ValidationError


def file_model(kind: str) -> Any:
    """The pydantic model of a ``kind`` file (``deck``, ``collection``, ``campaign``)."""
    module, _, cls = FILE_MODELS[kind].partition(":")
    return getattr(slow_module(module), cls)
