"""Reading archives (Parquet, CSV, JSONL) against the pipeline, in one run.

Corpus: the articles of bench/batch_throughput.py (recombined from our own), written as
a cc_news-style Parquet file (title, text, domain, date, description, url, image_url;
row groups of --row-group rows), and its first rows as CSV and JSONL. Measures, each in
a fresh process:

1. reading alone (``iter_articles``: the rows become validated ``Article`` objects,
   language check and dates included): seconds, microseconds per article and peak RSS,
   for Parquet at each of --sizes rows (flat memory: RSS at the largest size against
   the smallest) and for CSV and JSONL at the smallest size;
2. the pipeline alone (``Extractor.process_articles`` on --pipeline-articles of the same
   articles, model loading excluded): seconds per article;
3. the share of reading in a batch: read time per article / (read + pipeline) per
   article.

Run: .venv/bin/python bench/read_archives.py [--sizes 10000 100000] [--pipeline-articles 300]
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = Path(os.environ.get("NEWSEVENTS_BENCH_DIR", "/tmp/newsevents-bench")) / "read"
DATES = ["2016-11-23 16:58:00", "Wed Nov 23, 2016 | 4:58pm EST", "Dec 17, 2016 8:46 AM ET", ""]


def _corpus(n: int) -> list[dict[str, str]]:
    spec = importlib.util.spec_from_file_location("bt", ROOT / "bench" / "batch_throughput.py")
    assert spec is not None and spec.loader is not None
    bt = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bt)
    recs: list[dict[str, str]] = bt.corpus(n)
    return recs


def _row(i: int, r: dict[str, str]) -> dict[str, str | None]:
    return {
        "title": f"Bench article {i}",
        "text": r["text"],
        "domain": "bench.example.org",
        "date": r.get("published") or DATES[i % len(DATES)],
        "description": r["text"][:120],
        "url": r["url"],
        "image_url": None,
    }


def write_files(sizes: list[int], row_group: int) -> dict[str, Path]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    WORK.mkdir(parents=True, exist_ok=True)
    biggest = max(sizes)
    base = _corpus(min(biggest, 5000))  # rows repeat the 5,000 recombined articles
    paths: dict[str, Path] = {}
    for n in sizes:
        path = WORK / f"cc_news-{n}.parquet"
        paths[f"parquet-{n}"] = path
        if path.exists():
            continue
        writer = None
        for k in range(0, n, row_group):
            rows = [_row(i, base[i % len(base)]) for i in range(k, min(n, k + row_group))]
            table = pa.Table.from_pylist(rows)
            writer = writer or pq.ParquetWriter(path, table.schema, compression="snappy")
            writer.write_table(table)
        assert writer is not None
        writer.close()
    small = min(sizes)
    rows = [_row(i, base[i % len(base)]) for i in range(small)]
    paths["csv"] = WORK / f"export-{small}.csv"
    with paths["csv"].open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    paths["jsonl"] = WORK / f"dump-{small}.jsonl"
    with paths["jsonl"].open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    return paths


READ = """
import resource, sys, time
from extract.ingest.sources import iter_articles
from extract.records import Article
t = time.perf_counter()
n = bad = 0
for _, a in iter_articles(sys.argv[1]):
    n += 1
    bad += not isinstance(a, Article)
print(time.perf_counter() - t, n, bad, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

PIPELINE = """
import itertools, sys, time
from extract import Extractor, Settings
from extract.ingest.sources import iter_articles
from extract.records import Article
n = int(sys.argv[2])
arts = [a for _, a in itertools.islice(iter_articles(sys.argv[1]), n) if isinstance(a, Article)]
ex = Extractor(Settings(event_typer=sys.argv[3]))
list(ex.process_articles(arts[:64]))  # warm up: lazy tables, first batch
t = time.perf_counter()
list(ex.process_articles(arts))
print(time.perf_counter() - t, len(arts))
"""


def _run(code: str, *args: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
    )
    return out.stdout.split()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    ap.add_argument("--row-group", type=int, default=5_000)
    ap.add_argument("--pipeline-articles", type=int, default=300)
    ap.add_argument("--typer", default="combined")
    args = ap.parse_args()
    paths = write_files(args.sizes, args.row_group)
    print(
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; Parquet row groups of {args.row_group} rows\n"
    )
    print("| input | rows | read s | us per article | errors | peak RSS MiB |")
    print("|---|---|---|---|---|---|")
    per_article: dict[str, float] = {}
    rss: dict[int, float] = {}
    runs = [(f"parquet-{n}", n) for n in sorted(args.sizes)]
    runs += [("csv", min(args.sizes)), ("jsonl", min(args.sizes))]
    for key, n in runs:
        seconds, count, bad, kib = _run(READ, str(paths[key]))
        per_article[key] = float(seconds) / int(count)
        if key.startswith("parquet"):
            rss[n] = int(kib) / 1024
        print(
            f"| {key.split('-')[0]} | {count} | {float(seconds):.1f} | "
            f"{per_article[key] * 1e6:.0f} | {bad} | {int(kib) / 1024:.0f} |"
        )
    lo, hi = min(args.sizes), max(args.sizes)
    print(f"\nPeak RSS reading {hi} rows vs {lo} rows: {rss[hi] / rss[lo] - 1:+.1%}")
    seconds, count = _run(
        PIPELINE, str(paths[f"parquet-{lo}"]), str(args.pipeline_articles), args.typer
    )
    pipe = float(seconds) / int(count)
    print(
        f"Pipeline ({args.typer} typer, {count} articles, model load excluded): "
        f"{pipe * 1e3:.1f} ms per article"
    )
    for key in per_article:
        share = per_article[key] / (per_article[key] + pipe)
        print(f"Reading share of batch time, {key}: {share:.2%}")


if __name__ == "__main__":
    main()
