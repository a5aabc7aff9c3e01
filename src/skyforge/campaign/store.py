"""Campaign files: one TOML file per campaign, ``<workspace>/campaigns/NAME.toml``.

The file holds a schema version and the journal — an append-only list of
events (docs/campaign.md, "The campaign file"). The files are kept by the one store helper
(:data:`CAMPAIGNS`, a :class:`skyforge.storage.Store`): every change is a read-modify-write
cycle under the file's lock, written atomically: a killed writer leaves the old file or
the new one, never half of one, and two writers never lose each other's event.
Older schema versions are migrated on load (:data:`MIGRATIONS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from skyforge.campaign import events as ev
from skyforge.campaign import journalcache
from skyforge.campaign.state import CampaignState, ReplayError, apply, fold
from skyforge.errors import InputError, NotFoundError, Problem, SkyforgeError, StateError, command
from skyforge.places import workspace_folder
from skyforge.storage import (
    Store,
    check_name,
    check_schema,
    dump_toml,
    parse_toml,
    register_union_tags,
    validation_problems,
)
from skyforge.tomlpos import LazyKeyLines

#: The campaign file format written by this skyforge.
CAMPAIGN_SCHEMA = 1

#: version N → function turning a version-N document (a dict) into version N+1.
#: Schema 1 is the first published format, so there is nothing to migrate yet;
#: the mechanism is tested with a registered test migration.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}

HEADER = (
    "# skyforge campaign journal (docs/campaign.md): the state is the fold of these events.\n"
    "# Prefer `skyforge campaign undo` to editing by hand; `skyforge campaign log` shows them.\n"
)


@dataclass
class Journal:
    """A campaign file as read: its journal of events, their fold, and what undo took back."""

    path: Path
    events: list
    state: CampaignState
    migrated_from: int | None = None
    #: the commands undo took back, each a list of events, the last undone last: what redo
    #: re-applies (kept in the file as ``[[undone]]``; a new command clears them)
    undone: list[list] = field(default_factory=list)


def campaigns_dir(workspace: Path) -> Path:
    return workspace_folder(Path(workspace), "campaigns")


def campaign_path(workspace: Path, name: str) -> Path:
    return campaigns_dir(workspace) / f"{check_name(name, 'campaign name')}.toml"


def migrate(data: dict, path: Path | str, lines: Mapping | None = None) -> tuple[dict, int | None]:
    """Bring a parsed campaign document up to :data:`CAMPAIGN_SCHEMA` (``lines``: of its keys, for
    messages): its version checked as every file format's is (:func:`skyforge.storage.check_schema`)."""
    start = version = check_schema(data, path, "campaign", lines, newest=CAMPAIGN_SCHEMA)
    while version < CAMPAIGN_SCHEMA:
        step = MIGRATIONS.get(version)
        if step is None:
            raise InputError(Problem(f"no migration from campaign schema {version}", file=path, key="schema"))
        data = step(dict(data))
        version += 1
        data["schema"] = version
    return data, (start if start != version else None)


def parse_journal(text: str, path: Path | str) -> Journal:
    lines = LazyKeyLines(text)  # for messages only: a valid journal is not scanned for them
    data, migrated = migrate(parse_toml(text, path), path, lines)
    unknown = sorted(set(data) - {"schema", "events", UNDONE})
    if unknown:
        raise InputError(
            Problem(
                f"unknown key '{unknown[0]}' in a campaign file",
                file=path,
                key=unknown[0],
                hint="a campaign file holds schema and [[events]]",
            )
        )
    raw = data.get("events", [])
    try:
        events = ev.parse_events(raw)
    except ev.ValidationError as exc:
        register_union_tags(set(ev.EVENT_TYPES))
        raise InputError(
            validation_problems(exc, path, text if not migrated else "", describe=lambda loc: _event_type(raw, loc))
        ) from None
    if not events or not isinstance(events[0], ev.Created):
        raise InputError(Problem("a campaign journal starts with a 'created' event", file=path, key="events"))
    return _replayed(path, events, parse_undone(data, path), lines if not migrated else None, migrated)


def _replayed(
    path: Path | str, events: list, undone: list[list], lines: LazyKeyLines | None, migrated: int | None = None
) -> Journal:
    """The journal of ``events`` (valid, the first ``created``), folded into its state; ``lines``:
    the file's key lines, for a message (``None`` when its text is not what it holds)."""
    try:
        state = fold(events)
    except ReplayError as exc:
        raise InputError(
            Problem(
                f"the journal does not replay: a '{exc.event_type}' event that cannot happen here: {exc.reason}",
                file=path,
                line=None if lines is None else lines.get(("events", exc.index)),
                key=f"events[{exc.index}]",
                hint="restore the file from a backup, or remove that [[events]] table and the ones after it by hand",
            )
        ) from None
    except (ValueError, KeyError, IndexError, AttributeError, TypeError) as exc:
        raise InputError(
            Problem(
                f"the journal does not replay: {exc}",
                file=path,
                key="events",
                hint="restore the file from a backup, or remove the last events by hand",
            )
        ) from None
    return Journal(Path(path), events, _named(state, path), migrated, undone=undone)


def read_journal(text: str, path: Path | str, keep: bool = True) -> Journal:
    """:func:`parse_journal`, through the cache of journals already validated
    (:mod:`skyforge.campaign.journalcache`): the text of the file this skyforge last found valid
    is not validated again, only replayed; a text validated here is kept for the next read (not
    with ``keep=False``: a file read to be changed, whose text is about to be replaced)."""
    kept = journalcache.read(Path(path), text)
    if kept is not None:
        events, undone = kept
        with suppress(InputError):  # kept events that do not replay: a damaged cache, read the file
            return _replayed(path, events, undone, LazyKeyLines(text))
    journal = parse_journal(text, path)
    if keep and journal.migrated_from is None:
        journalcache.write(Path(path), text, journal.events, journal.undone)
    return journal


