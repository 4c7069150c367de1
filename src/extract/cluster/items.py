"""What the clustering knows of one event: a flat, compact record built either from an
:class:`~extract.records.ArticleResult` (the library, the ECB+ evaluation) or from a row
of a batch's tables (``extract.cluster.archive``)."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from extract.cluster.lemma import content_stems, trigger_lemma
from extract.records import ActorMention, ArticleResult, Event, PlaceMention, QuantityMention

# statuses that describe something that happened (it can be reported as news or recalled
# as background); the others are kept apart from them and from each other
HAPPENED = frozenset({"asserted", "historical"})
# roles whose quantities are counts of people or things an event has
COUNT_ROLES = ("fatalities", "injured", "released", "exchanged", "arrested", "displaced",
               "troops", "participants", "money", "count")  # fmt: skip

_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")
_WEEK = re.compile(r"^(\d{4})-W(\d{2})")
_MONTH = re.compile(r"^(\d{4})-(\d{2})(?!\d)")
_SEASON = re.compile(r"^(\d{4})-(SP|SU|FA|WI|Q[1-4]|H[12])")
_YEAR = re.compile(r"^(\d{4})(?![\d-])")


@dataclass(frozen=True)
class DateSpan:
    """The days a TIMEX3 value covers: a day, a week, a month, a quarter, a year."""

    start: dt.date
    end: dt.date
    precision: str  # day, week, month, season, year


@lru_cache(maxsize=4096)  # dates repeat across events; a span is immutable
def date_span(value: str | None) -> DateSpan | None:
    """The interval of a TIMEX3 date value; None when it is unresolved (``XXXX-03-10``),
    a decade or century, or not a date."""
    if not value:
        return None
    try:
        if m := _DAY.match(value):
            d = dt.date(int(m[1]), int(m[2]), int(m[3]))
            return DateSpan(d, d, "day")
        if m := _WEEK.match(value):
            d = dt.date.fromisocalendar(int(m[1]), max(1, int(m[2])), 1)
            return DateSpan(d, d + dt.timedelta(days=6), "week")
        if m := _MONTH.match(value):
            y, mo = int(m[1]), int(m[2])
            nxt = dt.date(y + mo // 12, mo % 12 + 1, 1)
            return DateSpan(dt.date(y, mo, 1), nxt - dt.timedelta(days=1), "month")
        if m := _SEASON.match(value):
            y, part = int(m[1]), m[2]
            first, months = {"SP": (3, 3), "SU": (6, 3), "FA": (9, 3), "WI": (12, 3),
                             "Q1": (1, 3), "Q2": (4, 3), "Q3": (7, 3), "Q4": (10, 3),
                             "H1": (1, 6), "H2": (7, 6)}[part]  # fmt: skip
            start = dt.date(y, first, 1)
            idx = y * 12 + first - 1 + months
            return DateSpan(start, dt.date(idx // 12, idx % 12 + 1, 1) - dt.timedelta(days=1),
                            "season")  # fmt: skip
        if m := _YEAR.match(value):
            y = int(m[1])
            return DateSpan(dt.date(y, 1, 1), dt.date(y, 12, 31), "year")
    except ValueError:
        return None
    return None


@dataclass
class EventItem:
    """One event as the clustering sees it."""

    article_id: str
    event_id: str
    type: str
    subtype: str | None
    status: str
    trigger: str
    sentence: str
    date: str | None = None  # TIMEX3 value as extracted
    published: dt.date | None = None
    place: str | None = None
    place_country: str | None = None
    admin1: str | None = None
    lat: float | None = None
    lon: float | None = None
    geo_precision: str | None = None
    country: str | None = None  # the place's, else the target's, the source's, the article's
    source_entity: str | None = None
    source_country: str | None = None
    source_sector: str | None = None
    target_entity: str | None = None
    target_country: str | None = None
    target_sector: str | None = None
    actors: frozenset[str] = frozenset()
    counts: dict[str, float] = field(default_factory=dict)
    """Role -> the event's figure: the largest of its quantities in that role ("exchanged
    120 prisoners, 60 from each side" is 120, not 180)."""
    context: frozenset[str] = frozenset()  # the article's actors and places, lower case
    site: str | None = None
    group: str = ""  # an outer block (the ECB+ topic); "" in an archive
    copy: str | None = None  # its copy_key when already known (the archive's query gives it)
    block_status: str | None = None  # the status group it is blocked by, when set for it
    # derived
    span: DateSpan | None = None
    day: dt.date | None = None  # the day blocks sort by (default: :attr:`when`)

    @cached_property
    def lemma(self) -> str:
        """The stem of the trigger's head word (computed when a pair is first scored)."""
        return trigger_lemma(self.trigger)

    @cached_property
    def stems(self) -> frozenset[str]:
        """The stems of the sentence's content words."""
        return content_stems(self.sentence)

    def __post_init__(self) -> None:
        if self.span is None:
            self.span = date_span(self.date)
        if self.day is None:
            self.day = self.when

    @property
    def key(self) -> tuple[str, str]:
        return self.article_id, self.event_id

    @property
    def when(self) -> dt.date | None:
        """The day the event is placed on: the start of its date, else the publication."""
        return self.span.start if self.span is not None else self.published

    @property
    def status_group(self) -> str:
        """``happened`` (asserted, historical) or the status; copies of one sentence
        share their most common one (:attr:`block_status`)."""
        if self.block_status is not None:
            return self.block_status
        return "happened" if self.status in HAPPENED else self.status


