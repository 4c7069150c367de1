"""Batch output tables: records -> rows, and rows -> Parquet / JSONL files, atomically.

Four tables, each a folder of one file per shard: ``articles``, ``events``, ``mentions``
and ``errors``. Column types are fixed here (an empty shard writes an empty table of the
same schema), so the folders load straight into DuckDB, pandas or Spark. Nested values
(event arguments, mention details) are JSON strings; the common ones also have columns
of their own. Each event row carries its dyad as event data does (ICEWS, POLECAT): the
entity, country and sector of its first ``source`` and first ``target`` actor.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from extract.records import (
    SCHEMA_VERSION,
    ActorMention,
    ActorSector,
    Argument,
    ArticleResult,
    ErrorRecord,
    Event,
)

TABLES = ("articles", "events", "mentions", "errors")
FORMATS = ("parquet", "jsonl")
_TRACKING = re.compile(r"^(utm_|fbclid$|gclid$|mc_|ref$|ref_src$)")


def canonical_url(url: str | None) -> str | None:
    """The URL with scheme and host in lower case, no fragment, no tracking parameters
    and no trailing slash: two crawls of one page compare equal."""
    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return url
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if not _TRACKING.match(k)])
    path = parts.path.rstrip("/") or "/"
    host = (parts.hostname or "").removeprefix("www.")
    return urlunsplit((parts.scheme.lower(), host, path, query, ""))


def content_hash(text: str) -> str:
    """Hash of the article text with whitespace and case folded."""
    return hashlib.sha1(" ".join(text.lower().split()).encode("utf-8")).hexdigest()


COLUMNS: dict[str, list[tuple[str, str]]] = {
    "articles": [
        ("article_id", "string"), ("source", "string"), ("shard", "string"),
        ("url", "string"), ("canonical_url", "string"), ("title", "string"),
        ("site", "string"), ("published", "date"), ("published_source", "string"),
        ("published_raw", "string"),
        ("language", "string"), ("n_chars", "int"), ("content_hash", "string"),
        ("n_events", "int"), ("n_times", "int"), ("n_quantities", "int"),
        ("n_places", "int"), ("n_actors", "int"), ("warnings", "strings"),
        ("schema_version", "string"),
    ],
    "events": [
        ("article_id", "string"), ("event_id", "string"), ("published", "date"),
        ("type", "string"), ("subtype", "string"), ("status", "string"),
        ("trigger", "string"), ("trigger_start", "int"), ("trigger_end", "int"),
        ("sentence", "string"), ("date", "string"), ("deadline", "string"),
        ("confidence", "float"), ("sources", "strings"), ("targets", "strings"),
        ("places", "strings"), ("country_codes", "strings"), ("arguments", "string"),
        ("n_mentions", "int"),
        ("source_entity", "string"), ("source_country", "string"), ("source_sector", "string"),
        ("target_entity", "string"), ("target_country", "string"), ("target_sector", "string"),
    ],
    "mentions": [
        ("article_id", "string"), ("mention_id", "string"), ("kind", "string"),
        ("start", "int"), ("end", "int"), ("text", "string"), ("value", "string"),
        ("unit", "string"), ("country_code", "string"), ("canonical", "string"),
        ("lat", "float"), ("lon", "float"), ("details", "string"),
        ("sector", "string"), ("country_basis", "string"), ("country_confidence", "float"),
        ("entity", "string"),
    ],
    "errors": [
        ("source", "string"), ("shard", "string"), ("reason", "string"),
        ("message", "string"), ("language", "string"), ("schema_version", "string"),
    ],
}  # fmt: skip
"""Column names and types of each table (arguments and details are JSON strings)."""


def _schema(table: str) -> Any:
    import pyarrow as pa

    types = {
        "string": pa.string(),
        "int": pa.int64(),
        "float": pa.float64(),
        "date": pa.date32(),
        "strings": pa.list_(pa.string()),
    }
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS[table]])


_SPAN_KEYS = frozenset({"id", "start", "end", "text"})


@dataclass(frozen=True)
class ActorCoding:
    """Who an actor argument is, as event data codes it."""

    entity: str
    country_code: str | None
    sector: ActorSector


def actor_coding(result: ArticleResult, arg: Argument) -> ActorCoding | None:
    """The entity, country and sector of an actor argument: the argument's own coding
    when it carries any (the actor coder resolves the whole entity, so its country wins
    over the one mention's), else its actor mention's. None when the argument points at
    no actor and carries no coding."""
    m = result.mention(arg.ref)
    actor = m if isinstance(m, ActorMention) else None
    if arg.entity is None and arg.country_code is None and arg.sector is None:
        if actor is None:
            return None
        return ActorCoding(actor.canonical, actor.country_code, actor.sector)
    return ActorCoding(
        arg.entity or (actor.canonical if actor else arg.text),
        arg.country_code,
        arg.sector or (actor.sector if actor else "unknown"),
    )


def first_actor(result: ArticleResult, event: Event, role: str) -> ActorCoding | None:
    """The coding of the event's first ``role`` argument that is an actor."""
    for arg in event.arguments:
        if arg.role == role and (coded := actor_coding(result, arg)) is not None:
            return coded
    return None


def _dyad_columns(result: ArticleResult, event: Event) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for side in ("source", "target"):
        coded = first_actor(result, event, side)
        out[f"{side}_entity"] = coded.entity if coded else None
        out[f"{side}_country"] = coded.country_code if coded else None
        out[f"{side}_sector"] = coded.sector if coded else None
    return out


def _field(m: Any, fields: dict[str, Any], name: str) -> Any:
    """``m.name``, or None when the mention has no such field. ``fields`` (its dumped
    fields) says which it has: asking a pydantic model for a missing attribute raises
    inside pydantic, ~2 us a time, five times per mention."""
    return getattr(m, name) if name in fields else None


def _value(m: Any, fields: dict[str, Any]) -> str | None:
    for attr in ("value", "canonical", "name"):
        v = _field(m, fields, attr)
        if v is not None:
            return str(v)
    return None


def rows_for(result: ArticleResult, source: str, shard: str) -> dict[str, list[dict[str, Any]]]:
    """The rows one article adds to each table."""
    a = result.article
    text = a.text
    articles = [
        {
            "article_id": a.id,
            "source": source,
            "shard": shard,
            "url": a.url,
            "canonical_url": canonical_url(a.url),
            "title": a.title,
            "site": a.site,
            "published": a.published,
            "published_source": a.published_source.value,
            "published_raw": a.published_raw,
            "language": a.language,
            "n_chars": len(text),
            "content_hash": content_hash(text),
            "n_events": len(result.events),
            "n_times": len(result.times),
            "n_quantities": len(result.quantities),
            "n_places": len(result.places),
            "n_actors": len(result.actors),
            "warnings": list(result.warnings),
            "schema_version": result.schema_version,
        }
    ]
    places = {p.id: p for p in result.places}
    events = []
    for e in result.events:
        args = [a_.model_dump(mode="json") for a_ in e.arguments]
        place_ids = [x.ref for x in e.arguments if x.role == "place"]
        events.append(
            {
                "article_id": a.id,
                "event_id": e.id,
                "published": a.published,
                "type": e.type,
                "subtype": e.subtype,
                "status": e.status,
                "trigger": e.trigger.text,
                "trigger_start": e.trigger.start,
                "trigger_end": e.trigger.end,
                "sentence": e.sentence.text,
                "date": e.date,
                "deadline": e.deadline,
                "confidence": e.confidence,
                "n_mentions": 1 + len(e.mentions),
                "sources": [x.text for x in e.arguments if x.role == "source"],
                "targets": [x.text for x in e.arguments if x.role in ("target", "recipient")],
                "places": [places[r].name for r in place_ids if r in places],
                "country_codes": sorted(
                    {c for r in place_ids if r in places and (c := places[r].country_code)}
                ),
                "arguments": json.dumps(args, ensure_ascii=False),
                **_dyad_columns(result, e),
            }
        )
    mentions = []
    # one serialisation of all mentions (pydantic's Rust side), not one call per mention
    dumped = result.model_dump(mode="json", include={"times", "quantities", "places", "actors"})
    for kind, key, items in (
        ("time", "times", result.times),
        ("quantity", "quantities", result.quantities),
        ("place", "places", result.places),
        ("actor", "actors", result.actors),
    ):
        for m, data in zip(items, dumped[key], strict=True):
            details = {k: v for k, v in data.items() if k not in _SPAN_KEYS}
            mentions.append(
                {
                    "article_id": a.id,
                    "mention_id": data["id"],
                    "kind": kind,
                    "start": m.start,
                    "end": m.end,
                    "text": m.text,
                    "value": _value(m, data),
                    "unit": _field(m, data, "unit"),
                    "country_code": _field(m, data, "country_code"),
                    "canonical": _field(m, data, "canonical"),
                    "lat": _field(m, data, "lat"),
                    "lon": _field(m, data, "lon"),
                    "details": json.dumps(details, ensure_ascii=False, sort_keys=True),
                    "sector": _field(m, data, "sector"),
                    "country_basis": _field(m, data, "country_basis"),
                    "country_confidence": _field(m, data, "country_confidence"),
                    "entity": _field(m, data, "entity"),
                }
            )
    return {"articles": articles, "events": events, "mentions": mentions, "errors": []}


def _printable(text: str, limit: int = 500) -> str:
    """A message fit for a table cell: control and separator characters escaped (a broken
    record's bytes can end up in its error message), at most ``limit`` characters."""
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[: limit * 2])
    return out if len(out) <= limit else out[: limit - 1] + "\u2026"


