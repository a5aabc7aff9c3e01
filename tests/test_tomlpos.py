"""The TOML line locator that lets error messages name the line of a key."""

from __future__ import annotations

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from skyforge.tomlpos import code_spans, key_lines, locate

keys = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
scalars = st.one_of(st.integers(-5, 50), st.text(max_size=12), st.booleans(), st.lists(st.integers(0, 9), max_size=3))
tables = st.dictionaries(keys, scalars, min_size=1, max_size=4)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(top=tables, arrays=st.dictionaries(keys, st.lists(tables, min_size=1, max_size=3), max_size=2))
def test_every_key_is_found_on_its_own_line(top, arrays):
    doc = dict(top)
    for name, items in arrays.items():
        if name not in doc:
            doc[name] = items
    text = tomli_w.dumps(doc)
    lines = text.split("\n")
    found = key_lines(text)
    for key in top:
        if key in arrays and doc[key] is not top[key]:
            continue
        line = found[(key,)]
        assert lines[line - 1].startswith(tomli_w.dumps({key: doc[key]}).split("=")[0].rstrip()), (key, text)
    for name, items in doc.items():
        if isinstance(items, list) and items and isinstance(items[0], dict):
            for i, item in enumerate(items):
                for key in item:
                    line = locate(found, (name, i, key))
                    # its own line for [[name]] tables; the array's line when written inline
                    assert line is not None and line >= found[(name,)]
                    own = lines[line - 1].split("=")[0].strip().strip('"')
                    assert own == key or line == found[(name,)]


def test_nested_arrays_of_tables_and_inline_values():
    text = """schema = 1
[[cards]]
code = "A"
[[cards.deck_rules]]
rarity = "base"
[[cards.deck_rules]]
rarity = "rare"
max = 2
[[cards]]
code = "B"
actions = [
  { name = "x" },
]
deck_size = { min = 1 }
"""
    found = key_lines(text)
    assert found[("cards", 0, "deck_rules", 1, "max")] == 8
    assert found[("cards", 1, "code")] == 10
    assert locate(found, ("cards", 1, "actions", 0, "name")) == 11
    assert locate(found, ("cards", 1, "deck_size", "min")) == 14


def test_quoted_and_multiline_strings():
    text = '[cards]\n"CAM.014" = 2\ntext = """\nname = 3\n"""\n\'x.y\' = 1\n'
    found = key_lines(text)
    assert found[("cards", "CAM.014")] == 2
    assert ("cards", "name") not in found
    assert found[("cards", "x.y")] == 6


def test_code_spans_leave_out_strings_and_comments_but_keep_a_quoted_keys_start():
    text = 'a = "x[#\\"]" # [[[\n"q.r".s = [1] \'lit\\\' \n"""multi " [ """ ['
    code = [text[start:end] for start, end in code_spans(text)]
    assert code == ['a = "', " ", '\n"', ".s = [1] '", ' \n"', " ["]
    # what the nesting check counts is only there: a bracket in a string or a comment is not
    assert "".join(code).count("[") == 2
