"""One big file worked in parts: every part a shard with its own manifest, the same
records as the whole file, spread over workers, resumed part by part."""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from extract import Settings
from extract.batch import plan_shards, query, run_batch
from extract.batch.parts import plan_parts
from extract.batch.tables import TableWriter
from extract.ingest.sources import iter_articles, reader_for
from extract.ingest.warc import gzip_member_starts

REPO = Path(__file__).resolve().parents[2]
RAW = REPO / "data" / "raw"
HOSTILE = REPO / "tests" / "fixtures" / "hostile"


def _stories(n: int) -> list[str]:
    """``n`` distinct short English stories of our own."""
    return [
        f"Police in the port city arrested {i + 3} people on Monday after a protest over "
        f"fuel prices, officials said. The protesters had blocked road number {i} for "
        "two hours."
        for i in range(n)
    ]


def _jsonl(path: Path, n: int) -> Path:
    path.write_text(
        "".join(
            json.dumps({"text": t, "url": f"https://e.org/{i}"}) + "\n"
            for i, t in enumerate(_stories(n))
        )
        + "\n",  # a blank line at the end is no record
        encoding="utf-8",
    )
    return path


def _warc(path: Path, n: int, *, gzipped: bool = True, requests: bool = True) -> Path:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as fh:
        writer = WARCWriter(fh, gzip=gzipped)
        for i, text in enumerate(_stories(n)):
            page = (
                f"<html><head><title>Story {i}</title></head><body><article><h1>Story {i}</h1>"
                f"<p>{text}</p><p>{text}</p></article></body></html>"
            ).encode()
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], "HTTP/1.1")
            writer.write_record(
                writer.create_warc_record(
                    f"https://e.org/{i}", "response", payload=io.BytesIO(page), http_headers=headers
                )
            )
            if requests and i % 3 == 0:  # records that are not articles, between them
                writer.write_record(
                    writer.create_warc_record(
                        f"https://e.org/{i}",
                        "request",
                        payload=io.BytesIO(b"GET / HTTP/1.1\r\n\r\n"),
                    )
                )
    return path


def _merged_members(src: Path, dst: Path) -> Path:
    """``src`` with some pairs of gzip members joined into one member of two records:
    no part may start inside such a member."""
    data = src.read_bytes()
    starts = [*gzip_member_starts(data), len(data)]
    members = [data[a:b] for a, b in itertools.pairwise(starts)]
    out, i = [], 0
    while i < len(members):
        if i in (2, 7) and i + 1 < len(members):
            out.append(gzip.compress(gzip.decompress(members[i]) + gzip.decompress(members[i + 1])))
            i += 2
        else:
            out.append(members[i])
            i += 1
    dst.write_bytes(b"".join(out))
    return dst


def _outcomes(path: Path, part: object = None) -> list[tuple[str, str]]:
    return [
        (s, type(a).__name__ if not hasattr(a, "reason") else a.reason)
        for s, a in iter_articles(path, part=part)  # type: ignore[arg-type]
    ]


def _make(kind: str, folder: Path) -> Path:
    if kind == "jsonl":
        return _jsonl(folder / "big.jsonl", 23)
    if kind == "jsonl.gz":
        path = folder / "big.jsonl.gz"
        path.write_bytes(gzip.compress(_jsonl(folder / "x.jsonl", 23).read_bytes()))
        return path
    if kind == "csv":
        path = folder / "big.csv"
        with path.open("w", encoding="utf-8", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["headline", "body"])
            for i, t in enumerate(_stories(23)):
                w.writerow([f"Story {i}", t.replace(", officials", ",\n\nofficials")])
            fh.write("one,two,three\r\n")  # a bad row
        return path
    if kind == "parquet":
        path = folder / "big.parquet"
        pq.write_table(pa.table({"text": _stories(23)}), path, row_group_size=3)
        return path
    if kind == "warc.gz":
        return _warc(folder / "big.warc.gz", 23)
    if kind == "warc":
        return _warc(folder / "big.warc", 23, gzipped=False)
    if kind == "merged-members":
        return _merged_members(
            _warc(folder / "x.warc.gz", 23, requests=False), folder / "m.warc.gz"
        )
    raise AssertionError(kind)


@pytest.mark.parametrize(
    "kind", ["jsonl", "jsonl.gz", "csv", "parquet", "warc.gz", "warc", "merged-members"]
)
@pytest.mark.parametrize("part_size", [1, 4, 10])
def test_the_parts_of_a_file_read_its_records_once_each_in_order(
    tmp_path: Path, kind: str, part_size: int
) -> None:
    path = _make(kind, tmp_path)
    plan = plan_parts(path, reader_for(path), part_size)
    whole = _outcomes(path)
    assert [o for part, _ in plan for o in _outcomes(path, part)] == whole
    if kind == "merged-members":
        # warcio cannot go on inside a member of two records: the whole file's reader
        # reports a corrupt record and reads on at the next member; the parts do the same
        assert any(reason == "corrupt_record" for _, reason in whole)
        return
    assert len(whole) >= 23 and len(plan) > 1
    # a part holds whole row groups (of 3 here), and cannot start inside a gzip member
    most = max(part_size, 3) if kind == "parquet" else part_size
    assert max(count for _, count in plan) <= most


