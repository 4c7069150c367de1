"""Event clusters over a batch (`newsevents cluster`), the honest report totals, the
query views and the exports, on our own articles: one of them reported twice (a second
article with the same paragraphs in another order)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from extract import Settings
from extract.batch import query, run_batch
from extract.cluster.archive import cluster_archive

REPO = Path(__file__).resolve().parents[2]
RAW = REPO / "data" / "raw"

pytestmark = pytest.mark.slow

# Counted by hand from the articles: asserted events with their own date.
# Somalia: 40 fighters freed on Monday; 12 soldiers killed at Lafoole on Sunday; 9
# civilians killed and 23 wounded in Beledweyne on Saturday. Ukraine: 120 prisoners
# exchanged (60 each side) on Tuesday; 5 civilians killed in Kherson on Monday.
# The promised releases (25, 50) are future, and the second Somalia report repeats the
# first: it adds nothing.
HAND = {"fatalities": 12 + 9 + 5, "injured": 23, "released": 40 + 120}


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("articles")
    for name in ("somalia-hostage-exchange", "ukraine-prisoner-swap"):
        (src / f"{name}.txt").write_text((RAW / f"{name}.txt").read_text("utf-8"), "utf-8")
    paras = (RAW / "somalia-hostage-exchange.txt").read_text("utf-8").strip().split("\n\n")
    again = "\n\n".join([paras[0], *reversed(paras[1:])]) + "\n"
    (src / "somalia-second-report.txt").write_text(again, "utf-8")
    out = tmp_path_factory.mktemp("batch")
    settings = Settings(cache_dir=str(tmp_path_factory.mktemp("cache")), event_typer="lexicon")
    run_batch([str(src)], out, settings)
    cluster_archive(out)
    return out


def test_the_report_totals_are_the_sum_over_clusters_and_the_hand_count(out: Path) -> None:
    from extract.views.report import read_report_data

    data = read_report_data(out)
    totals = {role: dated for role, dated, *_ in data.quantity_totals}
    for role, expected in HAND.items():
        _, rows = query(
            out,
            f"SELECT sum({role}) FROM event_clusters WHERE status = 'asserted' "
            "AND date_basis = 'event'",
        )
        assert totals[role] == rows[0][0] == expected, role
    # before clustering, the repeated report doubled the Somalia figures
    reports = {role: r for role, *_, r in data.quantity_totals}
    assert reports["fatalities"] >= HAND["fatalities"] + 12 + 9


def test_the_repeated_report_joins_the_first_in_every_cluster(out: Path) -> None:
    _, rows = query(
        out,
        "SELECT c.cluster_id, count(DISTINCT a.source), list(DISTINCT a.source) "
        "FROM cluster_members c JOIN articles a USING (article_id) "
        "GROUP BY 1 HAVING count(*) > 1",
    )
    assert rows, "no event reported twice was clustered"
    for _cid, n, sources in rows:
        assert n == 2
        assert {Path(s).stem for s in sources} == {
            "somalia-hostage-exchange", "somalia-second-report"
        }  # fmt: skip
    _, members = query(out, "SELECT count(*) FROM cluster_members")
    _, events = query(out, "SELECT count(*) FROM events")
    assert members[0][0] == events[0][0]  # every event in exactly one cluster


def test_clustering_again_skips_every_finished_partition(out: Path) -> None:
    before = query(out, "SELECT * FROM event_clusters ORDER BY cluster_id")[1]
    summary = cluster_archive(out)
    assert all(p.skipped for p in summary.partitions)
    assert query(out, "SELECT * FROM event_clusters ORDER BY cluster_id")[1] == before
    again = cluster_archive(out, force=True)
    assert not any(p.skipped for p in again.partitions)
    assert query(out, "SELECT * FROM event_clusters ORDER BY cluster_id")[1] == before


def test_exports_load_with_the_documented_columns(out: Path, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    from extract.batch.export import ACLED_COLUMNS, POLECAT_COLUMNS, columns, export

    n = export(out, tmp_path / "p.csv", "polecat", "csv")
    with (tmp_path / "p.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == n == query(out, "SELECT count(*) FROM events")[1][0][0]
    assert (
        list(rows[0]) == columns("polecat")
        and list(rows[0])[: len(POLECAT_COLUMNS)] == POLECAT_COLUMNS
    )
    k = export(out, tmp_path / "a.parquet", "acled", "parquet", clusters=True)
    table = pq.read_table(tmp_path / "a.parquet")
    assert table.num_rows == k > 0 and table.column_names[: len(ACLED_COLUMNS)] == ACLED_COLUMNS
    acled = table.to_pylist()
    assert {r["status"] for r in acled} == {"asserted"}
    lafoole = [r for r in acled if r["location"] == "Lafoole"]
    assert lafoole and lafoole[0]["fatalities"] == 12 and lafoole[0]["n_articles"] == 2
    assert json.loads(json.dumps(lafoole[0]["event_date"])) == "2023-03-12"


def _add_shard(out: Path, name: str, suffix: str) -> None:
    """Another finished shard holding the first shard's rows: its articles renamed by
    ``suffix`` (other articles with the same sentences), or the same articles again (a
    duplicate across shards) when ``suffix`` is empty."""
    import duckdb

    first = json.loads(sorted((out / "_manifests").glob("*.json"))[0].read_text("utf-8"))
    files = {}
    for table in ("articles", "events", "mentions", "errors"):
        src, dest = out / first["files"][f"{table}.parquet"], out / table / f"{name}.parquet"
        renamed = []
        if table != "errors" and suffix:
            renamed.append(f"article_id || '{suffix}' AS article_id")
        if table == "articles":
            renamed.append(f"'{name}' AS shard")
            if suffix:
                renamed += [
                    f"{c} || '{suffix}' AS {c}" for c in ("content_hash", "url", "canonical_url")
                ]
        select = f"* REPLACE ({', '.join(renamed)})" if renamed else "*"
        duckdb.sql(f"COPY (SELECT {select} FROM '{src}') TO '{dest}' (FORMAT parquet)")
        files[f"{table}.parquet"] = f"{table}/{name}.parquet"
    manifest = {**first, "shard": name, "files": files}
    (out / "_manifests" / f"{name}.json").write_text(json.dumps(manifest), "utf-8")


def test_streaming_block_by_block_gives_the_clusters_of_all_events_at_once(
    out: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    from extract.batch.query import connect
    from extract.cluster import archive
    from extract.cluster.blocking import split_sorted
    from extract.cluster.consolidate import cluster_row
    from extract.cluster.linkage import cluster_block
    from extract.cluster.pairs import load_model

    batch = tmp_path / "batch"
    shutil.copytree(
        out, batch, ignore=shutil.ignore_patterns("_clusters", "event_clusters", "cluster_members")
    )
    _add_shard(batch, "shard-b", "-b")  # the same sentences in other articles
    _add_shard(batch, "shard-z", "")  # the first shard's articles again: left out
    # one shard per read, a few rows per write, three partitions
    monkeypatch.setattr(archive, "EVENTS_PER_READ", 1)
    monkeypatch.setattr(archive, "_FLUSH_ROWS", 3)
    monkeypatch.setattr(archive, "_WRITE_ROWS", 2)
    cluster_archive(batch, partitions=3)
    # all events at once, in memory: the same query over the whole archive
    con = connect(batch)
    rows = (
        con.sql(
            f"SELECT * FROM ({archive._ITEMS_SQL}) ORDER BY type, status_group, "
            "coalesce(country, ''), block_day NULLS LAST, article_id, event_id"
        )
        .to_arrow_table()
        .to_pylist()
    )
    con.close()
    model, expected = load_model(), {}
    for block in split_sorted((archive._item(r) for r in rows), archive.ARCHIVE_BLOCKING):
        for idx in cluster_block(block, model):
            row = cluster_row([block[i] for i in idx])
            expected[row.pop("cluster_id")] = row
    _, got = query(batch, "SELECT * EXCLUDE (partition) FROM event_clusters ORDER BY cluster_id")
    names = [c for c, _ in archive.CLUSTER_COLUMNS if c not in ("cluster_id", "partition")]
    assert (
        len(got) == len(expected)
        and len(rows) == 2 * query(out, "SELECT count(*) FROM events")[1][0][0]
    )
    for cid, *values in got:
        assert dict(zip(names, values, strict=True)) == {k: expected[cid][k] for k in names}
    _, members = query(batch, "SELECT count(*), count(DISTINCT cluster_id) FROM cluster_members")
    assert members[0] == (len(rows), len(expected))
