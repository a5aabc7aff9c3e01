"""The limits of deck and collection files, as plain numbers: read by the models and by the
editing commands."""

#: no deck needs more copies of one card than this; larger numbers are typing slips
MAX_COPIES = 99
#: the most different cards (entries of [cards]) a deck holds, and a collection
MAX_DECK_ENTRIES = 1_000
MAX_COLLECTION_ENTRIES = 10_000
