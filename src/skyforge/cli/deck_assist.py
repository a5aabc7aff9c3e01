"""``skyforge deck complete/build/plan``: the deck assistant, over every deck rule at once."""

from __future__ import annotations

import functools
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import click
from rich.text import Text

from skyforge.cli.complete import card_refs, deck_names
from skyforge.cli.deck_files import load_all, rel
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, progress, render
from skyforge.cli.output import table as new_table
from skyforge.cli.stdio import STDIN, is_dash, read_stdin
from skyforge.cli.syntax import NAMES
from skyforge.decks import load_collection
from skyforge.decks.models import CollectionFile
from skyforge.errors import InputError, Problem
from skyforge.terms import FACTIONS, demo_note
from skyforge.text import plural
from skyforge.workbench.assistant import (
    ALLIANCE_PLAYERS,
    DEFAULT_CURVE,
    DEFAULT_TYPES,
    CastlePlan,
    DeckBuild,
    DeckCompletion,
    Preferences,
    build_decks,
    complete_decks,
    plan_castles,
    plan_size,
    save_built,
    write_completion,
)
from skyforge.workbench.editing import resolve_card

#: a click command function, as a decorator takes and gives it
F = TypeVar("F", bound=Callable[..., Any])


def _pairs(items: list[str] | None, what: str, default: dict[str, int]) -> dict[str, int]:
    """``1:5,2:10,6+:3`` (split by the option's type) as a dict; the default when not given."""
    if items is None:
        return dict(default)
    text = ",".join(items)
    out = {}
    for item in items:
        key, sep, value = item.partition(":")
        if not sep or not value.strip().isdigit():
            raise InputError(Problem(f"'{item}' in {what} is not KEY:NUMBER", value=text, has_value=True))
        out[key.strip().lower()] = int(value)
    return out


def _good_deck(command: F) -> F:
    """The options that say what a good deck is (docs/deck-assistant.md), handed to ``command`` as
    one ``prefs`` (:class:`Preferences`, its cards resolved in the catalog)."""
    curve = ",".join(f"{k}:{v}" for k, v in DEFAULT_CURVE.items())
    types = ",".join(f"{k}:{v}" for k, v in DEFAULT_TYPES.items())

    @functools.wraps(command)
    def with_prefs(
        *args: Any,
        curve: list[str] | None,
        types: list[str] | None,
        prefer: tuple[str, ...],
        must: tuple[str, ...],
        never: tuple[str, ...],
        seed: int,
        **kwargs: Any,
    ) -> Any:
        catalog = click.get_current_context().find_object(App).catalog  # type: ignore[union-attr]
        prefs = Preferences(
            curve=_pairs(curve, "--curve", DEFAULT_CURVE),
            types=_pairs(types, "--types", DEFAULT_TYPES),
            factions=tuple(f.lower() for f in prefer),
            must=tuple(resolve_card(catalog, ref).key for ref in must),
            never=tuple(resolve_card(catalog, ref).key for ref in never),
            seed=seed,
        )
        return command(*args, prefs=prefs, **kwargs)

    wrapped: Any = with_prefs
    for decorator in reversed(
        (
            click.option(
                "--curve", type=NAMES, metavar="COST:N,…", help=f"Mana-curve target: cards per cost (default {curve})."
            ),
            click.option(
                "--types",
                type=NAMES,
                metavar="TYPE:PCT,…",
                help=f"Share of each card type in percent (default {types}).",
            ),
            click.option(
                "--prefer",
                multiple=True,
                type=click.Choice(FACTIONS, case_sensitive=False),
                help="Prefer cards of this faction (repeatable; default: each castle's own).",
            ),
            click.option("--must", multiple=True, metavar="CARD", shell_complete=card_refs, help="A card to keep in."),
            click.option(
                "--never", multiple=True, metavar="CARD", shell_complete=card_refs, help="A card to keep out."
            ),
            click.option("--seed", type=int, default=0, show_default=True, help="Breaks ties between equal decks."),
        )
    ):
        wrapped = decorator(wrapped)
    return cast(F, wrapped)


def _collection(path: Path | None) -> CollectionFile | None:
    if is_dash(path):
        return load_collection(Path(STDIN), read_stdin())
    return load_collection(path) if path else None


def _workspace_collection(app: App, path: Path | None) -> tuple[CollectionFile | None, str | None, str]:
    """The collection a command uses, where it came from and how to say it (nothing to say when
    it was given): --collection; else the workspace's (skyforge.toml's `collection`, else
    collection.toml in the workspace); else none, and then every card the catalog holds, up to
    the copy limits."""
    if path is not None:
        return _collection(path), "-" if is_dash(path) else str(path), ""
    found = app.collection or app.workspace / "collection.toml"
    if app.collection is not None or found.exists():
        where = rel(app, found)
        return load_collection(found), where, f"collection: {where} (the workspace's; --collection FILE uses another)"
    return None, None, "no collection: any card the catalog holds, up to the copy limits (--collection FILE limits it)"


