"""``skyforge catalog``: the catalog files themselves."""

from __future__ import annotations

from pathlib import Path

import click

from skyforge.cli.main import App
from skyforge.cli.output import json_option


@click.group()
def catalog() -> None:
    """Check catalog files and see where the data comes from.

    The shipped catalog has two parts: catalog/official (only facts the
    rulebooks state; entries may be incomplete) and catalog/demo (a complete,
    fictional DEMO set so every feature works out of the box). Add the real
    cards you own in your own TOML files and pass them with --catalog.
    """


@catalog.command()
@json_option
@click.pass_obj
def check(app: App, as_json: bool) -> None:
    """Load every catalog file, report every problem, and summarise what is there.

    \b
    Exit status: 0 the catalog loads, 2 a file has problems (all are listed).

    \b
      skyforge --catalog my-cards.toml catalog check
    """
    from collections import Counter

    cat = app.catalog
    by = Counter((cat.provenance(c), c.kind) for c in cat)  # type: ignore[attr-defined]
    summary = {
        "files": [str(f) for f in cat.files],
        "sets": sorted(cat.sets),
        "hordes": len(cat.hordes),
        "premade_decks": len(cat.premade_decks),
        "cards": {f"{prov}/{kind}": n for (prov, kind), n in sorted(by.items())},
        "incomplete": _incomplete(cat),
    }
    if as_json:
        from skyforge.cli.output import emit_json

        emit_json(summary)
        return
    from skyforge.cli.output import console

    out = console()
    out.print(f"catalog OK: {len(summary['files'])} files, sets {', '.join(summary['sets'])}, "
              f"{summary['hordes']} hordes, {summary['premade_decks']} pre-made decks")
    for key, n in summary["cards"].items():
        out.print(f"  {n:>4}  {key}")
    if summary["incomplete"]:
        out.print(f"{len(summary['incomplete'])} entries are incomplete (official data the rulebooks do not print), e.g.:")
        for item in summary["incomplete"][:5]:
            out.print(f"  {item}")


def _incomplete(cat) -> list[str]:
    out = []
    for card in cat:
        if card.kind == "castle" and card.deck_rules is None:  # type: ignore[attr-defined]
            out.append(f"castle '{card.name}': no deck_rules ({cat.source_file(card.key)})")
        elif card.kind == "alliance" and (card.rarity is None or card.faction is None):  # type: ignore[attr-defined]
            out.append(f"alliance card '{card.name}': no rarity/faction ({cat.source_file(card.key)})")
    return out


@catalog.command("import")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path))
@click.option("--set", "set_code", metavar="CODE", help="Set code for bare card numbers in the code column (14 → CODE.014).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
              help="Write the catalog TOML here instead of standard output ('-': standard output).")
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@click.pass_obj
def import_(app: App, file, set_code: str | None, output, force: bool) -> None:
    """Turn a spreadsheet of cards (CSV, one row per card) into catalog TOML.

    Columns are named as the catalog fields: code, kind (default alliance),
    name, copies, faction, rarity, type, subtypes, keywords, cost, attack,
    health, premade… (see `skyforge schema catalog`). Empty cells mean "not
    known"; list cells separate values with ';'. Every bad row is reported with
    its row number (the header is row 1) and nothing is written.

    \b
      skyforge catalog import my-cards.csv --set CAM -o catalog-mine.toml
      cat my-cards.csv | skyforge catalog import - --set CAM > catalog-mine.toml
      skyforge --catalog @shipped --catalog catalog-mine.toml catalog check

    The result is checked together with the current catalog (sets defined,
    no code defined twice) before anything is written.
    """
    from skyforge.catalog.csv_import import read_cards_csv
    from skyforge.errors import InputError, Problem

    if set_code and not set_code.isalnum():
        raise InputError(Problem(f"'{set_code}' is not a set code", hint="e.g. --set CAM"))
    from skyforge.cli.stdio import STDIN, is_dash, read_stdin, write

    if is_dash(file):
        result = read_cards_csv(Path(STDIN), set_code, text=read_stdin())
    else:
        result = read_cards_csv(file, set_code)
    if result.problems:
        raise InputError(result.problems)
    text = result.toml()
    _check_with_catalog(app, text)
    if not write(output, text, force=force, what="output file"):
        return
    click.echo(f"wrote {output}: {len(result.cards)} cards from {result.rows} rows", err=True)


def _check_with_catalog(app: App, text: str) -> None:
    """The imported cards must merge with the catalog in use: their sets exist, no code twice."""
    import tempfile
    from pathlib import Path

    from skyforge.catalog import load_catalog
    from skyforge.errors import InputError, Problem

    with tempfile.TemporaryDirectory() as folder:
        imported = Path(folder) / "imported.toml"
        imported.write_text(text, encoding="utf-8")
        try:
            load_catalog([*app.catalog.files, imported], cache=False)
        except InputError as exc:
            problems = [Problem(p.message, key=p.key, value=p.value, has_value=p.has_value, hint=p.hint,
                                file="the imported cards" if p.file == imported else p.file)
                        for p in exc.problems]
            raise InputError(problems) from None
