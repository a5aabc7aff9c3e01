"""Campaign Mode (000 "Campaign Mode" to "Pausing a Campaign").

A campaign is an append-only journal of events (:mod:`.events`); its state is
the fold of those events (:mod:`.state`), each event checked against the state
before it (:mod:`.preconditions`) and the rules' numbers in :mod:`.limits`.
:mod:`.setup` makes the first event of a new campaign — the only part that reads
files (the players' decks) — and the actions of :mod:`.commands` turn a request
into new events, purely. :mod:`.report` says what happened in the players' words;
:mod:`.store` keeps the journal in one TOML file per campaign, written atomically
under a lock.
"""

from skyforge.campaign.state import CampaignState, fold

__all__ = ["CampaignState", "fold"]
