"""What a command says about where its files came from: the catalog that is loaded, and why."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from skyforge.catalog.codes import normalize_code, set_of
from skyforge.cli.main import App

if TYPE_CHECKING:
    from collections.abc import Iterable


def missing_sets_note(app: App, refs: Iterable[str]) -> str | None:
    """Said once when cards of a set the loaded catalog has no cards of are asked for, with the likely
    cause: no catalog of the player's is loaded (and which catalog files lie in the workspace)."""
    catalog = app.catalog
    have = catalog.card_sets()
    missing = sorted({set_of(code) for ref in refs if (code := normalize_code(str(ref))) and set_of(code) not in have})
    if not missing:
        return None
    sets = ", ".join(missing)
    if app.places.catalog_from is None:
        found = catalog_files_in(app.workspace)
        lines = [f"the catalog has no {sets} cards: no catalog of yours is loaded — the demo set is"]
        if found:
            names = ", ".join(str(f) for f in found[:3])
            lines[0] += f"; this folder has {names}"
            lines.append(f'  load it with --catalog {found[0]}, or list it in skyforge.toml: catalog = ["{found[0]}"]')
        else:
            lines.append("  give your catalog with --catalog FILE, or record it: skyforge catalog init FILE --record")
        return "\n".join(lines)
    return f"the catalog has no {sets} cards: your catalog (from {app.places.catalog_from}) does not define them"


def catalog_files_in(folder: Path) -> list[Path]:
    """TOML files in ``folder`` that look like catalog files (they hold [[cards]] or [[sets]])."""
    found = []
    try:
        candidates = sorted(Path(folder).glob("*.toml"))[:200]
    except OSError:
        return []
    for path in candidates:
        if path.name in ("skyforge.toml", "collection.toml"):
            continue
        try:
            head = path.read_text(encoding="utf-8-sig", errors="replace")[:20_000]
        except OSError:
            continue
        if "[[cards]]" in head or "[[sets]]" in head:
            found.append(Path(path.name) if Path(folder) == Path(".") else path)
    return found
