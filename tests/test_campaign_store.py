"""The campaign file: journal round trip, undo, migrations, crash safety and concurrent writers."""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from skyforge.campaign import commands as c
from skyforge.campaign import events as ev
from skyforge.campaign import nextgame, starting, store
from skyforge.campaign.merge import merge, merge_journals
from skyforge.campaign.redo import redo, undo_to_game
from skyforge.campaign.state import fold
from skyforge.errors import InputError, StateError

from .campaign_util import Game, created, demo_catalog

posix_only = pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "fork"), reason="needs fork and SIGKILL")


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "campaigns" / "test.toml"
    store.create(p, created())
    return p


def test_round_trip_replays_to_the_same_state(tmp_path):
    g = Game().ready()
    g.do(nextgame.next_game)
    g.do(c.recruit, 1, free=True)
    text = store.render_journal(g.events)
    journal = store.parse_journal(text, "test.toml")
    assert journal.events == g.events
    assert journal.state == g.state
    assert text.splitlines()[2] == "schema = 1"


def test_update_appends_and_undo_removes_the_last_event(path):
    before = store.load(path).state
    _, after, new = store.update(path, lambda s: c.adjust_gold(s, 5))
    assert after.gold == 15 and len(store.load(path).events) == 2
    removed, start, state = store.undo(path)
    assert removed == new and start == 1 and state == before == store.load(path).state
    with pytest.raises(StateError, match="nothing to undo"):
        store.undo(path)


def test_create_refuses_to_overwrite(path):
    with pytest.raises(InputError, match="a campaign file already exists here"):
        store.create(path, created())


def test_a_failed_command_writes_nothing(path):
    text = path.read_text()
    with pytest.raises(StateError):
        store.update(path, nextgame.next_game)  # starting decks not chosen yet
    assert path.read_text() == text


def test_bad_files_are_reported_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('schema = 1\n[[events]]\ntype = "gold-adjusted"\namount = 1\nchange = 1\n')
    with pytest.raises(InputError, match="starts with a 'created' event"):
        store.load(bad)
    bad.write_text(store.render_journal([created()]).replace("seed = 7", 'seed = "seven"'))
    with pytest.raises(InputError) as exc:
        store.load(bad)
    problem = exc.value.problems[0]
    assert problem.file == bad and problem.line and "seed" in problem.key
    bad.write_text("# a note\nschema = 9\nevents = []\n")
    with pytest.raises(InputError, match="schema 9; this skyforge reads up to 1") as exc:
        store.load(bad)
    assert exc.value.problems[0].line == 2 and exc.value.problems[0].hint
    bad.write_text('# a note\nschema = "two"\nevents = []\n')
    with pytest.raises(InputError, match="'schema' must be a positive whole number in a campaign file") as exc:
        store.load(bad)
    assert exc.value.problems[0].line == 2 and exc.value.problems[0].value == "two"
    with pytest.raises(InputError, match="no campaign"):
        store.load(tmp_path / "nope.toml")


def test_each_event_is_read_by_its_own_model_as_the_union_reads_it():
    """A journal's events are validated each by the model its type names, and a journal with a
    problem as the union of every event is: the same events, and the same errors."""
    import tomllib

    from pydantic import ValidationError

    raw = tomllib.loads((Path(__file__).parent.parent / "campaigns" / "example.toml").read_text())["events"]
    events = ev.parse_events(raw)
    assert events == ev.CampaignFile.model_validate({"events": raw}).events
    assert [type(e) for e in events] == [ev.model_of(e["type"]) for e in raw]
    for broken in ([*raw[:3], {**raw[3], "game": "two"}], [*raw[:2], {"type": "gold-adjustd"}], [raw[0], 5], {}):
        with pytest.raises(ValidationError) as one:
            ev.parse_events(broken)
        with pytest.raises(ValidationError) as union:
            ev.CampaignFile.model_validate({"events": broken})
        assert one.value.errors() == union.value.errors()


