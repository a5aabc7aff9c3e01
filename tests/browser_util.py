"""Headless Chromium for the tests of skyforge's HTML files (the deck sheet and page, the campaign
sheet): render one as a reader's browser would, on a closed network, and read back its DOM, the
requests it made, its PDF or a screenshot.

CI installs Debian's chromium (``.ci/run``): there a test that needs it fails rather than skips
without it (:func:`require_chromium`).
"""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from tests.pty_util import require_program

CHROMIUM = Path("/usr/bin/chromium")
#: generous: a guard against a hang, never a timing
HANG_GUARD_SECONDS = 90


def require_chromium() -> None:
    require_program(CHROMIUM, "chromium", "the test renders the page in a headless browser")


def browser_args(profile: Path) -> list[str]:
    """Chromium headless, with a fresh profile, no background connections, no header or footer on
    a printed page, and a network that answers nothing: every request goes to a closed port, every
    host name is unknown."""
    return [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-pdf-header-footer",
        "--proxy-server=127.0.0.1:9",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        f"--user-data-dir={profile}",
    ]


def chromium(*args: str, cwd: Path, profile: Path) -> str:
    """Run headless Chromium in ``cwd``; its standard output."""
    return subprocess.run(
        [*browser_args(profile), *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_SECONDS,
    ).stdout


@dataclass(frozen=True)
class Rendered:
    """A page as the browser built it, and what it asked the network for."""

    dom: str
    #: the URLs requested on behalf of the page (not Chromium's own background requests)
    requests: list[str]


def render(page: Path, scratch: Path) -> Rendered:
    """Open ``page`` (a file) and dump its DOM, recording the network log; ``scratch`` is a folder
    for the profile and the log."""
    log = scratch / "net-log.json"
    dom = chromium(f"--log-net-log={log}", "--dump-dom", page.name, cwd=page.parent, profile=scratch / "profile")
    events = json.loads(log.read_text(encoding="utf-8"))
    types = {number: name for name, number in events["constants"]["logEventTypes"].items()}
    requests = [
        e["params"]["url"]
        for e in events["events"]
        if types.get(e["type"]) == "URL_REQUEST_START_JOB"
        # a request made for a page opened from a file is keyed to the file:// site
        and str(e.get("params", {}).get("network_isolation_key", "")).startswith("file://")
    ]
    return Rendered(dom, requests)


def print_pdf(page: Path, scratch: Path) -> int:
    """Print ``page`` to PDF (the paper its CSS asks for); the number of pages."""
    pdf = scratch / (page.stem + ".pdf")
    chromium(f"--print-to-pdf={pdf}", page.name, cwd=page.parent, profile=scratch / "profile")
    return pdf_pages(pdf)


def pdf_pages(pdf: Path) -> int:
    """How many pages a PDF file has (its ``/Type /Page`` objects)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
