"""What a deck holds: cards by type, mana curve, breakdowns, castle budget, opening-hand odds.

``deck_stats`` returns plain data (the ``deck stats --json`` shape); the CLI draws it.

Opening hand (000 Setup "8. Draw and Mulligan"): each player draws five cards
and may mulligan any number of them — discard, draw back as many, then shuffle
the discarded cards back. The suggested first-game mulligan throws back every
card that is not an ally or costs 5 or more (001 says 6 or more:
``mulligan_cost`` chooses). The odds are exact (multivariate hypergeometric,
as fractions) — see :func:`opening_odds`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from skyforge.catalog.index import Catalog
from skyforge.catalog.models import COPY_LIMITS, RARITIES, AllianceCard, CastleCard
from skyforge.decks.files import Deck
from skyforge.terms import FACTIONS

HAND_SIZE = 5
#: 000 Setup 8: "mulligan any card that is not of the "ally" type and/or has a mana cost of 5 or higher"
MULLIGAN_COST = 5
TYPES = ("ally", "tower", "spell", "attachment")


@dataclass
class Entry:
    """One line of a deck, resolved against the catalog (``card`` is None when unknown)."""

    ref: str
    key: str
    count: int
    card: AllianceCard | None

    def as_dict(self) -> dict:
        c = self.card
        return {"code": self.key, "name": c.name if c else None, "count": self.count,
                "type": c.type if c else None, "cost": c.cost if c else None,
                "rarity": c.rarity if c else None, "faction": c.faction if c else None,
                "set": self.key.split(".")[0] if "." in self.key else None}


def resolve_entries(catalog: Catalog, deck: Deck) -> list[Entry]:
    """The deck's cards by catalog key (errata applied, duplicates merged), sorted by set and number."""
    from skyforge.catalog.codes import code_order

    merged: dict[str, Entry] = {}
    for ref, count in deck.data.cards.items():
        card = catalog.find(ref)
        if card is not None and card.kind == "alliance":  # type: ignore[attr-defined]
            card = catalog.with_errata(card)
            key = card.key
        else:
            key, card = card.key if card is not None else ref, None
        if key in merged:
            merged[key].count += count
        else:
            merged[key] = Entry(ref, key, count, card)  # type: ignore[arg-type]
    return sorted(merged.values(), key=lambda e: code_order(e.key))


#: ``deck show`` gives, per card, the chance to have drawn a copy by this turn (``--turns``)
DEFAULT_TURNS = 3


def p_drawn_by(copies: int, size: int, seen: int) -> Fraction:
    """The exact chance that ``seen`` cards drawn from a shuffled deck of ``size`` hold at least
    one of ``copies`` copies of a card: 1 − C(size − copies, seen) / C(size, seen)."""
    seen = min(max(seen, 0), size)
    if size <= 0 or copies <= 0:
        return Fraction(0)
    return 1 - Fraction(comb(size - copies, seen), comb(size, seen))


def deck_stats(catalog: Catalog, deck: Deck, *, mulligan_cost: int = MULLIGAN_COST,
               report=None, turns: int = DEFAULT_TURNS) -> dict:
    """Every number ``deck show`` draws, as JSON-ready data.

    Per card, ``drawn_by_turn`` is the exact chance to hold at least one copy by turn ``turns``,
    counting the 5-card opening hand plus one card a turn (no mulligan).
    """
    from skyforge.rules.deckbuilding import validate_decks

    entries = resolve_entries(catalog, deck)
    castle = catalog.find(deck.data.castle, "castle")
    report = report or validate_decks(catalog, [deck])
    size = sum(e.count for e in entries)
    known = [e for e in entries if e.card is not None]
    curve: Counter = Counter()
    for e in known:
        curve[e.card.cost if e.card.cost is not None else "?"] += e.count  # type: ignore[union-attr]
    top = max([k for k in curve if k != "?"], default=0)
    curve_list = [{"cost": c, "count": curve.get(c, 0)} for c in range(0, top + 1)]
    if "?" in curve:
        curve_list.append({"cost": None, "count": curve["?"]})

    def breakdown(attr: str, order: tuple[str, ...]) -> dict[str, int]:
        counts: Counter = Counter()
        for e in entries:
            counts[(getattr(e.card, attr, None) if e.card else None) or "unknown"] += e.count
        return {k: counts[k] for k in (*order, *sorted(k for k in counts if k not in order)) if counts.get(k)}

    groups = []
    for t in (*TYPES, None):
        members = [e for e in entries if (e.card.type if e.card else None) == t]
        if members:
            members.sort(key=lambda e: ((e.card.cost if e.card and e.card.cost is not None else 99), e.key))
            seen = HAND_SIZE + turns
            groups.append({"type": t or "unknown", "count": sum(e.count for e in members),
                           "cards": [{**e.as_dict(), "drawn_by_turn": float(p_drawn_by(e.count, size, seen))}
                                     for e in members]})
    provenances = {catalog.provenance(e.card) for e in known}
    return {
        "name": deck.data.name,
        "player": deck.data.player,
        "file": deck.file,
        "castle": castle.key if castle else deck.data.castle,
        "castle_name": castle.name if castle else None,
        "size": size,
        "valid": report.valid,
        "violations": [v.as_dict() for v in report.violations],
        "cards": {e.key: e.count for e in entries},
        "groups": groups,
        "curve": curve_list,
        "types": breakdown("type", TYPES),
        "rarities": breakdown("rarity", RARITIES),
        "factions": breakdown("faction", FACTIONS),
        "budget": castle_budget(castle, entries, size) if isinstance(castle, CastleCard) else [],
        "opening_hand": opening_hand_table(entries, mulligan_cost=mulligan_cost),
        "draws": {"turns": turns, "cards_seen": min(HAND_SIZE + turns, size), "hand": HAND_SIZE,
                  "per_turn": 1},
        "demo_data": "demo" in provenances,
    }


