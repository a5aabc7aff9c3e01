"""The deck workbench: ``skyforge deck new/add/remove/rename/copy/list/premade/show/stats/diff/export/import``.

Registered on the ``deck`` group of :mod:`skyforge.cli.deck` (imported at its bottom).
"""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.cli.deck import deck
from skyforge.cli.complete import card_refs, deck_names
from skyforge.cli.main import App
from skyforge.cli.output import json_option
from skyforge.terms import FACTIONS, demo_note

FORMAT_CHOICES = ["text", "md", "csv", "json", "html", "code"]
force_option = click.option("--force", is_flag=True, help="Overwrite a deck file that already exists.")


def _load(app: App, ref: str):
    """A deck by name or path; '-' reads it from standard input."""
    from skyforge.decks import load_deck, parse_deck, resolve_deck_path

    if ref == "-":
        from skyforge.cli.stdio import STDIN, read_stdin

        return parse_deck(read_stdin(), STDIN, app.catalog)
    return load_deck(resolve_deck_path(ref, app.workspace), app.catalog)


def _load_all(app: App, refs: tuple[str, ...]) -> list:
    from skyforge.errors import InputError

    loaded, problems = [], []
    for ref in refs:
        try:
            loaded.append(_load(app, ref))
        except InputError as exc:
            problems.extend(exc.problems)
    if problems:
        raise InputError(problems)
    return loaded


def _rel(app: App, path: Path) -> str:
    try:
        return str(path.relative_to(app.workspace))
    except ValueError:
        return str(path)


def _after_edit(app: App, path: Path, message: str) -> None:
    """Every edit ends with the deck's validity, so a player sees at once what is left to fix."""
    from rich.markup import escape

    from skyforge.cli.output import console
    from skyforge.decks import load_deck
    from skyforge.rules import validate_decks
    from skyforge.text import plural

    out = console()
    out.print(escape(message))
    loaded = load_deck(path)
    report = validate_decks(app.catalog, [loaded])
    d = report.decks[0]
    mark = "[green]✓ valid[/]" if d.valid else f"[red]✗ not valid[/] ({plural(len(report.violations), 'problem')})"
    out.print(f"{mark}  {escape(_rel(app, path))} — {escape(d.name)}, castle {escape(app.catalog.label(str(d.castle)))}, "
              f"{plural(d.size, 'card')}")
    for v in report.violations[:5]:
        out.print(f"  [red]{v.rule}[/]  {escape(v.message)}")
    if len(report.violations) > 5:
        out.print(f"  … and {len(report.violations) - 5} more: skyforge deck validate {escape(_rel(app, path))}")
    if report.demo:
        out.print(f"[dim]{demo_note()}[/]")


# -- editing ---------------------------------------------------------------------

@deck.command()
@click.argument("name")
@click.option("--castle", required=True, help="The castle whose back sets the deck's rules (code or name).")
@click.option("--player", help="Who plays the deck (shown in messages and pull lists).")
@force_option
@click.pass_obj
def new(app: App, name: str, castle: str, player: str | None, force: bool) -> None:
    """Start an empty deck in decks/NAME.toml.

    \b
      skyforge deck new blue-wall --castle DEMO.001 --player Alice
      skyforge deck add blue-wall DEMO.007x3 "Saltmarsh Pikeman x3"
    """
    from skyforge.decks.editing import new_deck

    path = new_deck(app.catalog, app.workspace, name, castle, player, force)
    _after_edit(app, path, f"created {_rel(app, path)}")


@deck.command()
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
    from skyforge.decks.editing import add_cards, edit_deck, parse_specs

    from skyforge.text import plural

    specs = parse_specs(cards)
    notes: list[str] = []
    path = edit_deck(app.catalog, app.workspace, deck_ref, lambda d: add_cards(app.catalog, d, specs, notes))
    _after_edit(app, path, "\n".join([f"added {plural(sum(s.count for s in specs), 'card')}",
                                      *(f"  errata: {n}" for n in notes)]))


