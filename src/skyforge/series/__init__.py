"""Match-series tracker for rulebook 004 ("The Next Match")."""

from skyforge.series.tracker import (
    MatchPlayed,
    NextMatch,
    Series,
    SeriesState,
    create,
    load,
    new,
    save,
    series_path,
    state,
    update,
)

__all__ = [
    "MatchPlayed",
    "NextMatch",
    "Series",
    "SeriesState",
    "create",
    "load",
    "new",
    "save",
    "series_path",
    "state",
    "update",
]
