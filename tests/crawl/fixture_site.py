"""The fixture news site of the crawl tests, served on 127.0.0.1 (a random port).

Files under ``tests/fixtures/crawl/site`` are served as they are, ``{base}`` replaced by
the server's base URL. Beside them: ``/news/2026/11/port-crane-collapse.html`` answers
429 (``Retry-After: 1``) the first time it is asked for, ``/news/2026/11/loop.html`` is a
redirect loop (via ``loop-b.html``), ``/news/2026/11/huge.html`` is a page of
``HUGE_BYTES`` bytes. Every request is logged: ``(monotonic time, path, user agent)``.
"""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SITE = Path(__file__).resolve().parents[1] / "fixtures" / "crawl" / "site"
BUSY = "/news/2026/11/port-crane-collapse.html"
LOOP = "/news/2026/11/loop.html"
HUGE = "/news/2026/11/huge.html"
HUGE_BYTES = 3_000_000
FORBIDDEN = "/private/"
ARTICLES = sorted("/" + p.relative_to(SITE).as_posix() for p in (SITE / "news").rglob("*.html"))
"""The site's article pages (the ones a crawl should end with)."""

_TYPES = {".html": "text/html; charset=utf-8", ".xml": "application/xml", ".txt": "text/plain"}


class FixtureSite:
    """Start with :meth:`start`, stop with :meth:`stop`; ``log`` lists the requests."""

    def __init__(self) -> None:
        self.log: list[tuple[float, str, str]] = []
        self.busy_answered = False
        site = self

        class Handler(BaseHTTPRequestHandler):
            def _send(self, status: int, body: bytes, ctype: str, **headers: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                for name, value in headers.items():
                    self.send_header(name.replace("_", "-"), value)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:
                path = self.path.split("?", 1)[0]
                site.log.append((time.monotonic(), path, self.headers.get("User-Agent", "")))
                if path == BUSY and not site.busy_answered:
                    site.busy_answered = True
                    self._send(429, b"slow down", "text/plain", Retry_After="1")
                    return
                if path == LOOP:
                    self._send(302, b"", "text/plain", Location="/news/2026/11/loop-b.html")
                    return
                if path == "/news/2026/11/loop-b.html":
                    self._send(302, b"", "text/plain", Location=LOOP)
                    return
                if path == HUGE:
                    body = b"<html><body><p>" + b"big " * (HUGE_BYTES // 4) + b"</p></body></html>"
                    self._send(200, body, "text/html")
                    return
                file = (SITE / path.lstrip("/")).resolve()
                if path.endswith("/"):
                    file = file / "index.html"
                if SITE not in file.parents or not file.is_file():
                    self._send(404, b"not found", "text/plain")
                    return
                body = file.read_bytes().replace(b"{base}", site.base.encode())
                self._send(200, body, _TYPES.get(file.suffix, "application/octet-stream"))

            def log_message(self, format: str, *args: object) -> None:
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: object, client_address: object) -> None:
                pass  # a client that stops reading the huge page: expected

        self._httpd = Server(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def start(self) -> FixtureSite:
        threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def requested(self, path: str) -> int:
        """How many times ``path`` was asked for."""
        return sum(1 for _, p, _ in self.log if p == path)
