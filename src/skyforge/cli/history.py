"""``skyforge history`` and ``skyforge restore``: the versions kept of every file skyforge writes."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.campaign.store import parse_journal
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, render
from skyforge.cli.output import table as new_table
from skyforge.decks import parse_deck
from skyforge.errors import InputError, Problem
from skyforge.storage import parse_toml
from skyforge.storage.versions import History, KeptFiles, kept_files, read_history, split_at
from skyforge.storage.versions import restore as restore_version
from skyforge.text import plural

#: how a version of a file in each workspace folder is checked before it is written back
CHECKS = {"decks": lambda text, path: parse_deck(text, path), "campaigns": parse_journal}


def _file(app: App, ref: str) -> Path:
    path = Path(ref)
    return path if path.is_absolute() or path.exists() else Path(app.workspace) / path


@click.command()
@click.argument("file", required=False, metavar="[FILE]")
@json_option
@click.pass_obj
def history(app: App, file: str | None, as_json: bool) -> None:
    """List the versions kept of FILE, or every file with versions in the workspace.

    Each write skyforge makes to a deck, campaign, draft, series, plan,
    collection or catalog file keeps the version it writes, in .skyforge/history/
    beside the file's workspace folder (plain text, the last 100 of a file); a
    version edited by hand is recorded before the next write. FILE@N names a
    version: `skyforge restore FILE@N` writes it back as a new one. For decks,
    `deck history NAME` also shows the cards each version changed.

    \b
      skyforge history
      skyforge history collection.toml
      skyforge restore collection.toml@3
    """
    if file is None:
        render(kept_files(app.workspace), as_json, _draw_files)
        return
    render(read_history(_file(app, file)), as_json, _draw_versions)


def _draw_files(data: KeptFiles) -> None:
    out = console()
    files = data.files
    if not files:
        out.print("no versions kept yet: each file skyforge writes keeps them from its next change")
        return
    grid = new_table("file", "versions", "last", "time (UTC)", "by")
    for f in files:
        grid.add_row(
            f.file,
            f"{f.first}-{f.last}" if f.first != f.last else str(f.last),
            str(f.last),
            f.time.replace("T", " ")[:19],
            f.command + (" (edited by hand since)" if f.changed_since else ""),
        )
    out.print(grid)


def _draw_versions(data: History) -> None:
    out = console()
    if not data.versions:
        out.print(f"{data.file}: no versions kept yet (its next change keeps the one it has now)")
        return
    grid = new_table("version", "time (UTC)", "command", title=f"{data.file}: {plural(len(data.versions), 'version')}")
    for v in data.versions:
        grid.add_row(str(v.number), v.time.replace("T", " ")[:19], v.command)
    out.print(grid)
    if data.changed_since:
        out.print(
            f"the file now differs from version {data.versions[-1].number}: edited by hand (kept at the next change)"
        )


@click.command()
@click.argument("ref", metavar="FILE@N")
@click.pass_obj
def restore(app: App, ref: str) -> None:
    """Write version N of FILE back as its newest version (the version it replaces stays kept).

    A deck or campaign version is checked as one before it is written.

    \b
      skyforge history campaigns/spring.toml
      skyforge restore campaigns/spring.toml@4
    """
    name, number = split_at(ref)
    if number is None:
        raise InputError(Problem(f"'{ref}' names no version", hint=f"name a version as FILE@N, such as {ref}@1"))
    path = _file(app, name)
    check = CHECKS.get(path.parent.name, lambda text, where: parse_toml(text, where))
    now = restore_version(path, number, check)
    console().print(f"restored version {number} of {name} as version {now}")
