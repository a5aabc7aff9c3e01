"""Shared pieces of ``onward`` and ``arena``: saved drafts (pick, show, undo), prompts and the draft's view.

What differs between the games comes from the library's registry (:mod:`skyforge.draft.games`).
"""

from __future__ import annotations

import contextlib
import shlex
from collections.abc import Iterator
from typing import TYPE_CHECKING

import click
from rich.text import Text

from skyforge.cli import stdio
from skyforge.cli.complete import draft_names, hero_names
from skyforge.cli.output import console, echo, json_option, render, table
from skyforge.draft import session as sessions
from skyforge.draft.common import READING, demo_heroes_note
from skyforge.draft.games import game_of
from skyforge.errors import InputError, Problem, RuleError
from skyforge.terms import INFERRED

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from skyforge.cli.main import App
    from skyforge.draft.arena import ArenaDraft
    from skyforge.draft.engine import Turn
    from skyforge.draft.onward import OnwardDraft
    from skyforge.draft.restrictions import Hero
    from skyforge.draft.session import Prompt
    from skyforge.draft.state import DraftSession, DraftStep
    from skyforge.errors import SkyforgeError

    #: a draft as data, whichever game it drafts for (the JSON of every draft command)
    DraftResult = OnwardDraft | ArenaDraft


def whose_turn(session: DraftSession, turn: Turn) -> str:
    """Who plays this turn, in words: "Bob (Shadow)", or "Shadow (Bob, Dee)" for a team's ban."""
    d = session.draft
    team = d.name(turn.team)
    players = [p for p in session.players.get(turn.team) or [] if p != team]
    if not players:
        return team
    if len(players) == 1:
        return f"{players[0]} ({team})"
    if turn.action == "pick":
        # a team's heroes are dealt to its players in pick order (see Session.assignments)
        player = players[len(d.picks(turn.team)) % len(players)]
        return f"{player} ({team}" + (
            f" with {', '.join(p for p in players if p != player)})" if len(players) > 1 else ")"
        )
    return f"{team} ({', '.join(players)})"


def teams_line(session: DraftSession) -> str | None:
    """ "Shadow: Bob · Light: Ann" — who is on which team, told before the first turn."""
    d = session.draft
    parts = [
        f"{d.name(team)}: {', '.join(session.players[team])}"
        for team in d.teams
        if session.players.get(team) and session.players[team] != [d.name(team)]
    ]
    return " · ".join(parts) or None


def so_far_line(session: DraftSession) -> str | None:
    """ "so far: Shadow: Vorhild · Light: Sunblade, Heraal · bans: Mossback" — the teams as they stand."""
    d = session.draft
    if not d.journal:
        return None
    parts = [f"{d.name(team)}: {', '.join(session.hero_name(k) for k in d.picks(team)) or '—'}" for team in d.teams]
    if d.bans:
        parts.append("bans: " + ", ".join(session.hero_name(k) for k in d.bans))
    return "so far: " + " · ".join(parts)


def _traits(hero: Hero) -> str:
    """What a choice turns on: an Onward hero's colour, class and faction; an Arena hero's class."""
    parts = [
        f"{INFERRED} {value}" if a in hero.inferred else value
        for a in ("color", "hero_class", "class", "faction")
        if (value := hero.attrs.get(a))
    ]
    return "/".join(dict.fromkeys(parts))


