"""Can every team still complete a legal team? A small max-flow (bipartite matching).

The network, for teams that still need heroes::

    source ─(heroes still needed)→ team ─(1 per group, or "needed")→ (team, group)
           ─(1)→ hero ─(1)→ sink

A *group* is the value of the attribute a team may hold at most once (colour in
Onward, class in Skybound: Arena); without such a rule every hero is in one
group with room for all the heroes the team still needs. Every hero goes to at
most one team. The teams can all be completed exactly when the maximum flow
equals the number of heroes still needed in total.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping


def can_complete(
    needed: Mapping[str, int],
    heroes: Iterable[str],
    eligible: Callable[[str, str], bool],
    group_of: Callable[[str], str | None],
    held_groups: Mapping[str, Collection[str | None]],
) -> bool:
    """True when every team can get ``needed[team]`` more heroes from ``heroes``.

    ``eligible(team, hero)``: the hero may join that team (faction and the like);
    ``group_of(hero)``: its at-most-once group, or ``None`` when no such rule;
    ``held_groups[team]``: groups the team already holds.
    """
    return completion(needed, heroes, eligible, group_of, held_groups) is not None


def completion(
    needed: Mapping[str, int],
    heroes: Iterable[str],
    eligible: Callable[[str, str], bool],
    group_of: Callable[[str], str | None],
    held_groups: Mapping[str, Collection[str | None]],
) -> dict[str, str] | None:
    """One way for every team to get ``needed[team]`` more heroes from ``heroes`` (as
    :func:`can_complete`): hero → the team it goes to, the heroes left over not named; ``None``
    when there is none."""
    total = sum(needed.values())
    if total == 0:
        return {}
    heroes = list(heroes)
    if len(heroes) < total:
        return None
    cap: dict[tuple, dict[tuple, int]] = {}

    def edge(a: tuple, b: tuple, c: int) -> None:
        cap.setdefault(a, {})[b] = cap.get(a, {}).get(b, 0) + c
        cap.setdefault(b, {}).setdefault(a, 0)

    source, sink = ("source",), ("sink",)
    for hero in heroes:
        edge(("hero", hero), sink, 1)
    for team, n in needed.items():
        if n <= 0:
            continue
        edge(source, ("team", team), n)
        for hero in heroes:
            if not eligible(team, hero):
                continue
            group = group_of(hero)
            if group is None:
                edge(("team", team), ("group", team, "*"), 0)
                cap[("team", team)][("group", team, "*")] = n
            elif group in held_groups.get(team, set()):
                continue
            else:
                edge(("team", team), ("group", team, group), 0)
                cap[("team", team)][("group", team, group)] = 1
            edge(("group", team, group if group is not None else "*"), ("hero", hero), 1)
    if _max_flow(cap, source, sink, total) != total:
        return None
    # a hero's flow came from its team's group: the residual capacity back to that group
    return {
        hero: node[1]
        for hero in heroes
        for node, back in cap[("hero", hero)].items()
        if back > 0 and node[0] == "group"
    }


def _max_flow(cap: dict[tuple, dict[tuple, int]], source: tuple, sink: tuple, limit: int) -> int:
    """Edmonds–Karp; the graphs here have a few dozen nodes."""
    flow = 0
    while flow < limit:
        parent: dict[tuple, tuple] = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for nxt, c in cap.get(node, {}).items():
                if c > 0 and nxt not in parent:
                    parent[nxt] = node
                    queue.append(nxt)
        if sink not in parent:
            break
        # bottleneck along the path
        bottleneck, node = limit - flow, sink
        while node != source:
            prev = parent[node]
            bottleneck = min(bottleneck, cap[prev][node])
            node = prev
        node = sink
        while node != source:
            prev = parent[node]
            cap[prev][node] -= bottleneck
            cap[node][prev] += bottleneck
            node = prev
        flow += bottleneck
    return flow
