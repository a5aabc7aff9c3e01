"""Hero drafts as data: draft orders (who picks or bans, in what order), ready-made teams, and
each game's hero classes."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from skyforge.catalog.models.common import Game, Strict, canonical_class
from skyforge.empty import empty_list
from skyforge.text import plural


class DraftStep(Strict):
    """One step of a draft: a team picks or bans ``count`` heroes in a row."""

    team: str = Field(description="Team that acts, one of the format's teams.")
    action: Literal["pick", "ban"] = Field(
        default="pick", description="pick: take a hero into the team; ban: remove one from the pool."
    )
    count: int = Field(default=1, ge=1, le=10, description="How many heroes this team picks or bans in a row.")


class DraftFormat(Strict):
    """A draft order as data (rules as data): the engine plays the steps in order."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. onward-snake-4.")
    game: Game = Field(description="Which game the format drafts for.")
    method: str = Field(description="Drafting method, e.g. random, snake, moba, turns.")
    team_size: int = Field(ge=1, le=10, description="Heroes each team ends with.")
    teams: list[str] = Field(min_length=2, description="Team ids, in the order the rulebook names them.")
    maps: list[str] = Field(default_factory=empty_list, description="Maps this format is for (empty = any).")
    players: list[int] = Field(
        default_factory=empty_list, description="Player counts this format is for (empty = any)."
    )
    steps: list[DraftStep] = Field(min_length=1, description="The steps in order.")
    source: str | None = Field(default=None, description="Rulebook and section the order comes from.")
    notes: str | None = Field(default=None, description="How an ambiguous rule was read.")

    @model_validator(mode="after")
    def _steps_fit(self) -> DraftFormat:
        for step in self.steps:
            if step.team not in self.teams:
                raise ValueError(f"step team '{step.team}' is not one of the teams {self.teams}")
        for team in self.teams:
            picks = sum(s.count for s in self.steps if s.team == team and s.action == "pick")
            if picks != self.team_size:
                raise ValueError(f"team '{team}' picks {plural(picks, 'hero')}; team_size is {self.team_size}")
        return self


class TeamPreset(Strict):
    """Ready-made teams, e.g. the rulebook's teams for a first game."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. onward-first-game.")
    game: Game = Field(description="Which game the teams are for.")
    name: str = Field(description="What the rulebook calls these teams.")
    teams: dict[str, list[str]] = Field(description="Team id -> hero names.")
    source: str | None = Field(default=None)


class HeroClassList(Strict):
    """The hero classes a game's rulebook names; a hero's ``hero_class`` must be one of them."""

    game: Game = Field(description="Which game: onward or skybound-arena.")
    classes: list[Annotated[str, BeforeValidator(canonical_class)]] = Field(
        min_length=1, description="The class names, read in any case and kept lower case (e.g. slayer, tank)."
    )
    source: str | None = Field(default=None, description="Rulebook and section the list comes from.")
