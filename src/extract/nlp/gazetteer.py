"""The base of the pipeline components that read the gazetteer (places, actors, coding)."""

from __future__ import annotations

from typing import Any

from extract.geo.gazetteer import GazEntry, Gazetteer, shared_gazetteer

__all__ = ["GazEntry", "GazetteerComponent"]


class GazetteerComponent:
    """Base of the pipeline components that read the gazetteer: the component's name and
    the cache folder of the one gazetteer they share, opened at first use."""

    def __init__(self, nlp: Any, name: str, cache_dir: str | None = None) -> None:
        self.name = name
        self.cache_dir = cache_dir

    @property
    def gazetteer(self) -> Gazetteer:
        return shared_gazetteer(self.cache_dir)
