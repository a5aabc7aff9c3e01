"""``skyforge catalog init``: a starter catalog file for one's own cards.

The rulebooks print no full card list, so every real player's data starts here:
a TOML file whose examples are commented out (it loads as it is, and each example
loads once uncommented), with the official sets' code ranges taken from the
catalog itself, and a CSV header for ``skyforge catalog import``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyforge.catalog.models import CARD_MODELS
from skyforge.errors import option
from skyforge.terms import FACTIONS

if TYPE_CHECKING:
    from skyforge.catalog.index import Catalog

_HEAD = """\
# Your own catalog: the cards, castles, hordes and heroes you own, as printed on them.
# skyforge always loads the official layer (what the rulebooks state, and their rule tables:
# game modes, difficulty levels, draft orders, first games, battle plans); this file goes on top.
#
#   skyforge {catalog} {file} catalog check       # what works with your data so far
#   export SKYFORGE_CATALOG="$PWD/{file}"         # or give {catalog} before every command
#
# Every example below is commented out: remove the leading "# " of a block and put in the
# values printed on YOUR card (the values shown are placeholders, not the published game's).
# An entry with the code of an official entry, or for one without a code the same kind and
# name (see `skyforge castles`, `skyforge onward heroes`), completes it: give only the fields
# the official entry leaves empty. `skyforge schema catalog` lists every key.
schema = 1

# The official sets and their products' card-number ranges (card codes are SET.NNN):
{sets}
# A set of your own (only for cards that belong to no set above):
# [[sets]]
# code = "MYS"
# name = "My set"
"""

_EXAMPLES = """
# A castle, with its back: one [[cards.deck_rules]] table per rarity line. Words may be written
# as printed ("Liothan", "MYTHIC", "Ally"); "common" is base. The back's words quoted below are
# examples of what a back may say, not any real card's: copy YOUR castle's back.
# [[cards]]
# kind = "castle"
# code = "{set}.001"
# name = "Example Castle"
# faction = "liothan"              # {factions}
# health = 20
# back_text = "You must have Example Ally and … other cards. …"   # the back as printed
# deck_size = {{ min = 40, max = 40 }}  # the deck size the back gives (40 is an example)
# requires = ["Example Ally"]      # "You must have Example Ally …": code or name as printed; counts in the size
# hero = "Example"                 # the castle's hero: cards whose related hero is another are refused
# excludes = ["Rival Hero"]        # "… nor Rival Hero": code or name, even of a card you do not have
# excludes_subtypes = ["Example Subtype"]   # "you cannot include any EXAMPLE SUBTYPE", whatever admits them
# [[cards.deck_rules]]
# rarity = "base"                  # base | rare | mythic | legendary
# factions = ["liothan", "taulot"]
# types = ["tower"]                # "… Towers of any colour": these types from any faction
# [[cards.deck_rules]]
# rarity = "mythic"
# factions = ["liothan"]
# subtypes = ["Other Subtype"]     # "You may include any OTHER SUBTYPE": these subtypes from any faction
# max = 6                          # "at most 6 Mythic cards": at most this many cards of this rarity
# [[cards.deck_rules]]
# rarity = "legendary"
# any_faction = true               # "Legendary: any faction, …": this rarity from every faction
# only_types = ["ally"]            # "… allies only": a legendary spell is refused, whatever its faction

# An alliance card.
# [[cards]]
# kind = "alliance"
# code = "{set}.014"
# name = "Example Ally"
# copies = 2                       # the "2x" after the code
# faction = "liothan"
# rarity = "rare"
# type = "ally"                    # ally | tower | spell | attachment
# subtypes = ["Order"]
# cost = 3
# attack = 2
# health = 3

# A horde card (horde = the id of a horde: `skyforge game difficulty {help}` names them).
# [[cards]]
# kind = "horde"
# code = "{set}.120"
# name = "Example Monster"
# horde = "{horde}"
# power = 1                        # power level, weakest = 1
# type = "monster"                 # monster | spell | attachment
# mana_boost = 1

# A stage-1 portal, with the game modes printed on its sides.
# [[cards]]
# kind = "portal"
# code = "{set}.140"
# name = "Example Portal"
# stage = 1
# modes = ["solo", "coop"]         # solo | coop | competitive-2 | competitive-3

# A campaign scenario, with its actions (gold < 0 costs, > 0 earns) and its henchman.
# [[cards]]
# kind = "scenario"
# code = "{set}.150"
# name = "Example Scenario"
# horde = "{horde}"
# difficulty = 2
# income = 3
# henchman = "Example Henchman"
# actions = [
#   {{ name = "Recruit 2", gold = -4, recruit = 2 }},
#   {{ name = "Exile 1", gold = -2, exile = 1 }},
#   {{ name = "Sell supplies", gold = 2, repeatable = true }},
# ]

# An Onward hero (a colour is needed for {one_per_color}, a faction for {factions_option}).
# [[cards]]
# kind = "onward-hero"
# name = "Example Onward Hero"
# color = "red"                    # red | blue | green | yellow
# faction = "kurumo"               # kurumo | liothan | taulot | nupten (002), any case
# hero_class = "Slayer"

# A Skybound: Arena hero (a team takes at most one hero of each class).
# [[cards]]
# kind = "arena-hero"
# name = "Example Arena Hero"
# hero_class = "enchanter"
# action_cards = ["Card 1", "Card 2", "Card 3", "Card 4", "Card 5"]
"""


def starter_toml(catalog: Catalog, file: str = "my-cards.toml") -> str:
    """The starter catalog file: commented examples and the official sets' code ranges (the
    options of other commands it names marked by :func:`~skyforge.errors.option`, for the front
    end to word)."""
    official = [s for s in catalog.sets.values() if catalog_set_is_official(catalog, s.code)]
    lines = []
    for card_set in sorted(official, key=lambda s: s.code):
        lines.append(f"#   {card_set.code}  {card_set.name}")
        lines.extend(f"#          {p.first:03d}–{p.last:03d}  {p.name}" for p in card_set.products)
    set_code = official[0].code if official else "MYS"
    hordes = sorted(h for h in catalog.hordes if _layer(catalog, ("hordes", h)) != "demo")
    horde = "skybooter" if "skybooter" in hordes else (hordes[0] if hordes else "my-horde")
    return _HEAD.format(file=file, sets="\n".join(lines) or "#   (none)", catalog=option("catalog")) + _EXAMPLES.format(
        set=set_code,
        horde=horde,
        factions=" | ".join(FACTIONS),
        help=option("help"),
        one_per_color=option("one_per_color"),
        factions_option=option("factions"),
    )


def catalog_set_is_official(catalog: Catalog, code: str) -> bool:
    return _layer(catalog, ("sets", code)) == "official"


def _layer(catalog: Catalog, entry: tuple[str, str]) -> str:
    return catalog.entry_layers.get(entry, "user")


#: columns of the spreadsheet template, in a sensible order; `catalog import` reads them
CSV_COLUMNS = (
    "code",
    "kind",
    "name",
    "copies",
    "faction",
    "rarity",
    "type",
    "subtypes",
    "keywords",
    "cost",
    "attack",
    "health",
    "hero",
    "replaces",
    "premade",
    "horde",
    "power",
    "epic",
    "mana_boost",
    "treachery_only",
    "legendary",
    "stage",
    "modes",
    "text",
)


def starter_csv() -> str:
    """The header row of the spreadsheet template (every column is a catalog field)."""
    return ",".join(c for c in CSV_COLUMNS if any(c in m.model_fields for m in CARD_MODELS.values())) + "\n"
