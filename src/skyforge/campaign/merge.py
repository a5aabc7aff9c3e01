"""Joining two copies of one campaign (``campaign merge``, the git merge driver).

Two copies share the journal up to where they parted. After it:

* one copy holds all the other's events and more: it **fast-forwards**;
* each added events, and those are **independent** — bookkeeping that may happen at any moment
  of a game (:data:`FREE`: gold noted, castle health set, cards pillaged or exiled), or the same
  steps on both — they are **joined**: the copy that took game steps first, the other copy's
  bookkeeping after it (both orders give one journal: the join does not depend on which copy is
  "mine"), and the whole journal is replayed, so every precondition
  (:mod:`skyforge.campaign.preconditions`) is checked;
* both recorded the same step differently (another offer taken, a game won here and lost there,
  another scenario drawn, the castle health set to one value here and another there), or the
  join does not replay: a **conflict**, said in the game's words
  (game, step, player, cards) and nothing written — unless one copy is kept (``keep``): its events
  win, and the other's bookkeeping is joined where it still replays.

Two copies of different campaigns (another setup or seed) are refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from skyforge.campaign import events as ev
from skyforge.campaign.report import cards_named, summary
from skyforge.campaign.state import CampaignState, ReplayError, fold, next_step
from skyforge.campaign.store import CAMPAIGNS, Journal, _named, parse_journal, render_journal
from skyforge.empty import empty_list
from skyforge.errors import InputError, Problem
from skyforge.results import Result
from skyforge.storage import atomic_write, read_text

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

#: events that may happen at any moment of a game, whatever the other copy did meanwhile
FREE = frozenset({"gold-adjusted", "health-set", "pillaged", "exiled"})

Outcome = Literal["up-to-date", "fast-forward", "joined", "conflict", "kept-mine", "kept-theirs"]


class Conflict(Result):
    """One step the two copies recorded differently, in the game's words."""

    game: int
    step: str
    player: str | None = None
    mine: str
    theirs: str
    cards: list[str] = Field(default_factory=empty_list)
    reason: str | None = None


class MergeResult(Result):
    """What a merge did (or would do): the outcome, how many events each copy alone had, the
    events of the journal after it, and the conflicts that stop it."""

    campaign: str
    other: str
    outcome: Outcome
    common: int
    mine_only: int
    theirs_only: int
    events: int
    conflicts: list[Conflict] = Field(default_factory=empty_list)
    left_out: list[str] = Field(default_factory=empty_list)


def _plain(event: ev.Event, when: bool = False) -> dict:
    """An event compared across copies: without its command mark, and (unless ``when``) without
    the time it was recorded: one step taken alike on both copies is the same step."""
    data = ev.event_dict(event)
    if not when:
        data.pop("at", None)
    data.pop("same_command", None)
    return data


def _recorded(event: ev.Event) -> dict:
    """An event as recorded once: two copies hold the same record only with the same time."""
    return _plain(event, when=True)


def _same_campaign(mine: Journal, theirs: Journal, other: Path | str) -> None:
    a = mine.events[0].model_dump(exclude={"name", "at"})
    b = theirs.events[0].model_dump(exclude={"name", "at"})
    if a != b:
        differ = sorted(k for k in a if a[k] != b.get(k))
        raise InputError(
            Problem(
                f"is another campaign, not a copy of {mine.state.name}: its setup differs ({', '.join(differ)})",
                file=other,
                key="events[0]",
                hint="merge two copies of the same campaign (the same setup and seed)",
            )
        )


def load_other(file: Path | str) -> Journal:
    """Another copy of a campaign, read and checked as a campaign file (every problem with file,
    line and key)."""
    return parse_journal(read_text(Path(file)), file)


def merge_journals(
    mine: Journal,
    theirs: Journal,
    other: Path | str = "",
    keep: Literal["mine", "theirs"] | None = None,
    catalog: Catalog | None = None,
) -> tuple[MergeResult, list | None, CampaignState | None]:
    """Join ``theirs`` into ``mine``: the result, the joined journal and its state (None: nothing
    to write)."""
    _same_campaign(mine, theirs, other)
    a, b = mine.events, theirs.events
    common = 0
    while common < min(len(a), len(b)) and (a[common] == b[common] or _recorded(a[common]) == _recorded(b[common])):
        common += 1
    tail_a, tail_b = a[common:], b[common:]

    def result(outcome: Outcome, events: int, **more: list) -> MergeResult:
        return MergeResult.of(
            campaign=mine.state.name,
            other=str(other),
            outcome=outcome,
            common=common,
            mine_only=len(tail_a),
            theirs_only=len(tail_b),
            events=events,
            conflicts=more.get("conflicts", []),
            left_out=more.get("left_out", []),
        )

    if not tail_b:
        return result("up-to-date", len(a)), None, None
    if not tail_a:
        return result("fast-forward", len(b)), list(b), theirs.state
    joined, conflicts, state = _join(a[:common], tail_a, tail_b, catalog)
    if joined is not None:
        return result("joined", len(joined)), joined, state
    if keep is None:
        return result("conflict", len(a), conflicts=conflicts), None, None
    win, lose = (tail_a, tail_b) if keep == "mine" else (tail_b, tail_a)
    kept, left_out = _kept(a[:common] + win, lose, catalog)
    outcome: Outcome = "kept-mine" if keep == "mine" else "kept-theirs"
    return result(outcome, len(kept), left_out=left_out), kept, fold(kept)


