"""The journal's events as plain records, for reading a campaign without pydantic.

:mod:`skyforge.campaign.events` holds the pydantic models: the file format, and
what commands create (validated) when they add an event. A journal that is plain
and valid is read by the fast path (:mod:`skyforge.plain`) into the records of
this module instead: one class per model, with the model's name and fields, made
from the generated specs (so a field or event added to the models is here once
``tools/gen_plain_specs.py`` has run).

The fold matches events by class (``case ev.GameSetUp():``). A class here also
matches the pydantic model of the same name, so journals read from a file and
events just created by a command fold alike. ``event_dict`` serves both forms.
"""

from __future__ import annotations

from typing import Any

from skyforge.campaign.event_methods import MIXINS, event_dict  # noqa: F401 (one event_dict for both forms)
from skyforge.plain_record import Record
from skyforge.plain_specs import MODELS, SPECS

_EVENTS_MODULE = "skyforge.campaign.events"


class _Kind(type):
    """A record class that also recognises the pydantic model of the same name."""

    def __instancecheck__(cls, obj: Any) -> bool:
        if type.__instancecheck__(cls, obj):
            return True
        kind = type(obj)
        return kind.__name__ == cls.__name__ and kind.__module__ == _EVENTS_MODULE


class EventRecord(Record, metaclass=_Kind):
    """An event (or a table inside one) read from a journal: the model's fields, read-only."""


def _models_of(name: str, seen: set[str]) -> None:
    """Every model reachable from ``name`` (nested tables, members of the events' union)."""
    if name in seen or not MODELS.get(name):
        return
    seen.add(name)
    for field in MODELS[name]["fields"].values():
        stack = [field["kind"]]
        while stack:
            kind = stack.pop()
            if not kind:
                continue
            tag, _, item = kind
            if tag == "model":
                _models_of(item, seen)
            elif tag == "union":
                for member in item.values():
                    _models_of(member, seen)
            elif isinstance(item, tuple):
                stack.append(item)


def _classes() -> dict[str, type[EventRecord]]:
    names: set[str] = set()
    _models_of(SPECS["campaign"], names)
    classes = {}
    for name in sorted(names):
        defaults = {f["attr"]: f["default"] for f in MODELS[name]["fields"].values() if not f["required"]}
        bases = (MIXINS[name], EventRecord) if name in MIXINS else (EventRecord,)
        classes[name] = _Kind(
            name, bases, {"_model": name, "_defaults": defaults, "__slots__": (), "__module__": __name__}
        )
    return classes


CLASSES = _classes()
globals().update(CLASSES)


def _effect_from_text(self: Any, text: str) -> Any:
    """A scenario record's mandatory effect from its text alone (as the model's ``ScenarioEffect(text=…)``)."""
    return make("ScenarioEffect", {**CLASSES["ScenarioEffect"]._defaults, "text": text})


CLASSES["Scenario"].effect_from_text = _effect_from_text


def make(model: str, fields: dict) -> Any:
    """The fast path's builder (:func:`skyforge.plain.plain_record`): a record of ``model``."""
    return CLASSES[model](fields)
