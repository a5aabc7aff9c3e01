"""``skyforge arena``: Skybound: Arena hero teams (rulebook 003)."""

from __future__ import annotations

import click

from skyforge.cli.drafting import interactive, prompt_for, report, saved_commands, show
from skyforge.cli.output import console, json_option, render


@click.group()
def arena() -> None:
    """Skybound: Arena: draft, check and set up teams of 5 heroes, one per class (rulebook 003)."""


@arena.command()
@json_option
@click.pass_obj
def heroes(app, as_json: bool) -> None:
    """List the Arena heroes with their class (colour), so you can choose teams of one hero per class.

    \b
      skyforge arena heroes
      skyforge arena heroes --json
    """
    from skyforge.draft import arena as lib

    def human(rows: list) -> None:
        from skyforge.cli.output import table as new_table

        table = new_table("hero", "code", "class", "action cards", "data")
        for h in rows:
            table.add_row(h["name"], h["code"] or "—", h["class"] or "?", str(h["action_cards"]), h["provenance"])
        console().print(table)

    render(lib.roster(app.catalog), as_json, human)


@arena.command()
@click.option("--players", metavar="A,B", required=True, help="The two players; A picks first.")
@click.option("--picks", metavar="HERO,...", help="Choices of the turns in order; PLAYER:HERO checks whose turn it is.")
@click.option("--seed", type=int, help="Seed for the random choices (same seed, same draft).")
@click.option("--save", "save_as", metavar="NAME", help="Save the draft as drafts/NAME.toml in the workspace (a name, not a path; resume with 'arena pick').")
@click.option("--pause", is_flag=True, help="Stop after --picks instead of filling the other turns.")
@click.option("--force", is_flag=True, help="Overwrite a saved draft of the same name.")
@json_option
@click.pass_obj
def draft(app, players, picks, seed, save_as, pause, force, as_json) -> None:
    """Draft two Arena teams: turns alternate until each player has 5 heroes, at most one per class.

    Turns that --picks does not cover are asked for when stdin is a terminal, and
    chosen at random otherwise.

    \b
      skyforge arena draft --players Ann,Bob --seed 3
    """
    import shlex

    from skyforge.draft import arena as lib
    from skyforge.draft import session as sessions
    from skyforge.draft.common import split_list
    from skyforge.errors import InputError, Problem

    path = None
    if save_as:
        path = sessions.draft_path(app.workspace, save_as)
        if not force:
            sessions.refuse_existing(path, save_as, "arena")
    session = lib.new_draft(app.catalog, players=split_list(players, "--players"), seed=seed)
    ask = prompt_for(session) if (interactive() and not pause and not as_json) else None
    session.fill(split_list(picks, "--picks"), prompt=ask, on_error=report, stop=pause)
    if path is not None:
        sessions.create(session, path, save_as, "arena", force)
    show(session, as_json, path)


saved_commands(arena, "skybound-arena")


@arena.group()
def team() -> None:
    """Arena team files (teams/NAME.toml): check a team before you play it.

    A team file holds schema = 1, player = "…" and heroes = ["…", …] (5 heroes).

    \b
      skyforge arena team validate ann              # teams/ann.toml
      skyforge arena team validate my-teams/bo.toml
    """