def _steps(tail: list) -> list:
    return [e for e in tail if e.type not in FREE]


def _join(
    base: list, tail_a: list, tail_b: list, catalog: Catalog | None = None
) -> tuple[list | None, list[Conflict], CampaignState | None]:
    """The joined journal, or the conflicts that stop it. Symmetric in the two tails."""
    steps_a, steps_b = [_plain(e) for e in _steps(tail_a)], [_plain(e) for e in _steps(tail_b)]
    shorter = min(len(steps_a), len(steps_b))
    for i in range(shorter):
        if steps_a[i] != steps_b[i]:
            return None, [_conflict(base, _steps(tail_a)[i], _steps(tail_b)[i], catalog)], None
    health_a = [e for e in tail_a if e.type == "health-set"]
    health_b = [e for e in tail_b if e.type == "health-set"]
    if health_a and health_b and health_a[-1].castle_health != health_b[-1].castle_health:
        return None, [_conflict(base, health_a[-1], health_b[-1], catalog)], None  # one castle, two healths
    # the copy with the game steps (the more of them; on a tie, the one whose text sorts first)
    # goes first; the other copy's bookkeeping follows, each event a command of its own
    first, second = sorted((tail_a, tail_b), key=lambda t: (-len(_steps(t)), repr([_recorded(e) for e in t])))
    seen = [_recorded(e) for e in first]
    extra = []
    for event in second:
        plain = _recorded(event)
        if plain in seen:
            seen.remove(plain)  # the same record on both copies: once
            continue
        if event.type in FREE:
            extra.append(event.model_copy(update={"same_command": None}))
    joined = base + first + extra
    try:
        state = fold(joined)
    except ReplayError as exc:
        bad = joined[exc.index]
        ours = [_plain(e) for e in tail_a]
        if _plain(bad) in ours:  # the other copy's last event is what it cannot follow
            return None, [_conflict(base, bad, tail_b[-1], catalog, exc.reason)], None
        return None, [_conflict(base, tail_a[-1], bad, catalog, exc.reason)], None
    return joined, [], state


def _conflict(
    base: list, mine: ev.Event, theirs: ev.Event, catalog: Catalog | None = None, reason: str | None = None
) -> Conflict:
    """The step where the copies part, in the game's words: the game, the step the shared journal
    was at, the player, what each copy recorded there and the cards they name."""
    state = fold(base)
    step = next_step(state)
    player = getattr(mine, "player", None) or getattr(theirs, "player", None) or step.player
    game = getattr(mine, "game", None) or getattr(theirs, "game", None) or getattr(step, "game", None) or state.game
    return Conflict.of(
        game=game,
        step=step.step,
        player=player,
        mine=summary(mine, catalog),
        theirs=summary(theirs, catalog),
        cards=sorted(set(cards_named(mine)) | set(cards_named(theirs))),
        reason=reason,
    )


def _kept(journal: list, others: list, catalog: Catalog | None = None) -> tuple[list, list[str]]:
    """``journal`` with each bookkeeping event of ``others`` it does not hold that still replays."""
    out = list(journal)
    plain = [_recorded(e) for e in out]
    left_out = []
    for event in others:
        if _recorded(event) in plain:
            continue
        if event.type in FREE:
            candidate = [*out, event.model_copy(update={"same_command": None})]
            try:
                fold(candidate)
            except ReplayError:
                left_out.append(summary(event, catalog))
                continue
            out = candidate
        else:
            left_out.append(summary(event, catalog))
    return out, left_out


def merge(
    path: Path, other: Path | str, keep: Literal["mine", "theirs"] | None = None, catalog: Catalog | None = None
) -> MergeResult:
    """Join the campaign file ``other`` into the campaign at ``path``, under its lock; a conflict
    writes nothing."""
    path = Path(path)
    theirs = load_other(other)
    done: list[MergeResult] = []

    def change(journal: Journal) -> Journal | None:
        outcome, events, state = merge_journals(journal, theirs, other, keep, catalog)
        done.append(outcome)
        if events is None or state is None or events == journal.events:
            return None
        return Journal(path, events, _named(state, path))

    CAMPAIGNS.update(path, change)
    return done[0]


def merge_files(base: Path | str, ours: Path | str, theirs: Path | str) -> MergeResult:
    """The git merge driver: join ``theirs`` into ``ours`` (written in place, as git asks); the
    common ancestor ``base`` is checked as a campaign file, the shared part is found by the join."""
    load_other(base)
    mine = load_other(ours)
    outcome, events, _ = merge_journals(mine, load_other(theirs), theirs)
    if events is not None:
        atomic_write(Path(ours), render_journal(events))
    return outcome
