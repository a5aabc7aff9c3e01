"""The library names the fields of a request; only the command line words them as its options.

A hint such as "add --force to overwrite it" is written in the library as ``option("force")``, so a
second front end (the deck editor) can word the same field its own way. The command line turns each
named field into the option of the command being run that sets it — the option click declares, even
where it is spelled unlike the field — in errors, in what it prints, and in ``--json``.
"""

from __future__ import annotations

import json

import click

from skyforge.cli.output import words
from skyforge.errors import command, option


def test_a_field_becomes_the_option_that_sets_it():
    @click.command()
    @click.option("--format", "-f", "fmt")
    @click.option("--with-cards", is_flag=True)
    def export(fmt: str, with_cards: bool) -> None: ...

    text = f"{option('with_cards')} is for {option('fmt')} code; or {option('workspace')}"
    assert words(text, export) == "--with-cards is for --format code; or --workspace"
    assert words("no field here", export) == "no field here"
    # JSON written for a terminal that is not UTF-8 escapes the marks: they are worded all the same
    assert words(json.dumps(option("force"), ensure_ascii=True), export) == '"--force"'


def test_errors_name_the_option_of_the_command_that_failed(run, workspace):
    result = run("collection", "add", "--product", "NOPE", expect=2)
    assert "--product: no set 'NOPE' in the catalog" in result.stderr and "⟨" not in result.stderr
    result = run("deck", "export", "demo-blue-wall", "--format", "md", "--with-cards", expect=2)
    assert result.stderr.startswith("error: --with-cards is for the formats that are read back with their cards")
    assert "hint: --format page shows every card's details" in result.stderr


def test_json_names_the_option_too(run):
    # `catalog check` says which Onward heroes a draft option can use; the option is a draft's
    result = run("catalog", "check", "--json")
    assert "with a colour (--one-per-color)" in result.stdout and "⟨" not in result.stdout


def test_a_command_named_in_a_hint_is_written_as_the_shell_reads_it():
    hint = f"look at it: {command('campaign show', 'my spring')}, or {command('arena pick', 'fri')}"
    assert words(hint) == "look at it: skyforge campaign show 'my spring', or skyforge arena pick fri"
    assert words(json.dumps(command("campaign show", "x y"), ensure_ascii=True)) == "\"skyforge campaign show 'x y'\""


def test_the_game_setup_conflicts_name_the_options(run):
    err = run(
        "game",
        "setup",
        "--castle",
        "DEMO.001",
        "--castle2",
        "DEMO.002",
        "--hordes",
        "demo-thornmaw",
        "--difficulty",
        "2",
        expect=2,
    ).stderr
    assert err.startswith("error: --castle2: --castle2 contradicts --mode solo") and "⟨" not in err
    assert "choose a mode with two alliance players (e.g. --mode coop)" in err


def test_a_hint_to_act_with_an_option_shows_how_its_value_is_written():
    @click.command()
    @click.option("--player", "players", multiple=True, metavar="NAME=DECK[@CASTLE]")
    @click.option("--castle2", "second_castle", metavar="C2")
    @click.option("--castle")
    @click.option("--force", is_flag=True)
    def new(players: tuple[str, ...], second_castle: str, castle: str, force: bool) -> None: ...

    hint = f"name Bo's own castle with {option('players')}"
    assert words(hint, new) == "name Bo's own castle with --player NAME=DECK[@CASTLE]"
    assert words(f"with {option('players')}, or", new) == "with --player NAME=DECK[@CASTLE], or"
    # a problem's key, a value given after it, an option dropped, one without a metavar, a flag: the option alone
    assert words(f"{option('players')}: two players", new) == "--player: two players"
    assert words(f"give it with {option('players')} Ann=x", new) == "give it with --player Ann=x"
    assert words(f"drop {option('second_castle')}, or", new) == "drop --castle2, or"
    assert words(f"choose one with {option('castle')}", new) == "choose one with --castle"
    assert words(f"record it with {option('force')}", new) == "record it with --force"
    # the JSON of an error says the same: its key the option, its hint with the value's form
    text = json.dumps({"key": option("players"), "hint": hint}, ensure_ascii=True)
    assert json.loads(words(text, new)) == {"key": "--player", "hint": words(hint, new)}


def test_campaign_new_hints_say_how_a_player_is_written(run):
    err = run(
        "campaign",
        "new",
        "spring",
        "--castle",
        "DEMO.001",
        "--player",
        "Ann=demo-blue-wall",
        "--player",
        "Bo=demo-green-grove@DEMO.001",
        "--hordes",
        "demo-gloomcrawlers,demo-ironwraiths,demo-thornmaw",
        "--difficulty",
        "2",
        "--outsider",
        "Orrun the Everwake",
        expect=2,
    ).stderr
    assert err.startswith("error: --player: Bo is the visiting army and needs another castle than DEMO.001")
    assert "hint: name Bo's own castle with --player NAME=DECK[@CASTLE]" in err
