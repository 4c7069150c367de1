"""WARC / WARC.gz archives (Common Crawl News): one article per HTML ``response`` record.

The record's ``WARC-Target-URI`` is the article URL; its ``WARC-Date`` is the publication
date when neither the caller nor the page gives one (source ``warc_header``). A record
that cannot be read becomes an error result and the records after it are still read
when the archive allows it; a truncated archive ends with one ``truncated`` error.
"""

from __future__ import annotations

import datetime as dt
import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from extract.errors import InputError, InputTooLargeError, NewsEventsError
from extract.ingest.html import article_from_html, decode_html
from extract.records import Article, PublishedSource

if TYPE_CHECKING:
    from extract.ingest.sources import ReadOptions, Result

_HTML_TYPES = ("text/html", "application/xhtml+xml")


class TruncatedArchiveError(InputError):
    reason = "truncated"


def _warc_date(value: str | None) -> dt.date | None:
    if not value:
        return None
    try:
        return dt.datetime.fromisoformat(value.replace("Z", "+00:00")).date()
    except ValueError:
        return None


def _article(record: Any, body: bytes, name: str, options: ReadOptions) -> Article:
    uri = record.rec_headers.get_header("WARC-Target-URI")
    charset = None
    ctype = record.http_headers.get_header("Content-Type") if record.http_headers else None
    if ctype and "charset=" in ctype.lower():
        charset = ctype.lower().split("charset=", 1)[1].split(";")[0].strip().strip("\"'")
    article = article_from_html(
        decode_html(body, name, encoding=charset),
        url=uri,
        published=options.published,
        settings=options.settings,
    )
    if article.published is None:
        date = _warc_date(record.rec_headers.get_header("WARC-Date"))
        if date is not None:
            article = article.model_copy(
                update={"published": date, "published_source": PublishedSource.warc_header}
            )
    return article


def _starts_like_warc(path: Path) -> bool:
    try:
        with path.open("rb") as f:
            head = f.read(2)
            f.seek(0)
            if head == b"\x1f\x8b":
                with gzip.open(f) as g:
                    return g.read(5) == b"WARC/"
            return f.read(5) == b"WARC/"
    except (FileNotFoundError, PermissionError, IsADirectoryError):
        return True  # the reader reports why it cannot open the file
    except (OSError, EOFError):  # a broken gzip header
        return False


def read_warc_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """Articles from the HTML response records of a WARC or WARC.gz file, each named
    ``path#<record offset>``."""
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    limit = options.settings.fetch_max_bytes
    base = str(path)
    if not _starts_like_warc(path):
        yield base, InputError("not a WARC file (no 'WARC/' record header)", source=base)
        return
    try:
        stream = path.open("rb")
    except OSError as exc:
        yield base, InputError(f"cannot read file: {exc.strerror or exc}", source=base)
        return
    with stream:
        records = ArchiveIterator(stream)
        while True:
            name = base
            try:
                record = next(records)
                if record.rec_type is None:  # what is left of a record cut off mid-way
                    name = f"{base}#{records.get_record_offset()}"
                    raise TruncatedArchiveError("truncated WARC record at the end of the file")
                ctype = (
                    record.http_headers.get_header("Content-Type") or ""
                    if record.http_headers is not None
                    else ""
                ).lower()
                wanted = record.rec_type == "response" and ctype.startswith(_HTML_TYPES)
                # read the body first: asking for the offset reads the record to its end
                body = record.content_stream().read(limit + 1) if wanted else b""
                name = f"{base}#{records.get_record_offset()}"
                if not wanted:
                    continue
                if len(body) > limit:
                    raise InputTooLargeError(f"record too large: over {limit} bytes")
                declared = record.http_headers.get_header("Content-Length")
                if declared and declared.isdigit() and len(body) < int(declared):
                    raise TruncatedArchiveError(
                        f"truncated WARC record: {len(body)} of {declared} bytes"
                    )
                yield name, _article(record, body, name, options)
            except StopIteration:
                return
            except TruncatedArchiveError as exc:
                exc.source = name
                yield name, exc
                return
            except NewsEventsError as exc:
                exc.source = name
                yield name, exc
            except (ArchiveLoadFailed, EOFError, OSError, ValueError) as exc:
                # zlib/gzip errors are OSError or EOFError; the stream cannot go on
                yield name, TruncatedArchiveError(f"unreadable WARC record: {exc}", source=name)
                return
