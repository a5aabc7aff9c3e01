"""The limits of deck and collection files (plain numbers: read by the models, the fast path's
generated checks, and the editing commands, none of which should need pydantic to know them)."""

#: no deck needs more copies of one card than this; larger numbers are typing slips
MAX_COPIES = 99
#: the most different cards (entries of [cards]) a deck holds, and a collection
MAX_DECK_ENTRIES = 1_000
MAX_COLLECTION_ENTRIES = 10_000