def prompt_for() -> Prompt:
    """Ask for the hero of each turn the --picks did not cover (empty answer: at random).

    Every question names the player whose turn it is and their team (Light or Shadow), and the
    teams are told before the first question; each question shows the teams so far and each legal
    hero with its colour, class or faction. Ctrl-C or Ctrl-D at the question stops the draft (KeyboardInterrupt).
    """
    told: list[bool] = []

    def ask(turn: Turn, session: DraftSession) -> str | None:
        d = session.draft
        if not told:
            told.append(True)
            line = teams_line(session)
            if line:
                echo(f"teams: {line}", err=True)
        so_far = so_far_line(session)
        if so_far:
            echo(so_far, err=True)
        legal = sorted((d.heroes[k] for k in d.legal()), key=lambda h: h.name)
        echo("legal: " + ", ".join(f"{h.name} ({_traits(h)})" if _traits(h) else h.name for h in legal), err=True)
        who = whose_turn(session, turn)
        try:
            answer = click.prompt(
                f"turn {turn.number}: {who} {turn.action}s (empty = random)",
                default="",
                show_default=False,
                err=True,
            )
        except click.exceptions.Abort:
            raise KeyboardInterrupt from None
        said[turn.number] = who
        return answer.strip() or None

    said: dict[int, str] = {}

    def drawn(turn: Turn, hero: str) -> None:
        """A random choice, said at once: "turn 4: Bob (Light) picks (random) Sapspinner"."""
        echo(f"turn {turn.number}: {said.get(turn.number, turn.team)} {turn.action}s (random) {hero}", err=True)

    ask.drawn = drawn  # type: ignore[attr-defined]
    return ask


def run_draft(
    app: App,
    game: str,
    options: dict,
    *,
    picks: Sequence[str] | None,
    pause: bool,
    save_as: str | None,
    force: bool,
    as_json: bool,
    command: str,
) -> DraftSession:
    """A new draft of ``game``, prompting on a terminal (not with ``--json``), saved as ``save_as``;
    Ctrl-C or Ctrl-D at a prompt pauses it (see :func:`paused_at_a_prompt`)."""
    path = sessions.draft_path(app.workspace, save_as) if save_as else None
    ask = asking(as_json)
    with paused_at_a_prompt(command, save_as):
        return sessions.start(
            app.catalog,
            game,
            options,
            picks=picks or [],
            prompt=ask,
            on_error=report,
            pause=pause,
            path=path,
            name=save_as,
            command=command,
            on_random=getattr(ask, "drawn", None),
            force=force,
        )


def ask_the_rest(
    app: App, game: str, name: str, path: Path, *, as_json: bool, command: str, example_hero: str
) -> DraftSession:
    """``pick NAME`` with no hero: on a terminal, ask for each remaining turn (each choice saved as it
    is made); elsewhere, or with ``--json``, say what to give instead."""
    session = sessions.open_draft(app.catalog, path, name, game)
    refuse_choosing(session, name, command)
    quoted = shlex.quote(name)
    turn = session.draft.current
    if turn is None:
        raise InputError(
            Problem(
                f"the draft '{name}' is complete: no turn is left to pick",
                hint=f"see it with 'skyforge {command} show {quoted}'; "
                f"'skyforge {command} undo {quoted}' takes back the last choice",
            )
        )
    ask = asking(as_json)
    if ask is None:
        legal = sorted(session.hero_name(k) for k in session.draft.legal())
        example = shlex.quote(legal[0]) if legal else example_hero
        raise InputError(
            Problem(
                f"no hero given: turn {turn.number} of the draft '{name}' is {whose_turn(session, turn)}'s {turn.action}",
                hint=f"name the heroes of the next turns ('skyforge {command} pick {quoted} {example}') "
                f"or fill the rest at random (--random); on a terminal, 'skyforge {command} pick {quoted}' "
                "asks for each turn",
            )
        )
    with paused_at_a_prompt(command, name):
        return sessions.pick_asking(
            app.catalog, path, name, game, ask, on_error=report, on_random=getattr(ask, "drawn", None)
        )


def refuse_choosing(session: DraftSession, name: str, command: str) -> None:
    """An all-random draft takes no chosen hero and asks for none (002 "Method 1: all random"):
    the library's refusal, with the command that draws the rest."""
    try:
        session.refuse_choosing()
    except RuleError as exc:
        raise RuleError(
            exc.message,
            hint=f"draw the rest with 'skyforge {command} pick {shlex.quote(name)} --random'; "
            f"to choose heroes, start a snake or MOBA draft ('skyforge {command} draft --method snake')",
        ) from None


