"""Every rulebook citation in the tests says what the rulebook really says.

Tests name the rules they rely on with ``cite(book, quote, …)`` next to the
assertions; this module reads those calls from the test sources and checks each
quote against the rulebook text. It runs wherever the rulebooks are found
(``SKYFORGE_RULEBOOKS``, or ``shared/rulebooks`` in a folder above the
checkout) and otherwise skips with one reason: a fresh clone has no rulebooks
beside it, and every behaviour test runs all the same. CI sets
``SKYFORGE_REQUIRE_RULEBOOKS=1``: there a missing rulebook folder fails.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass

import pytest

from .conftest import ROOT, find_rulebooks

CITE_NAMES = {"cite"}
TESTS = ROOT / "tests"


@dataclass(frozen=True)
class Citation:
    file: str
    line: int
    book: str
    quotes: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.file}:{self.line} ({self.book})"


def citations() -> tuple[list[Citation], list[str]]:
    """Every ``cite(…)`` call in the tests, and the calls that are not literal strings."""
    found: list[Citation] = []
    not_literal: list[str] = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CITE_NAMES):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if (
                node.keywords
                or not node.args
                or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args)
            ):
                not_literal.append(where)
                continue
            book, *quotes = (str(a.value) for a in node.args if isinstance(a, ast.Constant))
            found.append(Citation(str(path.relative_to(ROOT)), node.lineno, book, tuple(quotes)))
    return found, not_literal


CITATIONS, NOT_LITERAL = citations()


def _normal(text: str) -> str:
    return " ".join(text.split())


def test_citations_are_literal_and_present():
    """Runs everywhere: each citation can be checked (string literals), and the tests do cite."""
    assert not NOT_LITERAL, f"cite() takes string literals only: {NOT_LITERAL}"
    assert len(CITATIONS) >= 50
    assert {c.book for c in CITATIONS} >= {"000", "001", "002", "003", "004"}


@pytest.fixture(scope="module")
def books() -> dict[str, str]:
    folder = find_rulebooks()
    if folder is None:
        if os.environ.get("SKYFORGE_REQUIRE_RULEBOOKS"):
            pytest.fail(
                "SKYFORGE_REQUIRE_RULEBOOKS is set but no rulebooks were found "
                "(set SKYFORGE_RULEBOOKS to the folder of 000_*.txt … files)"
            )
        pytest.skip(
            "rulebook citations not checked: no rulebooks found (set SKYFORGE_RULEBOOKS "
            "to the folder holding 000_*.txt …, or put shared/rulebooks above the checkout)"
        )
    out: dict[str, str] = {}
    for path in sorted(folder.glob("0[0-9][0-9]_*.txt")):
        out.setdefault(path.name[:3], _normal(path.read_text(encoding="utf-8")))
    return out


def test_every_citation_is_in_its_rulebook(books: dict[str, str]):
    wrong = []
    for citation in CITATIONS:
        text = books.get(citation.book)
        if text is None:
            wrong.append(f"{citation}: no rulebook {citation.book}_*.txt")
            continue
        wrong.extend(
            f"{citation}: rulebook {citation.book} does not say {quote!r}"
            for quote in citation.quotes
            if _normal(quote) not in text
        )
    # the official layer names only heroes its rulebook names (Onward 002, Skybound: Arena 003)
    import tomllib

    for file, book in (("onward.toml", "002"), ("arena.toml", "003")):
        data = tomllib.loads((ROOT / "catalog" / "official" / file).read_text(encoding="utf-8"))
        wrong.extend(
            f"catalog/official/{file}: rulebook {book} does not name the hero {card['name']!r}"
            for card in data["cards"]
            if card["kind"].endswith("-hero") and card["name"] not in books[book]
        )
    assert not wrong, "\n".join(wrong)