@deck.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.argument("cards", nargs=-1, required=True, metavar="CARD[xN]...", shell_complete=card_refs)
@click.pass_obj
def remove(app: App, deck_ref: str, cards: tuple[str, ...]) -> None:
    """Remove cards from a deck (xN removes N copies; default one).

    \b
      skyforge deck remove blue-wall DEMO.007x2
    """
    from skyforge.decks.editing import edit_deck, parse_specs, remove_cards

    specs = parse_specs(cards)
    path = edit_deck(app.catalog, app.workspace, deck_ref, lambda d: remove_cards(app.catalog, d, specs))
    n = sum(s.count for s in specs)
    _after_edit(app, path, f"removed {n} card{'s' if n != 1 else ''}")


@deck.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.argument("new_name")
@force_option
@click.pass_obj
def rename(app: App, deck_ref: str, new_name: str, force: bool) -> None:
    """Rename a deck: moves it to decks/NEW_NAME.toml and sets its name.

    \b
      skyforge deck rename blue-wall blue-wall-v2
    """
    from skyforge.decks.editing import copy_deck

    path = copy_deck(app.catalog, app.workspace, deck_ref, new_name, force, move=True)
    _after_edit(app, path, f"renamed to {_rel(app, path)}")


@deck.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@click.argument("new_name")
@force_option
@click.pass_obj
def copy(app: App, deck_ref: str, new_name: str, force: bool) -> None:
    """Copy a deck to decks/NEW_NAME.toml (to try changes on the copy).

    \b
      skyforge deck copy demo-blue-wall my-blue-wall
    """
    from skyforge.decks.editing import copy_deck

    path = copy_deck(app.catalog, app.workspace, deck_ref, new_name, force)
    _after_edit(app, path, f"copied to {_rel(app, path)}")


@deck.command("list")
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
    from skyforge.decks import load_deck
    from skyforge.decks.editing import list_decks
    from skyforge.errors import InputError
    from skyforge.rules import validate_decks

    rows = []
    for path in list_decks(app.workspace):
        try:
            loaded = load_deck(path)
        except InputError as exc:
            rows.append({"file": _rel(app, path), "name": path.stem, "error": exc.problems[0].render(),
                         "valid": False})
            continue
        report = validate_decks(app.catalog, [loaded])
        d = report.decks[0]
        castle = app.catalog.find(str(d.castle), "castle")
        rows.append({"file": _rel(app, path), "deck": path.stem, "name": d.name, "player": d.player,
                     "castle": d.castle, "castle_name": castle.name if castle else None, "size": d.size,
                     "valid": d.valid, "problems": len(report.violations)})
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(rows)
        return
    from skyforge.cli.output import console, table as new_table

    out = console()
    if not rows:
        out.print(f"no decks in {app.workspace / 'decks'}: start one with `skyforge deck new NAME --castle CASTLE`")
        return
    table = new_table()
    for column in ("deck", "name", "player", "castle", "size", "valid"):
        table.add_column(column, justify="right" if column == "size" else "left")
    for r in rows:
        if "error" in r:
            table.add_row(r["name"], f"[red]unreadable[/]: {r['error']}", "", "", "", "[red]✗[/]")
            continue
        valid = "[green]✓[/]" if r["valid"] else f"[red]✗ {r['problems']}[/]"
        table.add_row(r["deck"], r["name"], r["player"] or "", app.catalog.label(r["castle"]),
                      str(r["size"]), valid)
    out.print(table)


