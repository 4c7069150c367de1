"""The HTML report of a batch run: events by type over time, top actors (entities, with
country and sector) and places, the dyads of the events (source country x target country
x type), places by country, quantities by role per week, errors by reason, and a sample
of events linking to their article views. Charts are plain inline SVG: the file is
self-contained.

Counts are honest: the events chart and the quantities count each event cluster once
(``newsevents cluster``: the reports of one event across articles), only ``asserted``
ones, each on its event date (the first report's publication date when the event has
none, for the events chart; the quantities' totals and chart take only clusters with an
event date and show the undated ones apart). Historical figures are shown apart, and so
is the old sum over every report, for comparison.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extract.batch.query import connect
from extract.cluster.items import COUNT_ROLES
from extract.views.style import esc, page

# colours of the event types in charts (PLOVER types beyond these share "other")
PALETTE = ["#1d4f91", "#c2410c", "#15803d", "#7e22ce", "#b91c1c", "#0e7490", "#a16207",
           "#be185d", "#4d7c0f", "#475569"]  # fmt: skip
QUANTITY_ROLES = COUNT_ROLES


@dataclass
class ReportData:
    """What the report shows, read from a batch's output."""

    out_dir: str
    articles: int = 0
    events: int = 0
    errors: int = 0
    shards: int = 0
    first: dt.date | None = None
    last: dt.date | None = None
    undated_events: int = 0
    """Asserted event clusters with neither an event date nor a publication date."""
    clusters: int = 0
    clusters_by_status: dict[str, int] = field(default_factory=dict)
    unit: str = "week"
    by_bucket: dict[dt.date, Counter[str]] = field(default_factory=dict)
    """Asserted event clusters per time bucket (of their event date) and type."""
    actors: list[tuple[str, str | None, str | None, int, int]] = field(default_factory=list)
    """(name, country, sector, entities, mentions): an entity is one actor of one article
    however many ways it is named."""
    dyads: list[tuple[str, str, str, int]] = field(default_factory=list)
    """(source country, target country, PLOVER type, events), both countries known."""
    dyads_unknown: int = 0
    """Events with a source and a target actor of which at least one has no country."""
    dyads_incomplete: int = 0
    """Events without a source or without a target actor."""
    places: list[tuple[str, str | None, int, int]] = field(default_factory=list)
    countries: list[tuple[str, int, int, int]] = field(default_factory=list)
    quantities: dict[str, dict[dt.date, float]] = field(default_factory=dict)
    """Role -> bucket -> the sum over asserted clusters with an event date of their
    consolidated count."""
    quantity_totals: list[tuple[str, float, float, float, float]] = field(default_factory=list)
    """(role, asserted clusters with an event date, asserted clusters without one,
    historical clusters, the sum over every report of every status)."""
    error_reasons: list[tuple[str, int]] = field(default_factory=list)
    sample: list[dict[str, Any]] = field(default_factory=list)


UNITS = ("week", "month", "quarter", "year")
_MAX_BARS = 60


