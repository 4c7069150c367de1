"""The one entry point from "what the user named" to articles.

``iter_articles`` takes stdin (``-``), an http(s) URL, a file or a folder and yields
``(source name, Article or the error it raised)``: a bad document is reported and
skipped, never raised, so one broken file does not stop a batch.

File types are dispatched by :data:`READERS` (suffix -> reader). A new input format is
one reader function registered there; the folder walk and the CLI pick it up from that
table.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import BinaryIO, TextIO

from extract.config import Settings
from extract.errors import InputError, InputTooLargeError, NewsEventsError
from extract.ingest.dates import parse_published
from extract.ingest.fetch import FetchedPage, fetch_url
from extract.ingest.html import article_from_html, decode_html
from extract.ingest.jsonl import iter_json_articles, iter_jsonl_articles
from extract.ingest.tabular import read_csv_file, read_parquet_file
from extract.ingest.text import article_from_text, decode_bytes, normalise_text
from extract.ingest.warc import read_warc_file
from extract.records import Article

Result = tuple[str, Article | NewsEventsError]
"""``(source name, article or the error it raised)``."""

_IN_FILE = re.compile(r"^(?P<file>.+?)[:#](?P<pos>\d+)$")


def split_source(source: str) -> tuple[str, int | None]:
    """The file a source name points into and the record's position in it: ``a.jsonl:3``
    (line), ``b.warc.gz#621`` (byte offset); ``(source, None)`` for a whole file or URL."""
    m = _IN_FILE.match(source)
    return (m.group("file"), int(m.group("pos"))) if m else (source, None)


STDIN = "-"
STDIN_NAME = "<stdin>"

_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")
# Plain text that is really HTML: starts with "<" and has an HTML element in it.
_HTML_SNIFF = re.compile(r"<(?:!doctype\s+html|html|head|body|article|p)[\s>/]", re.IGNORECASE)
_HTML_MEDIA_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_UTF8_MAX_BYTES_PER_CHAR = 4


@dataclass(frozen=True)
class Part:
    """One part of a big file, for readers that can read one (a batch shard each):
    ``start``/``end`` are byte offsets where records start (JSONL, CSV, WARC; in the
    decompressed data of a ``.jsonl.gz``) or row-group indexes (Parquet), ``end`` None
    for the end of the file; ``first`` is the line number (JSONL, CSV) or row index
    (Parquet) of the first record."""

    start: int
    end: int | None
    first: int = 0

    @property
    def bounds(self) -> tuple[int, int | None, int]:
        return self.start, self.end, self.first


@dataclass(frozen=True)
class ReadOptions:
    """What every reader needs besides the path."""

    published: dt.date | None
    settings: Settings
    part: Part | None = None


Reader = Callable[[Path, ReadOptions], Iterator[Result]]


def looks_like_html(text: str) -> bool:
    """True for text that starts with ``<`` and contains an HTML element."""
    stripped = normalise_text(text).lstrip()
    return stripped.startswith("<") and _HTML_SNIFF.search(stripped) is not None


def _document(name: str, make: Callable[[], Article]) -> Iterator[Result]:
    try:
        yield name, make()
    except NewsEventsError as exc:
        exc.source = name
        yield name, exc


def _from_text_or_html(
    name: str, text: str, options: ReadOptions, *, url: str | None = None
) -> Iterator[Result]:
    convert = article_from_html if looks_like_html(text) else article_from_text
    return _document(
        name,
        partial(convert, text, url=url, published=options.published, settings=options.settings),
    )


def read_file_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes, refusing files over ``limit`` bytes before reading them."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise InputTooLargeError(f"file too large: {size} bytes, limit {limit}")
        return path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}") from exc


def read_html_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """One HTML file (capped at ``settings.fetch_max_bytes``, like a fetched page)."""

    def make() -> Article:
        data = read_file_bytes(path, options.settings.fetch_max_bytes)
        return article_from_html(
            decode_html(data, str(path)),
            published=options.published,
            settings=options.settings,
        )

    return _document(str(path), make)


