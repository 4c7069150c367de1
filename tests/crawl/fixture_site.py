"""The fixture news site of the crawl tests, served on 127.0.0.1 (a random port).

Files under ``tests/fixtures/crawl/site`` are served as they are, ``{base}`` replaced by
the server's base URL. Beside them: ``/news/2026/11/port-crane-collapse.html`` answers
429 (``Retry-After: 1``) the first time it is asked for, ``/news/2026/11/loop.html`` is a
redirect loop (via ``loop-b.html``), ``/news/2026/11/huge.html`` is a page of
``HUGE_BYTES`` bytes. Every request is logged: ``(monotonic time, path, user agent)``.

The server runs in a process of its own (``python fixture_site.py LOG``), so the times
it logs are not held back by a crawl extracting in the test's process (the GIL); its
log is a file the test reads (``CLOCK_MONOTONIC`` is the same in both processes).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
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


class _Server:
    """The server itself (in the server process): appends ``time\tpath\tagent`` lines
    to ``log_path``."""

    def __init__(self, log_path: str) -> None:
        self.busy_answered = False
        self._log = open(log_path, "a", encoding="utf-8")  # noqa: SIM115 (open while serving)
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
                agent = self.headers.get("User-Agent", "")
                site._log.write(f"{time.monotonic()}\t{path}\t{agent}\n")
                site._log.flush()
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

    def serve(self) -> None:
        print(self.base, flush=True)
        self._httpd.serve_forever()


class FixtureSite:
    """The server process: :meth:`start`, :meth:`stop`; ``log`` lists the requests."""

    def __init__(self) -> None:
        self._dir = tempfile.TemporaryDirectory(prefix="fixture-site-")
        self._log_path = f"{self._dir.name}/requests.log"
        self._process: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self) -> FixtureSite:
        self._process = subprocess.Popen(
            [sys.executable, __file__, self._log_path], stdout=subprocess.PIPE, text=True
        )
        assert self._process.stdout is not None
        self.base = self._process.stdout.readline().strip()
        return self

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            self._process.wait()
        self._dir.cleanup()

    @property
    def log(self) -> list[tuple[float, str, str]]:
        """``(monotonic time, path, user agent)`` of every request so far."""
        try:
            with open(self._log_path, encoding="utf-8") as fh:
                lines = fh.read().split("\n")[:-1]  # a line being written is left out
        except FileNotFoundError:
            return []
        rows = [line.split("\t") for line in lines]
        return [(float(t), path, agent) for t, path, agent in rows]

    def requested(self, path: str) -> int:
        """How many times ``path`` was asked for."""
        return sum(1 for _, p, _ in self.log if p == path)


if __name__ == "__main__":
    _Server(sys.argv[1]).serve()
