"""``skyforge catalog``: the catalog files themselves."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.text import Text

from skyforge.catalog import load_catalog
from skyforge.catalog.checks import check_catalog
from skyforge.catalog.csv_import import check_with_catalog, read_cards_csv
from skyforge.catalog.starter import starter_csv, starter_toml
from skyforge.cli.main import App
from skyforge.cli.output import console, echo, json_option, progress, render
from skyforge.cli.stdio import STDIN, is_dash, read_stdin, write
from skyforge.errors import InputError, Problem
from skyforge.storage import atomic_write, refuse_overwrite
from skyforge.storage.workspace import record_catalog
from skyforge.text import plural


@click.group()
def catalog() -> None:
    """Check catalog files, start your own, and see where the data comes from.

    The catalog comes in layers. The official layer (catalog/official: only
    what the rulebooks state, and their rule tables) is always loaded. The
    fictional DEMO set (catalog/demo) is loaded when you give no catalog of
    your own. Your files, given with --catalog, go on top: an entry with the
    code (or the kind and name) of an official entry completes it. Name the
    shipped layers with @official, @demo, @shipped (both).

    \b
      skyforge catalog init my-cards.toml
      skyforge catalog init - > my-cards.toml          # '-': standard output
      skyforge --catalog my-cards.toml catalog check
    """


@catalog.command()
@json_option
@click.pass_obj
def check(app: App, as_json: bool) -> None:
    """Load every catalog file, report every problem, and say what works so far.

    Beside the problems (all of them, with file, line and key), the report says
    what works with the data loaded — deck validation per castle, setup per
    horde, campaigns, drafts — and what is missing for the rest (the demo set
    is left out of that part).

    \b
    Exit status: 0 the catalog loads, 2 a file has problems (all are listed),
    such as a card code outside its set's product ranges.

    \b
      skyforge --catalog my-cards.toml catalog check
      skyforge --catalog my-cards.toml catalog check --json
    """
    summary = {**check_catalog(app.catalog), **where_from(app)}
    render(summary, as_json, lambda summary: _draw_check(app.catalog, summary))


def where_from(app: App) -> dict:
    """Which workspace file and catalog files are in use, and what chose them."""
    return {
        "workspace": str(app.workspace),
        "workspace_file": str(app.places.file) if app.places.file else None,
        "catalog_from": app.places.catalog_from,
    }


def _draw_check(cat, summary: dict) -> None:
    out = console()
    user_entries = sum(1 for c in cat if cat.provenance(c) == "user" or cat.origins[c.key].completed_by)
    layers = ["official"] + (["demo"] if any(cat.provenance(c) == "demo" for c in cat) else [])
    out.print(
        Text(
            f"catalog OK: {len(summary['files'])} files (layers: {', '.join(layers)}"
            + (f", yours: {', '.join(summary['user_files'])}" if cat.user_files else "")
            + f"), sets {', '.join(summary['sets'])}, {summary['hordes']} hordes, "
            f"{summary['premade_decks']} pre-made decks"
        )
    )
    out.print(
        Text(
            f"workspace file: {summary['workspace_file']}"
            if summary["workspace_file"]
            else "workspace file: none (no skyforge.toml here or in a folder above)"
        )
    )
    if summary["catalog_from"]:
        out.print(Text(f"catalog files: {', '.join(summary['user_files'])} (from {summary['catalog_from']})"))
    else:
        out.print(Text("catalog files: none of yours — the shipped layers, with the fictional demo set"))
    if cat.user_files and not user_entries:
        out.print(
            Text(
                "your files define no cards yet: uncomment an example of "
                "`skyforge catalog init` or add [[cards]] tables",
                style="yellow",
            )
        )
    for key, n in summary["cards"].items():
        out.print(Text(f"  {n:>4}  {key}"))
    for area in summary["works"]:
        out.print(f"[bold]{area['area']}[/]")
        for line in area["ready"]:
            out.print(Text.assemble("  ", ("ok", "green"), f"       {line}"))
        for line in area["missing"]:
            out.print(Text.assemble("  ", ("missing", "yellow"), f"  {line}"))
    if any(area["missing"] for area in summary["works"]):
        out.print(Text(summary["fill_in"]))


@catalog.command()
@click.argument(
    "file", required=False, default="my-cards.toml", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path)
)
@click.option("--csv", "as_csv", is_flag=True, help="Write the spreadsheet template that `catalog import` reads.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@click.option(
    "--record/--no-record",
    default=None,
    help="Record FILE as the catalog of the workspace file skyforge.toml (made when missing), so every "
    "command here loads it. Default: ask on a terminal, else no.",
)
@click.pass_obj
def init(app: App, file: Path, as_csv: bool, force: bool, record: bool | None) -> None:
    """Start a catalog of your own cards: FILE (default my-cards.toml).

    The file loads as it is; it holds commented examples of a castle with its
    back, an alliance card, a horde card, a portal, a scenario with actions,
    an Onward and a Skybound: Arena hero, and the official sets' code ranges.
    Uncomment an example and put in what your card says. With --csv, FILE
    (default my-cards.csv) gets the header row of the spreadsheet that
    `skyforge catalog import` turns into catalog TOML.

    \b
      skyforge catalog init my-cards.toml
      skyforge catalog init - > my-cards.toml          # '-': standard output
      skyforge --catalog my-cards.toml catalog check
      skyforge catalog init --csv && skyforge catalog import my-cards.csv --set CAM -o cards.toml
      skyforge catalog init my-cards.toml --record     # every command in this folder loads it
    """
    if as_csv and file == Path("my-cards.toml"):
        file = Path("my-cards.csv")
    if str(file) == "-":  # standard output
        write(
            "-",
            starter_csv()
            if as_csv
            else starter_toml(app.catalog if not app.catalog_paths else _official(app), "my-cards.toml"),
        )
        return
    refuse_overwrite(file, force=force, instead="name another file")
    atomic_write(
        file,
        starter_csv() if as_csv else starter_toml(app.catalog if not app.catalog_paths else _official(app), file.name),
    )
    echo(f"wrote {file}")
    if as_csv:
        echo(f"next: fill in a row per card, then `skyforge catalog import {file} --set CAM -o cards.toml`")
        return
    if record is None and is_interactive():
        record = click.confirm(f"record {file} as this workspace's catalog (in skyforge.toml)?", default=True)
    if record:
        folder = app.places.file.parent if app.places.file else Path(app.workspace)
        workspace_file, changed = record_catalog(folder, file)
        echo(f"{'recorded' if changed else 'already recorded'} {file} in {workspace_file}")
        echo("next: `skyforge catalog check` (every command here loads it now)")
    else:
        echo(f'next: `skyforge --catalog {file} catalog check` (or export SKYFORGE_CATALOG="$PWD/{file}")')


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or a.samefile(b)
    except OSError:
        return False


def is_interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _official(app: App):
    return load_catalog([Path("@official")])


@catalog.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option(
    "--set", "set_code", metavar="CODE", help="Set code for bare card numbers in the code column (14 → CODE.014)."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help="Write the catalog TOML here instead of standard output ('-': standard output).",
)
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@click.pass_obj
def import_(app: App, file, set_code: str | None, output, force: bool) -> None:
    """Turn a spreadsheet of cards (one row per card) into catalog TOML.

    FILE is a CSV file (cells separated by ',', ';' or tabs, as its header line
    shows; Excel's "CSV UTF-8" too) or an .xlsx or .ods sheet (its first sheet;
    needs pip install 'skyforge[sheets]'). Columns are named as the catalog
    fields: code, kind (default alliance), name, copies, faction, rarity, type,
    subtypes, keywords, cost, attack, health, premade… (see `skyforge schema
    catalog`). The code cell may hold the printed form, "CAM.014 2x" (code and
    copies). Empty cells mean "not known"; list cells separate values with ';'
    or '|'. Every bad row is reported with its row number (the header is row
    1) and its column, and nothing is written.

    \b
      skyforge catalog import my-cards.csv --set CAM -o catalog-mine.toml
      skyforge catalog import my-cards.xlsx -o catalog-mine.toml
      cat my-cards.csv | skyforge catalog import - --set CAM > catalog-mine.toml
      skyforge --catalog catalog-mine.toml catalog check

    The result is checked together with the current catalog (sets defined,
    no code defined twice) before anything is written; with --force, the
    output file it replaces is left out of that check, so an import can
    refresh a catalog file in use.
    """
    if set_code and not set_code.isalnum():
        raise InputError(Problem(f"'{set_code}' is not a set code", hint="e.g. --set CAM"))
    with progress("reading rows") as step:
        if is_dash(file):
            result = read_cards_csv(Path(STDIN), set_code, text=read_stdin(), progress=step)
        else:
            result = read_cards_csv(file, set_code, progress=step)
    if result.problems:
        raise InputError(result.problems)
    text = result.toml()
    files = app.catalog.files
    if force and output is not None and not is_dash(output) and Path(output).exists():
        # the file being replaced is one of the catalog's: its cards are not "already defined"
        files = [f for f in files if not _same_file(f, Path(output))]
    check_with_catalog(files, text, Path(STDIN) if is_dash(file) else file, result.lines)
    if not write(output, text, force=force):
        return
    echo(f"wrote {output}: {plural(len(result.cards), 'card')} from {plural(result.rows, 'row')}", err=True)