@deck.command()
@click.argument("set_code", metavar="SET")
@click.argument("faction", type=click.Choice(FACTIONS, case_sensitive=False))
@click.option("--seed", type=int, help="Seed for the random heroic ally removed from a 41-card faction.")
@click.option("--castle", help="Castle to play it with (default: the first castle of the same set and faction).")
@click.option("--name", "deck_name", help="File name in decks/ (default: the pre-made deck's id).")
@click.option("--player", help="Who plays the deck.")
@force_option
@json_option
@click.pass_obj
def premade(app: App, set_code: str, faction: str, seed: int | None, castle: str | None, deck_name: str | None,
            player: str | None, force: bool, as_json: bool) -> None:
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
    from skyforge.decks.editing import deck_path, save_new_deck
    from skyforge.decks.premade import build_premade

    result = build_premade(app.catalog, set_code, faction.lower(), seed=seed, castle=castle, player=player)
    path = deck_path(app.workspace, deck_name or result.premade.id)
    save_new_deck(path, result.deck, app.catalog, force=force)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json({"file": _rel(app, path), "premade": result.premade.id, "castle": result.deck.castle,
                   "size": sum(result.deck.cards.values()), "cards": result.deck.cards,
                   "removed": result.removed.key if result.removed else None, "seed": result.seed,
                   "notes": result.notes})
        return
    lines = [f"pre-made deck {result.premade.name} ({result.premade.id}) → {_rel(app, path)}"]
    lines += [f"  note: {n}" for n in result.notes]
    if result.removed:
        lines.append(f"  41 cards: removed heroic ally {result.removed.key} {result.removed.name} at random "
                     f"(seed {result.seed}; --seed {result.seed} repeats it)")
    lines.append("  a pre-made deck is played as it comes; the check below is against the castle's "
                 "custom-deck rules, for when you start customizing it")
    _after_edit(app, path, "\n".join(lines))


# -- inspecting --------------------------------------------------------------------

mulligan_option = click.option(
    "--mulligan-cost", type=click.IntRange(1, 20), default=5, show_default=True,
    help="The suggested mulligan throws back non-allies and cards of this cost or more "
         "(Campaigns rulebook: 5; Monoliths: 6).")


@deck.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@mulligan_option
@click.option("--turns", type=click.IntRange(0, 60), default=3, show_default=True,
              help="Per card, the chance to have drawn at least one copy by this turn "
                   "(the 5-card opening hand plus one card a turn).")
@json_option
@click.pass_obj
def show(app: App, deck_ref: str, mulligan_cost: int, turns: int, as_json: bool) -> None:
    """Show a deck: cards by type, mana curve, breakdowns, castle budget, opening-hand odds.

    The odds are exact: the chance that the 5-card opening hand holds at least
    k allies of cost ≤ c, and the same after the rulebook's suggested mulligan
    (throw back every non-ally and every card costing 5 or more, draw as many).
    Beside each card, the chance to have drawn at least one copy by turn N
    (--turns; the opening hand plus one card a turn, no mulligan).

    \b
      skyforge deck show demo-blue-wall
      skyforge deck show demo-blue-wall --turns 5
      skyforge deck show demo-blue-wall --json | jq .cards
    """
    from skyforge.decks.stats import deck_stats

    stats = deck_stats(app.catalog, _load(app, deck_ref), mulligan_cost=mulligan_cost, turns=turns)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(stats)
        return
    _draw(stats)


@deck.command()
@click.argument("deck_ref", metavar="DECK", shell_complete=deck_names)
@mulligan_option
@json_option
@click.pass_obj
def stats(app: App, deck_ref: str, mulligan_cost: int, as_json: bool) -> None:
    """The numbers of `deck show` without the card list (--json: the same data as show).

    \b
      skyforge deck stats demo-blue-wall --json
    """
    from skyforge.decks.stats import deck_stats

    data = deck_stats(app.catalog, _load(app, deck_ref), mulligan_cost=mulligan_cost)
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(data)
        return
    _draw(data, cards=False)


def _bar(n: int, top: int, width: int = 30) -> str:
    return "█" * (round(width * n / top) if top else 0)