def test_migrations_run_on_load(tmp_path, monkeypatch):
    """A (test-only) schema 2 renames the 'gold-adjusted' event's 'amount'; schema-1 files are migrated."""
    v1 = store.render_journal([created(), *c.adjust_gold(fold([created()]), 3)])

    def one_to_two(doc: dict) -> dict:
        for event in doc["events"]:
            if event["type"] == "gold-adjusted":
                event["amount"] = event.pop("asked")
        return doc

    # schema 1 → 2 in this pretend future: the old files said 'asked'
    old = tmp_path / "old.toml"
    old.write_text(v1.replace("amount = 3", "asked = 3"))
    monkeypatch.setattr(store, "CAMPAIGN_SCHEMA", 2)
    monkeypatch.setitem(store.MIGRATIONS, 1, one_to_two)
    journal = store.load(old)
    assert journal.migrated_from == 1 and journal.state.gold == 13
    store.update(old, lambda s: c.adjust_gold(s, 1))  # the next write stores the new schema
    assert "schema = 2" in old.read_text() and "asked" not in old.read_text()
    monkeypatch.delitem(store.MIGRATIONS, 1)
    old.write_text(v1)
    with pytest.raises(InputError, match="no migration from campaign schema 1"):
        store.load(old)


# ---------------------------------------------------------------- crash safety and concurrency


def _amount(index: int) -> int:
    return index % 7 - 3 or 4


def _writer(path: Path, limit: int | None = None) -> None:
    """Append gold events forever (or ``limit`` times); the amount depends on the event's index."""
    done = 0
    while limit is None or done < limit:
        store.update(path, lambda s: c.adjust_gold(s, _amount(s.events)))
        done += 1


def _fork(target, *args) -> int:
    pid = os.fork()
    if pid == 0:  # child: never return into pytest
        code = 0
        try:
            target(*args)
        except BaseException:
            code = 1
        os._exit(code)
    return pid


def _events_written(path: Path) -> int:
    """The events in the file as it stands (a write replaces it whole, so it is always complete)."""
    return path.read_text(encoding="utf-8").count("[[events]]")


def _until_written_after(path: Path, before: int, pid: int) -> None:
    """Wait until the writer ``pid`` has added an event to the ``before`` there were: then a kill
    lands while it writes its next one. A machine busy with other work only makes this wait longer."""
    deadline = time.monotonic() + 120  # a guard against a writer that never writes, never a timing
    while _events_written(path) <= before:
        done, status = os.waitpid(pid, os.WNOHANG)
        assert not done, f"the writer ended (status {status}) before it wrote"
        assert time.monotonic() < deadline, "the writer wrote nothing in two minutes"
        time.sleep(0.001)


@pytest.mark.slow
@posix_only
def test_killing_a_writer_never_corrupts_or_loses_the_campaign(path):
    rnd = random.Random(1)
    seen = 1
    store.load(path)  # warm up: the children start writing at once
    for _ in range(40):
        pid = _fork(_writer, path)
        _until_written_after(path, seen, pid)  # it has written at least once …
        time.sleep(rnd.uniform(0.0, 0.01))  # … and is somewhere in a later write
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        journal = store.load(path)  # always parses and replays
        events = journal.events
        assert len(events) > seen  # nothing written is ever lost, and this writer wrote
        seen = len(events)
        # and it is a prefix of the one journal the writer makes
        assert [e.amount for e in events[1:]] == [_amount(i) for i in range(1, len(events))]
    assert seen > 5, "the writer never got to write: the test proved nothing"
    store.update(path, lambda s: c.adjust_gold(s, 1))  # the lock of a killed writer is free again
    assert not list(path.parent.glob(".test.toml.*.tmp"))  # and its temp files are cleaned up


@pytest.mark.slow
@posix_only
def test_two_writers_lose_no_update(path):
    n = 25
    store.load(path)
    pids = [_fork(_writer, path, n) for _ in range(2)]
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    events = store.load(path).events
    assert len(events) == 1 + 2 * n
    assert [e.amount for e in events[1:]] == [_amount(i) for i in range(1, 2 * n + 1)]


