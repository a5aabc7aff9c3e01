"""Time the deck editor (`skyforge deck edit`): how soon its screen is up, and each change.

    python benchmarks/bench_editor.py [ROUNDS]

Targets: the screen is up in ≤ 1.5× the time of `deck show` on the same deck (both run in a
pseudo-terminal, 80×24, from start to the screen drawn: for `deck show`, to its exit; for the
editor, to its first full frame, the footer's last key drawn; beside it, the time until the screen
stays as it is, after the frames Textual draws next, e.g. the scroll bars); each change (a key that
adds or removes a card) is checked and redrawn in ≤ 50 ms for a 40-card deck over a 600-card catalog
(benchmarks/bench_assistant.py's, with a second deck at the table), measured in the process by
Textual's pilot at 120×40: from the key to the screen updated. Beside the wall time of a change,
the part spent asking the library and filling the panes (the rest is Textual drawing).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


from bench_assistant import write_catalog
from common import ROOT, arg_rounds, bench_env, run_once, skyforge

DECK = "decks/demo-blue-wall.toml"
TARGET_START = 1.5  # × deck show
TARGET_CHANGE_MS = 50.0


class Terminal:
    """``argv`` running in an 80×24 (or other) pseudo-terminal, its output read as it comes."""

    def __init__(self, argv: list[str], columns: int = 80, lines: int = 24) -> None:
        env = bench_env() | {"TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(lines)}
        self.start = time.perf_counter()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command, in the terminal
            os.chdir(ROOT)
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.seen = b""

    def until(self, what: bytes | None, seconds: float = 60) -> float:
        """Seconds since the start until the output (from now on) holds ``what``; None: until it ends."""
        self.seen = b""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.seen += chunk
            if what is not None and what in self.seen:
                return time.perf_counter() - self.start
        if what is not None:
            raise RuntimeError(f"never saw {what!r}: {self.seen[-400:]!r}")
        return time.perf_counter() - self.start

    def settled(self, quiet: float = 0.3) -> float:
        """Seconds since the start until the last output before ``quiet`` seconds without any: the
        screen as it stays (the frames Textual draws after the first, e.g. the scroll bars)."""
        last = time.perf_counter()
        while True:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return last - self.start
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return last - self.start
            if not chunk:
                return last - self.start
            last = time.perf_counter()

    def cpu(self) -> float:
        """The CPU seconds (user + system) the command has used so far (Linux: /proc)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def key(self, data: bytes, then: bytes) -> float:
        """Seconds from typing ``data`` until the output shows ``then``."""
        self.start = time.perf_counter()
        os.write(self.fd, data)
        return self.until(then)

    def close(self) -> float:
        """End the command (Ctrl+Q, then for sure); the CPU seconds it used in all."""
        try:
            os.write(self.fd, b"\x11")  # Ctrl+Q
            self.until(None, 10)
        except OSError:
            pass
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)
        _, _, usage = os.wait4(self.pid, 0)
        os.close(self.fd)
        return usage.ru_utime + usage.ru_stime


def start_up(rounds: int) -> dict[str, tuple[float, float, float]]:
    """Median wall and CPU seconds until the screen is up: `deck show` to its exit, the editor
    to its first full frame (its CPU read at that moment); and the wall seconds until the
    editor's screen stays as it is (the last output before 0.3 s without any; for `deck show`,
    its exit again)."""
    run_once(skyforge("deck", "validate", DECK))  # warm the catalog cache
    commands = {
        "deck show": (skyforge("deck", "show", DECK), None),
        "deck edit (screen up)": (skyforge("deck", "edit", DECK), b"Propose"),
    }
    times: dict[str, list[tuple[float, float, float]]] = {name: [] for name in commands}
    for i in range(rounds + 1):
        for name, (argv, until) in commands.items():
            terminal = Terminal(argv)
            elapsed = terminal.until(until)
            cpu = terminal.cpu() if until is not None else None
            settled = terminal.settled() if until is not None else elapsed
            total = terminal.close()
            if i:  # the first round warms the bytecode caches
                times[name].append((elapsed, total if cpu is None else cpu, settled))
    medians = {}
    for name, values in times.items():
        wall, cpu, settled = (statistics.median(v[k] for v in values) for k in range(3))
        medians[name] = (wall, cpu, settled)
    return medians


