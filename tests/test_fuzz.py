"""The fuzz cases of tools/fuzz.py as ordinary property tests (hypothesis drives the generators).

Every file kind (deck, collection, catalog, campaign, draft, series, plan), share codes, CSV and
random command lines: one mutation each, run through the command that reads it. No case may end
in a traceback, hang, leave with an exit status other than 0, 1 or 2, or accept input that the
mutation made invalid. ``python tools/fuzz.py N`` runs many more of the same cases.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import ROOT


def _load_fuzz():
    spec = importlib.util.spec_from_file_location("skyforge_fuzz", ROOT / "tools" / "fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()
FILE_KINDS = [k for k in fuzz.KINDS if k != "argv"]


@lru_cache(maxsize=1)
def _base() -> tuple[Path, dict]:
    folder = Path(tempfile.mkdtemp(prefix="skyforge-fuzz-base-"))
    return folder / "ws", fuzz.build_base(folder / "ws")


def _check(case) -> None:
    base_dir, _ = _base()
    workspace = Path(tempfile.mkdtemp(prefix="skyforge-fuzz-case-")) / "ws"
    try:
        fuzz.prepare(case, base_dir, workspace)
        outcome = fuzz.run_in_process(case, workspace, timeout=60)  # a hang guard, generous for a busy machine
        assert outcome.verdict in ("ok", "slow"), (
            f"{outcome.verdict}: skyforge {' '.join(case.argv)} (mutation {case.mutation})\n"
            f"{outcome.error or outcome.output}"
        )
    finally:
        shutil.rmtree(workspace.parent, ignore_errors=True)


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(FILE_KINDS), st.randoms(use_true_random=False))
def test_malformed_files_get_a_clear_error(kind, rnd):
    _check(fuzz.make_case(kind, rnd, _base()[1]))


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_random_command_lines_never_crash(rnd):
    _check(fuzz.make_case("argv", rnd, _base()[1]))


def test_every_mutation_that_must_fail_does():
    """The silently-accepted count means something: a must-fail mutation of a valid file is refused."""
    rnd = random.Random(0)
    seen = set()
    for _ in range(300):
        case = fuzz.make_case("deck", rnd, _base()[1])
        if case.must_fail:
            seen.add(case.mutation.split(":")[0])
    assert {"type", "unknown-key", "nest", "huge", "schema"} <= seen


@pytest.mark.parametrize("kind", ["sheet", "import", "huge"])
def test_hostile_sheets_imports_and_big_files_get_a_clear_error(kind):
    """The kinds of issue 34: spreadsheets of repeats and zip bombs, JSON nested thousands deep, a
    megabyte of share-code-like text, 100,000 deck entries, a name of 300,000 lines (each: no
    traceback, no hang; refused when the input is bad). tools/fuzz.py checks the 2 s bound."""
    rnd = random.Random(34)
    seen = set()
    for _ in range(4):
        case = fuzz.make_case(kind, rnd, _base()[1])
        seen.add(case.mutation)
        _check(case)
    assert len(seen) > 1