#: the key of the commands undo took back, kept for redo
UNDONE = "undone"


def parse_undone(data: dict, path: Path | str) -> list[list]:
    """The ``[[undone]]`` tables of a campaign file: each command undo took back, its events."""
    raw = data.get(UNDONE, [])
    if not isinstance(raw, list) or not all(isinstance(t, dict) and set(t) == {"events"} for t in raw):
        raise InputError(
            Problem(
                "'undone' must be tables of events ([[undone]] with [[undone.events]])",
                file=path,
                key=UNDONE,
                hint="remove the [[undone]] tables: they only keep what redo can put back",
            )
        )
    out = []
    for i, table in enumerate(raw):
        try:
            out.append(ev.parse_events(table["events"]))
        except ev.ValidationError as exc:
            register_union_tags(set(ev.EVENT_TYPES))
            problems = validation_problems(exc, path, "")
            raise InputError(
                [replace(p, key=f"{UNDONE}[{i}]" + (f".{p.key}" if p.key else "")) for p in problems]
            ) from None
    return out


def _event_type(raw: list, loc: tuple) -> str | None:
    if (
        len(loc) == 2
        and loc[0] == "events"
        and isinstance(loc[1], int)
        and loc[1] < len(raw)
        and isinstance(raw[loc[1]], dict)
    ):
        return raw[loc[1]].get("type")
    return None


def _not_found(path: Path) -> Journal:
    raise NotFoundError(Problem(f"no campaign '{path.stem}' (looked for {path})", hint=_known(path.parent)))


def load(path: Path) -> Journal:
    return CAMPAIGNS.load(path)


def _known(folder: Path) -> str:
    names = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
    return ("campaigns here: " + ", ".join(names)) if names else "start one with: skyforge campaign new NAME …"


def render_journal(events: list, undone: list[list] | None = None) -> str:
    data: dict = {"schema": CAMPAIGN_SCHEMA, "events": [ev.event_dict(e) for e in events]}
    if undone:
        data[UNDONE] = [{"events": [ev.event_dict(e) for e in group]} for group in undone]
    return HEADER + dump_toml(data)


#: campaign files: a journal is written whole, with its header
CAMPAIGNS: Store[Journal] = Store(
    "campaign",
    read_journal,
    lambda journal, before: render_journal(journal.events, journal.undone),
    missing=_not_found,
    parse_to_change=partial(read_journal, keep=False),
)


def create(path: Path, created: ev.Created) -> CampaignState:
    path = Path(path)
    state = fold([created])
    CAMPAIGNS.create(
        path,
        Journal(path, [created], state),
        forcible=False,
        instead=f"choose another name, or look at it: {command('campaign show', created.name)}",
    )
    return state


def update(path: Path, command: Callable[[CampaignState], list]) -> tuple[CampaignState, CampaignState, list]:
    """Under the lock: load, run ``command(state)`` → new events, append them as one command (so
    that :func:`undo` takes them back together), write atomically.

    Returns (state before, state after, new events).
    """
    done: list = []

    def change(journal: Journal) -> Journal | None:
        new = ev.one_command(list(command(journal.state)))
        after = journal.state
        for event in new:
            after = apply(after, event)
        done[:] = [journal.state, after, new]
        return Journal(journal.path, journal.events + new, after) if new else None

    CAMPAIGNS.update(path, change)
    before, after, new = done
    return before, after, new


def undo(path: Path) -> tuple[list, int, CampaignState]:
    """Remove the last command: every event it wrote. Returns (the events removed, the index of
    the first of them, the state now)."""
    path = Path(path)
    removed: list = []

    def change(journal: Journal) -> Journal:
        events = journal.events
        if len(events) <= 1:
            raise StateError(
                "nothing to undo: only the campaign's creation is left", hint=f"to start over, delete {path}"
            )
        start = ev.last_command(events, lambda index: _forced_end(events, index))
        removed[:] = [start, events[start:]]
        return Journal(
            path, events[:start], _named(fold(events[:start]), path), undone=[*journal.undone, events[start:]]
        )

    now = CAMPAIGNS.update(path, change).state
    start, events = removed
    return events, start, now


def _forced_end(events: list, index: int) -> bool:
    """Whether event ``index`` is a game lost because the event before it destroyed the castle: the
    command that destroyed it wrote both (000: "All players immediately lose when either: The
    castle is destroyed"), in journals written before commands were marked."""
    event = events[index]
    if not (isinstance(event, ev.GameEnded) and event.result == "lost"):
        return False
    before = fold(events[:index])
    return before.phase in ("scenario", "playing") and before.castle_health <= 0


def _named(state: CampaignState, path: Path | str) -> CampaignState:
    """The campaign is named by its file: a copy of ``a.toml`` as ``b.toml`` is campaign ``b``."""
    stem = Path(path).stem
    if stem and state.name != stem:
        state.name = stem
    return state


def list_campaigns(workspace: Path) -> list[tuple[Path, CampaignState | None, str | None]]:
    """Every campaign file in the workspace with its state, or the error that stops reading it."""
    out: list[tuple[Path, CampaignState | None, str | None]] = []
    folder = campaigns_dir(workspace)
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            out.append((path, load(path).state, None))
        except SkyforgeError as exc:  # one damaged or locked file does not hide the others
            out.append((path, None, exc.render()))
    return out