@contextlib.contextmanager
def paused_at_a_prompt(command: str, saved_as: str | None) -> Iterator[None]:
    """Ctrl-C or Ctrl-D at a draft's prompt: say how to resume a saved draft, or that nothing was
    kept, and exit with status 130."""
    try:
        yield
    except KeyboardInterrupt:
        if saved_as:
            echo(
                f"\ndraft paused: every choice so far is saved in '{saved_as}'; "
                f"resume with: skyforge {command} pick {shlex.quote(saved_as)} "
                "(it asks for each turn; or give HERO… or --random)",
                err=True,
            )
        else:
            echo("\ndraft stopped: nothing was kept (give --save NAME to keep a draft you can resume)", err=True)
        raise SystemExit(130) from None


def asking(as_json: bool) -> Prompt | None:
    """The draft's prompt on a terminal (:func:`prompt_for`); ``None`` for a program (``--json``, no terminal)."""
    return prompt_for() if stdio.interactive() and not as_json else None


def report(exc: SkyforgeError) -> None:
    echo(f"  refused: {exc.render()}", err=True)


def show(
    session: DraftSession,
    as_json: bool,
    saved_to: Path | None = None,
    read_only: bool = False,
    undone: DraftStep | None = None,
) -> None:
    """Print the draft; ``saved_to`` is its file ("from FILE" when ``read_only``, else "saved to FILE");
    ``undone`` the step an undo took back, said first (as ``campaign undo`` says what it took back)."""
    shown = (
        game_of(session)
        .result(session)
        .model_copy(update={"file": None if saved_to is None else str(saved_to), "undone": undone})
    )

    def human(data: DraftResult) -> None:
        if data.undone is not None:
            console().print(Text("Undone: " + step_text(session, data.undone), style="bold"))
        draw(session, data, saved_to, read_only)

    render(shown, as_json, human)


def step_text(session: DraftSession, step: DraftStep) -> str:
    """One step of a draft in words: "turn 4, Light pick Sunblade (random)"."""
    who = session.draft.name(step.team)
    return f"turn {step.turn}, {who} {step.action} {step.hero}" + (" (random)" if step.random else "")


def draw(session: DraftSession, data: DraftResult, saved_to: Path | None = None, read_only: bool = False) -> None:
    """The human view of a draft: teams, bans, steps, and what follows once it is done."""
    out = console()
    d = session.draft
    game = game_of(session)
    out.print(
        Text.assemble(
            (f"{game.title} draft", "bold"),
            f" — format {d.format.id}, seed {session.seed}",
            ""
            if d.current is None
            else f" — in progress, next: turn {d.current.number}, {d.name(d.current.team)} {d.current.action}s",
        )
    )
    # what a game's draft says beside its teams (an Onward draft's fallback, ready-made teams, team size
    # and restrictions; an Arena draft has none of them)
    fallback, preset = getattr(data, "fallback", None), getattr(data, "preset", None)
    team_size_note, restrictions = getattr(data, "team_size_note", None), getattr(data, "restrictions", [])
    if fallback:
        out.print(Text(fallback, style="yellow"))
    if preset:
        out.print(f"teams: the rulebook's {preset.name} teams ({preset.source}); nothing was drafted")
    if team_size_note:
        more = " (--team-size 4)" if getattr(data, "team_size", None) == 3 else ""
        out.print(Text(team_size_note + more, style="dim"))
    if restrictions:
        out.print("restrictions: " + "; ".join(restrictions))
    rows = table("team", "player", "heroes")
    for team in d.teams:
        for entry in session.assignments(team):
            rows.add_row(Text(d.name(team)), Text(entry.player), Text(", ".join(entry.heroes)) or "—")
    out.print(rows)
    if d.bans:
        out.print("bans: " + ", ".join(session.hero_name(k) for k in d.bans))
    steps = ", ".join(
        f"{s.turn}. {d.name(s.team)} {s.action} {s.hero}" + (" (random)" if s.random else "") for s in data.steps
    )
    if steps and not preset:
        out.print("steps: " + steps)
    notes = d.format.notes
    if notes and not preset:
        out.print(Text(f"order ({READING}): {notes}", style="dim"))
    if d.done:
        heading, lines = game.closing(session)
        if heading:
            out.print(Text(heading, style="bold"))
        for line in lines:
            out.print(line)
    if data.left_out:
        names = [reason.split(" cannot be drafted")[0] for reason in data.left_out]
        out.print(Text(f"left out, a field they need is missing: {', '.join(names)}", style="yellow"))
        out.print(Text(f"  e.g. {data.left_out[0]}", style="dim"))
    note = demo_heroes_note(session.demo_heroes(), session.hero_count())
    if note:
        out.print(Text(note, style="yellow"))
    if saved_to is not None:
        out.print(f"{'from' if read_only else 'saved to'} {saved_to!s}")


