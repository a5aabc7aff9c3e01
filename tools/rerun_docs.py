"""Re-run a walkthrough page of docs/ and paste what its commands print now.

    python tools/rerun_docs.py docs/own-cards.md [--columns 100]

The commands run in a fresh temporary workspace holding copies of decks/ and
collection.toml (as the tests do); files the page shows as ```toml file=NAME are
written there first. The test suite runs the same page and compares.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.walkthrough import prepare, rerun  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", type=Path)
    parser.add_argument("--columns", type=int, default=100)
    args = parser.parse_args()
    page = args.page.resolve()
    os.environ["SKYFORGE_CACHE_DIR"] = "off"
    with tempfile.TemporaryDirectory() as folder:
        workspace = Path(folder)
        prepare(workspace)
        os.chdir(workspace)
        page.write_text(rerun(page.read_text(encoding="utf-8"), workspace, args.columns), encoding="utf-8")
    print(f"re-ran {args.page}")


if __name__ == "__main__":
    main()
