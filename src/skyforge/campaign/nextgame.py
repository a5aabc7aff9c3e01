"""Setting up the campaign's next game (``campaign next``): 000 "Scenario Setup" and the rest of
"the usual steps" (000 Setup). A module of its own, apart from the other actions of
:mod:`skyforge.campaign.commands`, so that the commands played during a game do not import the
game setup's portals and minions (:mod:`skyforge.setup.portals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyforge.campaign import events as ev
from skyforge.campaign.commands import _castle_destroyed, _mandatory, _no_offers, _require, now, rng
from skyforge.campaign.limits import RULEBOOK
from skyforge.errors import SkyforgeError, StateError
from skyforge.setup.portals import usual_steps

if TYPE_CHECKING:
    import random

    from skyforge.campaign.state import CampaignState
    from skyforge.catalog.index import Catalog


def next_game(state: CampaignState, catalog: Catalog | None = None) -> list[ev.GameSetUp | ev.MandatoryResolved]:
    """000 "Scenario Setup": scenario, portal and outsider for the next game; with the catalog,
    also the rest of "the usual steps" (000 Setup): the portals below stage 1, the minion tokens."""
    _require(state, "ready", doing="set up the next game")
    _no_offers(state, "set up the next game")
    game = len(state.games) + 1
    draw = rng(state.seed, state.events)
    pile = list(state.scenario_pile)
    if not pile or not state.portal_pile:
        raise StateError("the scenario or portal pile is empty")
    scenario = draw.choice(pile)
    pile.remove(scenario)
    portal = draw.choice(state.portal_pile)
    henchman = None
    if game == 1:
        outsider = portal.name  # "the outsider is the stage 1 portal"
    elif game in (2, 3):
        henchman = draw.choice(pile)  # "remove a random card from the scenario pile and use that henchman"
        outsider = henchman.henchman or f"the henchman on the back of {henchman.name}"
    else:
        outsider = state.final_outsider
    setup = ev.GameSetUp(
        at=now(),
        game=game,
        scenario=scenario.code,
        portal=portal.code,
        outsider=outsider,
        henchman_scenario=henchman.code if henchman else None,
    )
    if catalog is not None:
        setup = setup.model_copy(update=_usual_steps(state, catalog, draw, portal.code))
    if scenario.mandatory_effect() is None:
        return [setup]
    return _castle_destroyed(state, [setup, _mandatory(state, scenario)])


def _usual_steps(state: CampaignState, catalog: Catalog, draw: random.Random, portal: str) -> dict:
    """The rest of "the usual steps" (000 Setup), as fields of the game's setup: the portals below
    this game's stage 1 ``portal`` (a stage on its back is not dealt again), the minion tokens —
    000's steps whatever the castle's set (Campaign Mode is 000's). A catalog without the castle
    or 000's setup rules gives none."""
    castle = catalog.find(state.castle, "castle")
    if castle is None:
        return {}
    hordes = [h for h in (catalog.hordes.get(i) for i in state.hordes) if h is not None]
    mode = "coop" if len(state.players) > 1 else "solo"
    top = catalog.find(portal, "portal")
    try:
        steps = usual_steps(catalog, mode, castle, hordes, draw, rulebook=RULEBOOK, level=state.difficulty, top=top)
    except SkyforgeError:
        return {}
    return {
        "portals_below": [p.key for p in steps.portals],
        "minion_rule": steps.minion_rule,
        "minions": steps.minions,
        "setup_missing": steps.missing,
        "setup_notes": steps.notes,
    }


__all__ = ["next_game"]
