"""From seeds (home pages, feeds, sitemaps) to the article URLs of a site.

trafilatura does the reading: :func:`trafilatura.feeds.find_links` reads RSS, Atom
and JSON feeds, :func:`trafilatura.feeds.determine_feed` finds the feeds a home page
announces, :class:`trafilatura.sitemaps.SitemapObject` reads XML and text sitemaps
and sitemap indexes, :func:`trafilatura.sitemaps.extract_robots_sitemaps` the
``Sitemap:`` lines of robots.txt. Every download goes through the crawl's
:class:`~extract.crawl.polite.PoliteFetcher` instead of trafilatura's own, so robots.txt,
the per-host delay, the size cap and the private-address refusal hold for them too.

Our part is the filter, the same for every host (courlan's own host checks, which
trafilatura applies, refuse IP addresses and hosts without a dot, so they are not used):
an article URL is http(s), on the seed's host (``www.`` aside; for a feed named as a
seed, also on the host of the site the feed names as its own, as feeds.example.net
speaks for www.example.com), and looks like an article page by courlan's path filters
(no home, index, section, tag, category, author, login or feed page, no file of
another type than HTML). Feed and sitemap dates (``pubDate``, ``published``/``updated``,
``news:publication_date``, ``lastmod``) are kept so ``since`` can drop old articles
before they are fetched.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import gzip
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from courlan.filters import extension_filter, is_navigation_page, path_filter, type_filter
from lxml import etree, html
from trafilatura.feeds import FeedParameters, determine_feed, find_links, is_potential_feed
from trafilatura.sitemaps import DETECT_SITEMAP_LINK, SitemapObject, extract_robots_sitemaps

from extract.crawl.options import CrawlOptions
from extract.crawl.polite import PoliteFetcher
from extract.errors import FetchError, NewsEventsError
from extract.ingest.fetch import FetchedPage

SOURCES = ("feed", "sitemap", "links")
"""Where an article URL was found."""

_SITEMAP_OPENING = ("<urlset", "<sitemapindex")
_SITEMAP_GUESS = "/sitemap.xml"
_SLUG = re.compile(r"[-_.\d]")  # a one-segment article path has a slug or an id, a section not


@dataclass
class Found:
    """One article URL: where it was found first and the date given there, if any."""

    url: str
    source: str  # one of SOURCES
    via: str  # the feed, sitemap or page that listed it
    published: dt.date | None = None


@dataclass
class Discovery:
    """What the seeds led to."""

    found: list[Found] = field(default_factory=list)
    """Article URLs, unique, in the order found (feeds first, then sitemaps, links)."""
    per_source: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))
    """Article URLs each source listed (one URL listed by a feed and a sitemap counts
    in both)."""
    skipped: dict[str, list[str]] = field(default_factory=dict)
    """URLs left out, by reason: ``robots`` (robots.txt forbids them), ``off_host``,
    ``not_article``, ``before_since`` (the feed or sitemap dates them earlier)."""
    feeds: list[str] = field(default_factory=list)
    sitemaps: list[str] = field(default_factory=list)
    errors: list[NewsEventsError] = field(default_factory=list)
    """Seeds, feeds and sitemaps that could not be fetched (``source`` is the URL)."""

    def skip(self, reason: str, url: str) -> None:
        urls = self.skipped.setdefault(reason, [])
        if url not in urls:
            urls.append(url)


def _host(url: str) -> str:
    parts = urlsplit(url)
    return parts.netloc.lower().removeprefix("www.")


def article_like(url: str) -> bool:
    """True for a URL that looks like an article page: courlan's path filters, and not
    a section (one path segment of a plain word: ``/world/``, ``/sport``)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or not segments:
        return False
    if len(segments) == 1 and not _SLUG.search(segments[0]) and not parts.query:
        return False
    return (
        extension_filter(parts.path)
        and type_filter(url, strict=True)
        and path_filter(parts.path, parts.query)
        and not is_navigation_page(url)
    )


