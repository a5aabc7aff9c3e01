"""The catalog's data model: the schema of every catalog TOML file.

These pydantic models *are* the file format: unknown keys are errors, and the
``description`` of each field feeds ``skyforge schema`` and docs/formats.md.
Optional fields that are ``None`` mean "not known" — the rulebooks do not print
every card, so official entries may be incomplete (DESIGN.md §3 Provenance).
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from skyforge.catalog.codes import normalize_code, slug  # noqa: F401 (slug re-exported)
from skyforge.terms import FACTIONS

Faction = Literal[FACTIONS]  # type: ignore[valid-type]  # the one faction list: skyforge.terms
Rarity = Literal["base", "rare", "mythic", "legendary"]
AllianceType = Literal["ally", "tower", "spell", "attachment"]
HordeType = Literal["monster", "spell", "attachment"]
HordeDifficulty = Literal["easy", "medium", "hard", "harder"]
GameMode = Literal["solo", "coop", "competitive-2", "competitive-3"]
OutsiderType = Literal["immortal", "enchanter", "colossal", "henchman"]
Game = Literal["skytear-horde", "onward", "skybound-arena"]
Provenance = Literal["official", "demo", "user"]

# the game's plain tables live in skyforge.catalog.constants (no pydantic): re-exported here
from skyforge.catalog.constants import COPY_LIMITS, FACTION_COLORS, RARITIES  # noqa: E402,F401


class Strict(BaseModel):
    # defer_build: validators are built on first validation, not at import — a
    # command served from the catalog cache never pays for them.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, strict=True)


def _as_code(value: object) -> object:
    """Normalise a card code as it is read (``cam.14`` → ``CAM.014``), or refuse it."""
    if isinstance(value, str):
        code = normalize_code(value)
        if code is None:
            raise ValueError("not a card code: use SET.NNN, e.g. CAM.014")
        return code
    return value


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


class DeckRule(Strict):
    """One rarity line on the back of a castle card."""

    rarity: Rarity = Field(description="The alliance rarity this line is about.")
    factions: list[Faction] = Field(default_factory=list, description="Factions whose cards of this rarity may be included.")
    subtypes: list[str] = Field(default_factory=list, description="Cards with any of these subtypes are admitted too, from any faction.")
    max: int | None = Field(default=None, ge=0, description="At most this many cards of this rarity (counting copies).")


class DeckSize(Strict):
    min: int = Field(ge=1, description="Smallest legal deck.")
    max: int | None = Field(default=None, ge=1, description="Largest legal deck; no limit when absent.")

    @model_validator(mode="after")
    def _order(self) -> DeckSize:
        if self.max is not None and self.max < self.min:
            raise ValueError(f"max ({self.max}) is below min ({self.min})")
        return self


class CardRule(Strict):
    """A restriction printed on an alliance card itself (rule id ``card-rule``)."""

    max_copies: int | None = Field(default=None, ge=1, description="At most this many copies in one deck.")
    castle_factions: list[Faction] = Field(default_factory=list, description="Only in decks whose castle is of one of these factions.")
    requires: list[str] = Field(default_factory=list, description="Only in decks that also hold these cards (codes).")
    text: str | None = Field(default=None, description="The rule as printed, shown in messages.")


class CardBase(Strict):
    code: str | None = Field(default=None, description="SET.NNN as printed (any case or padding is accepted). Unknown for some official entries.")
    name: str = Field(min_length=1, description="Card name as printed.")
    copies: int = Field(default=1, ge=1, description="Copies of this card in one product (the '2x' after the code).")
    source: str | None = Field(default=None, description="Rulebook and section this entry is taken from (official data).")
    text: str | None = Field(default=None, description="Ability text, when known.")

    _code = field_validator("code", mode="before")(lambda v: _as_code(v))

    @property
    def key(self) -> str:
        """Identity in the catalog: the code, or kind:name for entries without one."""
        return self.code or f"{self.kind}:{slug(self.name)}"  # type: ignore[attr-defined]

    @property
    def set_code(self) -> str | None:
        return self.code.split(".")[0] if self.code else None


class AllianceCard(CardBase):
    kind: Literal["alliance"] = "alliance"
    faction: Faction | None = Field(default=None, description="Faction (banner colour): liothan blue, taulot green, kurumo red, nupten yellow.")
    rarity: Rarity | None = Field(default=None, description="Alliance rarity: base, rare, mythic or legendary.")
    type: AllianceType | None = Field(default=None, description="ally, tower, spell or attachment.")
    subtypes: list[str] = Field(default_factory=list, description="Subtypes such as Shapeshifter, Order, Dryad.")
    keywords: list[str] = Field(default_factory=list, description="Keywords such as Heroic, Fast, Elusive.")
    cost: int | None = Field(default=None, ge=0, description="Mana cost.")
    attack: int | None = Field(default=None, description="Printed attack (allies).")
    health: int | None = Field(default=None, description="Printed health (allies and towers).")
    hero: str | None = Field(default=None, description="Related hero, relevant for custom decks.")
    replaces: str | None = Field(default=None, description="Errata: this card completely replaces the card with this code.")
    premade: str | None = Field(default=None, description="Id of the pre-made deck this card belongs to (see [[premade_decks]]).")
    card_rules: list[CardRule] = Field(default_factory=list, description="Deck-building restrictions printed on the card.")

    _replaces = field_validator("replaces", mode="before")(lambda v: _as_code(v))


class CastleCard(CardBase):
    kind: Literal["castle"] = "castle"
    faction: Faction | None = Field(default=None, description="The castle's faction.")
    health: int | None = Field(default=None, ge=1, description="Starting castle health.")
    deck_size: DeckSize | None = Field(default=None, description="Legal deck size; none printed means no size rule.")
    deck_rules: list[DeckRule] | None = Field(default=None, description="The back of the castle card: one table per rarity line. Absent means not known yet.")

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
    treachery_only: bool = Field(default=False, description="Carries the treachery-only symbol (never used in campaigns).")
    legendary: bool = Field(default=False, description="A legendary horde card (Monoliths level 3 adds a random one).")
    attack: int | None = Field(default=None)
    health: int | None = Field(default=None)


class PortalCard(CardBase):
    kind: Literal["portal"] = "portal"
    stage: int = Field(ge=1, le=4, description="Portal stage, I to IV.")
    modes: list[GameMode] = Field(min_length=1, description="Game modes printed on its sides.")
    horde: str | None = Field(default=None, description="Related horde id, if the portal names one.")


class OutsiderCard(CardBase):
    kind: Literal["outsider"] = "outsider"
    outsider_type: OutsiderType | None = Field(default=None, description="immortal, enchanter, colossal or henchman; absent = not known.")
    stage: int | None = Field(default=None, ge=1, le=4, description="Stage of an immortal outsider's card.")
    horde: str | None = Field(default=None, description="Horde it is thematically connected with.")


class ScenarioEffect(Strict):
    """What a scenario's mandatory effect does, as data: the tool applies the fields it knows
    and keeps the rest as a reminder until the scenario is resolved."""

    text: str | None = Field(default=None, description="The effect as printed.")
    gold: int | None = Field(default=None, description="Gold the Alliance earns (positive) or loses (negative).")
    castle_health: int | None = Field(default=None, description="Castle health gained (positive) or lost (negative); no cap, no floor.")
    recruit: int | None = Field(default=None, ge=1, description="Recruit X: X (each player forms offers).")
    exile: int | None = Field(default=None, ge=1, description="Cards each player may exile from their deck.")
    exile_horde: int | None = Field(default=None, ge=1, description="Cards the Alliance may exile from the campaign's horde deck.")
    reminder: str | None = Field(default=None, description=(
        "What the tool cannot apply (a discard at random, a look at the top cards…), shown until the "
        "scenario is resolved. Default: the text, when no other field is given."))

    def pending(self) -> str | None:
        """The reminder this effect leaves for the players, if any."""
        if self.reminder:
            return self.reminder
        applied = (self.gold, self.castle_health, self.recruit, self.exile, self.exile_horde)
        return self.text if all(v is None for v in applied) else None


class ScenarioAction(Strict):
    name: str = Field(description="Action name as printed, e.g. 'Recruit 2'.")
    gold: int = Field(description="Gold it costs (negative) or earns (positive).")
    repeatable: bool = Field(default=False, description="Marked ∞: may be taken any number of times.")
    recruit: int | None = Field(default=None, ge=1, description="For Recruit X actions: X.")
    exile: int | None = Field(default=None, ge=1, description="For exile actions: how many cards each player may exile.")
    exile_horde: int | None = Field(default=None, ge=1, description="Cards the Alliance may exile from the campaign's horde deck.")
    castle_health: int | None = Field(default=None, description="Castle health gained (positive) or lost (negative); no cap, no floor.")
    text: str | None = Field(default=None, description="The effect as printed.")
    reminder: str | None = Field(default=None, description=(
        "What the tool cannot apply, shown until the scenario is resolved. Default: the text, when the "
        "action has no recruit, exile, exile_horde or castle_health."))


class ScenarioCard(CardBase):
    kind: Literal["scenario"] = "scenario"
    horde: str | None = Field(default=None, description="Related horde id.")
    difficulty: int | None = Field(default=None, ge=0, description="Difficulty printed on the scenario.")
    income: int = Field(default=0, description="Gold earned at the end of resolving the scenario.")
    mandatory: ScenarioEffect | None = Field(default=None, description=(
        "[cards.mandatory]: the mandatory effect resolved first, applied when the scenario is resolved "
        "(the older `mandatory = true` with `mandatory_text` is still read)."))
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


class OnwardHero(CardBase):
    kind: Literal["onward-hero"] = "onward-hero"
    color: Literal["red", "blue", "green", "yellow"] | None = Field(default=None, description="Hero sheet colour.")
    faction: str | None = Field(default=None, description="Onward faction.")
    hero_class: str | None = Field(default=None, description="Class (role) of the hero.")
    range: Literal["melee", "ranged"] | None = Field(default=None, description="Attack range on the fallback plan.")


class ArenaHero(CardBase):
    kind: Literal["arena-hero"] = "arena-hero"
    hero_class: str | None = Field(default=None, description="Class, shown by the hero's colour; a team has at most one of each.")
    action_cards: list[str] = Field(default_factory=list, description="Names of the hero's 5 action cards.")


Card = Annotated[
    Union[AllianceCard, CastleCard, HordeCard, PortalCard, OutsiderCard, ScenarioCard,
          MinionCard, TokenCard, OnwardHero, ArenaHero],
    Field(discriminator="kind"),
]
CARD_MODELS: dict[str, type[CardBase]] = {
    m.model_fields["kind"].default: m
    for m in (AllianceCard, CastleCard, HordeCard, PortalCard, OutsiderCard, ScenarioCard,
              MinionCard, TokenCard, OnwardHero, ArenaHero)
}
KINDS: tuple[str, ...] = tuple(CARD_MODELS)


class Horde(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id used by cards and commands, e.g. skybooter.")
    name: str = Field(description="Horde name as printed.")
    set: str | None = Field(default=None, description="Set code the horde comes from.")
    difficulty: HordeDifficulty | None = Field(default=None, description="Difficulty as the Horde Overview states it.")
    difficulty_source: str | None = Field(default=None, description="Which rulebook the difficulty follows, where the books disagree.")
    difficulty_by_rulebook: dict[str, HordeDifficulty] = Field(
        default_factory=dict,
        description="Difficulty as another rulebook states it, where the books disagree: rulebook id → difficulty, e.g. { \"001\" = \"hard\" }.")
    outsiders: list[str] = Field(default_factory=list, description="Suggested outsiders, by name, first = the easier pairing.")
    source: str | None = Field(default=None)
    text: str | None = Field(default=None, description="Play-style summary.")


class DifficultyLevel(Strict):
    set: str = Field(description="Set code whose horde cards this row describes.")
    level: int = Field(ge=1, le=5, description="Difficulty level 1-5.")
    powers: list[int] = Field(default_factory=list, description="Horde power levels taken at this level; empty = not stated.")
    cards: int | None = Field(default=None, ge=0, description="Approximate card count the rulebook table gives.")
    extra_random: int = Field(default=0, ge=0, description="Also add this many random cards.")
    extra_legendary: bool = Field(default=False, description="The extra random card is a legendary one.")
    source: str | None = Field(default=None)


class PremadeDeck(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. liothan-shapeshifters.")
    name: str = Field(description="Deck name as the Alliance Overview gives it.")
    set: str | None = Field(default=None, description="Set code.")
    faction: Faction = Field(description="The deck's faction.")
    complex: bool = Field(default=False, description="Marked (Complex) in the rulebook.")
    source: str | None = Field(default=None)
    text: str | None = Field(default=None)


class DraftStep(Strict):
    """One step of a draft: a team picks or bans ``count`` heroes in a row."""

    team: str = Field(description="Team that acts, one of the format's teams.")
    action: Literal["pick", "ban"] = Field(default="pick", description="pick: take a hero into the team; ban: remove one from the pool.")
    count: int = Field(default=1, ge=1, le=10, description="How many heroes this team picks or bans in a row.")


class DraftFormat(Strict):
    """A draft order as data (rules as data): the engine plays the steps in order."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. onward-snake-4.")
    game: Game = Field(description="Which game the format drafts for.")
    method: str = Field(description="Drafting method, e.g. random, snake, moba, turns.")
    team_size: int = Field(ge=1, le=10, description="Heroes each team ends with.")
    teams: list[str] = Field(min_length=2, description="Team ids, in the order the rulebook names them.")
    maps: list[str] = Field(default_factory=list, description="Maps this format is for (empty = any).")
    players: list[int] = Field(default_factory=list, description="Player counts this format is for (empty = any).")
    steps: list[DraftStep] = Field(min_length=1, description="The steps in order.")
    source: str | None = Field(default=None, description="Rulebook and section the order comes from.")
    notes: str | None = Field(default=None, description="How an ambiguous rule was read (DESIGN.md decisions).")

    @model_validator(mode="after")
    def _steps_fit(self) -> DraftFormat:
        for step in self.steps:
            if step.team not in self.teams:
                raise ValueError(f"step team '{step.team}' is not one of the teams {self.teams}")
        for team in self.teams:
            picks = sum(s.count for s in self.steps if s.team == team and s.action == "pick")
            if picks != self.team_size:
                raise ValueError(f"team '{team}' picks {picks} heroes; team_size is {self.team_size}")
        return self


