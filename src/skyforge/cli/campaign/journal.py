"""Running a campaign command on its file: the one path from a library action to what is printed.

A command body names the campaign, the library action and what to say; :func:`update` runs the
action under the file's lock (:func:`skyforge.campaign.store.update`) and renders the outcome
through :func:`skyforge.cli.output.render` — the new events and the campaign for ``--json``, the
command's own lines and the status line for people.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, cast

from rich.text import Text

from skyforge.campaign import store
from skyforge.campaign.report import CampaignChange, changes
from skyforge.cli.campaign.views import status_line
from skyforge.cli.campaign.words import first_step_text
from skyforge.cli.main import App
from skyforge.cli.output import console, render
from skyforge.errors import SkyforgeError

if TYPE_CHECKING:
    from rich.console import Console

    from skyforge.campaign.events import Event
    from skyforge.campaign.state import CampaignState
    from skyforge.campaign.view import CampaignView


#: the events a campaign command appends
E = TypeVar("E")


def campaign_file(app: App, name: str) -> Path:
    return store.campaign_path(app.workspace, name)


def update(
    app: App,
    name: str,
    action: Callable[[CampaignState], list[E]],
    as_json: bool,
    say: Callable[[Console, CampaignView, CampaignView, Sequence[E]], None] | None = None,
    warnings: Callable[[CampaignState, Sequence[E]], list[str]] | None = None,
) -> CampaignState:
    """Run ``action(state)`` → new events on campaign ``name``, then print what happened (or JSON).

    An action the campaign is not ready for names the next step; its hint is that step's command.
    ``say(out, before, after, new)`` tells people what the command did, from the campaign before
    and after it; ``warnings(before, new)`` gives what the command warns of (in the JSON too)."""
    try:
        before, after, new = store.update(campaign_file(app, name), action)
    except SkyforgeError as exc:
        step = getattr(exc, "next_step", None)
        if step is not None:
            exc.hint = first_step_text(step, name)
        raise

    def human(change: CampaignChange) -> None:
        out = console()
        if say is not None:
            say(out, change.before, change.campaign, cast("list[E]", change.events))
        for line in change.warnings or ():
            out.print(Text.assemble(("warning: ", "yellow"), line))
        events = cast("list[Event]", change.events)
        ended = events[-1] if events and events[0].type != "game-ended" else None
        if ended is not None and ended.type == "game-ended" and ended.result == "lost":
            out.print(
                Text.assemble(
                    ("The castle is destroyed", "bold red"),
                    f" (health {ended.castle_health}): game {ended.game} is lost, and the campaign with it.",
                )
            )
        out.print(status_line(change.campaign))

    told = warnings(before, new) if warnings is not None else None
    render(changes(new, before, after, app.catalog, told), as_json, human)
    return after