def _date(value: str | None) -> dt.date | None:
    """A feed or sitemap date: ISO 8601 (``2024-05-02``, ``2024-05-02T10:00:00Z``) or
    RFC 822 (``Thu, 02 May 2024 10:00:00 GMT``); None when it is neither."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        pass
    try:
        return email.utils.parsedate_to_datetime(value).date()
    except (TypeError, ValueError, IndexError):
        return None


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def listed_dates(content: str, base: str) -> dict[str, dt.date]:
    """The date each item of a feed or sitemap gives its URL (absolute)."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True, huge_tree=False)
    try:
        root = etree.fromstring(content.encode("utf-8"), parser)
    except etree.XMLSyntaxError:
        return {}
    dates: dict[str, dt.date] = {}
    if root is None:
        return dates
    for item in root.iter():
        if _local(item.tag) not in ("item", "entry", "url"):
            continue
        link = None
        when: dt.date | None = None
        for child in item.iter():
            name = _local(child.tag)
            if name in ("link", "loc") and link is None:
                link = (child.get("href") or child.text or "").strip() or None
            elif name in ("pubdate", "published", "publication_date", "date") and when is None:
                when = _date(child.text)
            elif name in ("updated", "lastmod"):
                when = when or _date(child.text)
        if link and when:
            dates[urljoin(base, link)] = when
    return dates


