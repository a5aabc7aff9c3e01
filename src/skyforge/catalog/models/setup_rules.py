"""Stand-alone game setup as data (rules as data; see :mod:`skyforge.setup`): hordes and their
difficulty, the difficulty levels' horde decks, game modes, total difficulty, outsider types,
battle plans and recommended first games."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from skyforge.catalog.models.common import GameMode, HordeDifficulty, MayInfer, OutsiderType, Strict
from skyforge.empty import empty_dict, empty_list


class Horde(MayInfer):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id used by cards and commands, e.g. skybooter.")
    name: str = Field(description="Horde name as printed.")
    set: str | None = Field(default=None, description="Set code the horde comes from.")
    difficulty: HordeDifficulty | None = Field(default=None, description="Difficulty as the Horde Overview states it.")
    difficulty_source: str | None = Field(
        default=None, description="Which rulebook the difficulty follows, where the books disagree."
    )
    difficulty_by_rulebook: dict[str, HordeDifficulty] = Field(
        default_factory=empty_dict,
        description='Difficulty as another rulebook states it, where the books disagree: rulebook id → difficulty, e.g. { "001" = "hard" }.',
    )
    outsiders: list[str] = Field(
        default_factory=empty_list, description="Suggested outsiders, by name, first = the easier pairing."
    )
    source: str | None = Field(default=None)
    text: str | None = Field(default=None, description="Play-style summary.")


class DifficultyLevel(Strict):
    set: str = Field(description="Set code whose horde cards this row describes.")
    level: int = Field(ge=1, le=5, description="Difficulty level 1-5.")
    powers: list[int] = Field(
        default_factory=empty_list, description="Horde power levels taken at this level; empty = not stated."
    )
    cards: int | None = Field(default=None, ge=0, description="Approximate card count the rulebook table gives.")
    extra_random: int = Field(default=0, ge=0, description="Also add this many random cards.")
    extra_legendary: bool = Field(default=False, description="The extra random card is a legendary one.")
    source: str | None = Field(default=None)


Rulebook = Literal["000", "001"]


class GameModeRule(Strict):
    """How one rulebook sets up one game mode (Setup steps 2, 4, 5; Cooperative/Competitive Mode)."""

    mode: GameMode = Field(description="solo, coop, competitive-2 or competitive-3.")
    rulebook: str = Field(description="Rulebook id whose rules this row follows, e.g. 000.")
    rulebook_name: str | None = Field(default=None, description="The book's title, e.g. 'Skytear Horde: Campaigns'.")
    release: int = Field(
        default=1, ge=1, description="Release order of the book (higher = later); the default book is the latest one."
    )
    sets: list[str] = Field(
        default_factory=empty_list, description="Set codes whose castles follow this book by default."
    )
    alliance_players: int = Field(ge=1, le=2, description="How many alliance players (each with a deck).")
    horde_player: bool = Field(default=False, description="One more player controls the horde (competitive mode).")
    minion_tokens: int = Field(ge=0, description="Health tokens placed on each minion that gets them.")
    minions_with_tokens: int | None = Field(
        default=None, ge=1, description="How many different minions get tokens; absent = each minion card."
    )
    minions_choice: bool = Field(default=False, description="The players choose which minions get the tokens.")
    portal_cards: int = Field(ge=1, description="How many portal cards form the portal pile.")
    portal_stages: list[int] = Field(
        min_length=1, description="Stage shown face up on each portal of the pile, top first."
    )
    portal_note: str | None = Field(default=None, description="How to lay out the portal pile, as the book says.")
    hordes_max: int | None = Field(
        default=None, ge=1, description="At most this many hordes in the horde deck; absent = any number."
    )
    horde_player_rules: list[str] = Field(default_factory=empty_list, description="Setup steps for the horde player.")
    reminders: list[str] = Field(
        default_factory=empty_list, description="Last setup steps (draw and mulligan) as the book gives them."
    )
    source: str | None = Field(default=None)


class DifficultyModifier(Strict):
    """One line of 001 "Total Difficulty Level": a modifier added to the baseline level."""

    horde_difficulty: HordeDifficulty | None = Field(
        default=None, description="Applies to each horde of this difficulty."
    )
    outsiders: list[str] = Field(default_factory=empty_list, description="Applies to these outsiders, by name.")
    outsider_type: OutsiderType | None = Field(default=None, description="Applies to outsiders of this type.")
    per_card: bool = Field(default=False, description="Counted once for each card of the outsider.")
    modifier: float = Field(description="Added to the total difficulty.")
    source: str | None = Field(default=None)


class OutsiderTypeRule(Strict):
    """What a player needs to know at setup about an outsider type (Outsider Types)."""

    type: OutsiderType = Field(description="immortal, enchanter, colossal or henchman.")
    enters: str = Field(description="How the outsider enters play and how you win against it.")
    source: str | None = Field(default=None)


class BattlePlan(Strict):
    """An order of alliance decks and hordes to play through ("The Battle Plan")."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. 001.")
    name: str = Field(description="Name shown to players.")
    decks: list[str] = Field(description="Alliance decks in order (pre-made deck ids).")
    hordes: list[str] = Field(description="Hordes in order (horde ids).")
    random_outsider_after: int | None = Field(
        default=None, ge=1, description="After this many wins with one deck, use a random outsider."
    )
    victorious_after: int | None = Field(
        default=None, ge=1, description="With this many wins a deck is victorious: move on to another deck."
    )
    second_outsider_pass: bool = Field(
        default=False,
        description=(
            "After every horde with its first suggested outsider, fight again those with a second one, "
            'for a harder game (000 "Which Horde and Outsider?").'
        ),
    )
    source: str | None = Field(default=None)
    text: str | None = Field(default=None)


class FirstGame(MayInfer):
    """A rulebook's recommended first game (Setup, 'For your first game …')."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$", description="Preset name, usually the set code, e.g. CAM.")
    rulebook: str | None = Field(default=None, description="Rulebook id the preset follows.")
    castle: str = Field(description="Castle, by code or name.")
    decks: list[str] = Field(default_factory=empty_list, description="Suggested alliance decks (pre-made deck ids).")
    decks_note: str | None = Field(default=None, description="The deck advice as the book gives it.")
    hordes: list[str] = Field(description="Horde ids.")
    difficulty: int = Field(ge=1, le=5, description="Difficulty level.")
    outsider: str = Field(description="Outsider, by name.")
    modes: list[GameMode] = Field(
        default_factory=lambda: list[GameMode](["solo", "coop"]), description="Game modes the book suggests."
    )
    portal_without_horde: bool = Field(default=False, description="Stage 1 portal: the one that names no horde.")
    steps: list[str] = Field(default_factory=empty_list, description="The book's first-game advice, step by step.")
    source: str | None = Field(default=None)