def castle_budget(castle: CastleCard, entries: list[Entry], size: int) -> list[dict]:
    """Per rarity: how many cards the deck uses against what the castle's back allows."""
    rules = {r.rarity: r for r in castle.deck_rules or []}
    used: Counter = Counter()
    for e in entries:
        if e.card and e.card.rarity:
            used[e.card.rarity] += e.count
    out = []
    for rarity in RARITIES:
        rule = rules.get(rarity)
        row = {"rarity": rarity, "used": used[rarity],
               "max": (rule.max if rule else 0) if castle.deck_rules is not None else None,
               "allowed": rule is not None, "factions": list(rule.factions) if rule else [],
               "subtypes": list(rule.subtypes) if rule else [], "copy_limit": COPY_LIMITS[rarity]}
        out.append(row)
    if castle.deck_size is not None:
        out.append({"rarity": "deck", "used": size, "min": castle.deck_size.min, "max": castle.deck_size.max})
    return out


# -- opening hand -------------------------------------------------------------

@dataclass(frozen=True)
class HandCounts:
    """The deck split four ways for one question "≥ k allies of cost ≤ c".

    ``target_keep``: wanted and kept by the mulligan; ``target_toss``: wanted but thrown back
    (an ally of cost ≤ c that the mulligan still throws back, when c ≥ the mulligan cost);
    ``other_keep``: kept, not wanted; ``other_toss``: the rest.
    """

    target_keep: int
    target_toss: int
    other_keep: int
    other_toss: int

    @property
    def size(self) -> int:
        return self.target_keep + self.target_toss + self.other_keep + self.other_toss


def hand_counts(entries: list[Entry], max_cost: int, mulligan_cost: int = MULLIGAN_COST) -> HandCounts:
    tk = tt = ok = ot = 0
    for e in entries:
        c = e.card
        ally = c is not None and c.type == "ally" and c.cost is not None
        target = ally and c.cost <= max_cost  # type: ignore[union-attr, operator]
        keep = ally and c.cost < mulligan_cost  # type: ignore[union-attr, operator]
        if target and keep:
            tk += e.count
        elif target:
            tt += e.count
        elif keep:
            ok += e.count
        else:
            ot += e.count
    return HandCounts(tk, tt, ok, ot)


def p_opening(counts: HandCounts, k: int, hand: int = HAND_SIZE) -> Fraction:
    """P(at least ``k`` wanted cards among the first ``hand`` cards drawn): hypergeometric."""
    n, good = counts.size, counts.target_keep + counts.target_toss
    hand = min(hand, n)
    if n == 0:
        return Fraction(int(k <= 0))
    total = comb(n, hand)
    return Fraction(sum(comb(good, i) * comb(n - good, hand - i) for i in range(max(k, 0), hand + 1)), total)


