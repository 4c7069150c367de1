import ipaddress

import pytest

from extract.config import Settings
from extract.errors import (
    FetchError,
    HTTPStatusError,
    RedirectError,
    ResponseTooLargeError,
    UnsafeURLError,
)
from extract.ingest import fetch
from extract.ingest.fetch import fetch_url, is_public_address

ALLOW_LOCAL = Settings(allow_private_urls=True)


def test_page_is_fetched_with_status_type_and_body(server: str) -> None:
    page = fetch_url(f"{server}/article.html", ALLOW_LOCAL)
    assert page.status == 200
    assert page.media_type == "text/html"
    assert page.charset == "utf-8"
    assert b"River levels fall" in page.body
    assert page.headers["content-type"] == "text/html; charset=utf-8"


def test_redirect_is_followed_and_final_url_recorded(server: str) -> None:
    page = fetch_url(f"{server}/redirect", ALLOW_LOCAL)
    assert page.url == f"{server}/redirect"
    assert page.final_url == f"{server}/article.html"


def test_gzip_response_is_decompressed(server: str) -> None:
    assert fetch_url(f"{server}/gzip", ALLOW_LOCAL).body.startswith(b"LONDON (Reuters)")


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://localhost:8080/",
        "http://10.0.0.1/",
        "http://192.168.1.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.64.0.1/",
        "http://0.0.0.0/",
        "http://224.0.0.1/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[fe80::1]/",
        "http://[fd00::1]/",
    ],
)
def test_default_settings_refuse_non_public_addresses(url: str) -> None:
    with pytest.raises(UnsafeURLError, match="non-public address"):
        fetch_url(url, Settings())


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "ftp://example.com/a.html", "gopher://x/", "javascript:alert(1)"]
)
def test_non_http_schemes_are_refused(url: str) -> None:
    with pytest.raises(UnsafeURLError, match="scheme"):
        fetch_url(url, ALLOW_LOCAL)


@pytest.mark.parametrize("path", ["/redirect-file", "/redirect-ftp"])
def test_redirect_to_a_non_http_scheme_is_refused(server: str, path: str) -> None:
    with pytest.raises(UnsafeURLError, match="scheme"):
        fetch_url(f"{server}{path}", ALLOW_LOCAL)


def test_redirect_to_a_private_address_is_refused(
    server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Let the test server stand in for a public host; its redirect target stays private.
    loopback = ipaddress.ip_address("127.0.0.1")
    monkeypatch.setattr(fetch, "is_public_address", lambda a: a == loopback or is_public_address(a))
    with pytest.raises(UnsafeURLError, match=r"10\.0\.0\.1"):
        fetch_url(f"{server}/redirect-private", Settings())


def test_redirect_loop_is_refused_as_a_loop_at_once(server: str) -> None:
    with pytest.raises(RedirectError, match=r"redirect loop: .*/loop -> .*/loop") as info:
        fetch_url(f"{server}/loop", ALLOW_LOCAL)
    assert info.value.reason == "redirect_loop"


def test_redirect_chain_stops_after_five_redirects(server: str) -> None:
    with pytest.raises(RedirectError, match="too many redirects"):
        fetch_url(f"{server}/hop/0", ALLOW_LOCAL)


def test_hook_sees_every_request_and_can_refuse_a_redirect_target(server: str) -> None:
    seen: list[str] = []

    def hook(url: str) -> None:
        seen.append(url)
        if url.endswith("/article.html"):
            raise FetchError("refused by hook", source=url)

    with pytest.raises(FetchError, match="refused by hook"):
        fetch_url(f"{server}/redirect", ALLOW_LOCAL, before_request=hook)
    assert seen == [f"{server}/redirect", f"{server}/article.html"]


@pytest.mark.parametrize("path", ["/big", "/big-no-length"])
def test_body_over_the_size_cap_is_refused(server: str, path: str) -> None:
    settings = Settings(allow_private_urls=True, fetch_max_bytes=1000)
    with pytest.raises(ResponseTooLargeError, match="too large"):
        fetch_url(f"{server}{path}", settings)


def test_non_2xx_status_is_an_error_with_the_status(server: str) -> None:
    with pytest.raises(HTTPStatusError, match="404") as info:
        fetch_url(f"{server}/missing", ALLOW_LOCAL)
    assert info.value.status == 404
    assert info.value.reason == "fetch_failed"


def test_slow_server_times_out(server: str) -> None:
    with pytest.raises(FetchError, match="timed out"):
        fetch_url(f"{server}/slow", Settings(allow_private_urls=True, fetch_timeout=0.2))


def test_unresolvable_host_is_a_fetch_error() -> None:
    with pytest.raises(FetchError, match="cannot resolve"):
        fetch_url("http://no-such-host.invalid/", Settings())
