"""Cards of every kind, the sets they come in, and ``Card``: any card, told apart by its ``kind``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from skyforge.catalog.codes import slug
from skyforge.catalog.models.common import (
    AllianceType,
    Faction,
    Game,
    GameMode,
    HordeType,
    MayInfer,
    OutsiderType,
    Rarity,
    Strict,
    Subtype,
    as_code,
    canonical_class,
)
from skyforge.catalog.models.deckrules import CardRule, DeckRule, DeckSize
from skyforge.catalog.models.scenarios import ScenarioAction, ScenarioEffect


class Product(Strict):
    name: str = Field(description="Product name as printed, e.g. 'Campaigns base box'.")
    first: int = Field(ge=1, le=999, description="First card number in this product.")
    last: int = Field(ge=1, le=999, description="Last card number in this product.")

    @model_validator(mode="after")
    def _range(self) -> Product:
        if self.last < self.first:
            raise ValueError(f"last ({self.last}) is before first ({self.first})")
        return self


class CardSet(Strict):
    code: str = Field(pattern=r"^[A-Z][A-Z0-9]{1,4}$", description="Set code as printed on the cards, e.g. CAM.")
    name: str = Field(description="Full name of the set.")
    game: Game = Field(default="skytear-horde", description="Which game the set belongs to.")
    products: list[Product] = Field(default_factory=list, description="Products and their card-number ranges.")
    source: str | None = Field(default=None, description="Where this entry comes from (rulebook and section).")

    @field_validator("code", mode="before")
    @classmethod
    def _upper(cls, v: object) -> object:
        return v.upper() if isinstance(v, str) else v


class CardBase(MayInfer):
    code: str | None = Field(
        default=None,
        description="SET.NNN as printed (any case or padding is accepted). Unknown for some official entries.",
    )
    name: str = Field(min_length=1, description="Card name as printed.")
    copies: int = Field(default=1, ge=1, description="Copies of this card in one product (the '2x' after the code).")
    source: str | None = Field(
        default=None, description="Rulebook and section this entry is taken from (official data)."
    )
    text: str | None = Field(default=None, description="Ability text, when known.")

    _code = field_validator("code", mode="before")(lambda v: as_code(v))

    @property
    def key(self) -> str:
        """Identity in the catalog: the code, or kind:name for entries without one."""
        return self.code or f"{self.kind}:{slug(self.name)}"  # type: ignore[attr-defined]  # each card model declares kind

    @property
    def set_code(self) -> str | None:
        return self.code.split(".")[0] if self.code else None

    def table(self) -> dict[str, Any]:
        """The card's ``[[cards]]`` table as a catalog file writes it: code, kind and name first, then
        every field that is known and not its default, the ability text and the source last."""
        data = self.model_dump(exclude_none=True, exclude_defaults=True)
        first = {k: getattr(self, k) for k in ("code", "kind", "name") if getattr(self, k, None) is not None}
        last = ("text", "source")
        return (
            first
            | {k: v for k, v in data.items() if k not in first and k not in last}
            | {k: data[k] for k in last if k in data}
        )


class AllianceCard(CardBase):
    kind: Literal["alliance"] = "alliance"
    faction: Faction | None = Field(
        default=None, description="Faction (banner colour): liothan blue, taulot green, kurumo red, nupten yellow."
    )
    rarity: Rarity | None = Field(default=None, description="Alliance rarity: base, rare, mythic or legendary.")
    type: AllianceType | None = Field(default=None, description="ally, tower, spell or attachment.")
    subtypes: list[Subtype] = Field(default_factory=list, description="Subtypes such as Shapeshifter, Order, Dryad.")
    keywords: list[str] = Field(default_factory=list, description="Keywords such as Heroic, Fast, Elusive.")
    cost: int | None = Field(default=None, ge=0, description="Mana cost.")
    attack: int | None = Field(default=None, description="Printed attack (allies).")
    health: int | None = Field(default=None, description="Printed health (allies and towers).")
    hero: str | None = Field(
        default=None,
        description='Related hero ("only relevant for custom decks"): with a castle that names its hero, '
        "the card is admitted only if that is its hero.",
    )
    replaces: str | None = Field(
        default=None, description="Errata: this card completely replaces the card with this code."
    )
    premade: str | None = Field(
        default=None, description="Id of the pre-made deck this card belongs to (see [[premade_decks]])."
    )
    card_rules: list[CardRule] = Field(
        default_factory=list, description="Deck-building restrictions printed on the card."
    )

    _replaces = field_validator("replaces", mode="before")(lambda v: as_code(v))


class CastleCard(CardBase):
    kind: Literal["castle"] = "castle"
    faction: Faction | None = Field(default=None, description="The castle's faction.")
    health: int | None = Field(default=None, ge=1, description="Starting castle health.")
    deck_size: DeckSize | None = Field(
        default=None, description="Legal deck size, as the castle's back gives it; absent means not known yet."
    )
    deck_rules: list[DeckRule] | None = Field(
        default=None, description="The back of the castle card: one table per rarity line. Absent means not known yet."
    )
    hero: str | None = Field(
        default=None,
        description="The castle's hero, as cards name their related hero: cards related to another hero "
        "are not admitted.",
    )
    requires: list[str] = Field(
        default_factory=list,
        description="Cards the deck must hold, by code or name as printed (a back might say, for example, "
        '"You must have <a card> and …"); they count toward the deck size. A card the catalog lacks is kept '
        "as printed.",
    )
    excludes: list[str] = Field(
        default_factory=list,
        description='Cards the deck cannot include, by code or name as printed ("you cannot include … <a rival '
        'hero>"), whatever else admits them. A card the catalog lacks is kept as printed.',
    )
    excludes_subtypes: list[Subtype] = Field(
        default_factory=list,
        description="Subtypes the deck cannot include (a back might say, for example, "
        '"you cannot include any <SUBTYPE>"), whatever else admits them.',
    )
    back_text: str | None = Field(
        default=None, description="The back of the castle card as printed, shown beside the rules in words."
    )

    @model_validator(mode="after")
    def _one_line_per_rarity(self) -> CastleCard:
        seen: set[str] = set()
        for rule in self.deck_rules or []:
            if rule.rarity in seen:
                raise ValueError(f"two deck_rules for rarity '{rule.rarity}'; a castle back has one line per rarity")
            seen.add(rule.rarity)
        return self


class HordeCard(CardBase):
    kind: Literal["horde"] = "horde"
    horde: str | None = Field(default=None, description="Id of the horde (see [[hordes]]).")
    power: int | None = Field(default=None, ge=1, le=9, description="Power level (horde rarity colour), weakest = 1.")
    type: HordeType | None = Field(default=None, description="monster, spell or attachment.")
    epic: bool = Field(default=False, description="Epic qualifier.")
    mana_boost: int = Field(default=0, ge=0, le=2, description="Mana boost printed on the card (0, 1 or 2).")
    treachery_only: bool = Field(
        default=False, description="Carries the treachery-only symbol (never used in campaigns)."
    )
    legendary: bool = Field(default=False, description="A legendary horde card (Monoliths level 3 adds a random one).")
    common_set: bool = Field(
        default=False,
        description="A Common Set card of the original set (001 The Common Set): added only when asked for.",
    )
    attack: int | None = Field(default=None)
    health: int | None = Field(default=None)


class PortalCard(CardBase):
    kind: Literal["portal"] = "portal"
    stage: int = Field(ge=1, le=4, description="Portal stage, I to IV.")
    modes: list[GameMode] = Field(min_length=1, description="Game modes printed on its sides.")
    horde: str | None = Field(default=None, description="Related horde id, if the portal names one.")
    back_stage: int | None = Field(
        default=None,
        ge=2,
        le=4,
        description=(
            "The stage on its other side (Monoliths: I/II and III/IV); absent = its sides are the player "
            "counts of one stage."
        ),
    )
    level: int | None = Field(
        default=None,
        ge=1,
        le=5,
        description=(
            "The difficulty level this portal stands for (the original Skytear Horde set sets the level by its "
            "portals, 001 The Original Set); absent = the portal sets no level."
        ),
    )


class OutsiderCard(CardBase):
    kind: Literal["outsider"] = "outsider"
    outsider_type: OutsiderType | None = Field(
        default=None, description="immortal, enchanter, colossal or henchman; absent = not known."
    )
    stage: int | None = Field(default=None, ge=1, le=4, description="Stage of an immortal outsider's card.")
    horde: str | None = Field(default=None, description="Horde it is thematically connected with.")


class ScenarioCard(CardBase):
    kind: Literal["scenario"] = "scenario"
    horde: str | None = Field(default=None, description="Related horde id.")
    difficulty: int | None = Field(default=None, ge=0, description="Difficulty printed on the scenario.")
    income: int = Field(default=0, description="Gold earned at the end of resolving the scenario.")
    mandatory: ScenarioEffect | None = Field(
        default=None,
        description=(
            "[cards.mandatory]: the mandatory effect resolved first, applied when the scenario is resolved "
            "(the older `mandatory = true` with `mandatory_text` is still read)."
        ),
    )
    mandatory_text: str | None = Field(default=None, description="Older form of mandatory.text (still read).")
    henchman: str | None = Field(default=None, description="Name of the outsider henchman on the back.")
    actions: list[ScenarioAction] = Field(default_factory=list, description="Actions listed on the scenario.")

    @model_validator(mode="before")
    @classmethod
    def _old_mandatory(cls, data: object) -> object:
        """``mandatory = true`` / ``mandatory_text = "…"`` (the first format) as a mandatory table."""
        if isinstance(data, dict) and isinstance(data.get("mandatory"), bool | None):
            data = dict(data)
            flag, text = data.pop("mandatory", None), data.get("mandatory_text")
            if text or flag:
                data["mandatory"] = {"text": text or "mandatory effects: see the card"}
        return data


class MinionCard(CardBase):
    kind: Literal["minion"] = "minion"


class TokenCard(CardBase):
    kind: Literal["token"] = "token"


#: a hero's class as the catalog keeps it: read in any case and trimmed ("Crimson ", "crimson"), so a
#: team's "ONE of any class" (003) and one hero per class compare one word
HeroClass = Annotated[str, BeforeValidator(canonical_class), Field(min_length=1)]


class OnwardHero(CardBase):
    kind: Literal["onward-hero"] = "onward-hero"
    color: Literal["red", "blue", "green", "yellow"] | None = Field(default=None, description="Hero sheet colour.")
    faction: Faction | None = Field(
        default=None, description="Onward faction (002 Heroes Overview): kurumo, liothan, taulot or nupten."
    )
    hero_class: HeroClass | None = Field(default=None, description="Class (role) of the hero.")
    range: Literal["melee", "ranged"] | None = Field(default=None, description="Attack range on the fallback plan.")


class ArenaHero(CardBase):
    kind: Literal["arena-hero"] = "arena-hero"
    hero_class: HeroClass | None = Field(
        default=None, description="Class, shown by the hero's colour; a team has at most one of each."
    )
    action_cards: list[str] = Field(default_factory=list, description="Names of the hero's 5 action cards.")


Card = Annotated[
    AllianceCard
    | CastleCard
    | HordeCard
    | PortalCard
    | OutsiderCard
    | ScenarioCard
    | MinionCard
    | TokenCard
    | OnwardHero
    | ArenaHero,
    Field(discriminator="kind"),
]
CARD_MODELS: dict[str, type[CardBase]] = {
    m.model_fields["kind"].default: m
    for m in (
        AllianceCard,
        CastleCard,
        HordeCard,
        PortalCard,
        OutsiderCard,
        ScenarioCard,
        MinionCard,
        TokenCard,
        OnwardHero,
        ArenaHero,
    )
}
KINDS: tuple[str, ...] = tuple(CARD_MODELS)
