"""At the table: wording, output that fits, sharing, one card grammar, names, choosing cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SHIPPED_CATALOG, cite

OFFICIAL = str(SHIPPED_CATALOG / "official")


# -- wording ---------------------------------------------------------------------------


def test_counts_and_articles_read_as_english(run):
    from skyforge.text import a, plural

    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards" and plural(0, "problem") == "0 problems"
    assert a("alliance") == "an alliance" and a("castle") == "a castle" and a("Onward") == "an Onward"
    out = run("deck", "add", "demo-blue-wall", "DEMO.015").stdout
    assert "(1 problem)" in out and "1 problems" not in out
    out = run("deck", "show", "demo-blue-wall").stdout
    assert "(1 problem)" in out and "41 cards" in out
    err = run("deck", "add", "demo-blue-wall", "DEMO.001", expect=2).stderr
    assert "is a castle card" in err


def test_official_castle_without_code_is_named_once(run, workspace: Path):
    (workspace / "decks" / "p.toml").write_text('schema = 1\nname = "P"\ncastle = "Pools of Flyema"\n[cards]\n')
    out = run("--catalog", OFFICIAL, "deck", "list").stdout
    assert "Pools of Flyema" in out and "Pools of Flyema Pools of Flyema" not in out
    out = run("--catalog", OFFICIAL, "deck", "show", "p").stdout
    assert "castle Pools of Flyema ·" in out and "castle:pools-of-flyema" not in out


def test_premade_hint_names_decks_without_a_set_by_id(run):
    err = run("--catalog", "@shipped", "deck", "premade", "XYZ", "liothan", expect=2).stderr
    assert "? liothan" not in err and "liothan-shapeshifters (set not in the catalog)" in err


def test_contradictory_setup_options_are_refused(run):
    cite("000", "If there are two players, choose another castle that will remain out of play.")
    err = run(
        "game",
        "setup",
        "--mode",
        "solo",
        "--castle",
        "DEMO.001",
        "--castle2",
        "DEMO.002",
        "--hordes",
        "demo-thornmaw",
        "--difficulty",
        "1",
        expect=2,
    ).stderr
    assert "--castle2 contradicts --mode solo" in err and "Traceback" not in err
    err = run("game", "setup", "--random", "--first-game", "DEMO", expect=2).stderr
    assert "--random and --first-game contradict" in err


# -- one card-reference grammar, one way to name players ---------------------------------


@pytest.mark.parametrize(
    "text,ref,count",
    [
        ("DEMO.007", "DEMO.007", 1),
        ("DEMO.007x3", "DEMO.007", 3),
        ("DEMO.007=3", "DEMO.007", 3),
        ("DEMO.007 x 3", "DEMO.007", 3),
        ("3xDEMO.007", "DEMO.007", 3),
        ("DEMO.007×2", "DEMO.007", 2),
        ("Gullwing Lookout", "Gullwing Lookout", 1),
        ("Gullwing Lookout x3", "Gullwing Lookout", 3),
        ("Gullwing Lookout=2", "Gullwing Lookout", 2),
    ],
)
def test_one_card_grammar(text, ref, count):
    from skyforge.decks.specs import parse_spec

    spec = parse_spec(text)
    assert (spec.ref, spec.count) == (ref, count)


def test_card_grammar_never_crashes():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.decks.specs import parse_spec
    from skyforge.errors import InputError

    @settings(max_examples=200, deadline=None)
    @given(st.text(max_size=30))
    def check(text):
        try:
            spec = parse_spec(text)
        except InputError:
            return
        assert spec.ref and 1 <= spec.count <= 99

    check()


def test_deck_add_takes_equals_and_bad_specs_are_reported_together(run):
    run("deck", "new", "g", "--castle", "DEMO.001")
    run("deck", "add", "g", "DEMO.007=2", "Gullwing Lookout x1")
    text = (Path("decks") / "g.toml").read_text()
    assert '"DEMO.007" = 3' in text  # Gullwing Lookout is DEMO.007
    err = run("deck", "add", "g", "DEMO.007x0", "DEMO.008=-1", expect=2).stderr
    assert "2 problems" in err


def test_campaign_start_deck_reads_the_same_grammar(run):
    cite("000", "at most 18 base cards")
    run(
        "campaign",
        "new",
        "spring",
        "--castle",
        "DEMO.001",
        "--player",
        "Alice=demo-blue-wall",
        "--hordes",
        "demo-thornmaw,demo-ironwraiths,demo-gloomcrawlers",
        "--difficulty",
        "2",
        "--outsider",
        "Orrun the Everwake",
        "--seed",
        "3",
    )
    import json

    state = json.loads(run("campaign", "show", "spring", "--json").stdout)
    market = state["players"][0]["market"]
    from skyforge.catalog import load_catalog

    catalog = load_catalog(None)
    base = [c for c in dict.fromkeys(market) if getattr(catalog.find(c), "rarity", None) == "base"][:3]
    args = [base[0], f"{base[1]}=1", f"{base[2]}x1"]
    out = run("campaign", "start-deck", "spring", "--player", "Alice", *args).stdout
    assert "starting deck: 3 cards" in out


def test_series_win_takes_player_option_and_old_form(run):
    cite("004", "The player who won the previous match is always first player at the start of the next game.")
    run("series", "new", "cup", "--best-of", "3", "--players", "Ann,Bob", "--deck-size", "30")
    run("series", "win", "cup", "--player", "Ann")
    out = run("series", "win", "cup", "Bob").stdout
    assert "Ann 1, Bob 1" in out
    err = run("series", "win", "cup", "Ann", "--player", "Bob", expect=2).stderr
    assert "two winners" in err
    assert "who won" in run("series", "win", "cup", expect=2).stderr


# -- sharing that survives chat ---------------------------------------------------------


def _code(run, *decks):
    return run("deck", "export", *decks, "--format", "code").stdout


def test_share_code_with_whitespace_and_line_breaks_inside(run, workspace: Path):
    code = _code(run, "demo-red-rush").strip()
    broken = f"{code[:15]} {code[15:40]}\n  {code[40:]}\n"
    out = run("deck", "import", broken, "--name", "arg").stdout
    assert "decks/arg.toml" in out and "✓ valid" in out
    run("deck", "import", code[:30], code[30:], "--name", "split-by-shell")
    (workspace / "wrapped.txt").write_text(f"{code[:50]}\n{code[50:]}\n")
    run("deck", "import", "wrapped.txt", "--name", "file")
    run("deck", "import", "-", "--name", "stdin", input=broken)
    for name in ("arg", "split-by-shell", "file", "stdin"):
        assert '"DEMO.' in (workspace / "decks" / f"{name}.toml").read_text()


@pytest.mark.parametrize("shape", ["lines", "one-line", "wrapped"])
def test_multi_deck_codes_import_every_deck(run, workspace: Path, shape):
    codes = _code(run, "demo-blue-wall", "demo-green-grove").split()
    text = {
        "lines": "\n".join(codes),
        "one-line": " ".join(codes),
        "wrapped": "\n".join(c[i : i + 30] for c in codes for i in range(0, len(c), 30)),
    }[shape]
    out = run("deck", "import", "-", "--name", "pair", input=text).stdout
    assert "decks/pair-1.toml" in out and "decks/pair-2.toml" in out
    assert 'castle = "DEMO.003"' in (workspace / "decks" / "pair-2.toml").read_text()


def test_split_codes_property():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.workbench import sharecode

    body = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=40)

    @settings(max_examples=200, deadline=None)
    @given(
        st.lists(body, min_size=1, max_size=4),
        st.lists(st.sampled_from([" ", "\n", "\t", "\r\n"]), max_size=6),
        st.randoms(),
    )
    def check(bodies, spaces, rnd):
        codes = ["SF1." + b for b in bodies]
        text = "".join(codes)
        for space in spaces:  # whitespace anywhere
            i = rnd.randrange(len(text) + 1)
            text = text[:i] + space + text[i:]
        assert sharecode.split_codes(text) == codes

    check()


def test_dash_is_standard_input_and_output(run, workspace: Path):
    deck_text = (workspace / "decks" / "demo-blue-wall.toml").read_text()
    out = run("deck", "export", "demo-red-rush", "--format", "code", "-o", "-").stdout
    assert out.startswith("SF1.")
    toml_out = run("deck", "import", "-", "-o", "-", input=out).stdout
    assert toml_out.startswith("schema = 1") and 'castle = "DEMO.006"' in toml_out
    assert "✓ valid" in run("deck", "validate", "-", input=deck_text).stdout
    assert "Blue Wall" in run("deck", "show", "-", input=deck_text).stdout
    assert "demo-blue-wall" not in run("deck", "export", "-", input=deck_text).stdout
    collection = (workspace / "collection.toml").read_text()
    run("deck", "validate", "demo-blue-wall", "--collection", "-", input=collection, expect=None)
    err = run("deck", "add", "-", "DEMO.007", input=deck_text, expect=2).stderr
    assert "standard input" in err and "not edited in place" in err
    err = run("deck", "diff", "-", "-", input=deck_text, expect=2).stderr
    assert "given twice" in err


def test_html_import_is_refused_in_one_line(run, workspace: Path):
    run("deck", "export", "demo-blue-wall", "--format", "html", "-o", "sheet.html")
    (workspace / "sheet.txt").write_text((workspace / "sheet.html").read_text())
    for source in ("sheet.html", "sheet.txt"):
        err = run("deck", "import", source, expect=2).stderr
        assert err.count("\n") <= 2 and "cannot be read back" in err
        assert "text, Markdown, CSV, JSON, a share code (SF1.…) or a deck page" in err and "cannot resolve" not in err


def test_text_import_reads_common_list_shapes(run, workspace: Path):
    (workspace / "list.txt").write_text(
        "My list\nCastle: DEMO.001\n\nAllies\n2x Gullwing Lookout\nFoamrider Scout x2\n1 DEMO.015\n"
        "Spells (1)\nDEMO.018\n\nTowers:\n"
    )
    out = run("deck", "import", "list.txt", "--name", "shapes").stdout
    text = (workspace / "decks" / "shapes.toml").read_text()
    assert '"DEMO.007" = 2' in text and '"DEMO.015" = 1' in text and '"DEMO.018" = 1' in text
    assert "6 cards" in out and "cannot resolve" not in out


# -- errata said and owned -----------------------------------------------------------------


def test_errata_said_on_edit_and_owned_through_the_original(run, workspace: Path):
    cite("000", "3 Errata Cards — These completely replace cards from previous sets.")
    run("deck", "new", "errt", "--castle", "DEMO.001")
    out = run("deck", "add", "errt", "DEMO.017").stdout
    assert "errata: DEMO.017 Drizzle Ward is replaced by errata DEMO.203 Drizzle Ward: added DEMO.203" in out
    assert '"DEMO.203" = 1' in (workspace / "decks" / "errt.toml").read_text()
    # the collection owns the Demo base box (DEMO.001-184), which holds DEMO.017, not DEMO.203
    import json

    report = json.loads(run("deck", "validate", "errt", "--collection", "collection.toml", "--json", expect=1).stdout)
    assert not [v for v in report["violations"] if v["rule"] == "collection-limit"]
    (workspace / "none.toml").write_text("schema = 1\n[products]\n[cards]\n")
    report = json.loads(run("deck", "validate", "errt", "--collection", "none.toml", "--json", expect=1).stdout)
    assert [v for v in report["violations"] if v["rule"] == "collection-limit"]


# -- names -------------------------------------------------------------------------------------


def test_unicode_names_with_a_stable_file_name(run, workspace: Path):
    import unicodedata

    run("deck", "new", "héros", "--castle", "DEMO.001")
    decomposed = unicodedata.normalize("NFD", "héros")
    assert decomposed != "héros"
    assert "héros" in run("deck", "show", decomposed).stdout  # the same file, whichever é was typed
    assert [p.name for p in (workspace / "decks").glob("h*.toml")] == ["héros.toml"]
    run("deck", "copy", "héros", "Zoë-ø 漢")
    assert (workspace / "decks" / "Zoë-ø 漢.toml").exists()
    run(
        "campaign",
        "new",
        "camp ü",
        "--castle",
        "DEMO.001",
        "--player",
        "Zoë=demo-blue-wall",
        "--hordes",
        "demo-thornmaw,demo-ironwraiths,demo-gloomcrawlers",
        "--difficulty",
        "2",
        "--outsider",
        "Orrun the Everwake",
        "--seed",
        "1",
    )
    assert (workspace / "campaigns" / "camp ü.toml").exists()
    run("deck", "new", "हिंदी", "--castle", "DEMO.001")  # combining vowel signs are part of the letters
    for bad in ("../x", "a/b", "_x", "..", " x", "a\tb", "\u0301x"):
        assert "not a valid deck name" in run("deck", "new", bad, "--castle", "DEMO.001", expect=2).stderr


def test_did_you_mean_at_the_top_level_too(run):
    assert "Did you mean 'deck'?" in run("dekc", expect=2).stderr
    assert "Did you mean 'campaign'?" in run("campain", expect=2).stderr
    assert "Did you mean 'validate'?" in run("deck", "valdate", expect=2).stderr


def test_campaign_new_reports_every_problem_with_suggestions(run):
    err = run(
        "campaign",
        "new",
        "x",
        "--castle",
        "DEMO.001",
        "--player",
        "Alice=demo-blue-wall",
        "--outsider",
        "Orrun",
        "--hordes",
        "A,B",
        "--difficulty",
        "2",
        expect=2,
    ).stderr
    assert "error: 4 problems" in err and "no horde 'A'" in err and "no horde 'B'" in err
    assert "three different hordes" in err and "did you mean DEMO.168 'Orrun the Everwake'?" in err


def test_deck_file_key_errors_and_unknown_cards_together(run, workspace: Path):
    (workspace / "decks" / "k.toml").write_text(
        'schema = 1\nname = "K"\ncastel = "DEMO.001"\n[cards]\n"DEMO.999" = 1\n"DEMO.008" = 0\n'
    )
    err = run("deck", "validate", "k", expect=2).stderr
    assert "unknown key 'castel'" in err and "did you mean 'castle'?" in err
    assert 'decks/k.toml:5: cards."DEMO.999": DEMO.999 is not in the catalog' in err
    assert "must be at least 1" in err


def test_fixes_name_decks_by_file_when_players_share_a_name(run, workspace: Path):
    cite("000", "3 copies of any Common card")
    source = (workspace / "decks" / "demo-blue-wall.toml").read_text().replace('player = "Alice"', 'player = "Me"')
    (workspace / "decks" / "me1.toml").write_text(source)
    (workspace / "decks" / "me2.toml").write_text(source.replace("Blue Wall", "Other"))
    out = run("deck", "validate", "me1", "me2", expect=1).stdout
    assert "3 in Me's deck (decks/me1.toml), 3 in Me's deck (decks/me2.toml)" in out
    assert "fix: remove 3 × DEMO.007 from Me's deck (decks/me1.toml)" in out


def test_plan_record_near_miss_and_new(run, workspace: Path):
    err = run("plan", "record", "liothan-shapeshifter", "renegade", "--won", expect=2).stderr
    assert "did you mean 'liothan-shapeshifters'?" in err and "--new" in err
    assert not (workspace / "plan.toml").exists()
    run("plan", "record", "liothan-shapeshifters", "renegade", "--won")
    run("plan", "record", "Blue Wall", "undead", "--won")  # a deck in decks/, by its name
    run("plan", "record", "my-table-deck", "undead", "--lost", "--new")
    run("plan", "record", "my-table-deck", "undead", "--won")
    assert "my-table-deck" in run("plan", "show").stdout


# -- help choosing cards ---------------------------------------------------------------------


def _for(run, *args):
    import json

    return json.loads(run("cards", "search", "--json", *args).stdout)


def test_cards_search_for_a_deck_lists_what_it_may_still_take(run, workspace: Path):
    cite(
        "000",
        "across all players' decks, there can be at most 1 copy of any Mythic or Legendary card, "
        "2 copies of any Rare card, and 3 copies of any Common card.",
    )
    run("deck", "new", "t", "--castle", "DEMO.001")
    run("deck", "add", "t", "DEMO.007x2", "DEMO.028")
    data = _for(run, "--for", "t")
    rows = {c["code"]: c for c in data["cards"]}
    assert rows["DEMO.007"]["left"] == 1 and rows["DEMO.007"]["in_deck"] == 2
    assert "DEMO.028" not in rows  # a mythic: its one copy is in the deck
    assert all(c["faction"] in ("liothan", "taulot") or c.get("subtypes") for c in data["cards"])
    assert not [c for c in data["cards"] if c["faction"] == "kurumo" and not c.get("subtypes")]
    # with the other player's deck, copies there count too
    (workspace / "decks" / "o.toml").write_text(
        'schema = 1\nname = "O"\ncastle = "DEMO.003"\n[cards]\n"DEMO.007" = 1\n'
    )
    rows = {c["code"]: c for c in _for(run, "--for", "t", "--with", "o")["cards"]}
    assert "DEMO.007" not in rows
    # a collection: only copies you own and the decks do not use
    (workspace / "few.toml").write_text('schema = 1\n[products]\n[cards]\n"DEMO.008" = 2\n')
    rows = {c["code"]: c for c in _for(run, "--for", "t", "--collection", "few.toml")["cards"]}
    assert set(rows) == {"DEMO.008"} and rows["DEMO.008"]["left"] == 2
    assert rows["DEMO.008"]["limited_by"] == "collection"
    out = run("cards", "search", "--for", "t", "--rarity", "mythic").stdout
    assert "left" in out and "DEMO.029" in out and "DEMO.028" not in out
    err = run("cards", "search", "--with", "o", expect=2).stderr
    assert "--for" in err


def test_cards_search_for_respects_the_rarity_limit(run, workspace: Path):
    # the shipped Blue Wall holds as many mythic cards as its castle's back allows
    data = _for(run, "--for", "demo-blue-wall")
    assert data["rarity_left"]["mythic"] == 0 and not [c for c in data["cards"] if c["rarity"] == "mythic"]
    assert data["notes"] and "40 cards" in data["notes"][0]


def test_deck_show_chance_to_draw_by_turn(run):
    cite("000", "Each player draws five cards from their alliance deck.")
    from fractions import Fraction
    from math import comb

    from skyforge.workbench.odds import p_drawn_by

    assert p_drawn_by(1, 40, 10) == Fraction(10, 40)
    assert p_drawn_by(3, 40, 10) == 1 - Fraction(comb(37, 10), comb(40, 10))
    assert p_drawn_by(3, 40, 0) == 0 and p_drawn_by(3, 3, 3) == 1
    import json

    data = json.loads(run("deck", "show", "demo-blue-wall", "--turns", "5", "--json").stdout)
    assert data["draws"] == {"turns": 5, "cards_seen": 10, "hand": 5, "per_turn": 1}
    card = next(c for g in data["groups"] for c in g["cards"] if c["code"] == "DEMO.028")
    assert card["drawn_by_turn"] == 0.25
    out = run("deck", "show", "demo-blue-wall", "--turns", "5").stdout
    assert "by turn 5" in out and "25%" in out and "59%" in out


# -- comments survive edits --------------------------------------------------------------------

MY_DECK = """# my deck, built for Friday
schema = 1
name = "Cm"   # the name
castle = "DEMO.001"