def read_text_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """One plain-text file; one that is really HTML is read as HTML."""
    name = str(path)
    # More bytes than this cannot decode to max_chars characters or fewer.
    limit = options.settings.max_chars * _UTF8_MAX_BYTES_PER_CHAR
    try:
        text = decode_bytes(read_file_bytes(path, limit), name)
    except NewsEventsError as exc:
        exc.source = name
        return iter([(name, exc)])
    return _from_text_or_html(name, text, options)


def read_jsonl_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """A JSONL file (optionally gzipped): one article or error per line."""
    start, end, first = options.part.bounds if options.part else (0, None, 1)
    return iter_jsonl_articles(
        path,
        published=options.published,
        settings=options.settings,
        start=start,
        end=end,
        first_line=first,
    )


def read_json_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """A JSON file: one article object (a news-please file) or an array of them."""
    return iter_json_articles(path, published=options.published, settings=options.settings)


def read_url_list(path: Path, options: ReadOptions) -> Iterator[Result]:
    """A ``.urls`` file: one http(s) URL per line (blank lines and ``#`` comments
    skipped), each fetched like a URL named on the command line."""
    try:
        text = decode_bytes(read_file_bytes(path, options.settings.fetch_max_bytes), str(path))
    except NewsEventsError as exc:
        exc.source = str(path)
        yield str(path), exc
        return
    for line in text.splitlines():
        url = line.strip()
        if url and not url.startswith("#"):
            yield from read_url(url, options)


READERS: dict[str, Reader] = {
    ".html": read_html_file,
    ".htm": read_html_file,
    ".xhtml": read_html_file,
    ".txt": read_text_file,
    ".text": read_text_file,
    "": read_text_file,  # no extension
    ".jsonl": read_jsonl_file,
    ".jsonl.gz": read_jsonl_file,
    ".json": read_json_file,
    ".csv": read_csv_file,
    ".tsv": read_csv_file,
    ".parquet": read_parquet_file,
    ".warc": read_warc_file,
    ".warc.gz": read_warc_file,
    ".urls": read_url_list,
}
"""Readers by file suffix (lower case; longest match wins: ``.jsonl.gz``)."""

STREAM_READERS = frozenset(
    {read_jsonl_file, read_csv_file, read_parquet_file, read_warc_file, read_url_list}
)
"""Readers of files that hold many articles (a batch shard each)."""


def reader_for(path: Path) -> Reader | None:
    """The reader for ``path``'s suffix, or None for an unsupported file type."""
    name = path.name.lower()
    for suffix in sorted(READERS, key=len, reverse=True):
        if suffix and name.endswith(suffix) and len(name) > len(suffix):
            return READERS[suffix]
    return READERS.get("") if "." not in name.lstrip(".") else None


def walk_supported(folder: Path, unreadable: list[OSError]) -> list[Path]:
    """Supported files under ``folder``, recursively, sorted; hidden files and
    folders are skipped, symbolic links to folders are not followed. Folders that
    cannot be listed are added to ``unreadable``."""
    found: list[Path] = []
    for root, dirs, files in os.walk(folder, onerror=unreadable.append):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for file in files:
            path = Path(root, file)
            if not file.startswith(".") and reader_for(path) is not None:
                found.append(path)
    return sorted(found, key=lambda p: p.relative_to(folder).parts)


def _from_path(path: Path, options: ReadOptions) -> Iterator[Result]:
    name = str(path)
    if path.is_dir():
        unreadable: list[OSError] = []
        for file in walk_supported(path, unreadable):
            reader = reader_for(file)
            if reader is not None:
                yield from reader(file, options)
        for error in unreadable:
            where = str(error.filename or path)
            yield where, InputError(f"cannot list folder: {error.strerror or error}", source=where)
        return
    if not path.exists():
        yield name, InputError("no such file or directory", source=name)
        return
    if not path.is_file():
        yield name, InputError("not a regular file", source=name)
        return
    reader = reader_for(path)
    if reader is None:
        supported = ", ".join(s for s in READERS if s)
        yield (
            name,
            InputError(
                f"unsupported file type (supported: {supported} or no extension)", source=name
            ),
        )
        return
    yield from reader(path, options)


