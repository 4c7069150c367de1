"""`newsevents crawl` against a fixture news site on 127.0.0.1: discovery per source,
robots.txt, the per-host delay, 429 retried, loop and huge page refused, idempotent
re-runs, and a crawl killed with SIGKILL and resumed ending with every article once."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fixture_site import ARTICLES, BUSY, FORBIDDEN, HUGE, LOOP, FixtureSite

from extract import Settings
from extract.batch import query
from extract.crawl import CrawlOptions, CrawlSummary, PoliteFetcher, article_like, crawl, discover

DELAY = 0.2
CAP = 500_000


def _settings(cache: Path) -> Settings:
    # allow_private_urls for the fixture server only: every test here talks to it alone
    return Settings(
        allow_private_urls=True,
        fetch_max_bytes=CAP,
        event_typer="lexicon",
        cache_dir=str(cache),
    )


def _options(**kw: object) -> CrawlOptions:
    base = {"delay": DELAY, "links": True, "backoff": 0.05, "max_wait": 0.3}
    return CrawlOptions(**{**base, **kw, "pages_per_shard": kw.get("pages_per_shard", 3)})


@pytest.fixture
def site() -> Iterator[FixtureSite]:
    s = FixtureSite().start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="session")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cache")


def _paths(urls: list[str]) -> list[str]:
    return sorted("/" + u.split("/", 3)[3] for u in urls)


def test_discovery_finds_articles_in_feed_sitemap_and_links(site: FixtureSite) -> None:
    options = _options()
    fetcher = PoliteFetcher(Settings(allow_private_urls=True), options)
    found = discover([site.base + "/"], fetcher, options)
    assert found.per_source == {"feed": 4, "sitemap": 6, "links": 2}
    assert _paths([f.url for f in found.found]) == sorted([*ARTICLES, LOOP, HUGE])
    assert found.feeds == [site.base + "/feed.xml"]
    assert found.sitemaps == [site.base + "/sitemap_index.xml", site.base + "/sitemap-news.xml"]
    assert _paths(found.skipped["robots"]) == ["/private/leaked-memo.html"]
    assert found.skipped["off_host"] == ["https://example.org/elsewhere.html"]
    assert _paths(found.skipped["not_article"]) == ["/", "/contact", "/tag/harbour/"]
    assert not any(p.startswith(FORBIDDEN) for _, p, _ in site.log)


def test_a_feed_or_a_sitemap_is_a_seed_of_its_own(site: FixtureSite) -> None:
    options = _options()
    fetcher = PoliteFetcher(Settings(allow_private_urls=True), options)
    found = discover([site.base + "/feed.xml", site.base + "/sitemap-news.xml"], fetcher, options)
    assert found.per_source == {"feed": 4, "sitemap": 6, "links": 0}
    assert found.found[0].published == dt.date(2026, 11, 24)  # the feed's pubDate


def test_since_drops_articles_the_feed_dates_earlier_before_fetching(site: FixtureSite) -> None:
    options = _options(since=dt.date(2026, 11, 1))
    fetcher = PoliteFetcher(Settings(allow_private_urls=True), options)
    found = discover([site.base + "/"], fetcher, options)
    assert _paths(found.skipped["before_since"]) == ["/news/2026/10/council-budget-vote.html"]
    assert "/news/2026/10/council-budget-vote.html" not in _paths([f.url for f in found.found])


def test_private_site_is_refused_without_allow_private_urls(site: FixtureSite) -> None:
    fetcher = PoliteFetcher(Settings(), _options())
    found = discover([site.base + "/"], fetcher)
    assert found.found == []
    assert found.errors[0].reason == "unsafe_url"
    assert site.log == []


@pytest.mark.slow
def test_fixture_crawl_end_to_end(site: FixtureSite, cache: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    summary = crawl([site.base + "/"], out, _settings(cache), _options())
    _, rows = query(out, "SELECT source, title, published FROM articles")
    assert _paths([r[0] for r in rows]) == ARTICLES  # every article, once
    assert summary.planned == 8
    # robots.txt: the forbidden path was never asked for
    assert not any(p.startswith(FORBIDDEN) for _, p, _ in site.log)
    # politeness: one user agent, starts of requests to the host at least DELAY apart
    assert {ua for _, _, ua in site.log} == {CrawlOptions().user_agent}
    times = [t for t, _, _ in site.log]
    gaps = sorted(b - a for a, b in itertools.pairwise(times))
    # the server logs a request when its process gets to it: on a loaded machine a time
    # can be late by tens of milliseconds, shortening the next gap; without the delay
    # the gaps would be a few milliseconds
    assert gaps[0] >= DELAY * 0.5
    assert gaps[len(gaps) // 2] >= DELAY * 0.95
    # the 429 was retried once and the article kept
    assert site.requested(BUSY) == 2
    assert summary.stats.retried == [site.base + BUSY]
    # the loop and the huge page are error rows with their reasons
    _, errors = query(out, "SELECT source, reason, message FROM errors ORDER BY reason")
    by_path = {"/" + s.split("/", 3)[3]: (reason, msg) for s, reason, msg in errors}
    assert by_path[LOOP][0] == "redirect_loop" and "loop-b.html" in by_path[LOOP][1]
    assert by_path[HUGE][0] == "too_large" and f"limit {CAP}" in by_path[HUGE][1]
    assert len(errors) == 2
    # a second run fetches no article again
    asked = len(site.log)
    again = crawl([site.base + "/"], out, _settings(cache), _options())
    assert (again.known, again.planned) == (8, 0)
    assert all(s.skipped for s in again.batch.shards)
    assert not [p for _, p, _ in site.log[asked:] if p.startswith("/news/")]


_CHILD = """
import sys
from extract import Settings
from extract.crawl import CrawlOptions, crawl
settings = Settings(allow_private_urls=True, fetch_max_bytes={cap}, event_typer="lexicon",
                    cache_dir={cache!r})