@pytest.mark.parametrize(
    "name",
    ["14-corrupt-record-between-good.warc.gz", "15-truncated.warc.gz", "12-truncated.jsonl.gz"],
)
def test_parts_of_a_broken_archive_lose_no_record_and_no_error(name: str) -> None:
    path = HOSTILE / name
    plan = plan_parts(path, reader_for(path), 1)
    assert [o for part, _ in plan for o in _outcomes(path, part)] == _outcomes(path)


def test_part_ids_come_from_the_file_and_its_range(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "big.jsonl", 25)
    shards = plan_shards([str(path)], part_size=10)
    assert [(s.kind, s.records) for s in shards] == [("part", 10), ("part", 10), ("part", 5)]
    assert [s.id for s in plan_shards([str(path)], part_size=10)] == [s.id for s in shards]
    assert len({s.id for s in shards}) == 3
    assert plan_shards([str(path)], part_size=100)[0].id == plan_shards([str(path)])[0].id
    _jsonl(path, 26)  # a changed file is planned anew
    assert not {s.id for s in plan_shards([str(path)], part_size=10)} & {s.id for s in shards}


def test_a_table_writer_streams_row_groups_and_writes_empty_tables(tmp_path: Path) -> None:
    rows = [{"source": f"s{i}", "reason": "empty"} for i in range(7)]
    w = TableWriter("errors", tmp_path / "errors.parquet", "parquet", flush_rows=3)
    for row in rows:
        w.add([row])
    assert not (tmp_path / "errors.parquet").exists()  # a temporary name until committed
    w.commit()
    pf = pq.ParquetFile(tmp_path / "errors.parquet")
    assert pf.metadata.num_row_groups == 3
    assert pf.read().column("source").to_pylist() == [r["source"] for r in rows]
    empty = TableWriter("events", tmp_path / "events.parquet", "parquet")
    empty.commit()
    assert pq.read_table(tmp_path / "events.parquet").num_rows == 0


@pytest.fixture(scope="module")
def settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return Settings(cache_dir=str(tmp_path_factory.mktemp("cache")), event_typer="lexicon")


def _rows(out: Path, table: str) -> list[tuple]:
    cols, rows = query(
        out, f"SELECT * FROM {table}_all" if table != "errors" else "SELECT * FROM errors"
    )
    drop = {cols.index("shard")} if "shard" in cols else set()
    return sorted(tuple(v for i, v in enumerate(r) if i not in drop) for r in rows)


@pytest.mark.slow
def test_a_file_of_several_parts_gives_a_manifest_per_part_and_todays_rows(
    tmp_path: Path, settings: Settings
) -> None:
    path = _jsonl(tmp_path / "big.jsonl", 9)
    whole = tmp_path / "whole"
    run_batch([str(path)], whole, settings, part_size=None)
    parts = tmp_path / "parts"
    summary = run_batch([str(path)], parts, settings, part_size=4)
    assert [s.articles for s in summary.shards] == [4, 4, 1]
    manifests = sorted((parts / "_manifests").glob("*.json"))
    assert len(manifests) == 3
    assert [json.loads(m.read_text())["part"]["first"] for m in manifests] == [1, 5, 9]
    for table in ("articles", "events", "mentions", "errors"):
        assert _rows(whole, table) == _rows(parts, table), table
    pool = tmp_path / "pool"
    run_batch([str(path)], pool, settings, part_size=4, workers=2)
    assert _rows(pool, "articles") == _rows(parts, "articles")


@pytest.mark.slow
def test_dask_tasks_take_the_parts_of_one_file(tmp_path: Path, settings: Settings) -> None:
    pytest.importorskip("distributed")
    path = _jsonl(tmp_path / "big.jsonl", 6)
    local = tmp_path / "local"
    run_batch([str(path)], local, settings, part_size=2)
    dask = tmp_path / "dask"
    summary = run_batch([str(path)], dask, settings, part_size=2, engine="dask", workers=2)
    assert len(summary.shards) == 3
    for table in ("articles", "events", "mentions"):
        assert _rows(local, table) == _rows(dask, table), table


@pytest.mark.slow
def test_one_big_file_killed_inside_and_resumed_redoes_only_unfinished_parts(
    tmp_path: Path,
) -> None:
    path = _jsonl(tmp_path / "big.jsonl", 12)
    out = tmp_path / "out"
    exe = Path(sys.executable).with_name("newsevents")
    cmd = [
        str(exe),
        "batch",
        str(path),
        "--out",
        str(out),
        "--typer",
        "lexicon",
        "--part-size",
        "2",
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    manifests = out / "_manifests"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list(manifests.glob("*.json"))) < 2:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = {m.name: m.stat().st_mtime_ns for m in manifests.glob("*.json")}
    assert 2 <= len(kept) < 6
    subprocess.run([*cmd, "--resume"], check=True, capture_output=True)
    after = {m.name: m.stat().st_mtime_ns for m in manifests.glob("*.json")}
    assert len(after) == 6
    assert all(after[name] == mtime for name, mtime in kept.items())  # kept, not redone
    _, rows = query(out, "SELECT count(*), count(DISTINCT source) FROM articles_all")
    assert rows == [(12, 12)]
