"""The deck editor's screen: the cards pane, the deck pane, and the keys that change the deck.

Everything shown is asked of :class:`~skyforge.cli.editor.session.Session`, which asks the
library; this module only lays it out. Textual draws it (rich, which draws every other view, is
its renderer: the same styles), and Textual itself honours ``NO_COLOR``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Static
from textual.widgets.data_table import ColumnKey, RowKey

from skyforge.cli.editor.session import Query, Session, parse_query
from skyforge.errors import SkyforgeError
from skyforge.rules import ValidationReport
from skyforge.rules.choosing import Standing
from skyforge.terms import demo_note
from skyforge.text import plural
from skyforge.workbench.stats import DeckStats

if TYPE_CHECKING:
    from skyforge.workbench.assistant import ProposedDeck
    from skyforge.workbench.diff import DeckDiff

#: what sets the copies still free, in words (the library's ``Standing.limited_by``)
LIMITED_BY = {
    "copy-limit": "the copy limit across the decks",
    "rarity-limit": "the castle's limit for its rarity",
    "card-rule": "the card's own rule",
    "collection": "the copies your collection holds",
}

#: the cards pane's columns: label, key, width (the name takes what is left)
CARD_COLUMNS = (
    ("name", "name", 18),
    ("  c", "cost", 3),
    (" type", "type", 7),
    (" rarity", "rarity", 8),
    (" faction", "faction", 8),
    (" free", "free", 5),
)

HELP = """\
[b]skyforge deck edit[/b] — build a deck by looking; every rule is checked as you go.

[b]Typing[/b]        filters the cards: words in a name, code or subtype (any case),
              and f:FACTION r:RARITY t:TYPE c:COST (c:3, c:2..4, c:5..)
[b]Backspace[/b]     deletes a letter of the filter; [b]Esc[/b] clears it
[b]Enter[/b] or [b]+[/b]     adds one copy of the highlighted card
[b]-[/b] or [b]Delete[/b]    removes one copy
[b]Tab[/b]           switches between the cards and the deck
[b]↑ ↓ PgUp PgDn[/b] move; the mouse works too
[b]Ctrl+A[/b]        shows every card, with why the castle refuses each (again: admitted only)
[b]Ctrl+P[/b]        proposes a completion by the deck assistant (with OR-Tools), as a diff
[b]Ctrl+Z[/b]        undoes the last change
[b]Ctrl+S[/b]        saves, keeping the file's comments
[b]Ctrl+R[/b]        reloads the file from disk, dropping unsaved changes
[b]Ctrl+Q[/b]        quits (asking first when there are unsaved changes)

The verdict is `skyforge deck validate` of the deck as it is now, with the --with decks and
the collection; a file changed on disk is noticed and never written over unasked.

Any key closes this help."""


class QuickTable(DataTable):
    """The panes' tables. A change redraws the rows whose cells changed, not every row
    shown: ``DataTable.update_cell`` drops the render caches of every row (a change would
    redraw some 200 cells for the one that changed, half the time a change takes)."""

    def set_cell(self, row_key: str, column_key: str, value: Text) -> None:
        row, column = RowKey(row_key), ColumnKey(column_key)
        self._data[row][column] = value
        for cell in [k for k in self._cell_render_cache.keys() if k[0] == row]:  # noqa: SIM118 (not iterable)
            self._cell_render_cache.discard(cell)
        for line in [k for k in self._row_render_cache.keys() if k[0] == row]:  # noqa: SIM118 (not iterable)
            self._row_render_cache.discard(line)
        index = self._row_locations.get(row) or 0
        self._row_renderable_cache.discard((self._update_count, index))
        self._line_cache.clear()  # whole lines, rebuilt from the rows' caches
        self.refresh_row(index)


class KeyFooter(Footer):
    """Textual's footer of keys, drawn with the screen's first frame. Textual's own composes its
    keys only after that frame, so the screen would be up without them (and be drawn a second time
    at start-up, some 60 ms later); the keys shown are the app's own, known before a frame is
    drawn. It is composed again only when the keys it shows change."""

    def __init__(self) -> None:
        super().__init__()
        self.set_reactive(Footer._bindings_ready, True)
        self.drawn: list[tuple[str, str, bool]] = []

    def compose(self) -> ComposeResult:
        self.drawn = shown_keys(self.screen)
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if screen.app.app_focus and self.is_attached and screen is self.screen and shown_keys(screen) != self.drawn:
            self.call_after_refresh(self.recompose)


def shown_keys(screen: Screen) -> list[tuple[str, str, bool]]:
    """The keys a footer shows on ``screen``: key, what it does, and whether it works now."""
    return [(b.key, b.description, enabled) for _, b, enabled, _ in screen.active_bindings.values() if b.show]


class Ask(ModalScreen[str]):
    """A question answered by one key: ``choices`` maps each key to what it says."""

    DEFAULT_CSS = """
    Ask { align: center middle; }
    Ask > VerticalScroll { width: 76; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; padding: 0 1; background: $surface; }
    """

    def __init__(self, body: Text | str, choices: dict[str, str]) -> None:
        super().__init__()
        self.body = body
        self.choices = choices

    def compose(self) -> ComposeResult:
        keys = Text("  ".join(f"[{k}] {label}" for k, label in self.choices.items()), style="bold")
        with VerticalScroll():
            yield Static(self.body)
            yield Static(keys)

    def on_key(self, event: Key) -> None:
        event.stop()
        if event.key in self.choices:
            self.dismiss(event.key)
        elif event.key == "escape":
            self.dismiss("escape")


class Help(ModalScreen[None]):
    DEFAULT_CSS = """
    Help { align: center middle; }
    Help > VerticalScroll { width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP)

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss(None)