[cards]
# the core
"DEMO.007" = 3  # Gullwing -- keep 3!
"DEMO.009" = 2
# finishers
"DEMO.028" = 1  # Captain
"""


def test_deck_edits_keep_comments_and_layout(run, workspace: Path):
    deck = workspace / "decks" / "cm.toml"
    deck.write_text(MY_DECK)
    run("deck", "add", "cm", "DEMO.008", "DEMO.040")
    run("deck", "remove", "cm", "DEMO.009x2", "DEMO.007")
    assert deck.read_text() == MY_DECK.replace(
        '"DEMO.007" = 3  # Gullwing -- keep 3!\n"DEMO.009" = 2\n',
        '"DEMO.007" = 2  # Gullwing -- keep 3!\n"DEMO.008" = 1  # Saltmarsh Pikeman (liothan base)\n',
    ).replace(
        '"DEMO.028" = 1  # Captain\n', '"DEMO.028" = 1  # Captain\n"DEMO.040" = 1  # Bramblecoat Warden (taulot base)\n'
    )
    run("deck", "rename", "cm", "cm2")
    text = (workspace / "decks" / "cm2.toml").read_text()
    assert text.startswith("# my deck, built for Friday\n") and 'name = "cm2"   # the name' in text
    assert "# finishers" in text


def test_deck_edit_keeps_comments_property():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.decks.files import parse_deck
    from skyforge.workbench.deckfile import edited_text

    codes = st.sampled_from([f"DEMO.{n:03d}" for n in range(7, 60)])

    @settings(max_examples=60, deadline=None)
    @given(
        st.dictionaries(codes, st.integers(1, 3), max_size=8),
        st.dictionaries(codes, st.integers(1, 3), max_size=8),
        st.text(alphabet="abc xyz-", min_size=1, max_size=12),
    )
    def check(before, after, remark):
        lines = ["# " + remark, "schema = 1", 'name = "P"', 'castle = "DEMO.001"', "", "[cards]"]
        lines += [f'"{k}" = {v}  # {remark}' for k, v in sorted(before.items())]
        text = "\n".join(lines) + "\n"
        deck = parse_deck(text, "p.toml").data
        new = edited_text(text, deck.model_copy(update={"cards": after}))
        assert parse_deck(new, "p.toml").data.cards == after
        assert new.startswith("# " + remark + "\n")
        kept = set(before) & set(after)
        assert new.count(f"# {remark}") >= 1 + len(kept)

    check()


def test_collection_edits_keep_comments(run, workspace: Path):
    path = workspace / "collection.toml"
    original = path.read_text()
    assert original.startswith("# Example collection")
    out = run("collection", "add", "--product", "DEMO:Demo expansion", "DEMO.207x2").stdout
    assert "added 1 × DEMO:Demo expansion" in out and "added 2 × DEMO.207" in out
    run("collection", "remove", "DEMO.205")
    text = path.read_text()
    assert text.startswith(original.split("schema")[0])  # the comment lines stay
    assert '"DEMO.205" = 1' in text and '"DEMO.207" = 2  # Cinderpeak Sapper' in text
    assert '"DEMO:Demo expansion" = 1' in text
    err = run("collection", "remove", "DEMO.208x5", expect=2).stderr
    assert "cannot remove 5" in err
    err = run("collection", "add", "DEMO.999", "--product", "XYZ", expect=2).stderr
    assert "2 problems" in err
    import json

    data = json.loads(run("collection", "show", "--json").stdout)
    assert data["products"] == {"DEMO": 1, "DEMO:Demo expansion": 1} and data["total"] > 200
    run("collection", "add", "--product", "DEMO", "--file", "new.toml")
    assert (workspace / "new.toml").read_text().count("DEMO = 1") == 1


def test_collection_add_of_a_card_without_a_code_says_so_and_where_to_add_one(run, workspace: Path):
    """A collection records cards by code: a card the catalog has no code for is named as such,
    not reported missing with itself as the suggestion."""
    (workspace / "mine.toml").write_text(
        'schema = 1\n[[cards]]\nkind = "alliance"\nname = "My Card"\nfaction = "liothan"\nrarity = "rare"\n',
        encoding="utf-8",
    )
    before = (workspace / "collection.toml").read_text()
    err = run("--catalog", "mine.toml", "collection", "add", "My Card", expect=2).stderr
    assert "card 'My Card' has no code, and a collection records cards by code" in err
    assert 'add code = "SET.NNN"' in err and "mine.toml" in err
    assert "no card" not in err and "did you mean" not in err
    err = run("collection", "add", "Pools of Flyema", expect=2).stderr  # official, codeless
    assert "'Pools of Flyema' has no code" in err and 'kind = "castle", name = "Pools of Flyema"' in err
    assert (workspace / "collection.toml").read_text() == before


def test_dash_for_team_files(run, workspace: Path):
    team = 'schema = 1\nplayer = "Ann"\nheroes = ["Ashka", "Brenna", "Corvin", "Delphi", "Eskel"]\n'
    (workspace / "teams").mkdir()
    (workspace / "teams" / "bob.toml").write_text(team.replace("Ann", "Bob"))
    out = run("arena", "team", "validate", "-", input=team, expect=None).stdout
    assert "<stdin>: Ann" in out
    out = run("arena", "setup", "-", "bob", input=team, expect=None)
    assert "Ann" in out.stdout + out.stderr


def test_game_setup_reports_every_unknown_name_at_once(run):
    err = run(
        "game",
        "setup",
        "--castle",
        "DEMO.0011",
        "--hordes",
        "demo-thornmw,x",
        "--outsider",
        "Orrun",
        "--difficulty",
        "2",
        expect=2,
    ).stderr
    assert "error: 4 problems" in err and "did you mean DEMO.001" in err and "did you mean 'demo-thornmaw'?" in err
    assert "did you mean 'Orrun the Everwake'?" in err


def test_text_import_shapes_property():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from skyforge.catalog import load_catalog
    from skyforge.workbench.formats import import_decks

    catalog = load_catalog(None)
    errata = {catalog.replaced_by(c.key) for c in catalog.of_kind("alliance")}
    pool = sorted(
        c.key
        for c in catalog.of_kind("alliance")  # no errata pairs: they share a name
        if c.code and c.code.startswith("DEMO.") and not catalog.replaced_by(c.key) and c.key not in errata
    )
    shapes = [
        "{n}x {name}",
        "{n}x{name}",
        "{name} x{n}",
        "{name} ×{n}",
        "{n} {name}",
        "- {n} {code} {name}",
        "{code}x{n}",
        "{code}={n}",
        "{n}x {code}",
    ]
    headings = ["Allies", "Spells (3)", "Towers:", "# Attachments", "Main deck", ""]

    @settings(max_examples=40, deadline=None)
    @given(
        st.dictionaries(st.sampled_from(pool), st.integers(1, 3), min_size=1, max_size=10),
        st.lists(st.sampled_from(shapes), min_size=10, max_size=10),
        st.lists(st.sampled_from(headings), min_size=10, max_size=10),
    )
    def check(cards, picked, heads):
        lines = ["Name: Shapes", "Castle: DEMO.001"]
        for (code, n), shape, head in zip(sorted(cards.items()), picked, heads):
            lines += [head, shape.format(n=n, name=catalog.cards[code].name, code=code)]
        result = import_decks(catalog, "list.txt", body="\n".join(lines) + "\n")[0]
        assert not result.problems, [p.render() for p in result.problems]
        assert result.deck.cards == cards

    check()


def test_imported_deck_file_name_keeps_unicode_letters(run, workspace: Path):
    (workspace / "list.txt").write_text("Zoë's Héros\nCastle: DEMO.001\n3x DEMO.007\n")
    out = run("deck", "import", "list.txt").stdout
    assert "decks/zoë-s-héros.toml" in out and (workspace / "decks" / "zoë-s-héros.toml").exists()


def test_dash_for_catalog_files(run, workspace: Path):
    text = run("catalog", "init", "-").stdout
    assert "[[" in text and not (workspace / "-").exists()
    csv = "code,kind,name,faction,rarity,type,cost\nDEMO.240,alliance,Tidewatch Novice,liothan,base,ally,1\n"
    out = run("catalog", "import", "-", "--set", "DEMO", "-o", "-", input=csv).stdout
    assert 'code = "DEMO.240"' in out and "Tidewatch Novice" in out


def test_plan_record_a_horde_outside_your_hordes_needs_new(run, workspace: Path):
    run("plan", "use", "--hordes", "renegade,undead")
    err = run("plan", "record", "liothan-shapeshifters", "predator", "--won", expect=2).stderr
    assert "horde 'predator' is not among your hordes (renegade, undead)" in err and "--new" in err
    err = run("plan", "record", "liothan-shapeshifters", "predatr", "--won", expect=2).stderr
    assert "did you mean 'predator'?" in err
    run("plan", "record", "liothan-shapeshifters", "predator", "--won", "--new")
    assert "predator" in (workspace / "plan.toml").read_text().split("results")[0]
