"""Stand-alone Skytear Horde game setup, total difficulty and the battle plan.

Pure functions over the catalog; the rules themselves are catalog data
(``[[game_modes]]``, ``[[difficulty_levels]]``, ``[[difficulty_modifiers]]``,
``[[outsider_types]]``, ``[[battle_plans]]``, ``[[first_games]]``). Each module is imported by
itself (:mod:`.standalone`, :mod:`.portals`, :mod:`.difficulty`, :mod:`.rules`, …): a campaign
game's setup needs the portal pile, not the stand-alone game's models.
"""