@team.command()
@click.argument("team")
@json_option
@click.pass_obj
def validate(app, team: str, as_json: bool) -> None:
    """Check a TEAM (a .toml file, NAME for teams/NAME.toml, or '-' for standard input): 5 heroes, at most one of any class (colour).

    Exit 1 when it breaks a rule (every broken rule is listed).

    \b
      skyforge arena team validate ann
      skyforge arena team validate teams/ann.toml --json
    """
    from skyforge.draft import arena as lib

    if team == "-":
        from pathlib import Path

        from skyforge.cli.stdio import STDIN, read_stdin

        data = lib.validate(app.catalog, Path(STDIN), read_stdin())
    else:
        data = lib.validate(app.catalog, lib.team_path(app.workspace, team))

    def human(data: dict) -> None:
        out = console()
        verdict = "[green]valid[/]" if data["valid"] else "[red]invalid[/]"
        out.print(f"{data['file']}: {data['player']}: {verdict}")
        for h in data["heroes"]:
            out.print(f"  {h['name']} ({h['class'] or 'class unknown'})")
        for v in data["violations"]:
            out.print(f"  [red]{v['rule']}[/]: {v['message']}")
        from skyforge.draft.common import demo_note

        note = demo_note(data["demo_heroes"], len(data["heroes"]))
        if note:
            out.print(f"[yellow]{note}[/]")

    render(data, as_json, human)
    if not data["valid"]:
        raise SystemExit(1)


@arena.command()
@click.argument("teams", nargs=-1)
@click.option("--draft", "draft_name", metavar="NAME", help="Take both teams from the saved arena draft NAME.")
@click.option("--first", metavar="PLAYER", help="Who goes first (with --draft: the player who picked second decides).")
@click.option("--two-vs-two", is_flag=True, help="Four teams, two a side; teammates alternate turns; 50 points wins.")
@json_option
@click.pass_obj
def setup(app, teams, draft_name, first, two_vs_two, as_json) -> None:
    """Set up a game: each player's 25-card deck, cards drawn, score to win.

    TEAMS are team files in turn order (or NAME for teams/NAME.toml; '-' for
    one read from standard input), one per player. The first player draws 5, the second 6; with more players each
    draws 5 plus one per earlier player.

    \b
      skyforge arena setup ann bob --first bob
      skyforge arena setup --draft friday
    """
    import shlex

    from skyforge.draft import arena as lib
    from skyforge.errors import InputError, Problem

    stdin = None
    if "-" in teams:
        from skyforge.cli.stdio import read_stdin

        stdin = read_stdin()
    entries: list[dict] = lib.read_teams(app.workspace, list(teams), stdin)
    if draft_name:
        from skyforge.draft import session as sessions

        session = sessions.load(app.catalog, sessions.draft_path(app.workspace, draft_name))
        if session.game != lib.GAME:
            raise InputError(Problem(f"'{draft_name}' is not a Skybound: Arena draft"))
        if not session.draft.done:
            raise InputError(Problem(f"the draft '{draft_name}' is not finished",
                                     hint=f"finish it with 'skyforge arena pick {shlex.quote(draft_name)}'"))
        entries.extend({"player": p, "heroes": hs} for p, hs in lib.result(session)["teams"].items())
    if first:
        names = [e["player"].casefold() for e in entries]
        if first.casefold() not in names:
            raise InputError(Problem(f"no team for player '{first}'", hint="players: " +
                                     ", ".join(e["player"] for e in entries)))
        i = names.index(first.casefold())
        entries = entries[i:] + entries[:i]
    data = lib.setup(app.catalog, entries, two_vs_two=two_vs_two)

    def human(data: dict) -> None:
        out = console()
        out.print(f"[bold]Skybound: Arena[/] — {data['mode']}; first to {data['score_to_win']} points wins")
        if data.get("sides"):
            out.print("sides: " + " vs ".join(" & ".join(s) for s in data["sides"]))
        for p in data["players"]:
            out.print(f"{p['turn']}. {p['player']}: bench {', '.join(p['heroes'])}; "
                      f"deck of {p['deck_size']} action cards; draw {p['draw']}")
            for m in p["action_cards_missing"]:
                out.print(f"   action cards not known: {m}")
        from skyforge.draft.common import demo_note

        note = demo_note(list(dict.fromkeys(h for p in data["players"] for h in p["demo_heroes"])),
                         len({h for p in data["players"] for h in p["heroes"]}))
        if note:
            out.print(f"[yellow]{note}[/]")

    render(data, as_json, human)
