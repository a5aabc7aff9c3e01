"""Card codes: ``SET.NNN`` as printed on the cards (``CAM.014 2x``)."""

from __future__ import annotations

import re
from functools import lru_cache

_CODE = re.compile(r"^([A-Za-z][A-Za-z0-9]{1,4})\s*[.\-_ ]\s*0*(\d{1,3})$")
#: no card code is longer than this, however spaced and padded: longer text is not
#: matched at all, so the patterns never backtrack over a long run of spaces
_LONGEST = 24


@lru_cache(maxsize=4096)  # bulk work looks up the same few hundred codes again and again
def normalize_code(text: str) -> str | None:
    """``cam.14`` → ``CAM.014``; ``None`` when ``text`` is not a card code."""
    text = text.strip()
    m = _CODE.match(text) if len(text) <= _LONGEST else None
    if not m:
        return None
    number = int(m.group(2))
    if number == 0:
        return None
    return f"{m.group(1).upper()}.{number:03d}"


def set_of(code: str) -> str:
    return code.split(".", 1)[0]


def number_of(code: str) -> int:
    return int(code.split(".", 1)[1])


def code_order(ref: str) -> tuple:
    """Sort key: codes by set and number (``DEMO.9`` before ``DEMO.10``), then other refs by text."""
    code = normalize_code(ref)
    return (0, set_of(code), number_of(code), "") if code else (1, "", 0, ref)


def slug(text: str) -> str:
    """An id from a name: ``"The Brood"`` → ``the-brood``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
