"""Stand-alone Skytear Horde game setup, total difficulty and the battle plan.

Pure functions over the catalog; the rules themselves are catalog data
(``[[game_modes]]``, ``[[difficulty_levels]]``, ``[[difficulty_modifiers]]``,
``[[outsider_types]]``, ``[[battle_plans]]``, ``[[first_games]]``).
"""

from skyforge.setup.difficulty import DifficultyReport, Term, total_difficulty
from skyforge.setup.rules import MODES, horde_rating, mode_rule, outsider_cards
from skyforge.setup.standalone import GameSetup, GameSetupRequest, first_game_preset, game_setup

__all__ = [
    "MODES",
    "DifficultyReport",
    "GameSetup",
    "GameSetupRequest",
    "Term",
    "first_game_preset",
    "game_setup",
    "horde_rating",
    "mode_rule",
    "outsider_cards",
    "total_difficulty",
]
