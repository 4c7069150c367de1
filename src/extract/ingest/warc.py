"""WARC / WARC.gz archives (Common Crawl News): one article per HTML ``response`` record.

The record's ``WARC-Target-URI`` is the article URL; its ``WARC-Date`` is the publication
date when neither the caller nor the page gives one (source ``warc_header``). A record
that cannot be read becomes an error result and the records after it are still read
when the archive allows it; a truncated archive ends with one ``truncated`` error.
"""

from __future__ import annotations

import datetime as dt
import gzip
import zlib
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from extract.errors import InputError, InputTooLargeError, NewsEventsError
from extract.ingest.html import article_from_html, decode_html
from extract.records import Article, PublishedSource

if TYPE_CHECKING:
    from extract.ingest.sources import ReadOptions, Result

_HTML_TYPES = ("text/html", "application/xhtml+xml")


class TruncatedArchiveError(InputError):
    reason = "truncated"


class CorruptRecordError(InputError):
    """A record that cannot be read, with readable records after it."""

    reason = "corrupt_record"


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
    except (OSError, EOFError, zlib.error):  # a broken gzip header or stream
        return False


def read_warc_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """Articles from the HTML response records of a WARC or WARC.gz file, each named
    ``path#<record offset>``. A corrupt record becomes one ``corrupt_record`` error and
    reading goes on at the next record start (the next gzip member that holds a WARC
    header, or the next ``WARC/1.`` line); a cut-off archive ends with ``truncated``."""
    base = str(path)
    if not _starts_like_warc(path):
        yield base, InputError("not a WARC file (no 'WARC/' record header)", source=base)
        return
    try:
        stream = path.open("rb")
    except OSError as exc:
        yield base, InputError(f"cannot read file: {exc.strerror or exc}", source=base)
        return
    first, end, _ = options.part.bounds if options.part is not None else (0, None, 0)
    with stream:
        tried: set[int] = set()  # where reading started: never twice from one place
        reported: set[int] = set()  # broken records reported: a record fails once
        start: int | None = first
        while start is not None and (end is None or start < end):
            tried.add(start)
            start = yield from _read_from(stream, start, base, options, tried, reported, end)


def _read_from(
    stream: BinaryIO,
    start: int,
    base: str,
    options: ReadOptions,
    tried: set[int],
    reported: set[int],
    end: int | None = None,
) -> Generator[Result, None, int | None]:
    """Records from byte ``start`` on (up to the record that starts at ``end``, the next
    part's); returns where to go on after a corrupt record, or None at the end."""
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed

    limit = options.settings.fetch_max_bytes
    stream.seek(start)
    records = ArchiveIterator(stream)
    records.INC_RECORD = ""  # warcio writes this warning to stderr; the error record says it
    next_start = start  # where the record being read begins
    while True:
        if end is not None and next_start >= end:
            return None
        name = f"{base}#{next_start}"
        try:
            record = next(records)
            if record.rec_type is None:  # what is left of a record cut off mid-way
                raise TruncatedArchiveError("truncated WARC record at the end of the file")
            ctype = (
                record.http_headers.get_header("Content-Type") or ""
                if record.http_headers is not None
                else ""
            ).lower()
            wanted = record.rec_type == "response" and ctype.startswith(_HTML_TYPES)
            # read the body first: asking for the offset reads the record to its end
            body = record.content_stream().read(limit + 1) if wanted else b""
            if len(body) <= limit:
                while record.raw_stream.read(_CHUNK):
                    pass  # to the record's end, to see whether it is all there
                if getattr(record.raw_stream, "limit", 0) > 0:
                    raise TruncatedArchiveError(
                        f"truncated WARC record: {record.raw_stream.limit} of "
                        f"{record.length} bytes missing"
                    )
            offset = records.get_record_offset()
            if end is not None and offset >= end:
                return None  # the next part's first record
            name = f"{base}#{offset}"
            next_start = offset + records.get_record_length()
            if not wanted:
                continue
            if len(body) > limit:
                raise InputTooLargeError(f"record too large: over {limit} bytes")
            declared = record.http_headers.get_header("Content-Length")
            if declared and declared.isdigit() and len(body) < int(declared):
                # the WARC framing is whole, only the page is short: the next record follows
                yield (
                    name,
                    TruncatedArchiveError(
                        f"truncated WARC record: {len(body)} of {declared} bytes", source=name
                    ),
                )
                continue
            yield name, _article(record, body, name, options)
        except StopIteration:
            return None
        except NewsEventsError as exc:
            exc.source = name
            if not isinstance(exc, TruncatedArchiveError):
                yield name, exc
                continue
            resume = _next_record_start(stream, next_start, tried)
            if next_start not in reported:  # a record that failed twice is reported once
                reported.add(next_start)
                yield (
                    name,
                    exc
                    if resume is None
                    else CorruptRecordError(f"corrupt WARC record: {exc}", source=name),
                )
            return resume
        except (ArchiveLoadFailed, EOFError, OSError, ValueError, zlib.error) as exc:
            # the stream cannot go on from here: look for the next record's start
            resume = _next_record_start(stream, next_start, tried)
            if next_start not in reported:  # a record that failed twice is reported once
                reported.add(next_start)
                yield (
                    name,
                    (
                        TruncatedArchiveError(f"unreadable WARC record: {exc}", source=name)
                        if resume is None
                        else CorruptRecordError(f"corrupt WARC record: {exc}", source=name)
                    ),
                )
            return resume


def gzip_member_starts(data: bytes) -> list[int]:
    """Byte offsets of the gzip members of ``data`` (a WARC.gz has one per record)."""
    starts, pos = [], 0
    while pos < len(data):
        starts.append(pos)
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        d.decompress(data[pos:])
        if not d.eof:
            break  # a member cut off: the rest is not a member
        pos = len(data) - len(d.unused_data)
    return starts


_CHUNK = 1 << 16
_GZIP_MEMBER = b"\x1f\x8b\x08"
_WARC_LINE = b"\nWARC/1."
_SCAN = 1 << 20


def _next_record_start(stream: BinaryIO, pos: int, tried: set[int]) -> int | None:
    """The first byte from the broken record at ``pos`` on, and not in ``tried``, where a
    WARC record seems to begin: a gzip member whose first bytes decompress to ``WARC/``,
    or a line starting ``WARC/1.``."""
    stream.seek(0)
    gzipped = stream.read(2) == b"\x1f\x8b"
    needle = _GZIP_MEMBER if gzipped else _WARC_LINE
    # a broken gzip member stays broken; a plain record may have swallowed the next
    # one's first line, so the search starts at the broken record itself
    pos = pos + 1 if gzipped else max(0, pos - 1)
    while True:
        stream.seek(pos)
        chunk = stream.read(_SCAN + len(needle))
        if len(chunk) < len(needle):
            return None
        i = chunk.find(needle)
        while i >= 0:
            at = pos + i
            if not gzipped:
                if at + 1 not in tried:
                    return at + 1
                i = chunk.find(needle, i + 1)
                continue
            stream.seek(at)
            try:
                head = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(stream.read(4096), 16)
            except zlib.error:
                head = b""
            if head.startswith(b"WARC/") and at not in tried:
                return at
            i = chunk.find(needle, i + 1)
        pos += _SCAN
