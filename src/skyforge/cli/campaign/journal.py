"""Running a campaign command on its file: the one path from a library action to what is printed.

A command body names the campaign, the library action and what to say; :func:`update` runs the
action under the file's lock (:func:`skyforge.campaign.store.update`) and renders the outcome
through :func:`skyforge.cli.output.render` — the new events and the campaign for ``--json``, the
command's own lines and the status line for people.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text

from skyforge.campaign import store
from skyforge.campaign.report import changes
from skyforge.cli.campaign.views import status_line
from skyforge.cli.campaign.words import first_step_text
from skyforge.cli.main import App
from skyforge.cli.output import console, render
from skyforge.errors import SkyforgeError

if TYPE_CHECKING:
    from rich.console import Console

    from skyforge.campaign.state import CampaignState


#: the events a campaign command appends
E = TypeVar("E")


def campaign_file(app: App, name: str) -> Path:
    return store.campaign_path(app.workspace, name)


def update(
    app: App,
    name: str,
    action: Callable[[CampaignState], list[E]],
    as_json: bool,
    say: Callable[[Console, CampaignState, CampaignState, Sequence[E]], None] | None = None,
    more: Callable[[CampaignState, CampaignState, Sequence[E]], dict] | None = None,
) -> CampaignState:
    """Run ``action(state)`` → new events on campaign ``name``, then print what happened (or JSON).

    An action the campaign is not ready for names the next step; its hint is that step's command.
    ``more(before, after, new)`` gives keys to add to the JSON (what ``say`` tells people beside)."""
    try:
        before, after, new = store.update(campaign_file(app, name), action)
    except SkyforgeError as exc:
        step = getattr(exc, "next_step", None)
        if step is not None:
            exc.hint = first_step_text(step, name)
        raise

    def human(_: object) -> None:
        out = console()
        if say is not None:
            say(out, before, after, new)
        ended = new[-1] if new and new[0].type != "game-ended" else None
        if ended is not None and ended.type == "game-ended" and ended.result == "lost":
            out.print(
                Text.assemble(
                    ("The castle is destroyed", "bold red"),
                    f" (health {ended.castle_health}): game {ended.game} is lost, and the campaign with it.",
                )
            )
        out.print(status_line(after))

    data = changes(new, after, app.catalog)
    if more is not None:
        data |= more(before, after, new)
    render(data, as_json, human)
    return after
