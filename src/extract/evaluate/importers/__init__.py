"""Public gold formats -> :class:`~extract.evaluate.corpus.GoldDoc`, so one scorer runs on
all of them. One module per format, each with ``load(path) -> list[GoldDoc]`` where
``path`` is a file or a folder of that format."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers import (
    ecbplus,
    geowebnews,
    meantime,
    newsquant,
    rams,
    timeml,
    wikievents,
)

LOADERS: dict[str, Callable[[Path], list[GoldDoc]]] = {
    "timeml": timeml.load,
    "meantime": meantime.load,
    "newsquant": newsquant.load,
    "wikievents": wikievents.load,
    "rams": rams.load,
    "geowebnews": geowebnews.load,
    "ecbplus": ecbplus.load,
}

__all__ = ["LOADERS"]
