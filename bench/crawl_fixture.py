"""A crawl of the fixture news site (tests/fixtures/crawl/site) on 127.0.0.1, reported.

Starts the tests' fixture server (a home page, an RSS feed, a sitemap index and sitemap,
six short articles, a robots.txt forbidding /private/, a page that answers 429 once, a
redirect loop and a 3 MB page) and prints, from the crawl summary and the server's
request log:

1. discovery: article URLs per source (feed, sitemap, links) and URLs skipped by reason;
2. politeness: requests to /private/ (must be 0), the gaps between requests in the
   server's log and between request starts at the fetcher against --delay (a server
   time is late by the request's delivery, which shortens the next gap), the 429
   page's requests and the retries;
3. the errors table (the loop and the huge page with their reasons);
4. a re-run: URLs already in OUT, new URLs, article requests (must be 0);
5. kill and resume: a crawl in a child process killed with SIGKILL after its first
   finished shard, then resumed: articles before and after, duplicates (must be 0);
6. cost of the crawl stage without the politeness waits (delay 0): discovery and
   fetching + HTML reading per article page, in milliseconds (wall and CPU; the server
   is another process).

Run: .venv/bin/python bench/crawl_fixture.py [--delay 0.2]
"""

from __future__ import annotations

import argparse
import itertools
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "crawl"))

from fixture_site import ARTICLES, BUSY, FORBIDDEN, FixtureSite  # noqa: E402

from extract import Settings  # noqa: E402
from extract.batch import query  # noqa: E402
from extract.crawl import CrawlOptions, PoliteFetcher, crawl, discover, polite  # noqa: E402
from extract.ingest.sources import ReadOptions, read_url  # noqa: E402

CAP = 500_000
CHILD = """
from extract import Settings
from extract.crawl import CrawlOptions, crawl
crawl([{seed!r}], {out!r}, Settings(allow_private_urls=True, fetch_max_bytes={cap},
      event_typer="lexicon"), CrawlOptions(delay={delay}, links=True, pages_per_shard=2,
      backoff=0.05, max_wait=0.3))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--delay", type=float, default=0.2)
    args = ap.parse_args()
    settings = Settings(allow_private_urls=True, fetch_max_bytes=CAP, event_typer="lexicon")
    options = CrawlOptions(delay=args.delay, links=True, backoff=0.05, max_wait=0.3)
    tmp = Path(tempfile.mkdtemp(prefix="crawl-fixture-"))

    # the client's side of the delay: when each request was let go (after its wait)
    starts: list[float] = []
    wait_turn = polite.PoliteFetcher._wait_turn

    def timed(self: PoliteFetcher, url: str) -> None:
        wait_turn(self, url)
        starts.append(time.monotonic())

    polite.PoliteFetcher._wait_turn = timed  # type: ignore[method-assign]
    site = FixtureSite().start()
    out = tmp / "out"
    summary = crawl([site.base + "/"], out, settings, options)
    d = summary.discovery
    print("1. discovery")
    print(f"   article URLs per source: {d.per_source}; unique: {len(d.found)}")
    for reason, urls in sorted(d.skipped.items()):
        paths = ", ".join("/" + u.split("/", 3)[3] if u.startswith(site.base) else u for u in urls)
        print(f"   skipped {reason}: {len(urls)} ({paths})")
    polite.PoliteFetcher._wait_turn = wait_turn  # type: ignore[method-assign]
    log = site.log
    times = [t for t, _, _ in log]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    sent = [b - a for a, b in itertools.pairwise(starts)]
    latency = [t - s for t, s in zip(times, starts, strict=True)]
    print("2. politeness")
    print(
        f"   requests: {len(site.log)}; to {FORBIDDEN}: {sum(p.startswith(FORBIDDEN) for _, p, _ in site.log)}"
    )
    print(
        f"   gaps between requests in the server's log: min {min(gaps):.3f} s, median "
        f"{statistics.median(gaps):.3f} s (delay {args.delay} s)"
    )
    print(
        f"   gaps between request starts at the fetcher: min {min(sent):.3f} s, median "
        f"{statistics.median(sent):.3f} s; start -> server log: median "
        f"{statistics.median(latency) * 1000:.0f} ms, max {max(latency) * 1000:.0f} ms"
    )
    print(f"   user agents: {sorted({ua for _, _, ua in site.log})}")
    print(f"   {BUSY}: requested {site.requested(BUSY)} times; retries {summary.stats.retries}")
    _, rows = query(out, "SELECT source FROM articles")
    print(f"   articles: {len(rows)} of {len(ARTICLES)} on the site")
    print("3. errors table")
    _, errors = query(out, "SELECT source, reason, message FROM errors ORDER BY source")
    for source, reason, message in errors:
        print(f"   {'/' + source.split('/', 3)[3]}: {reason}: {message.replace(site.base, '')}")
    asked = len(site.log)
    again = crawl([site.base + "/"], out, settings, options)
    news = [p for _, p, _ in site.log[asked:] if p.startswith("/news/")]
    print("4. re-run")
    print(f"   already in OUT: {again.known}, new: {again.planned}, article requests: {len(news)}")
    site.stop()

    site = FixtureSite().start()
    out = tmp / "killed"
    code = CHILD.format(seed=site.base + "/", out=str(out), cap=CAP, delay=max(args.delay, 0.3))
    child = subprocess.Popen([sys.executable, "-c", code])
    while child.poll() is None:
        if list((out / "_manifests").glob("*.json")) if out.exists() else []:
            break
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    _, before = query(out, "SELECT source FROM articles_all")
    fetched = sum(p.startswith("/news/") for _, p, _ in site.log)
    resumed = crawl([site.base + "/"], out, settings, options)
    _, after = query(out, "SELECT source FROM articles_all")
    sources = [r[0] for r in after]
    print("5. kill and resume")
    print(
        f"   killed after {fetched} article requests with {len(before)} articles in finished "
        f"shards; resume: {resumed.planned} new URLs, "
        f"{sum(not s.skipped for s in resumed.batch.shards)} shards run, "
        f"{sum(s.skipped for s in resumed.batch.shards)} kept"
    )
    print(
        f"   after: {len(sources)} articles, {len(set(sources))} distinct, "
        f"{len(sources) - len(set(sources))} duplicates, "
        f"missing {sorted(set(ARTICLES) - {'/' + s.split('/', 3)[3] for s in sources})}"
    )
    site.stop()

    site = FixtureSite().start()
    fast = CrawlOptions(delay=0.0, links=True, backoff=0.0, max_wait=0.0)
    fetcher = PoliteFetcher(settings, fast)
    started = time.perf_counter()
    found = discover([site.base + "/"], fetcher, fast)
    t_discover = time.perf_counter() - started
    pages = [site.base + p for p in ARTICLES]
    read_options = ReadOptions(published=None, settings=settings)
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(5):
        for url in pages:
            list(read_url(url, read_options, fetcher.fetch))
    per_page = (time.perf_counter() - started) / (5 * len(pages))
    cpu_per_page = (time.process_time() - cpu) / (5 * len(pages))
    print("6. cost without waits")
    print(
        f"   discovery: {t_discover * 1000:.1f} ms ({len(found.found)} URLs, 5 requests); "
        f"fetch + HTML reading: {per_page * 1000:.1f} ms per article page "
        f"({cpu_per_page * 1000:.1f} ms of CPU in the crawling process)"
    )
    site.stop()


if __name__ == "__main__":
    main()
