"""The numbers of Campaign Mode's rules (000 "Campaign Mode"), each with the rulebook's words."""

from __future__ import annotations

GOLD_START = 10   # "Set your gold to 10."
GOLD_MAX = 40     # "Gold can be at most 40."
GOLD_MIN = 0      # "Gold cannot be negative"
GAMES = 4         # "A campaign is a series of four games"
STARTING_BASE = 18       # "at most 18 base cards
STARTING_LEGENDARY = 2   #  and 2 legendary cards"
#: "each player shuffles together 40 alliance cards" (000 Setup): a market deck is one such
#: deck, or three shuffled together in the limited format
MARKET_DECK_SIZE = 40


def clamp_gold(value: int) -> int:
    return max(GOLD_MIN, min(GOLD_MAX, value))