def bucket(d: dt.date, unit: str) -> dt.date:
    """The first day of the week, month, quarter or year ``d`` falls in."""
    if unit == "week":
        return d - dt.timedelta(days=d.weekday())
    if unit == "month":
        return d.replace(day=1)
    if unit == "quarter":
        return dt.date(d.year, 3 * ((d.month - 1) // 3) + 1, 1)
    return dt.date(d.year, 1, 1)


def _next(d: dt.date, unit: str) -> dt.date:
    if unit == "week":
        return d + dt.timedelta(days=7)
    months = {"month": 1, "quarter": 3, "year": 12}[unit]
    idx = d.year * 12 + d.month - 1 + months
    return dt.date(idx // 12, idx % 12 + 1, 1)


def choose_unit(first: dt.date | None, last: dt.date | None) -> str:
    """The finest of week, month, quarter, year that keeps the charts to ~60 bars."""
    if first is None or last is None:
        return "week"
    for unit in UNITS:
        n, d = 0, bucket(first, unit)
        while d <= last and n <= _MAX_BARS:
            d, n = _next(d, unit), n + 1
        if n <= _MAX_BARS:
            return unit
    return "year"


def all_buckets(first: dt.date, last: dt.date, unit: str) -> list[dt.date]:
    """Every bucket from ``first`` to ``last``, empty ones too: the axis is time."""
    out, d = [], bucket(first, unit)
    while d <= last:
        out.append(d)
        d = _next(d, unit)
    return out


def compact(v: float) -> str:
    for size, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= size:
            return f"{v / size:.1f}{suffix}".replace(".0", "")
    return f"{v:.0f}"


# one row per entity of an article: its mentions share `entity` (an id within the
# article); a mention without one (a run before actors were coded) is its own entity
# under its name. Each entity takes the name, country and sector most of its mentions
# have, so "the government", "Baghdad" and "the Iraqi authorities" count once.
_TOP_ACTORS = """
    WITH entities AS (
        SELECT article_id,
               mode(coalesce(canonical, text)) AS name,
               mode(country_code) AS country,
               coalesce(mode(sector) FILTER (WHERE sector <> 'unknown'), mode(sector)) AS sector,
               count(*) AS n_mentions
        FROM mentions WHERE kind = 'actor'
        GROUP BY article_id, coalesce(entity, '~' || coalesce(canonical, text))
    )
    SELECT name, country,
           coalesce(mode(sector) FILTER (WHERE sector <> 'unknown'), mode(sector)),
           count(*) AS n_entities, sum(n_mentions)::BIGINT AS n_mentions
    FROM entities GROUP BY name, country
    ORDER BY n_entities DESC, n_mentions DESC, name, country NULLS LAST LIMIT 15"""
_DYADS = """
    SELECT source_country, target_country, type, count(*) AS n FROM events
    WHERE source_country IS NOT NULL AND target_country IS NOT NULL
    GROUP BY ALL ORDER BY n DESC, 1, 2, 3 LIMIT 25"""
_DYADS_LEFT_OUT = """
    SELECT count(*) FILTER (WHERE source_entity IS NOT NULL AND target_entity IS NOT NULL
                              AND (source_country IS NULL OR target_country IS NULL)),
           count(*) FILTER (WHERE source_entity IS NULL OR target_entity IS NULL)
    FROM events"""


def read_report_data(out_dir: Path, sample_size: int = 12, cluster: bool = True) -> ReportData:
    """Query a batch output folder (finished shards, duplicates left out). With
    ``cluster``, the output is clustered first (``extract.cluster.archive``, written to
    ``OUT/event_clusters``) when it has no current clusters."""
    con = connect(out_dir)
    has_clusters = bool(
        con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'event_clusters'"
        ).fetchone()[0]
    )
    if not has_clusters and cluster:
        from extract.cluster.archive import cluster_archive

        con.close()
        cluster_archive(out_dir)
        con = connect(out_dir)
        has_clusters = True
    q: Callable[[str], list[tuple[Any, ...]]] = lambda sql: con.execute(sql).fetchall()  # noqa: E731
    data = ReportData(out_dir=str(out_dir))
    data.articles = q("SELECT count(*) FROM articles")[0][0]
    data.events = q("SELECT count(*) FROM events")[0][0]
    data.errors = q("SELECT count(*) FROM errors")[0][0]
    data.shards = q("SELECT count(DISTINCT shard) FROM articles_all")[0][0]
    # without clusters (cluster=False on an unclustered output) every event is its own
    clusters = "event_clusters" if has_clusters else _SINGLETONS
    data.clusters_by_status = dict(
        q(f"SELECT status, count(*) FROM {clusters} GROUP BY 1 ORDER BY 2 DESC")
    )
    data.clusters = sum(data.clusters_by_status.values())
    asserted = f"(SELECT * FROM {clusters} WHERE status = 'asserted')"
    span = q(f"SELECT min(event_date), max(event_date) FROM {asserted}")[0]
    data.first, data.last = span[0], span[1]
    unit = data.unit = choose_unit(data.first, data.last)
    per_bucket: dict[dt.date, Counter[str]] = (
        {b: Counter() for b in all_buckets(data.first, data.last, unit)}
        if data.first and data.last
        else {}
    )
    for day, etype, n in q(f"SELECT event_date, type, count(*) FROM {asserted} GROUP BY 1, 2"):
        if day is None:
            data.undated_events += n
        else:
            per_bucket.setdefault(bucket(day, unit), Counter())[etype] += n
    data.by_bucket = dict(sorted(per_bucket.items()))
    per_role: dict[str, dict[dt.date, float]] = defaultdict(lambda: defaultdict(float))
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for role in QUANTITY_ROLES:
        for status, basis, day, value in q(
            f"SELECT status, date_basis, event_date, {role} FROM {clusters} "
            f"WHERE {role} IS NOT NULL AND status IN ('asserted', 'historical')"
        ):
            if status == "historical":
                totals[role][2] += value
            elif basis == "event" and day is not None:
                totals[role][0] += value
                per_role[role][bucket(day, unit)] += value
            else:
                totals[role][1] += value
    totals_reports = _sum_over_reports(q)
    for role, v in totals_reports.items():
        totals[role][3] = v
    buckets = list(data.by_bucket) or sorted({b for r in per_role.values() for b in r})
    data.quantities = {
        r: {b: per_role[r].get(b, 0.0) for b in buckets} for r in QUANTITY_ROLES if r in per_role
    }
    data.quantity_totals = [(r, *totals[r]) for r in QUANTITY_ROLES if r in totals]  # type: ignore[misc]
    mention_counts = """
        SELECT coalesce(canonical, text) AS name, any_value(country_code), count(*),
               count(DISTINCT article_id)
        FROM mentions WHERE kind = '{kind}' GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT 15"""
    data.actors = [tuple(r) for r in q(_TOP_ACTORS)]
    data.places = [tuple(r) for r in q(mention_counts.format(kind="place"))]
    data.dyads = [tuple(r) for r in q(_DYADS)]
    data.dyads_unknown, data.dyads_incomplete = q(_DYADS_LEFT_OUT)[0]
    data.countries = [
        tuple(r)
        for r in q(
            """
        SELECT p.country_code, count(*), count(DISTINCT p.article_id),
               (SELECT count(*) FROM events e WHERE list_contains(e.country_codes, p.country_code))
        FROM mentions p WHERE p.kind = 'place' AND p.country_code IS NOT NULL
        GROUP BY 1 ORDER BY 2 DESC, 1"""
        )
    ]
    data.error_reasons = [tuple(r) for r in q(
        "SELECT reason, count(*) FROM errors GROUP BY 1 ORDER BY 2 DESC, 1")]  # fmt: skip
    rows = q(
        f"""
        SELECT e.article_id, e.event_id, e.type, e.status, e.trigger, e.sentence, e.date,
               e.deadline, a.source, a.title, e.published
        FROM events e JOIN articles a USING (article_id)
        ORDER BY hash(e.article_id || e.event_id) LIMIT {int(sample_size)}"""
    )
    keys = ["article_id", "event_id", "type", "status", "trigger", "sentence", "date",
            "deadline", "source", "title", "published"]  # fmt: skip
    data.sample = sorted(
        (dict(zip(keys, r, strict=True)) for r in rows),
        key=lambda s: (str(s["published"]), s["article_id"], s["event_id"]),
    )
    con.close()
    return data


# each event as a cluster of its own, for an output read without clustering
_SINGLETONS = """(SELECT e.type, e.status, e.published AS event_date,
    CASE WHEN e.published IS NULL THEN 'none' ELSE 'published' END AS date_basis,
    NULL::DOUBLE AS fatalities, NULL::DOUBLE AS injured, NULL::DOUBLE AS released,
    NULL::DOUBLE AS exchanged, NULL::DOUBLE AS arrested, NULL::DOUBLE AS displaced,
    NULL::DOUBLE AS troops, NULL::DOUBLE AS participants, NULL::DOUBLE AS money,
    NULL::DOUBLE AS count FROM events e)"""


def _sum_over_reports(q: Callable[[str], list[tuple[Any, ...]]]) -> dict[str, float]:
    """Role -> the sum of every event's quantities in that role, every report and status
    counted: what a table of events adds up to without clustering (shown for comparison)."""
    values = {
        (a, m): v
        for a, m, v in q(
            "SELECT article_id, mention_id, value FROM mentions WHERE kind = 'quantity'"
        )
    }
    out: dict[str, float] = defaultdict(float)
    for article_id, args in q("SELECT article_id, arguments FROM events"):
        for a in json.loads(args or "[]"):
            value = values.get((article_id, a.get("ref")))
            if a.get("role") in QUANTITY_ROLES and value not in (None, ""):
                try:
                    out[a["role"]] += float(value)
                except ValueError:
                    continue
    return dict(out)


def _type_colours(types: Sequence[str]) -> dict[str, str]:
    out = {t: PALETTE[i] for i, t in enumerate(types[: len(PALETTE) - 1])}
    out["other"] = PALETTE[-1]
    return out


def stacked_bars_svg(by_bucket: dict[dt.date, Counter[str]], title: str, unit: str = "week") -> str:
    """Events per time bucket, stacked by type (the most frequent types; the rest as
    "other")."""
    if not by_bucket:
        return '<p class="muted">No dated events.</p>'
    totals: Counter[str] = Counter()
    for c in by_bucket.values():
        totals.update(c)
    types = [t for t, _ in totals.most_common()]
    colours = _type_colours(types)
    shown = [t for t in types if t in colours]
    weeks = sorted(by_bucket)
    w, h, left, bottom, top = 760, 260, 48, 52, 12
    bw = max(2.0, (w - left - 10) / max(1, len(weeks)) - 2)
    peak = max(sum(c.values()) for c in by_bucket.values()) or 1
    scale = (h - bottom - top) / peak
    parts = [
        f'<svg viewBox="0 0 {w} {h + 22 * ((len(shown) + 5) // 6)}" width="100%" role="img" '
        f'aria-label="{esc(title)}"><title>{esc(title)}</title>'
    ]
    for i in range(5):
        v = peak * i / 4
        y = h - bottom - v * scale
        parts.append(f'<line x1="{left}" x2="{w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{compact(v)}</text>')
    step = max(1, len(weeks) // 8)
    for i, wk in enumerate(weeks):
        x = left + 2 + i * (bw + 2)
        y = h - bottom
        for t in [*shown, "other"]:
            n = (
                by_bucket[wk][t]
                if t != "other"
                else sum(v for k, v in by_bucket[wk].items() if k not in colours)
            )
            if not n:
                continue
            hh = n * scale
            y -= hh
            parts.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bw:.1f}" height="{hh:.1f}" '
                f'fill="{colours[t]}"><title>{unit} of {wk}: {n} {esc(t)}</title></rect>'
            )
        if i % step == 0:
            parts.append(
                f'<text x="{x:.1f}" y="{h - bottom + 14}" transform="rotate(30 {x:.1f} '
                f'{h - bottom + 14})">{wk.isoformat()}</text>'
            )
    for i, t in enumerate([*shown, "other"] if len(types) > len(shown) else shown):
        lx = left + (i % 6) * 120
        ly = h + 6 + 22 * (i // 6)
        parts.append(f'<rect x="{lx}" y="{ly}" width="12" height="12" fill="{colours[t]}"/>')
        parts.append(f'<text x="{lx + 16}" y="{ly + 10}">{esc(t)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def line_svg(
    series: dict[dt.date, float], title: str, colour: str = "#b91c1c", unit: str = "week"
) -> str:
    """One series over time buckets as a line with dots."""
    if not series:
        return ""
    weeks = sorted(series)
    w, h, left, bottom, top = 760, 210, 48, 52, 12
    peak = max(series.values()) or 1.0
    xs = [
        left + (w - left - 10) * (i / max(1, len(weeks) - 1) if len(weeks) > 1 else 0.5)
        for i in range(len(weeks))
    ]
    ys = [h - bottom - (h - bottom - top) * series[wk] / peak for wk in weeks]
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True))
    parts = [f'<svg viewBox="0 0 {w} {h}" width="100%" role="img" aria-label="{esc(title)}">'
             f"<title>{esc(title)}</title>"]  # fmt: skip
    for i in range(3):
        v = peak * i / 2
        y = h - bottom - (h - bottom - top) * i / 2
        parts.append(f'<line x1="{left}" x2="{w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{compact(v)}</text>')
    parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
    step = max(1, len(weeks) // 8)
    for i, (x, y, wk) in enumerate(zip(xs, ys, weeks, strict=True)):
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}">'
            f"<title>{unit} of {wk}: {series[wk]:,.0f}</title></circle>"
        )
        if i % step == 0:
            parts.append(
                f'<text x="{x:.1f}" y="{h - bottom + 14}" '
                f'transform="rotate(30 {x:.1f} {h - bottom + 14})">{wk}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], numeric: set[int]) -> str:
    if not rows:
        return '<p class="muted">None.</p>'
    th = "".join(f'<th{" class=num" if i in numeric else ""}>{esc(h)}</th>'
                 for i, h in enumerate(head))  # fmt: skip
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=num' if i in numeric else ''}>"
            f"{esc(v) if not isinstance(v, _Raw) else v.html}</td>"
            for i, v in enumerate(r)
        )
        + "</tr>"
        for r in rows
    )
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