def test_a_misspelt_event_type_is_named_with_a_suggestion(tmp_path):
    bad = tmp_path / "bad.toml"
    text = store.render_journal([created(), *c.adjust_gold(fold([created()]), 3)])
    bad.write_text(text.replace('type = "gold-adjusted"', 'type = "gold-adjustd"'))
    with pytest.raises(InputError) as exc:
        store.load(bad)
    problem = exc.value.problems[0]
    assert problem.message == "unknown event type 'gold-adjustd'"
    assert problem.hint == "did you mean 'gold-adjusted'?"
    line = bad.read_text().splitlines()[problem.line - 1]
    assert problem.file == bad and line == 'type = "gold-adjustd"'
    assert "Input tag" not in exc.value.render()


# ---------------------------------------------------------------- damaged journals


def _damaged(tmp_path, events) -> Path:
    bad = tmp_path / "campaigns" / "bad.toml"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_text(store.render_journal(events))
    return bad


def _replay_problem(path: Path):
    with pytest.raises(InputError) as exc:
        store.load(path)
    problem = exc.value.problems[0]
    assert problem.file == path
    return problem


def test_an_event_whose_preconditions_fail_is_named_by_index_and_line(tmp_path):
    from skyforge.campaign import events as ev

    first = created()
    # game-ended with no game in play (used to raise IndexError from games[-1])
    bad = _damaged(tmp_path, [first, ev.GameEnded(game=1, result="won", castle_health=5)])
    problem = _replay_problem(bad)
    assert problem.key == "events[1]" and "no game in play" in problem.message
    assert bad.read_text().splitlines()[problem.line - 1] == "[[events]]"
    assert "game-ended" in problem.message

    g = Game().ready()
    g.do(nextgame.next_game)
    alice = g.state.player("Alice")
    # exiled: the card must be in the player's deck
    stranger = next(code for code in alice.market if code not in alice.deck)
    problem = _replay_problem(_damaged(tmp_path, [*g.events, ev.Exiled(player="Alice", card=stranger)]))
    assert problem.key == f"events[{len(g.events)}]" and "holds no" in problem.message
    # exiled by a player the campaign does not have
    problem = _replay_problem(_damaged(tmp_path, [*g.events, ev.Exiled(player="Zed", card=stranger)]))
    assert "no player 'Zed'" in problem.message
    # action-taken only while resolving a scenario
    g.do(c.earn_income)
    problem = _replay_problem(_damaged(tmp_path, [*g.events, ev.ActionTaken(action="Recruit 1", change=0)]))
    assert problem.key == f"events[{len(g.events)}]" and "resolving a scenario" in problem.message
    # offer-taken: the cards must be that player's offer
    h = Game().ready()
    h.do(c.recruit, 2, free=True)
    taken = c.take_offer(h.state, "Alice", 1)[0]
    forged = taken.model_copy(update={"cards": [h.state.player("Bo").offers[0][0], *taken.cards[1:]]})
    problem = _replay_problem(_damaged(tmp_path, [*h.events, forged]))
    assert problem.key == f"events[{len(h.events)}]" and "offer 1" in problem.message
    no_offers = Game().ready()
    problem = _replay_problem(_damaged(tmp_path, [*no_offers.events, taken]))
    assert "no open offers" in problem.message
    # the real journals still replay
    assert store.parse_journal(store.render_journal([*h.events, taken]), "ok.toml").state.player("Alice").deck


def test_campaign_list_reports_a_damaged_file_and_lists_the_others(tmp_path, path):
    from skyforge.campaign import events as ev

    _damaged(tmp_path, [created(), ev.GameEnded(game=1, result="lost", castle_health=0)])
    (tmp_path / "campaigns" / "garbled.toml").write_text("schema = [\n")
    rows = {p.stem: (s, err) for p, s, err in store.list_campaigns(tmp_path)}
    assert rows["test"][0] is not None and rows["test"][1] is None
    assert rows["bad"][0] is None and "events[1]" in rows["bad"][1]
    assert rows["garbled"][0] is None and rows["garbled"][1]


