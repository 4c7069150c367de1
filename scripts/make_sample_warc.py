"""Build data/raw/sample.warc.gz from our own HTML articles in data/raw (deterministic).

Each page becomes an HTTP ``response`` record with ``WARC-Target-URI`` and ``WARC-Date``,
after a ``warcinfo`` record and with one non-HTML record (skipped by the reader) so the
sample looks like a Common Crawl News file.

Run: .venv/bin/python scripts/make_sample_warc.py
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "raw" / "sample.warc.gz"
DATE = "2024-01-15T06:00:00Z"


def _id(name: str) -> str:
    digest = hashlib.sha1(name.encode()).hexdigest()
    return f"<urn:uuid:{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}>"


def build(out: Path = OUT) -> Path:
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=True)
    info = writer.create_warcinfo_record(
        "sample.warc.gz",
        {"software": "newsevents scripts/make_sample_warc.py", "format": "WARC File Format 1.0"},
    )
    info.rec_headers.replace_header("WARC-Record-ID", _id("warcinfo"))
    info.rec_headers.replace_header("WARC-Date", DATE)
    writer.write_record(info)
    pages = sorted((ROOT / "data" / "raw").glob("*.html"))
    for page in pages:
        body = page.read_bytes()
        uri = f"https://newswire.example.org/{page.stem}"
        http = StatusAndHeaders(
            "200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1"
        )
        rec = writer.create_warc_record(
            uri,
            "response",
            payload=io.BytesIO(body),
            http_headers=http,
            warc_headers_dict={"WARC-Date": DATE, "WARC-Record-ID": _id(uri)},
        )
        writer.write_record(rec)
    robots = writer.create_warc_record(
        "https://newswire.example.org/robots.txt",
        "response",
        payload=io.BytesIO(b"User-agent: *\nDisallow:\n"),
        http_headers=StatusAndHeaders(
            "200 OK", [("Content-Type", "text/plain")], protocol="HTTP/1.1"
        ),
        warc_headers_dict={"WARC-Date": DATE, "WARC-Record-ID": _id("robots")},
    )
    writer.write_record(robots)
    data = buf.getvalue()
    out.write_bytes(data)
    return out


if __name__ == "__main__":
    path = build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"wrote {path}")
