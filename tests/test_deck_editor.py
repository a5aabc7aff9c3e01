"""The live deck editor (`skyforge deck edit`): its library answers, every key through Textual's
pilot with the verdict after each change, its screen as SVG snapshots, and one run in tmux."""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

from skyforge.catalog import load_catalog
from skyforge.cli.editor.app import Ask, DeckEditor, Help
from skyforge.cli.editor.session import Query, Session, parse_query
from skyforge.decks import load_deck
from skyforge.rules.choosing import card_standings
from skyforge.workbench.editing import ChangedOnDisk, save_deck_over
from tests.conftest import ROOT, cite


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def blue(workspace: Path) -> Path:
    return workspace / "decks" / "demo-blue-wall.toml"


def editor(catalog, path: Path, others: tuple[str, ...] = ()) -> DeckEditor:
    decks = [load_deck(path.parent / f"{name}.toml", catalog) for name in others]
    return DeckEditor(Session(catalog, path, decks), watch_disk=False)


def drive(app: DeckEditor, steps, size: tuple[int, int] = (80, 24)):
    """Run ``app`` headless at ``size`` and ``await steps(pilot)`` in it; its result."""

    async def go():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return await steps(pilot)

    return asyncio.run(go())


def rules_broken(app: DeckEditor) -> list[str]:
    assert app.report is not None
    return [v.rule for v in app.report.violations]


# --- the library's answers ---------------------------------------------------------------------


def test_card_standings_give_every_card_with_why_refused_and_copies_free(catalog, blue):
    cite("000", "3 copies of any Common card")
    deck, green = load_deck(blue, catalog), load_deck(blue.parent / "demo-green-grove.toml", catalog)
    standings = {s.card.key: s for s in card_standings(catalog, deck, [green])}
    # admitted, with copies left across both decks: 3 base copies, 2 in the green deck
    otter = standings["DEMO.012"]
    assert (otter.admitted, otter.in_deck, otter.in_other_decks, otter.left) == (True, 0, 2, 1)
    # admitted, but the deck already holds every copy the copy limit allows
    assert (standings["DEMO.007"].left, standings["DEMO.007"].limited_by) == (0, "copy-limit")
    # refused by the castle's back, with the message `deck validate` gives
    refused = standings["DEMO.065"]
    assert not refused.admitted and refused.left == 0
    assert refused.refusal is not None and "allows base cards of liothan or taulot" in refused.refusal.message
    # the admitted ones are what `cards search --for` offers (choose_cards), no more
    from skyforge.rules.choosing import choose_cards

    offered = {c.card.key for c in choose_cards(catalog, deck, [green]).candidates}
    assert offered == {k for k, s in standings.items() if s.admitted and s.left > 0}


def test_the_standings_are_worked_out_once_per_deck(catalog, blue):
    """The command's check and the first frame ask the same deck: one answer; a change, a new one."""
    session = Session(catalog, blue)
    first = session.standings()
    assert session.standings() is first
    session.add("DEMO.012")
    after = session.standings()
    assert after is not first and next(s for s in after if s.card.key == "DEMO.012").in_deck == 1


def test_save_deck_over_keeps_comments_and_never_overwrites_a_changed_file(catalog, blue):
    deck = load_deck(blue, catalog)
    read = blue.read_text()
    changed = deck.data.model_copy(update={"cards": {**deck.data.cards, "DEMO.012": 1}})
    written = save_deck_over(catalog, blue, changed, read)
    assert written.startswith("# Example deck built from the fictional DEMO cards")
    assert '"DEMO.012" = 1' in written
    blue.write_text(written + "# edited elsewhere\n")
    with pytest.raises(ChangedOnDisk):
        save_deck_over(catalog, blue, deck.data, written)
    assert blue.read_text().endswith("# edited elsewhere\n")  # left as the other program wrote it


def test_filter_words_and_fields():
    assert parse_query("otter") == Query(text="otter")
    assert parse_query("f:liothan r:rare t:ally c:2..4 sea") == Query("sea", "liothan", "rare", "ally", 2, 4)
    assert parse_query("cost:5..") == Query(cost_min=5) == parse_query("c:5+")
    assert parse_query("c:2-4") == Query(cost_min=2, cost_max=4)
    assert parse_query("c:3") == Query(cost_min=3, cost_max=3)
    assert parse_query("x:1") == Query(text="x:1")  # an unknown field is searched as text


