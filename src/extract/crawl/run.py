"""A crawl as a batch run: discover, plan the new URLs as shards, fetch and extract.

The plan is data in the output folder: each shard's URLs are a ``.urls`` file under
``OUT/_crawl/`` (written atomically before any is fetched), planned by
:func:`extract.batch.shards.plan_shards` like any URL-list file, so a shard's id stays
the same until it is finished. A shard runs through :func:`extract.batch.run_shard`
(the same tables and manifests as ``newsevents batch``) with the polite fetcher as its
reader. Hence idempotence:

- a URL planned by an earlier crawl into OUT, or read as an article by any finished
  shard (``canonical_url`` or ``source``), is not planned again: a re-run fetches only
  what is new (a URL whose last attempt failed on the network or with a status, reason
  ``fetch_failed``, is tried again);
- a crawl killed at any moment (``kill -9``) and started again runs the shards without a
  manifest again, whole, and overwrites their tables: every article once.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extract.batch.runner import (
    BatchSummary,
    ShardResult,
    finished,
    read_manifests,
    run_shard,
    torch_threads_here,
)
from extract.batch.shards import Shard, plan_shards
from extract.batch.tables import canonical_url
from extract.config import Settings
from extract.crawl.discover import Discovery, discover
from extract.crawl.options import CrawlOptions
from extract.crawl.polite import FetchStats, PoliteFetcher
from extract.errors import BeforeSinceError, NewsEventsError
from extract.ingest.sources import ReadOptions, read_url
from extract.records import Article, ArticleResult, ErrorRecord

CRAWL_DIR = "_crawl"
RETRY_REASONS = frozenset({"fetch_failed", "timeout"})
"""Error reasons of a crawled URL that a later crawl tries again."""


@dataclass
class CrawlSummary:
    """What a crawl found, planned and ran."""

    discovery: Discovery
    known: int
    """Discovered URLs already in OUT (not fetched again)."""
    planned: int
    """New URLs planned by this run."""
    left: int
    """New URLs left for a next run by ``max_pages``."""
    batch: BatchSummary
    stats: FetchStats
    seconds: float


def _urls_in(path: Path) -> list[str]:
    return [
        line.strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


def _read_rows(out_dir: Path, file: str, columns: Sequence[str]) -> Iterator[dict[str, Any]]:
    path = out_dir / file
    if file.endswith(".parquet"):
        import pyarrow.parquet as pq

        yield from pq.read_table(path, columns=list(columns)).to_pylist()
    else:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                yield {c: row.get(c) for c in columns}


def known_urls(out_dir: Path) -> set[str]:
    """Canonical URLs OUT already has: planned by a crawl, or read as an article by a
    finished shard; less those whose crawl failed for a reason worth a retry."""
    planned: set[str] = set()
    crawl = out_dir / CRAWL_DIR
    if crawl.is_dir():
        for path in crawl.glob("*.urls"):
            planned.update(c for u in _urls_in(path) if (c := canonical_url(u)))
    articles: set[str] = set()
    retry: set[str] = set()
    for manifest in read_manifests(out_dir):
        files = manifest.get("files", {})
        tables_read: set[str] = set()  # one format of each table is enough
        for name, file in files.items():
            table = name.split(".", 1)[0]
            if table in tables_read or not (out_dir / file).is_file():
                continue
            tables_read.add(table)
            if table == "articles":
                for row in _read_rows(out_dir, file, ("source", "canonical_url")):
                    articles.update(c for u in row.values() if (c := canonical_url(u)))
            elif table == "errors" and any(
                f"{os.sep}{CRAWL_DIR}{os.sep}" in i for i in manifest.get("inputs", [])
            ):
                for row in _read_rows(out_dir, file, ("source", "reason")):
                    if row["reason"] in RETRY_REASONS and (c := canonical_url(row["source"])):
                        retry.add(c)
    return (planned - retry) | articles


def _write_plan(out_dir: Path, urls: list[str], per_shard: int, seeds: Sequence[str]) -> None:
    crawl = out_dir / CRAWL_DIR
    crawl.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S")
    header = f"# newsevents crawl {stamp} from {' '.join(seeds)}\n"
    for i in range(0, len(urls), per_shard):
        path = crawl / f"crawl-{stamp}-{i // per_shard:04d}.urls"
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(header + "".join(u + "\n" for u in urls[i : i + per_shard]), "utf-8")
        os.replace(tmp, path)


def crawl_reader(
    fetcher: PoliteFetcher, options: CrawlOptions
) -> Callable[[Shard, Settings], Iterator[tuple[str, Article | NewsEventsError]]]:
    """A shard reader (for :func:`run_shard`) that fetches the URLs of a crawl shard's
    ``.urls`` file with ``fetcher`` (``options.threads`` at once, results in order),
    all of them before the first is yielded; an article dated before ``options.since``
    becomes a ``before_since`` error."""

    def read(shard: Shard, settings: Settings) -> Iterator[tuple[str, Article | NewsEventsError]]:
        urls = _urls_in(Path(shard.inputs[0]))
        read_options = ReadOptions(published=None, settings=settings)

        def one(url: str) -> list[tuple[str, Article | NewsEventsError]]:
            return list(read_url(url, read_options, fetcher.fetch))

        # the shard's pages are all fetched, then extracted: a pipeline running beside
        # the fetching threads would hold the GIL and make request times uneven
        with ThreadPoolExecutor(options.threads) as pool:
            fetched = list(pool.map(one, urls))
        for results in fetched:
            for source, item in results:
                since = options.since
                if (
                    since is not None
                    and isinstance(item, Article)
                    and item.published is not None
                    and item.published < since
                ):
                    yield (
                        source,
                        BeforeSinceError(
                            f"published {item.published}, before {since}", source=source
                        ),
                    )
                    continue
                yield source, item

    return read


def crawl(
    seeds: Sequence[str],
    out_dir: Path,
    settings: Settings | None = None,
    options: CrawlOptions | None = None,
    *,
    formats: Sequence[str] = ("parquet",),
    time_limit: float | None = 60.0,
    fetcher: PoliteFetcher | None = None,
    on_seed: Callable[[str], None] | None = None,
    on_plan: Callable[[list[Shard]], None] | None = None,
    on_shard: Callable[[ShardResult], None] | None = None,
    on_article: Callable[[ArticleResult | ErrorRecord], None] | None = None,
) -> CrawlSummary:
    """Crawl ``seeds`` (home pages, feeds, sitemaps) into ``out_dir``: the articles
    they lead to, fetched politely and extracted into the batch tables. Re-running
    it fetches only what OUT does not have yet, and finishes what a killed run left.
    Never prints: progress goes to the callbacks.

    Raises:
        InputError: ``out_dir`` holds a crawl plan that cannot be read.
    """
    settings = settings or Settings()
    options = options or CrawlOptions()
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    fetcher = fetcher or PoliteFetcher(settings, options)
    discovery = discover(list(seeds), fetcher, options, on_seed=on_seed)
    known = known_urls(out_dir)
    new: list[str] = []
    n_known = 0
    for found in discovery.found:
        key = canonical_url(found.url)
        if key in known:
            n_known += 1
            continue
        if key is not None:
            known.add(key)
        new.append(found.url)
    cap = options.max_pages if options.max_pages is not None else len(new)
    planned, left = new[:cap], max(0, len(new) - cap)
    if planned:
        _write_plan(out_dir, planned, options.pages_per_shard, seeds)
    plan_files = sorted(str(p) for p in (out_dir / CRAWL_DIR).glob("*.urls"))
    shards = plan_shards(plan_files, part_size=None) if plan_files else []
    if on_plan is not None:
        on_plan(shards)
    reader = crawl_reader(fetcher, options)
    done: list[ShardResult] = []
    with torch_threads_here(settings):
        for shard in shards:
            result = finished(out_dir, shard)
            if result is None:
                result = run_shard(
                    shard,
                    out_dir,
                    settings,
                    formats=formats,
                    time_limit=time_limit,
                    on_article=on_article,
                    read=reader,
                )
            done.append(result)
            if on_shard is not None:
                on_shard(result)
    seconds = round(time.perf_counter() - started, 3)
    return CrawlSummary(
        discovery=discovery,
        known=n_known,
        planned=len(planned),
        left=left,
        batch=BatchSummary(done, seconds),
        stats=fetcher.stats,
        seconds=seconds,
    )
