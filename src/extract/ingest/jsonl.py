"""JSON Lines input: one article per line, optionally gzip-compressed.

Each line is an object with ``text`` or ``html`` (``text`` wins when both are present:
it is already clean) and optionally ``url``, ``published``, ``title`` and ``id``; other
keys are ignored, so records from other tools can be read as they are. A bad line
becomes an :class:`~extract.errors.InputError` for that line (source ``path:lineno``)
and reading goes on.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import zlib
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from extract.config import Settings
from extract.errors import InputError, NewsEventsError
from extract.ingest.dates import parse_published
from extract.ingest.html import article_from_html
from extract.ingest.text import article_from_text
from extract.records import Article


class JsonlRecord(BaseModel):
    """One line of a JSONL input file."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    text: str | None = None
    html: str | None = None
    url: str | None = None
    published: str | None = None
    title: str | None = None
    id: str | int | None = None


def _open(path: Path) -> gzip.GzipFile | io.BufferedReader:
    if path.name.lower().endswith(".gz"):
        return gzip.open(path, "rb")
    return path.open("rb")


def _parse_line(raw: bytes, source: str) -> JsonlRecord:
    try:
        data = json.loads(raw)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError both
        raise InputError(f"invalid JSON: {exc}", source=source) from exc
    if not isinstance(data, dict):
        raise InputError(f"expected a JSON object, got {type(data).__name__}", source=source)
    try:
        record = JsonlRecord.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise InputError(f"field {where!r}: {first['msg']}", source=source) from exc
    if record.text is None and record.html is None:
        raise InputError("no 'text' or 'html' field", source=source)
    return record


def read_records(path: Path) -> Iterator[tuple[str, JsonlRecord | InputError]]:
    """The records of a ``.jsonl`` or ``.jsonl.gz`` file, one per non-blank line,
    each named ``path:lineno``; a bad line gives an :class:`InputError` instead, an
    unreadable file (or corrupt compression) one last error."""
    lineno = 0
    try:
        with _open(path) as stream:
            for lineno, raw in enumerate(stream, start=1):
                if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                if not raw.strip():
                    continue
                source = f"{path}:{lineno}"
                try:
                    yield source, _parse_line(raw, source)
                except InputError as exc:
                    yield source, exc
    except (OSError, EOFError, zlib.error) as exc:  # gzip.BadGzipFile is an OSError
        where = f"{path}:{lineno + 1}" if lineno else str(path)
        yield where, InputError(f"cannot read {path}: {exc}", source=where)


def article_from_record(
    record: JsonlRecord, *, published: dt.date | None = None, settings: Settings
) -> Article:
    """The article of one JSONL record. ``published`` (the caller's date for every
    article) wins over the record's own ``published``.

    Raises:
        InputError: as :func:`~extract.ingest.text.article_from_text` or
            :func:`~extract.ingest.html.article_from_html`, or a bad ``published``.
    """
    date = published if published is not None else parse_published(record.published)
    if record.text is not None:
        article = article_from_text(
            record.text, url=record.url, title=record.title, published=date, settings=settings
        )
    elif record.html is not None:
        article = article_from_html(
            record.html, url=record.url, title=record.title, published=date, settings=settings
        )
    else:
        raise InputError("no 'text' or 'html' field")
    if record.id is not None:
        article = article.model_copy(update={"id": str(record.id)})
    return article


def iter_jsonl_articles(
    path: Path, *, published: dt.date | None = None, settings: Settings
) -> Iterator[tuple[str, Article | NewsEventsError]]:
    """``(path:lineno, article or error)`` for each line of a JSONL file."""
    for source, item in read_records(path):
        if isinstance(item, InputError):
            yield source, item
            continue
        try:
            yield source, article_from_record(item, published=published, settings=settings)
        except NewsEventsError as exc:
            exc.source = source
            yield source, exc
