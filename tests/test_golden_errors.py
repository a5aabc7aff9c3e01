"""Golden files for the error output of catalog, catalog-import and campaign problems.

Each case is a folder ``tests/golden/errors/<case>/``:

- ``commands``: one skyforge command line per line (shell quoting, without ``skyforge``); ``#``
  starts a comment. A line starting with ``@`` is a step that must succeed and whose output is not
  recorded (setting up a campaign, say); every other line is recorded with its exit status, stdout
  and stderr.
- every other file but ``expected.txt`` is copied into a fresh workspace (beside the shipped example
  decks) before the commands run; ``campaigns/`` inside the case becomes the workspace's.
- ``expected.txt``: the exact output, compared byte for byte.

Regenerate with ``SKYFORGE_UPDATE_GOLDEN=1 pytest tests/test_golden_errors.py`` after a deliberate
change of wording, and read the diff before committing it.
"""

from __future__ import annotations

import os
import shlex
import shutil
from pathlib import Path

import pytest

CASES_DIR = Path(__file__).parent / "golden" / "errors"
CASES = sorted(p for p in CASES_DIR.iterdir() if (p / "commands").is_file())
OWN = {"commands", "expected.txt"}


def _lines(case: Path) -> list[str]:
    text = (case / "commands").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def _transcript(run, case: Path) -> str:
    out = []
    for line in _lines(case):
        quiet = line.startswith("@")
        args = shlex.split(line.lstrip("@ "))
        result = run(*args, expect=0 if quiet else None)
        if quiet:
            continue
        out.append(
            f"$ skyforge {line}\nexit {result.exit_code}\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
        )
    return "\n".join(out)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_golden_errors(run, workspace, case):
    for item in case.iterdir():
        if item.name in OWN:
            continue
        target = workspace / item.name
        if item.is_dir():
            shutil.copytree(item, target, dirs_exist_ok=True)
        else:
            shutil.copy(item, target)
    got = _transcript(run, case)
    expected = case / "expected.txt"
    if os.environ.get("SKYFORGE_UPDATE_GOLDEN"):
        expected.write_text(got, encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8")
    assert "Traceback" not in got


def test_every_case_records_something():
    assert CASES, "no golden error cases found"
    for case in CASES:
        assert any(not line.startswith("@") for line in _lines(case)), f"{case.name} records nothing"
