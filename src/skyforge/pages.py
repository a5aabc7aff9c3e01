"""The HTML pages skyforge writes — the deck sheet, the deck page, the campaign sheet — drawn by
Jinja2 from templates, and the one way their text is escaped.

The templates and their style sheets are package data in ``src/skyforge/templates/`` (read through
the package, as an installed wheel reads them). Every value a template prints goes through
:func:`escape`, so a player's ``<script>``, ``&`` or quote is text on the page, never markup; what
is HTML already says so by being :class:`Html`. Jinja2 is imported on the first page drawn
(in :func:`_environment`): most commands draw none.
"""

from __future__ import annotations

import html
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

from skyforge.text import plural, visible_controls

if TYPE_CHECKING:
    import jinja2

#: the folder of the templates and their style sheets, in the package
TEMPLATES = "templates"


class Html(str):
    """Text that is HTML already (escaped, or ours, as a style sheet): printed as it is. Jinja2 and
    MarkupSafe know it by its ``__html__``."""

    __slots__ = ()

    def __html__(self) -> str:
        return self


def escape(value: object) -> Html:
    """``value`` as HTML text: ``&``, ``<``, ``>`` and both quotes as entities (so it is safe in an
    attribute too), control characters shown as a terminal shows them (``^[``); None is empty."""
    if hasattr(value, "__html__"):
        return Html(value.__html__())
    return Html(html.escape(visible_controls("" if value is None else str(value))))


@cache
def stylesheet(*names: str) -> Html:
    """The style sheets ``names`` (files in the templates' folder), one after the other."""
    folder = files(__package__).joinpath(TEMPLATES)
    return Html("".join(folder.joinpath(name).read_text(encoding="utf-8") for name in names))


@cache
def _environment() -> jinja2.Environment:
    import jinja2  # start-up: only a command that writes a page draws one; Jinja2 takes ~40 ms

    environment = jinja2.Environment(
        loader=jinja2.PackageLoader(__package__, TEMPLATES),
        # every value printed goes through :func:`escape` first (None as nothing), so autoescape
        # finds it escaped: MarkupSafe's own escape would leave control characters raw
        autoescape=True,
        finalize=escape,
        undefined=jinja2.StrictUndefined,  # a name the template does not get is a bug, not an empty string
        keep_trailing_newline=True,
        auto_reload=False,  # the templates are package data: they do not change under a command
    )
    environment.globals.update(stylesheet=stylesheet, plural=plural)
    return environment


def render(template: str, **values: object) -> str:
    """The page drawn by ``template`` (a file in the templates' folder) from ``values``."""
    return str(_environment().get_template(template).render(**values))
