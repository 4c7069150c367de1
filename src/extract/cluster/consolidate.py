"""One record per cluster, with its consolidated values.

Rules (the README states them):
- a value chosen among the reports (subtype, place, source and target, country, date) is
  the one most member events give, ties to the earliest report;
- the count per role: each article's figure for the event (the largest its member events
  give, when it reports the event more than once), then the figure most articles give;
  on a tie the latest report's (tolls are revised as reports come in), then the larger.
  Never a sum over reports;
- status: the most common among the members, ties to ``asserted``;
- the date: the TIMEX3 value most members give, with the interval all members' dates
  span; without any, the first report's publication date (``date_basis`` says which).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from extract.cluster.items import COUNT_ROLES, EventItem, date_span

T = TypeVar("T")

CLUSTER_COLUMNS: list[tuple[str, str]] = [
    ("cluster_id", "string"), ("type", "string"), ("subtype", "string"), ("status", "string"),
    ("event_date", "date"), ("date", "string"), ("date_start", "date"), ("date_end", "date"),
    ("date_basis", "string"), ("country", "string"), ("place", "string"),
    ("place_country", "string"), ("admin1", "string"), ("lat", "float"), ("lon", "float"),
    ("geo_precision", "string"), ("source_entity", "string"), ("source_country", "string"),
    ("source_sector", "string"), ("target_entity", "string"), ("target_country", "string"),
    ("target_sector", "string"), ("trigger", "string"), ("n_events", "int"),
    ("n_articles", "int"), ("n_sources", "int"), ("first_report", "date"),
    ("last_report", "date"), *[(role, "float") for role in COUNT_ROLES], ("counts", "string"),
    ("partition", "int"),
]  # fmt: skip
MEMBER_COLUMNS: list[tuple[str, str]] = [
    ("cluster_id", "string"), ("article_id", "string"), ("event_id", "string"),
    ("published", "date"), ("date", "string"), ("status", "string"), ("trigger", "string"),
    ("partition", "int"),
]  # fmt: skip


def cluster_id(members: Sequence[EventItem]) -> str:
    """A stable id: from the first member key (article id, event id) in sort order."""
    first = min(f"{it.article_id}\x1f{it.event_id}" for it in members)
    return "c" + hashlib.sha1(first.encode("utf-8")).hexdigest()[:15]


def _order(members: Sequence[EventItem]) -> list[EventItem]:
    """Members by report: earliest publication first (unknown last), then ids."""
    return sorted(members, key=lambda it: (it.published is None, it.published or dt.date.min,
                                           it.article_id, it.event_id))  # fmt: skip


def _mode(members: Sequence[EventItem], get: Callable[[EventItem], T | None]) -> EventItem | None:
    """The first member (in report order) carrying the value most members carry."""
    if len(members) == 1:
        return members[0] if get(members[0]) is not None else None
    values = [(it, v) for it in members if (v := get(it)) is not None]
    if not values:
        return None
    counts = Counter(v for _, v in values)
    top = max(counts.values())
    return next(it for it, v in values if counts[v] == top)


def consolidated_count(members: Sequence[EventItem], role: str) -> float | None:
    """The cluster's figure for ``role`` (see the module's rules)."""
    per_article: dict[str, tuple[float, dt.date | None]] = {}
    for it in members:
        if role in it.counts:
            v = it.counts[role]
            old = per_article.get(it.article_id)
            if old is None or v > old[0]:
                per_article[it.article_id] = (v, it.published)
    if not per_article:
        return None
    votes = Counter(v for v, _ in per_article.values())
    latest: dict[float, dt.date] = {}
    for v, pub in per_article.values():
        d = pub or dt.date.min
        latest[v] = max(latest.get(v, dt.date.min), d)
    return max(votes, key=lambda v: (votes[v], latest[v], v))


def _status(members: Sequence[EventItem]) -> str:
    counts = Counter(it.status for it in members)
    return max(counts, key=lambda s: (counts[s], s == "asserted"))


def cluster_row(members: Sequence[EventItem], partition: int = 0) -> dict[str, Any]:
    """The ``event_clusters`` row of one cluster."""
    ms = _order(members) if len(members) > 1 else list(members)
    first = ms[0]
    dated = _mode(ms, lambda it: it.date if it.span is not None else None)
    spans = [it.span for it in ms if it.span is not None]
    pubs = [it.published for it in ms if it.published is not None]
    if dated is not None and dated.span is not None:
        event_date, basis, date = dated.span.start, "event", dated.date
    elif pubs:
        event_date, basis, date = min(pubs), "published", None
    else:
        event_date, basis, date = None, "none", None
    place = _mode(ms, lambda it: it.place)
    src = _mode(ms, lambda it: it.source_entity)
    tgt = _mode(ms, lambda it: it.target_entity)
    sources = {it.site or f"article:{it.article_id}" for it in ms}
    counts = {r: v for r in COUNT_ROLES if (v := consolidated_count(ms, r)) is not None}
    sub = _mode(ms, lambda it: it.subtype)
    country = _mode(ms, lambda it: it.country)
    trig = _mode(ms, lambda it: it.trigger.lower())
    return {
        "cluster_id": cluster_id(ms),
        "type": first.type,
        "subtype": sub.subtype if sub else None,
        "status": _status(ms),
        "event_date": event_date,
        "date": date,
        "date_start": min(s.start for s in spans) if spans else None,
        "date_end": max(s.end for s in spans) if spans else None,
        "date_basis": basis,
        "country": country.country if country else None,
        "place": place.place if place else None,
        "place_country": place.place_country if place else None,
        "admin1": place.admin1 if place else None,
        "lat": place.lat if place else None,
        "lon": place.lon if place else None,
        "geo_precision": place.geo_precision if place else None,
        "source_entity": src.source_entity if src else None,
        "source_country": src.source_country if src else None,
        "source_sector": src.source_sector if src else None,
        "target_entity": tgt.target_entity if tgt else None,
        "target_country": tgt.target_country if tgt else None,
        "target_sector": tgt.target_sector if tgt else None,
        "trigger": trig.trigger.lower() if trig else None,
        "n_events": len(ms),
        "n_articles": len({it.article_id for it in ms}),
        "n_sources": len(sources),
        "first_report": min(pubs) if pubs else None,
        "last_report": max(pubs) if pubs else None,
        **{r: counts.get(r) for r in COUNT_ROLES},
        "counts": json.dumps(counts, sort_keys=True),
        "partition": partition,
    }


def member_rows(members: Sequence[EventItem], cid: str, partition: int = 0) -> list[dict[str, Any]]:
    """The ``cluster_members`` rows of one cluster."""
    return [
        {"cluster_id": cid, "article_id": it.article_id, "event_id": it.event_id,
         "published": it.published, "date": it.date, "status": it.status,
         "trigger": it.trigger, "partition": partition}
        for it in _order(members)
    ]  # fmt: skip


__all__ = ["CLUSTER_COLUMNS", "MEMBER_COLUMNS", "cluster_row", "consolidated_count", "date_span",
           "member_rows"]  # fmt: skip
