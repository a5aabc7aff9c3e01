"""The heroes of each game to plan a draft or a team with (``onward heroes``, ``arena heroes``):
their colour, faction, class and range, the fields read into the rulebooks, and Onward's
ready-made teams."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from skyforge.draft import arena, onward
from skyforge.draft.common import heroes_of
from skyforge.results import Result, ResultList

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog


class OnwardHero(Result):
    """An Onward hero to plan a draft with: colour, faction, class and range, and the fields read
    into the rulebooks rather than stated."""

    name: str
    code: str | None
    color: str | None
    faction: str | None
    hero_class: str | None
    range: str | None
    provenance: str
    inferred: dict[str, str]


class TeamPresetShown(Result):
    """Ready-made teams of the catalog: team → hero names."""

    id: str
    name: str
    teams: dict[str, list[str]]
    source: str | None


class OnwardHeroes(Result):
    """``onward heroes``: the heroes, and the ready-made teams."""

    heroes: list[OnwardHero]
    presets: list[TeamPresetShown]


def onward_roster(catalog: Catalog) -> list[OnwardHero]:
    return [
        OnwardHero.of(
            name=hero.name,
            code=hero.code,
            **{a: hero.attrs.get(a) for a in onward.ATTRS},
            provenance=hero.provenance,
            inferred=dict(hero.inferred),
        )
        for hero in heroes_of(catalog, onward.KIND, onward.ATTRS)
    ]


def onward_presets(catalog: Catalog) -> list[TeamPresetShown]:
    return [
        TeamPresetShown.of(id=p.id, name=p.name, teams=p.teams, source=p.source)
        for p in catalog.team_presets.values()
        if p.game == onward.GAME
    ]


def onward_heroes(catalog: Catalog) -> OnwardHeroes:
    """The roster and the ready-made teams, to plan a draft."""
    return OnwardHeroes.of(heroes=onward_roster(catalog), presets=onward_presets(catalog))


class ArenaHero(Result):
    """An Arena hero to choose a team with: class (colour), action cards known, and the fields
    read into the rulebooks."""

    name: str
    code: str | None
    hero_class: str | None = Field(serialization_alias="class")
    action_cards: int
    provenance: str
    inferred: dict[str, str]


def arena_roster(catalog: Catalog) -> ResultList[ArenaHero]:
    """``arena heroes``: every Arena hero of the catalog."""
    return ResultList[ArenaHero].of(
        ArenaHero.of(
            name=h.name,
            code=h.code,
            hero_class=h.attrs.get("hero_class"),
            action_cards=len(getattr(catalog.cards[h.key], "action_cards", [])),
            provenance=h.provenance,
            inferred=arena.class_inferred(h.inferred),
        )
        for h in heroes_of(catalog, arena.KIND, arena.ATTRS)
    )
