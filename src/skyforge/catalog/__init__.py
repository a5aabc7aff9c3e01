"""The card catalog: models, loading and look-ups."""

from skyforge.catalog.index import Catalog, Origin
from skyforge.catalog.loader import load_catalog, shipped_catalog_dir

__all__ = ["Catalog", "Origin", "load_catalog", "shipped_catalog_dir"]