@dataclass(frozen=True)
class _Raw:
    html: str

    def __str__(self) -> str:
        return self.html


def render_report(data: ReportData, views: dict[str, str] | None = None) -> str:
    """The report page; ``views`` maps article ids to the relative links of their views."""
    views = views or {}
    period = f"{data.first} to {data.last}" if data.first and data.last else "no event dates"
    asserted = data.clusters_by_status.get("asserted", 0)
    others = ", ".join(f"{n:,} {s}" for s, n in data.clusters_by_status.items() if s != "asserted")
    head = (
        f'<h1>Batch report</h1><p class="meta">{esc(data.out_dir)}<br>{data.articles:,} '
        f"articles, {data.events:,} events in {data.clusters:,} event clusters "
        f"(the reports of one event across articles), {data.errors:,} error records, "
        f"{data.shards} shards. Counted once per cluster: {asserted:,} asserted events"
        f"{f' ({esc(others)} apart)' if others else ''}, dated {esc(period)}"
        f"{f'; {data.undated_events:,} without any date are left out of the chart' if data.undated_events else ''}"
        ".</p>"
    )
    u = data.unit
    chart = stacked_bars_svg(data.by_bucket, f"Asserted events per {u} by PLOVER type", u)
    sections = [
        head,
        f"<h2>Events by type, per {u}</h2>",
        '<p class="muted">One bar segment per event cluster, on its event date (the first '
        "report's publication date when no report dates the event); only asserted events."
        "</p>",
        f"<figure>{chart}</figure>",
    ]
    q_rows = []
    for role, dated, undated, historical, reports in data.quantity_totals:
        series = data.quantities.get(role, {})
        active = sum(1 for v in series.values() if v)
        peak_at = max(series, key=lambda k: series[k]).isoformat() if active else ""
        q_rows.append((role, f"{dated:,.0f}", active, peak_at, f"{undated:,.0f}",
                       f"{historical:,.0f}", f"{reports:,.0f}"))  # fmt: skip
    sections.append("<h2>Quantities by role</h2>")
    sections.append(
        '<p class="muted">Total: one consolidated count per event cluster (the figure most '
        "articles give, the latest on a tie; never a sum over reports), asserted events with "
        "an event date only. Shown apart: asserted events without an event date (often "
        "background figures), historical ones, and the sum over every report before "
        "clustering.</p>"
    )
    if "fatalities" in data.quantities:
        sections.append(
            "<figure>"
            + line_svg(
                data.quantities["fatalities"],
                f"Fatalities per {u} (one count per event, on its event date)",
                unit=u,
            )
            + "</figure>"
        )
    sections.append(
        _table(
            ["role", "total", f"{u}s with any", f"peak {u}", "no event date", "historical",
             "sum over reports"],
            q_rows,
            {1, 2, 4, 5, 6},
        )
    )  # fmt: skip
    sections.append("<h2>Top actors</h2>")
    sections.append(
        '<p class="muted">Entities: one actor of one article, however many ways the article '
        "names it, counted once.</p>"
    )
    sections.append(_table(["actor", "country", "sector", "entities", "mentions"],
                           [(n, c or "", s or "", e, m) for n, c, s, e, m in data.actors],
                           {3, 4}))  # fmt: skip
    sections.append("<h2>Dyads: who acts on whom</h2>")
    sections.append(_table(["source country", "target country", "PLOVER type", "events"],
                           data.dyads, {3}))  # fmt: skip
    left_out = data.dyads_unknown + data.dyads_incomplete
    if left_out:
        sections.append(
            f'<p class="muted">Not in the table: {left_out:,} events, '
            f"{data.dyads_unknown:,} with a source and a target of which one has no country, "
            f"{data.dyads_incomplete:,} without a source or a target actor.</p>"
        )
    sections.append("<h2>Top places</h2>")
    sections.append(_table(["place", "country", "mentions", "articles"],
                           [(n, c or "", m, a) for n, c, m, a in data.places], {2, 3}))  # fmt: skip
    sections.append("<h2>Places by country</h2>")
    sections.append(_table(["country (ISO alpha-3)", "place mentions", "articles", "events"],
                           data.countries, {1, 2, 3}))  # fmt: skip
    sections.append("<h2>Errors by reason</h2>")
    sections.append(_table(["reason", "records"], data.error_reasons, {1}))
    sections.append("<h2>A sample of events</h2>")
    rows = []
    for s in data.sample:
        link = views.get(s["article_id"])
        title = esc(s["title"] or s["source"])
        where = _Raw(f'<a href="{esc(link)}">{title}</a>' if link else title)
        when = s["date"] or (f"by {s['deadline']}" if s["deadline"] else "")
        rows.append((s["published"] or "", s["type"], s["status"], s["trigger"], when, where))
    sections.append(
        _table(["published", "type", "status", "trigger", "when", "article"], rows, set())
    )
    return page("newsevents batch report", "<main>" + "".join(sections) + "</main>")


