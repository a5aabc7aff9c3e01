"""``skyforge onward heroes``: the Onward heroes and the ready-made teams, to plan a draft.

A module of its own, imported when the command is used (:class:`skyforge.cli.onward.OnwardGroup`):
the roster's result models are made by no draft command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.cli.output import console, json_option, render, table
from skyforge.draft import onward as lib
from skyforge.draft import rosters
from skyforge.terms import inference_note, inferred_value

if TYPE_CHECKING:
    from skyforge.cli.main import App


@click.command()
@json_option
@click.pass_obj
def heroes(app: App, as_json: bool) -> None:
    """List the Onward heroes with colour, faction and class, and the ready-made teams, to plan a draft.

    \b
      skyforge onward heroes
      skyforge onward heroes --json
    """
    render(rosters.onward_heroes(app.catalog), as_json, draw_heroes)


def draw_heroes(data: rosters.OnwardHeroes) -> None:
    out = console()
    rows = table("hero", "code", "colour", "faction", "class", "range", "data")
    for h in data.heroes:
        traits = (inferred_value(getattr(h, a), a, h.inferred) if getattr(h, a) else "?" for a in lib.ATTRS)
        rows.add_row(*(Text(x) for x in (h.name, h.code or "—", *traits, h.provenance)))
    out.print(rows)
    for h in data.heroes:
        for field, why in h.inferred.items():
            out.print(Text(inference_note(f"{h.name}'s {field}", why), style="dim"))
    out.print(
        "? = not stated by the rulebook; fill it in with an entry of the same kind and name in your "
        "catalog file (`skyforge catalog init` starts one). "
        "demo = fictional heroes, not the published game's."
    )
    for p in data.presets:
        out.print(Text.assemble((p.name, "bold"), f" ({p.source}):"))
        for team, names in p.teams.items():
            out.print(f"  {team.capitalize()}: {', '.join(names)}")
