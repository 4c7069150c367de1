"""JSON Lines input (one article per line, optionally gzip-compressed) and JSON files
(one article object, as news-please writes them, or an array of them).

Each record is an object whose fields are found by their usual names (text: ``text``,
``maintext``, ``body``, ...; see :mod:`extract.ingest.fields`); ``text`` wins over
``html`` (it is already clean); other keys are ignored, so records from other tools are
read as they are. A bad line becomes an :class:`~extract.errors.InputError` for that
line (source ``path:lineno``) and reading goes on.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from extract.config import Settings
from extract.errors import InputError, InputTooLargeError, NewsEventsError
from extract.ingest.fields import article_from_mapping
from extract.records import Article

JSON_MAX_BYTES_FACTOR = 10
"""A ``.json`` file is read whole: up to this many times ``fetch_max_bytes``."""


def _open(path: Path) -> gzip.GzipFile | io.BufferedReader:
    if path.name.lower().endswith(".gz"):
        return gzip.open(path, "rb")
    return path.open("rb")


def _parse_line(raw: bytes, source: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError both
        raise InputError(f"invalid JSON: {exc}", source=source) from exc
    if not isinstance(data, dict):
        raise InputError(f"expected a JSON object, got {type(data).__name__}", source=source)
    return data


def _skip_to(stream: Any, start: int) -> None:
    """Move a stream to byte ``start`` (of the decompressed data for a gzip file)."""
    if start <= 0:
        return
    if isinstance(stream, gzip.GzipFile):
        stream.seek(start)  # decompresses up to there: gzip cannot jump
    else:
        stream.seek(start)


def read_records(
    path: Path, start: int = 0, end: int | None = None, first_line: int = 1
) -> Iterator[tuple[str, dict[str, Any] | InputError]]:
    """The records of a ``.jsonl`` or ``.jsonl.gz`` file, one per non-blank line, each
    named ``path:lineno``; a bad line gives an :class:`InputError` instead, an
    unreadable file (or corrupt compression) one last error. ``start``/``end`` (byte
    offsets of line starts, in the decompressed data) and ``first_line`` (the line
    number at ``start``) read one part of the file."""
    lineno = first_line - 1
    try:
        with _open(path) as stream:
            _skip_to(stream, start)
            pos = start
            for lineno, raw in enumerate(stream, start=first_line):
                if end is not None and pos >= end:
                    break
                pos += len(raw)
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
    record: dict[str, Any], *, published: dt.date | None = None, settings: Settings
) -> Article:
    """The article of one JSON record (see :func:`~extract.ingest.fields.article_from_mapping`)."""
    return article_from_mapping(record, published=published, settings=settings)


def _articles(
    items: Iterator[tuple[str, dict[str, Any] | InputError]],
    published: dt.date | None,
    settings: Settings,
) -> Iterator[tuple[str, Article | NewsEventsError]]:
    for source, item in items:
        if isinstance(item, InputError):
            yield source, item
            continue
        try:
            yield source, article_from_mapping(item, published=published, settings=settings)
        except NewsEventsError as exc:
            exc.source = source
            yield source, exc


def iter_jsonl_articles(
    path: Path,
    *,
    published: dt.date | None = None,
    settings: Settings,
    start: int = 0,
    end: int | None = None,
    first_line: int = 1,
) -> Iterator[tuple[str, Article | NewsEventsError]]:
    """``(path:lineno, article or error)`` for each line of a JSONL file (or of the
    part from byte ``start`` to ``end``)."""
    return _articles(read_records(path, start, end, first_line), published, settings)


def _json_records(path: Path, limit: int) -> Iterator[tuple[str, dict[str, Any] | InputError]]:
    name = str(path)
    try:
        size = path.stat().st_size
        if size > limit:
            yield (
                name,
                InputTooLargeError(
                    f"JSON file too large to read whole: {size} bytes, limit {limit} "
                    "(write one article per line, JSONL, or Parquet)",
                    source=name,
                ),
            )
            return
        data = json.loads(path.read_bytes())
    except OSError as exc:
        yield name, InputError(f"cannot read file: {exc.strerror or exc}", source=name)
        return
    except ValueError as exc:
        yield name, InputError(f"invalid JSON: {exc}", source=name)
        return
    if isinstance(data, dict):
        yield name, data
        return
    if not isinstance(data, list):
        yield (
            name,
            InputError(
                f"expected a JSON object or an array of objects, got {type(data).__name__}",
                source=name,
            ),
        )
        return
    for i, item in enumerate(data):
        source = f"{path}#{i}"
        if isinstance(item, dict):
            yield source, item
        else:
            yield (
                source,
                InputError(f"expected a JSON object, got {type(item).__name__}", source=source),
            )


def iter_json_articles(
    path: Path, *, published: dt.date | None = None, settings: Settings
) -> Iterator[tuple[str, Article | NewsEventsError]]:
    """A ``.json`` file: one article object (named ``path``, as news-please writes each
    article) or an array of them (named ``path#index``, from 0)."""
    limit = settings.fetch_max_bytes * JSON_MAX_BYTES_FACTOR
    return _articles(_json_records(path, limit), published, settings)
