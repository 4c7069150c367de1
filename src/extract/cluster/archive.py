"""Clustering a batch's output: ``OUT/event_clusters/`` and ``OUT/cluster_members/``.

First the events (duplicates across shards left out, as ``newsevents query`` sees them)
are read once, with what the clustering needs, into ``_clusters/items/part=K/``: one
folder per partition, a hash of (type, country) (:func:`split_items`: DuckDB, one
group of shards of about :data:`EVENTS_PER_READ` events at a time, then the copies of
each sentence over the whole archive, then the partitions). Then each partition is one
task (in this process, or on Dask) that reads its events sorted by block, clusters
block by block and streams its rows to ``event_clusters/part-NNNNN.parquet`` and
``cluster_members/part-NNNNN.parquet`` (temporary file, then rename), a few thousand
rows at a time, then writes its manifest ``_clusters/part-NNNNN.json``. Python holds one
block at a time (and the writers' buffers and a bounded cache of article contexts),
and every DuckDB query runs on one thread within :data:`SPLIT_MEMORY`, spilling to disk
past it: memory stays flat in the number of blocks and events. The number of partitions
grows with the archive (about 50,000 events each).

Resumable like the batch: a partition with a manifest of the same *fingerprint* (the
finished shards, the pair model, the blocking, the number of partitions) is skipped; a
changed batch or model starts over."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from extract.cluster.blocking import Blocking, split_sorted
from extract.cluster.consolidate import (
    CLUSTER_COLUMNS,
    MEMBER_COLUMNS,
    cluster_id,
    cluster_row,
    member_rows,
)
from extract.cluster.items import COUNT_ROLES, HAPPENED, EventItem
from extract.cluster.linkage import cluster_block
from extract.cluster.pairs import PairModel, load_model
from extract.errors import InputError, NewsEventsError

CLUSTER_TABLES = ("event_clusters", "cluster_members")
MANIFESTS = "_clusters"
ARCHIVE_BLOCKING = Blocking()
EVALUATION_BLOCKING = Blocking(by_country=False, by_day=False)
"""On ECB+ the blocks are topic x type x status group: countries inferred from a few
places split reports of one event, and its documents have no publication dates, so days
would only split the few events with a resolved date from the rest (see the model card)."""
PARTITIONS = 8
EVENTS_PER_PARTITION = 50_000
EVENTS_PER_READ = 10_000  # events read from the batch's tables in one query
_FLUSH_ROWS = 2_048  # cluster and member rows a partition buffers before writing them
_WRITE_ROWS = 2_048  # rows DuckDB buffers per partition file it writes
_CONTEXT_CACHE = 256  # articles whose context sets a partition keeps as Python sets
CONTEXTS = "contexts"  # under ITEMS: one row per article, its context (not one per event)
_READ_ROWS = 512  # events a partition's reader converts to Python at once
ITEMS = "items"
SPLIT_MEMORY = "128MB"
_GROUP_BYTES_PER_EVENT = 12_000
"""The memory a group's events query may take per event beyond :data:`SPLIT_MEMORY`: its
per-event step does not spill, so a shard bigger than a group (a file run whole,
``--part-size 0``) gets room in proportion (25,000 events: 300 MB) instead of failing."""

_STATUS_GROUP = "CASE WHEN status IN ({}) THEN 'happened' ELSE status END".format(
    ", ".join(f"'{s}'" for s in sorted(HAPPENED))
)
_ROLES = ", ".join(f"'{r}'" for r in COUNT_ROLES)
# an event's arguments parsed once into typed structs (not one JSON parse per field)
_ARG_TYPE = '[{"role": "VARCHAR", "ref": "VARCHAR", "entity": "VARCHAR"}]'
# the sentence lower case, trimmed, each run of white space one space (RE2's \s: space,
# tab, newline, form feed, carriage return); the regex only runs where one of them could
# need replacing, which most sentences do not
_ONE_SPACED = (
    "CASE WHEN contains(sentence, '  ') OR contains(sentence, chr(9)) "
    "OR contains(sentence, chr(10)) OR contains(sentence, chr(12)) "
    "OR contains(sentence, chr(13)) "
    "THEN regexp_replace(lower(trim(sentence)), '\\s+', ' ', 'g') "
    "ELSE lower(trim(sentence)) END"
)

# each article's focus country (the one most of its places are in) and context
_ART_SQL = """
    SELECT article_id,
           mode(country_code) FILTER (WHERE kind = 'place' AND country_code IS NOT NULL) AS focus,
           list(DISTINCT lower(coalesce(canonical, value, text)))
             FILTER (WHERE kind IN ('actor', 'place')
                     AND coalesce(canonical, value, text) <> '') AS context
    FROM mentions GROUP BY article_id
