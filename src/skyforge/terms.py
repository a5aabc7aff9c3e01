"""Terms of the games that every layer shares, each said once: the factions, the notes that mark
demo data and inferences, and the range of random seeds.

Light on purpose (no pydantic): the CLI's option choices are built from it when a command module
is imported, and the catalog's models take their ``Faction`` type from it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

#: the factions of the alliance, in the rulebooks' order: "Liothan (blue), Taulot (green),
#: Kurumo (red), and Nupten (yellow)" (000 and 001)
FACTIONS: tuple[str, ...] = ("liothan", "taulot", "kurumo", "nupten")

#: where a random seed is drawn from when none is given: short enough to read out and type again
SEEDS = range(1, 1_000_000)


def new_seed() -> int:
    """A random seed from :data:`SEEDS`, for a result the player can repeat with ``--seed``."""
    return random.SystemRandom().randrange(SEEDS.start, SEEDS.stop)


def demo_note(what: str = "cards", some: Sequence[str] = ()) -> str:
    """The one note that marks demo data (the fictional DEMO set) wherever skyforge shows it.

    ``what`` names the things shown ("cards", "heroes", or "card" for one); ``some`` names the
    few of them that are demo data when the others are not (official data, or the player's own).
    """
    if some:
        verb = "is" if len(some) == 1 else "are"
        return f"demo data: {', '.join(some)} {verb} fictional, from the DEMO set; the other {what} are not demo data"
    fictional = "fictional" if what.endswith("s") else "a fictional"  # "a fictional card"
    return f"demo data: {fictional} {what} from the DEMO set, not the published game's"


#: the word that marks a value the rulebooks do not state, read into them by skyforge
INFERRED = "inferred"


def inferred_value(value: object, field: str, inferred: Mapping[str, str]) -> str:
    """``value`` as shown, marked when it is an inference: "enchanter (inferred)"."""
    return f"{value} ({INFERRED})" if field in inferred else str(value)


def inference_note(what: str, why: str) -> str:
    """The one note that says why a value is an inference, wherever skyforge shows one:
    "inferred, not stated by the rulebooks — Benidia's class: …"."""
    return f"{INFERRED}, not stated by the rulebooks — {what}: {why}"
