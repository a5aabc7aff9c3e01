"""Going back in a campaign's journal: ``undo`` takes back the last command (or every event since
game N was set up), ``redo`` puts back what undo took back (:mod:`skyforge.campaign.redo`).

Apart from :mod:`.play` so that a command playing a step does not import them.
"""

from __future__ import annotations

import click

from skyforge.campaign.redo import Redone, Undone, to_game_preview, undo_to_game
from skyforge.campaign.redo import redo as redo_last
from skyforge.campaign.report import log_entries
from skyforge.campaign.store import load
from skyforge.campaign.store import undo as undo_last
from skyforge.campaign.view import view_of
from skyforge.cli import stdio
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.campaign.views import log_lines, status_line
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.text import plural


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.option(
    "--to-game",
    type=click.IntRange(1, 4),
    metavar="N",
    help="Go back to the moment game N was set up, in one step (asks first; `redo` puts it all back).",
)
@click.option("--yes", is_flag=True, help="With --to-game: do not ask (needed where no one can answer).")
@json_option
@click.pass_obj
def undo(app: App, name: str, to_game: int | None, yes: bool, as_json: bool) -> None:
    """Take back the last command: every event it wrote (again to go further back).

    `campaign log` lists the events; undo removes the last command's from the
    end — a game set up with its mandatory effect, or an action and the game
    lost as it destroyed the castle, go back together — and says which, as
    the log shows them. `campaign redo` puts back what undo took back, until
    another command is recorded. --to-game N goes back to the moment game N
    was set up (a save point), in one step.

    \b
      skyforge campaign undo spring
      skyforge campaign undo spring --to-game 2
      skyforge campaign redo spring
    """
    path = campaign_file(app, name)
    if to_game is None:
        removed, start, state = undo_last(path)
    else:
        removed, start = to_game_preview(load(path), to_game)
        can_ask = stdio.interactive() and not as_json  # a question, not an output path
        if not yes:
            if not can_ask:
                raise click.UsageError(
                    f"going back to game {to_game} takes back {plural(len(removed), 'event')}: "
                    "add --yes to do it where no one can answer"
                )
            out = console()
            out.print(f"Going back to the moment game {to_game} was set up takes back:")
            log_lines(out, log_entries(removed, app.catalog, start), when=False)
            if not click.confirm("take them back? (`campaign redo` puts them back)", default=False):
                out.print("nothing taken back")
                return
        removed, start, state = undo_to_game(path, to_game)

    def human(done: Undone) -> None:
        out = console()
        out.print(f"Undone ({plural(len(done.undone), 'event')}):" if len(done.undone) > 1 else "Undone:")
        log_lines(out, done.undone, when=False)
        out.print(status_line(done.campaign))

    render(Undone.of(undone=log_entries(removed, app.catalog, start), campaign=view_of(state)), as_json, human)


@click.command()
@click.argument("name", shell_complete=campaign_names)
@json_option
@click.pass_obj
def redo(app: App, name: str, as_json: bool) -> None:
    """Put back what the last undo took back (again to put back more), until another command is recorded.

    \b
      skyforge campaign undo spring
      skyforge campaign redo spring
    """
    back, start, state = redo_last(campaign_file(app, name))

    def human(done: Redone) -> None:
        out = console()
        out.print(f"Redone ({plural(len(done.redone), 'event')}):" if len(done.redone) > 1 else "Redone:")
        log_lines(out, done.redone, when=False)
        out.print(status_line(done.campaign))

    render(Redone.of(redone=log_entries(back, app.catalog, start), campaign=view_of(state)), as_json, human)
