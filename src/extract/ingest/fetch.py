"""Fetch one user-given URL, safely, with the standard library.

A URL handed to a batch job can point anywhere, so: http and https only; the host is
resolved once and every address it resolves to must be public (no loopback, private,
link-local, multicast, reserved or unspecified address, IPv4 or IPv6) unless
``Settings.allow_private_urls``; the connection goes to the address that was checked
(a second DNS answer cannot swap in an internal one); redirects are followed by hand
and each target is checked again (a target seen before is a loop, refused at once); the
body is read up to ``Settings.fetch_max_bytes``. Environment proxies are not used. A
caller can pass a hook run before every request, redirects included (the crawler's
robots.txt check and per-host delay).
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from extract.config import Settings
from extract.errors import (
    FetchError,
    HTTPStatusError,
    RedirectError,
    ResponseTooLargeError,
    UnsafeURLError,
)

MAX_REDIRECTS = 5
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_CHUNK = 65_536
USER_AGENT = "newsevents/0.1 (+https://pypi.org/project/newsevents/)"
_ALLOWED_SCHEMES = frozenset({"http", "https"})
_DEFAULT_PORTS = {"http": 80, "https": 443}

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


@dataclass(frozen=True)
class FetchedPage:
    """A fetched document: the URL asked for, the URL that answered, and the body."""

    url: str
    final_url: str
    status: int
    content_type: str | None
    body: bytes
    headers: Mapping[str, str] = field(default_factory=dict)
    """Response headers of the final response, names in lower case."""

    @property
    def media_type(self) -> str | None:
        """``content_type`` without parameters, lower case: ``text/html``."""
        if not self.content_type:
            return None
        return self.content_type.split(";", 1)[0].strip().lower() or None

    @property
    def charset(self) -> str | None:
        """The ``charset`` parameter of ``content_type``, if any."""
        for param in (self.content_type or "").split(";")[1:]:
            name, _, value = param.partition("=")
            if name.strip().lower() == "charset" and value.strip():
                return value.strip().strip("\"'")
        return None


def is_public_address(address: IPAddress) -> bool:
    """True for a globally routable unicast address."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def _resolve(host: str, port: int, url: str, settings: Settings) -> list[IPAddress]:
    """The addresses ``host`` resolves to, all checked; refuses the host if any is not
    public (a host that resolves to both public and private addresses is refused)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise FetchError(f"cannot resolve host {host!r}: {exc}", source=url) from exc
    addresses: list[IPAddress] = []
    for info in infos:
        # Drop an IPv6 zone ("fe80::1%eth0") before parsing.
        raw = str(info[4][0]).split("%", 1)[0]
        address = ipaddress.ip_address(raw)
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise FetchError(f"host {host!r} has no address", source=url)
    if not settings.allow_private_urls:
        for address in addresses:
            if not is_public_address(address):
                raise UnsafeURLError(
                    f"refused: {host!r} resolves to non-public address {address} "
                    "(set allow_private_urls to fetch from local networks)",
                    source=url,
                )
    return addresses


@dataclass(frozen=True)
class _Target:
    url: str
    scheme: str
    host: str
    port: int
    path: str
    addresses: tuple[IPAddress, ...]


def _check_url(url: str, settings: Settings) -> _Target:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UnsafeURLError(f"malformed URL: {exc}", source=url) from exc
    scheme = parts.scheme.lower()
    if scheme not in _ALLOWED_SCHEMES:
        raise UnsafeURLError(
            f"refused scheme {scheme or '(none)'!r}: only http and https URLs are fetched",
            source=url,
        )
    host = parts.hostname
    if not host:
        raise UnsafeURLError("URL has no host", source=url)
    port = port or _DEFAULT_PORTS[scheme]
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return _Target(url, scheme, host, port, path, tuple(_resolve(host, port, url, settings)))


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to an address checked beforehand, whatever DNS says now."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to a checked address; the certificate is verified for the host name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        self._ssl_context = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self._ssl_context)
        self._address = address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._ssl_context.wrap_socket(sock, server_hostname=self.host)


def _connection(target: _Target, timeout: float) -> http.client.HTTPConnection:
    address = str(target.addresses[0])
    if target.scheme == "https":
        return _PinnedHTTPSConnection(target.host, target.port, address, timeout)
    return _PinnedHTTPConnection(target.host, target.port, address, timeout)


def _read_body(response: http.client.HTTPResponse, url: str, limit: int, deadline: float) -> bytes:
    declared = response.getheader("Content-Length")
    if declared and declared.strip().isdigit() and int(declared) > limit:
        raise ResponseTooLargeError(
            f"response too large: {int(declared)} bytes, limit {limit}", source=url
        )
    encoding = (response.getheader("Content-Encoding") or "identity").strip().lower()
    decoder = None
    if encoding in {"gzip", "x-gzip"}:
        decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
    elif encoding == "deflate":
        decoder = zlib.decompressobj()
    elif encoding not in {"identity", ""}:
        raise FetchError(f"unsupported Content-Encoding {encoding!r}", source=url)
    body = bytearray()
    while True:
        if time.monotonic() > deadline:
            raise FetchError("timed out while reading the response", source=url)
        chunk = response.read(_CHUNK)
        if not chunk:
            break
        if decoder is not None:
            try:
                # Decompress no more than the cap allows (and one byte to detect excess).
                chunk = decoder.decompress(chunk, limit + 1 - len(body))
            except zlib.error as exc:
                raise FetchError(f"corrupt {encoding} response: {exc}", source=url) from exc
        body += chunk
        if len(body) > limit:
            raise ResponseTooLargeError(f"response too large: over {limit} bytes", source=url)
    return bytes(body)


def _retry_after(value: str | None) -> float | None:
    """Seconds of a ``Retry-After`` header given in seconds (an HTTP date: None)."""
    if value and value.strip().isdigit():
        return float(value.strip())
    return None


def fetch_url(
    url: str,
    settings: Settings,
    *,
    user_agent: str = USER_AGENT,
    before_request: Callable[[str], None] | None = None,
) -> FetchedPage:
    """Fetch ``url`` (GET), following up to :data:`MAX_REDIRECTS` redirects.

    ``before_request`` is called with each URL about to be requested (the first and
    every redirect target, after its address was checked); it may wait, or raise a
    :class:`FetchError` to refuse the request.

    Raises:
        UnsafeURLError: a scheme other than http/https, or a host that resolves to a
            non-public address (unless ``settings.allow_private_urls``), for the URL
            or any redirect target.
        HTTPStatusError: a non-2xx status (``status``, ``retry_after``).
        ResponseTooLargeError: a body over ``settings.fetch_max_bytes``.
        RedirectError: a redirect loop or more than :data:`MAX_REDIRECTS` redirects.
        FetchError: network failure, timeout (``settings.fetch_timeout`` for the
            whole fetch), a body over ``settings.fetch_max_bytes`` ("too large"), too
            many redirects, or a non-2xx status (in the message).
    """
    deadline = time.monotonic() + settings.fetch_timeout
    current = url
    visited = [url]
    for _ in range(MAX_REDIRECTS + 1):
        target = _check_url(current, settings)
        if before_request is not None:
            before_request(current)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise FetchError("timed out", source=url)
        connection = _connection(target, remaining)
        try:
            connection.request(
                "GET",
                target.path,
                headers={
                    "User-Agent": user_agent,
                    "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
                    "Accept-Encoding": "gzip, deflate",
                },
            )
            response = connection.getresponse()
            status = response.status
            location = response.getheader("Location")
            if status in _REDIRECT_STATUSES and location:
                current = urljoin(current, location.strip())
                if current in visited:
                    chain = " -> ".join([*visited[visited.index(current) :], current])
                    raise RedirectError(f"redirect loop: {chain}", source=url)
                visited.append(current)
                continue
            if not 200 <= status < 300:
                raise HTTPStatusError(
                    f"HTTP status {status} {response.reason}".rstrip(),
                    source=url,
                    status=status,
                    retry_after=_retry_after(response.getheader("Retry-After")),
                )
            body = _read_body(response, url, settings.fetch_max_bytes, deadline)
            headers = {name.lower(): value for name, value in response.getheaders()}
            return FetchedPage(
                url=url,
                final_url=current,
                status=status,
                content_type=headers.get("content-type"),
                body=body,
                headers=headers,
            )
        except (OSError, http.client.HTTPException) as exc:
            # socket.timeout and ssl.SSLError are OSErrors.
            raise FetchError(f"fetch failed: {exc}", source=url) from exc
        finally:
            connection.close()
    raise RedirectError(f"too many redirects (more than {MAX_REDIRECTS})", source=url)
