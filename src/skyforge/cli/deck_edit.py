"""``skyforge deck new/add/remove/rename/copy/list/premade``: making and editing deck files."""

from __future__ import annotations

from collections.abc import Callable

import click
from rich.text import Text

from skyforge.cli.complete import card_refs, deck_names
from skyforge.cli.deck_files import after_edit, rel, require_terminal
from skyforge.cli.main import App
from skyforge.cli.output import console, json_option, progress, render
from skyforge.cli.output import table as new_table
from skyforge.cli.syntax import force_option
from skyforge.decks.specs import parse_specs
from skyforge.results import ResultList
from skyforge.terms import FACTIONS, demo_note
from skyforge.text import plural
from skyforge.workbench.deck_list import DeckSummary, UnreadableDeck, deck_summaries
from skyforge.workbench.editing import add_cards, copy_deck, edit_deck, new_deck, remove_cards
from skyforge.workbench.premade import EXPANDED_SIZE, PremadeSaved, save_premade


@click.command()
@click.argument("name")
@click.option("--castle", required=True, help="The castle whose back sets the deck's rules (code or name).")
@click.option("--player", help="Who plays the deck (shown in messages and pull lists).")
@click.option("--edit", "then_edit", is_flag=True, help="Then open it in the deck editor (`deck edit`).")
@force_option
@click.pass_context
def new(ctx: click.Context, name: str, castle: str, player: str | None, then_edit: bool, force: bool) -> None:
    """Start an empty deck in decks/NAME.toml.

    \b
      skyforge deck new blue-wall --castle DEMO.001 --player Alice
      skyforge deck add blue-wall DEMO.007x3 "Saltmarsh Pikeman x3"
      skyforge deck new blue-wall --castle DEMO.001 --edit
    """
    app: App = ctx.obj
    if then_edit:
        require_terminal(name)  # before the deck is written
    path = new_deck(app.catalog, app.workspace, name, castle, player, force)
    if then_edit:  # the editor's module is imported by the deck group, on first use like any command
        group = ctx.parent.command if ctx.parent else None
        editor = group.get_command(ctx.parent, "edit") if isinstance(group, click.Group) and ctx.parent else None
        assert editor is not None  # the deck group's lazy table names it
        ctx.invoke(editor, deck_ref=str(path), others=(), collection=None)
        return
    after_edit(app, path, f"created {rel(app, path)}")


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.argument("cards", nargs=-1, required=True, metavar="CARD[xN]...", shell_complete=card_refs)
@click.pass_obj
def add(app: App, deck_ref: str, cards: tuple[str, ...]) -> None:
    """Add cards to a deck: a code or name, optionally xN for N copies.

    Names with spaces go in quotes. Errata are applied: adding a corrected
    card adds the card that replaces it.

    \b
      skyforge deck add blue-wall DEMO.007x3 DEMO.028
      skyforge deck add blue-wall "Gullwing Lookout x2"
    """
    specs = parse_specs(cards)
    notes: list[str] = []
    path = edit_deck(app.catalog, app.workspace, deck_ref, lambda d: add_cards(app.catalog, d, specs, notes))
    after_edit(
        app,
        path,
        "\n".join([f"added {plural(sum(s.count for s in specs), 'card')}", *(f"  errata: {n}" for n in notes)]),
    )


@click.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.argument("cards", nargs=-1, required=True, metavar="CARD[xN]...", shell_complete=card_refs)
@click.pass_obj
def remove(app: App, deck_ref: str, cards: tuple[str, ...]) -> None:
    """Remove cards from a deck (xN removes N copies; default one).

    \b
      skyforge deck remove blue-wall DEMO.007x2
    """
    specs = parse_specs(cards)
    path = edit_deck(app.catalog, app.workspace, deck_ref, lambda d: remove_cards(app.catalog, d, specs))
    n = sum(s.count for s in specs)
    after_edit(app, path, f"removed {plural(n, 'card')}")


def _to_new_name(command: Callable[..., None]) -> Callable[..., None]:
    """The arguments of ``rename`` and ``copy``: ``DECK NEW_NAME [--force]``."""
    for decorator in (
        click.pass_obj,
        force_option,
        click.argument("new_name"),
        click.argument("deck_ref", metavar="DECK", shell_complete=deck_names),
    ):
        command = decorator(command)
    return command


def _copy_to(app: App, deck_ref: str, new_name: str, force: bool, move: bool) -> None:
    path = copy_deck(app.catalog, app.workspace, deck_ref, new_name, force, move=move)
    after_edit(app, path, f"{'renamed' if move else 'copied'} to {rel(app, path)}")


