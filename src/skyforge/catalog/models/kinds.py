"""``Card``: a card of any kind, told apart by its ``kind``; every kind's model by kind."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from skyforge.catalog.models.arena_heroes import ArenaHero
from skyforge.catalog.models.cardbase import CardBase
from skyforge.catalog.models.cards import AllianceCard, CastleCard
from skyforge.catalog.models.heroes import OnwardHero
from skyforge.catalog.models.horde_cards import (
    HordeCard,
    MinionCard,
    OutsiderCard,
    PortalCard,
    ScenarioCard,
    TokenCard,
)

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


def build_validators() -> None:
    """Build each kind's validator now, once (``defer_build`` leaves them to first use): a
    validator of cards of any kind — ``Card``'s, a catalog file's — is then made of them, rather
    than building each kind again inside itself. ``catalog import`` makes two, one for the rows
    and one for the file it writes."""
    for model in CARD_MODELS.values():
        model.model_rebuild()
