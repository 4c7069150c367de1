"""The polite fetcher's decisions (when a request may start, whether it may be made,
when to retry), with fetch_url replaced by a script of answers and a fake clock."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from extract.config import Settings
from extract.crawl import CrawlOptions, PoliteFetcher, polite
from extract.errors import FetchError, HTTPStatusError, RobotsDisallowedError
from extract.ingest.fetch import FetchedPage

ROBOTS = b"User-agent: *\nDisallow: /private/\n"


class Script:
    """Answers for fetch_url by path; an exception in the list is raised once."""

    def __init__(self, answers: dict[str, list[bytes | FetchError]]) -> None:
        self.answers = answers
        self.asked: list[str] = []

    def __call__(
        self,
        url: str,
        settings: Settings,
        *,
        user_agent: str,
        before_request: Callable[[str], None] | None = None,
    ) -> FetchedPage:
        if before_request is not None:
            before_request(url)
        path = "/" + url.split("/", 3)[3]
        self.asked.append(path)
        queue = self.answers.get(path, [HTTPStatusError("HTTP status 404", status=404)])
        answer = queue.pop(0) if len(queue) > 1 else queue[0]
        if isinstance(answer, FetchError):
            raise answer
        return FetchedPage(url, url, 200, "text/plain", answer)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 3))
        self.now += seconds


def _fetcher(
    monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[bytes | FetchError]], **kw: object
) -> tuple[PoliteFetcher, Script, Clock]:
    script, clock = Script(answers), Clock()
    monkeypatch.setattr(polite, "fetch_url", script)
    options = CrawlOptions(**{"delay": 1.0, "backoff": 2.0, "max_wait": 10.0, **kw})
    return PoliteFetcher(Settings(), options, clock=clock, sleep=clock.sleep), script, clock


def test_requests_to_one_host_start_a_delay_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    fetcher, script, clock = _fetcher(monkeypatch, {"/robots.txt": [ROBOTS], "/a": [b"a"]})
    for _ in range(3):
        fetcher.fetch("http://news.example/a")
    assert script.asked == ["/robots.txt", "/a", "/a", "/a"]
    assert clock.slept == [1.0, 1.0, 1.0]


def test_robots_crawl_delay_longer_than_ours_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    robots = b"User-agent: *\nCrawl-delay: 5\n"
    fetcher, _, clock = _fetcher(monkeypatch, {"/robots.txt": [robots], "/a": [b"a"]})
    fetcher.fetch("http://news.example/a")
    fetcher.fetch("http://news.example/a")
    assert clock.slept == [1.0, 5.0]  # robots.txt itself was read before its rules applied


def test_a_forbidden_url_is_refused_without_a_request(monkeypatch: pytest.MonkeyPatch) -> None:
    fetcher, script, _ = _fetcher(monkeypatch, {"/robots.txt": [ROBOTS]})
    with pytest.raises(RobotsDisallowedError, match="forbids"):
        fetcher.fetch("http://news.example/private/memo.html")
    assert script.asked == ["/robots.txt"]
    assert fetcher.stats.robots_refused == ["http://news.example/private/memo.html"]


@pytest.mark.parametrize(
    ("answer", "allowed"),
    [
        (HTTPStatusError("HTTP status 404", status=404), True),  # no robots.txt: no rules
        (HTTPStatusError("HTTP status 403", status=403), False),
        (HTTPStatusError("HTTP status 503", status=503), False),  # unreachable: forbid all
    ],
)
def test_robots_txt_status_decides_what_is_allowed(
    monkeypatch: pytest.MonkeyPatch, answer: FetchError, allowed: bool
) -> None:
    fetcher, _, _ = _fetcher(monkeypatch, {"/robots.txt": [answer]}, retries=0)
    assert fetcher.allowed("http://news.example/news/a.html") is allowed


def test_429_waits_retry_after_then_succeeds(monkeypatch: pytest.MonkeyPatch) -> None:
    busy = HTTPStatusError("HTTP status 429", status=429, retry_after=3.0)
    fetcher, script, clock = _fetcher(monkeypatch, {"/robots.txt": [b""], "/a": [busy, b"a"]})
    assert fetcher.fetch("http://news.example/a").body == b"a"
    assert script.asked == ["/robots.txt", "/a", "/a"]
    assert clock.slept == [1.0, 3.0]  # delay after robots.txt, then Retry-After
    assert fetcher.stats.retries == 1


def test_5xx_backs_off_doubling_and_gives_up_after_the_retries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    down = HTTPStatusError("HTTP status 503", status=503)
    fetcher, script, clock = _fetcher(
        monkeypatch, {"/robots.txt": [b""], "/a": [down]}, retries=2, delay=0.0
    )
    with pytest.raises(HTTPStatusError, match=r"503 \(after 2 retries\)"):
        fetcher.fetch("http://news.example/a")
    assert script.asked.count("/a") == 3
    assert clock.slept == [2.0, 4.0]


def test_a_404_or_a_refusal_is_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    fetcher, script, _ = _fetcher(monkeypatch, {"/robots.txt": [b""]})
    with pytest.raises(HTTPStatusError, match="404"):
        fetcher.fetch("http://news.example/gone")
    assert script.asked.count("/gone") == 1