class TeamPreset(Strict):
    """Ready-made teams, e.g. the rulebook's teams for a first game."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. onward-first-game.")
    game: Game = Field(description="Which game the teams are for.")
    name: str = Field(description="What the rulebook calls these teams.")
    teams: dict[str, list[str]] = Field(description="Team id -> hero names.")
    source: str | None = Field(default=None)


# -- stand-alone game setup rules (rules as data; see skyforge.setup) ----------------

Rulebook = Literal["000", "001"]


class GameModeRule(Strict):
    """How one rulebook sets up one game mode (Setup steps 2, 4, 5; Cooperative/Competitive Mode)."""

    mode: GameMode = Field(description="solo, coop, competitive-2 or competitive-3.")
    rulebook: str = Field(description="Rulebook id whose rules this row follows, e.g. 000.")
    rulebook_name: str | None = Field(default=None, description="The book's title, e.g. 'Skytear Horde: Campaigns'.")
    release: int = Field(default=1, ge=1, description="Release order of the book (higher = later); the default book is the latest one.")
    sets: list[str] = Field(default_factory=list, description="Set codes whose castles follow this book by default.")
    alliance_players: int = Field(ge=1, le=2, description="How many alliance players (each with a deck).")
    horde_player: bool = Field(default=False, description="One more player controls the horde (competitive mode).")
    minion_tokens: int = Field(ge=0, description="Health tokens placed on each minion that gets them.")
    minions_with_tokens: int | None = Field(default=None, ge=1, description="How many different minions get tokens; absent = each minion card.")
    minions_choice: bool = Field(default=False, description="The players choose which minions get the tokens.")
    portal_cards: int = Field(ge=1, description="How many portal cards form the portal pile.")
    portal_stages: list[int] = Field(min_length=1, description="Stage shown face up on each portal of the pile, top first.")
    portal_note: str | None = Field(default=None, description="How to lay out the portal pile, as the book says.")
    hordes_max: int | None = Field(default=None, ge=1, description="At most this many hordes in the horde deck; absent = any number.")
    horde_player_rules: list[str] = Field(default_factory=list, description="Setup steps for the horde player.")
    reminders: list[str] = Field(default_factory=list, description="Last setup steps (draw and mulligan) as the book gives them.")
    source: str | None = Field(default=None)


class DifficultyModifier(Strict):
    """One line of 001 "Total Difficulty Level": a modifier added to the baseline level."""

    horde_difficulty: HordeDifficulty | None = Field(default=None, description="Applies to each horde of this difficulty.")
    outsiders: list[str] = Field(default_factory=list, description="Applies to these outsiders, by name.")
    outsider_type: OutsiderType | None = Field(default=None, description="Applies to outsiders of this type.")
    per_card: bool = Field(default=False, description="Counted once for each card of the outsider.")
    modifier: float = Field(description="Added to the total difficulty.")
    source: str | None = Field(default=None)


class OutsiderTypeRule(Strict):
    """What a player needs to know at setup about an outsider type (Outsider Types)."""

    type: OutsiderType = Field(description="immortal, enchanter, colossal or henchman.")
    enters: str = Field(description="How the outsider enters play and how you win against it.")
    source: str | None = Field(default=None)


class BattlePlan(Strict):
    """An order of alliance decks and hordes to play through ("The Battle Plan")."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="Short id, e.g. 001.")
    name: str = Field(description="Name shown to players.")
    decks: list[str] = Field(description="Alliance decks in order (pre-made deck ids).")
    hordes: list[str] = Field(description="Hordes in order (horde ids).")
    random_outsider_after: int | None = Field(default=None, ge=1, description="After this many wins with one deck, use a random outsider.")
    victorious_after: int | None = Field(default=None, ge=1, description="With this many wins a deck is victorious: move on to another deck.")
    second_outsider_pass: bool = Field(default=False, description=(
        "After every horde with its first suggested outsider, fight again those with a second one, "
        "for a harder game (000 \"Which Horde and Outsider?\")."))
    source: str | None = Field(default=None)
    text: str | None = Field(default=None)