def write_article_views(
    data: ReportData, views_dir: Path, process: Callable[[Any], Any]
) -> dict[str, str]:
    """Write the view of each sampled article under ``views_dir`` by reading its source
    again (a file, ``file#offset`` in a WARC, ``file:line`` in a JSONL) and running
    ``process`` (an Article -> ArticleResult callable) on it. Returns article id -> path of
    the view relative to ``views_dir``'s parent; sources that are gone are skipped."""
    from extract.ingest.sources import iter_articles, split_source
    from extract.views.article import render_article

    wanted: dict[str, set[str]] = defaultdict(set)
    ids: dict[str, str] = {}
    for s in data.sample:
        source = str(s["source"])
        file, pos = split_source(source)
        path = file if pos is not None and Path(file).is_file() else source
        wanted[path].add(source)
        ids[source] = s["article_id"]
    views_dir.mkdir(parents=True, exist_ok=True)
    out: dict[str, str] = {}
    for path, sources in sorted(wanted.items()):
        if not Path(path).is_file():
            continue
        for name, item in iter_articles(path):
            if name not in sources or isinstance(item, Exception):
                continue
            result = process(item)
            target = views_dir / f"{ids[name]}.html"
            target.write_text(render_article([result]), encoding="utf-8")
            out[ids[name]] = f"{views_dir.name}/{target.name}"
    return out
