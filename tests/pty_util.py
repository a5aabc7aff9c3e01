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

    ``answer(output_so_far)`` returns what to type when the output asks for it (or ``None``).
    The terminal is ``TERM=dumb`` with ``NO_COLOR=1`` unless ``env`` says otherwise.
    The text comes back without carriage returns, and without ANSI sequences unless ``keep_ansi``.
    ``program`` runs that command line instead (a shell, say), with ``args`` after it.
    """
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
                os.write(fd, reply)
    finally:
        if os.waitpid(pid, os.WNOHANG) == (0, 0):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    text = out.decode("utf-8", "replace").replace("\r", "")
    return text if keep_ansi else _ANSI.sub("", text)


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