class DeckEditor(App[None]):
    """``skyforge deck edit``: the cards the castle admits on the left, the deck on the right."""

    TITLE = "skyforge deck edit"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary-background; color: $text; padding: 0 1; }
    #status { height: 1; padding: 0 1; color: $text-muted; }
    #main { height: 1fr; }
    #cards-pane { border: round $panel; }  /* its width: DeckEditor._fit */
    #deck-pane { width: 1fr; border: round $panel; }
    #cards-pane:focus-within, #deck-pane:focus-within { border: round $accent; }
    #filter { height: 1; }
    #detail { height: 2; color: $text-muted; }
    #cards { height: 1fr; }
    #deck { height: 1fr; min-height: 4; }
    #summary { height: 1fr; }
    DataTable { scrollbar-size-vertical: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("ctrl+z", "undo", "Undo", priority=True),
        Binding("ctrl+q", "quit_asking", "Quit", priority=True),
        Binding("question_mark", "help", "Help"),
        Binding("plus", "add", "Add"),
        Binding("minus", "remove", "Remove"),
        Binding("delete", "remove", "Remove", show=False),
        Binding("tab", "switch", "Pane", show=False, priority=True),
        Binding("ctrl+a", "show_all", "All", priority=True),
        Binding("ctrl+p", "propose", "Propose", priority=True),
        Binding("ctrl+r", "reload", "Reload", show=False, priority=True),
        Binding("backspace", "unfilter_letter", "", show=False),
        Binding("escape", "unfilter", "", show=False),
    ]
    #: seconds between looks at the deck file on disk
    DISK_CHECK = 1.0

    def __init__(self, session: Session, *, watch_disk: bool = True, when_up: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.session = session
        self.watch_disk = watch_disk
        self.when_up = when_up  # called once the first frame is drawn
        self.fitted = 0  # the screen width the panes are fitted to
        self.typed = ""
        self.show_all = False
        self.standings: dict[str, Standing] = {}
        self.shown: list[str] = []  # the keys of the cards pane's rows, in order
        self.free_shown: dict[str, str] = {}  # what each row's "free" cell says now
        self.report: ValidationReport | None = None
        self.stats: DeckStats | None = None
        self.message = Text("? for help · type to filter · Enter adds · - removes · Ctrl+S saves")
        self.disk_warned = False
        self.deck_keys: list[str] = []  # the deck pane's rows, and their cells as drawn
        self.deck_cells: list[tuple[Text, Text, Text]] = []
        self.deck_rows: list[str | None] = []  # the card of each row (None: a heading)

    # --- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="main"):
            with Vertical(id="cards-pane"):
                yield Static(id="filter")
                yield QuickTable(id="cards", cursor_type="row", zebra_stripes=False, cell_padding=0)
                yield Static(id="detail")
            with Vertical(id="deck-pane"):
                yield QuickTable(id="deck", cursor_type="row", show_header=False, cell_padding=0)
                with VerticalScroll(id="summary"):
                    yield Static(id="verdict")
        yield Static(id="status")
        yield KeyFooter()

    def on_mount(self) -> None:
        cards = self.query_one("#cards", DataTable)
        for label, key, width in CARD_COLUMNS:
            cards.add_column(label, key=key, width=width)
        deck = self.query_one("#deck", DataTable)
        for key, width in (("n", 4), ("name", 20), ("cost", 3)):
            deck.add_column(key, key=key, width=width)
        self.query_one("#cards-pane").border_title = "Cards"
        self.query_one("#deck-pane").border_title = "Deck"
        self._fit(self.size.width)
        self.refresh_all(rows=True)
        cards.focus()
        if self.watch_disk:
            self.set_interval(self.DISK_CHECK, self.check_disk)

    def on_ready(self) -> None:
        """The first frame is drawn (Textual's Ready comes after it)."""
        if self.when_up is not None:
            self.when_up()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """The panes share the screen's ``width``, 3 to 2; the name columns take what each pane has
        left. Worked out from the screen's width, before a frame is drawn: the first frame is laid
        out as every later one."""
        cards, deck = self.query_one("#cards", DataTable), self.query_one("#deck", DataTable)
        if not cards.columns or not deck.columns or width == self.fitted:  # not set up yet, or done
            return
        self.fitted = width
        pane = width * 3 // 5
        self.query_one("#cards-pane").styles.width = pane
        fixed = sum(w for _, key, w in CARD_COLUMNS if key != "name")
        # of each pane's width, 2 columns are its border and 4 the table's scroll bar and margin
        cards.columns[ColumnKey("name")].width = max(10, pane - 6 - fixed)
        deck.columns[ColumnKey("name")].width = max(8, width - pane - 6 - 4 - 3)
        cards.refresh()
        deck.refresh()

    # --- drawing --------------------------------------------------------------------------------

    def refresh_all(self, rows: bool = False) -> None:
        """Ask the library again (verdict, standings, stats) and redraw what changed.

        ``rows``: the cards pane's rows are chosen again (the filter or what is shown changed);
        otherwise only the cells that changed are redrawn.
        """
        session = self.session
        self.report = session.verdict()
        self.stats = session.stats(self.report)
        self.standings = {s.card.key: s for s in session.standings()}
        if rows:
            self._fill_cards()
        else:
            self._update_free()
        self._fill_deck()
        self._draw_verdict()
        self._draw_title()
        self._draw_detail()
        self._draw_status()

    def _visible(self, query: Query) -> list[str]:
        found = self.session.matching(query) if (query.text or query != Query()) else None
        return [
            key
            for key, s in self.standings.items()
            if (self.show_all or s.admitted) and (found is None or key in found)
        ]

    def _free(self, s: Standing) -> str:
        return "✗" if not s.admitted else str(s.left)

    def _fill_cards(self) -> None:
        table = self.query_one("#cards", DataTable)
        current = self._highlighted_card()
        table.clear()
        self.shown = self._visible(parse_query(self.typed))
        self.free_shown = {}
        for key in self.shown:
            s = self.standings[key]
            card = s.card
            style = "dim" if not s.admitted else ""
            free = self._free(s)
            self.free_shown[key] = free
            table.add_row(
                Text(card.name, style=style, no_wrap=True, overflow="ellipsis"),
                Text("" if card.cost is None else str(card.cost), justify="right", style=style),
                Text(f" {card.type or '?'}", style=style, no_wrap=True, overflow="ellipsis"),
                Text(f" {card.rarity or '?'}", style=style, no_wrap=True, overflow="ellipsis"),
                Text(f" {card.faction or '?'}", style=style, no_wrap=True, overflow="ellipsis"),
                Text(free, justify="right", style="red" if free == "✗" else "dim" if free == "0" else "bold"),
                key=key,
            )
        if current in self.shown:
            table.move_cursor(row=self.shown.index(current), animate=False)
        mode = "every card" if self.show_all else "admitted"
        self.query_one("#cards-pane").border_title = f"Cards · {mode} · {len(self.shown)}"
        self.query_one("#filter", Static).update(
            Text.assemble(("filter: ", "bold"), self.typed, ("▏", "reverse") if self.typed else "", "")
            if self.typed
            else Text("type to filter: name, code, subtype; f: r: t: c:", style="dim")
        )

    def _update_free(self) -> None:
        table = self.query_one("#cards", QuickTable)
        for key in self.shown:
            free = self._free(self.standings[key])
            if self.free_shown.get(key) != free:
                self.free_shown[key] = free
                style = "red" if free == "✗" else "dim" if free == "0" else "bold"
                table.set_cell(key, "free", Text(free, justify="right", style=style))

    def _fill_deck(self) -> None:
        """The deck's cards by type; when the same rows stay, only the cells that changed."""
        assert self.stats is not None
        table = self.query_one("#deck", QuickTable)
        rows: list[tuple[str, tuple[Text, Text, Text]]] = []
        for group in self.stats.groups:
            heading = Text(f"{group.type.capitalize()} ({group.count})", style="bold")
            rows.append((f"type:{group.type}", (Text(""), heading, Text(""))))
            for c in group.cards:
                cells = (
                    Text(f"{c.count}× ", justify="right"),
                    Text(c.name or f"{c.code} (not in the catalog)", no_wrap=True, overflow="ellipsis"),
                    Text("" if c.cost is None else str(c.cost), justify="right"),
                )
                rows.append((c.code, cells))
        if not rows:
            rows.append(
                ("empty", (Text(""), Text("no cards yet: Enter adds the highlighted card", style="dim"), Text("")))
            )
        keys = [key for key, _ in rows]
        if keys == self.deck_keys:
            for (key, cells), before in zip(rows, self.deck_cells):
                for column, cell, old in zip(("n", "name", "cost"), cells, before):
                    if cell != old:
                        table.set_cell(key, column, cell)
        else:
            current = self._deck_card()
            row = table.cursor_row
            table.clear()
            for key, cells in rows:
                table.add_row(*cells, key=key)
            cards = [None if key.startswith("type:") or key == "empty" else key for key in keys]
            if current in cards:
                table.move_cursor(row=cards.index(current), animate=False)
            else:
                table.move_cursor(row=min(row, len(keys) - 1), animate=False)
        self.deck_keys = keys
        self.deck_cells = [cells for _, cells in rows]
        self.deck_rows = [None if key.startswith("type:") or key == "empty" else key for key in keys]
        self.query_one("#deck-pane").border_title = f"Deck · {plural(self.stats.size, 'card')}"

    def _draw_verdict(self) -> None:
        assert self.stats is not None and self.report is not None
        s, report = self.stats, self.report
        out = Text()
        if report.valid:
            others = [d.name for d in report.decks[1:]]
            beside = f" beside {', '.join(others)}" if others else ""
            coll = " and your collection" if self.session.collection is not None else ""
            out.append(f"✓ valid{beside}{coll}\n", style="green bold")
        else:
            out.append(f"✗ {plural(len(report.violations), 'problem')}\n", style="red bold")
            for v in report.violations:
                out.append(f"{v.rule}", style="red")
                out.append(f"  {v.message}\n")
                if v.hint:
                    out.append(f"  hint: {v.hint}\n", style="dim")
                if v.fix:
                    out.append(f"  fix: {v.fix}\n", style="green")
        out.append("\n")
        castle = s.castle_name or s.castle
        out.append(f"Castle {castle}\n", style="bold")
        if s.castle_back:
            out.append(f"{s.castle_back}\n", style="italic")
        for row in s.rarity_budget:
            limit = "0" if not row.allowed else "any" if row.max is None else str(row.max)
            out.append(f"{row.rarity:<10}", style="red" if row.over or (not row.allowed and row.used) else "")
            out.append(f"{row.used}/{limit:<4}", style="red" if row.over else "")
            out.append(f"{row.admits if row.allowed else 'none allowed'}\n", style="dim")
        if s.deck_size is not None:
            size = s.deck_size
            out.append(f"{'deck':<10}{size.used}/{size.wanted}\n", style="" if size.ok else "red")
        out.append("\nCurve\n", style="bold")
        out.append_text(curve_bars(s))
        for note in report.notes:
            out.append(f"note: {note}\n", style="dim")
        if report.demo:
            out.append(f"\n{demo_note()}\n", style="dim")
        self.query_one("#verdict", Static).update(out)

    def _draw_title(self) -> None:
        assert self.stats is not None and self.report is not None
        s, report = self.stats, self.report
        who = f" ({s.player})" if s.player else ""
        wanted = f"/{s.deck_size.wanted}" if s.deck_size else ""
        verdict = ("✓ valid", "green") if report.valid else (f"✗ {plural(len(report.violations), 'problem')}", "red")
        dirty = ("  ● unsaved", "yellow bold") if self.session.dirty else ("", "")
        self.query_one("#title", Static).update(
            Text.assemble(
                (s.name, "bold"), who, f" · {s.castle_name or s.castle} · {s.size}{wanted} cards · ", verdict, dirty
            )
        )

    def _draw_detail(self) -> None:
        key = self._highlighted_card()
        s = self.standings.get(key) if key else None
        if s is None:
            self.query_one("#detail", Static).update("")
            return
        card = s.card
        head = " · ".join(filter(None, [card.key, card.name, ", ".join(card.subtypes) if card.subtypes else None]))
        if s.refusal is not None:
            why = Text.assemble(("refused: ", "red"), s.refusal.message)
        else:
            beside = f" · {s.in_other_decks} in the other decks" if s.in_other_decks else ""
            by = f" ({LIMITED_BY.get(s.limited_by or '', s.limited_by)})" if s.left == 0 else ""
            why = Text(f"{s.in_deck} in the deck{beside} · {s.left} more allowed{by}")
        self.query_one("#detail", Static).update(
            Text.assemble(Text(head, no_wrap=True, overflow="ellipsis"), "\n", why)
        )

    def _draw_status(self) -> None:
        self.query_one("#status", Static).update(self.message)

    def say(self, message: Text | str, style: str = "") -> None:
        self.message = message if isinstance(message, Text) else Text(message, style=style)
        self._draw_status()

    # --- what is highlighted ----------------------------------------------------------------------

    def _highlighted_card(self) -> str | None:
        table = self.query_one("#cards", DataTable)
        if not self.shown or table.cursor_row >= len(self.shown):
            return None
        return self.shown[table.cursor_row]

    def _deck_card(self) -> str | None:
        table = self.query_one("#deck", DataTable)
        rows = self.deck_rows
        if not rows or table.cursor_row >= len(rows):
            return None
        return rows[table.cursor_row]

    def _target(self) -> str | None:
        """The card the keys act on: the highlighted row of the pane in focus."""
        if self.focused is self.query_one("#deck", DataTable):
            return self._deck_card()
        return self._highlighted_card()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "cards":
            self._draw_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_add()

    # --- keys -------------------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        """Typing filters the cards (letters, digits, spaces and the filter's ``:`` and ``-``)."""
        char = event.character
        if char and (char.isalnum() or char in " :.'") and event.key not in ("plus", "minus", "question_mark"):
            event.stop()
            self.typed += char
            self.query_one("#cards", DataTable).focus()
            self._refilter()

    def _refilter(self) -> None:
        self._fill_cards()
        self._draw_detail()
        shown = plural(len(self.shown), "card")
        self.say(f"{shown} match" + ("" if len(self.shown) != 1 else "es") if self.typed else f"{shown}")

    def action_unfilter_letter(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
            self._refilter()

    def action_unfilter(self) -> None:
        if self.typed:
            self.typed = ""
            self._refilter()

    def _edit(self, change: Callable[[], object], done: str) -> None:
        try:
            change()
        except SkyforgeError as exc:
            self.say(Text("; ".join(p.message for p in exc.problems), style="red"))
            return
        self.refresh_all()
        self.say(done)

    def action_add(self) -> None:
        key = self._target()
        if key is None:
            return
        card = self.session.catalog.cards.get(key)
        self._edit(lambda: self.session.add(key), f"added {key} {card.name if card else ''}".rstrip())

    def action_remove(self) -> None:
        key = self._target()
        if key is None:
            return
        card = self.session.catalog.cards.get(key)
        self._edit(lambda: self.session.remove(key), f"removed {key} {card.name if card else ''}".rstrip())

    def action_undo(self) -> None:
        if self.session.undo():
            self.refresh_all()
            self.say("undone")
        else:
            self.say("nothing to undo")

    def action_switch(self) -> None:
        cards, deck = self.query_one("#cards", DataTable), self.query_one("#deck", DataTable)
        (deck if self.focused is cards else cards).focus()

    def action_show_all(self) -> None:
        self.show_all = not self.show_all
        self._fill_cards()
        self._draw_detail()
        self.say("every card: a refused one says why below" if self.show_all else "the cards the castle admits")

    def action_help(self) -> None:
        self.push_screen(Help())

    def action_save(self) -> None:
        self._save(over=False)

    def _save(self, over: bool) -> None:
        from_disk = not over and self.session.changed_on_disk()
        if from_disk:
            self._ask_changed()
            return
        try:
            self.session.save(over=over)
        except SkyforgeError as exc:
            self.say(Text(exc.render(), style="red"))
            return
        self.disk_warned = False
        self.refresh_all()
        self.say(f"saved {self.session.path}")

    def _ask_changed(self) -> None:
        body = Text.assemble(
            (f"{self.session.path} changed on disk", "bold"),
            " since it was opened (another program or editor wrote it).\n\n"
            "Write your deck over it (what was written there is lost), or reload it "
            "(your unsaved changes are lost)?",
        )

        def answer(choice: str | None) -> None:
            if choice == "o":
                self._save(over=True)
            elif choice == "r":
                self.action_reload()
            else:
                self.say("not saved: the file on disk is as the other program left it")

        self.push_screen(Ask(body, {"o": "overwrite", "r": "reload", "escape": "cancel"}), answer)

    def action_reload(self) -> None:
        try:
            self.session.reload()
        except SkyforgeError as exc:
            self.say(Text(exc.render(), style="red"))
            return
        self.disk_warned = False
        self.refresh_all(rows=True)
        self.say(f"reloaded {self.session.path}")

    def check_disk(self) -> None:
        """A deck file changed on disk: reload it when nothing is unsaved, else say so once."""
        if not self.session.changed_on_disk():
            return
        if not self.session.dirty:
            self.action_reload()
            self.say(f"{self.session.path} changed on disk: reloaded")
        elif not self.disk_warned:
            self.disk_warned = True
            self.say(
                Text(f"{self.session.path} changed on disk: Ctrl+R reloads it; Ctrl+S asks first", style="yellow bold")
            )

    def action_quit_asking(self) -> None:
        if not self.session.dirty:
            self.exit()
            return

        def answer(choice: str | None) -> None:
            if choice == "s":
                self._save(over=False)
                if not self.session.dirty:
                    self.exit()
            elif choice == "q":
                self.exit()

        self.push_screen(
            Ask(
                Text("The deck has unsaved changes.", style="bold"),
                {"s": "save and quit", "q": "quit without saving", "escape": "stay"},
            ),
            answer,
        )

    def action_propose(self) -> None:
        self.say("the assistant is looking for a completion…")
        self._propose()

    @work(thread=True, exclusive=True)
    def _propose(self) -> None:
        try:
            outcome, diff, proposed = self.session.propose()
        except SkyforgeError as exc:
            self.call_from_thread(self.say, Text(exc.render(), style="red"))
            return
        if proposed is None or diff is None:
            why = "; ".join(c.message for c in outcome.conflicts) if outcome.conflicts else "nothing to add"
            self.call_from_thread(self.say, Text(f"no completion: {why}", style="red"))
            return
        self.call_from_thread(self._offer, diff, proposed)

    def _offer(self, diff: DeckDiff, proposed: ProposedDeck) -> None:
        body = Text.assemble(("The deck assistant proposes", "bold"), f" ({diff.a.size} → {diff.b.size} cards):\n\n")
        for sign, rows, style in (
            ("+", diff.added, "green"),
            ("-", diff.removed, "red"),
            ("~", diff.changed, "yellow"),
        ):
            for r in rows:
                change = f"{r.change:+d}" if rows is diff.changed else f"{abs(r.change)}"
                body.append_text(Text.assemble((f"{sign} {change:>3}", style), f"  {r.code}  {r.name or ''}\n"))
        if diff.same:
            body.append("nothing to add: the deck is complete\n")

        def answer(choice: str | None) -> None:
            if choice == "y":
                self._edit(lambda: self.session.accept(proposed), f"accepted the proposal: {diff.b.size} cards")
            else:
                self.say("proposal dropped")

        self.push_screen(Ask(body, {"y": "accept", "n": "drop"}), answer)


def curve_bars(s: DeckStats, height: int = 4) -> Text:
    """The mana curve as columns of block characters, ``height`` lines tall, costs beneath."""
    steps = list(s.curve)
    if not steps:
        return Text("no cards\n", style="dim")
    top = max(step.count for step in steps) or 1
    blocks = " ▁▂▃▄▅▆▇█"
    out = Text()
    for line in range(height, 0, -1):
        for step in steps:
            eighths = round(8 * height * step.count / top) - 8 * (line - 1)
            out.append(blocks[max(0, min(8, eighths))] * 2 + " ", style="cyan")
        out.append("\n")
    out.append("".join(f"{'?' if step.cost is None else step.cost:>2} " for step in steps) + " cost\n", style="dim")
    out.append("".join(f"{step.count:>2} " for step in steps) + " cards\n")
    return out