def error_row(error: ErrorRecord, shard: str) -> dict[str, Any]:
    return {
        "source": error.source,
        "shard": shard,
        "reason": error.reason,
        "message": _printable(error.message),
        "language": error.language,
        "schema_version": SCHEMA_VERSION,
    }


def _json_default(value: Any) -> Any:
    if isinstance(value, dt.date):
        return value.isoformat()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def write_table(rows: Sequence[dict[str, Any]], table: str, path: Path, fmt: str) -> Path:
    """Write ``rows`` to ``path`` through a temporary file and a rename, so a reader (or
    a killed run) never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        data = pa.Table.from_pylist(list(rows), schema=_schema(table))
        pq.write_table(data, tmp, compression="zstd")
    else:
        with tmp.open("w", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False, default=_json_default) + "\n")
    with tmp.open("rb") as fh:
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return path


def arrow_tables(results: Iterable[Any]) -> dict[str, Any]:
    """The batch tables of ``results`` as ``pyarrow.Table`` objects with the batch's
    columns: ``{"articles": ..., "events": ..., "mentions": ..., "errors": ...}``.

    ``results`` holds :class:`ArticleResult` and :class:`ErrorRecord` objects, or
    ``(source, result)`` pairs; a result without a source is named by its article's URL
    (else its id). ``shard`` is empty (null)."""
    import pyarrow as pa

    rows: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
    for item in results:
        source, record = item if isinstance(item, tuple) else (None, item)
        if isinstance(record, ErrorRecord):
            rows["errors"].append({**error_row(record, ""), "shard": None})
        elif isinstance(record, ArticleResult):
            name = source or record.article.url or record.article.id
            for table, new in rows_for(record, name, "").items():
                rows[table].extend({**r, "shard": None} if "shard" in r else r for r in new)
        else:
            raise TypeError(f"not an ArticleResult or ErrorRecord: {type(record).__name__}")
    return {t: pa.Table.from_pylist(rows[t], schema=_schema(t)) for t in TABLES}


class TableWriter:
    """One table of one shard, written as its rows come (Parquet row groups of up to
    ``flush_rows`` rows, or JSONL lines) to a temporary file that :meth:`commit` syncs
    and renames: memory holds at most ``flush_rows`` rows, and a reader (or a killed
    run) never sees half a file. The same rows give the same bytes."""

    def __init__(self, table: str, path: Path, fmt: str, flush_rows: int = 5000) -> None:
        self.table, self.path, self.fmt, self.flush_rows = table, path, fmt, flush_rows
        path.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = path.with_name(f".{path.name}.tmp")
        self.rows: list[dict[str, Any]] = []
        self.count = 0
        self._writer: Any = None
        self._fh: Any = None
        if fmt == "parquet":
            import pyarrow.parquet as pq

            self._writer = pq.ParquetWriter(self.tmp, _schema(table), compression="zstd")
        else:
            self._fh = self.tmp.open("w", encoding="utf-8")

    def add(self, rows: Sequence[dict[str, Any]]) -> None:
        self.rows.extend(rows)
        self.count += len(rows)
        if len(self.rows) >= self.flush_rows:
            self.flush()

    def flush(self) -> None:
        if not self.rows:
            return
        if self._writer is not None:
            import pyarrow as pa

            self._writer.write_table(pa.Table.from_pylist(self.rows, schema=_schema(self.table)))
        else:
            self._fh.writelines(
                json.dumps(row, ensure_ascii=False, default=_json_default) + "\n"
                for row in self.rows
            )
        self.rows.clear()

    def commit(self) -> Path:
        """Write what is left, sync and rename to the final name."""
        self.flush()
        if self._writer is not None:
            self._writer.close()
        else:
            self._fh.close()
        with self.tmp.open("rb") as fh:
            os.fsync(fh.fileno())
        os.replace(self.tmp, self.path)
        return self.path

    def discard(self) -> None:
        """Close and remove the temporary file (a shard that failed)."""
        with contextlib.suppress(Exception):
            if self._writer is not None:
                self._writer.close()
            else:
                self._fh.close()
        self.tmp.unlink(missing_ok=True)


def write_json_atomic(data: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)
