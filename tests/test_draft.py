"""The pick/ban engine: step orders against rulebook 002/003, refusals, feasibility, seeds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.catalog import load_catalog
from skyforge.catalog.models import DraftFormat
from skyforge.draft import arena, onward
from skyforge.draft import session as sessions
from skyforge.draft.common import find_format, methods
from skyforge.draft.engine import Draft, expand
from skyforge.draft.matching import can_complete
from skyforge.draft.restrictions import FromFaction, Hero, OnePer
from skyforge.errors import RuleError, SkyforgeError, StateError, command

from .conftest import cite


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def order(catalog, fid: str) -> str:
    turns = expand(catalog.draft_formats[fid])
    return " ".join(f"{'ban ' if t.action == 'ban' else ''}{t.team[0].upper()}" for t in turns)


def test_snake_order_four_heroes(catalog):
    cite(
        "002",
        "One player in the Shadow team makes the first pick, choosing just one hero from the "
        "available pool. Then, teams alternate choosing two heroes each until the Shadow team makes "
        "the last pick, choosing just one hero.",
        "Each team chooses 4 different heroes",
    )
    assert order(catalog, "onward-snake-4") == "S L L S S L L S"
    assert order(catalog, "onward-random-4") == "S L L S S L L S"


def test_moba_order_four_heroes(catalog):
    cite(
        "002",
        "In the ban step, each team, starting with the Shadow team, removes one hero from the "
        "drafting pool. Take a ban step before starting the draft and as soon as both teams have "
        "chosen two heroes each.",
    )
    # S1 L2 S1 · ban S, ban L · S1 L2 S1, with a ban step first
    assert order(catalog, "onward-moba-4") == "ban S ban L S L L S ban S ban L S L L S"
    fmt = catalog.draft_formats["onward-moba-4"]
    turns = expand(fmt)
    second_ban = [t.number for t in turns if t.action == "ban"][2]
    before = [t for t in turns[: second_ban - 1] if t.action == "pick"]
    assert sum(t.team == "shadow" for t in before) == 2 and sum(t.team == "light" for t in before) == 2


def test_three_hero_orders_two_lane(catalog):
    cite("002", "for two-player games, we suggest to play with only three heroes per team instead of the usual four.")
    assert order(catalog, "onward-snake-3") == "S L L S S L"
    assert order(catalog, "onward-moba-3") == "ban S ban L S L L S ban S ban L S L"
    # the format is chosen from the data by method, map and players: 3 heroes only on two lanes with two players
    for method in ONWARD_METHODS:
        assert find_format(catalog, "onward", method, map_="two-lane", players=2).team_size == 3
        assert find_format(catalog, "onward", method, map_="two-lane", players=4).team_size == 4
        assert find_format(catalog, "onward", method, map_="three-lane", players=2).team_size == 4


def team_size(map_: str, players: int) -> int:
    """4 heroes a team; 3 on the two-lane map in two-player games (002 Two-Lane Map Set Up)."""
    return 3 if map_ == "two-lane" and players == 2 else 4


#: 002 Choosing Heroes: "Method 1: all random", "Method 2: snake draft", "Method 3: MOBA draft"
ONWARD_METHODS = ("random", "snake", "moba")


def test_methods_and_team_sizes_come_from_the_data(catalog):
    cite(
        "002",
        "Method 1: all random.",
        "Method 2: snake draft.",
        "Method 3: MOBA draft.",
        "Each team chooses 4 different heroes",
        "only three heroes per team instead of the usual four",
    )
    assert methods(catalog, "onward") == list(ONWARD_METHODS)
    assert methods(catalog, "skybound-arena") == ["turns"]
    cite("003", "each player takes control of a team of 5 heroes")
    assert arena.team_size(catalog) == 5


def test_arena_turns(catalog):
    cite(
        "003",
        "take turns selecting hero's until both players have 5 heroes. You're limited to one hero of each colour.",
    )
    assert order(catalog, "arena-turns-5") == "F S F S F S F S F S"


def test_format_validation_rejects_wrong_pick_count():
    with pytest.raises(ValueError, match="picks 1 hero;"):
        DraftFormat(
            id="x",
            game="onward",
            method="snake",
            team_size=2,
            teams=["a", "b"],
            steps=[{"team": "a", "count": 2}, {"team": "b"}],
        )


def hero(key, color=None, faction=None):
    return Hero(key=key, name=key.capitalize(), attrs={"color": color, "faction": faction})


def small(rules=(), heroes=None, steps=None, size=2):
    heroes = heroes or [
        hero("ra", "red", "k"),
        hero("rb", "red", "l"),
        hero("ba", "blue", "k"),
        hero("bb", "blue", "l"),
        hero("ga", "green", "k"),
    ]
    fmt = DraftFormat(
        id="t",
        game="onward",
        method="snake",
        team_size=size,
        teams=["shadow", "light"],
        steps=steps or [{"team": "shadow"}, {"team": "light", "count": 2}, {"team": "shadow"}],
    )
    return Draft(format=fmt, heroes={h.key: h for h in heroes}, restrictions=tuple(rules), seed=1)


def test_refusals_name_the_reason():
    d = small([FromFaction({"shadow": "k", "light": "l"})])
    with pytest.raises(RuleError, match="wrong faction: Shadow drafts only from k; Rb is l"):
        d.choose("rb")
    with pytest.raises(RuleError, match="not your turn: turn 1 is Shadow's pick, not Light's"):
        d.choose("ra", team="light")
    d.choose("ra")
    with pytest.raises(RuleError, match="already taken: Ra is in Shadow's team"):
        d.choose("ra")


def test_colour_already_in_team():
    heroes = [hero("ra", "red"), hero("rb", "red"), hero("rc", "red"), hero("ba", "blue"), hero("bb", "blue")]
    d = small([OnePer("color", "colour")], heroes=heroes)
    d.choose("ra")
    d.choose("rb")
    with pytest.raises(RuleError, match=r"colour already in your team: Light has red \(Rb\)"):
        d.choose("rc")


def test_pick_that_strands_the_other_team_is_refused():
    heroes = [hero("b1", "blue"), hero("r1", "red"), hero("g1", "green"), hero("b2", "blue")]
    d = small([OnePer("color", "colour")], heroes=heroes)
    d.choose("b1")  # Shadow: blue
    d.choose("r1")  # Light: red
    with pytest.raises(RuleError, match="would leave Shadow without a legal team"):
        d.choose("g1")  # Shadow would then need a non-blue hero: none left
    assert d.legal() == ["b2"]


def test_ban_that_dead_ends_is_refused():
    heroes = [
        hero("ra", "red", "k"),
        hero("ba", "blue", "k"),
        hero("rb", "red", "l"),
        hero("bb", "blue", "l"),
        hero("gx", "green", "n"),
    ]
    steps = [{"team": "shadow", "action": "ban"}, {"team": "shadow"}, {"team": "light", "count": 2}, {"team": "shadow"}]
    d = small([FromFaction({"shadow": "k", "light": "l"})], heroes=heroes, steps=steps)
    with pytest.raises(RuleError, match="cannot ban Rb: would leave Light without a legal team"):
        d.choose("rb")
    d.choose("gx")  # bans may take any hero, even outside both factions
    assert d.bans == ["gx"]


def test_undo_and_complete():
    d = small()
    with pytest.raises(StateError, match="nothing to undo"):
        d.undo()
    d.choose("ra")
    assert d.undo().hero == "ra"
    for _ in range(4):
        d.choose_random()
    assert d.done
    with pytest.raises(StateError, match="complete"):
        d.choose("ga")


def test_matching_counts_shared_heroes_once():
    # both teams want the only red hero: not both can finish
    groups = {"r": "red", "b1": "blue", "b2": "blue"}
    ok = can_complete({"a": 2, "b": 2}, list(groups), lambda t, h: True, groups.get, {"a": set(), "b": set()})
    assert not ok
    assert can_complete({"a": 2, "b": 1}, list(groups), lambda t, h: True, groups.get, {"a": set(), "b": set()})


@settings(max_examples=200, deadline=None)
@given(
    colors=st.lists(st.sampled_from(["red", "blue", "green", None]), min_size=3, max_size=9),
    factions=st.lists(st.sampled_from(["k", "l"]), min_size=9, max_size=9),
    one_per_color=st.booleans(),
    by_faction=st.booleans(),
    order=st.permutations(["shadow", "shadow", "shadow", "light", "light", "light", "ban shadow", "ban light"]),
    size=st.integers(1, 3),
    picks=st.lists(st.integers(0, 8), min_size=8, max_size=8),
)
def test_legal_heroes_are_those_each_refusal_allows(colors, factions, one_per_color, by_faction, order, size, picks):
    """``legal`` works out one way to finish every team once a turn and spares most heroes their own
    matching: it gives exactly the heroes whose refusal, each worked out alone, is none."""
    heroes = [hero(f"h{i}", color, factions[i]) for i, color in enumerate(colors)]
    rules = [OnePer("color", "colour")] if one_per_color else []
    rules += [FromFaction({"shadow": "k", "light": "l"})] if by_faction else []
    left = {"shadow": size, "light": size}
    steps = []
    for step in order:
        if step.startswith("ban"):
            steps.append({"team": step.removeprefix("ban "), "action": "ban"})
        elif left[step]:
            left[step] -= 1
            steps.append({"team": step})
    d = small(rules, heroes=heroes, steps=steps, size=size)
    for pick in picks:
        if d.done:
            break
        alone = [k for k in d.available if d.refusal(k) is None]
        assert d.legal() == alone
        if not alone:
            break
        d.choose(alone[pick % len(alone)])


# -- property tests over the shipped catalog -------------------------------------

ONWARD_FACTIONS = st.one_of(st.none(), st.permutations(onward.FACTIONS).map(lambda p: [p[0], p[1]]))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    method=st.sampled_from(ONWARD_METHODS),
    one_per_color=st.booleans(),
    factions=ONWARD_FACTIONS,
    map_=st.sampled_from(onward.MAPS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**31),
)
def test_random_onward_drafts_always_finish_legally(catalog, method, one_per_color, factions, map_, players, seed):
    names = [f"P{i}" for i in range(players)]
    facs = onward.team_factions(factions)
    s = onward.new_draft(
        catalog, method=method, one_per_color=one_per_color, factions=facs, map_=map_, players=names, seed=seed
    )
    s.fill()
    d = s.draft
    assert d.done
    size = team_size(map_, players)
    picked = d.picks("shadow") + d.picks("light")
    assert len(set(picked)) == len(picked) == 2 * size
    assert not set(picked) & set(d.bans)
    for team in onward.TEAMS:
        heroes = [d.heroes[k] for k in d.picks(team)]
        if one_per_color:
            assert len({h.attrs["color"] for h in heroes}) == size
        if facs:
            assert {h.attrs["faction"] for h in heroes} == {facs[team]}
    again = onward.new_draft(
        catalog, method=method, one_per_color=one_per_color, factions=facs, map_=map_, players=names, seed=seed
    )
    again.fill()
    assert again.draft.journal == d.journal and again.players == s.players


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), prefix=st.integers(0, 10), four=st.booleans())
def test_random_arena_drafts_finish_legally_and_undo_replays(catalog, seed, prefix, four):
    cite("003", "A player's team (5 heroes) may only have ONE of any class (colour) of hero included in it.")
    players = ["A", "B", "C", "D"] if four else ["A", "B"]
    s = arena.new_draft(catalog, players=players, seed=seed, two_vs_two=four)
    s.fill()
    journal = list(s.draft.journal)
    assert len(s.draft.teams) == len(players)
    for team in s.draft.teams:
        classes = [s.draft.heroes[k].attrs["hero_class"] for k in s.draft.picks(team)]
        assert len(classes) == 5 == len(set(classes))
    assert len({c.hero for c in journal}) == 5 * len(players)  # each hero picked by one player only
    # undo back to any point and fill again at random: the same seed gives the same draft
    for _ in range(10 - prefix):
        s.draft.undo()
    s.fill()
    assert s.draft.journal == journal


# -- games as a registry ------------------------------------------------------------


def test_each_game_is_reached_through_the_registry(catalog):
    from skyforge.draft.games import GAMES

    assert set(GAMES) == {"onward", "skybound-arena"}
    onward_draft = GAMES["onward"].new(catalog, method="snake", players=["Ann", "Bob"], seed=1)
    arena_draft = GAMES["skybound-arena"].new(catalog, players=["Ann", "Bob"], seed=1)
    for game, s in (("onward", onward_draft), ("skybound-arena", arena_draft)):
        s.fill()
        assert s.game == game and GAMES[game].result(s).dump()["game"] == game
        again = GAMES[game].resume(catalog, {**s.to_file(), "journal": []})
        assert again.draft.format == s.draft.format and again.players == s.players
    assert [e.draw for e in GAMES["onward"].setup(onward_draft)] == [2, 2]
    assert [len(e["heroes"]) for e in GAMES["skybound-arena"].setup(arena_draft)] == [5, 5]
    heading, lines = GAMES["onward"].closing(onward_draft)
    assert heading == "Setup" and lines[1].startswith("  K. Sheets of")


def test_draft_modules_import_one_way():
    """No import loop inside skyforge.draft, counting imports inside functions too."""
    import ast
    from pathlib import Path

    import skyforge.draft

    folder = Path(skyforge.draft.__file__).parent
    graph = {}
    for path in folder.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("skyforge.draft"):
                names |= (
                    {node.module.rsplit(".", 1)[-1]}
                    if node.module != "skyforge.draft"
                    else {a.name for a in node.names}
                )
        graph[path.stem] = names & {p.stem for p in folder.glob("*.py")}

    def reaches(start, target, seen=()):
        return any(n == target or (n not in seen and reaches(n, target, (*seen, n))) for n in graph[start])

    assert [m for m in graph if reaches(m, m)] == []
    assert "onward" not in graph["arena"] and not {"onward", "arena"} & graph["session"]


def test_a_draft_saved_without_a_name_is_named_by_its_file(tmp_path):
    """``start`` with a path and no name: the "already exists" hint names the file's draft (it
    named no draft and told to continue with ``pick ''``)."""
    catalog, path = load_catalog(), tmp_path / "drafts" / "friday.toml"
    options = {"players": ["Ann", "Bob"], "seed": 3}
    sessions.start(catalog, arena.GAME, options, pause=True, path=path, command="arena")
    assert path.exists()
    with pytest.raises(SkyforgeError) as refused:
        sessions.start(catalog, arena.GAME, options, pause=True, path=path, command="arena")
    assert command("arena pick", "friday") in str(refused.value.problems[0].hint)