def saved_commands(group: click.Group, game: str, example_hero: str) -> None:
    """Add ``pick``, ``show`` and ``undo`` for saved drafts of ``game`` to ``group``."""
    command = group.name or game
    cmd = f"skyforge {command}"

    @group.command(
        "pick",
        help=f"""Continue the saved draft NAME (drafts/NAME.toml; a name, not a path): HEROES are the choices of the next turns.

        A hero may be written TEAM:HERO or PLAYER:HERO to say whose turn you expect;
        the choice is refused when it is not that team's turn. --random fills the rest.
        With no hero, on a terminal, it asks for each turn left (an empty answer
        chooses at random), saving each choice as it is made.

        \b
          {cmd} pick friday {example_hero}
          {cmd} pick friday --random
          {cmd} pick friday          # asks, on a terminal
        """,
    )
    @click.argument("name", shell_complete=draft_names)
    @click.argument("heroes", nargs=-1, shell_complete=hero_names)
    @click.option("--random", "fill_random", is_flag=True, help="Choose every remaining turn at random.")
    @json_option
    @click.pass_obj
    def pick(app: App, name: str, heroes: tuple[str, ...], fill_random: bool, as_json: bool) -> None:
        path = sessions.draft_path(app.workspace, name)
        if heroes:
            refuse_choosing(sessions.open_draft(app.catalog, path, name, game), name, command)
        if heroes or fill_random:
            session = sessions.pick(app.catalog, path, name, game, list(heroes), fill_random)
        else:
            session = ask_the_rest(app, game, name, path, as_json=as_json, command=command, example_hero=example_hero)
        show(session, as_json, path)

    @group.command(
        "show",
        help=f"""Show the saved draft NAME (drafts/NAME.toml, or a path to a .toml file): teams, bans, steps, next turn.

        It only reads the file; continue the draft with `pick`.

        \b
          {cmd} show friday
          {cmd} show friday --json
        """,
    )
    @click.argument("name", shell_complete=draft_names)
    @json_option
    @click.pass_obj
    def show_cmd(app: App, name: str, as_json: bool) -> None:
        path = sessions.draft_path(app.workspace, name, path_ok=True)
        show(sessions.open_draft(app.catalog, path, name, game), as_json, path, read_only=True)

    @group.command(
        "undo",
        help=f"""Take back the last pick or ban of the saved draft NAME (again to go further back).

        \b
          {cmd} undo friday
        """,
    )
    @click.argument("name", shell_complete=draft_names)
    @json_option
    @click.pass_obj
    def undo(app: App, name: str, as_json: bool) -> None:
        path = sessions.draft_path(app.workspace, name)
        session, step = sessions.undo(app.catalog, path, name, game)
        show(session, as_json, path, undone=step)
