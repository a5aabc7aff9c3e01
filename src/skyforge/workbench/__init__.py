"""The deck workbench, above the rules: stats, export formats, share codes, editing, pre-made decks.

It reads and writes the files of :mod:`skyforge.decks` and asks :mod:`skyforge.rules` whether
decks are legal; the CLI draws what it returns.
"""
