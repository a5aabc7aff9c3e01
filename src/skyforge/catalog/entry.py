"""One card entered by hand (``skyforge catalog add``): the questions a kind of card asks, each answer
checked as it is given, and the card appended to a catalog file.

The questions are the card model's own fields (:data:`~skyforge.catalog.models.CARD_MODELS`): code,
name and copies first, then the kind's fields in the model's order, the ability text last. A field
that holds tables (a castle's ``deck_rules``, a scenario's ``actions``) is not asked: it is written
by hand. An answer is text, read as a sheet's cell is (:func:`~skyforge.catalog.csv_import.cell_value`),
checked by the model's validation of that one field, then against the catalog: a code not taken yet,
of a set the catalog defines, inside its products' ranges; a horde, pre-made deck or hero class it
knows; the card an erratum replaces. A castle's back may name cards the catalog lacks: they are
kept as printed (:meth:`Entry.printed_only` says which). The file keeps every byte it had: the
card's table, written by tomlkit, goes after them, and the catalog must load with the new file
before it replaces the old one.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import Field, ValidationError
from pydantic_core import PydanticUndefined

from skyforge.catalog.backs import BACK_FIELDS, absent_back_names, named_cards
from skyforge.catalog.build import HERO_GAMES, model_in, set_hint
from skyforge.catalog.checks import outside_products
from skyforge.catalog.codes import number_of, set_of
from skyforge.catalog.constants import RARITY_ALIASES
from skyforge.catalog.csv_import import cell_value, check_with_catalog
from skyforge.catalog.index import Catalog
from skyforge.catalog.loader import load_catalog
from skyforge.catalog.models import CARD_MODELS, KINDS, CardBase, CastleCard
from skyforge.errors import InputError, NotFoundError, Problem
from skyforge.results import Result
from skyforge.storage import (
    edit_keeping_layout,
    exists,
    keep,
    locked,
    parse_toml,
    read_text,
    validation_problems,
)
from skyforge.text import a, did_you_mean

#: asked first, in this order; then the kind's own fields; then :data:`LAST`
FIRST = ("code", "name", "copies")
LAST = ("text",)
#: never asked: where official data comes from (and what it infers), and the older form of a
#: scenario's mandatory effect
NOT_ASKED = frozenset({"kind", "source", "inferred", "mandatory_text"})
#: fields whose only answers are ids the catalog defines (the model takes any text), and what they name
CATALOG_CHOICES = {
    "horde": ("horde", "hordes"),
    "premade": ("pre-made deck", "pre-made decks"),
    "hero_class": ("hero class", "hero classes"),
}
#: fields whose answers name cards of the catalog (completed from its codes and names)
CARD_REFERENCES = frozenset({"replaces", "requires", "excludes"})
#: what a catalog file a card is added to starts with when it does not exist yet
NEW_FILE = "# Your own cards, as printed on them (`skyforge catalog init` shows an example of each kind).\nschema = 1\n"


@dataclass(frozen=True)
class Question:
    """One field of a card, to be asked."""

    key: str
    #: what the field means (the model's description)
    about: str
    required: bool = False
    #: a list: several values, separated by ';' or '|'
    many: bool = False
    #: the only answers (any case), when the field takes one of a few words
    choices: tuple[str, ...] = ()
    #: the words the game or the catalog has for it, to complete
    words: tuple[str, ...] = ()
    #: what an empty answer means, in words (None: nothing, the field is left out)
    default: str | None = None


#: the first question: which kind of card (the fields asked next depend on it)
KIND = Question(
    "kind",
    "The kind of card: an alliance card, a castle, a horde card, a portal, an outsider, a scenario, "
    "a minion, a token, an Onward hero or a Skybound: Arena hero.",
    required=True,
    choices=KINDS,
    words=KINDS,
    default="alliance",
)


def questions(catalog: Catalog, kind: str) -> list[Question]:
    """The fields a card of ``kind`` is asked, in order, with the words ``catalog`` knows for each."""
    model = _model(kind)
    fields = model.model_fields
    order = [*FIRST, *(k for k in fields if k not in FIRST and k not in LAST), *LAST]
    out = []
    for key in order:
        info = fields[key]
        if key in NOT_ASKED or model_in(info.annotation) is not None:
            continue
        many = _is_list(info.annotation)
        values = _literal(info.annotation)
        choices = () if many else _with_aliases(values) or _known_choices(catalog, kind, key)
        words = choices or values or _known_words(catalog, kind, key)
        out.append(Question(key, info.description or "", info.is_required(), many, choices, words, _default(info)))
    return out


def tables(kind: str) -> list[str]:
    """The fields of ``kind`` that hold tables: not asked, written by hand."""
    model = _model(kind)
    return [k for k, info in model.model_fields.items() if k not in NOT_ASKED and model_in(info.annotation)]


@dataclass
class Entry:
    """A card being entered: each answer checked when it is given, the card made of them at the end."""

    catalog: Catalog
    kind: str
    answers: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.model = _model(self.kind)
        self.questions = {q.key: q for q in questions(self.catalog, self.kind)}

    def answer(self, key: str, text: str) -> Any:
        """Read ``text`` as the field ``key`` and keep it: the value (None: the field is skipped).

        Raises :class:`InputError` with the model's words (or the catalog's) when it is not one.
        """
        question = self.questions.get(key)
        if question is None:
            raise InputError(self._unknown_key(key))
        text = text.strip()
        if not text:
            if question.required:
                raise InputError(Problem(f"{key} is required", key=key, hint=question.about or None))
            self.answers.pop(key, None)
            return None
        known = CATALOG_CHOICES.get(key)
        if known and question.choices and text.casefold() not in {c.casefold() for c in question.choices}:
            raise InputError(
                Problem(
                    f"no {known[0]} '{text}' in the catalog",
                    key=key,
                    hint=did_you_mean(text, question.choices, fold=True, listing=known[1]),
                )
            )
        try:
            checked = self.model.__pydantic_validator__.validate_assignment(
                self.model.model_construct(**self.answers), key, cell_value(self.model, key, text), strict=False
            )
        except ValidationError as exc:
            raise _model_says(exc) from None
        value = getattr(checked, key)
        problem = self._in_catalog(key, value)
        if problem is not None:
            raise InputError(problem)
        self.answers[key] = value
        return value

    def _unknown_key(self, key: str) -> Problem:
        if key in tables(self.kind):
            return Problem(f"{key} holds tables, which are not asked", key=key, hint="add them by hand to the file")
        return Problem(
            f"{a(self.kind)} card has no field '{key}'",
            key=key,
            hint=did_you_mean(key, [KIND.key, *self.questions], listing="fields"),
        )

    def missing(self) -> list[str]:
        """The required fields not answered yet."""
        return [q.key for q in self.questions.values() if q.required and q.key not in self.answers]

    def card(self) -> CardBase:
        """The card the answers make (every field checked again, together)."""
        try:
            return self.model.model_validate({"kind": self.kind, **self.answers}, strict=False)
        except ValidationError as exc:
            raise _model_says(exc) from None

    def printed_only(self, key: str) -> list[str]:
        """The cards the answer to ``key`` (a castle's ``requires`` or ``excludes``) names that the
        catalog does not hold: kept as printed, as the back names them."""
        if key not in BACK_FIELDS:
            return []
        return [ref for ref in self.answers.get(key, []) if not named_cards(self.catalog, ref)]

    def _in_catalog(self, key: str, value: Any) -> Problem | None:
        """What the catalog says against ``value`` for ``key``: a code taken or of no set it has, an
        errata card replacing a card it does not hold (a castle's back may name any card)."""
        catalog = self.catalog
        if key == "code":
            return code_problem(catalog, value)
        if key != "replaces":
            return None
        try:
            found = catalog.find(value)
        except NotFoundError as exc:
            return replace(exc.problems[0], key=key)
        if found is None:
            return Problem(
                f"no card '{value}' in the catalog",
                key=key,
                hint=catalog.suggest(value) or "add that card first",
            )
        return None


def code_problem(catalog: Catalog, code: str) -> Problem | None:
    """Why ``code`` cannot be a new card of ``catalog``: taken, of no set it defines, outside its ranges."""
    card = catalog.cards.get(code)
    if card is not None:
        origin = catalog.origins.get(code)
        where = (
            f"{origin.file}:{origin.line}"
            if origin and origin.provenance == "user"
            else f"the {origin.provenance if origin else 'shipped'} layer"
        )
        free = free_codes(catalog, code)
        hint = (
            did_you_mean(code, free, then="(the next free number)", otherwise=f"{free[0]} is the next free number")
            if free
            else f"set {set_of(code)} has no free number after {number_of(code):03d}"
        )
        return Problem(f"{code} is already in the catalog: {card.name} ({where})", key="code", hint=hint)
    if set_of(code) not in catalog.sets:
        return Problem(f"no set {set_of(code)} in the catalog", key="code", hint=set_hint(catalog, set_of(code)))
    ranges = outside_products(catalog, code)
    if ranges is not None:
        return Problem(f"{code} is outside the product ranges of set {set_of(code)}", key="code", hint=f"set {ranges}")
    return None


def free_codes(catalog: Catalog, code: str, n: int = 1) -> list[str]:
    """The next ``n`` codes after ``code`` in its set that no card of ``catalog`` has, inside its
    products' ranges when the set has any."""
    card_set = catalog.sets.get(set_of(code))
    products = card_set.products if card_set else []
    taken = {number_of(c.code) for c in catalog if c.code and set_of(c.code) == set_of(code)}
    last = max((p.last for p in products), default=999)
    free = []
    for number in range(number_of(code) + 1, last + 1):
        if number not in taken and (not products or any(p.first <= number <= p.last for p in products)):
            free.append(f"{set_of(code)}.{number:03d}")
            if len(free) == n:
                break
    return free


class Target(NamedTuple):
    """Where ``catalog add`` adds a card: the catalog the card is checked against, the other files
    it is loaded with, and whether the catalog in use loads the file."""

    catalog: Catalog
    others: list[Path]
    in_use: bool


def catalog_for(catalog: Catalog, file: Path) -> Target:
    """The catalog a new card of ``file`` is checked against, and the other files it is loaded with.

    ``catalog`` itself when ``file`` is one of its files or does not exist yet; else its files with
    ``file``, so a file that does not load is reported before any question. A file shipped with
    skyforge is refused: edits there are lost on upgrade.
    """
    if file.suffix.casefold() != ".toml":
        raise InputError(
            Problem(
                "a catalog file is a .toml file",
                file=file,
                hint="`skyforge catalog import` turns a spreadsheet into catalog TOML",
            )
        )
    shipped = catalog.shipped_dir.resolve() if catalog.shipped_dir else None
    if shipped is not None and file.resolve().is_relative_to(shipped):
        raise InputError(
            Problem(
                "is a catalog file shipped with skyforge (edits there are lost on upgrade)",
                file=file,
                hint="add your cards to a file of your own: `skyforge catalog init my-cards.toml`",
            )
        )
    others = [f for f in catalog.files if not same_file(f, file)]
    in_use = len(others) < len(catalog.files)
    if in_use or not exists(file):
        return Target(catalog, others, in_use)
    return Target(load_catalog([*others, file]), others, in_use)


def entry_text(card: CardBase) -> str:
    """The card's ``[[cards]]`` table as it is added to a catalog file (tomlkit writes it)."""
    import tomlkit  # start-up: only an edit that keeps a file's comments and layout needs it (~5 ms)

    tables = tomlkit.aot()
    tables.append(tomlkit.item(card.table()))
    document = tomlkit.document()
    document.append("cards", tables)
    return tomlkit.dumps(document)


def with_card(original: str, card: CardBase, path: Path) -> str:
    """``original`` with ``card`` after its last line, every comment and blank line kept; a file that
    lists its cards as an inline array (``cards = [{…}]``) gets the card at the end of that array."""
    parse_toml(original, path)  # a file that is not TOML is reported in TOML's words, with its line
    import tomlkit  # start-up: only an edit that keeps a file's comments and layout needs it (~5 ms)

    def edit(text: str) -> str:
        document = tomlkit.parse(text)
        cards = document.get("cards")
        if isinstance(cards, tomlkit.items.Array):
            inline = tomlkit.inline_table()
            inline.update(card.table())
            cards.append(inline)
            return tomlkit.dumps(document)
        return text.rstrip("\n") + "\n\n" + entry_text(card)

    return edit_keeping_layout(original, edit, path)


class CardAdded(Result):
    """``catalog add``: the card added to a catalog file, as its table there, whether the catalog
    in use loads that file, and the cards a castle's back names that the catalog lacks."""

    file: str
    card: CardBase = Field(exclude=True)
    #: the card's ``[[cards]]`` table, as the file holds it
    entry: dict[str, Any]
    in_catalog: bool
    notes: list[str]


def add_card(target: Target, file: Path, card: CardBase) -> CardAdded:
    """Append ``card`` to the catalog ``file`` (made when missing), under the file's lock: written
    atomically once the catalog files ``target.others`` load with it."""
    with locked(file):
        original = read_text(file) if exists(file) else NEW_FILE
        text = with_card(original, card, file)
        check_with_catalog(target.others, text, named=file)
        keep(file, text)
    absent = absent_back_names(target.catalog, [card]) if isinstance(card, CastleCard) else []
    return CardAdded.of(
        file=str(file), card=card, entry=card.table(), in_catalog=target.in_use, notes=[e.note for e in absent]
    )


def _model_says(exc: ValidationError) -> InputError:
    """The model's words for an answer it refused (the answer is no file's: no file or line)."""
    return InputError([replace(p, file=None, line=None) for p in validation_problems(exc, "", "")])


def _model(kind: str) -> type[CardBase]:
    model = CARD_MODELS.get(kind)
    if model is None:
        raise InputError(
            Problem(f"unknown kind '{kind}'", key="kind", hint=did_you_mean(kind, KINDS, listing="kinds", fold=True))
        )
    return model


def same_file(a: Path, b: Path) -> bool:
    """Whether the paths name one file (a missing file is the same only by its path)."""
    try:
        return a.resolve() == b.resolve() or (b.exists() and a.samefile(b))
    except OSError:
        return False


def _is_list(annotation: Any) -> bool:
    return str(annotation).startswith("list[")  # as a cell is read (csv_import.cell_value)


def _literal(annotation: Any) -> tuple[str, ...]:
    """The words of the ``Literal`` inside ``annotation`` (``Faction | None``, ``list[GameMode]``…)."""
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(str(a) for a in typing.get_args(annotation))
    for arg in typing.get_args(annotation):
        found = _literal(arg)
        if found:
            return found
    return ()


def _with_aliases(values: tuple[str, ...]) -> tuple[str, ...]:
    """The words, and the other words the models read as one of them ("common" for base)."""
    return values + tuple(alias for alias, word in RARITY_ALIASES.items() if word in values)


def _known_choices(catalog: Catalog, kind: str, key: str) -> tuple[str, ...]:
    """The only answers the catalog takes for ``key``: the ids of its hordes, pre-made decks, hero classes."""
    if key == "horde":
        return tuple(catalog.hordes)
    if key == "premade":
        return tuple(catalog.premade_decks)
    classes = catalog.hero_classes.get(HERO_GAMES.get(kind, "")) if key == "hero_class" else None
    return tuple(classes.classes) if classes else ()


def _known_words(catalog: Catalog, kind: str, key: str) -> tuple[str, ...]:
    """Words to complete: for a name, the official entries of the kind that an entry of yours would
    complete; for a card reference, the alliance cards' codes and names; else the values the
    catalog's cards of the kind already have for ``key`` (subtypes, keywords, heroes…)."""
    if key in ("code", "text"):
        return ()
    if key == "name":
        return tuple(sorted(c.name for c in catalog.of_kind(kind) if catalog.provenance(c) == "official"))
    if key in CARD_REFERENCES:
        cards = list(catalog) if key == "replaces" else catalog.of_kind("alliance")
        return tuple(sorted({c.code for c in cards if c.code} | {c.name for c in cards}))
    words: set[str] = set()
    attribute = "subtypes" if key.endswith("subtypes") else key  # a castle excludes the cards' subtypes
    for card in catalog:
        value = getattr(card, attribute, None) if card.kind == kind or attribute == "subtypes" else None
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str) and item:
                words.add(item)
    return tuple(sorted(words))


def _default(info: Any) -> str | None:
    if info.default_factory is not None or info.default is None or info.default is PydanticUndefined:
        return None
    if isinstance(info.default, bool):
        return "yes" if info.default else "no"
    return str(info.default)