def test_cli_campaign_list_and_show_on_a_damaged_file(run, workspace):
    from skyforge.campaign import events as ev

    folder = workspace / "campaigns"
    folder.mkdir()
    store.create(folder / "good.toml", created())
    (folder / "bad.toml").write_text(
        store.render_journal([created(), ev.GameEnded(game=1, result="won", castle_health=3)])
    )
    from .test_cli_campaign import sky

    out = sky(run, "campaign", "list").stdout
    assert "good: new" in out and "bad" in out and "events[1]" in out
    result = sky(run, "campaign", "show", "bad", expect=2)
    assert "Traceback" not in result.output and "bad.toml" in result.stderr and "events[1]" in result.stderr


# ---------------------------------------------------------------- redo and save points


def _played(path: Path) -> None:
    """Starting decks, game 1 set up, gold noted, income, game 1 won, game 2 set up, gold noted."""
    catalog = demo_catalog()
    for player in ("Alice", "Bo"):
        store.update(path, partial(starting.starting_deck, catalog=catalog, player=player, auto=True))
    store.update(path, nextgame.next_game)
    store.update(path, lambda s: c.adjust_gold(s, 3))
    store.update(path, c.earn_income)
    store.update(path, lambda s: c.end_game(s, True, 12))
    store.update(path, nextgame.next_game)
    store.update(path, lambda s: c.adjust_gold(s, -2))


def test_redo_puts_back_what_undo_took_back_even_in_a_later_run(path):
    _played(path)
    before = store.load(path)
    removed, _, _ = store.undo(path)
    assert store.load(path).undone == [removed]  # kept in the file: redo survives between runs
    back, start, state = redo(path)
    assert back == removed and start == len(before.events) - len(removed)
    again = store.load(path)
    assert again.events == before.events and again.state == state == before.state and again.undone == []
    with pytest.raises(StateError, match="nothing to redo"):
        redo(path)


def test_a_new_command_clears_what_redo_would_put_back(path):
    _played(path)
    store.undo(path)
    store.update(path, lambda s: c.adjust_gold(s, 1))
    assert store.load(path).undone == []
    with pytest.raises(StateError, match="nothing to redo"):
        redo(path)


def test_undo_to_game_goes_back_to_its_set_up_in_one_step_and_redo_undoes_it(path):
    _played(path)
    before = store.load(path)
    removed, start, state = undo_to_game(path, 1)
    kept = store.load(path).events
    assert isinstance(kept[-1], ev.GameSetUp) or getattr(kept[-1], "same_command", None)
    assert [e for e in kept if isinstance(e, ev.GameSetUp)][-1].game == 1
    assert start == len(kept) and kept + removed == before.events and state.game == 1
    redo(path)
    assert store.load(path).events == before.events


def test_undo_to_a_game_not_set_up_names_the_games_there_are(path):
    _played(path)
    with pytest.raises(StateError, match="game 3 has not been set up") as err:
        undo_to_game(path, 3)
    assert "games set up: 1, 2" in err.value.problems[0].hint if err.value.problems else True


def test_undo_to_game_asks_on_a_terminal_and_is_refused_elsewhere_without_yes(run, clone_workspace, monkeypatch):
    from skyforge.cli import stdio

    text = (clone_workspace / "campaigns" / "example.toml").read_text()
    refused = run("campaign", "undo", "example", "--to-game", "1", expect=2)
    assert "--yes" in refused.stderr and (clone_workspace / "campaigns" / "example.toml").read_text() == text
    monkeypatch.setattr(stdio, "interactive", lambda: True)
    assert "nothing taken back" in run("campaign", "undo", "example", "--to-game", "1", input="n\n").stdout
    assert (clone_workspace / "campaigns" / "example.toml").read_text() == text
    asked = run("campaign", "undo", "example", "--to-game", "1", input="y\n")
    assert "take them back?" in asked.stdout and "Undone" in asked.stdout
    log = run("campaign", "log", "example", "--json")
    assert any(e.get("undone") for e in json.loads(log.stdout))
    assert "undone" in run("campaign", "log", "example").stdout
    run("campaign", "redo", "example")
    assert store.load(clone_workspace / "campaigns" / "example.toml").events == store.parse_journal(text, "x").events


