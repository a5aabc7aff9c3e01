"""``skyforge deck edit``: the live deck editor, a full-screen Textual app.

Imported only by that command (``deck edit``, and ``deck new --edit`` through it), so every other
command starts as before. :mod:`.session` holds the deck being edited and asks the library for
every answer (the verdict, the cards each castle admits and why not, the assistant's proposal);
:mod:`.app` draws it and maps keys to it; :mod:`.command` is the click command.
"""