def _draw(s: dict, cards: bool = True) -> None:
    from rich.markup import escape

    from skyforge.cli.output import console, table as new_table
    from skyforge.text import plural

    out = console()
    who = f" ({escape(s['player'])})" if s["player"] else ""
    castle = (f"{s['castle']} {s['castle_name']}" if s["castle_name"] and s["castle"] != s["castle_name"]
              and ":" not in s["castle"] else s["castle_name"] or s["castle"])
    valid = "[green]✓ valid[/]" if s["valid"] else f"[red]✗ not valid[/] ({plural(len(s['violations']), 'problem')})"
    out.print(f"[bold]{escape(s['name'])}[/]{who} — castle {escape(castle)} · {plural(s['size'], 'card')} · {valid}")
    if cards and "draws" in s:
        d = s["draws"]
        out.print(f"[dim]% = chance to hold at least one copy by turn {d['turns']}: the {d['hand']}-card "
                  f"opening hand plus one card a turn ({d['cards_seen']} cards seen)[/]")
    if cards:
        for group in s["groups"]:
            out.print(f"\n[bold]{group['type'].capitalize()}[/] ({group['count']})")
            table = new_table(box=None, show_header=False, pad_edge=False, show_edge=False)
            for justify in ("right", "left", "left", "right", "left", "left", "right"):
                table.add_column(justify=justify)  # type: ignore[arg-type]
            for c in group["cards"]:
                table.add_row(f"  {c['count']}×", c["code"], c["name"] or "[red]not in the catalog[/]",
                              "" if c["cost"] is None else f"cost {c['cost']}", c["rarity"] or "", c["faction"] or "",
                              f"{100 * c['drawn_by_turn']:.0f}%" if "drawn_by_turn" in c else "")
            out.print(table)
    top = max([c["count"] for c in s["curve"]] or [0])
    out.print("\n[bold]Mana curve[/]")
    for c in s["curve"]:
        label = "?" if c["cost"] is None else str(c["cost"])
        out.print(f"  {label:>2} │{_bar(c['count'], top)} {c['count'] or ''}")
    for title, key in (("Types", "types"), ("Rarities", "rarities"), ("Factions", "factions")):
        values = s[key]
        top = max(values.values() or [0])
        out.print(f"\n[bold]{title}[/]")
        for name, n in values.items():
            out.print(f"  {name:<11}{n:>3} {_bar(n, top, 20)}")
    if s["budget"]:
        out.print("\n[bold]Castle budget[/]")
        for row in s["budget"]:
            if row["rarity"] == "deck":
                want = row["min"] if row["max"] == row["min"] else f"{row['min']}–{row['max'] or '∞'}"
                ok = row["used"] >= row["min"] and (row["max"] is None or row["used"] <= row["max"])
                out.print(f"  {'deck':<11}{'' if ok else '[red]'}{row['used']}/{want}{'' if ok else '[/]'}")
                continue
            if not row["allowed"]:
                style = "[red]" if row["used"] else "[dim]"
                out.print(f"  {style}{row['rarity']:<11}{row['used']}/0 none allowed[/]")
                continue
            limit = "any" if row["max"] is None else row["max"]
            over = row["max"] is not None and row["used"] > row["max"]
            factions = ", ".join(row["factions"]) + ("; " + ", ".join(row["subtypes"]) if row["subtypes"] else "")
            used = f"{row['used']}/{limit}"
            out.print(f"  {row['rarity']:<11}{'[red]' if over else ''}{used:<7}{'[/]' if over else ''}"
                      f"[dim]{escape(factions)} · ≤{row['copy_limit']} of each across decks[/]")
    hand = s["opening_hand"]
    out.print(f"\n[bold]Opening hand[/] ({hand['hand']} cards; suggested mulligan: {hand['mulligan']})")
    table = new_table(box=None, pad_edge=False, show_edge=False)
    for column in ("at least", "allies of cost ≤", "in the deck", "opening", "after mulligan"):
        table.add_column(column, justify="right")
    for row in hand["odds"]:
        table.add_row(str(row["k"]), str(row["max_cost"]), str(row["allies"]),
                      f"{100 * row['opening']:.1f}%", f"{100 * row['after_mulligan']:.1f}%")
    out.print(table)
    if s["violations"]:
        out.print("\n[bold]Problems[/] (skyforge deck validate for the fixes)")
        for v in s["violations"]:
            out.print(f"  [red]{v['rule']}[/]  {escape(v['message'])}")
    if s["demo_data"]:
        out.print(f"\n[dim]{demo_note()}[/]")


