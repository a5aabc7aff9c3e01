"""Property tests of the campaign fold: replay = step by step, undo ∘ do = identity, gold in 0..40."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyforge.campaign import commands as c
from skyforge.campaign import events as ev
from skyforge.campaign import journalcache, nextgame, starting, store
from skyforge.campaign import redo as redo_module
from skyforge.campaign.limits import GOLD_MAX, GOLD_MIN
from skyforge.campaign.merge import merge_journals
from skyforge.campaign.state import ReplayError, fold
from skyforge.errors import SkyforgeError

from .campaign_util import Game, created, demo_catalog

_FIRST: dict[int, ev.Created] = {}


def first_event(seed: int):
    if seed not in _FIRST:
        _FIRST[seed] = created(seed=seed)
    return _FIRST[seed]


PLAYERS = ("Alice", "Bo")
STEP = st.one_of(
    st.tuples(st.just("start"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("next")),
    st.tuples(st.just("advance")),
    st.tuples(st.just("advance")),
    st.tuples(st.just("advance")),
    st.tuples(st.just("action"), st.integers(1, 5)),
    st.tuples(st.just("recruit"), st.integers(1, 3), st.booleans()),
    st.tuples(st.just("take"), st.sampled_from(PLAYERS), st.integers(1, 3)),
    st.tuples(st.just("income")),
    st.tuples(st.just("gold"), st.integers(-60, 60)),
    st.tuples(st.just("pillage"), st.integers(1, 12)),
    st.tuples(st.just("exile"), st.sampled_from(PLAYERS), st.integers(0, 30), st.booleans()),
    st.tuples(st.just("exile-horde"), st.integers(0, 60), st.booleans()),
    st.tuples(st.just("mandatory")),
    st.tuples(st.just("health"), st.integers(-10, 40)),
    st.tuples(st.just("end"), st.booleans(), st.integers(0, 25)),
)


def command(step):
    kind, *args = step
    catalog = demo_catalog()
    if kind == "start":
        return lambda s: starting.starting_deck(s, catalog, args[0], auto=True)
    if kind == "next":
        return nextgame.next_game
    if kind == "advance":
        return advance
    if kind == "action":
        return lambda s: c.take_action(s, str(args[0]))
    if kind == "recruit":
        return lambda s: c.recruit(s, args[0], free=args[1])
    if kind == "take":
        return lambda s: c.take_offer(s, args[0], args[1])
    if kind == "income":
        return c.earn_income
    if kind == "gold":
        return lambda s: c.adjust_gold(s, args[0])
    if kind == "pillage":
        return lambda s: c.pillage(s, args[0])
    if kind == "exile":

        def exile(s):
            deck = sorted(s.player(args[0]).deck)
            return c.exile(s, catalog, args[0], deck[args[1] % len(deck)] if deck else "DEMO.001", free=args[2])

        return exile
    if kind == "exile-horde":

        def exile_horde(s):
            deck = sorted(s.horde_deck)
            return c.exile(
                s, catalog, None, deck[args[0] % len(deck)] if deck else "DEMO.100", horde=True, free=args[1]
            )

        return exile_horde
    if kind == "mandatory":
        return c.resolve_mandatory
    if kind == "health":
        return lambda s: c.set_health(s, args[0])
    return lambda s: c.end_game(s, args[0], args[1])


def advance(s):
    """Whatever moves the campaign on: so that random walks reach the later games."""
    waiting = [p for p in s.players if p.offers]
    if waiting:
        return c.take_offer(s, waiting[0].name, 1)
    if s.status == "new":
        return starting.starting_deck(
            s, demo_catalog(), next(p.name for p in s.players if not p.starting_deck_chosen), auto=True
        )
    if s.status == "ready":
        return nextgame.next_game(s)
    if s.status == "scenario":
        return c.earn_income(s)
    return c.end_game(s, True, 9)


# Walks through the campaign: always choose starting decks and set up a game early, so that
# the random steps reach scenarios, offers and the later games.
PREFIX = [("start", "Alice"), ("start", "Bo"), ("next",)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 3), steps=st.lists(STEP, max_size=40), prefix=st.booleans())
def test_replay_equals_step_by_step_and_undo_restores(seed, steps, prefix):
    game = Game(first_event(seed))
    journal = list(game.events)  # as the store writes it: each command's events marked as one
    for step in (PREFIX if prefix else []) + steps:
        before = game.state
        try:
            new = game.do(command(step))
        except SkyforgeError:
            assert game.state is before  # a refused command changes nothing
            continue
        # one command, one event — but `next` also records the scenario's mandatory effect, an
        # event of its own (`campaign mandatory` applies it when `next` did not), and a destroyed
        # castle ends the game lost at once, an event after the command's
        types = [e.type for e in new]
        if len(types) > 1 and types[-1] == "game-ended":
            assert new[-1].result == "lost" and game.state.castle_health <= 0
            types = types[:-1]
        assert len(types) == 1 or types == ["game-set-up", "mandatory-resolved"]
        # gold stays within 0..40 whatever happens
        assert GOLD_MIN <= game.state.gold <= GOLD_MAX
        # replaying the whole journal gives the state built step by step
        assert fold(game.events) == game.state
        # undo (dropping the command's events) gives back the state before, exactly
        assert fold(game.events[: -len(new)]) == before
        journal += ev.one_command(new)
        assert fold(journal) == game.state
        # and it finds them all: the last command starts where this one's events do
        assert ev.last_command(journal) == len(journal) - len(new)
        if types == ["game-set-up", "mandatory-resolved"] and len(new) == 2:
            again = c.resolve_mandatory(fold(game.events[:-1]))  # undo, then apply it again
            assert fold([*game.events[:-1], *again]) == game.state
    # the file round trip keeps every event, each command's mark, and the state
    text = store.render_journal(journal)
    read = store.parse_journal(text, "test.toml")
    assert read.events == journal and read.state == game.state
    # and the cache of journals already validated gives the same events back, unvalidated
    journalcache.write(Path("test.toml"), text, read.events, read.undone)
    kept, undone = journalcache.read(Path("test.toml"), text) or ([], None)
    assert (
        kept == journal
        and undone == []
        and [e.model_fields_set for e in kept] == [e.model_fields_set for e in read.events]
    )
    assert store.render_journal(kept) == text


@settings(max_examples=40, deadline=None)
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["gold", "pillage", "action", "income"]), st.integers(-80, 80)), max_size=60
    )
)
def test_gold_within_bounds_under_any_sequence(steps):
    game = Game(first_event(0)).ready()
    game.do(nextgame.next_game)
    for kind, n in steps:
        try:
            if kind == "gold":
                game.do(c.adjust_gold, n)
            elif kind == "pillage":
                game.do(c.pillage, abs(n) or 1)
            elif kind == "action":
                game.do(c.take_action, str(abs(n) % 5 + 1))
            else:
                game.do(c.earn_income)
        except SkyforgeError:
            pass
        assert 0 <= game.state.gold <= 40
        assert 0 <= fold(game.events).gold <= 40


def test_a_campaign_run_twice_with_one_seed_draws_the_same():
    def play(seed):
        g = Game(first_event(seed)).ready()
        for _ in range(4):
            g.do(nextgame.next_game)
            g.do(c.recruit, 2, free=True)
            g.do(c.take_offer, "Alice", 1)
            g.do(c.take_offer, "Bo", 2)
            g.do(c.earn_income)
            g.do(c.end_game, True, 5)
        return [e.model_dump(exclude={"at"}) for e in g.events]

    assert play(1) == play(1)
    assert play(1) != play(2)


def test_advance_alone_plays_the_whole_campaign():
    game = Game(first_event(0))
    for _ in range(30):
        if game.state.status == "won":
            break
        game.do(advance)
    assert game.state.status == "won" and len(game.state.games) == 4


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 3), steps=st.lists(STEP, max_size=15), undos=st.integers(1, 6), to_game=st.booleans())
def test_undo_then_redo_is_the_identity(tmp_path_factory, seed, steps, undos, to_game):
    """However many commands undo takes back (one by one, or back to a game's set-up at once),
    as many redos give back the journal, event for event, and its state."""
    path = tmp_path_factory.mktemp("c") / "campaigns" / "test.toml"
    store.create(path, first_event(seed))
    for step in [*PREFIX, *steps]:
        try:
            store.update(path, command(step))
        except SkyforgeError:
            continue
    before = store.load(path)
    done = 0
    if to_game:
        try:
            redo_module.undo_to_game(path, 1)
            done = 1
        except SkyforgeError:
            pass
    else:
        for _ in range(undos):
            try:
                store.undo(path)
            except SkyforgeError:
                break
            done += 1
    for _ in range(done):
        redo_module.redo(path)
    after = store.load(path)
    assert after.events == before.events and after.state == before.state and after.undone == []


FREE_STEP = st.one_of(
    st.tuples(st.just("gold"), st.integers(1, 3)),
    st.tuples(st.just("pillage"), st.integers(1, 2)),
)


def _walk(game: Game, steps) -> list:
    for step in steps:
        try:
            game.do(command(step))
        except SkyforgeError:
            continue
    return game.events


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 3),
    shared=st.lists(STEP, max_size=10),
    mine=st.lists(FREE_STEP, max_size=4),
    theirs=st.lists(FREE_STEP, max_size=4),
    health=st.one_of(st.none(), st.integers(1, 30)),
)
def test_merge_is_commutative_on_independent_events_and_equals_replaying_both(seed, shared, mine, theirs, health):
    """Two copies that each noted bookkeeping after they parted (gold here, pillage and castle
    health there) join into one journal whichever copy is "mine", and its state is the state of
    replaying both copies' events one after the other."""
    base = _walk(Game(first_event(seed)), [*PREFIX, *shared])
    a, b = Game(base[0]), Game(base[0])
    a.events, b.events = list(base), list(base)
    a.state = b.state = fold(base)
    _walk(a, mine)
    _walk(b, theirs + ([("health", health)] if health is not None else []))
    # recorded on another device, at another time (the same record on both copies is one event)
    b.events[len(base) :] = [e.model_copy(update={"at": "2000-01-01T00:00:00+00:00"}) for e in b.events[len(base) :]]
    ja = store.Journal(None, a.events, a.state)
    jb = store.Journal(None, b.events, b.state)
    ab, events_ab, _ = merge_journals(ja, jb)
    ba, events_ba, _ = merge_journals(jb, ja)
    assert (ab.outcome == "conflict") == (ba.outcome == "conflict")
    if ab.outcome == "conflict":  # gold at a limit: a recorded change no longer replays
        return
    joined_ab = events_ab if events_ab is not None else a.events
    joined_ba = events_ba if events_ba is not None else b.events
    assert [ev.event_dict(e) for e in joined_ab] == [ev.event_dict(e) for e in joined_ba]
    tail_a, tail_b = a.events[len(base) :], b.events[len(base) :]
    orders = ([*base, *tail_a, *tail_b], [*base, *tail_b, *tail_a])
    states = []
    for order in orders:  # a pillage recorded at low gold replays only where the gold was as low
        try:
            states.append(fold(order))
        except ReplayError:
            continue
    joined = fold(joined_ab)
    assert states and any((s.gold, s.castle_health) == (joined.gold, joined.castle_health) for s in states)