def test_a_broken_undone_table_is_named_by_key(tmp_path):
    g = Game().ready()
    text = store.render_journal(g.events) + '\n[[undone]]\nevents = [{type = "gold-adjusted"}]\n'
    with pytest.raises(InputError) as err:
        store.parse_journal(text, "t.toml")
    assert (err.value.problems[0].key or "").startswith("undone[0]")


# ---------------------------------------------------------------- two copies joined


def _copies(path: Path, *, offers: bool = False) -> Path:
    """The campaign played into game 2 (with open offers), and a copy of it beside."""
    _played(path)
    if offers:
        store.update(path, lambda s: c.recruit(s, 1, free=True))
    other = path.parent / "other.toml"
    other.write_text(path.read_text())
    return other


def test_a_copy_that_extends_the_other_fast_forwards(path):
    other = _copies(path)
    store.update(other, lambda s: c.adjust_gold(s, 2))
    result = merge(path, other)
    assert result.outcome == "fast-forward" and store.load(path).events == store.load(other).events
    assert merge(path, other).outcome == "up-to-date"


def test_independent_events_are_joined_and_replayed(path):
    other = _copies(path)
    store.update(path, lambda s: c.adjust_gold(s, 2))
    store.update(other, lambda s: c.set_health(s, 9))
    result = merge(path, other)
    assert (result.outcome, result.mine_only, result.theirs_only) == ("joined", 1, 1)
    state = store.load(path).state
    assert state.castle_health == 9 and state.gold == store.load(other).state.gold + 2
    assert merge(other, path).outcome == "joined"
    assert [e.type for e in store.load(other).events] == [e.type for e in store.load(path).events]


def _conflicting(path: Path, other: Path, mine, theirs):
    store.update(path, mine)
    store.update(other, theirs)
    text = path.read_text()
    result = merge(path, other)
    assert result.outcome == "conflict" and path.read_text() == text  # nothing written
    return result.conflicts[0]


def test_another_offer_taken_is_a_conflict_in_game_words(path):
    other = _copies(path, offers=True)
    conflict = _conflicting(path, other, lambda s: c.take_offer(s, "Alice", 1), lambda s: c.take_offer(s, "Alice", 2))
    assert (conflict.game, conflict.step, conflict.player) == (2, "take-offer", "Alice")
    assert "Alice took offer 1" in conflict.mine and "Alice took offer 2" in conflict.theirs and conflict.cards


def test_a_game_won_here_and_lost_there_is_a_conflict(path):
    other = _copies(path)
    store.update(path, c.earn_income)
    store.update(other, c.earn_income)
    conflict = _conflicting(path, other, lambda s: c.end_game(s, True, 10), lambda s: c.end_game(s, False, 0))
    assert conflict.game == 2 and "won" in conflict.mine and "lost" in conflict.theirs


def test_another_scenario_drawn_is_a_conflict(path):
    _played(path)
    mine = store.load(path)
    at = next(i for i, e in enumerate(mine.events) if isinstance(e, ev.GameSetUp) and e.game == 2)
    drawn = mine.events[at].model_copy(update={"scenario": "DEMO.999"})
    theirs = store.Journal(path, [*mine.events[:at], drawn], mine.state)
    result, events, _ = merge_journals(store.Journal(path, mine.events[: at + 1], mine.state), theirs)
    assert result.outcome == "conflict" and events is None
    assert result.conflicts[0].step == "next-game" and "DEMO.999" in result.conflicts[0].theirs


