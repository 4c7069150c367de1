"""Exports of a batch's events in the columns event-data users read: POLECAT's (PLOVER
events with actor and recipient dyads) or ACLED's (political violence, demonstrations and
strategic developments), one row per event or per event cluster, as CSV or Parquet.

Column names are the datasets' own where the meaning is the same; what we cannot fill is
left empty (README, "Export"). The type mappings are data:
``resources/export_schemas.json``."""

from __future__ import annotations

import csv
import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from extract.cluster.items import COUNT_ROLES, date_span
from extract.errors import InputError
from extract.records import SCHEMA_VERSION
from extract.tables import load_table

SCHEMAS = ("polecat", "acled")
FORMATS = ("csv", "parquet")

POLECAT_COLUMNS = [
    "Event ID", "Event Date", "Event Type", "Event Mode", "Intensity", "Quad Code", "Contexts",
    "Actor Name", "Actor Country", "Actor COW", "Primary Actor Sector", "Actor Sectors",
    "Actor Title", "Actor Name Raw", "Wikipedia Actor ID", "Recipient Name",
    "Recipient Country", "Recipient COW", "Primary Recipient Sector", "Recipient Sectors",
    "Recipient Title", "Recipient Name Raw", "Wikipedia Recipient ID", "Placename", "City",
    "District", "Province", "Country", "Latitude", "Longitude", "GeoNames ID", "Raw Placename",
    "Feature Type", "Source", "Publication Date", "Story People", "Story Organizations",
    "Story Locations", "Language", "Version",
]  # fmt: skip
ACLED_COLUMNS = [
    "event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type",
    "sub_event_type", "actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2",
    "interaction", "civilian_targeting", "iso", "region", "country", "admin1", "admin2",
    "admin3", "location", "latitude", "longitude", "geo_precision", "source", "source_scale",
    "notes", "fatalities", "tags", "timestamp",
]  # fmt: skip
# ours, after each schema's own columns (no counterpart there)
EXTRA_COLUMNS = ["status", "cluster_id", "n_sources", "n_articles", "source_articles",
                 *[f"count_{r}" for r in COUNT_ROLES]]  # fmt: skip

_EVENTS_SQL = """
WITH items AS ({items})
SELECT i.*, m.cluster_id, c.n_sources, c.n_articles,
       [coalesce(a.url, a.source)] AS source_articles, [a.site] AS sites,
       i.published AS first_report
FROM items i
JOIN articles a USING (article_id)
LEFT JOIN cluster_members m USING (article_id, event_id)
LEFT JOIN event_clusters c USING (cluster_id)
ORDER BY i.published NULLS LAST, i.article_id, i.event_id
"""
_CLUSTERS_SQL = """
WITH kinds AS ({items})
SELECT c.*, c.trigger AS trigger, c.event_date AS block_day,
       list(DISTINCT coalesce(a.url, a.source) ORDER BY coalesce(a.url, a.source)) AS source_articles,
       list(DISTINCT a.site) FILTER (WHERE a.site IS NOT NULL) AS sites,
       any_value(k.place_kind) FILTER (WHERE k.place = c.place) AS place_kind,
       any_value(k.place_text) FILTER (WHERE k.place = c.place) AS place_text,
       c.first_report AS published, c.cluster_id AS key
FROM event_clusters c
JOIN cluster_members m USING (cluster_id)
JOIN articles a USING (article_id)
LEFT JOIN kinds k USING (article_id, event_id)
GROUP BY ALL
ORDER BY c.event_date NULLS LAST, c.cluster_id
"""

NO_COUNTRY = "XXX"
"""event_id_cnty's prefix for an event placed in no country (the user-assigned ISO 3166
alpha-3 code that travel documents use for an unspecified state)."""


def _maps() -> dict[str, Any]:
    return dict(load_table("export_schemas"))


def _time_precision(row: dict[str, Any]) -> int:
    """ACLED's time_precision: 1 the day is known, 2 the week (or only the report's
    date), 3 a month or longer."""
    span = date_span(row.get("date"))
    if span is None:
        return 2
    return {"day": 1, "week": 2}.get(span.precision, 3)