def feed_site(content: str) -> str | None:
    """The site a feed names as its own: RSS ``<channel><link>``, Atom ``<feed><link
    rel="alternate">``; None when it names none."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    try:
        root = etree.fromstring(content.encode("utf-8"), parser)
    except etree.XMLSyntaxError:
        return None
    if root is None:
        return None
    parent = next((c for c in root if _local(c.tag) == "channel"), root)
    for child in parent:
        if _local(child.tag) == "link" and child.get("rel", "alternate") == "alternate":
            link = (child.get("href") or child.text or "").strip()
            if link:
                return link
    return None


def _text(page: FetchedPage, limit: int) -> str:
    body = page.body
    if body[:2] == b"\x1f\x8b":  # a .xml.gz sitemap, gzip as a file, not as an encoding
        try:
            body = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(body, limit)
        except (zlib.error, gzip.BadGzipFile) as exc:
            raise FetchError(f"corrupt gzip file: {exc}", source=page.url) from exc
    return body.decode(page.charset or "utf-8", errors="replace")


def _kind(text: str) -> str:
    head = text.lstrip()[:1000].lower()
    if any(opening in head for opening in _SITEMAP_OPENING):
        return "sitemap"
    if is_potential_feed(text.lstrip()) or head.startswith("{"):
        return "feed"
    return "page"


class _Sitemap(SitemapObject):
    """trafilatura's sitemap reader, with our host filter (courlan's domain check
    refuses IP addresses and dotless hosts)."""

    def handle_link(self, link: str) -> None:
        link = urljoin(self.current_url, link.strip())
        if DETECT_SITEMAP_LINK.search(link):
            self.sitemap_urls.append(link)
        else:
            self.urls.append(link)


class _Discoverer:
    def __init__(self, fetcher: PoliteFetcher, options: CrawlOptions) -> None:
        self.fetcher = fetcher
        self.options = options
        self.out = Discovery()
        self.listed: set[tuple[str, str]] = set()  # (url, source)
        self.seen: set[str] = set()
        self.limit = fetcher.settings.fetch_max_bytes
        self.site_host: dict[str, str] = {}  # a feed -> the host of the site it names

    def get(self, url: str) -> str | None:
        try:
            return _text(self.fetcher.fetch(url), self.limit)
        except NewsEventsError as exc:
            exc.source = url
            self.out.errors.append(exc)
            return None

    def add(self, url: str, source: str, via: str, seed: str, when: dt.date | None) -> None:
        url = url.split("#", 1)[0]
        if _host(url) not in (_host(seed), self.site_host.get(via)):
            self.out.skip("off_host", url)
            return
        if not article_like(url):
            self.out.skip("not_article", url)
            return
        if not self.fetcher.allowed(url):
            self.out.skip("robots", url)
            return
        since = self.options.since
        if since is not None and when is not None and when < since:
            self.out.skip("before_since", url)
            return
        if (url, source) in self.listed:
            return
        self.listed.add((url, source))
        self.out.per_source[source] += 1
        if url not in self.seen:
            self.seen.add(url)
            self.out.found.append(Found(url, source, via, when))

    def feed(self, url: str, seed: str, text: str | None = None) -> None:
        if url in self.out.feeds:
            return
        self.out.feeds.append(url)
        text = text if text is not None else self.get(url)
        if not text:
            return
        base = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        params = FeedParameters(base, _host(url), url)
        dates = listed_dates(text, url)
        site = feed_site(text)
        if site is not None and url == seed:
            # a feed named as a seed speaks for the site it names (feeds.example.net for
            # www.example.com); a feed found on a page stays on that page's host
            self.site_host[url] = _host(urljoin(url, site))
        for link in find_links(text.strip(), params):
            absolute = urljoin(url, link.strip())
            self.add(absolute, "feed", url, seed, dates.get(absolute))

    def sitemaps(self, queue: list[str], seed: str, first: str | None = None) -> None:
        base = "{0.scheme}://{0.netloc}".format(urlsplit(seed))
        reader = _Sitemap(base, _host(seed), [])
        pending = list(queue)
        read = 0
        while pending and read < self.options.max_sitemaps:
            url = pending.pop(0)
            if url in self.out.sitemaps:
                continue
            self.out.sitemaps.append(url)
            text = first if (first is not None and read == 0) else self.get(url)
            read += 1
            if not text:
                continue
            reader.current_url, reader.content = url, text
            reader.urls, reader.sitemap_urls = [], []
            reader.process()
            dates = listed_dates(text, url)
            for link in reader.urls:
                self.add(link, "sitemap", url, seed, dates.get(link))
            pending.extend(s for s in reader.sitemap_urls if s not in self.out.sitemaps)

    def page(self, url: str, text: str) -> None:
        base = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        for feed in determine_feed(text, FeedParameters(base, _host(url), url)):
            if _host(feed) == _host(url):
                self.feed(feed, url)
        _, robots_text = self.fetcher.robots(url)
        listed = extract_robots_sitemaps(robots_text, base) if robots_text else []
        self.sitemaps(listed or [base + _SITEMAP_GUESS], url)
        if self.options.links:
            try:
                tree = html.fromstring(text)
            except (etree.ParserError, ValueError):
                return
            for href in tree.xpath("//a/@href"):
                self.add(urljoin(url, str(href).strip()), "links", url, url, None)

    def seed(self, url: str) -> None:
        text = self.get(url)
        if text is None:
            return
        kind = _kind(text)
        if kind == "feed":
            self.feed(url, url, text)
        elif kind == "sitemap":
            self.sitemaps([url], url, first=text)
        else:
            self.page(url, text)


def discover(
    seeds: list[str],
    fetcher: PoliteFetcher,
    options: CrawlOptions | None = None,
    *,
    on_seed: Callable[[str], None] | None = None,
) -> Discovery:
    """The article URLs the seeds lead to. A seed is a feed, a sitemap (or sitemap
    index), or a page (a home page): its feeds (``<link rel="alternate">``), its
    host's sitemaps (robots.txt ``Sitemap:`` lines, else ``/sitemap.xml``) and, with
    ``options.links``, its links to its own host. Never raises for a URL that fails:
    it is in ``errors``."""
    work = _Discoverer(fetcher, options or fetcher.options)
    for url in seeds:
        if on_seed is not None:
            on_seed(url)
        work.seed(url)
    return work.out