_collection_type = click.Path(dir_okay=False, allow_dash=True, path_type=Path)


@click.command()
@click.argument("deck_refs", nargs=-1, required=True, metavar="DECK...", shell_complete=deck_names)
@click.option("--with", "others", multiple=True, metavar="OTHER", help="Another player's deck at the same table.")
@click.option("--collection", type=_collection_type, help="Use only the cards your collection holds.")
@_good_deck
@click.option("--write", is_flag=True, help="Add the cards to the deck files (their comments are kept).")
@json_option
@click.pass_obj
def complete(
    app: App,
    deck_refs: tuple[str, ...],
    others: tuple[str, ...],
    collection: Path | None,
    prefs: Preferences,
    write: bool,
    as_json: bool,
) -> None:
    """Add cards to partial decks until they are legal, keeping every card in them.

    Two decks are completed together, in one search: copy limits across
    both. A game has one or two alliance decks, so one or two decks in all,
    --with decks included. The decks given with --with and the collection bind them as
    in `deck validate`: copy limits across all the decks, and only the copies
    you own. A --with deck still short of its size is never starved: room is
    kept for the cards it needs (complete it too by naming it as a DECK).
    Nothing is written without --write. When no legal decks exist, the
    smallest set of rules that cannot all hold is shown (exit status 1).

    \b
      skyforge deck complete my-deck --with demo-green-grove --collection collection.toml
      skyforge deck complete my-deck friends-deck --collection collection.toml
      skyforge deck complete my-deck --curve 1:4,2:10,3:10,4:8,5:5,6+:3 --write
    """
    decks = load_all(app, deck_refs)
    beside = load_all(app, others)
    outcome = complete_decks(
        app.catalog,
        decks,
        beside,
        _collection(collection),
        prefs,
    )
    written = []
    if write and outcome.possible:
        for ref, proposed in zip(deck_refs, outcome.decks):
            written.append(rel(app, write_completion(app.catalog, app.workspace, ref, proposed)))
    typed = {str(deck.file): ref for deck, ref in zip(beside, others)}
    short = [typed.get(str(d.seat.file), d.seat.name) for d in outcome.reserved]
    together = " ".join(shlex.quote(r) for r in (*deck_refs, *short))
    result = outcome.told(DeckCompletion, written=written)
    render(result, as_json, lambda r: _show(r, "--write adds them to the deck", together))
    if not outcome.possible:
        raise SystemExit(1)


@click.command()
@click.option("--castle", "castles", multiple=True, required=True, help="A castle to build for (repeatable).")
@click.option("--player", "players", multiple=True, help="Who plays each deck, in the order of --castle.")
@click.option(
    "--collection",
    type=_collection_type,
    help="The collection the decks come from (default: the workspace's; without one, any card).",
)
@_good_deck
@click.option("--write", is_flag=True, help="Write each deck to decks/ (never over an existing file).")
@json_option
@click.pass_obj
def build(
    app: App,
    castles: tuple[str, ...],
    players: tuple[str, ...],
    collection: Path | None,
    prefs: Preferences,
    write: bool,
    as_json: bool,
) -> None:
    """Build one deck per castle from one collection, legal together.

    One or two castles: the decks of one game (a game has one or two
    alliance decks).

    The decks share the collection and the copy limits across all decks, as
    the players of one table do. Without --collection, the workspace's
    collection (skyforge.toml's `collection`, else collection.toml) is used,
    or, when there is none, any card the catalog holds; the first line says
    which. When no such decks exist, the smallest set of rules that cannot all
    hold is shown (exit status 1).

    \b
      skyforge deck build --castle DEMO.001 --castle DEMO.003 --collection collection.toml
      skyforge deck build --castle "Saltglass Bastion" --player Alice --collection collection.toml --write
    """
    owned, source, said = _workspace_collection(app, collection)
    outcome = build_decks(
        app.catalog,
        castles,
        owned,
        prefs,
        players,
    )
    written = []
    if write and outcome.possible:
        written = [rel(app, p) for p in save_built(app.catalog, app.workspace, outcome.decks)]
    result = outcome.told(DeckBuild, collection=source, written=written)
    render(result, as_json, lambda r: _show(r, "--write saves them in decks/", heading=said))
    if not outcome.possible:
        raise SystemExit(1)


