"""Objects made to last the process, and the garbage collector.

A command's modules, the solver's libraries and the editor's first screen make some hundred thousand
objects (classes, functions, models, widgets) that live until the process ends, and almost no
reference cycles. The collector would walk them again and again while they are made, and once more
at exit. Instead it waits until they are made, then leaves them out of its later rounds
(``gc.freeze``), as a long-running server does after it starts; it still looks at everything made
afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def made_to_last() -> Iterator[None]:
    """Make what lasts the process inside: the collector is paused, then keeps it (:func:`keep`).

    Inside one already paused (an import within a command's import), it changes nothing."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        keep()


def keep() -> None:
    """What was made so far lasts the process: the collector leaves it out and looks at what comes
    after (the editor calls it once its screen is up, inside :func:`made_to_last`)."""
    gc.freeze()
    gc.enable()
