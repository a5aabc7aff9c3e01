"""The one store helper: load, update under the lock, create without clobbering, for every file kind."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.errors import InputError, NotFoundError, Problem, option
from skyforge.storage import Store, refuse_overwrite


def _parse(text: str, path: Path) -> list[int]:
    """A file of whole numbers, one a line (a bad line is a problem with its line)."""
    numbers = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.lstrip("-").isdigit():
            raise InputError(Problem("must be a whole number", file=path, line=number, value=line, has_value=True))
        numbers.append(int(line))
    return numbers


def _render(numbers: list[int], before: str | None) -> str:
    return "".join(f"{n}\n" for n in numbers)


NUMBERS = Store("numbers", _parse, _render)
#: a kind whose file not written yet holds nothing (like the battle plan and the collection)
OPTIONAL = Store("numbers", _parse, _render, missing=lambda path: [])


def _not_found(path: Path) -> list[int]:
    raise NotFoundError(Problem(f"no numbers '{path.stem}'"))


def test_create_writes_and_refuses_to_overwrite_unless_forced(tmp_path):
    path = tmp_path / "series" / "n.toml"
    NUMBERS.create(path, [1, 2])
    assert path.read_text() == "1\n2\n" and NUMBERS.load(path) == [1, 2]
    with pytest.raises(InputError) as err:
        NUMBERS.create(path, [3])
    problem = err.value.problems[0]
    assert (problem.message, problem.file) == ("a numbers file already exists here", path)
    # the library names the request's field; the command line words it as --force
    assert problem.hint == f"choose another name, or add {option('force')} to overwrite it"
    assert path.read_text() == "1\n2\n"  # refused: nothing written
    NUMBERS.create(path, [3], force=True)
    assert NUMBERS.load(path) == [3]


def test_the_one_refusal_wording(tmp_path):
    path = tmp_path / "x.toml"
    refuse_overwrite(path, "deck")  # no file: nothing to refuse
    path.write_text("")
    refuse_overwrite(path, "deck", force=True)
    cases = [
        (
            {"kind": "deck"},
            "a deck file already exists here",
            f"choose another name, or add {option('force')} to overwrite it",
        ),
        (
            {"instead": "name another file"},
            "a file already exists here",
            f"name another file, or add {option('force')} to overwrite it",
        ),
        (
            {"kind": "campaign", "instead": "look at it", "forcible": False},
            "a campaign file already exists here",
            "look at it",
        ),
    ]
    for kwargs, message, hint in cases:
        with pytest.raises(InputError) as err:
            refuse_overwrite(path, **kwargs)
        assert (err.value.problems[0].message, err.value.problems[0].hint) == (message, hint)


def test_update_reads_changes_and_writes_under_the_lock(tmp_path):
    path = tmp_path / "n.toml"
    NUMBERS.create(path, [1])
    assert NUMBERS.update(path, lambda ns: [*ns, 2]) == [1, 2]
    assert NUMBERS.load(path) == [1, 2]
    assert NUMBERS.update(path, lambda ns: None) == [1, 2]  # None: the file stays as it is
    assert (tmp_path / ".skyforge" / "locks" / "n.toml.lock").exists()


def test_a_failed_change_writes_nothing(tmp_path):
    path = tmp_path / "n.toml"
    path.write_text("7\n")
    before = path.read_bytes()

    def fail(numbers):
        raise InputError("no")

    with pytest.raises(InputError, match="no"):
        NUMBERS.update(path, fail)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["n.toml"]


def test_render_gets_the_text_it_replaces(tmp_path):
    seen = []
    keeping = Store("numbers", _parse, lambda ns, before: seen.append(before) or _render(ns, before))
    path = tmp_path / "n.toml"
    keeping.create(path, [1])
    keeping.update(path, lambda ns: [*ns, 5])
    assert seen == [None, "1\n"]


def test_a_missing_file(tmp_path):
    path = tmp_path / "nope.toml"
    with pytest.raises(InputError, match="file not found"):
        NUMBERS.load(path)
    with pytest.raises(InputError, match="file not found"):
        NUMBERS.update(path, lambda ns: ns)
    assert not path.exists()
    assert OPTIONAL.load(path) == []  # a file not written yet holds nothing
    assert OPTIONAL.update(path, lambda ns: [*ns, 4]) == [4] and path.read_text() == "4\n"
    strict = Store("numbers", _parse, _render, missing=_not_found)
    with pytest.raises(NotFoundError, match="no numbers 'other'"):
        strict.update(tmp_path / "other.toml", lambda ns: ns)


def test_a_broken_file_is_reported_not_overwritten(tmp_path):
    path = tmp_path / "n.toml"
    path.write_text("1\nlots\n")
    with pytest.raises(InputError) as err:
        OPTIONAL.update(path, lambda ns: [])
    assert err.value.problems[0].line == 2
    assert path.read_text() == "1\nlots\n"


#: one step of a history: ("create", numbers, force) or ("append", n) or ("drop",)
_steps = st.lists(
    st.one_of(
        st.tuples(st.just("create"), st.lists(st.integers(-99, 99), max_size=3), st.booleans()),
        st.tuples(st.just("append"), st.integers(-99, 99)),
        st.tuples(st.just("drop")),
    ),
    max_size=12,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(_steps)
def test_the_file_always_holds_what_the_model_says(tmp_path_factory, steps):
    """Any history of creates and updates leaves the file equal to a plain list kept beside it."""
    path = tmp_path_factory.mktemp("store") / "decks" / "n.toml"
    model: list[int] | None = None
    for step in steps:
        try:
            if step[0] == "create":
                NUMBERS.create(path, step[1], force=step[2])
            elif step[0] == "append":
                NUMBERS.update(path, lambda ns, value=step[1]: [*ns, value])
            else:
                NUMBERS.update(path, lambda ns: ns[:-1] if ns else None)
        except InputError as exc:
            assert exc.problems[0].message in ("a numbers file already exists here", "file not found")
            assert (step[0] == "create" and model is not None) or (step[0] != "create" and model is None)
            continue
        if step[0] == "create":
            model = list(step[1])
        elif step[0] == "append":
            model = [*model, step[1]]
        elif model:
            model = model[:-1]
    assert (NUMBERS.load(path) if path.exists() else None) == model


def _append_many(path: Path, count: int) -> None:
    for i in range(count):

        def append(ns: list[int], i: int = i) -> list[int]:
            return [*ns, i]

        NUMBERS.update(path, append)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32" or not hasattr(os, "fork"), reason="needs fork")
def test_two_processes_lose_no_update(tmp_path):
    path = tmp_path / "n.toml"
    NUMBERS.create(path, [])
    pids = []
    for _ in range(2):
        pid = os.fork()
        if pid == 0:  # child: never return into pytest
            code = 0
            try:
                _append_many(path, 20)
            except BaseException:
                code = 1
            os._exit(code)
        pids.append(pid)
    for pid in pids:
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    assert sorted(NUMBERS.load(path)) == sorted(list(range(20)) * 2)
