"""Run the real ``skyforge`` in a pseudo-terminal, as a player's shell would (POSIX only).

CliRunner never gives a command a terminal; the tests that need one (tables that fit the window,
interactive prompts) use :func:`run_in_pty`.
"""

from __future__ import annotations

import os
import re
import select
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.conftest import ROOT

#: generous: a guard against a hang, never a timing (speed is measured by benchmarks/)
HANG_GUARD_SECONDS = 120
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


#: keys the terminal turns into a signal (Ctrl-C: SIGINT, Ctrl-\\: SIGQUIT, Ctrl-Z: SIGTSTP)
SIGNAL_KEYS = (b"\x03", b"\x1c", b"\x1a")


def _until_waiting(pid: int, deadline: float) -> None:
    """Wait until the child sleeps (on its read of the terminal, once it has printed a prompt).

    A signal that comes between the prompt's last write and the read that follows is handled
    before the read begins, and the read then waits for ever: a person is never that quick, a
    test is. Where there is no ``/proc`` to tell, the key goes at once.
    """
    stat = Path(f"/proc/{pid}/stat")
    while time.monotonic() < deadline:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return
        if state in ("S", "Z"):  # sleeping, or gone
            return
        time.sleep(0.001)


def run_in_pty(
    args: list[str],
    cwd: Path,
    *,
    columns: int | None = None,
    answer: Callable[[bytes], bytes | None] | None = None,
    env: dict[str, str] | None = None,
    keep_ansi: bool = False,
    program: list[str] | None = None,
) -> str:
    """What ``skyforge ARGS`` prints in a pseudo-terminal (``columns`` wide if given), run in ``cwd``.

    ``answer(output_so_far)`` returns what to type when the output asks for it (or ``None``);
    ``b"\\x03"`` is Ctrl-C and ``b"\\x04"`` Ctrl-D, as a player's keyboard sends them.
    The terminal is ``TERM=dumb`` with ``NO_COLOR=1`` unless ``env`` says otherwise.
    The text comes back without carriage returns, and without ANSI sequences unless ``keep_ansi``.
    ``program`` runs that command line instead (a shell, say), with ``args`` after it.
    """
    return run_in_pty_with_status(
        args, cwd, columns=columns, answer=answer, env=env, keep_ansi=keep_ansi, program=program
    )[0]


def run_in_pty_with_status(
    args: list[str],
    cwd: Path,
    *,
    columns: int | None = None,
    answer: Callable[[bytes], bytes | None] | None = None,
    env: dict[str, str] | None = None,
    keep_ansi: bool = False,
    program: list[str] | None = None,
) -> tuple[str, int]:
    """:func:`run_in_pty`, and the exit status the shell would show (128 + N for a death by signal N)."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the real skyforge on a terminal
        if columns is not None:
            import fcntl
            import struct
            import termios

            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        os.chdir(cwd)
        child = {
            k: v
            for k, v in os.environ.items()
            if k not in ("COLUMNS", "LINES", "SKYFORGE_CATALOG", "FORCE_COLOR", "TTY_COMPATIBLE", "COLORTERM")
        }
        child.update(NO_COLOR="1", TERM="dumb", PYTHONPATH=str(ROOT / "src"))
        child.update(env or {})
        if program:
            os.execvpe(program[0], [*program, *args], child)
        os.execvpe(sys.executable, [sys.executable, "-c", "from skyforge.cli.main import main; main()", *args], child)
    out = b""
    deadline = time.monotonic() + HANG_GUARD_SECONDS
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(
                    f"skyforge {' '.join(args)} still running after {HANG_GUARD_SECONDS} s:\n"
                    + out.decode("utf-8", "replace")
                )
            try:
                data = os.read(fd, 4096)
            except OSError:  # the child has closed the terminal
                break
            if not data:
                break
            out += data
            reply = answer(out) if answer else None
            if reply:
                if any(key in reply for key in SIGNAL_KEYS):
                    _until_waiting(pid, deadline)
                os.write(fd, reply)
    finally:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == 0:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    text = out.decode("utf-8", "replace").replace("\r", "")
    code = os.waitstatus_to_exitcode(status)
    return (text if keep_ansi else _ANSI.sub("", text)), (128 - code if code < 0 else code)


def require_program(path: Path, package: str, purpose: str) -> None:
    """Skip the test when ``path`` is not installed, saying what would run it; under ``CI=true``
    fail instead: CI installs every such program (``.ci/run``), so there the test must run."""
    import pytest

    if path.exists():
        return
    message = f"{path} is not installed: {purpose} (Debian: apt-get install {package})"
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {message}; .ci/run installs it")
    pytest.skip(message)