def test_keep_mine_or_theirs_settles_a_conflict(path):
    other = _copies(path, offers=True)
    store.update(path, lambda s: c.take_offer(s, "Alice", 1))
    store.update(other, lambda s: c.take_offer(s, "Alice", 2))
    store.update(other, lambda s: c.adjust_gold(s, 1))
    mine = merge(path, other, keep="mine")
    assert mine.outcome == "kept-mine" and any("offer 2" in left for left in mine.left_out)
    events = store.load(path).events
    assert events[-1].type == "gold-adjusted" and any(getattr(e, "offer", None) == 1 for e in events)
    theirs = merge(other, path, keep="theirs")
    assert theirs.outcome == "kept-theirs"


def test_another_campaign_or_a_broken_file_is_refused_with_file_line_and_key(run, clone_workspace, tmp_path):
    other = tmp_path / "other.toml"
    store.create(other, created(seed=8))
    result = run("campaign", "merge", "example", str(other), expect=2)
    assert "another campaign" in result.stderr and "seed" in result.stderr
    broken = tmp_path / "broken.toml"
    text = (clone_workspace / "campaigns" / "example.toml").read_text()
    broken.write_text(text.replace('type = "income-earned"', 'type = "income-earnd"', 1))
    result = run("campaign", "merge", "example", str(broken), "--json", expect=2)
    problem = json.loads(result.stdout or result.stderr)["error"]["problems"][0]
    assert problem["file"] == str(broken) and problem["line"] and problem["key"].startswith("events[")
    deck = run("campaign", "merge", "example", "decks/demo-blue-wall.toml", expect=2)
    assert "demo-blue-wall.toml" in deck.stderr


def test_merge_cli_says_a_conflict_and_exits_1(run, clone_workspace):
    path = clone_workspace / "campaigns" / "example.toml"
    other = clone_workspace / "campaigns" / "copy.toml"
    other.write_text(path.read_text())
    run("campaign", "take", "example", "--player", "Alice", "1")
    run("campaign", "take", "copy", "--player", "Alice", "2")
    result = run("campaign", "merge", "example", str(other), expect=1)
    assert "game 2, step take-offer, Alice" in result.stdout and "--keep" in result.stdout
    data = json.loads(run("campaign", "merge", "example", str(other), "--json", expect=1).stdout)
    assert data["outcome"] == "conflict" and data["conflicts"][0]["player"] == "Alice"
    assert "kept your events" in run("campaign", "merge", "example", str(other), "--keep", "mine").stdout


@pytest.mark.slow
def test_the_git_merge_driver_joins_a_real_git_merge(tmp_path):
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("needs git")
    repo = tmp_path / "repo"
    path = repo / "campaigns" / "spring.toml"
    store.create(path, created())
    _played(path)
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@x",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@x",
    }
    src = Path(__file__).resolve().parent.parent / "src"
    driver = f"PYTHONPATH={src} {sys.executable} -c 'from skyforge.cli.main import main; main()' campaign merge-driver %O %A %B"

    def git(*args):
        return subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=False)

    git("init", "-q", "-b", "main")
    (repo / ".gitattributes").write_text("campaigns/*.toml merge=skyforge-campaign\n")
    git("config", "merge.skyforge-campaign.driver", driver)
    git("add", ".")
    git("commit", "-qm", "start")
    git("checkout", "-qb", "laptop")
    store.update(path, lambda s: c.adjust_gold(s, 2))
    git("commit", "-qam", "gold")
    git("checkout", "-q", "main")
    store.update(path, lambda s: c.set_health(s, 9))
    git("commit", "-qam", "health")
    merged = git("merge", "-q", "--no-edit", "laptop")
    assert merged.returncode == 0, merged.stderr + merged.stdout
    journal = store.load(path)
    assert [e.type for e in journal.events[-2:]] in (["gold-adjusted", "health-set"], ["health-set", "gold-adjusted"])
    # a conflict: the driver refuses, git stops with the file unmerged
    git("checkout", "-qb", "other")
    store.update(path, lambda s: c.set_health(s, 3))
    git("commit", "-qam", "three")
    git("checkout", "-q", "main")
    store.update(path, lambda s: c.set_health(s, 4))
    git("commit", "-qam", "four")
    refused = git("merge", "-q", "--no-edit", "other")
    assert refused.returncode != 0 and "castle health set to" in refused.stderr + refused.stdout