@deck.command()
@click.argument("a", metavar="A", shell_complete=deck_names)
@click.argument("b", metavar="B", shell_complete=deck_names)
@json_option
@click.pass_obj
def diff(app: App, a: str, b: str, as_json: bool) -> None:
    """Compare two decks: cards added, removed and changed from A to B.

    \b
    Exit status: 0 the decks hold the same cards and castle, 1 they differ.

    \b
      skyforge deck diff demo-blue-wall my-blue-wall
    """
    from skyforge.decks.stats import diff_decks

    data = diff_decks(app.catalog, _load(app, a), _load(app, b))
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(data)
    else:
        from rich.markup import escape

        from skyforge.cli.output import console

        out = console()
        out.print(f"[bold]{escape(data['a']['name'])}[/] ({data['a']['size']}) → "
                  f"[bold]{escape(data['b']['name'])}[/] ({data['b']['size']})")
        if data["a"]["castle"] != data["b"]["castle"]:
            out.print(f"  castle {escape(str(data['a']['castle']))} → {escape(str(data['b']['castle']))}")
        for sign, key, style in (("+", "added", "green"), ("-", "removed", "red"), ("~", "changed", "yellow")):
            for r in data[key]:
                change = f"{r['change']:+d}" if key == "changed" else f"{abs(r['change'])}"
                detail = f" ({r['from']} → {r['to']})" if key == "changed" else ""
                out.print(f"  [{style}]{sign} {change:>3}[/]  {r['code']}  {escape(r['name'] or '')}{detail}")
        if data["same"]:
            out.print("  same cards and castle")
    if not data["same"]:
        raise SystemExit(1)


# -- exporting and importing ------------------------------------------------------

@deck.command("export")
@click.argument("decks", nargs=-1, required=True, metavar="DECK...", shell_complete=deck_names)
@click.option("--format", "fmt", type=click.Choice(FORMAT_CHOICES), default="text", show_default=True,
              help="text/md: lists by type; csv/json: for tools; html: printable pull list; code: share code.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
              help="Write to this file instead of standard output ('-': standard output).")
@click.option("--players", is_flag=True,
              help="The decks are the players' decks of one game: add one pull list for the whole table "
                   "and check the copy limits across them.")
@click.pass_obj
def export_(app: App, decks: tuple[str, ...], fmt: str, output: Path | None, players: bool) -> None:
    """Export decks for play: lists, spreadsheets, a printable sheet, a share code.

    The HTML sheet has one page per deck: the pull list sorted by set and code
    with a box per copy to tick, the castle's rules and the deck's counts. Open
    it in a browser and print (or save as PDF). json, csv, text and code carry
    the whole deck: `skyforge deck import` reads them back.

    \b
      skyforge deck export demo-blue-wall --format md
      skyforge deck export demo-blue-wall demo-green-grove --players --format html -o table.html
      skyforge deck export demo-blue-wall --format code
    """
    from skyforge.decks.formats import export

    from skyforge.cli.stdio import write

    text = export(app.catalog, _load_all(app, decks), fmt, players=players)
    if not write(output, text):
        return
    click.echo(f"wrote {output} ({fmt}, {len(decks)} deck{'s' if len(decks) != 1 else ''})", err=True)


@deck.command("import")
@click.argument("source", nargs=-1, required=True, metavar="FILE|CODE|-")
@click.option("--name", "deck_name", help="Deck name (and file name decks/NAME.toml). Default: from the source. "
                                         "With several decks: NAME-1, NAME-2, …")
@click.option("--castle", help="Castle for the deck, when the source names none (or to change it).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
              help="Write the deck file here instead of decks/NAME.toml ('-': standard output).")
