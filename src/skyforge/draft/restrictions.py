"""Draft restrictions as predicates.

Each restriction says whether a team may pick a hero (``refuse`` gives the
reason in the players' words) and whether a hero can ever join a team
(``admits``, used by the feasibility matching). A restriction with ``distinct``
set limits a team to one hero per value of that attribute (Onward's one hero per
colour, Skybound: Arena's one hero per class).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import NamedTuple

#: no attributes (the default of :class:`Hero`'s mappings, read-only as they are shared)
_NONE: Mapping = MappingProxyType({})


class Hero(NamedTuple):
    """A hero as the engine sees it: catalog key, name and the attributes rules look at.

    The engine's values are named tuples and plain classes rather than dataclasses: a dataclass
    costs ~4 M instructions to create, paid at the start of every draft command."""

    key: str
    name: str
    code: str | None = None
    attrs: Mapping[str, str | None] = _NONE
    provenance: str = "user"
    file: str | None = None  # catalog file that defines it, for "fill in" hints
    inferred: Mapping[str, str] = _NONE  # attribute → why it is an inference


Namer = Callable[[str], str]


class Restriction:
    id: str = ""
    distinct: str | None = None
    needs: tuple[str, ...] = ()  # attributes a hero must have to be drafted under this rule

    def admits(self, team: str, hero: Hero) -> bool:
        return True

    def refuse(self, team: str, hero: Hero, team_heroes: list[Hero], name: Namer) -> str | None:
        return None

    def describe(self, name: Namer) -> str:
        return self.id


class OnePer(Restriction):
    """At most one hero of each value of ``attribute`` in a team."""

    id = "one-per"

    def __init__(self, attribute: str, label: str) -> None:
        self.attribute = attribute
        self.label = label  # e.g. "colour", "class"
        self.distinct = attribute
        self.needs = (attribute,)

    def refuse(self, team: str, hero: Hero, team_heroes: list[Hero], name: Namer) -> str | None:
        value = hero.attrs.get(self.attribute)
        same = [h for h in team_heroes if h.attrs.get(self.attribute) == value]
        if same:
            # a value the rulebooks do not state (Benidia's class) is said to be an inference
            inferred = [h.name for h in (same[0], hero) if self.attribute in h.inferred]
            why = f"; {' and '.join(dict.fromkeys(inferred))}: {self.label} inferred" if inferred else ""
            return f"{self.label} already in your team: {name(team)} has {value} ({same[0].name}{why})"
        return None

    def describe(self, name: Namer) -> str:
        return f"one hero per {self.label}"


class FromFaction(Restriction):
    """Each team drafts only from the faction it named (bans may take any hero)."""

    id = "faction-based"
    needs = ("faction",)

    def __init__(self, factions: Mapping[str, str]) -> None:
        self.factions = factions  # team → its faction

    def admits(self, team: str, hero: Hero) -> bool:
        want = self.factions.get(team)
        return want is None or hero.attrs.get("faction") == want

    def refuse(self, team: str, hero: Hero, team_heroes: list[Hero], name: Namer) -> str | None:
        if self.admits(team, hero):
            return None
        return (
            f"wrong faction: {name(team)} drafts only from {self.factions[team]}; "
            f"{hero.name} is {hero.attrs.get('faction') or 'of no known faction'}"
        )

    def describe(self, name: Namer) -> str:
        return "faction-based: " + ", ".join(f"{name(t)} {f}" for t, f in self.factions.items())


def pool(heroes: list[Hero], restrictions: tuple[Restriction, ...]) -> tuple[dict[str, Hero], dict[str, str]]:
    """Split heroes into those that can be drafted and those left out (key -> reason)."""
    usable: dict[str, Hero] = {}
    left_out: dict[str, str] = {}
    needs = [a for r in restrictions for a in r.needs]
    for hero in heroes:
        missing = [a for a in needs if not hero.attrs.get(a)]
        if missing:
            where = f" (fill in {missing[0]} in {hero.file})" if hero.file else ""
            left_out[hero.key] = (
                f"{hero.name} cannot be drafted with these restrictions: "
                f"its {missing[0].replace('hero_class', 'class')} is not known{where}"
            )
        else:
            usable[hero.key] = hero
    return usable, left_out
