"""The deck assistant's explanations: each rule of an impossible request in the player's words.

The model (:mod:`skyforge.workbench.assistant_model`) keeps each rule as data — its id, its deck,
the cards and numbers it is about — and proves a request impossible with a minimal core of
them; here each rule of that core becomes a :class:`Conflict`. A deck's size is worded with a
bound the model works out under the other rules of the core: for one deck short alone, how many
cards it can hold; for several decks short together, how many of the cards they need they can
hold at once, and which copies they share (a bound per deck would be false read alone).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from skyforge.catalog.backs import BackEntry
from skyforge.catalog.index import card_label
from skyforge.results import Result
from skyforge.rules.deckbuilding import copy_limit, copy_limits_words
from skyforge.text import plural
from skyforge.workbench.assistant_model import AssistantRuleId, Rule, SeatModel, deck_size

if TYPE_CHECKING:
    from skyforge.catalog.models import AllianceCard


def _empty(value: object) -> bool:
    return not value


class Conflict(Result):
    """One rule of the smallest set that cannot all hold, in the player's words (in the dump, the
    deck, the decks and the cards only when there are some)."""

    rule: AssistantRuleId | Literal["refused"]
    message: str
    deck: str | None = Field(default=None, exclude_if=_empty)
    #: the decks a rule binds together (a shortfall they share), when it is not one deck's
    decks: tuple[str, ...] = Field(default=(), exclude_if=_empty)
    cards: tuple[str, ...] = Field(default=(), exclude_if=_empty)


def explain(model: SeatModel, core: list) -> list[Conflict]:
    """Each rule of the (minimal) ``core`` in the player's words, deck sizes first. When the deck
    sizes of several decks are in it, the decks fall short together, not each alone: one line
    says so for all of them."""
    rules = [model.rule_of(lit) for lit in core]
    short = [rule.deck for rule in rules if rule.id == "deck-size" and rule.deck is not None]
    together = _shared_size_words(model, short, core) if len(short) > 1 else None
    out = [together] if together else []
    for rule in rules:
        if together and rule.id == "deck-size":
            continue
        conflict = _words(model, rule, core)
        if rule.deck is not None and conflict.deck is None and not conflict.decks:
            conflict = Conflict.of(
                rule=conflict.rule, message=conflict.message, deck=_deck_name(model, rule.deck), cards=conflict.cards
            )
        out.append(conflict)
    order = {"deck-size": 0}
    return [c for _, c in sorted(enumerate(out), key=lambda ic: (order.get(ic[1].rule, 1), ic[0]))]


def _words(model: SeatModel, rule: Rule, core: list) -> Conflict:
    """One rule, by its id."""
    about = rule.about
    if rule.id == "deck-size" and rule.deck is not None:
        return _size_words(model, rule.deck, core)
    if rule.id == "keep" and rule.deck is not None:
        text = f"{model.seats[rule.deck].label} keeps {about['count']} × {card_label(about['card'], quoted=True)}"
        return Conflict.of(rule="keep", message=text, deck=None, cards=rule.cards)
    if rule.id == "rarity-limit":
        return Conflict.of(
            rule="rarity-limit",
            message=f"castle {card_label(about['castle'], quoted=True)} allows at most {plural(about['most'], about['rarity'] + ' card')}",
        )
    if rule.id == "castle-requires":
        return Conflict.of(
            rule="castle-requires",
            message=f"castle {card_label(about['castle'], quoted=True)} requires {_required(about['card'])}",
            deck=None,
            cards=rule.cards,
        )
    if rule.id == "card-rule":
        return Conflict.of(
            rule="card-rule",
            message=_card_rule_words(about["card"], about["per_deck"], about["needs"]),
            deck=None,
            cards=rule.cards,
        )
    if rule.id == "copy-limit":
        return _copy_words(model)
    if rule.id == "collection-limit":
        return Conflict.of(
            rule="collection-limit", message="only the copies your collection holds" + _others_words(model)
        )
    if rule.id == "must":
        return Conflict.of(
            rule="must", message=f"you asked for {card_label(about['card'], quoted=True)}", deck=None, cards=rule.cards
        )
    if rule.id == "never":
        return Conflict.of(
            rule="never",
            message=f"you asked for no {card_label(about['card'], quoted=True)}",
            deck=None,
            cards=rule.cards,
        )
    # what the castle's back or the card's own rule refuses (the rule id is the refusal's)
    return Conflict.of(rule="refused", message=about["message"], deck=None, cards=rule.cards)


def _deck_name(model: SeatModel, i: int) -> str:
    return model.seats[i].file or model.seats[i].name


def _others_words(model: SeatModel) -> str:
    labels = [d.label for d in model.others]
    if not labels:
        return ""
    return " once " + ", ".join(labels) + (" take" if len(labels) > 1 else " takes") + " its copies"


def _size_words(model: SeatModel, i: int, core: list) -> Conflict:
    """One deck short alone (or over its size): the most (fewest) cards it can hold under the
    other rules of the core."""
    seat = model.seats[i]
    size = deck_size(seat.castle)
    wanted = f"{size.min}" if size.max == size.min else f"at least {size.min}"
    rest = [lit for lit in core if model.rule_of(lit).key != ("deck-size", i)]
    most = model.bound(rest, i, maximize=True)
    head = f"castle {card_label(seat.castle, quoted=True)} needs {wanted} {'card' if size.min == 1 else 'cards'}"
    if most is not None and most[0] < size.min:
        parts = ", ".join(f"{n} {what}" for what, n in most[1].most_common())
        return Conflict.of(
            rule="deck-size",
            message=f"{head}; {seat.label} can hold at most {plural(most[0], 'card')} it admits under these rules"
            f"{_others_words(model)}" + (f": {parts}" if parts else ""),
        )
    least = model.bound(rest, i, maximize=False)
    if least is not None and size.max is not None and least[0] > size.max:
        return Conflict.of(
            rule="deck-size",
            message=f"castle {card_label(seat.castle, quoted=True)} allows at most {plural(size.max, 'card')}; "
            f"{seat.label} needs at least {least[0]} under these rules",
        )
    return Conflict.of(
        rule="deck-size", message=f"{head} (at most {size.max})" if size.max and size.max != size.min else head
    )


def _shared_size_words(model: SeatModel, seats: list[int], core: list) -> Conflict | None:
    """The decks ``seats`` short of their sizes together: the most of the cards they need that
    they can hold at once under the rest of ``core``, and the copies they share."""
    sizes = {("deck-size", i) for i in seats}
    rest = [lit for lit in core if model.rule_of(lit).key not in sizes]
    needed = [deck_size(model.seats[i].castle).min for i in seats]
    most = model.most_together(rest, seats)
    if most is None or most >= sum(needed):
        return None
    labels = [model.seats[i].label for i in seats]
    decks = "the two decks" if len(seats) == 2 else f"the {len(seats)} decks"
    text = (
        f"{_and(labels)} need {_and([str(n) for n in needed])} cards; together {decks} can hold at most "
        f"{most} of the {sum(needed)} cards they need under these rules{_others_words(model)}"
    )
    shared = _shared_copies(model, seats, rest)
    if shared:
        groups = _and([f"{n} {group}" for group, n in shared.most_common(4)])
        text += f": the {groups} copies" + (", and more," if len(shared) > 4 else "") + " are shared"
    return Conflict.of(rule="deck-size", message=text, decks=tuple(_deck_name(model, i) for i in seats))


def _shared_copies(model: SeatModel, seats: list[int], rules: list) -> Counter[str]:
    """The copies the table leaves (under the copy and collection limits among ``rules``) of the
    cards more than one of ``seats`` may take, by faction and rarity."""
    ids = {model.rule_of(lit).id for lit in rules}
    out: Counter[str] = Counter()
    for key, card in model.cards.items():
        if sum(1 for i in seats if key in model.x[i]) < 2:
            continue
        bounds = []
        if "copy-limit" in ids and (limit := copy_limit(card)) is not None:
            bounds.append(limit - model.theirs[key])
        if "collection-limit" in ids and model.owned is not None:
            bounds.append(model.owned.get(key, 0) - model.theirs[key])
        if bounds and min(bounds) > 0:
            out[f"{card.faction} {card.rarity}"] += min(bounds)
    return out


def _copy_words(model: SeatModel) -> Conflict:
    over = [k for k, n in model.theirs.items() if k in model.cards and n > (copy_limit(model.cards[k]) or 0)]
    text = copy_limits_words() + " across all players' decks" + _others_words(model)
    if over:
        text += "; the other decks already hold too many of " + ", ".join(over)
    return Conflict.of(rule="copy-limit", message=text, deck=None, cards=tuple(over))


def _card_rule_words(card: AllianceCard, per_deck: int | None, needs: list[str]) -> str:
    bits = []
    if per_deck is not None:
        bits.append(f"at most {per_deck} per deck")
    if needs:
        bits.append("only beside " + ", ".join(needs))
    return f"{card_label(card, quoted=True)}: " + " and ".join(bits)


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(items) if len(items) < 3 else ", ".join(items[:-1]) + " and " + items[-1]


def _required(required: BackEntry) -> str:
    """A card a castle requires, for a conflict: as printed when the catalog lacks it."""
    if required.card is not None:
        return card_label(required.card, quoted=True)
    return required.ref + ("" if required.cards else ", who is not in your catalog")