def copy_key(item: EventItem) -> str:
    """Two events with this key are one report copied (wire copy, a re-crawl under
    another URL, a paragraph reused in a later article): the same type, trigger and
    sentence, whitespace and case folded. Not the date: one sentence gives one date
    unless a relative one ("on Tuesday") was resolved against two publication dates."""
    if item.copy is not None:
        return item.copy
    sentence = " ".join(item.sentence.lower().split())
    raw = f"{item.type}\x1f{item.trigger.lower()}\x1f{sentence}"
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()


def article_context(result: ArticleResult) -> frozenset[str]:
    """The names of an article's actors (canonical) and places, lower case."""
    names = {a.canonical.lower() for a in result.actors}
    names.update(p.name.lower() for p in result.places)
    return frozenset(names)


def focus_country(result: ArticleResult) -> str | None:
    """The country most of the article's places are in."""
    counts = Counter(p.country_code for p in result.places if p.country_code)
    return counts.most_common(1)[0][0] if counts else None


def item_from_event(
    result: ArticleResult,
    event: Event,
    *,
    context: frozenset[str] | None = None,
    focus: str | None = None,
    group: str = "",
) -> EventItem:
    """The clustering's view of one event of ``result``."""
    from extract.batch.tables import first_actor

    mentions: dict[str, PlaceMention | ActorMention | QuantityMention] = {}
    mentions.update((p.id, p) for p in result.places)
    mentions.update((a.id, a) for a in result.actors)
    mentions.update((q.id, q) for q in result.quantities)
    place = next(
        (m for a in event.arguments if a.role == "place"
         and isinstance(m := mentions.get(a.ref), PlaceMention)), None,
    )  # fmt: skip
    actors = set()
    counts: dict[str, float] = {}
    for a in event.arguments:
        m = mentions.get(a.ref)
        if isinstance(m, ActorMention):
            actors.add((a.entity or m.canonical).lower())
        elif isinstance(m, QuantityMention) and a.role in COUNT_ROLES and m.value is not None:
            counts[a.role] = max(counts.get(a.role, m.value), m.value)
    src, tgt = first_actor(result, event, "source"), first_actor(result, event, "target")
    country = (place.country_code if place else None) or (tgt.country_code if tgt else None)
    country = country or (src.country_code if src else None) or focus
    return EventItem(
        article_id=result.article.id,
        event_id=event.id,
        type=event.type,
        subtype=event.subtype,
        status=event.status,
        trigger=event.trigger.text,
        sentence=event.sentence.text,
        date=event.date,
        published=result.article.published,
        place=place.name if place else None,
        place_country=place.country_code if place else None,
        admin1=place.admin1 if place else None,
        lat=place.lat if place else None,
        lon=place.lon if place else None,
        geo_precision=place.precision if place else None,
        country=country,
        source_entity=src.entity if src else None,
        source_country=src.country_code if src else None,
        source_sector=src.sector if src else None,
        target_entity=tgt.entity if tgt else None,
        target_country=tgt.country_code if tgt else None,
        target_sector=tgt.sector if tgt else None,
        actors=frozenset(actors),
        counts=counts,
        context=article_context(result) if context is None else context,
        site=result.article.site,
        group=group,
    )


def items_from_results(results: Iterable[ArticleResult], group: str = "") -> Iterator[EventItem]:
    """Every event of ``results`` as an :class:`EventItem`."""
    for r in results:
        ctx, focus = article_context(r), focus_country(r)
        for e in r.events:
            yield item_from_event(r, e, context=ctx, focus=focus, group=group)
