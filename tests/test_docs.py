"""The docs cannot drift: generated references are current, examples run."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT


@pytest.mark.slow
@pytest.mark.parametrize("script", ["tools/gen_cli_docs.py", "tools/gen_format_docs.py"])
def test_generated_reference_is_current(script):
    result = subprocess.run([sys.executable, script, "--check"], cwd=ROOT)
    assert result.returncode == 0, f"out of date: run `python {script}` and commit the result"


def readme_examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## What you can do", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line.split("#")[0].strip() for line in block.strip().splitlines() if line.strip()]


@pytest.mark.slow
def test_readme_examples_run(run, clone_workspace):
    """The README's examples run in order in a fresh clone's workspace, as a reader types them."""
    for line in readme_examples():
        args = shlex.split(line.split(">")[0])
        assert args[0] == "skyforge"
        run(*args[1:])


def test_every_command_is_documented():
    reference = (ROOT / "docs" / "cli-reference.md").read_text(encoding="utf-8")
    from skyforge.cli.main import COMMANDS

    for name in COMMANDS:
        assert f"`skyforge {name}`" in reference


def test_docs_link_to_existing_files():
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for target in re.findall(r"\]\(([^)#:]+\.md)\)", page.read_text(encoding="utf-8")):
            base = page.parent
            assert (base / target).exists(), f"{page.name} links to missing {target}"


def _toml_blocks(page: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return [block.split("```", 1)[0] for block in text.split("```toml\n")[1:]]


def test_file_format_examples_are_valid(tmp_path):
    from skyforge.catalog import load_catalog
    from skyforge.catalog.loader import SHIPPED
    from skyforge.decks import load_collection, load_deck

    blocks = _toml_blocks("file-formats.md")
    assert len(blocks) == 3
    deck, collection, catalog = (tmp_path / n for n in ("deck.toml", "collection.toml", "catalog.toml"))
    for path, block in zip((deck, collection, catalog), blocks):
        path.write_text(block, encoding="utf-8")
    assert load_deck(deck).data.castle == "DEMO.001"
    assert load_collection(collection).products["DEMO"] == 1
    merged = load_catalog([Path(SHIPPED), catalog])
    assert merged.get("CAM.014").name == "My Card"


ARCHITECTURE = ROOT / "docs" / "architecture.md"


def test_architecture_page_names_only_what_exists():
    """Every path in docs/architecture.md exists, and every `path::name` is defined in that file."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = re.findall(r"`((?:src|catalog|tests|docs|tools|benchmarks)/[^`\s:]+)(?:::(\w+))?`", text)
    assert len(named) > 50
    for path, name in named:
        assert (ROOT / path).exists(), f"docs/architecture.md names missing {path}"
        if name:
            source = (ROOT / path).read_text(encoding="utf-8")
            assert re.search(rf"^\s*(?:def|class) {name}\b|^{name}\s*[:=]", source, flags=re.M), (
                f"docs/architecture.md names {path}::{name}, which that file does not define"
            )


def test_architecture_page_lists_the_layers_the_test_enforces():
    from .test_architecture import LAYERS

    text = ARCHITECTURE.read_text(encoding="utf-8")
    for _, patterns in LAYERS:
        for pattern in patterns:
            if pattern != "skyforge":
                assert f"`{pattern}`" in text, f"layer entry {pattern} is missing from docs/architecture.md"
    assert "(docs/architecture.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
