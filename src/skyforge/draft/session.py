"""A saved draft (``drafts/NAME.toml``): starting, resuming and saving it.

The draft file holds the options, the seed and the journal of choices (outcomes:
which hero was picked or banned, and whether at random). Loading replays the
journal through the engine, so a hand-edited illegal choice is reported with its
place in the file. What differs between the games comes from :mod:`.games`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from skyforge.catalog.models import Faction
from skyforge.draft.engine import Choice, Turn
from skyforge.draft.games import GAMES, expect_game
from skyforge.draft.state import DraftSession, DraftStep
from skyforge.empty import empty_dict, empty_list
from skyforge.errors import InputError, NotFoundError, Problem, SkyforgeError, command
from skyforge.storage import Store, dump_toml, parse_model, read_text, refuse_overwrite, workspace_file
from skyforge.tomlpos import locate

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

#: the most players one team lists (a sanity bound, not a rule: Onward teams have 1 to 4)
MAX_TEAM_PLAYERS = 10
#: the most choices a draft's journal holds (every format has far fewer turns)
MAX_CHOICES = 100
#: the longest name or key in a draft file
MAX_TEXT = 200

_Text = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]


class _FileModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, defer_build=True, strict=True)


class DraftChoice(_FileModel):
    """One entry of the journal: what was picked or banned, by which team."""

    team: _Text = Field(description="The team whose turn it was.")
    action: Literal["pick", "ban"] = Field(description="pick or ban.")
    hero: _Text = Field(description="The hero's catalog key (its code).")
    name: str | None = Field(default=None, description="The hero's name, for people reading the file.")
    random: bool = Field(default=False, description="Whether the choice was made at random.")


class DraftOptions(_FileModel):
    """How the draft was set up (Onward; an Arena draft only records its method)."""

    method: str | None = Field(default=None, description="random, snake, moba (Onward) or turns (Arena).")
    map: Literal["three-lane", "two-lane"] | None = Field(default=None, description="Onward map.")
    one_per_color: bool = Field(default=False, description="Restriction 1: one hero of each colour in a team.")
    factions: dict[Literal["shadow", "light"], Faction] = Field(
        default_factory=empty_dict, description="Restriction 2: the faction each team drafts from (a table)."
    )
    fallback: bool = Field(
        default=False, description="Nothing was chosen: 002's fallback (one per colour, all random)."
    )
    preset: _Text | None = Field(
        default=None, description="The ready-made teams taken instead of a draft (e.g. onward-first-game)."
    )
    two_vs_two: bool = Field(default=False, description="Arena: four players, two a side (003).")


class DraftFile(_FileModel):
    """A draft in progress or done (`drafts/NAME.toml`): options, seed and the journal of choices."""

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    game: Literal["onward", "skybound-arena"] = Field(description="Which game the draft is for.")
    format: _Text = Field(description="Draft format id in the catalog (e.g. onward-snake-4).")
    seed: int = Field(description="Seed of the random choices.")
    options: DraftOptions = Field(default_factory=lambda: DraftOptions(), description="How the draft was set up.")
    players: dict[str, Annotated[list[_Text], Field(max_length=MAX_TEAM_PLAYERS)]] = Field(
        max_length=len({team for game in GAMES.values() for team in game.teams}),
        description=f"Team → its players' names (at most {MAX_TEAM_PLAYERS}).",
    )
    journal: list[DraftChoice] = Field(
        default_factory=empty_list, max_length=MAX_CHOICES, description="The choices so far, in order."
    )
    split: dict[_Text, Annotated[list[_Text], Field(max_length=MAX_CHOICES)]] = Field(
        default_factory=empty_dict,
        max_length=len({team for game in GAMES.values() for team in game.teams}) * MAX_TEAM_PLAYERS,
        description="Player → the heroes (catalog keys) they play, when teammates split their team's heroes "
        "themselves; the team's other heroes are dealt in pick order.",
    )

    @field_validator("players")
    @classmethod
    def _teams(cls, players: dict[str, list[str]], info: ValidationInfo) -> dict[str, list[str]]:
        game = GAMES.get(info.data.get("game", ""))
        if game is None:
            return players
        teams = game.teams
        unknown = sorted(set(players) - set(teams))
        if unknown:
            raise ValueError(f"unknown team '{unknown[0]}' (teams: {', '.join(teams)})")
        named = [t for t in teams if t in players]
        if game.one_player_a_team and (
            len(named) < 2 or named != list(teams[: len(named)]) or not all(players[t] for t in named)
        ):
            raise ValueError(
                f"an Arena draft names a player for each team ({', '.join(teams[:2])}), in turn order "
                f"(with four players, also {', '.join(teams[2:])})"
            )
        return players


def draft_path(workspace: Path, name: str, *, path_ok: bool = False) -> Path:
    """``drafts/NAME.toml``; a ``.toml`` path only for commands whose help says so (``path_ok``)."""
    return workspace_file(workspace, "drafts", name, "draft name", path_ok=path_ok)


def _continue(name: str, game: str) -> str:
    return f"continue it with '{command(f'{game} pick', name)}'"


def refuse_existing(path: Path, name: str, command: str) -> None:
    refuse_overwrite(path, "draft", instead=_continue(name, command))


def drafts(catalog: Catalog | None = None) -> Store[DraftSession]:
    """Draft files, kept by the one store helper (reading one needs the ``catalog``; creating one does not)."""

    def read(text: str, path: Path) -> DraftSession:
        if catalog is None:
            raise TypeError("reading a draft file needs the catalog")
        return load(catalog, path, text)

    return Store("draft", read, lambda session, before: dump_toml(session.to_file()))


def create(session: DraftSession, path: Path, name: str, command: str, force: bool) -> None:
    """Save a new draft; checked again under the lock, so a draft saved meanwhile is never overwritten."""
    drafts().create(path, session, force=force, instead=_continue(name, command))


def read(path: Path, text: str | None = None) -> tuple[dict, Mapping]:
    """The draft file at ``path`` (or its ``text``) checked against :class:`DraftFile` (every problem
    with its line), and the lines of its keys."""
    model, lines = parse_model(read_text(path) if text is None else text, path, DraftFile, "draft")
    data = model.model_dump(by_alias=True, exclude_unset=True)
    # the journal's entries whole (with their defaults), and always an options and a split table;
    # each dumped by the file's model, as the dump of a table's own model builds its serializer
    whole = model.model_dump(include={"journal", "split"})
    return data | {"options": data.get("options", {}), "journal": whole["journal"], "split": whole["split"]}, lines


def replay(session: DraftSession, journal: list[dict], path: Path, lines: Mapping | None = None) -> DraftSession:
    """Apply a saved journal, reporting an illegal entry with its place in the file."""
    for i, entry in enumerate(journal):
        try:
            hero = entry["hero"]
            if hero not in session.draft.heroes:
                raise NotFoundError(Problem(f"hero '{hero}' is not in the catalog's draft pool"))
            session.draft.apply(Choice(entry["team"], entry["action"], hero, entry["random"]))
        except SkyforgeError as exc:
            raise InputError(
                Problem(
                    exc.message,
                    file=path,
                    line=locate(lines or {}, ("journal", i)),
                    key=f"journal[{i}]",
                    value=entry.get("name") or hero,
                    has_value=True,
                    hint="fix or remove that entry (and the ones after it)",
                )
            ) from None
    return session


def load(catalog: Catalog, path: Path, text: str | None = None) -> DraftSession:
    """Resume a saved draft of either game (from its ``text`` when already read)."""
    data, lines = read(path, text)
    try:
        session = GAMES[data["game"]].resume(catalog, data)
    except InputError as exc:
        raise InputError(
            [
                Problem(p.message, file=path, line=lines.get((p.key,)) if p.key else None, key=p.key, hint=p.hint)
                for p in exc.problems
            ]
        ) from None
    replay(session, data["journal"], path, lines)
    return with_split(session, data["split"], path, lines)


def with_split(session: DraftSession, split: dict[str, list[str]], path: Path, lines: Mapping) -> DraftSession:
    """The saved split of heroes among teammates, each player and hero checked (a hero no longer
    in the player's team, after an undo, is dealt again)."""
    for player, keys in split.items():
        line, key = locate(lines, ("split", player)), f"split.{player}"
        try:
            _, name = session.player(player)
        except NotFoundError as exc:
            raise InputError(Problem(exc.message, file=path, line=line, key=key, hint=exc.problems[0].hint)) from None
        for hero in keys:
            if hero not in session.draft.heroes:
                raise InputError(
                    Problem(
                        f"hero '{hero}' is not in the catalog's draft pool",
                        file=path,
                        line=line,
                        key=key,
                        value=hero,
                        has_value=True,
                        hint="split names heroes by their catalog key, as the journal does",
                    )
                )
        session.split[name] = list(keys)
    return session


def update(catalog: Catalog, path: Path, change: Callable[[DraftSession], object]) -> DraftSession:
    """Load, change and save a draft under its lock."""

    def changed(session: DraftSession) -> DraftSession:
        change(session)
        return session

    return drafts(catalog).update(path, changed)


# -- what the draft commands do --------------------------------------------------

Prompt = Callable[[Turn, DraftSession], "str | None"]


def start(
    catalog: Catalog,
    game: str,
    options: dict,
    *,
    picks: Sequence[str] = (),
    prompt: Prompt | None = None,
    on_error: Callable[[SkyforgeError], None] | None = None,
    pause: bool = False,
    path: Path | None = None,
    name: str | None = None,
    command: str = "",
    force: bool = False,
    on_random: Callable[[Turn, str], None] | None = None,
) -> DraftSession:
    """A new draft of ``game``: the ``picks`` in order, then ``prompt`` for each other turn (or at random),
    unless ``pause``; saved to ``path`` (as ``name``) when one is given, never over another draft unless ``force``.

    A draft whose every hero is drawn at random (method random) is never prompted.
    """
    if path is not None and not force:
        refuse_existing(path, name or path.stem, command)  # the name draft_path() gave the file
    session = GAMES[game].new(catalog, **options)
    ask = prompt if prompt is not None and not pause and not session.all_random else None
    written: list[bool] = []

    def keep(current: DraftSession) -> None:
        """Save the draft as it stands: at once after each prompted choice, and at the end."""
        assert path is not None, "only a draft given a file is kept"
        create(current, path, name or path.stem, command, force or bool(written))
        written.append(True)

    try:
        session.fill(
            picks,
            prompt=ask,
            on_error=on_error,
            stop=pause,
            on_random=on_random,
            on_choice=keep if path is not None and ask is not None else None,
        )
    except KeyboardInterrupt:
        # the player stopped at a prompt (Ctrl-C, Ctrl-D): a saved draft keeps every choice made
        if path is not None:
            keep(session)
        raise
    if path is not None:
        keep(session)
    return session


def open_draft(catalog: Catalog, path: Path, name: str, game: str) -> DraftSession:
    """The saved draft at ``path`` (read only), refused when it is not a draft of ``game``."""
    return expect_game(load(catalog, path), name, game)


def pick(
    catalog: Catalog, path: Path, name: str, game: str, heroes: list[str], fill_random: bool = False
) -> DraftSession:
    """Continue a saved draft: ``heroes`` are the next turns' choices; ``fill_random`` fills the rest."""
    return update(catalog, path, lambda s: expect_game(s, name, game).fill(heroes, stop=not fill_random))


def pick_asking(
    catalog: Catalog,
    path: Path,
    name: str,
    game: str,
    prompt: Prompt,
    *,
    on_error: Callable[[SkyforgeError], None] | None = None,
    on_random: Callable[[Turn, str], None] | None = None,
) -> DraftSession:
    """Continue a saved draft turn by turn: ``prompt`` gives each choice (``None``: at random), and each
    is saved as it is made, so stopping at a prompt keeps every choice before it."""
    session = open_draft(catalog, path, name, game)

    def keep(current: DraftSession) -> None:
        def change(on_file: DraftSession) -> DraftSession:
            if on_file.draft.journal != current.draft.journal[: len(on_file.draft.journal)]:
                raise InputError(
                    Problem(
                        f"the draft '{name}' was changed meanwhile (by another skyforge?)",
                        file=path,
                        hint="pick again: it goes on from the draft as saved now",
                    )
                )
            return current

        drafts(catalog).update(path, change)

    session.fill(prompt=prompt, on_error=on_error, on_random=on_random, on_choice=keep)
    return session


def undo(catalog: Catalog, path: Path, name: str, game: str) -> tuple[DraftSession, DraftStep]:
    """Take back the last pick or ban of a saved draft: the draft as it is now, and the step taken
    back (as :meth:`DraftSession.steps` gives each step)."""
    undone: list[DraftStep] = []

    def take_back(session: DraftSession) -> None:
        step = expect_game(session, name, game).steps()[-1:]
        session.draft.undo()
        undone.extend(step)

    return update(catalog, path, take_back), undone[0]


def split(catalog: Catalog, path: Path, name: str, game: str, player: str, heroes: Sequence[str]) -> DraftSession:
    """Player ``player`` of a saved draft plays ``heroes`` of their team (:meth:`DraftSession.give`)."""
    return update(catalog, path, lambda s: expect_game(s, name, game).give(player, heroes))