# --- every key, and the verdict after each change ------------------------------------------------


def test_typing_filters_and_backspace_and_escape_clear(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        admitted = len(app.shown)
        await pilot.press(*"otter")
        assert app.shown == ["DEMO.012"]
        await pilot.press("backspace", "backspace")
        assert app.typed == "ott"
        await pilot.press("escape")
        assert app.typed == "" and len(app.shown) == admitted
        await pilot.press(*"t:tower")
        assert {app.standings[k].card.type for k in app.shown} == {"tower"}
        await pilot.press("escape", *"c:4..5")  # typed in full: "." is not a key of its own
        assert app.typed == "c:4..5"
        assert {app.standings[k].card.cost for k in app.shown} == {4, 5}

    drive(app, steps)


def test_enter_and_plus_add_minus_and_delete_remove_and_the_verdict_follows(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        assert app.report is not None and app.report.valid
        await pilot.press(*"otter")
        await pilot.press("enter")
        assert app.session.deck.data.cards["DEMO.012"] == 1
        assert rules_broken(app) == ["deck-size"]  # 41 cards; the castle's back wants 40
        assert app.stats is not None and app.stats.size == 41
        await pilot.press("plus")
        assert app.session.deck.data.cards["DEMO.012"] == 2
        await pilot.press("minus")
        assert app.session.deck.data.cards["DEMO.012"] == 1
        await pilot.press("delete")
        assert "DEMO.012" not in app.session.deck.data.cards
        assert app.report.valid and not rules_broken(app)
        await pilot.press("minus")  # none left: said, nothing changes
        assert "holds no DEMO.012" in app.message.plain

    drive(app, steps)


def test_copy_limit_across_the_with_deck_is_in_the_verdict(catalog, blue):
    cite("000", "across all players' decks, there can be at most 1 copy of any Mythic or Legendary card")
    app = editor(catalog, blue, ("demo-green-grove",))

    async def steps(pilot):
        await pilot.press(*"otter", "enter", "enter")  # the green deck holds 2: 4 of a base card
        assert "copy-limit" in rules_broken(app)
        copy = next(v for v in app.report.violations if v.rule == "copy-limit")
        assert copy.fix and "DEMO.012" in copy.fix
        assert app.standings["DEMO.012"].left == 0
        await pilot.press("ctrl+z")
        assert app.session.deck.data.cards["DEMO.012"] == 1
        assert "copy-limit" not in rules_broken(app)

    drive(app, steps)


def test_ctrl_z_undoes_each_change_in_turn(catalog, blue):
    app = editor(catalog, blue)
    before = dict(app.session.deck.data.cards)

    async def steps(pilot):
        await pilot.press("plus", "down", "plus")
        assert app.session.dirty
        await pilot.press("ctrl+z", "ctrl+z")
        assert app.session.deck.data.cards == before and not app.session.dirty
        await pilot.press("ctrl+z")
        assert app.message.plain == "nothing to undo"

    drive(app, steps)


def test_tab_switches_panes_and_keys_act_on_the_deck_pane(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        assert app.focused is app.query_one("#cards")
        await pilot.press("tab")
        assert app.focused is app.query_one("#deck")
        await pilot.press("down", "minus")  # the first row is the "Ally (30)" heading
        assert app.session.deck.data.cards["DEMO.007"] == 2
        await pilot.press("enter")
        assert app.session.deck.data.cards["DEMO.007"] == 3
        await pilot.press("tab")
        assert app.focused is app.query_one("#cards")

    drive(app, steps)


def test_ctrl_a_shows_every_card_with_why_each_is_refused(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        assert "DEMO.065" not in app.shown
        await pilot.press("ctrl+a")
        assert "DEMO.065" in app.shown
        await pilot.press(*"sparkjaw")
        detail = str(app.query_one("#detail").render())
        assert "refused" in detail and "allows base cards of liothan or taulot" in detail
        await pilot.press("enter")  # a refused card can still be added; the verdict says why not
        assert "faction-not-allowed" in rules_broken(app)
        await pilot.press("ctrl+a")
        assert app.shown == []

    drive(app, steps)


def test_ctrl_s_saves_keeping_the_files_comments(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        await pilot.press(*"otter", "enter", "ctrl+s")
        assert not app.session.dirty
        assert app.message.plain.startswith("saved ")

    drive(app, steps)
    text = blue.read_text()
    assert text.startswith("# Example deck built from the fictional DEMO cards")
    assert '"DEMO.012" = 1  # Lanternfin Otterling' in text


def test_a_file_changed_on_disk_is_noticed_and_never_overwritten_silently(catalog, blue):
    app = editor(catalog, blue)
    elsewhere = blue.read_text().replace('"DEMO.007" = 3', '"DEMO.007" = 2')

    async def steps(pilot):
        await pilot.press("plus")
        blue.write_text(elsewhere)
        app.check_disk()
        assert "changed on disk" in app.message.plain
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, Ask)
        await pilot.press("escape")
        assert blue.read_text() == elsewhere
        await pilot.press("ctrl+s", "o")  # overwrite, asked for
        assert '"DEMO.007" = 4' in blue.read_text()  # the 4th copy added above
        blue.write_text(elsewhere)  # changed again, nothing unsaved: reloaded
        app.check_disk()
        assert app.session.deck.data.cards["DEMO.007"] == 2 and "reloaded" in app.message.plain

    drive(app, steps)


def test_ctrl_q_quits_at_once_when_saved_and_asks_when_not(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        await pilot.press("plus", "ctrl+q")
        assert isinstance(app.screen, Ask)
        await pilot.press("escape")
        assert not isinstance(app.screen, Ask) and app.is_running
        await pilot.press("ctrl+q", "q")
        return app.is_running

    assert drive(app, steps) is False
    assert '"DEMO.012"' not in blue.read_text()

    clean = editor(catalog, blue)

    async def quit_clean(pilot):
        await pilot.press("ctrl+q")
        return clean.is_running

    assert drive(clean, quit_clean) is False


def test_question_mark_shows_the_keys(catalog, blue):
    app = editor(catalog, blue)

    async def steps(pilot):
        await pilot.press("question_mark")
        assert isinstance(app.screen, Help)
        await pilot.press("x")
        assert not isinstance(app.screen, Help) and app.typed == ""

    drive(app, steps)


@pytest.mark.slow
def test_ctrl_p_proposes_a_completion_as_a_diff_to_accept_or_drop(catalog, blue):
    pytest.importorskip("ortools")
    text = blue.read_text().replace('"DEMO.008" = 3', '"DEMO.008" = 1').replace('"DEMO.007" = 3', '"DEMO.007" = 1')
    blue.write_text(text)
    app = editor(catalog, blue)

    async def propose(pilot):
        await pilot.press("ctrl+p")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, Ask)

    async def steps(pilot):
        assert rules_broken(app) == ["deck-size"]
        await propose(pilot)
        body = str(app.screen.body)
        assert "36 → 40 cards" in body and "+" in body
        await pilot.press("n")
        assert app.stats is not None and app.stats.size == 36
        await propose(pilot)
        await pilot.press("y")
        assert app.stats.size == 40 and app.report is not None and app.report.valid
        await pilot.press("ctrl+z")
        assert app.stats.size == 36

    drive(app, steps, size=(120, 40))


def test_no_color_is_respected(catalog, blue, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = editor(catalog, blue)
    assert app.no_color


# --- the screen ------------------------------------------------------------------------------------


def test_the_first_frame_is_complete_with_the_keys_and_the_columns_fitted(catalog, blue):
    """The screen is up with its first frame: the footer's keys and the name columns fitted to the
    panes are in it, not drawn frames later (the columns are fitted before the panes are first
    filled, on mount; when_up is called once the first frame is drawn)."""
    seen: dict = {}

    class Probe(DeckEditor):
        def refresh_all(self, rows: bool = False) -> None:  # first called on mount, before any frame
            seen.setdefault("name width", self.query_one("#cards", DataTable).columns[ColumnKey("name")].width)
            super().refresh_all(rows)

    def up():
        seen["keys"] = [key.description for key in app.query("FooterKey")]
        seen["calls"] = seen.get("calls", 0) + 1

    app = Probe(Session(catalog, blue), watch_disk=False, when_up=up)

    async def steps(pilot):
        await pilot.press("plus")
        return app.query_one("#cards", DataTable).columns[ColumnKey("name")].width

    settled = drive(app, steps)
    assert seen["keys"] == ["Quit", "Save", "Undo", "Help", "Add", "Remove", "All", "Propose"]
    assert seen["name width"] == settled == 80 * 3 // 5 - 6 - 31  # the pane, its border and margins, the columns
    assert seen["calls"] == 1


def test_snapshot_80x24_after_two_changes(catalog, blue, snap_compare):
    """The free copies, the deck's counts and the verdict redrawn after each change."""
    app = editor(catalog, blue, ("demo-green-grove",))
    assert snap_compare(app, press=[*"otter", "enter", "enter"], terminal_size=(80, 24))


def test_snapshot_120x40_every_card_filtered(catalog, blue, snap_compare):
    app = editor(catalog, blue)
    assert snap_compare(app, press=["ctrl+a", *"r:rare", "down", "down"], terminal_size=(120, 40))


# --- the command -------------------------------------------------------------------------------------


def test_bad_input_is_the_message_of_deck_show_before_any_screen(run, workspace):
    for args in (["nope"], ["decks/broken.toml"]):
        (workspace / "decks" / "broken.toml").write_text('schema = 1\nname = "x"\ncastle = \n')
        shown = run("deck", "show", *args, expect=2)
        edited = run("deck", "edit", *args, expect=2)
        assert edited.stderr == shown.stderr and "error:" in edited.stderr


def test_without_a_terminal_the_editor_says_what_works_instead(run, workspace):
    result = run("deck", "edit", "demo-blue-wall", expect=2)
    assert "needs a terminal" in result.stderr and "skyforge deck add demo-blue-wall" in result.stderr
    result = run("deck", "new", "fresh", "--castle", "DEMO.001", "--edit", expect=2)
    assert "needs a terminal" in result.stderr
    assert not (workspace / "decks" / "fresh.toml").exists()  # nothing written


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_the_editor_in_a_real_terminal(workspace):
    """`deck new --edit` in tmux at 80×24: the screen opens, a card is added and saved, Ctrl+Q quits."""
    server = f"skyforge-test-{os.getpid()}"
    done = workspace / "exit-status"
    env = {
        "PYTHONPATH": str(ROOT / "src"),
        "SKYFORGE_CACHE_DIR": os.environ.get("SKYFORGE_CACHE_DIR", ""),
        "TERM": "xterm-256color",
    }
    skyforge = f"{shlex.quote(sys.executable)} -c 'from skyforge.cli.main import main; main()'"
    setting = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
    command = (
        f"cd {shlex.quote(str(workspace))} && env {setting} {skyforge} deck new fresh --castle DEMO.001 --edit;"
        f" echo $? > {shlex.quote(str(done))}"
    )

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", server, *args], capture_output=True, text=True, check=False).stdout

    def until(what, seconds: float = 60) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = tmux("capture-pane", "-p", "-t", "ed")
            if what(screen):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"the screen never showed it:\n{tmux('capture-pane', '-p', '-t', 'ed')}")

    tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", "ed", command)
    try:
        screen = until(lambda s: "Saltglass Bastion" in s and "Quit" in s)
        assert "0/40 cards" in screen and "Cards · admitted" in screen
        tmux("send-keys", "-t", "ed", *"otter")
        until(lambda s: "1 card match" in s)
        tmux("send-keys", "-t", "ed", "Enter")
        until(lambda s: "1/40 cards" in s and "unsaved" in s)
        tmux("send-keys", "-t", "ed", "C-s")
        until(lambda s: "saved " in s and "unsaved" not in s)
        tmux("send-keys", "-t", "ed", "C-q")
        deadline = time.monotonic() + 30
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert done.read_text().strip() == "0"
    finally:
        tmux("kill-server")
    assert '"DEMO.012" = 1' in (workspace / "decks" / "fresh.toml").read_text()
