"""Campaign Mode (000 "Campaign Mode" to "Pausing a Campaign").

A campaign is an append-only journal of events (:mod:`.events`); its state is
the fold of those events (:mod:`.state`); commands validate the rules and turn
a request into new events (:mod:`.commands`); :mod:`.store` keeps the journal
in one TOML file per campaign, written atomically under a lock.
"""

from skyforge.campaign.state import CampaignState, fold

__all__ = ["CampaignState", "fold"]
