"""The base of the pipeline components that read the gazetteer (places, actors, coding)."""

from __future__ import annotations

from typing import Any

from spacy.tokens import Span

from extract.geo.gazetteer import GazEntry, Gazetteer, shared_gazetteer
from extract.nlp.place_syntax import stative_subject

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

    def country_as_territory(self, ent: Span) -> bool:
        """A country named as a territory or an economy, not its government: the subject
        of a stative verb ("China is the largest producer", "Brazil and China continued to
        account for most"); a place for the places stage and no actor for the actors
        stage. Towns are left out: "Dubreuil had a canal excavated" is a person."""
        return stative_subject(ent) and self.gazetteer.country(ent.text) is not None