Fetch = Callable[[str], FetchedPage]
"""Something that fetches a URL: :func:`fetch_url` with the settings, or a crawler's
polite fetcher (robots.txt, per-host delay, retries)."""


def read_url(url: str, options: ReadOptions, fetch: Fetch | None = None) -> Iterator[Result]:
    """One URL, fetched by ``fetch`` (default: :func:`fetch_url` with the options'
    settings), read as HTML or text by its content type; the error it raised instead."""
    try:
        page = fetch(url) if fetch is not None else fetch_url(url, options.settings)
        media_type = page.media_type
        if media_type in _HTML_MEDIA_TYPES:
            html = decode_html(page.body, url, encoding=page.charset)
            yield from _document(
                url,
                partial(
                    article_from_html,
                    html,
                    url=page.final_url,
                    published=options.published,
                    settings=options.settings,
                ),
            )
            return
        if media_type in {None, "application/octet-stream"} or media_type.startswith("text/"):
            text = decode_bytes(page.body, url, encoding=page.charset)
            yield from _from_text_or_html(url, text, options, url=page.final_url)
            return
        raise InputError(f"unsupported content type {media_type!r}")
    except NewsEventsError as exc:
        exc.source = url
        yield url, exc


def _from_stdin(stream: TextIO | BinaryIO | None, options: ReadOptions) -> Iterator[Result]:
    stream = stream if stream is not None else sys.stdin
    # Read bytes where possible: a text wrapper would raise on input that is not UTF-8.
    binary = getattr(stream, "buffer", None)
    data = (binary if binary is not None else stream).read()
    if isinstance(data, bytes):
        try:
            text = decode_bytes(data, STDIN_NAME)
        except NewsEventsError as exc:
            exc.source = STDIN_NAME
            yield STDIN_NAME, exc
            return
    else:
        text = data
    yield from _from_text_or_html(STDIN_NAME, text, options)


def iter_articles(
    spec: str | Path,
    *,
    published: str | dt.date | None = None,
    settings: Settings | None = None,
    stdin: TextIO | BinaryIO | None = None,
    part: Part | None = None,
) -> Iterator[Result]:
    """Articles from what the user named, each with its source name.

    ``spec`` is ``"-"`` (read ``stdin``, default ``sys.stdin``; HTML or text by
    content), an http(s) URL (fetched; HTML or text by content type), a file
    (``.html``/``.htm``/``.xhtml``: HTML; ``.txt``/``.text``/no extension: text, or
    HTML when it looks like HTML; ``.jsonl``/``.jsonl.gz``: one article per line,
    named ``path:lineno``; ``.json``: one article object or an array of them;
    ``.csv``/``.tsv``: one article per row, named ``path:lineno``; ``.parquet``: one
    per row, named ``path#row``; ``.warc``/``.warc.gz``: one per HTML response record,
    named ``path#offset``) or a folder (its supported files, recursively, sorted,
    hidden ones skipped). ``published`` applies to every article and wins over any
    date found in them. ``part`` reads one part of a JSONL, CSV, Parquet or WARC file
    (a batch shard).

    A document that cannot be read yields its error (with ``source`` set to the
    source name) instead of an article; a missing path yields one
    :class:`InputError`. Nothing is read before the first item is asked for.

    Raises:
        DateError: ``published`` is not a date (raised at once, before iterating).
    """
    settings = settings or Settings()
    options = ReadOptions(
        published=parse_published(published, order=settings.date_order),
        settings=settings,
        part=part,
    )
    if isinstance(spec, str) and spec == STDIN:
        return _from_stdin(stdin, options)
    if isinstance(spec, str) and _URL.match(spec):
        return read_url(spec, options)
    return _from_path(Path(spec), options)
