"""Headless Chromium for the printable campaign sheet's tests: dump the DOM, print to PDF, screenshot.

CI installs Debian's chromium (.ci/run): under CI=true a missing browser fails the test, elsewhere
it skips.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")


def require_chromium() -> None:
    if CHROMIUM.exists():
        return
    if os.environ.get("CI") == "true":
        pytest.fail("CI=true but /usr/bin/chromium is missing: .ci/run installs it (apt-get install chromium)")
    pytest.skip("no headless browser: /usr/bin/chromium is not installed (Debian: apt-get install chromium)")


def chromium(*args: str, cwd: Path, profile: Path) -> str:
    """Run headless Chromium on a closed network with a fresh profile; its standard output."""
    command = [
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
        f"--user-data-dir={profile}",
        *args,
    ]
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=90, check=True)
    return done.stdout


def pdf_pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
