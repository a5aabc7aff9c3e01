"""``skyforge catalog init`` and the ``catalog check`` report of what works so far."""

from __future__ import annotations

import json
import re

from skyforge.catalog import load_catalog


def uncomment(text: str) -> str:
    """The starter file with every example block uncommented (the prose comments stay)."""
    out = []
    for line in text.splitlines():
        if re.match(r"^# (\[\[|[a-z_]+ = |  \{ |\]$)", line):
            line = line[2:]
        out.append(line)
    return "\n".join(out) + "\n"


def test_init_writes_a_file_that_loads_and_whose_examples_load(run, workspace):
    run("catalog", "init")
    text = (workspace / "my-cards.toml").read_text(encoding="utf-8")
    assert "001–184  Campaigns base box" in text and "229–255  Colossals expansion" in text
    load_catalog([workspace / "my-cards.toml"])
    (workspace / "all.toml").write_text(uncomment(text), encoding="utf-8")
    catalog = load_catalog([workspace / "all.toml"])
    kinds = {c.kind for c in catalog if catalog.provenance(c) == "user"}
    assert kinds == {"castle", "alliance", "horde", "portal", "scenario", "onward-hero", "arena-hero"}
    assert catalog.get("CAM.001").deck_rules and "MYS" in catalog.sets
    # "any faction, allies only" is written plainly: a line that restricts the rarity's types
    legendary = next(r for r in catalog.get("CAM.001").deck_rules if r.rarity == "legendary")
    assert legendary.any_faction and legendary.only_types == ["ally"]
    assert "not any real card's" in text
    run("catalog", "init", expect=2)  # never overwrites without --force
    run("catalog", "init", "--force")


def test_init_csv_is_the_template_catalog_import_reads(run, workspace):
    run("catalog", "init", "--csv")
    header = (workspace / "my-cards.csv").read_text(encoding="utf-8")
    (workspace / "my-cards.csv").write_text(
        header + "14,alliance,My Knight,2,liothan,rare,ally" + "," * (header.count(",") - 6) + "\n", encoding="utf-8"
    )
    out = run("catalog", "import", "my-cards.csv", "--set", "CAM").stdout
    assert 'code = "CAM.014"' in out and 'name = "My Knight"' in out


def test_check_reports_what_works_and_what_is_missing(run, workspace):
    run("catalog", "init")
    result = run("--catalog", "my-cards.toml", "catalog", "check")
    assert "your files define no cards yet" in result.output
    assert "castle Pools of Flyema: its back (deck_rules and deck_size)" in result.output
    assert "your catalog file my-cards.toml" in result.output
    data = json.loads(run("--catalog", "my-cards.toml", "catalog", "check", "--json").stdout)
    areas = {a["area"]: a for a in data["works"]}
    assert set(areas) == {"deck validation", "game setup (horde deck by difficulty)", "campaigns", "drafts"}
    assert areas["campaigns"]["missing"] and not areas["deck validation"]["ready"][1:]
    assert data["user_files"] == ["my-cards.toml"] and all(f.startswith("@official/") for f in data["files"][:-1])


def test_check_without_a_set_names_the_layering_not_a_missing_set(run, workspace):
    (workspace / "cards.toml").write_text(
        'schema = 1\n[[cards]]\ncode = "CAM.014"\nkind = "alliance"\n'
        'name = "My Knight"\nfaction = "liothan"\nrarity = "rare"\n',
        encoding="utf-8",
    )
    data = json.loads(run("--catalog", "cards.toml", "catalog", "check", "--json").stdout)
    assert "CAM" in data["sets"]
    ready = next(a for a in data["works"] if a["area"] == "deck validation")["ready"]
    assert "1 of 4 alliance cards have rarity and faction" in ready