def big_workspace(folder: Path) -> list[str]:
    """The 600-card catalog, a 40-card deck of cards its castle admits and a second deck beside
    it; the arguments of `deck edit` on them."""
    from skyforge.catalog import load_catalog
    from skyforge.cli.editor.session import Session

    write_catalog(folder)
    catalog = load_catalog([folder / "big.toml"])
    free = [s.card.key for s in Session(catalog, folder / "decks" / "start.toml").standings() if s.left > 0]
    cards = "".join(f'"{key}" = 1\n' for key in free[:40])
    (folder / "decks" / "forty.toml").write_text(
        f'schema = 1\nname = "forty"\ncastle = "BIG.001"\n[cards]\n{cards}', encoding="utf-8"
    )
    return [
        "--catalog",
        str(folder / "big.toml"),
        "--workspace",
        str(folder),
        "deck",
        "edit",
        "forty",
        "--with",
        "second",
    ]


def changes(rounds: int) -> tuple[float, float, float, float]:
    """Median and worst milliseconds of a change in a terminal, from the key to the new verdict
    on the screen; the CPU milliseconds of one (the mean); and the median of the part spent asking
    the library and filling the panes."""
    from skyforge.catalog import load_catalog
    from skyforge.cli.editor.app import DeckEditor
    from skyforge.cli.editor.session import Session
    from skyforge.decks import load_deck

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        args = big_workspace(folder)
        terminal = Terminal(skyforge(*args), 120, 40)
        terminal.until(b"Propose")
        walls = []
        try:
            before = terminal.cpu()
            for i in range(2 * rounds):
                plus = i % 2 == 0
                walls.append(terminal.key(b"+" if plus else b"-", b"41/40 cards" if plus else b"40/40 cards"))
            cpu = (terminal.cpu() - before) / (2 * rounds)
        finally:
            terminal.close()
        # the part that is skyforge's: the library's answers and the panes filled, in the process
        catalog = load_catalog([folder / "big.toml"])
        session = Session(catalog, folder / "decks" / "forty.toml", [load_deck(folder / "decks" / "second.toml")])
        assert len(session.standings()) >= 600 and session.stats().size == 40
        app = DeckEditor(session, watch_disk=False)
        parts: list[float] = []

        async def run() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                for i in range(2 * rounds):
                    t = time.perf_counter()
                    app.action_add() if i % 2 == 0 else app.action_remove()
                    parts.append(time.perf_counter() - t)

        asyncio.run(run())
    return 1000 * statistics.median(walls), 1000 * max(walls), 1000 * cpu, 1000 * statistics.median(parts)


def main() -> None:
    rounds = arg_rounds(10)
    up = start_up(rounds)
    (show, show_cpu, _), (edit, edit_cpu, settled) = up["deck show"], up["deck edit (screen up)"]
    ratio = edit / show
    print(f"deck show {DECK}: {show * 1000:.0f} ms, {show_cpu * 1000:.0f} ms CPU")
    print(
        f"deck edit {DECK}, screen up: {edit * 1000:.0f} ms, {edit_cpu * 1000:.0f} ms CPU  → {ratio:.2f}× deck show "
        f"({edit_cpu / show_cpu:.2f}× in CPU; target ≤ {TARGET_START}×); "
        f"settled {settled * 1000:.0f} ms ({settled / show:.2f}×)"
    )
    median, worst, cpu, part = changes(max(rounds, 20))
    print(
        f"a change, 40-card deck over 600 cards: {median:.1f} ms median, {worst:.1f} ms worst, "
        f"{cpu:.1f} ms CPU (library and panes {part:.1f} ms)  (target ≤ {TARGET_CHANGE_MS:.0f} ms)"
    )
    ok = ratio <= TARGET_START and median <= TARGET_CHANGE_MS
    print("OK" if ok else "OVER TARGET")


if __name__ == "__main__":
    main()
