"""Shell completion (click's, for bash, zsh and fish): deck, campaign, draft, card and hero names.

Each function is a click ``shell_complete`` callback, listed in :data:`COMPLETERS` by name so
that the command tree kept as data (:mod:`skyforge.cli.commandtree`) can name it. They read only
what completing needs and never fail: a broken file or catalog simply completes nothing. The
catalog (and with it pydantic) is imported only when a card or a draft method is completed;
deck and campaign names are file names.
"""

from __future__ import annotations

import os
import re
import unicodedata
from typing import TYPE_CHECKING

import click
from click.shell_completion import (
    BashComplete,
    CompletionItem,
    FishComplete,
    add_completion_class,
    get_completion_class,
    split_arg_string,
)

from skyforge.workspace_paths import FOLDERS, locate, valid_name

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from skyforge.catalog.index import Catalog
    from skyforge.catalog.models import Card
    from skyforge.places import Places


def _places(ctx: click.Context) -> Places:
    """Where the command would find its files: --workspace, --catalog, the environment, skyforge.toml."""
    from skyforge.places import find_places  # pathlib, dataclasses, tomllib: only for what a file may move

    params = ctx.find_root().params or {}
    return find_places(tuple(params.get("catalog_paths") or ()), params.get("workspace"))


def _folder(ctx: click.Context, kind: str) -> str:
    """The workspace's folder of ``kind`` (decks, campaigns, drafts), as the command would find it:
    with no workspace file, nothing to read (``os.path`` alone, as a Tab should cost); with one,
    what it says (:func:`_places`)."""
    root, file = locate((ctx.find_root().params or {}).get("workspace"), os.environ)
    if file is None:
        return os.path.join(root, FOLDERS.get(kind, kind))
    return os.fspath(_places(ctx).folder(kind))


def _items(
    values: Iterable[str], incomplete: str, help_of: Callable[[str], str | None] | None = None
) -> list[CompletionItem]:
    folded = incomplete.casefold()
    return [
        CompletionItem(v, help=help_of(v) if help_of else None)
        for v in sorted(dict.fromkeys(values))
        if v.casefold().startswith(folded)
    ]


def _stems(folder: str) -> list[str]:
    """The names of the folder's .toml files without it (as ``Path.stem``: ``.toml`` stays whole)."""
    try:
        names = os.listdir(folder)
    except (OSError, ValueError):
        return []
    return [name[:-5] if len(name) > 5 else name for name in names if name.endswith(".toml")]


def deck_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Decks in decks/ by name, and by path a file whose name is no deck name ('a,b.toml'); .toml
    paths when a path is being typed."""
    if "/" in incomplete or incomplete.endswith(".toml"):
        return [CompletionItem(incomplete, type="file")]
    folder = _folder(ctx, "decks")
    stems = _stems(folder)
    named = [s for s in stems if valid_name(unicodedata.normalize("NFC", s))]
    paths = [os.path.join(os.path.relpath(folder), f"{s}.toml") for s in stems if s not in named]
    return _items(named, incomplete) + _items(paths, incomplete)


def campaign_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return _items(_stems(_folder(ctx, "campaigns")), incomplete)


def _catalog(ctx: click.Context) -> Catalog | None:
    """The catalog the command would load, or None when it cannot be loaded."""
    from skyforge.catalog import load_catalog  # only when a card or method is completed

    try:
        return load_catalog(list(_places(ctx).catalog) or None)
    except Exception:
        return None


def card_refs(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Card codes, and names for what is typed as a name; alliance cards first."""
    catalog = _catalog(ctx)
    if catalog is None:
        return []
    cards: list[Card] = list(catalog.of_kind("alliance")) or list(catalog)
    if (
        incomplete[:1].isalpha()
        and not any(ch.isdigit() for ch in incomplete)
        and not any((c.code or "").casefold().startswith(incomplete.casefold()) for c in cards)
    ):
        names = {c.name: c for c in cards}
        return _items(names, incomplete, lambda n: names[n].code or "")
    codes = {c.code: c for c in cards if c.code}
    return _items(codes, incomplete, lambda code: codes[code].name)


