"""The ``skyforge`` command: global options and lazily loaded command families.

Only click is imported at start-up: each command family lives in its own module
(``skyforge.cli.cards``, ``skyforge.cli.deck``, …) and is imported when used, so
``skyforge --help`` stays as fast as ``import click``.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from typing import TYPE_CHECKING, Any

import click

from skyforge.lasting import made_to_last

if TYPE_CHECKING:
    from pathlib import Path

    from skyforge.catalog import Catalog

#: name → (module, attribute, one-line help shown by ``skyforge --help``)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "cards": ("skyforge.cli.cards", "cards", "Search the catalog and show cards."),
    "castles": ("skyforge.cli.cards", "castles", "List castles with their deck-building rules."),
    "deck": ("skyforge.cli.deck", "deck", "Build, inspect, compare, export and validate alliance decks."),
    "catalog": ("skyforge.cli.catalog", "catalog", "Check the catalog files and see where data comes from."),
    "collection": ("skyforge.cli.collection", "collection", "Record what you own: products and single cards."),
    "completion": ("skyforge.cli.complete", "completion", "Print the shell completion script (bash, zsh, fish)."),
    "campaign": ("skyforge.cli.campaign", "campaign", "Run a four-game campaign: piles, gold, castle health, Recruit."),
    "schema": ("skyforge.cli.schema", "schema", "Print the JSON Schema of a file format."),
    "onward": ("skyforge.cli.onward", "onward", "Onward: draft hero teams, list the heroes."),
    "arena": ("skyforge.cli.arena", "arena", "Skybound: Arena: draft, check and set up hero teams."),
    "series": ("skyforge.cli.series", "series", "Track a best-of-3/5 match series (rulebook 004)."),
    "game": ("skyforge.cli.game", "game", "Set up a stand-alone game; compute its total difficulty."),
    "plan": ("skyforge.cli.plan", "plan", "Follow the battle plan: which deck has beaten which horde."),
    "history": ("skyforge.cli.history", "history", "List the versions kept of every file skyforge writes."),
    "restore": ("skyforge.cli.history", "restore", "Write an earlier version of a file back (FILE@N)."),
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str, str]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy and name not in self.commands:
            module, attr, _ = self.lazy[name]
            self.add_command(getattr(_import(module), attr), name)
        return super().get_command(ctx, name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """An unknown command gets a "did you mean" here too, as click gives one in subgroups."""
        name = args[0] if args else None
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            from skyforge.text import did_you_mean

            hint = did_you_mean(name, self.list_commands(ctx), n=3)
            ctx.fail(f"No such command {name!r}." + (f" D{hint[1:]}" if hint else ""))
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in self.lazy and name not in self.commands:
                rows.append((name, self.lazy[name][2]))
            else:
                command = self.get_command(ctx, name)
                if command is not None and not command.hidden:
                    rows.append((name, command.get_short_help_str(formatter.width)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:  # as click.Group.invoke: the command's return value
        from skyforge.errors import SkyforgeError

        args = [*getattr(ctx, "_protected_args", []), *ctx.args]
        wants_json = "--json" in args
        ctx.meta["skyforge.json"] = wants_json  # no progress bar with --json
        try:
            from skyforge.recording import recording

            if ctx.parent is not None:  # a subgroup: the root names the whole command
                return super().invoke(ctx)
            # what the history of each file written says wrote it ("deck add")
            with recording(self._words(ctx, args)) as record:
                done = super().invoke(ctx)
            if record.pruned:  # said, on stderr: the versions a write took out of a file's history
                from skyforge.cli.output import echo
                from skyforge.storage.history import MAX_VERSIONS, ranges

                for kept in record.pruned:
                    echo(
                        f"history of {kept.path.name}: pruned {'versions' if len(kept.pruned) > 1 else 'version'} "
                        f"{ranges(list(kept.pruned))} (the last {MAX_VERSIONS} are kept)",
                        err=True,
                    )
            return done
        except SkyforgeError as exc:
            from skyforge.cli.output import COMMAND_META, report_error

            ctx.meta[COMMAND_META] = self._command_of(ctx, args)  # whose options the problems name
            report_error(exc, as_json=wants_json)
            ctx.exit(exc.exit_code)
        except (click.exceptions.Abort, KeyboardInterrupt):
            # Ctrl-C (or Ctrl-D at a prompt): the shell's exit status of an interrupt, not a failure's 1
            click.echo("Aborted.", err=True)
            ctx.exit(130)
        except Exception as exc:
            if not _interrupted(exc):
                raise
            click.echo("Aborted.", err=True)
            ctx.exit(130)

    def _words(self, ctx: click.Context, args: list[str]) -> str:
        """The command ``args`` run, as its words (``deck add``)."""
        words = []
        command: click.Command = self
        for arg in args:
            if not isinstance(command, click.Group) or arg.startswith("-"):
                break
            sub = command.get_command(ctx, arg)
            if sub is None:
                break
            words.append(arg)
            command = sub
        return " ".join(words)

    def _command_of(self, ctx: click.Context, args: list[str]) -> click.Command:
        """The command that ``args`` run (the innermost subcommand they name)."""
        command: click.Command = self
        for arg in args:
            if not isinstance(command, click.Group):
                break
            if arg.startswith("-"):
                continue
            sub = command.get_command(ctx, arg)
            if sub is None:
                break
            command = sub
        return command


def _import(name: str) -> Any:
    """The module ``name`` (a command family or command): what it makes lasts the process, so the
    collector keeps out of it (:func:`skyforge.lasting.made_to_last`)."""
    with made_to_last():
        return importlib.import_module(name)


class App:
    """What every command gets through ``click.pass_obj``: paths and the catalog, loaded once.

    Where files are (:func:`skyforge.places.find_places`): ``--workspace``, ``SKYFORGE_WORKSPACE``
    or the nearest ``skyforge.toml`` at or above the current folder; the catalog from
    ``--catalog``, ``SKYFORGE_CATALOG`` or that workspace file.
    """

    def __init__(self, catalog_paths: tuple[str | Path, ...], workspace: str | Path | None):
        from skyforge.places import find_places  # standard library only, as click

        self.places = find_places(catalog_paths, workspace)
        self.catalog_paths: list[Path] = list(self.places.catalog)
        self._catalog: Catalog | None = None
        self._checked = False

    def check_workspace_file(self) -> None:
        """The workspace file, checked by its model (once): a broken one is reported, never ignored."""
        if not self._checked and self.places.file is not None:
            from skyforge.storage.workspace import load_workspace_file

            load_workspace_file(self.places.file)
        self._checked = True

    @property
    def workspace(self) -> Path:
        """The workspace folder, once its workspace file (if any) is known to be good."""
        self.check_workspace_file()
        return self.places.root

    @property
    def collection(self) -> Path | None:
        """The workspace file's default collection, or None."""
        self.check_workspace_file()
        return self.places.collection

    @property
    def default_collection(self) -> Path:
        """The collection a command uses when given none: the workspace file's, else collection.toml."""
        return self.collection or self.workspace / "collection.toml"

    @property
    def catalog(self) -> Catalog:
        if self._catalog is None:
            from skyforge.catalog import load_catalog
            from skyforge.cli.output import progress

            self.check_workspace_file()
            ctx = click.get_current_context(silent=True)
            as_json = bool(ctx and ctx.meta.get("skyforge.json"))
            # a bar only on a cache miss, while the catalog files are read and merged
            with progress("reading the catalog", as_json, from_items=1) as update:
                self._catalog = load_catalog(self.catalog_paths or None, progress=update)
        return self._catalog


