"""Typed records at the library's boundaries (pydantic v2).

Every mention carries ``start``/``end`` character offsets into ``Article.text`` and the
``text`` they cover, so ``article.text[m.start:m.end] == m.text`` always holds.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from enum import Enum
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from extract.errors import LanguageError, NewsEventsError

SCHEMA_VERSION = "1.3"

PloverType = Literal[
    "AGREE",
    "CONSULT",
    "SUPPORT",
    "CONCEDE",
    "COOPERATE",
    "AID",
    "RETREAT",
    "INVESTIGATE",
    "DEMAND",
    "DISAPPROVE",
    "REJECT",
    "THREATEN",
    "PROTEST",
    "CRIME",
    "SANCTION",
    "MOBILIZE",
    "COERCE",
    "ASSAULT",
]
PLOVER_TYPES: tuple[str, ...] = get_args(PloverType)

EventStatus = Literal["asserted", "future", "required", "hypothetical", "negated", "historical"]
TimexType = Literal["DATE", "TIME", "DURATION", "SET"]
TimexMod = Literal[
    "START",
    "MID",
    "END",
    "APPROX",
    "BEFORE",
    "AFTER",
    "ON_OR_BEFORE",
    "ON_OR_AFTER",
    "LESS_THAN",
    "MORE_THAN",
    "EQUAL_OR_LESS",
    "EQUAL_OR_MORE",
]
TimeRole = Literal["deadline", "start", "end"]
PlaceKind = Literal["country", "admin1", "admin2", "city", "facility", "region", "unknown"]
GeoPrecision = Literal["exact", "near", "admin1", "country", "unknown"]
ActorKind = Literal[
    "government",
    "military",
    "police",
    "armed_group",
    "political_party",
    "international_organisation",
    "organisation",
    "company",
    "person",
    "civilians",
    "country",
    "unknown",
]
ActorSector = Literal[
    "government",
    "military",
    "police",
    "judiciary",
    "legislature",
    "armed_group",
    "party",
    "civilians",
    "media",
    "business",
    "ngo",
    "igo",
    "labour",
    "education",
    "religion",
    "health",
    "criminal",
    "unknown",
]
"""The actor's sector, after POLECAT's agent types (GOV, MIL, COP, JUD, LEG, REB, PTY, CVL,
MED, BUS, NGO, IGO, LAB, EDU, REL, HLT, CRM)."""
CountryBasis = Literal["explicit", "affiliation", "known", "context", "international", "unknown"]
"""Why an actor has its country: the mention names it (explicit: "Nigerian army", "Chad's
army"); the body or office it acts for has it (affiliation); a table of national bodies
and groups gives it (known); a generic state actor takes the article's focus country
(context); an international body has none (international); or no one can tell (unknown)."""
ArgumentRole = Literal[
    # who
    "source",
    "target",
    "recipient",
    # where and when
    "place",
    "time",
    "deadline",
    # how many: the role a quantity plays in its event
    "released",
    "exchanged",
    "fatalities",
    "injured",
    "arrested",
    "displaced",
    "troops",
    "money",
    "participants",
    "count",
]


class PublishedSource(str, Enum):
    """Where ``Article.published`` came from."""

    given = "given"
    html_metadata = "html_metadata"
    warc_header = "warc_header"
    dateline = "dateline"
    unknown = "unknown"


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Span(_Record):
    """A stretch of ``Article.text``."""

    start: int = Field(ge=0, description="Character offset of the first character.")
    end: int = Field(ge=0, description="Character offset one past the last character.")
    text: str

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.end < self.start:
            raise ValueError(f"span end {self.end} before start {self.start}")
        return self


class Article(_Record):
    """One input document after ingest: main text plus metadata."""

    id: str = Field(description="Stable id: hash of the URL when known, else of the text.")
    url: str | None = None
    title: str | None = None
    site: str | None = None
    text: str
    language: str | None = Field(default=None, description="ISO 639-1 code when detected.")
    published: dt.date | None = None
    published_source: PublishedSource = PublishedSource.unknown
    published_raw: str | None = Field(
        default=None,
        description="The publication date as the input record wrote it (JSONL, JSON, CSV, "
        "Parquet), kept whether or not it could be read; left out of the JSON when absent.",
        # absent, it is not written: records without it read and compare as before
        exclude_if=lambda value: value is None,
    )

    @staticmethod
    def make_id(url: str | None, text: str) -> str:
        basis = url if url else text
        return hashlib.sha1(basis.encode("utf-8", "surrogatepass")).hexdigest()[:16]


class TimeMention(Span):
    """A temporal expression normalised to TIMEX3."""

    id: str
    value: str | None = Field(
        default=None,
        description="TIMEX3 value: 2020-03-10, 2021-07, 2020-W14, P18Y, PRESENT_REF, "
        "XXXX-03-10 when the anchor is unknown; None when not normalisable.",
    )
    type: TimexType = "DATE"
    mod: TimexMod | None = None
    role: TimeRole | None = Field(default=None, description="deadline for 'by March 10'.")
    anchored: bool = Field(
        default=False, description="True when the value was resolved against the publication date."
    )


class QuantityMention(Span):
    """A number with its bounds and what it counts."""

    id: str
    value: float | None = None
    lower: float | None = Field(default=None, description="Inclusive lower bound ('at least 20').")
    upper: float | None = Field(default=None, description="Inclusive upper bound ('up to 30').")
    approximate: bool = False
    unit: str | None = Field(default=None, description="Unit: USD, percent, km, ...")
    counted: str | None = Field(
        default=None, description="Counted noun phrase: 'Taliban prisoners'."
    )
    change: Literal["up", "down"] | None = Field(
        default=None,
        description="The number measures a rise or a fall ('prices rose 5%', 'down 1.1%').",
    )

    @model_validator(mode="after")
    def _bounds(self) -> QuantityMention:
        if self.lower is not None and self.upper is not None and self.lower > self.upper:
            raise ValueError("lower bound above upper bound")
        return self


class RelativePosition(_Record):
    """'north of the capital, Kabul': direction and anchor place."""

    direction: str = Field(description="Compass point: N, NE, E, SE, S, SW, W, NW, or 'near'.")
    anchor: str = Field(description="Name of the anchor place.")
    anchor_id: str | None = Field(default=None, description="Id of the anchor's place mention.")


class PlaceMention(Span):
    """A place, resolved offline where possible."""

    id: str
    name: str
    kind: PlaceKind = "unknown"
    country_code: str | None = Field(default=None, description="ISO 3166-1 alpha-3.")
    admin1: str | None = None
    lat: float | None = None
    lon: float | None = None
    precision: GeoPrecision = "unknown"
    relative: RelativePosition | None = None
    dateline: bool = Field(
        default=False,
        description="The place of the wire dateline ('SEVERN, Md. (AP) —'): where the story "
        "was filed, not a place the story tells of.",
    )
    embedded: bool = Field(
        default=False,
        description="A town or region named inside an organisation's or event's name ('the "
        "Winnipeg Police Service', 'the Karnataka Assembly election'): where that body is, "
        "not a place the story tells of.",
    )


class ActorMention(Span):
    """A participant: government, group, person, ..."""

    id: str
    name: str
    canonical: str
    kind: ActorKind = "unknown"
    country_code: str | None = Field(default=None, description="ISO 3166-1 alpha-3.")
    affiliation: str | None = Field(
        default=None, description="For people: 'Taliban' in 'Taliban spokesman'."
    )
    sector: ActorSector = Field(default="unknown", description="POLECAT-style agent type.")
    country_basis: CountryBasis = Field(
        default="unknown", description="Why the actor has its country_code (or none)."
    )
    country_confidence: float | None = Field(
        default=None, ge=0.0, le=1.0, description="How sure the country is, 0-1."
    )
    entity: str | None = Field(
        default=None,
        description="Id of the entity within the article ('ent1'): every mention of one "
        "actor ('the government', 'Baghdad', 'the Iraqi authorities') shares it.",
    )


# the four mention lists of an ArticleResult: their record class and id prefix ("t1", "q2")
MENTION_MODELS: dict[str, type[Span]] = {
    "times": TimeMention,
    "quantities": QuantityMention,
    "places": PlaceMention,
    "actors": ActorMention,
}
MENTION_PREFIXES = {"times": "t", "quantities": "q", "places": "p", "actors": "a"}


class Argument(_Record):
    """One event argument: a role pointing at a mention by id."""

    role: ArgumentRole
    ref: str = Field(description="Id of a time, quantity, place or actor mention.")
    text: str
    entity: str | None = Field(
        default=None, description="For an actor: its entity's canonical name ('Iraq government')."
    )
    country_code: str | None = Field(default=None, description="For an actor: its country.")
    sector: ActorSector | None = Field(default=None, description="For an actor: its sector.")


class Event(_Record):
    """One event coded into PLOVER."""

    id: str
    type: PloverType
    subtype: str | None = None
    trigger: Span
    sentence: Span
    arguments: list[Argument] = Field(default_factory=list)
    status: EventStatus = "asserted"
    date: str | None = Field(default=None, description="TIMEX3 value of when it happened.")
    deadline: str | None = Field(
        default=None, description="TIMEX3 end bound ('by July next year')."
    )
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    mentions: list[Span] = Field(
        default_factory=list,
        description="Later reports of this same event in the article (their trigger spans, "
        "e.g. 'the blast' after 'a car bomb exploded'), merged into this one record.",
    )
    merged_words: list[Span] = Field(
        default_factory=list,
        description="Other words of the trigger's own sentence that report this same event "
        "and were merged into this record ('killing' of 'attacks killing at least 20', "
        "'killed' of 'a roadside bomb killed seven'); their arguments are this event's.",
    )


class ArticleResult(_Record):
    """Everything extracted from one article."""

    schema_version: str = SCHEMA_VERSION
    article: Article
    times: list[TimeMention] = Field(default_factory=list)
    quantities: list[QuantityMention] = Field(default_factory=list)
    places: list[PlaceMention] = Field(default_factory=list)
    actors: list[ActorMention] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)

    def mention(self, ref: str) -> Span | None:
        """Look up a mention by id (``t1``, ``q2``, ``p3``, ``a4``)."""
        for group in (self.times, self.quantities, self.places, self.actors):
            for m in group:
                if m.id == ref:
                    return m
        return None


class ErrorRecord(_Record):
    """A document that could not be processed, and why."""

    schema_version: str = SCHEMA_VERSION
    source: str = Field(description="File, URL or record the input came from.")
    reason: str = Field(description="Stable machine-readable code: empty, binary, no_article, ...")
    message: str
    language: str | None = Field(
        default=None,
        description="For not_english: the ISO 639-1 code of the language detected, xx when unknown.",
    )

    @classmethod
    def from_error(cls, source: str, exc: NewsEventsError) -> ErrorRecord:
        """The record of an input the library refused with ``exc``."""
        language = exc.language if isinstance(exc, LanguageError) else None
        return cls(source=source, reason=exc.reason, message=exc.message, language=language)


def json_schema() -> dict[str, Any]:
    """JSON Schema of the output records (``ArticleResult`` and ``ErrorRecord``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "newsevents output records",
        "schema_version": SCHEMA_VERSION,
        "oneOf": [
            {"$ref": "#/$defs/ArticleResult"},
            {"$ref": "#/$defs/ErrorRecord"},
        ],
        "$defs": _merged_defs(ArticleResult, ErrorRecord),
    }


def _merged_defs(*models: type[BaseModel]) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    for model in models:
        schema = model.model_json_schema(ref_template="#/$defs/{model}")
        defs.update(schema.pop("$defs", {}))
        defs[model.__name__] = schema
    return defs


def json_schema_text() -> str:
    return json.dumps(json_schema(), indent=2, sort_keys=True)