@click.command()
@_to_new_name
def rename(app: App, deck_ref: str, new_name: str, force: bool) -> None:
    """Rename a deck: moves it to decks/NEW_NAME.toml and sets its name.

    \b
      skyforge deck rename blue-wall blue-wall-v2
    """
    _copy_to(app, deck_ref, new_name, force, move=True)


@click.command()
@_to_new_name
def copy(app: App, deck_ref: str, new_name: str, force: bool) -> None:
    """Copy a deck to decks/NEW_NAME.toml (to try changes on the copy).

    \b
      skyforge deck copy demo-blue-wall my-blue-wall
    """
    _copy_to(app, deck_ref, new_name, force, move=False)


@click.command("list")
@json_option
@click.pass_obj
def list_(app: App, as_json: bool) -> None:
    """List the decks in the workspace (decks/*.toml) with castle, size and validity.

    Each deck is checked on its own; check decks played together with
    `skyforge deck validate A B`.

    \b
      skyforge deck list
      skyforge --workspace ~/skytear deck list --json
    """
    with progress("checking decks", as_json) as step:
        rows = deck_summaries(app.catalog, app.workspace, step)
    render(rows, as_json, lambda rows: _draw_list(app, rows))


def _draw_list(app: App, rows: ResultList[DeckSummary | UnreadableDeck]) -> None:
    out = console()
    if not len(rows):
        out.print(
            Text(f"no decks in {app.workspace / 'decks'}: start one with `skyforge deck new NAME --castle CASTLE`")
        )
        return
    table = new_table()
    for column in ("deck", "name", "player", "castle", "size", "valid"):
        table.add_column(column, justify="right" if column == "size" else "left")
    for r in rows:
        if isinstance(r, UnreadableDeck):
            table.add_row(
                Text(r.name), Text.assemble(("unreadable", "red"), f": {r.error}"), "", "", "", Text("✗", "red")
            )
            continue
        valid = Text("✓", "green") if r.valid else Text(f"✗ {r.problems}", "red")
        table.add_row(
            Text(r.deck),
            Text(r.name),
            Text(r.player or ""),
            Text(app.catalog.label(r.castle)),
            str(r.size),
            valid,
        )
    out.print(table)
    if any(isinstance(r, DeckSummary) and r.demo for r in rows):
        out.print(Text(demo_note(), style="dim"))


@click.command()
@click.argument("set_code", metavar="SET")
@click.argument("faction", type=click.Choice(FACTIONS, case_sensitive=False))
@click.option("--seed", type=int, help="Seed for the random heroic ally removed from a 41-card faction.")
@click.option("--castle", help="Castle to play it with (default: the first castle of the same set and faction).")
@click.option("--name", "deck_name", help="File name in decks/ (default: the pre-made deck's id).")
@click.option("--player", help="Who plays the deck.")
@force_option
@json_option
@click.pass_obj
def premade(
    app: App,
    set_code: str,
    faction: str,
    seed: int | None,
    castle: str | None,
    deck_name: str | None,
    player: str | None,
    force: bool,
    as_json: bool,
) -> None:
    """Build the rulebook's 40-card pre-made deck of a set and faction.

    "Each player shuffles together 40 alliance cards from the same set and of
    the same faction as their castle." With the Nupten & Utsesh expansions a
    faction has 41 cards: one heroic ally is removed at random (--seed makes
    the choice repeatable; without it the seed used is printed).

    The cards come from catalog data: alliance cards with premade = "<id>".
    The rulebooks do not list the cards of the official pre-made decks, so only
    the DEMO decks work out of the box.

    \b
      skyforge deck premade DEMO liothan --seed 7
      skyforge deck premade DEMO kurumo --name red --player Bo
    """
    result = save_premade(
        app.catalog,
        app.workspace,
        set_code,
        faction.lower(),
        seed=seed,
        castle=castle,
        name=deck_name,
        player=player,
        force=force,
    )
    render(result, as_json, lambda r: after_edit(app, r.path, _premade_lines(r)))


def _premade_lines(result: PremadeSaved) -> str:
    lines = [f"pre-made deck {result.premade_name} ({result.premade}) → {result.file}"]
    lines += [f"  note: {n}" for n in result.notes]
    if result.removed:
        lines.append(
            f"  {EXPANDED_SIZE} cards: removed heroic ally {result.removed} {result.removed_name} at random "
            f"(seed {result.seed}; --seed {result.seed} repeats it)"
        )
    lines.append(
        "  a pre-made deck is played as it comes; the check below is against the castle's "
        "custom-deck rules, for when you start customizing it"
    )
    return "\n".join(lines)