@click.group(
    cls=LazyGroup,
    lazy=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.option(
    "--catalog",
    "catalog_paths",
    multiple=True,
    type=click.Path(),
    help="Your own catalog: a TOML file or a folder of them (repeatable). The official "
    "layer (rulebook facts and rules) is always loaded and your files go on top; the "
    "fictional demo set is loaded only when you give no catalog, or by name: @demo, "
    "@shipped (official + demo), @official. Also SKYFORGE_CATALOG, paths separated "
    "by ':'; or the `catalog` of the workspace file skyforge.toml.",
)
@click.option(
    "--workspace",
    type=click.Path(file_okay=False),
    help="Folder holding decks/ and campaigns/ (and skyforge.toml, if any). Default: the folder of the "
    "nearest skyforge.toml at or above the current folder, else the current folder; also SKYFORGE_WORKSPACE.",
)
@click.version_option(package_name="skyforge", message="skyforge %(version)s")
@click.pass_context
def cli(ctx: click.Context, catalog_paths: tuple[Path, ...], workspace: Path | None) -> None:
    """skyforge — a command-line companion for Skytear Horde and its siblings.

    Check custom alliance decks against the castle's rules and the copy limits
    across all players' decks, browse the catalog, set up stand-alone games,
    follow the battle plan, draft Onward and Skybound: Arena teams, and keep
    a match series.

    \b
    Start here:
      skyforge deck validate decks/demo-blue-wall.toml
      skyforge castles
      skyforge game setup --first-game DEMO
      skyforge cards search --faction liothan --rarity mythic

    Every read command takes --json for scripts. Exit status: 0 ok, 1 a deck
    (or other checked thing) is invalid, 2 bad input.
    """
    ctx.obj = App(catalog_paths, workspace)


def _interrupted(exc: Exception) -> bool:
    """A Ctrl-C that pydantic turned into another error: models build their validators when they
    first validate (defer_build), and pydantic-core reports a KeyboardInterrupt met while it builds
    one as a SchemaError ("Error building … validator: KeyboardInterrupt")."""
    return type(exc).__name__ == "SchemaError" and "KeyboardInterrupt" in str(exc)


def main() -> None:
    # pydantic looks up third-party plugins through package metadata on first
    # use (~20 ms); skyforge uses none.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    # A short-lived process whose bulk work (thousands of decks, events) makes many small objects
    # and few reference cycles: look for cycles every 20,000 allocations rather than every 700,
    # which otherwise costs a third of a bulk validation.
    gc.set_threshold(20_000, 20, 20)
    # A terminal or pipe whose encoding is not UTF-8 (PYTHONIOENCODING=latin-1, a legacy code page)
    # shows a character it cannot encode (… ✓ ─) as "?" rather than stopping with a traceback.
    for stream in (sys.stdout, sys.stderr):
        if not (getattr(stream, "encoding", None) or "utf-8").lower().startswith("utf") and hasattr(
            stream, "reconfigure"
        ):
            stream.reconfigure(errors="replace")
    if os.environ.get("_SKYFORGE_COMPLETE"):
        # Tab pressed (or the script asked for): click completes on the command tree kept as data,
        # without the commands, with skyforge's quoting of values (skyforge.cli.complete)
        from skyforge.cli.commandtree import completion_tree

        completion_tree().main(prog_name="skyforge")
    cli(prog_name="skyforge")
