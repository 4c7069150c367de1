"""A tiny HTTP server on 127.0.0.1 for the fetch and source tests (no network)."""

from __future__ import annotations

import gzip
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent.parent / "fixtures" / "ingest"

PLAIN_TEXT = (
    "LONDON (Reuters), 5 May 2021 - The central bank kept interest rates unchanged on "
    "Thursday and said it expected inflation to rise for a few months before falling "
    "back towards its target next year."
)


class _Handler(BaseHTTPRequestHandler):
    def _send(self, status: int, body: bytes, content_type: str, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        if "Content_Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _redirect(self, location: str) -> None:
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        path = self.path
        if path == "/article.html":
            body = FIXTURES.joinpath("news_with_published_meta.html").read_bytes()
            self._send(200, body, "text/html; charset=utf-8")
        elif path == "/plain":
            self._send(200, PLAIN_TEXT.encode(), "text/plain; charset=utf-8")
        elif path == "/gzip":
            body = gzip.compress(PLAIN_TEXT.encode())
            self._send(200, body, "text/plain", Content_Encoding="gzip")
        elif path == "/image":
            self._send(200, b"\x89PNG\r\n\x1a\n\x00\x00", "image/png")
        elif path == "/redirect":
            self._redirect("/article.html")
        elif path == "/redirect-file":
            self._redirect("file:///etc/passwd")
        elif path == "/redirect-ftp":
            self._redirect("ftp://127.0.0.1/article.html")
        elif path == "/redirect-private":
            self._redirect("http://10.0.0.1/admin")
        elif path == "/loop":
            self._redirect("/loop")
        elif path.startswith("/hop/"):
            self._redirect(f"/hop/{int(path.rsplit('/', 1)[1]) + 1}")
        elif path == "/big":
            self._send(200, b"x" * 5000, "text/plain")
        elif path == "/big-no-length":
            # HTTP/1.0 without Content-Length: the body ends when the connection closes.
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            self.wfile.write(b"x" * 5000)
            self.close_connection = True
        elif path == "/slow":
            time.sleep(1.0)
            self._send(200, b"late", "text/plain")
        else:
            self._send(404, b"not found", "text/plain")

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep test output clean


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that timed out on /slow closes early: expected, not news


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Base URL of the test server, e.g. ``http://127.0.0.1:54321``."""
    httpd = _QuietServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
