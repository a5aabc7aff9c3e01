"""Match-series tracker for rulebook 004 ("The Next Match")."""

from skyforge.series.tracker import Series, SeriesState, as_dict, create, load, new, save, series_path, state, update

__all__ = ["Series", "SeriesState", "as_dict", "create", "load", "new", "save", "series_path", "state", "update"]
