"""Collecting news the way researchers do: a site's feeds and sitemaps, fetched
politely (robots.txt, a per-host delay, retries), into the batch tables.

``discover`` (seeds -> article URLs, with trafilatura's feed and sitemap readers),
``polite`` (the fetcher), ``run`` (a crawl as a resumable batch run).
"""

from extract.crawl.discover import Discovery, Found, article_like, discover
from extract.crawl.options import CrawlOptions
from extract.crawl.polite import FetchStats, PoliteFetcher
from extract.crawl.run import CrawlSummary, crawl, known_urls

__all__ = [
    "CrawlOptions",
    "CrawlSummary",
    "Discovery",
    "FetchStats",
    "Found",
    "PoliteFetcher",
    "article_like",
    "crawl",
    "discover",
    "known_urls",
]