options = CrawlOptions(delay={delay}, links=True, backoff=0.05, max_wait=0.3, pages_per_shard=2)
crawl([{seed!r}], {out!r}, settings, options)
"""


def _finished_articles(out: Path) -> list[str]:
    _, rows = query(out, "SELECT source FROM articles_all")
    return [r[0] for r in rows]


@pytest.mark.slow
def test_crawl_killed_mid_run_and_resumed_has_every_article_once(
    site: FixtureSite, cache: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    code = _CHILD.format(cap=CAP, cache=str(cache), delay=0.4, seed=site.base + "/", out=str(out))
    child = subprocess.Popen([sys.executable, "-c", code], env=os.environ.copy())
    try:
        # kill it once it has fetched some articles and finished at least one shard
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None:
            manifests = list((out / "_manifests").glob("*.json")) if out.exists() else []
            if manifests and sum(p.startswith("/news/") for _, p, _ in site.log) >= 3:
                break
            time.sleep(0.05)
        assert child.poll() is None, "the crawl ended before it could be killed"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    before = len(_finished_articles(out))
    assert 0 < before < len(ARTICLES)
    summary: CrawlSummary = crawl([site.base + "/"], out, _settings(cache), _options(delay=0.01))
    assert summary.planned == 0  # every URL was planned by the killed run
    sources = _finished_articles(out)
    assert sorted(_paths(sources)) == ARTICLES  # no loss, no duplicate
    assert len(sources) == len(set(sources))


@pytest.mark.parametrize(
    ("url", "article"),
    [
        ("https://news.example/2026/11/24/dock-strike-ends", True),
        ("https://news.example/world/dock-strike-ends.html?id=7", True),
        ("https://news.example/dock-strike-ends", True),
        ("https://news.example/story?id=7", True),
        ("https://news.example/", False),
        ("https://news.example/world/", False),
        ("https://news.example/sport", False),
        ("https://news.example/index.html", False),
        ("https://news.example/tag/harbour/", False),
        ("https://news.example/category/world/", False),
        ("https://news.example/author/jane-doe/", False),
        ("https://news.example/contact", False),
        ("https://news.example/feed", False),
        ("https://news.example/photos/crane.jpg", False),
        ("https://news.example/report.pdf", False),
        ("ftp://news.example/2026/story.html", False),
    ],
)
def test_article_like_urls(url: str, article: bool) -> None:
    assert article_like(url) is article


@pytest.mark.slow
def test_cli_crawl_prints_what_it_found_and_ran(site: FixtureSite, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from extract.cli import app

    out = tmp_path / "out"
    args = ["crawl", site.base + "/feed.xml", "--out", str(out), "--delay", "0.05"]
    args += ["--typer", "lexicon", "--since", "2026-11-01", "--allow-private-urls"]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "found 3 article URLs (feed 3, sitemap 0, links 0)" in res.output
    assert "before_since 1" in res.output
    assert "3 articles" in res.output
    refused = CliRunner().invoke(app, ["crawl", site.base + "/", "--out", str(out)])
    assert "unsafe_url" in refused.output or "non-public address" in refused.output
