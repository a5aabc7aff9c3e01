"""Share codes: a whole deck in one short, URL-safe string that survives copy and paste.

``SF1.`` + base64url (no padding) of: a CRC-32 of the payload (4 bytes, big-endian),
then the payload compressed with raw DEFLATE. The payload is UTF-8 text::

    castle \\n name \\n player \\n DEMO:7*3,8*3,9*2,28;CAM:14*2 \\n =card name*1 …

Cards are grouped by set; ``*N`` is omitted for one copy; refs that are not codes
(catalog entries without a printed code) follow as ``=ref*N`` lines. A code that carries the data of the deck's own cards
(``deck export --with-cards``) is version 2, ``SF2.``: the same payload and a last line
``+cards {JSON}`` (:mod:`skyforge.workbench.carried`). The version is in the prefix, so a later format can be told apart; the checksum
catches typos (a changed, added or lost character fails the CRC or the decompression).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections import defaultdict
from dataclasses import replace

from pydantic import ValidationError

from skyforge.catalog.codes import normalize_code, number_of, set_of
from skyforge.decks.models import DeckFile
from skyforge.errors import InputError, Problem, option
from skyforge.storage import validation_problems
from skyforge.workbench.carried import check_carried

PREFIX = "SF1."
#: a code that carries card data (:mod:`skyforge.workbench.carried`)
PREFIX_CARDS = "SF2."
#: the payload line of the carried cards (JSON), the last line of a version 2 code
CARDS_LINE = "+cards "
#: the longest share code read (a 99-card deck of many sets is a few hundred characters)
MAX_CODE_CHARS = 20_000
#: the most a share code may unpack to (its deck as text)
MAX_PAYLOAD_BYTES = 100_000
_SHAPE = re.compile(r"^SF(\d+)\.([A-Za-z0-9_\-]+)$")


_START = re.compile(r"SF\d+\.")


def split_codes(text: str) -> list[str] | None:
    """The share codes in ``text`` — one or several (a multi-deck export), wrapped over lines or
    broken by spaces as chat programs do — or None when the text is something else.

    '.' is not a base64url character, so each ``SF<version>.`` starts a new code.
    """
    joined = "".join(text.split())
    starts = [m.start() for m in _START.finditer(joined)]
    if not starts or starts[0] != 0:
        return None
    codes = [joined[a:b] for a, b in zip(starts, [*starts[1:], len(joined)])]
    return codes if all(_SHAPE.match(c) for c in codes) else None


#: a run of base64url characters: one piece of a code a chat program may have broken
_PIECE = re.compile(r"[A-Za-z0-9_\-]+")
#: what may lie between two pieces: spaces, a line break and a reply's quote marks ("> ", ">> ")
_BETWEEN = re.compile(r"[ \t]*(?:\r?\n[ \t]*(?:>[ \t>]*)?|[ \t]+)")
#: the most pieces one code is looked for in (a long code wrapped at 20 characters is ~30)
MAX_PIECES = 400
#: the most code prefixes one text is searched for (a multi-deck export holds one per deck)
MAX_CODES = 200


def find_codes(text: str) -> list[str] | None:
    """The share codes anywhere in ``text`` — a chat message, a quoted reply (``> ``), a code split
    over lines or between words — or None when it holds no ``SF<version>.`` at all.

    A code is the ``SF1.`` prefix and the pieces after it, joined over spaces, line breaks and
    quote marks; where the code ends and the words begin is told by its checksum: the longest join
    that decodes is the code. A prefix whose pieces never decode raises the error of the longest
    join (damaged, or a newer version).
    """
    codes: list[str] = []
    first_error: InputError | None = None
    pos, tried = 0, 0
    while tried < MAX_CODES and (m := _START.search(text, pos)) is not None:
        tried += 1
        pieces: list[tuple[str, int]] = []
        at, size = m.end(), 0
        while len(pieces) < MAX_PIECES and (piece := _PIECE.match(text, at)) is not None:
            if pieces and _START.match(text, at):  # the next code begins
                break
            size += len(piece.group())
            if size > MAX_CODE_CHARS:
                break
            pieces.append((piece.group(), piece.end()))
            gap = _BETWEEN.match(text, piece.end())
            at = gap.end() if gap else piece.end()
            if not gap:
                break
        found, error = _longest_code(m.group(), pieces)
        if error is not None and first_error is None:
            first_error = error
        if found:
            codes.append(found[0])
            pos = found[1]
        else:
            pos = m.end()
    if codes:
        return codes
    if first_error is not None:
        raise first_error
    return None


def _longest_code(prefix: str, pieces: list[tuple[str, int]]) -> tuple[tuple[str, int] | None, InputError | None]:
    """The longest join of ``pieces`` after ``prefix`` that decodes (the code, and where it ends in
    the text), else the error of the longest join. Linear: the pieces are base64-decoded and
    inflated once, and where the compressed stream ends tells which joins can be the code (a
    join's decoded length must end there); only those are decoded in full."""
    if not pieces:
        return None, None
    joined = "".join(p for p, _ in pieces)
    body = joined[: len(joined) - len(joined) % 4 if len(joined) % 4 == 1 else len(joined)]
    end = None
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj(-15)
        inflater.decompress(raw[4:], MAX_PAYLOAD_BYTES + 1)
        if inflater.eof:
            end = len(raw) - len(inflater.unused_data)  # the code's length in bytes
    except (binascii.Error, zlib.error, ValueError):
        pass
    if end is not None:
        length = 0
        lengths = []
        for piece, _ in pieces:
            length += len(piece)
            lengths.append(length)
        for k in range(len(pieces), 0, -1):
            if lengths[k - 1] // 4 * 3 + (0, 0, 1, 2)[lengths[k - 1] % 4] != end:
                continue
            candidate = prefix + joined[: lengths[k - 1]]
            try:
                decode(candidate)
            except InputError:
                continue
            return (candidate, pieces[k - 1][1]), None
    try:
        decode(prefix + joined)
    except InputError as exc:
        return None, exc
    return (prefix + joined, pieces[-1][1]), None


def encode(deck: DeckFile, carried: dict | None = None) -> str:
    """The share code of ``deck``; with ``carried`` (:mod:`skyforge.workbench.carried`) the data of
    its own cards too: such a code is version 2 (``SF2.``), so an older skyforge says it is newer
    rather than misreading it."""
    by_set: dict[str, list[tuple[int, int]]] = defaultdict(list)
    loose: list[tuple[str, int]] = []
    for ref, count in deck.cards.items():
        code = normalize_code(ref)
        if code:
            by_set[set_of(code)].append((number_of(code), count))
        else:
            loose.append((ref, count))

    def item(n: int, count: int) -> str:
        return str(n) if count == 1 else f"{n}*{count}"

    groups = ";".join(f"{s}:" + ",".join(item(n, c) for n, c in sorted(by_set[s])) for s in sorted(by_set))
    lines = [_clean(deck.castle), _clean(deck.name), _clean(deck.player or ""), groups]
    lines += [f"={_clean(ref)}*{count}" for ref, count in sorted(loose)]
    if carried:
        lines.append(CARDS_LINE + json.dumps(carried, ensure_ascii=False, separators=(",", ":")))
    payload = "\n".join(lines).encode("utf-8")
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = zlib.crc32(payload).to_bytes(4, "big") + compressor.compress(payload) + compressor.flush()
    code = (PREFIX_CARDS if carried else PREFIX) + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")
    if len(code) > MAX_CODE_CHARS:
        raise InputError(
            Problem(
                f"the share code would be {len(code):,} characters, over the share-code size limit of "
                f"{MAX_CODE_CHARS:,}",
                hint=f"export with {option('format')} json {option('with_cards')} instead, or without {option('with_cards')}",
            )
        )
    return code


def decode(code: str) -> DeckFile:
    return decode_shared(code)[0]


def decode_shared(code: str) -> tuple[DeckFile, dict | None]:
    """The deck of a share code, and the card data it carries (version 2), or None."""
    if len(code) > 4 * MAX_CODE_CHARS:  # before any work on it, even splitting
        raise _too_long(len(code))
    text = "".join(code.split())
    if len(text) > MAX_CODE_CHARS:
        raise _too_long(len(text))
    m = _SHAPE.match(text)
    if not m:
        raise InputError(
            Problem(
                f"'{_short(text)}' is not a skyforge share code",
                hint="a share code starts with SF1. followed by letters, digits, '-' and '_'",
            )
        )
    if m.group(1) not in ("1", "2"):
        raise InputError(
            Problem(f"share code version {m.group(1)} is newer than this skyforge reads (2)", hint="upgrade skyforge")
        )
    damaged = InputError(
        Problem(
            "the share code is damaged (its checksum or content does not match)",
            hint="copy it again: a character was changed, added or lost",
        )
    )
    try:
        raw = base64.urlsafe_b64decode(m.group(2) + "=" * (-len(m.group(2)) % 4))
        inflater = zlib.decompressobj(-15)
        payload = inflater.decompress(raw[4:], MAX_PAYLOAD_BYTES + 1)
        if len(payload) > MAX_PAYLOAD_BYTES or inflater.unconsumed_tail:
            raise InputError(
                Problem(
                    f"the share code unpacks to more than the decompressed-size limit of {MAX_PAYLOAD_BYTES:,} bytes",
                    hint="no deck is that large: this is not a code skyforge wrote",
                )
            )
        payload += inflater.flush()
    except (binascii.Error, zlib.error, ValueError):
        raise damaged from None
    # anything after the end of the compressed stream means the code was altered
    if len(raw) < 5 or not inflater.eof or inflater.unused_data or zlib.crc32(payload).to_bytes(4, "big") != raw[:4]:
        raise damaged
    try:
        return _parse(payload.decode("utf-8"), carries=m.group(1) == "2")
    except (ValueError, UnicodeDecodeError, RecursionError):  # a well-formed code that no skyforge wrote
        raise damaged from None


def _parse(payload: str, *, carries: bool = False) -> tuple[DeckFile, dict | None]:
    lines = payload.split("\n")
    if len(lines) < 4:
        raise ValueError("too few lines")
    carried = None
    if carries:
        if not lines[-1].startswith(CARDS_LINE):
            raise ValueError("no carried cards")
        carried = check_carried(json.loads(lines.pop()[len(CARDS_LINE) :]))
    castle, name, player, groups, *loose = lines
    cards: dict[str, int] = {}

    def add(ref: str, count: str) -> None:
        if ref in cards or int(count) < 1:
            raise ValueError(f"bad entry {ref}")
        cards[ref] = int(count)

    for group in filter(None, groups.split(";")):
        set_code, _, items = group.partition(":")
        for item in filter(None, items.split(",")):
            number, _, count = item.partition("*")
            add(f"{set_code}.{int(number):03d}", count or "1")
    for line in loose:
        ref, _, count = line[1:].rpartition("*")
        add(ref, count)
    try:
        return DeckFile(name=name or "Shared deck", castle=castle, player=player or None, cards=cards), carried
    except ValidationError as exc:  # intact, but holding what no deck may (a count of 10⁸): say what
        problems = validation_problems(exc, "the share code", "")
        if not all((p.key or "").startswith("cards.") for p in problems):
            raise ValueError("not a deck skyforge wrote") from None  # an empty castle, say: damaged
        hint = "the code is intact, but no deck holds this: ask for a new code"
        raise InputError([replace(p, hint=hint) for p in problems]) from None


def _too_long(length: int) -> InputError:
    return InputError(
        Problem(
            f"the share code is {length:,} characters, over the share-code size limit of {MAX_CODE_CHARS:,}",
            hint="copy just the code (SF1.…), not the text around it",
        )
    )


def _clean(text: str) -> str:
    return text.replace("\n", " ")  # the payload is line-based; nothing else needs escaping


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:21] + "..."
