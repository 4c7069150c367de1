"""Discovery without a network: feeds and sitemaps answered by a fake fetch_url."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest

from extract.config import Settings
from extract.crawl import CrawlOptions, PoliteFetcher, discover, polite
from extract.crawl.discover import feed_site, listed_dates
from extract.errors import HTTPStatusError
from extract.ingest.fetch import FetchedPage

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>World news</title>
  <link rel="self" href="https://feeds.gazette.example/world.atom"/>
  <link rel="alternate" href="https://www.gazette.example/world/"/>
  <entry>
    <title>Ceasefire talks resume</title>
    <link rel="alternate" href="https://www.gazette.example/world/2026/11/ceasefire-talks"/>
    <published>2026-11-20T09:00:00Z</published>
  </entry>
  <entry>
    <title>Elsewhere</title>
    <link rel="alternate" href="https://other.example/world/2026/11/elsewhere"/>
    <updated>2026-11-19T09:00:00Z</updated>
  </entry>
</feed>
"""


def _fake(pages: dict[str, str]) -> Callable[..., FetchedPage]:
    def fetch(
        url: str,
        settings: Settings,
        *,
        user_agent: str,
        before_request: Callable[[str], None] | None = None,
    ) -> FetchedPage:
        if url not in pages:
            raise HTTPStatusError("HTTP status 404", status=404)
        return FetchedPage(url, url, 200, "application/xml", pages[url].encode())

    return fetch


def test_feed_seed_speaks_for_the_site_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    seed = "https://feeds.gazette.example/world.atom"
    monkeypatch.setattr(polite, "fetch_url", _fake({seed: ATOM}))
    options = CrawlOptions(delay=0)
    found = discover([seed], PoliteFetcher(Settings(), options), options)
    assert [f.url for f in found.found] == [
        "https://www.gazette.example/world/2026/11/ceasefire-talks"
    ]
    assert found.found[0].published == dt.date(2026, 11, 20)
    assert found.skipped["off_host"] == ["https://other.example/world/2026/11/elsewhere"]


def test_feed_site_and_dates_are_read_from_rss_and_atom() -> None:
    rss = (
        "<rss><channel><link>https://www.gazette.example/</link><item>"
        "<link>https://www.gazette.example/a</link>"
        "<pubDate>Tue, 24 Nov 2026 07:30:00 GMT</pubDate></item></channel></rss>"
    )
    assert feed_site(rss) == "https://www.gazette.example/"
    assert feed_site(ATOM) == "https://www.gazette.example/world/"
    assert listed_dates(rss, "https://www.gazette.example/rss") == {
        "https://www.gazette.example/a": dt.date(2026, 11, 24)
    }


def test_sitemap_lastmod_and_news_date_are_read() -> None:
    sitemap = """<?xml version="1.0"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url><loc>https://www.gazette.example/a</loc><lastmod>2026-11-02</lastmod></url>
  <url><loc>https://www.gazette.example/b</loc>
    <news:news><news:publication_date>2026-11-03T08:00:00+01:00</news:publication_date>
    </news:news><lastmod>2026-11-30</lastmod></url>
  <url><loc>https://www.gazette.example/c</loc></url>
</urlset>"""
    assert listed_dates(sitemap, "https://www.gazette.example/sitemap.xml") == {
        "https://www.gazette.example/a": dt.date(2026, 11, 2),
        "https://www.gazette.example/b": dt.date(2026, 11, 3),
    }


def test_known_urls_are_planned_or_read_less_failures_worth_a_retry(tmp_path: Path) -> None:
    import json

    from extract.crawl import known_urls

    plan = tmp_path / "_crawl" / "crawl-20261124T000000-0000.urls"
    plan.parent.mkdir()
    plan.write_text(
        "# a plan\nhttps://www.gazette.example/a\nhttps://www.gazette.example/b\n"
        "https://www.gazette.example/c\n",
        encoding="utf-8",
    )
    (tmp_path / "errors").mkdir()
    rows = [
        {"source": "https://www.gazette.example/b", "reason": "fetch_failed"},  # a 503
        {"source": "https://www.gazette.example/c", "reason": "redirect_loop"},
    ]
    (tmp_path / "errors" / "s.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8"
    )
    (tmp_path / "_manifests").mkdir()
    manifest = {"inputs": [str(plan)], "files": {"errors.jsonl": "errors/s.jsonl"}}
    (tmp_path / "_manifests" / "s.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert known_urls(tmp_path) == {
        "https://gazette.example/a",
        "https://gazette.example/c",
    }