# -- the journals already validated (skyforge.campaign.journalcache) ----------------------------------


def _cache_files() -> list[Path]:
    return sorted(Path(os.environ["SKYFORGE_CACHE_DIR"]).glob("journal-*.json"))


def _validating(monkeypatch) -> list[str]:
    """The event types validated from now on (each kind's model_validate, counted)."""
    seen: list[str] = []
    parse = ev.parse_events

    def counting(raw):
        seen.extend(e.get("type") for e in raw if isinstance(e, dict))
        return parse(raw)

    monkeypatch.setattr(ev, "parse_events", counting)
    return seen


def test_a_journal_read_again_is_not_validated_again_and_is_the_same(path, monkeypatch):
    g = Game().ready()
    g.do(nextgame.next_game)
    g.do(c.recruit, 1, free=True)
    path.write_text(store.render_journal(ev.one_command(g.events[:1]) + g.events[1:]), encoding="utf-8")
    first = store.load(path)  # validated, and kept
    validated = _validating(monkeypatch)
    again = store.load(path)
    assert validated == []  # the same text: not validated again
    assert again.events == first.events and again.state == first.state and again.undone == first.undone
    assert [e.model_fields_set for e in again.events] == [e.model_fields_set for e in first.events]
    assert store.render_journal(again.events) == store.render_journal(first.events)  # the file it writes


def test_a_journal_changed_by_hand_is_validated_again(path, monkeypatch):
    store.load(path)
    validated = _validating(monkeypatch)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("seed = ", "seed = -", 1), encoding="utf-8")  # still valid: another text
    store.load(path)
    assert validated == ["created"]
    path.write_text(text.replace('castle = "', "castle = 7 #", 1), encoding="utf-8")  # a bad value
    with pytest.raises(InputError) as caught:
        store.load(path)
    (problem,) = caught.value.problems
    line = text[: text.index('castle = "')].count("\n") + 1
    assert problem.key == "events[0] (created).castle" and problem.line == line and problem.file == path


def test_what_undo_took_back_is_kept_with_the_events(path, monkeypatch):
    _played(path)
    removed, _, _ = store.undo(path)
    first = store.load(path)
    assert first.undone == [removed]
    validated = _validating(monkeypatch)
    assert store.load(path).undone == [removed] and validated == []


