"""The workspace file ``skyforge.toml`` as a file format: its JSON Schema, and fuzzed copies of it.

``skyforge schema workspace`` is the model's schema, for editors; the "workspace" cases of
tools/fuzz.py mutate a valid workspace file and run a command in its folder (or a folder below):
no traceback, and a refused file exits 2 naming the file (and the key the mutation added).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.storage.workspace import WorkspaceFile

from .test_fuzz import _base, _check, fuzz


def test_the_schema_of_the_workspace_file_is_its_model(run):
    data = json.loads(run("schema", "workspace").stdout)
    assert data["$schema"].startswith("https://json-schema.org/")
    assert data["additionalProperties"] is False
    assert set(data["properties"]) == {"schema", "catalog", "collection", "decks", "campaigns"}
    for name, field in WorkspaceFile.model_fields.items():
        assert data["properties"][field.alias or name]["description"] == field.description
    assert data["properties"]["catalog"]["type"] == "array"


def test_schema_lists_the_workspace_format(run):
    err = run("schema", "nope", expect=2).stderr
    assert "'workspace'" in err
    assert "skyforge schema workspace > skyforge.schema.json" in run("schema", "--help").stdout


def test_the_fuzzed_workspace_file_is_valid_before_its_mutation(run, workspace):
    (workspace / "skyforge.toml").write_text(fuzz.WORKSPACE_FILE, encoding="utf-8")
    out = json.loads(run("catalog", "check", "--json").stdout)
    assert out["workspace_file"].endswith("skyforge.toml") and out["catalog_from"].endswith("skyforge.toml")
    assert "DEMO" in out["sets"]


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_a_malformed_workspace_file_gets_a_clear_error(rnd):
    _check(fuzz.make_case("workspace", rnd, _base()[1]))


def test_a_refused_workspace_file_is_named_with_its_key():
    case = fuzz.Case(
        "workspace",
        "unknown-key",
        ["deck", "list"],
        {"skyforge.toml": "zz_unknown = 1\n" + fuzz.WORKSPACE_FILE},
        must_fail=True,
        names=("skyforge.toml", "zz_unknown"),
        cwd="decks",  # the workspace file is found in the folder above
    )
    _check(case)
    seen = set()
    rnd = random.Random(0)
    for _ in range(200):
        made = fuzz.make_case("workspace", rnd, _base()[1])
        assert "skyforge.toml" in made.names
        if made.must_fail:
            seen.add(made.mutation.split(":")[0])
    assert {"type", "unknown-key", "nest", "schema"} <= seen


def test_a_refusal_that_names_nothing_is_a_failure_verdict():
    case = fuzz.Case("workspace", "schema", ["deck", "list"], must_fail=True, names=("skyforge.toml",))
    assert fuzz.Outcome(case, 2, 0.1, output="error: skyforge.toml:1: schema: …").verdict == "ok"
    assert fuzz.Outcome(case, 2, 0.1, output="error: something is wrong").verdict == "unnamed"
    assert fuzz.Outcome(case, 1, 0.1, output="error: skyforge.toml:1: schema: …").verdict == "unnamed"
    assert fuzz.Outcome(case, 0, 0.1).verdict == "accepted"


def test_a_prompt_that_meets_the_end_of_input_stops_and_is_no_crash():
    """The fuzz runs commands with no input: a command that asks (`catalog add --ask`) stops as at
    Ctrl-D, exit status 130 with "Aborted."; any other 130 is still an unexpected exit status."""
    _check(fuzz.Case("argv", "random", ["catalog", "add", "--ask"]))
    case = fuzz.Case("argv", "random", ["catalog", "add", "--ask"])
    assert fuzz.Outcome(case, 130, 0.1, output="kind [Tab: 10 choices]: Aborted.\n").verdict == "ok"
    assert fuzz.Outcome(case, 130, 0.1, output="").verdict == "exit-code"


@pytest.mark.parametrize("command", [["campaign", "list"], ["plan", "show"], ["series", "show", "finals"]])
def test_commands_that_only_list_files_check_the_workspace_file_too(tmp_path, monkeypatch, command):
    """A broken skyforge.toml is reported by every command that uses the workspace, not only by
    those that load the catalog: `campaign list` once said "No campaigns yet" and exited 0."""
    from click.testing import CliRunner

    from skyforge.cli.main import cli

    (tmp_path / "skyforge.toml").write_text("catalog = 3\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SKYFORGE_WORKSPACE", raising=False)
    monkeypatch.delenv("SKYFORGE_CATALOG", raising=False)
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 2, result.output
    assert "skyforge.toml:1: catalog: must be a list" in result.output


def test_a_folder_name_too_long_for_the_file_system_is_bad_input(run, workspace):
    # found by the fuzzer: `deck list` stopped with "File name too long" from the operating system
    (workspace / "skyforge.toml").write_text(f'schema = 1\ndecks = "{"x" * 300}"\n', encoding="utf-8")
    err = run("deck", "list", expect=2).stderr
    assert "skyforge.toml:2: decks: a folder or file name of 300 bytes; the most is 255" in err
    assert "Traceback" not in err


def test_a_workspace_file_of_a_16000_part_key_is_refused_before_tomllib_reads_it(run, workspace, monkeypatch):
    """The workspace file is read raw (standard library only) to find the catalog: a dotted key of
    16,000 parts once cost tomllib seconds and a gigabyte there, before the model check refused it."""
    from skyforge import places

    (workspace / "skyforge.toml").write_text("a . " * 16_000 + "a = 1\n", encoding="utf-8")
    monkeypatch.setattr(places.tomllib, "loads", lambda text: pytest.fail("tomllib read the long key"))
    result = run("catalog", "check", expect=2)
    assert "skyforge.toml:1: a key of more than 20 dotted parts (the key-depth limit)" in result.stderr
