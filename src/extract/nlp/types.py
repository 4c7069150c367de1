"""Typed shapes of the values the pipeline stores on ``Doc._`` (plain dicts, so DocBin
round-trips them). Offsets are character offsets into ``doc.text``."""

from __future__ import annotations

from typing import TypedDict

from typing_extensions import NotRequired


class TimeDict(TypedDict):
    id: str
    start: int
    end: int
    text: str
    value: str | None
    type: str
    mod: str | None
    role: str | None
    anchored: bool


class QuantityDict(TypedDict):
    id: str
    start: int
    end: int
    text: str
    value: float | None
    lower: float | None
    upper: float | None
    approximate: bool
    unit: str | None
    counted: str | None
    change: str | None  # "up" / "down": the number measures a rise or a fall
    head_i: int  # token index of the counted noun (or of the number), for argument linking


class RelativeDict(TypedDict):
    direction: str
    anchor: str
    anchor_id: str | None


class PlaceDict(TypedDict):
    id: str
    start: int
    end: int
    text: str
    name: str
    kind: str
    country_code: str | None
    admin1: str | None
    lat: float | None
    lon: float | None
    precision: str
    relative: RelativeDict | None
    dateline: bool
    embedded: bool


class ActorDict(TypedDict):
    id: str
    start: int
    end: int
    text: str
    name: str
    canonical: str
    kind: str
    country_code: str | None
    affiliation: str | None
    # set by the coding component (nlp/coding.py)
    sector: NotRequired[str]
    country_basis: NotRequired[str]
    country_confidence: NotRequired[float | None]
    entity: NotRequired[str | None]


class ArgumentDict(TypedDict):
    role: str
    ref: str
    text: str


class EventDict(TypedDict):
    id: str
    type: str
    subtype: str | None
    trigger_start: int
    trigger_end: int
    sentence_start: int
    sentence_end: int
    arguments: list[ArgumentDict]
    status: str
    date: str | None
    deadline: str | None
    confidence: float
    mentions: list[tuple[int, int]]
    merged_words: list[tuple[int, int]]