class HeroClassList(Strict):
    """The hero classes a game's rulebook names; a hero's ``hero_class`` must be one of them."""

    game: Game = Field(description="Which game: onward or skybound-arena.")
    classes: list[str] = Field(min_length=1, description="The class names, lower case (e.g. slayer, tank).")
    source: str | None = Field(default=None, description="Rulebook and section the list comes from.")


class FirstGame(Strict):
    """A rulebook's recommended first game (Setup, 'For your first game …')."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$", description="Preset name, usually the set code, e.g. CAM.")
    rulebook: str | None = Field(default=None, description="Rulebook id the preset follows.")
    castle: str = Field(description="Castle, by code or name.")
    decks: list[str] = Field(default_factory=list, description="Suggested alliance decks (pre-made deck ids).")
    decks_note: str | None = Field(default=None, description="The deck advice as the book gives it.")
    hordes: list[str] = Field(description="Horde ids.")
    difficulty: int = Field(ge=1, le=5, description="Difficulty level.")
    outsider: str = Field(description="Outsider, by name.")
    modes: list[GameMode] = Field(default_factory=lambda: ["solo", "coop"], description="Game modes the book suggests.")
    portal_without_horde: bool = Field(default=False, description="Stage 1 portal: the one that names no horde.")
    steps: list[str] = Field(default_factory=list, description="The book's first-game advice, step by step.")
    source: str | None = Field(default=None)


class CatalogFile(Strict):
    """One catalog TOML file. Any number of them are merged."""

    schema_: int = Field(default=1, alias="schema", ge=1, description="File format version.")
    provenance: Provenance = Field(default="user", description="official: stated by the rulebooks; demo: fictional demo data; user: your own.")
    sets: list[CardSet] = Field(default_factory=list, description="[[sets]]: card sets and their products' code ranges.")
    cards: list[Card] = Field(default_factory=list, description="[[cards]]: cards of every kind (see Cards below).")
    hordes: list[Horde] = Field(default_factory=list, description="[[hordes]]: hordes, their difficulty and suggested outsiders.")
    difficulty_levels: list[DifficultyLevel] = Field(default_factory=list, description="[[difficulty_levels]]: which horde power levels each difficulty level takes, per set.")
    premade_decks: list[PremadeDeck] = Field(default_factory=list, description="[[premade_decks]]: the pre-made alliance decks.")
    draft_formats: list[DraftFormat] = Field(default_factory=list, description="Hero draft orders (Onward, Skybound: Arena).")
    team_presets: list[TeamPreset] = Field(default_factory=list, description="Ready-made hero teams.")
    game_modes: list[GameModeRule] = Field(default_factory=list, description="[[game_modes]]: how each rulebook sets up each game mode.")
    difficulty_modifiers: list[DifficultyModifier] = Field(default_factory=list, description="[[difficulty_modifiers]]: the terms of the total difficulty level.")
    outsider_types: list[OutsiderTypeRule] = Field(default_factory=list, description="[[outsider_types]]: how each outsider type enters play.")
    battle_plans: list[BattlePlan] = Field(default_factory=list, description="[[battle_plans]]: orders of decks and hordes to play through.")
    first_games: list[FirstGame] = Field(default_factory=list, description="[[first_games]]: the rulebooks' recommended first games.")
    hero_classes: list[HeroClassList] = Field(default_factory=list, description="[[hero_classes]]: each game's hero classes; heroes' hero_class is checked against them.")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True, strict=True)
