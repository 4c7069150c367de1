"""A polite fetcher: robots.txt, a per-host delay and concurrency limit, retries.

Every request (redirect targets and robots.txt included) goes through
:func:`extract.ingest.fetch.fetch_url`, so the size cap, the timeout and the refusal of
private addresses hold for all of them; this module only decides *when* a request may
start and *whether* it may be made at all.

Per host, request starts are spaced by ``CrawlOptions.delay`` seconds (or the host's
robots.txt ``Crawl-delay`` when longer): a request waits under the host's lock until a
delay has passed since the last one started, so threads queue one after the other. At most
``per_host`` requests to one host are in flight at once. A 429 or 5xx answer, or a
network error, is retried after ``backoff`` seconds doubled each time, or the
``Retry-After`` seconds the server asked for.

robots.txt (RFC 9309): fetched once per host; a 4xx answer means no rules (everything
allowed) except 401/403 (everything forbidden, as :mod:`urllib.robotparser` reads it);
a server or network error after the retries means everything forbidden.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

from extract.config import Settings
from extract.crawl.options import CrawlOptions
from extract.errors import FetchError, HTTPStatusError, RobotsDisallowedError
from extract.ingest.fetch import FetchedPage, fetch_url

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_FORBID_ALL = ["User-agent: *", "Disallow: /"]


def host_key(url: str) -> str:
    """``scheme://host:port`` of ``url``, lower case: the unit of politeness."""
    parts = urlsplit(url)
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def _retryable(exc: FetchError) -> bool:
    if isinstance(exc, HTTPStatusError):
        return exc.status in RETRY_STATUSES
    return type(exc) is FetchError  # network errors and timeouts, not refusals or caps


@dataclass
class _Host:
    lock: threading.Lock = field(default_factory=threading.Lock)
    robots_lock: threading.Lock = field(default_factory=threading.Lock)
    next_start: float = 0.0
    slots: threading.BoundedSemaphore | None = None
    robots: RobotFileParser | None = None
    robots_text: str | None = None
    robots_note: str = ""


@dataclass
class FetchStats:
    """What the fetcher did: requests made (each redirect hop is one), retries and
    their URLs, URLs refused by robots.txt."""

    requests: int = 0
    retries: int = 0
    retried: list[str] = field(default_factory=list)
    robots_refused: list[str] = field(default_factory=list)


class PoliteFetcher:
    """Fetches URLs one host at a time, politely; safe to call from several threads.

    ``clock`` and ``sleep`` are :func:`time.monotonic` and :func:`time.sleep` unless a
    test passes others.
    """

    def __init__(
        self,
        settings: Settings,
        options: CrawlOptions | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.options = options or CrawlOptions()
        self.stats = FetchStats()
        self._clock = clock
        self._sleep = sleep
        self._hosts: dict[str, _Host] = {}
        self._lock = threading.Lock()

    def _host(self, key: str) -> _Host:
        with self._lock:
            host = self._hosts.get(key)
            if host is None:
                host = self._hosts[key] = _Host(
                    slots=threading.BoundedSemaphore(self.options.per_host)
                )
            return host

    def _delay(self, host: _Host) -> float:
        delay = self.options.delay
        if host.robots is not None:
            asked = host.robots.crawl_delay(self.options.robots_agent)
            if asked is not None:
                delay = max(delay, min(float(asked), self.options.max_wait))
        return delay

    def _wait_turn(self, url: str) -> None:
        """Sleep until ``url``'s host may get the next request; the delay counts from
        the moment this one starts (taken after the sleep, under the host's lock, so
        waiting requests start one after the other, each a delay after the last)."""
        host = self._host(host_key(url))
        with host.lock:
            now = self._clock()
            if now < host.next_start:
                self._sleep(host.next_start - now)
                now = self._clock()
            host.next_start = now + self._delay(host)
        with self._lock:
            self.stats.requests += 1

    def _get(self, url: str, check_robots: bool) -> FetchedPage:
        """One fetch with retries; every hop waits its turn (and is checked against
        robots.txt when ``check_robots``)."""

        def before(hop: str) -> None:
            if check_robots and not self.allowed(hop):
                with self._lock:
                    self.stats.robots_refused.append(hop)
                raise RobotsDisallowedError(
                    f"robots.txt of {host_key(hop)} forbids {hop}", source=url
                )
            self._wait_turn(hop)

        if check_robots:
            self.robots(url)  # before taking a slot: robots.txt needs one of its own
        attempt = 0
        while True:
            host = self._host(host_key(url))
            assert host.slots is not None
            with host.slots:
                try:
                    return fetch_url(
                        url,
                        self.settings,
                        user_agent=self.options.user_agent,
                        before_request=before,
                    )
                except FetchError as exc:
                    if attempt >= self.options.retries or not _retryable(exc):
                        if attempt:
                            exc.message += f" (after {attempt} retries)"
                        raise
                    wait = self.options.backoff * 2**attempt
                    if isinstance(exc, HTTPStatusError) and exc.retry_after is not None:
                        wait = exc.retry_after
                    wait = min(wait, self.options.max_wait)
            attempt += 1
            with self._lock:
                self.stats.retries += 1
                self.stats.retried.append(url)
            self._sleep(wait)

    def fetch(self, url: str) -> FetchedPage:
        """``url`` fetched politely.

        Raises:
            RobotsDisallowedError: robots.txt forbids the URL or a redirect target.
            FetchError: as :func:`fetch_url`, after the retries.
        """
        return self._get(url, check_robots=True)

    def robots(self, url: str) -> tuple[RobotFileParser, str | None]:
        """The robots.txt rules of ``url``'s host and its text (None when it had none),
        fetched on first use."""
        key = host_key(url)
        host = self._host(key)
        with host.robots_lock:
            if host.robots is None:
                self._load_robots(key, host)
            assert host.robots is not None
            return host.robots, host.robots_text

    def _load_robots(self, key: str, host: _Host) -> None:
        parser = RobotFileParser(f"{key}/robots.txt")
        text: str | None = None
        try:
            page = self._get(f"{key}/robots.txt", check_robots=False)
            text = page.body.decode(page.charset or "utf-8", errors="replace")
            parser.parse(text.splitlines())
        except HTTPStatusError as exc:
            if exc.status in (401, 403):
                parser.parse(_FORBID_ALL)
            elif exc.status >= 500:
                parser.parse(_FORBID_ALL)
                host.robots_note = f"robots.txt unreachable ({exc.message})"
            else:
                parser.parse([])  # no rules: everything allowed
        except FetchError as exc:
            parser.parse(_FORBID_ALL)
            host.robots_note = f"robots.txt unreachable ({exc.message})"
        host.robots, host.robots_text = parser, text

    def allowed(self, url: str) -> bool:
        """True when robots.txt of ``url``'s host lets our user agent fetch it."""
        parser, _ = self.robots(url)
        return parser.can_fetch(self.options.robots_agent, url)
