"""Table exports: CSV / TSV files (a header row, then one article per row; quoted fields
may span lines) and Parquet files (one article per row, read a row group at a time so
memory stays flat whatever the file's size).

Columns are found by the names of :mod:`extract.ingest.fields`. A row is named by its
position: ``file.csv:17`` (the line the row starts on, as for JSONL) and
``file.parquet#41`` (the row's index in the file, from 0). A bad row becomes an error
for that row and reading goes on; a file whose columns hold no article text, or that
cannot be opened, gives one error.

Both readers can read one part of a file (``ReadOptions.part``): CSV from a byte offset
where a row starts to the row that ends at or past ``end``; Parquet from one row group
to another. :mod:`extract.batch.parts` plans the parts.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from extract.errors import InputError, NewsEventsError
from extract.ingest.fields import article_from_mapping, field_names, record_columns
from extract.ingest.warc import CorruptRecordError, TruncatedArchiveError

if TYPE_CHECKING:
    from extract.ingest.sources import ReadOptions, Result

PARQUET_BATCH = 1024  # rows converted to Python at a time
_FIELD_LIMIT_FACTOR = 8  # a CSV field may hold up to this many times max_chars characters


def _no_text_error(path: Path, columns: list[str], options: ReadOptions) -> InputError:
    names = field_names(options.settings.fields)
    looked = ", ".join(names["text"] + names["html"])
    shown = ", ".join(columns[:20]) + (", ..." if len(columns) > 20 else "")
    return InputError(
        f"no column holds the article text (looked for: {looked}; the file has: {shown}); "
        "name it with --field text=COLUMN (Settings.fields)",
        source=str(path),
    )


def _has_text(columns: list[str], options: ReadOptions) -> bool:
    names = field_names(options.settings.fields)
    return any(c in columns for c in names["text"] + names["html"])


# -- CSV / TSV ----------------------------------------------------------------------------


class _Lines:
    """The decoded lines of a binary stream for ``csv.reader``, counting the lines and
    bytes it has handed out: after each row they say where the next row starts."""

    def __init__(self, stream: BinaryIO, start: int, first_line: int) -> None:
        self.stream = stream
        self.pos = start
        self.line = first_line  # the number of the next line
        self.first = start == 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        raw = self.stream.readline()
        if not raw:
            raise StopIteration
        self.pos += len(raw)
        if self.first:
            self.first = False
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        self.line += 1
        return raw.decode("utf-8", errors="replace")


def delimiter_for(path: Path) -> str:
    return "\t" if path.name.lower().endswith(".tsv") else ","


def csv_rows(
    stream: BinaryIO, delimiter: str, start: int = 0, first_line: int = 1
) -> Iterator[tuple[int, int, list[str] | csv.Error]]:
    """``(line the row starts on, byte offset after it, fields or the error)`` for each
    row of a CSV stream from byte ``start`` (a row start, on line ``first_line``)."""
    stream.seek(start)
    lines = _Lines(stream, start, first_line)
    reader = csv.reader(lines, delimiter=delimiter)
    while True:
        line = lines.line
        try:
            row: list[str] | csv.Error = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            row = exc
        yield line, lines.pos, row


def csv_header(stream: BinaryIO, delimiter: str) -> tuple[list[str], int, int]:
    """The header row's names, the byte offset and line number where the data starts.

    Raises:
        InputError: the file is empty or its header cannot be read.
    """
    for _line, after, row in csv_rows(stream, delimiter):
        if isinstance(row, csv.Error):
            raise InputError(f"cannot read the header row: {row}")
        if not row:
            continue
        return [name.strip() for name in row], after, _line + 1
    raise InputError("empty file: no header row")


def _ensure_field_limit(options: ReadOptions) -> None:
    wanted = min(options.settings.max_chars * _FIELD_LIMIT_FACTOR, sys.maxsize)
    if csv.field_size_limit() < wanted:
        csv.field_size_limit(wanted)


def read_csv_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """A CSV (or ``.tsv``: tab-separated) file: a header row, then one article per row,
    each named ``path:line``."""
    name = str(path)
    delimiter = delimiter_for(path)
    _ensure_field_limit(options)
    try:
        stream = path.open("rb")
    except OSError as exc:
        yield name, InputError(f"cannot read file: {exc.strerror or exc}", source=name)
        return
    with stream:
        try:
            header, data_start, data_line = csv_header(stream, delimiter)
        except InputError as exc:
            exc.source = name
            yield name, exc
            return
        except OSError as exc:
            yield name, InputError(f"cannot read file: {exc}", source=name)
            return
        if not _has_text(header, options):
            yield name, _no_text_error(path, header, options)
            return
        part = options.part
        start, end, first = (data_start, None, data_line) if part is None else part.bounds
        width = len(header)
        try:
            for line, after, row in csv_rows(stream, delimiter, start, first):
                source = f"{path}:{line}"
                if isinstance(row, csv.Error):
                    yield source, InputError(f"bad CSV row: {row}", source=source)
                elif len(row) > width:
                    yield (
                        source,
                        InputError(
                            f"bad CSV row: {len(row)} fields, the header has {width} "
                            "(an unquoted delimiter in a field?)",
                            source=source,
                        ),
                    )
                elif row:
                    yield _article(source, dict(zip(header, row, strict=False)), options)
                if end is not None and after >= end:
                    return
        except OSError as exc:
            yield name, InputError(f"cannot read file: {exc}", source=name)


def _article(source: str, data: dict[str, Any], options: ReadOptions) -> Result:
    try:
        return source, article_from_mapping(
            data, published=options.published, settings=options.settings
        )
    except NewsEventsError as exc:
        exc.source = source
        return source, exc


# -- Parquet ------------------------------------------------------------------------------


def open_parquet(path: Path) -> Any:
    """The ``pyarrow.parquet.ParquetFile``.

    Raises:
        InputError: the file cannot be read (``truncated`` when its footer is missing).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return pq.ParquetFile(path)
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}") from exc
    except (pa.ArrowException, ValueError) as exc:
        raise TruncatedArchiveError(
            f"not a readable Parquet file (truncated, or not Parquet): {exc}"
        ) from exc


def read_parquet_file(path: Path, options: ReadOptions) -> Iterator[Result]:
    """A Parquet file: one article per row, each named ``path#row`` (from 0). Only the
    columns a record field may come from are read, one row group at a time; a row
    group that cannot be read is one ``corrupt_record`` error and the next is read."""
    import pyarrow as pa

    name = str(path)
    try:
        pf = open_parquet(path)
    except InputError as exc:
        exc.source = name
        yield name, exc
        return
    columns = [c for c in pf.schema_arrow.names if c in record_columns(options.settings)]
    if not _has_text(columns, options):
        yield name, _no_text_error(path, pf.schema_arrow.names, options)
        return
    meta = pf.metadata
    groups = meta.num_row_groups
    first_group, end_group, row = (0, groups, 0) if options.part is None else options.part.bounds
    end_group = groups if end_group is None else min(end_group, groups)
    for group in range(first_group, end_group):
        n = meta.row_group(group).num_rows
        done = 0
        try:
            for batch in pf.iter_batches(
                batch_size=PARQUET_BATCH, row_groups=[group], columns=columns
            ):
                for data in batch.to_pylist():
                    yield _article(f"{path}#{row + done}", data, options)
                    done += 1
        except (pa.ArrowException, OSError, ValueError) as exc:
            where = f"{path}#{row + done}"
            yield (
                where,
                CorruptRecordError(
                    f"Parquet row group {group} unreadable from row {row + done} "
                    f"({n - done} rows lost): {exc}",
                    source=where,
                ),
            )
        row += n
