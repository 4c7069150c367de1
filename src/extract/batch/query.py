"""SQL over a batch's output with DuckDB: the tables ``articles``, ``events``,
``mentions`` and ``errors`` as views over the files of the finished shards only (a shard
without a manifest is not part of the output).

Duplicates across shards (the same page in a WARC and in a folder, a story crawled
twice) are resolved here, deterministically: of the articles sharing a content hash or a
canonical URL, the first by (shard, source) is kept; the others are listed in the view
``duplicates`` with the article they repeat, and left out of ``articles``, ``events`` and
``mentions``. The raw tables stay available as ``<table>_all``.

When ``newsevents cluster`` has clustered the current output, the views
``event_clusters`` (one row per event cluster) and ``cluster_members`` (cluster id,
article id, event id) are there too."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from extract.batch.runner import read_manifests
from extract.batch.tables import COLUMNS, TABLES
from extract.errors import InputError


def connect(out_dir: Path, shards: Collection[str] | None = None) -> Any:
    """An in-memory DuckDB connection with one view per table; with ``shards``, over the
    files of those finished shards only (their duplicates resolved among themselves)."""
    import duckdb

    con = duckdb.connect()
    try:
        attach_views(con, out_dir, shards)
    except BaseException:
        con.close()
        raise
    return con


def attach_views(
    con: Any, out_dir: Path, shards: Collection[str] | None = None, clusters: bool = True
) -> None:
    """The views of :func:`connect` on an open connection, replacing any it has (a
    clustering reads group after group of shards on one connection: opening one costs
    about 30 ms); ``clusters=False`` leaves the cluster views out."""
    manifests = read_manifests(Path(out_dir))
    if shards is not None:
        manifests = [m for m in manifests if m.get("shard") in shards]
    if not manifests:
        raise InputError(f"no finished shards in {out_dir} (run `newsevents batch` first)")
    for table in TABLES:  # none left over from other shards
        con.execute(f"DROP VIEW IF EXISTS {table if table == 'errors' else f'{table}_all'}")
    for table in TABLES:
        for fmt, reader in (("parquet", "read_parquet"), ("jsonl", "read_json_auto")):
            files = [
                str(Path(out_dir) / m["files"][f"{table}.{fmt}"])
                for m in manifests
                if f"{table}.{fmt}" in m.get("files", {})
            ]
            if files:
                listed = ", ".join("'" + f.replace("'", "''") + "'" for f in files)
                extra = ", union_by_name=true" if fmt == "parquet" else _json_columns(table)
                name = table if table == "errors" else f"{table}_all"
                source = f"{reader}([{listed}]{extra})"
                con.execute(
                    f"CREATE OR REPLACE VIEW {name} AS "
                    f"SELECT *{_missing(con, table, source)} FROM {source}"
                )
                break
    con.execute(_DEDUP)
    if clusters:
        _cluster_views(con, Path(out_dir))


def _cluster_views(con: Any, out_dir: Path) -> None:
    from extract.cluster.archive import current_cluster_files

    files = current_cluster_files(out_dir)
    if not files:
        return
    for table, paths in files.items():
        listed = ", ".join("'" + str(f).replace("'", "''") + "'" for f in paths)
        con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet([{listed}])")


_DUCKDB_TYPES = {"string": "VARCHAR", "int": "BIGINT", "float": "DOUBLE", "date": "DATE",
                 "strings": "VARCHAR[]"}  # fmt: skip


def _missing(con: Any, table: str, source: str) -> str:
    """``, NULL::TYPE AS column`` for each column of ``table`` that the files lack: the
    Parquet files of a run made before a column was added (the actors' sector, the
    events' dyads) still read as today's table."""
    have = {d[0] for d in con.execute(f"SELECT * FROM {source} LIMIT 0").description}
    return "".join(
        f", NULL::{_DUCKDB_TYPES[kind]} AS {name}"
        for name, kind in COLUMNS[table]
        if name not in have
    )


def _json_columns(table: str) -> str:
    """The table's columns for ``read_json_auto``: an empty file (a shard without errors)
    then still has them, instead of one inferred ``json`` column."""
    cols = ", ".join(f"'{name}': '{_DUCKDB_TYPES[kind]}'" for name, kind in COLUMNS[table])
    return f", columns={{{cols}}}, format='newline_delimited'"


_DEDUP = """
CREATE OR REPLACE VIEW ranked AS
SELECT *,
       row_number() OVER (PARTITION BY content_hash ORDER BY shard, source) AS rank_text,
       CASE WHEN canonical_url IS NULL THEN 1
            ELSE row_number() OVER (PARTITION BY canonical_url ORDER BY shard, source) END
         AS rank_url
FROM articles_all;
CREATE OR REPLACE VIEW duplicates AS
SELECT r.article_id, r.source, r.shard, r.url, r.content_hash,
       (SELECT k.source FROM ranked k
         WHERE (k.content_hash = r.content_hash OR k.canonical_url = r.canonical_url)
           AND k.rank_text = 1 AND k.rank_url = 1
         ORDER BY k.shard, k.source LIMIT 1) AS duplicate_of
FROM ranked r WHERE r.rank_text > 1 OR r.rank_url > 1;
CREATE OR REPLACE VIEW articles AS
SELECT * EXCLUDE (rank_text, rank_url) FROM ranked WHERE rank_text = 1 AND rank_url = 1;
CREATE OR REPLACE VIEW events AS
SELECT DISTINCT ON (article_id, event_id) * FROM events_all
WHERE article_id IN (SELECT article_id FROM articles) ORDER BY article_id, event_id;
CREATE OR REPLACE VIEW mentions AS
SELECT DISTINCT ON (article_id, mention_id) * FROM mentions_all
WHERE article_id IN (SELECT article_id FROM articles) ORDER BY article_id, mention_id;
"""


def query(out_dir: Path, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run ``sql`` over the batch output; returns (column names, rows)."""
    con = connect(out_dir)
    try:
        cur = con.execute(sql)
        columns = [d[0] for d in cur.description or []]
        return columns, cur.fetchall()
    finally:
        con.close()
