"""``skyforge catalog``: the catalog files themselves."""

from __future__ import annotations

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