@pytest.mark.parametrize("how", ["garbage", "foreign model", "missing field", "not a created first", "truncated"])
def test_a_damaged_or_foreign_journal_cache_is_a_miss(path, monkeypatch, how):
    """The cache is never trusted beyond what write() lays out: anything else is read from the file."""
    from skyforge.campaign import journalcache

    first = store.load(path)
    (cache,) = [p for p in _cache_files() if p.stat().st_mtime_ns >= path.stat().st_mtime_ns]
    header, data = cache.read_bytes().split(b"\n", 1)
    if how == "garbage":
        data = b"\x00not json"
    elif how == "foreign model":
        data = data.replace(b'"$m":"PlayerSetup"', b'"$m":"CampaignFile"', 1)
    elif how == "missing field":
        data = data.replace(b'"seed":', b'"sead":', 1)
    elif how == "not a created first":
        data = b"[[], []]"
    else:
        data = data[: len(data) // 2]
    head = json.loads(header)
    head["crc32"] = __import__("zlib").crc32(data)  # as if written so: the checks below the CRC decide
    cache.write_bytes(json.dumps(head).encode() + b"\n" + data)
    assert journalcache.read(path, path.read_text(encoding="utf-8")) is None
    validated = _validating(monkeypatch)
    again = store.load(path)
    assert validated == ["created"] and again.events == first.events


def test_no_journal_cache_when_caches_are_off(path, monkeypatch):
    monkeypatch.setenv("SKYFORGE_CACHE_DIR", "off")
    validated = _validating(monkeypatch)
    store.load(path)
    store.load(path)
    assert validated == ["created", "created"]


def test_kept_events_that_do_not_replay_are_read_from_the_file_again(path, monkeypatch):
    """A cache changed under a valid checksum whose events no longer replay is not the player's
    problem: the file is read and validated, and says nothing is wrong with it."""
    _played(path)
    first = store.load(path)
    (cache,) = [p for p in _cache_files() if p.stat().st_mtime_ns >= path.stat().st_mtime_ns]
    header, data = cache.read_bytes().split(b"\n", 1)
    tampered = data.replace(b'"type":"game-set-up","at":', b'"type":"game-set-up","game":3,"at":', 1)
    tampered = tampered.replace(b',"game":1,', b",", 1)  # the first game set up as game 3: it cannot replay
    assert tampered != data and tampered.count(b'"game":3') == 1
    data = tampered
    head = json.loads(header)
    head["crc32"] = __import__("zlib").crc32(data)
    cache.write_bytes(json.dumps(head).encode() + b"\n" + data)
    validated = _validating(monkeypatch)
    again = store.load(path)
    assert validated and again.events == first.events and again.state == first.state


def test_a_journal_read_to_be_changed_is_not_kept(path):
    """A command that changes a campaign replaces the text it read: keeping it would be wasted."""
    from skyforge.campaign import journalcache

    kept = journalcache._cache_file(path)
    assert kept is not None and not kept.exists()
    store.update(path, lambda s: c.adjust_gold(s, 1))
    assert not kept.exists()
    store.load(path)  # read to be shown: kept
    assert kept.exists()


def test_journals_kept_for_a_month_are_dropped_when_another_is_kept(path):
    folder = Path(os.environ["SKYFORGE_CACHE_DIR"])
    ours = '{"format": "skyforge journal cache", "version": 1}\n[]'
    files = {
        "journal-old.json": (ours, 31),
        "journal-recent.json": (ours, 29),
        "journal-someone-elses.json": ("not a cache of ours", 31),  # a shared folder: left alone
        ".journal-x.json.0a1b2c.tmp": ("a write killed half-way", 1),
    }
    for name, (text, days) in files.items():
        (folder / name).write_text(text, encoding="utf-8")
        when = time.time() - days * 24 * 3600
        os.utime(folder / name, (when, when))
    store.load(path)  # kept: the others looked at
    left = {name for name in files if (folder / name).exists()}
    assert left == {"journal-recent.json", "journal-someone-elses.json"}


def test_a_journal_cache_that_cannot_be_used_is_never_the_players_problem(path, monkeypatch, tmp_path):
    """Whatever goes wrong with the cache, the campaign is read from its file (found in review: a
    broken link among skyforge's modules, a folder name that is not UTF-8, a nested cache file)."""
    from skyforge.campaign import journalcache
    from skyforge.storage import cachefiles

    first = store.load(path)

    def unreadable():
        raise FileNotFoundError("a link to nowhere among skyforge's modules")

    with monkeypatch.context() as patched:
        patched.setattr(journalcache, "code_stats", unreadable)
        assert store.load(path).events == first.events
    odd = tmp_path / os.fsdecode(b"ws-\xe9") / "campaigns" / "odd.toml"  # a Latin-1 folder name
    odd.parent.mkdir(parents=True)
    odd.write_bytes(path.read_bytes())
    assert store.load(odd).events == first.events == store.load(odd).events
    nested = journalcache._cache_file(path)
    nested.write_text("[" * 100_000, encoding="utf-8")
    assert cachefiles.read_cache(nested, journalcache.FORMAT, journalcache.VERSION, [], 10**7) is None
    assert store.load(path).events == first.events