"""
# every event with what the clustering needs, one row per event
_ITEMS_SQL = rf"""
WITH args AS (
    SELECT e.article_id, e.event_id, g.i, g.arg.role AS role, g.arg.ref AS ref,
           g.arg.entity AS arg_entity
    FROM (SELECT article_id, event_id, from_json(arguments, '{_ARG_TYPE}') AS a FROM events) e,
         LATERAL (SELECT unnest(e.a) AS arg, generate_subscripts(e.a, 1) AS i) g
),
argm AS (
    SELECT g.*, m.kind, m.canonical, m.value, m.text, m.country_code, m.lat, m.lon,
           m.details->>'admin1' AS admin1, m.details->>'precision' AS precision,
           m.details->>'kind' AS place_kind
    FROM args g JOIN mentions m ON m.article_id = g.article_id AND m.mention_id = g.ref
),
per_event AS (
    SELECT article_id, event_id,
           arg_min({{'place': value, 'place_country': country_code, 'admin1': admin1,
                    'lat': lat, 'lon': lon, 'geo_precision': precision,
                    'place_kind': place_kind, 'place_text': text}}, i)
             FILTER (WHERE kind = 'place' AND role = 'place') AS pl,
           list(DISTINCT lower(coalesce(arg_entity, canonical))) FILTER (WHERE kind = 'actor') AS actors,
           list({{'role': role, 'value': TRY_CAST(value AS DOUBLE)}})
             FILTER (WHERE kind = 'quantity' AND role IN ({_ROLES})) AS counts
    FROM argm GROUP BY article_id, event_id
),
art AS ({_ART_SQL}),
raw_items AS (
    SELECT e.article_id, e.event_id, e.type, e.subtype, e.status, e.trigger, e.sentence,
           e.date, e.published, p.pl.place, p.pl.place_country, p.pl.admin1, p.pl.lat,
           p.pl.lon, p.pl.geo_precision, p.pl.place_kind, p.pl.place_text,
           coalesce(p.pl.place_country, e.target_country, e.source_country, art.focus) AS country,
           e.source_entity, e.source_country, e.source_sector,
           e.target_entity, e.target_country, e.target_sector,
           p.actors, p.counts, art.context, a.site,
           {_STATUS_GROUP} AS status_group,
           coalesce(CASE
             WHEN regexp_matches(e.date, '^\d{{4}}-\d{{2}}-\d{{2}}') THEN TRY_CAST(substr(e.date, 1, 10) AS DATE)
             WHEN regexp_matches(e.date, '^\d{{4}}-\d{{2}}($|[^\d])') THEN TRY_CAST(substr(e.date, 1, 7) || '-01' AS DATE)
             WHEN regexp_matches(e.date, '^\d{{4}}-W\d{{2}}') THEN TRY_CAST(substr(e.date, 1, 4) || '-01-01' AS DATE)
                  + 7 * (TRY_CAST(substr(e.date, 7, 2) AS INTEGER) - 1)
             WHEN regexp_matches(e.date, '^\d{{4}}($|[^\d])') THEN TRY_CAST(substr(e.date, 1, 4) || '-01-01' AS DATE)
           END, e.published) AS block_day
    FROM events e
    JOIN articles a USING (article_id)
    LEFT JOIN per_event p USING (article_id, event_id)
    LEFT JOIN art USING (article_id)
),
keyed AS (
    SELECT *, md5(type || chr(31) || lower(trigger) || chr(31) || {_ONE_SPACED}) AS copy_key
    FROM raw_items
),
-- copies of one sentence (extract.cluster.items.copy_key: type, trigger, sentence; not the
-- date, which a relative one makes differ) share one block: the country most of them are
-- placed in, the earliest day, the most common status group; collapse() then tells
-- copies of one report apart by date
items AS (
    SELECT * REPLACE (
        coalesce(mode(country) OVER (PARTITION BY copy_key), country) AS country,
        mode(status_group) OVER (PARTITION BY copy_key) AS status_group,
        min(block_day) OVER (PARTITION BY copy_key) AS block_day)
    FROM keyed
)
SELECT * FROM items
"""
# the split computes ``art`` of :data:`_ITEMS_SQL` once per group of shards into this
# table: its events' query reads their focus country from it, and each article's context
# is written once (not once per event: the clustering looks it up when a block needs it)
_ART_TABLE = "cluster_article_context"
_PARTITION_CONTEXT_SQL = """
SELECT c.article_id, c.context FROM read_parquet('@CONTEXTS@') c
SEMI JOIN read_parquet('@FILES@') p ON c.article_id = p.article_id
"""
_KEPT_SQL = "COPY (SELECT article_id, shard FROM articles) TO '@DEST@' (FORMAT parquet)"
# a group of shards read on its own: its articles are those kept over the whole archive
# (``@KEPT@``, duplicates resolved as ``extract.batch.query`` does) from these shards
_CHUNK_VIEWS = """
CREATE OR REPLACE VIEW articles AS
SELECT DISTINCT ON (a.article_id) a.* FROM articles_all a
SEMI JOIN read_parquet('@KEPT@') k ON a.article_id = k.article_id AND a.shard = k.shard
ORDER BY a.article_id;
CREATE OR REPLACE VIEW events AS
SELECT DISTINCT ON (article_id, event_id) * FROM events_all
WHERE article_id IN (SELECT article_id FROM articles) ORDER BY article_id, event_id;
CREATE OR REPLACE VIEW mentions AS
SELECT DISTINCT ON (article_id, mention_id) * FROM mentions_all
WHERE article_id IN (SELECT article_id FROM articles) ORDER BY article_id, mention_id;
"""
# the copies of one sentence over the whole archive (keys of two events or more): the
# country and status group most of them give, the earliest day. A tie goes to the value
# of the copy that comes first by (article id, event id): DuckDB's mode(), used before,
# broke ties by its hash tables (the thread count changed which won)
_COPIES_SQL = """
COPY (
WITH raw AS (SELECT copy_key, country, status_group, block_day,
                    {'a': article_id, 'e': event_id} AS k FROM read_parquet('@RAW@')),
multi AS (
    SELECT copy_key, min(block_day) AS block_day FROM raw GROUP BY copy_key HAVING count(*) > 1
),
c AS (SELECT copy_key, country AS v, -count(*) AS n, min(k) AS k
      FROM raw SEMI JOIN multi USING (copy_key) WHERE country IS NOT NULL GROUP BY ALL),
s AS (SELECT copy_key, status_group AS v, -count(*) AS n, min(k) AS k
      FROM raw SEMI JOIN multi USING (copy_key) WHERE status_group IS NOT NULL GROUP BY ALL),
cm AS (SELECT copy_key, arg_min(v, {'n': n, 'k': k}) AS country FROM c GROUP BY copy_key),
sm AS (SELECT copy_key, arg_min(v, {'n': n, 'k': k}) AS status_group FROM s GROUP BY copy_key)
SELECT m.copy_key, m.block_day, cm.country, sm.status_group, true AS copied
FROM multi m LEFT JOIN cm USING (copy_key) LEFT JOIN sm USING (copy_key)
) TO '@DEST@' (FORMAT parquet)
"""
# every event once, with its copies' block (as the window over copies in
# :data:`_ITEMS_SQL`, ties as above), into one folder per partition
_SPLIT_SQL = """
COPY (
SELECT *, md5_number_lower(type || '|' || coalesce(country, '')) % @PARTITIONS@ AS part FROM (
    SELECT r.* REPLACE (
        coalesce(c.country, r.country) AS country,
        CASE WHEN c.copied THEN c.status_group ELSE r.status_group END AS status_group,
        CASE WHEN c.copied THEN c.block_day ELSE r.block_day END AS block_day)
    FROM read_parquet('@RAW@') r
    LEFT JOIN read_parquet('@COPIES@') c ON r.copy_key IS NOT DISTINCT FROM c.copy_key
))
TO '@DEST@' (FORMAT parquet, PARTITION_BY (part), COMPRESSION zstd, ROW_GROUP_SIZE @ROWS@)
"""
_PARTITION_SQL = """
SELECT * EXCLUDE (part, place_kind, place_text) FROM read_parquet('@FILES@')
ORDER BY type, status_group, coalesce(country, ''), block_day NULLS LAST, article_id, event_id
"""


def items_sql() -> str:
    """SQL over a batch's views (``extract.batch.connect``): one row per event with what
    the clustering and the exports need (its first place, actors, counts by role, the
    country it is blocked by, the day it is placed on)."""
    return _ITEMS_SQL.replace("SELECT * FROM items", "SELECT * EXCLUDE (copy_key) FROM items")


def _item(row: dict[str, Any]) -> EventItem:
    """The clustering's view of one row of :data:`_ITEMS_SQL` (a row without ``context``,
    as the split writes them, leaves it empty: the partition fills it in when needed)."""
    context = frozenset(row.get("context") or ())
    counts: dict[str, float] = {}
    for c in row["counts"] or ():
        if c["value"] is not None:
            counts[c["role"]] = max(counts.get(c["role"], c["value"]), c["value"])
    return EventItem(
        article_id=row["article_id"], event_id=row["event_id"], type=row["type"],
        subtype=row["subtype"], status=row["status"], trigger=row["trigger"] or "",
        sentence=row["sentence"] or "", date=row["date"], published=row["published"],
        place=row["place"], place_country=row["place_country"], admin1=row["admin1"],
        lat=row["lat"], lon=row["lon"], geo_precision=row["geo_precision"],
        country=row["country"], source_entity=row["source_entity"],
        source_country=row["source_country"], source_sector=row["source_sector"],
        target_entity=row["target_entity"], target_country=row["target_country"],
        target_sector=row["target_sector"], actors=frozenset(row["actors"] or ()),
        counts=counts, context=context, site=row["site"], day=row["block_day"],
        copy=row.get("copy_key"), block_status=row.get("status_group"),
    )  # fmt: skip


_EMPTY: frozenset[str] = frozenset()


def _batch_items(cols: dict[str, list[Any]]) -> Iterator[EventItem]:
    """:func:`_item` of each row of a batch given as columns (no dict per row)."""
    for (article_id, event_id, type_, subtype, status, trigger, sentence, date, published,
         place, place_country, admin1, lat, lon, geo_precision, country, source_entity,
         source_country, source_sector, target_entity, target_country, target_sector,
         actors, raw_counts, site, day, copy, block_status) in zip(
        cols["article_id"], cols["event_id"], cols["type"], cols["subtype"], cols["status"],
        cols["trigger"], cols["sentence"], cols["date"], cols["published"], cols["place"],
        cols["place_country"], cols["admin1"], cols["lat"], cols["lon"],
        cols["geo_precision"], cols["country"], cols["source_entity"],
        cols["source_country"], cols["source_sector"], cols["target_entity"],
        cols["target_country"], cols["target_sector"], cols["actors"], cols["counts"],
        cols["site"], cols["block_day"], cols["copy_key"], cols["status_group"], strict=True,
    ):  # fmt: skip
        counts: dict[str, float] = {}
        for c in raw_counts or ():
            if c["value"] is not None:
                counts[c["role"]] = max(counts.get(c["role"], c["value"]), c["value"])
        yield EventItem(
            article_id=article_id, event_id=event_id, type=type_, subtype=subtype,
            status=status, trigger=trigger or "", sentence=sentence or "", date=date,
            published=published, place=place, place_country=place_country, admin1=admin1,
            lat=lat, lon=lon, geo_precision=geo_precision, country=country,
            source_entity=source_entity, source_country=source_country,
            source_sector=source_sector, target_entity=target_entity,
            target_country=target_country, target_sector=target_sector,
            actors=frozenset(actors) if actors else _EMPTY, counts=counts, context=_EMPTY,
            site=site, day=day, copy=copy, block_status=block_status,
        )  # fmt: skip


@dataclass
class PartitionResult:
    partition: int
    events: int = 0
    clusters: int = 0
    blocks: int = 0
    largest_block: int = 0
    seconds: float = 0.0
    skipped: bool = False
    files: dict[str, str] = field(default_factory=dict)
    fingerprint: str = ""


@dataclass
class ClusterSummary:
    partitions: list[PartitionResult]
    seconds: float
    fingerprint: str

    @property
    def events(self) -> int:
        return sum(p.events for p in self.partitions)

    @property
    def clusters(self) -> int:
        return sum(p.clusters for p in self.partitions)


def fingerprint(out_dir: Path, model: PairModel, blocking: Blocking, partitions: int) -> str:
    """What a clustering of ``out_dir`` depends on: its finished shards, the model, the
    blocking and the number of partitions."""
    from extract.batch.runner import read_manifests

    shards = sorted((m.get("shard", ""), m.get("finished", "")) for m in read_manifests(out_dir))
    raw = json.dumps([shards, model.to_json(), asdict(blocking), partitions], sort_keys=True)
    return hashlib.sha1(raw.encode("utf-8")).hexdigest()[:16]


def read_cluster_manifests(out_dir: Path) -> list[dict[str, Any]]:
    folder = Path(out_dir) / MANIFESTS
    out = []
    for p in sorted(folder.glob("part-*.json")):
        try:
            out.append(json.loads(p.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    return out


def current_cluster_files(out_dir: Path) -> dict[str, list[Path]] | None:
    """The cluster tables' files when every partition of the latest clustering finished
    and the batch has not changed since; None otherwise."""
    run = Path(out_dir) / MANIFESTS / "run.json"
    try:
        info = json.loads(run.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    from extract.batch.runner import read_manifests

    shards = sorted((m.get("shard", ""), m.get("finished", "")) for m in read_manifests(out_dir))
    if info.get("shards") != [list(s) for s in shards]:
        return None
    parts = [
        m
        for m in read_cluster_manifests(out_dir)
        if m.get("fingerprint") == info.get("fingerprint")
    ]
    if len(parts) != info.get("partitions"):
        return None
    return {t: [Path(out_dir) / m["files"][t] for m in parts] for t in CLUSTER_TABLES}


def _writer(path: Path, columns: list[tuple[str, str]]) -> tuple[Any, Any, Path]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"string": pa.string(), "int": pa.int64(), "float": pa.float64(), "date": pa.date32()}
    schema = pa.schema([(n, types[k]) for n, k in columns])
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    return pq.ParquetWriter(tmp, schema, compression="zstd"), schema, tmp


def cluster_partition(
    out_dir: Path,
    partition: int,
    partitions: int,
    model: PairModel,
    blocking: Blocking = ARCHIVE_BLOCKING,
    fp: str = "",
    con: Any = None,
) -> PartitionResult:
    """Cluster one partition of a batch's events and write its tables and manifest; on
    ``con`` (a DuckDB connection set up by :func:`_bounded`, left open) when given, else
    on a connection of its own."""
    import pyarrow as pa

    started = time.perf_counter()
    res = PartitionResult(partition=partition, fingerprint=fp)
    name = f"part-{partition:05d}"
    paths = {t: out_dir / t / f"{name}.parquet" for t in CLUSTER_TABLES}
    writers = {
        "event_clusters": _writer(paths["event_clusters"], CLUSTER_COLUMNS),
        "cluster_members": _writer(paths["cluster_members"], MEMBER_COLUMNS),
    }
    buffers: dict[str, list[dict[str, Any]]] = {t: [] for t in CLUSTER_TABLES}

    def flush(force: bool = False) -> None:
        for t, rows in buffers.items():
            if rows and (force or len(rows) >= _FLUSH_ROWS):
                w, schema, _ = writers[t]
                w.write_table(pa.Table.from_pylist(rows, schema=schema))
                rows.clear()

    import duckdb

    folder = out_dir / MANIFESTS / ITEMS / f"part={partition}"
    spill = out_dir / MANIFESTS / f".spill-{name}"
    own = con is None
    if own:
        con = duckdb.connect()
    try:
        if own:  # one thread: a partition is one task, parallel across them
            _bounded(con, spill)

        has_items = any(folder.glob("*.parquet"))
        files = _quoted(folder / "*.parquet")
        context_of = _partition_contexts(con, folder.parent / CONTEXTS, files, has_items)

        def items() -> Iterator[EventItem]:
            if not has_items:
                return
            reader = con.sql(_PARTITION_SQL.replace("@FILES@", files)).to_arrow_reader(_READ_ROWS)
            for batch in reader:
                yield from _batch_items(batch.to_pydict())

        def fill_contexts(reps: Sequence[EventItem]) -> None:
            for it in reps:  # only the events whose pairs are scored need their context
                it.context = context_of(it.article_id)

        for block in split_sorted(items(), blocking):
            res.blocks += 1
            res.events += len(block)
            res.largest_block = max(res.largest_block, len(block))
            for idx in cluster_block(block, model, fill_contexts):
                members = [block[i] for i in idx]
                row = cluster_row(members, partition)
                buffers["event_clusters"].append(row)
                buffers["cluster_members"].extend(
                    member_rows(members, row["cluster_id"], partition)
                )
                res.clusters += 1
            flush()
        flush(force=True)
    finally:
        if own:
            con.close()
            shutil.rmtree(spill, ignore_errors=True)
        for w, _, _ in writers.values():
            w.close()
    for t in CLUSTER_TABLES:
        tmp = writers[t][2]
        with tmp.open("rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, paths[t])
        res.files[t] = str(paths[t].relative_to(out_dir))
    res.seconds = round(time.perf_counter() - started, 3)
    from extract.batch.tables import write_json_atomic

    manifest = {
        **asdict(res),
        "finished": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
    }
    manifest.pop("skipped")
    write_json_atomic(manifest, out_dir / MANIFESTS / f"{name}.json")
    return res


def _partition_contexts(
    con: Any, folder: Path, files: str, has_items: bool
) -> Callable[[str], frozenset[str]]:
    """Article id -> its context, for the articles of one partition's events: their
    contexts held as one Arrow column (one row per article), a bounded number of them
    as Python sets at a time."""
    index: dict[str, int] = {}
    column: Any = None
    if has_items and any(folder.glob("*.parquet")):
        sql = _PARTITION_CONTEXT_SQL.replace("@CONTEXTS@", _quoted(folder / "*.parquet"))
        table = con.sql(sql.replace("@FILES@", files)).to_arrow_table()
        index = {a: i for i, a in enumerate(table.column("article_id").to_pylist())}
        column = table.column("context").combine_chunks()
    cache: dict[str, frozenset[str]] = {}

    def context_of(article_id: str) -> frozenset[str]:
        found = cache.get(article_id)
        if found is None:
            i = index.get(article_id)
            found = frozenset((column[i].as_py() or ()) if i is not None else ())
            if len(cache) >= _CONTEXT_CACHE:
                cache.clear()
            cache[article_id] = found
        return found

    return context_of


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")


def _bounded(con: Any, spill: Path, events: int = 0) -> None:
    """DuckDB spills to ``spill`` past :data:`SPLIT_MEMORY` (one thread: the clustering
    runs on one core) instead of growing with the archive; a query over ``events`` events
    of one group may take :data:`_GROUP_BYTES_PER_EVENT` for each."""
    con.execute("SET threads = 1")
    con.execute(f"SET temp_directory = '{_quoted(spill)}'")
    _memory(con, events)
    con.execute("SET preserve_insertion_order = false")
    con.execute(f"SET partitioned_write_flush_threshold = {_WRITE_ROWS}")


def _memory(con: Any, events: int = 0) -> None:
    """DuckDB's memory limit for a query over ``events`` events of one group (see
    :func:`_bounded`)."""
    limit_mb = max(int(SPLIT_MEMORY.removesuffix("MB")), events * _GROUP_BYTES_PER_EVENT // 2**20)
    con.execute(f"SET memory_limit = '{limit_mb}MB'")


def _shard_events(out_dir: Path, manifest: dict[str, Any]) -> int:
    """The events of one finished shard: its manifest's count, else its events file's."""
    if "events" in manifest:
        return int(manifest["events"])
    files = manifest.get("files", {})
    if "events.parquet" in files:
        import pyarrow.parquet as pq

        try:
            return int(pq.ParquetFile(out_dir / files["events.parquet"]).metadata.num_rows)
        except (OSError, ValueError):
            return 0
    path = out_dir / files.get("events.jsonl", "")
    return path.stat().st_size // 1000 if path.is_file() else 0


def shard_groups(out_dir: Path, events_per_group: int = EVENTS_PER_READ) -> list[list[str]]:
    """The finished shards in groups of about ``events_per_group`` events (a shard with
    more is a group alone), in manifest order."""
    from extract.batch.runner import read_manifests

    groups: list[list[str]] = []
    size = 0
    for m in read_manifests(out_dir):
        n = _shard_events(out_dir, m)
        if not groups or size + n > events_per_group:
            groups.append([])
            size = 0
        groups[-1].append(str(m.get("shard", "")))
        size += n
    return groups


def split_items(out_dir: Path, partitions: int) -> None:
    """Read every event once into ``_clusters/items/part=K/`` (through a temporary
    folder and a rename), a group of shards at a time (:func:`shard_groups`): the
    articles kept over the whole archive (duplicates across shards left out), then each
    group's events with what the clustering needs, then the copies of each sentence
    over the whole archive (their shared block), then the partitions. Each step is one
    DuckDB query held to :data:`SPLIT_MEMORY`, so memory does not grow with the archive;
    all of them run on one connection (opening one costs about 30 ms)."""
    import duckdb

    from extract.batch.query import attach_views
    from extract.batch.runner import read_manifests

    dest = out_dir / MANIFESTS / ITEMS
    tmp = out_dir / MANIFESTS / f".{ITEMS}.tmp"
    work = out_dir / MANIFESTS / ".split"
    spill = work / "spill"
    for folder in (tmp, work):
        shutil.rmtree(folder, ignore_errors=True)
    (work / "raw").mkdir(parents=True)
    kept = work / "kept.parquet"
    raw_sql = _ITEMS_SQL.replace(f"art AS ({_ART_SQL})", f"art AS (SELECT * FROM {_ART_TABLE})")
    raw_sql = raw_sql.replace("SELECT * FROM items", "SELECT * EXCLUDE (context) FROM keyed")
    events = {str(m["shard"]): _shard_events(out_dir, m) for m in read_manifests(out_dir)}
    (work / CONTEXTS).mkdir()
    con = duckdb.connect()
    try:
        _bounded(con, spill)
        attach_views(con, out_dir, clusters=False)
        con.execute(_KEPT_SQL.replace("@DEST@", _quoted(kept)))
        for n, shards in enumerate(shard_groups(out_dir)):
            attach_views(con, out_dir, shards, clusters=False)
            _memory(con, sum(events.get(s, 0) for s in shards))
            con.execute(_CHUNK_VIEWS.replace("@KEPT@", _quoted(kept)))
            dest_raw = _quoted(work / "raw" / f"group-{n:05d}.parquet")
            con.execute(f"CREATE OR REPLACE TEMP TABLE {_ART_TABLE} AS {_ART_SQL}")
            con.execute(f"COPY ({raw_sql}) TO '{dest_raw}' (FORMAT parquet)")
            dest_ctx = _quoted(work / CONTEXTS / f"group-{n:05d}.parquet")
            con.execute(f"COPY (SELECT article_id, context FROM {_ART_TABLE}) TO '{dest_ctx}' "
                        "(FORMAT parquet)")  # fmt: skip
            con.execute(f"DROP TABLE {_ART_TABLE}")
        _memory(con, 0)
        raw, copies = _quoted(work / "raw" / "*.parquet"), work / "copies.parquet"
        con.execute(_COPIES_SQL.replace("@RAW@", raw).replace("@DEST@", _quoted(copies)))
        sql = _SPLIT_SQL.replace("@RAW@", raw).replace("@COPIES@", _quoted(copies))
        sql = sql.replace("@PARTITIONS@", str(int(partitions))).replace("@DEST@", _quoted(tmp))
        sql = sql.replace("@ROWS@", str(_WRITE_ROWS))
        con.execute(sql)
    finally:
        con.close()
    tmp.mkdir(parents=True, exist_ok=True)  # no events: no partition folders
    os.replace(work / CONTEXTS, tmp / CONTEXTS)
    shutil.rmtree(work, ignore_errors=True)
    os.replace(tmp, dest)


def _task(
    out_dir: str,
    partition: int,
    partitions: int,
    model_json: str,
    blocking: dict[str, Any],
    fp: str,
) -> PartitionResult:
    """Entry point for Dask tasks (plain, picklable arguments)."""
    model = PairModel.from_json(json.loads(model_json))
    return cluster_partition(Path(out_dir), partition, partitions, model, Blocking(**blocking), fp)


def cluster_archive(
    out_dir: Path,
    *,
    model: PairModel | None = None,
    blocking: Blocking = ARCHIVE_BLOCKING,
    partitions: int | None = None,
    engine: str = "local",
    scheduler: str | None = None,
    workers: int = 1,
    force: bool = False,
    on_partition: Callable[[PartitionResult], None] | None = None,
) -> ClusterSummary:
    """Cluster the events of a batch output folder into ``event_clusters`` and
    ``cluster_members``; partitions finished by an earlier run with the same inputs are
    skipped unless ``force``. Never prints.

    Raises:
        InputError: ``out_dir`` holds no finished shard.
    """
    from extract.batch.runner import read_manifests

    out_dir = Path(out_dir).resolve()
    shards = read_manifests(out_dir)
    if not shards:
        raise InputError(f"no finished shards in {out_dir} (run `newsevents batch` first)")
    if partitions is not None and partitions < 1:
        raise InputError("partitions must be at least 1")
    model = model or load_model()
    started = time.perf_counter()
    if partitions is None:
        events = sum(int(m.get("events", 0)) for m in shards)
        partitions = max(PARTITIONS, -(-events // EVENTS_PER_PARTITION))
    fp = fingerprint(out_dir, model, blocking, partitions)
    run_file = out_dir / MANIFESTS / "run.json"
    try:
        previous = json.loads(run_file.read_text(encoding="utf-8")).get("fingerprint")
    except (OSError, ValueError):
        previous = None
    if force or previous != fp:
        for folder in (*CLUSTER_TABLES, MANIFESTS):
            shutil.rmtree(out_dir / folder, ignore_errors=True)
    from extract.batch.tables import write_json_atomic

    write_json_atomic(
        {"fingerprint": fp, "partitions": partitions,
         "shards": sorted([m.get("shard", ""), m.get("finished", "")] for m in shards),
         "model": model.to_json(), "blocking": asdict(blocking)},
        run_file,
    )  # fmt: skip
    if not (out_dir / MANIFESTS / ITEMS).is_dir():
        split_items(out_dir, partitions)
    done_before = {
        m["partition"]: m for m in read_cluster_manifests(out_dir) if m.get("fingerprint") == fp
    }
    results: list[PartitionResult] = []

    def finish(r: PartitionResult) -> None:
        results.append(r)
        if on_partition is not None:
            on_partition(r)

    todo = []
    for k in range(partitions):
        if k in done_before:
            known = {
                f: v for f, v in done_before[k].items() if f in PartitionResult.__dataclass_fields__
            }
            finish(PartitionResult(**{**known, "skipped": True}))
        else:
            todo.append(k)
    if engine == "dask" and todo:
        _run_dask(out_dir, todo, partitions, model, blocking, fp, scheduler, workers, finish)
    elif todo:
        import duckdb

        spill = out_dir / MANIFESTS / ".spill-local"
        con = duckdb.connect()  # one for every partition: opening one costs about 30 ms
        try:
            _bounded(con, spill)
            for k in todo:
                finish(cluster_partition(out_dir, k, partitions, model, blocking, fp, con))
        finally:
            con.close()
            shutil.rmtree(spill, ignore_errors=True)
    results.sort(key=lambda r: r.partition)
    return ClusterSummary(results, round(time.perf_counter() - started, 3), fp)


def _run_dask(
    out_dir: Path, todo: list[int], partitions: int, model: PairModel, blocking: Blocking,
    fp: str, scheduler: str | None, workers: int, finish: Callable[[PartitionResult], None],
) -> None:  # fmt: skip
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise NewsEventsError(
            "engine 'dask' needs the 'dask' extra (pip install 'newsevents[dask]')"
        ) from exc
    cluster = None
    if scheduler:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    else:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=max(1, workers), threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
    try:
        futures = client.map(
            _task,
            [str(out_dir)] * len(todo),
            todo,
            partitions=partitions,
            model_json=json.dumps(model.to_json()),
            blocking=asdict(blocking),
            fp=fp,
            key=[f"newsevents-cluster-{fp}-{k}" for k in todo],
            retries=2,
            pure=False,
        )
        for fut in as_completed(futures):  # type: ignore[no-untyped-call]
            finish(fut.result())
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()


__all__ = ["ARCHIVE_BLOCKING", "CLUSTER_TABLES", "EVALUATION_BLOCKING", "ClusterSummary",
           "PartitionResult", "cluster_archive", "cluster_id", "current_cluster_files"]  # fmt: skip
