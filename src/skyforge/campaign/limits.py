"""The numbers of Campaign Mode's rules (000 "Campaign Mode"), each with the rulebook's words."""

from __future__ import annotations

GOLD_START = 10  # "Set your gold to 10."
GOLD_MAX = 40  # "Gold can be at most 40."
GOLD_MIN = 0  # "Gold cannot be negative"
GAMES = 4  # "A campaign is a series of four games"
STARTING_BASE = 18  # "at most 18 base cards
STARTING_LEGENDARY = 2  #  and 2 legendary cards"


def clamp_gold(value: int) -> int:
    return max(GOLD_MIN, min(GOLD_MAX, value))


HORDES = 3  # "Choose three different Hordes for this campaign
SCENARIO_PILE = 6  #  and take six scenario cards to form the scenario pile."
PORTAL_PILE = 4  # "Take four stage 1 portals to form the portal pile."
DIFFICULTY_LEVELS = 5  # "You can choose between the 5 difficulty levels as usual"
OFFERS = 3  # "Each player ... forms three offers."
PLAYERS = 2  # "Game mode: solo, or 2-player cooperative"
HAND = 5  # once the scenario is resolved: "draw 5 cards; take a mulligan, and start playing!"
#: Campaign Mode is in 000 only: a campaign game follows its "usual steps to set up a game"
#: (000 Scenario Setup), whatever the castle's set — 000's portal pile and minion tokens
RULEBOOK = "000"