@click.option("--skip-unresolved", is_flag=True, help="Write the deck even if some lines cannot be resolved.")
@force_option
@json_option
@click.pass_obj
def import_(app: App, source: tuple[str, ...], deck_name: str | None, castle: str | None, output: Path | None,
            skip_unresolved: bool, force: bool, as_json: bool) -> None:
    """Read decks from text, Markdown, CSV, JSON or share codes into deck files.

    FILE may be '-' for standard input. A share code may be wrapped over lines
    or broken by spaces (as chat programs do), given as one argument or
    several; a multi-deck export (one code per deck) imports every deck. Text
    lists may be written `2x Name`, `2 Name`, `Name x2` or `CODE`, under
    headings such as `Allies` or `Spells (6)`. The HTML sheet is for
    printing: it is refused, with the formats that can be read back.

    Every line that cannot be resolved to a card is reported, with a
    suggestion; nothing is written unless all lines resolve (or
    --skip-unresolved).

    \b
      skyforge deck import friend.txt --name friends-deck
      skyforge deck import SF1.…  --name shared
      skyforge deck export demo-blue-wall --format code | skyforge deck import - --name copy
      skyforge deck import sheet.csv -o decks/sheet.toml --force
    """
    from skyforge.cli.stdio import STDIN, is_dash, read_stdin
    from skyforge.decks.editing import deck_path, deck_text, save_new_deck
    from skyforge.decks.formats import default_name, import_decks
    from skyforge.decks.sharecode import split_codes
    from skyforge.errors import InputError, Problem

    if source == ("-",):
        results = import_decks(app.catalog, STDIN, body=read_stdin())
    elif len(source) > 1 and "-" not in source and split_codes(" ".join(source)):
        results = import_decks(app.catalog, " ".join(source), workspace=app.workspace)  # a code split by the shell
    elif len(source) > 1:
        raise InputError(Problem(f"give one file (or share codes), not {len(source)} arguments",
                                 hint="import one file at a time; '-' reads standard input"))
    else:
        results = import_decks(app.catalog, source[0], workspace=app.workspace)
    many = len(results) > 1
    if many and output is not None:
        raise InputError(Problem(f"the source holds {len(results)} decks: -o writes one", key="-o",
                                 hint="leave out -o: each deck goes to decks/NAME.toml"))
    problems, decks = [], []
    for number, result in enumerate(results, start=1):
        deck_file = result.deck
        if castle:
            deck_file = deck_file.model_copy(update={"castle": app.catalog.get(castle, "castle", what="castle").key})
        elif deck_file.castle == "?":
            result.problems.insert(0, Problem("the source names no castle", hint="give one with --castle CASTLE"))
        elif app.catalog.find(deck_file.castle, "castle") is not None:
            deck_file = deck_file.model_copy(update={"castle": app.catalog.find(deck_file.castle, "castle").key})
        name = f"{deck_name}-{number}" if deck_name and many else deck_name
        if name:
            deck_file = deck_file.model_copy(update={"name": name})
        problems += [p for p in result.problems if not (skip_unresolved and p.message.startswith("cannot resolve"))]
        decks.append((result, deck_file, name))
    if problems:
        raise InputError([p for result, _, _ in decks for p in result.problems])
    if is_dash(output):
        result, deck_file, _ = decks[0]
        click.echo(deck_text(deck_file, app.catalog), nl=False)
        for p in result.problems:
            click.echo(f"skipped: {p.render()}", err=True)
        return
    paths = [output or deck_path(app.workspace, name or default_name(deck_file)) for _, deck_file, name in decks]
    if len(set(paths)) < len(paths):
        raise InputError(Problem("two of the decks would be written to the same file",
                                 hint="give --name NAME: the decks become NAME-1, NAME-2, …"))
    written = []
    for path, (result, deck_file, _) in zip(paths, decks):
        save_new_deck(path, deck_file, app.catalog, force=force)
        written.append(path)
    if as_json:
        from skyforge.cli.output import emit_json

        rows = [{"file": _rel(app, path), "format": result.format, "name": deck_file.name,
                 "castle": deck_file.castle, "cards": deck_file.cards,
                 "size": sum(deck_file.cards.values()), "skipped": [p.as_dict() for p in result.problems],
                 "notes": result.notes} for path, (result, deck_file, _) in zip(written, decks)]
        emit_json(rows[0] if not many else {**rows[0], "decks": rows})
        return
    for path, (result, _, _) in zip(written, decks):
        lines = [f"imported {result.format} → {_rel(app, path)}"]
        lines += [f"  note: {n}" for n in result.notes]
        lines += [f"  skipped: {p.render()}" for p in result.problems]
        _after_edit(app, path, "\n".join(lines))