def _event_day(row: dict[str, Any]) -> dt.date | None:
    if row.get("event_date") is not None:
        return row["event_date"]  # type: ignore[no-any-return]
    span = date_span(row.get("date"))
    return span.start if span is not None else row.get("published")


def _counts(row: dict[str, Any]) -> dict[str, float]:
    if "counts" in row and isinstance(row["counts"], str):  # a cluster row: consolidated
        return dict(json.loads(row["counts"]))
    out: dict[str, float] = {}
    for c in row.get("counts") or ():
        if c["value"] is not None:
            out[c["role"]] = max(out.get(c["role"], c["value"]), c["value"])
    return out


def _extra(row: dict[str, Any], counts: dict[str, float], clusters: bool) -> dict[str, Any]:
    return {
        "status": row.get("status"),
        "cluster_id": row.get("cluster_id"),
        "n_sources": row.get("n_sources"),
        "n_articles": row.get("n_articles"),
        "source_articles": "; ".join(x for x in row.get("source_articles") or () if x),
        **{f"count_{r}": counts.get(r) for r in COUNT_ROLES},
    }


def _event_id(row: dict[str, Any], clusters: bool) -> str:
    return str(row["cluster_id"]) if clusters else f"{row['article_id']}:{row['event_id']}"


def polecat_row(row: dict[str, Any], clusters: bool = False) -> dict[str, Any]:
    maps = _maps()
    counts = _counts(row)
    kind = row.get("place_kind")
    day = _event_day(row)
    return {
        "Event ID": _event_id(row, clusters),
        "Event Date": day.isoformat() if day else None,
        "Event Type": row["type"],
        "Event Mode": row.get("subtype"),
        "Intensity": None,
        "Quad Code": maps["plover_quad"].get(row["type"]),
        "Contexts": None,
        "Actor Name": row.get("source_entity"),
        "Actor Country": row.get("source_country"),
        "Actor COW": None,
        "Primary Actor Sector": row.get("source_sector"),
        "Actor Sectors": row.get("source_sector"),
        "Actor Title": None,
        "Actor Name Raw": row.get("source_entity"),
        "Wikipedia Actor ID": None,
        "Recipient Name": row.get("target_entity"),
        "Recipient Country": row.get("target_country"),
        "Recipient COW": None,
        "Primary Recipient Sector": row.get("target_sector"),
        "Recipient Sectors": row.get("target_sector"),
        "Recipient Title": None,
        "Recipient Name Raw": row.get("target_entity"),
        "Wikipedia Recipient ID": None,
        "Placename": row.get("place"),
        "City": row.get("place") if kind == "city" else None,
        "District": None,
        "Province": row.get("admin1"),
        "Country": row.get("place_country") or row.get("country"),
        "Latitude": row.get("lat"),
        "Longitude": row.get("lon"),
        "GeoNames ID": None,
        "Raw Placename": row.get("place_text"),
        "Feature Type": kind,
        "Source": "; ".join(s for s in row.get("sites") or () if s) or None,
        "Publication Date": row["published"].isoformat() if row.get("published") else None,
        "Story People": None,
        "Story Organizations": None,
        "Story Locations": None,
        "Language": "en",
        "Version": f"newsevents {SCHEMA_VERSION}",
        **_extra(row, counts, clusters),
    }


