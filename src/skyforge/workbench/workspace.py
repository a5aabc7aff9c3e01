"""Where decks live in a workspace: ``decks/NAME.toml`` (what ``deck list`` shows of them: :mod:`.deck_list`)."""

from __future__ import annotations

from pathlib import Path

from skyforge.places import workspace_folder
from skyforge.storage import check_name


def check_deck_name(name: str) -> str:
    """A deck name that is safe as a file name in decks/ (no path traversal)."""
    return check_name(name, "deck name")


def deck_path(workspace: Path, name: str) -> Path:
    return workspace_folder(workspace, "decks") / f"{check_deck_name(name)}.toml"


def list_decks(workspace: Path) -> list[Path]:
    """The deck files of the workspace: regular files only (a FIFO named ``x.toml`` would block a
    read for ever), a link to one included."""
    return sorted(p for p in workspace_folder(workspace, "decks").glob("*.toml") if p.is_file())


def relative(workspace: Path, path: Path) -> str:
    """``path`` as a player reads it: relative to the workspace when it is inside it."""
    try:
        return str(path.relative_to(workspace))
    except ValueError:
        return str(path)
