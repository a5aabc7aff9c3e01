"""Two copies of one campaign joined: ``campaign merge`` and the git merge driver."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from skyforge.campaign.merge import MergeResult, merge, merge_files
from skyforge.cli.campaign.journal import campaign_file
from skyforge.cli.complete import campaign_names
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.text import plural


@click.command()
@click.argument("name", shell_complete=campaign_names)
@click.argument("other_file", metavar="OTHER_FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--keep",
    type=click.Choice(["mine", "theirs"]),
    help="Settle a conflict: keep this copy's events (mine) or the other's (theirs); "
    "the other copy's bookkeeping is still joined where it replays.",
)
@json_option
@click.pass_obj
def merge_(app: App, name: str, other_file: Path, keep: str | None, as_json: bool) -> None:
    """Join another copy of a campaign (a synced folder's conflicted copy, a second laptop's) into NAME.

    When one copy extends the other, it fast-forwards. When both added events
    after they parted and those are independent (gold noted here, castle
    health there), they are joined and the journal replayed, every rule
    checked. When both recorded the same step differently (another offer
    taken, a game won here and lost there), the merge says what each copy
    holds and writes nothing (exit status 1): --keep mine or --keep theirs
    settles it. A copy of another campaign (other setup or seed) is refused.
    The version replaced stays in the campaign's history (skyforge history).

    \b
      skyforge campaign merge spring "spring (conflicted copy).toml"
      skyforge campaign merge spring other.toml --keep mine
    """
    result = merge(campaign_file(app, name), other_file, keep, app.catalog)  # type: ignore[arg-type]
    render(result, as_json, _draw)
    if result.outcome == "conflict":
        raise SystemExit(1)


def _draw(result: MergeResult, err: bool = False) -> None:
    out = console(err)
    shared = f"after the {plural(result.common, 'event')} both copies share"
    if result.outcome == "up-to-date":
        out.print(f"{result.campaign} already holds every event of {result.other}: nothing written")
    elif result.outcome == "fast-forward":
        out.print(f"{result.campaign} fast-forwarded: {plural(result.theirs_only, 'event')} of {result.other} {shared}")
    elif result.outcome == "joined":
        out.print(
            f"joined: {plural(result.mine_only, 'event')} of yours and {plural(result.theirs_only, 'event')} of "
            f"{result.other} {shared}; the journal replays ({plural(result.events, 'event')})"
        )
    elif result.outcome == "conflict":
        out.print(Text("the two copies recorded the same step differently: nothing written", style="red"))
        for c in result.conflicts:
            who = f", {c.player}" if c.player else ""
            out.print(f"  game {c.game}, step {c.step}{who}:")
            out.print(f"    here:  {c.mine}")
            out.print(f"    there: {c.theirs}")
            if c.reason:
                out.print(f"    ({c.reason})")
        out.print("settle it with --keep mine or --keep theirs")
    else:
        whose = "your events" if result.outcome == "kept-mine" else f"the events of {result.other}"
        out.print(f"kept {whose} {shared}; {plural(result.events, 'event')} now")
        for left in result.left_out:
            out.print(f"  left out: {left}")


@click.command("merge-driver")
@click.argument("base", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("ours", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("theirs", type=click.Path(dir_okay=False, path_type=Path))
def merge_driver(base: Path, ours: Path, theirs: Path) -> None:
    """git's merge driver for campaign files: join THEIRS into OURS (%O %A %B).

    \b
    In .gitattributes:          campaigns/*.toml merge=skyforge-campaign
    and once per clone:         git config merge.skyforge-campaign.driver "skyforge campaign merge-driver %O %A %B"

    Exit status 0: joined (OURS holds the result); 1: a conflict (said on
    standard error, OURS left as it was: settle it with `campaign merge --keep`).
    """
    result = merge_files(base, ours, theirs)
    if result.outcome == "conflict":
        _draw(result, err=True)
        raise SystemExit(1)
