"""Helpers for the campaign tests: a demo campaign built in memory through the library."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from skyforge.campaign import starting
from skyforge.campaign.setup import NewCampaign, new_campaign
from skyforge.campaign.state import apply, fold
from skyforge.cli.campaign.new import parse_player

from .conftest import DEMO_CATALOG, ROOT

HORDES = ["demo-gloomcrawlers", "demo-ironwraiths", "demo-thornmaw"]


def campaign_new(name: str = "spring", player: str = "Alice=demo-blue-wall", *, seed: int = 3) -> tuple[str, ...]:
    """``skyforge campaign new`` of a one-player demo campaign, the command line a player types."""
    return (
        *("campaign", "new", name, "--castle", "DEMO.001", "--player", player),
        *("--hordes", "demo-thornmaw,demo-ironwraiths,demo-gloomcrawlers", "--difficulty", "2"),
        *("--outsider", "Orrun the Everwake", "--seed", str(seed)),
    )


#: ``campaign new`` with four problems at once: hordes 'A' and 'B' unknown, two hordes where three
#: are played, and an outsider 'Orrun' that is only the start of a name
CAMPAIGN_NEW_WITH_FOUR_PROBLEMS = (
    *("campaign", "new", "x", "--castle", "DEMO.001", "--player", "Alice=demo-blue-wall"),
    *("--outsider", "Orrun", "--hordes", "A,B", "--difficulty", "2"),
)


@lru_cache(maxsize=1)
def demo_catalog():
    from skyforge.catalog import load_catalog

    return load_catalog([DEMO_CATALOG])


def created(seed: int = 7, players=("Alice=demo-blue-wall", "Bo=demo-green-grove@DEMO.003"), **kw):
    options = {"castle": "DEMO.001", "hordes": HORDES, "difficulty": 2, "outsider": "Orrun the Everwake", "seed": seed}
    options.update(kw)
    request = NewCampaign(players=tuple(parse_player(p) for p in players), **options)
    return new_campaign(demo_catalog(), ROOT, "test", request)


class Game:
    """A journal plus its state, advanced one command at a time (as the store does)."""

    def __init__(self, first=None):
        self.events = [first or created()]
        self.state = fold(self.events)

    def do(self, command, *args, **kw):
        new = command(self.state, *args, **kw)
        for event in new:
            self.events.append(event)
            self.state = apply(self.state, event)
        return new

    def ready(self):
        for p in self.state.players:
            self.do(starting.starting_deck, demo_catalog(), p.name, auto=True)
        return self


def repo_root() -> Path:
    return ROOT
