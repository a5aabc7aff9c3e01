"""``Card``: a card of any kind, told apart by its ``kind``; every kind's model by kind."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from skyforge.catalog.models.cards import AllianceCard, CardBase, CastleCard
from skyforge.catalog.models.heroes import ArenaHero, OnwardHero
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
