"""Shell completion (click's, for bash, zsh and fish): deck, campaign and card names.

Each function is a click ``shell_complete`` callback. They read only what completing needs
(the file names in the workspace; the catalog, from its cache, for cards) and never fail: a
broken file or catalog simply completes nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import click
from click.shell_completion import CompletionItem, get_completion_class

from skyforge.catalog import load_catalog
from skyforge.cli.main import cli


def _workspace(ctx: click.Context) -> Path:
    root = ctx.find_root()
    ws = root.params.get("workspace") if root.params else None
    return Path(ws or os.environ.get("SKYFORGE_WORKSPACE") or ".")


def _items(values, incomplete: str, help_of=None):
    folded = incomplete.casefold()
    return [
        CompletionItem(v, help=help_of(v) if help_of else None)
        for v in sorted(dict.fromkeys(values))
        if v.casefold().startswith(folded)
    ]


def _stems(folder: Path) -> list[str]:
    try:
        return [p.stem for p in folder.glob("*.toml")]
    except OSError:
        return []


def deck_names(ctx: click.Context, param: click.Parameter, incomplete: str):
    """Decks in decks/ by name (and .toml paths when a path is being typed)."""
    if "/" in incomplete or incomplete.endswith(".toml"):
        return [CompletionItem(incomplete, type="file")]
    return _items(_stems(_workspace(ctx) / "decks"), incomplete)


def campaign_names(ctx: click.Context, param: click.Parameter, incomplete: str):
    return _items(_stems(_workspace(ctx) / "campaigns"), incomplete)


def card_refs(ctx: click.Context, param: click.Parameter, incomplete: str):
    """Card codes, and names for what is typed as a name; alliance cards first."""
    try:
        root = ctx.find_root()
        paths = [Path(p) for p in (root.params.get("catalog_paths") or ())] if root.params else []
        catalog = load_catalog(paths or None)
    except Exception:
        return []
    cards = list(catalog.of_kind("alliance")) or list(catalog)
    if (
        incomplete[:1].isalpha()
        and not any(ch.isdigit() for ch in incomplete)
        and not any((c.code or "").casefold().startswith(incomplete.casefold()) for c in cards)
    ):
        names = {c.name: c for c in cards}
        return _items(names, incomplete, lambda n: names[n].code or "")
    codes = {c.code: c for c in cards if c.code}
    return _items(codes, incomplete, lambda code: codes[code].name)


@click.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the completion script for SHELL: commands, options, deck, campaign and card names.

    \b
    Load it in your shell's start-up file:
      bash  (~/.bashrc):                 eval "$(skyforge completion bash)"
      zsh   (~/.zshrc):                  eval "$(skyforge completion zsh)"
      fish  (~/.config/fish/config.fish): skyforge completion fish | source

    It is click's completion (the same as `_SKYFORGE_COMPLETE=bash_source skyforge`).
    """
    comp = get_completion_class(shell)(cli, {}, "skyforge", "_SKYFORGE_COMPLETE")
    click.echo(comp.source())
