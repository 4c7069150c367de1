"""Offline geography: the gazetteer (its build in :mod:`.build`, its lookups in
:mod:`.gazetteer`, name keys in :mod:`.names`) and place resolution in context
(:mod:`.resolve`)."""

from extract.geo.gazetteer import GazEntry, Gazetteer, default_cache_dir, shared_gazetteer
from extract.geo.names import fold

__all__ = ["GazEntry", "Gazetteer", "default_cache_dir", "fold", "shared_gazetteer"]