def _alliance_players(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """1 or 2: a game has one or two alliance players (rulebook 000, "1-2 Solo or Co-op")."""
    if value not in ALLIANCE_PLAYERS:
        raise click.BadParameter(
            f"a game has one or two alliance players (Solo or Co-op), so a plan is for 1 or 2 decks, not {value}"
        )
    return value


@click.command()
@click.option(
    "--collection",
    type=_collection_type,
    help="The group's collection (default: the workspace's; without one, any card).",
)
@click.option(
    "--players",
    type=int,
    default=2,
    show_default=True,
    callback=_alliance_players,
    help="Decks played at once: 1 or 2 (a game has one or two alliance players).",
)
@click.option("--top", type=int, default=10, show_default=True, help="Show this many combinations (0: all).")
@_good_deck
@json_option
@click.pass_obj
def plan(
    app: App,
    collection: Path | None,
    players: int,
    top: int,
    prefs: Preferences,
    as_json: bool,
) -> None:
    """Which castles the group can build at the same time from a collection.

    One game has one or two alliance players, so --players is 1 or 2.
    Without --collection, the workspace's collection is used, or, when
    there is none, any card the catalog holds; the first line says which.

    Every combination of castles (with the heroes they require), best first:
    the ones the collection can build, by how much room they leave (spare
    copies: the more, the more good decks), then by how close their decks come
    to the targets; then the ones it cannot, with what they lack.

    \b
      skyforge deck plan --collection collection.toml
      skyforge deck plan --collection collection.toml --players 1 --json
    """
    owned, source, said = _workspace_collection(app, collection)
    with progress("planning", as_json) as step:
        rows, notes = plan_castles(app.catalog, owned, players, prefs, step, top=max(top, 0))
    shown = rows[:top] if top else rows
    total = plan_size(app.catalog, players)
    result = CastlePlan.of(players=players, collection=source, combinations=shown, total=total, notes=notes)
    render(result, as_json, lambda r: _show_plan(r, said))


def _show(outcome: DeckCompletion, how: str, together: str = "", heading: str = "") -> None:
    written = outcome.written
    out = console()
    if heading:
        out.print(heading)
    if not outcome.possible:
        out.print(Text("✗ no legal deck: these rules cannot all hold", "red"))
        for c in outcome.conflicts:
            out.print(Text.assemble("  ", (c.rule, "red"), f"  {c.message}"))
        return
    for deck in outcome.decks:
        who = f" ({deck.seat.player})" if deck.seat.player else ""
        added = sum(a.count for a in deck.added)
        out.print(
            Text(
                f"{deck.seat.name}{who}, castle {deck.seat.castle.name}: "
                f"+{plural(added, 'card')} → {plural(deck.size, 'card')}"
            )
        )
        for a in deck.added:
            out.print(f"  +{a.count} × {a.key} {a.name}: {a.reason}")
        out.print("  curve: " + " · ".join(f"{b}: {n}/{t}" for b, (n, t) in deck.curve.items()))
    for deck in outcome.reserved:
        need = sum(a.count for a in deck.added)
        out.print(
            Text(
                f"room kept for {deck.seat.label}, at {deck.seat.held} of {deck.size} cards: "
                f"{plural(need, 'card')} it can still take are left free"
            )
        )
    checked = "with the other decks"
    if outcome.reserved:
        checked += " (each short one completed in the room kept for it)"
    out.print(Text.assemble(("✓ legal", "green"), f" — checked by deck validate {checked} and the collection"))
    if written:
        for path in written:
            out.print(f"wrote {path}")
    else:
        out.print(f"nothing written: {how}")
    if outcome.reserved and together:
        out.print(f"to choose their cards too: skyforge deck complete {together}")
    if outcome.demo:
        out.print(Text(demo_note(), style="dim"))


def _show_plan(plan: CastlePlan, heading: str) -> None:
    rows, total, notes = plan.combinations, plan.total, plan.notes
    out = console()
    if heading:
        out.print(heading)
    table = new_table()
    for column in ("castles", "heroes", "possible", "room", "lacks"):
        table.add_column(column, justify="right" if column == "room" else "left")
    for r in rows:
        table.add_row(
            Text(" + ".join(c.name for c in r.castles)),
            Text(", ".join(r.heroes)),
            Text("✓", "green") if r.outcome.possible else Text("✗", "red"),
            str(r.room),
            Text("; ".join(r.lacks) or "—"),
        )
    out.print(table)
    if len(rows) < total:
        out.print(f"{len(rows)} of {total} combinations shown (--top 0 shows all)")
    for note in notes:
        out.print(f"note: {note}")