def acled_row(row: dict[str, Any], clusters: bool = False) -> dict[str, Any] | None:
    """The ACLED row of an asserted event, or None when ACLED does not code its type or
    the event is not asserted (ACLED codes what happened, when it happened)."""
    if row.get("status") != "asserted":
        return None
    maps = _maps()
    by_sub = maps["acled_types"].get(row["type"])
    if by_sub is None:
        return None
    pair = by_sub.get(row.get("subtype") or "", by_sub.get("*"))
    if pair is None:
        return None
    event_type, sub_event_type = pair
    if event_type == "Battles" and row.get("target_sector") == "civilians":
        event_type, sub_event_type = "Violence against civilians", "Attack"
    inter = maps["acled_inter"]
    i1, i2 = inter.get(row.get("source_sector") or ""), inter.get(row.get("target_sector") or "")
    counts = _counts(row)
    day = _event_day(row)
    iso = row.get("place_country") or row.get("country")
    return {
        "event_id_cnty": f"{iso or NO_COUNTRY}-{_event_id(row, clusters)}",
        "event_date": day.isoformat() if day else None,
        "year": day.year if day else None,
        "time_precision": _time_precision(row),
        "disorder_type": maps["acled_disorder"].get(event_type),
        "event_type": event_type,
        "sub_event_type": sub_event_type,
        "actor1": row.get("source_entity"),
        "assoc_actor_1": None,
        "inter1": i1,
        "actor2": row.get("target_entity"),
        "assoc_actor_2": None,
        "inter2": i2,
        "interaction": int(f"{min(i1, i2)}{max(i1, i2)}")
        if i1 and i2
        else (i1 or i2) and int(f"{i1 or i2}0"),
        "civilian_targeting": "Civilian targeting"
        if row.get("target_sector") == "civilians"
        else None,
        "iso": None,
        "region": None,
        "country": iso,
        "admin1": row.get("admin1"),
        "admin2": None,
        "admin3": None,
        "location": row.get("place"),
        "latitude": row.get("lat"),
        "longitude": row.get("lon"),
        "geo_precision": {"exact": 1, "near": 2, "admin1": 3, "country": 3}.get(
            row.get("geo_precision") or "", None if row.get("lat") is None else 3
        ),
        "source": "; ".join(s for s in row.get("sites") or () if s) or None,
        "source_scale": None,
        "notes": row.get("sentence") if not clusters else None,
        "fatalities": int(counts["fatalities"]) if "fatalities" in counts else 0,
        "tags": None,
        "timestamp": None,
        **_extra(row, counts, clusters),
    }


def export_rows(
    out_dir: Path, schema: str = "polecat", clusters: bool = False
) -> Iterator[dict[str, Any]]:
    """The rows of an export of a batch output folder (clustered first when it has no
    current clusters)."""
    from extract.batch.query import connect
    from extract.cluster.archive import cluster_archive, current_cluster_files, items_sql

    if schema not in SCHEMAS:
        raise InputError(f"unknown export schema {schema!r}; one of {', '.join(SCHEMAS)}")
    if current_cluster_files(Path(out_dir)) is None:
        cluster_archive(Path(out_dir))
    con = connect(out_dir)
    try:
        sql = (_CLUSTERS_SQL if clusters else _EVENTS_SQL).format(items=items_sql())
        reader = con.sql(sql).to_arrow_reader(4096)
        convert = polecat_row if schema == "polecat" else acled_row
        for batch in reader:
            for row in batch.to_pylist():
                out = convert(row, clusters)
                if out is not None:
                    yield out
    finally:
        con.close()


def columns(schema: str) -> list[str]:
    return (POLECAT_COLUMNS if schema == "polecat" else ACLED_COLUMNS) + EXTRA_COLUMNS


def export(
    out_dir: Path, dest: Path, schema: str = "polecat", fmt: str = "csv", clusters: bool = False
) -> int:
    """Write the export to ``dest`` (CSV or Parquet); returns the number of rows."""
    if fmt not in FORMATS:
        raise InputError(f"unknown export format {fmt!r}; one of {', '.join(FORMATS)}")
    cols = columns(schema)
    rows = export_rows(out_dir, schema, clusters)
    dest.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    if fmt == "csv":
        with dest.open("w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=cols)
            writer.writeheader()
            for row in rows:
                writer.writerow(row)
                n += 1
        return n
    import pyarrow as pa
    import pyarrow.parquet as pq

    data = list(rows)
    table = (
        pa.Table.from_pylist(data)
        if data
        else pa.table({c: pa.array([], pa.string()) for c in cols})
    )
    pq.write_table(table.select(cols) if data else table, dest, compression="zstd")
    return len(data)