def draft_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Saved drafts (drafts/*.toml) by name."""
    return _items(_stems(_folder(ctx, "drafts")), incomplete)


#: the kind of hero each draft group drafts
_HERO_KINDS = {"onward": "onward-hero", "arena": "arena-hero"}


def hero_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Heroes of the game the command drafts (Onward or Skybound: Arena) by name; in a comma
    list (``--picks A,B``) the one being typed, after a TEAM: or PLAYER: prefix if any."""
    group = ctx.parent.info_name if ctx.parent is not None else None
    kind = _HERO_KINDS.get(group or "")
    catalog = _catalog(ctx) if kind else None
    if catalog is None or kind is None:  # no kind: no catalog either
        return []
    done, comma, last = incomplete.rpartition(",")
    who, colon, typed = last.rpartition(":")
    start = done + comma + who + colon
    names = [card.name for card in catalog.of_kind(kind)]
    return _items([start + name for name in names if name.casefold().startswith(typed.casefold())], incomplete)


def draft_methods(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """``onward draft --method`` completes to the drafting methods of the catalog's Onward formats."""
    from skyforge.draft.common import methods  # with the catalog, only when completed
    from skyforge.draft.onward import GAME

    catalog = _catalog(ctx)
    return [] if catalog is None else [m for m in methods(catalog, GAME) if m.startswith(incomplete)]


class QuotingBash(BashComplete):
    """click's bash completion, with values quoted as bash reads them: bash inserts a completion
    as it is, so ``deck show Zed<Tab>`` must get ``Zed\\ Wall`` (zsh's compadd and fish quote
    the values themselves). Inside a quote the player opened (``cards show "Corj<Tab>``) bash
    keeps that quote and closes it after the value, so the value is quoted as that quote needs:
    ``"Corjan the Bold"``, not ``"Corjan\\ the\\ Bold"``."""

    #: the quote left open in the word being completed (' or "), or None
    open_quote: str | None = None

    def get_completion_args(self) -> tuple[list[str], str]:
        args, incomplete = super().get_completion_args()
        words, cword = os.environ.get("COMP_WORDS", ""), os.environ.get("COMP_CWORD", "")
        if cword == str(len(split_arg_string(words)) - 1):  # the word being completed is the last
            self.open_quote = _open_quote(words)
        return args, incomplete

    def format_completion(self, item: CompletionItem) -> str:
        if item.type != "plain":
            return super().format_completion(item)
        if self.open_quote == "'":
            value = item.value.replace("'", "'\\''")  # a ' ends the quote: '\'' puts one in, and reopens it
        elif self.open_quote == '"':
            value = _IN_DOUBLE_QUOTES.sub(r"\\\g<0>", item.value)
        else:
            value = _SPECIAL.sub(r"\\\g<0>", item.value)
        # every backslash doubled: click's script reads each line with `read` (no -r), which takes one level off
        return super().format_completion(CompletionItem(value.replace("\\", "\\\\"), type=item.type, help=item.help))


def _open_quote(words: str) -> str | None:
    """The quote (' or ") left open at the end of the command line ``words``, as bash reads it."""
    quote: str | None = None
    escaped = False
    for ch in words:
        if escaped:
            escaped = False
        elif quote == "'":
            quote = None if ch == "'" else quote
        elif ch == "\\":
            escaped = True
        elif quote == '"':
            quote = None if ch == '"' else quote
        elif ch in "'\"":
            quote = ch
    return quote


#: what a backslash must keep literal inside double quotes
_IN_DOUBLE_QUOTES = re.compile(r'["\\$`]')
#: the characters bash takes as more than part of a word
_SPECIAL = re.compile(r"""[\s"'\\$`<>|&;()*?\[\]{}!#]""")
add_completion_class(QuotingBash, "bash")


class WholeValueFish(FishComplete):
    """click's fish completion, with a value that holds a comma kept whole: click's script splits
    each ``type,value`` line at every comma, so ``Ashka, Mother of Cinders`` came back as ``Ashka``.
    The script splits at the first comma only; fish quotes what it inserts itself."""

    source_template = FishComplete.source_template.replace('(string split "," ', '(string split -m 1 "," ')


add_completion_class(WholeValueFish, "fish")

#: every completer by name, for the command tree kept as data
COMPLETERS = {f.__name__: f for f in (deck_names, campaign_names, draft_names, card_refs, hero_names, draft_methods)}


@click.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
@click.pass_context
def completion(ctx: click.Context, shell: str) -> None:
    """Print the completion script for SHELL: commands, options, deck, campaign and card names.

    \b
    Load it in your shell's start-up file:
      bash  (~/.bashrc):                 eval "$(skyforge completion bash)"
      zsh   (~/.zshrc):                  eval "$(skyforge completion zsh)"
      fish  (~/.config/fish/config.fish): skyforge completion fish | source

    It is click's completion (the same as `_SKYFORGE_COMPLETE=bash_source skyforge`).
    """
    complete = get_completion_class(shell)
    assert complete is not None  # click.Choice gives one of click's shells
    comp = complete(ctx.find_root().command, {}, "skyforge", "_SKYFORGE_COMPLETE")
    click.echo(comp.source())