def p_after_mulligan(counts: HandCounts, k: int, hand: int = HAND_SIZE) -> Fraction:
    """P(at least ``k`` wanted cards after the suggested mulligan).

    Draw ``hand`` cards: a (wanted, kept), b (wanted, tossed), c (kept), d (tossed).
    Throw back the b + d tossed cards and draw as many from the other N − hand cards
    (the thrown-back cards are shuffled in only afterwards), of which
    (A − a) + (B − b) are wanted: the final count is a + that hypergeometric draw.
    """
    A, B, C, D = counts.target_keep, counts.target_toss, counts.other_keep, counts.other_toss
    n = counts.size
    hand = min(hand, n)
    if n == 0:
        return Fraction(int(k <= 0))
    total = comb(n, hand)
    rest = n - hand
    p = Fraction(0)
    for a in range(0, min(A, hand) + 1):
        for b in range(0, min(B, hand - a) + 1):
            for c in range(0, min(C, hand - a - b) + 1):
                d = hand - a - b - c
                if d > D:
                    continue
                ways = comb(A, a) * comb(B, b) * comb(C, c) * comb(D, d)
                if not ways:
                    continue
                redraw = min(b + d, rest)  # a deck of under 10 cards cannot draw them all back
                good_left = (A - a) + (B - b)
                need = k - a
                if need <= 0:
                    p += Fraction(ways, total)
                    continue
                hits = sum(comb(good_left, g) * comb(rest - good_left, redraw - g)
                           for g in range(need, redraw + 1))
                if hits:
                    p += Fraction(ways, total) * Fraction(hits, comb(rest, redraw))
    return p


def simulate(entries: list[Entry], max_cost: int, k: int, *, trials: int, seed: int,
             mulligan_cost: int = MULLIGAN_COST) -> tuple[float, float]:
    """The same two probabilities by shuffling cards (a check on the exact numbers)."""
    import random

    rng = random.Random(seed)
    cards = []
    for e in entries:
        c = e.card
        ally = c is not None and c.type == "ally" and c.cost is not None
        cards += [(ally and c.cost <= max_cost, ally and c.cost < mulligan_cost)] * e.count  # type: ignore[union-attr, operator]
    hits_open = hits_mull = 0
    hand_size = min(HAND_SIZE, len(cards))
    for _ in range(trials):
        rng.shuffle(cards)
        hand, rest = cards[:hand_size], cards[hand_size:]
        hits_open += sum(1 for wanted, _ in hand if wanted) >= k
        kept = [c for c in hand if c[1]]
        final = kept + rest[: hand_size - len(kept)]
        hits_mull += sum(1 for wanted, _ in final if wanted) >= k
    return hits_open / trials, hits_mull / trials


def opening_hand_table(entries: list[Entry], *, mulligan_cost: int = MULLIGAN_COST,
                       max_costs: tuple[int, ...] = (2, 3, 4), ks: tuple[int, ...] = (1, 2, 3)) -> dict:
    rows = []
    for c in max_costs:
        counts = hand_counts(entries, c, mulligan_cost)
        for k in ks:
            rows.append({"k": k, "max_cost": c, "allies": counts.target_keep + counts.target_toss,
                         "opening": round(float(p_opening(counts, k)), 4),
                         "after_mulligan": round(float(p_after_mulligan(counts, k)), 4)})
    return {"hand": HAND_SIZE, "mulligan": f"non-allies and cards of cost {mulligan_cost} or more",
            "mulligan_cost": mulligan_cost, "odds": rows}


# -- comparing ------------------------------------------------------------------

def diff_decks(catalog: Catalog, a: Deck, b: Deck) -> dict:
    """What changes from deck A to deck B: cards added, removed, and changed counts."""
    from skyforge.catalog.codes import code_order

    left = {e.key: e for e in resolve_entries(catalog, a)}
    right = {e.key: e for e in resolve_entries(catalog, b)}

    def row(key: str, before: int, after: int) -> dict:
        entry = right.get(key) or left[key]
        return {"code": key, "name": entry.card.name if entry.card else None, "from": before, "to": after,
                "change": after - before}

    keys = sorted(set(left) | set(right), key=code_order)
    added = [row(k, 0, right[k].count) for k in keys if k not in left]
    removed = [row(k, left[k].count, 0) for k in keys if k not in right]
    changed = [row(k, left[k].count, right[k].count) for k in keys
               if k in left and k in right and left[k].count != right[k].count]
    castle_a = catalog.find(a.data.castle, "castle")
    castle_b = catalog.find(b.data.castle, "castle")
    return {"a": {"file": a.file, "name": a.name, "castle": castle_a.key if castle_a else a.data.castle,
                  "size": sum(e.count for e in left.values())},
            "b": {"file": b.file, "name": b.name, "castle": castle_b.key if castle_b else b.data.castle,
                  "size": sum(e.count for e in right.values())},
            "same": not (added or removed or changed) and (castle_a == castle_b),
            "added": added, "removed": removed, "changed": changed}
