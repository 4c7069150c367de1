"""Planning the parts of one big file: each part a batch shard of about ``part_size``
records, so one file spreads over every worker, memory is bound by the part and a killed
run redoes at most the parts it had not finished.

A part is a :class:`~extract.ingest.sources.Part`: JSONL and CSV by byte offsets of row
starts (a JSONL.gz in its decompressed data: reading part k of a gzip file decompresses
the file up to it; gzip cannot jump), Parquet by row groups, WARC by record offsets at a
gzip member boundary (a gzip WARC is a series of members; a part never starts inside
one). Planning scans the file once, reading a record at a time, never the whole file
into memory. The plan of a file is a function of its bytes and ``part_size`` alone, so
``--resume`` finds the same parts.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from extract.ingest.sources import Part, Reader

PartPlan = list[tuple[Part, int]]
"""The parts of a file, each with the number of records planned in it."""

DEFAULT_PART_SIZE = 1000


def _cut(records: Iterator[tuple[int, int, bool]], part_size: int) -> PartPlan:
    """Parts from ``(offset, first line or row, whether a part may start here)`` of each
    record in order: a new part at the first record where one may start once the part
    has ``part_size`` records. The last part runs to the end of the file."""
    plan: PartPlan = []
    begin: tuple[int, int] | None = None
    count = 0
    for offset, first, can_start in records:
        if begin is None:
            begin = (offset, first)
        elif count >= part_size and can_start and offset > begin[0]:
            plan.append((Part(begin[0], offset, begin[1]), count))
            begin, count = (offset, first), 0
        count += 1
    if begin is not None:
        plan.append((Part(begin[0], None, begin[1]), count))
    return plan


def _jsonl_starts(path: Path) -> Iterator[tuple[int, int, bool]]:
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    pos = 0
    try:
        with opener(path, "rb") as stream:
            for lineno, raw in enumerate(stream, start=1):
                if raw.strip():
                    yield pos, lineno, True
                pos += len(raw)
    except (OSError, EOFError, zlib.error):
        return  # broken from here: the last part's reader reports where


def plan_jsonl(path: Path, part_size: int) -> PartPlan:
    return _cut(_jsonl_starts(path), part_size)


def plan_csv(path: Path, part_size: int) -> PartPlan:
    import csv

    from extract.errors import InputError
    from extract.ingest.tabular import csv_header, csv_rows, delimiter_for

    def starts(stream: BinaryIO) -> Iterator[tuple[int, int, bool]]:
        try:
            _, start, data_line = csv_header(stream, delimiter_for(path))
            for line, after, row in csv_rows(stream, delimiter_for(path), start, data_line):
                if isinstance(row, csv.Error) or row:
                    yield start, line, True
                start = after
        except (OSError, InputError):
            return  # the reader of the last part (or of the whole file) says why

    try:
        with path.open("rb") as stream:
            return _cut(starts(stream), part_size)
    except OSError:
        return []


def plan_parquet(path: Path, part_size: int) -> PartPlan:
    from extract.errors import InputError
    from extract.ingest.tabular import open_parquet

    try:
        meta = open_parquet(path).metadata
    except InputError:
        return []
    plan: PartPlan = []
    first_group, first_row, rows, row = 0, 0, 0, 0
    for group in range(meta.num_row_groups):
        n = meta.row_group(group).num_rows
        if rows and rows + n > part_size:
            plan.append((Part(first_group, group, first_row), rows))
            first_group, first_row, rows = group, row, 0
        rows += n
        row += n
    if rows or not plan:
        plan.append((Part(first_group, None, first_row), rows))
    else:
        last, count = plan[-1]
        plan[-1] = (Part(last.start, None, last.first), count)
    return plan


_GZIP_MAGIC = b"\x1f\x8b\x08"


def plan_warc(path: Path, part_size: int) -> PartPlan:
    """Parts of a WARC file of about ``part_size`` response records each, cut at record
    starts that are gzip member starts (in a gzip WARC). A scan that fails (a corrupt or
    cut-off record) ends the plan: the last part runs to the end of the file, and its
    reader reports the damage and reads on, as it does for a whole file."""
    from warcio.archiveiterator import ArchiveIterator

    def responses() -> Iterator[tuple[int, int, bool]]:
        with path.open("rb") as stream, path.open("rb") as probe:
            gzipped = probe.read(2) == _GZIP_MAGIC[:2]
            records = ArchiveIterator(stream)
            records.INC_RECORD = ""
            last = 0
            try:
                for record in records:
                    if record.rec_type is None:
                        return
                    if record.rec_type != "response":
                        continue
                    offset = records.get_record_offset()
                    probe.seek(offset)
                    member = not gzipped or probe.read(3) == _GZIP_MAGIC
                    yield offset, 0, member and offset > last
                    last = max(last, offset)
            except Exception:  # the reader of the last part reports what is broken
                return

    try:
        plan = _cut(responses(), part_size)
    except OSError:
        return []
    if plan:  # the first part starts at the file's start, before its first response
        part, count = plan[0]
        plan[0] = (Part(0, part.end, part.first), count)
    return plan


PLANNERS: dict[str, Callable[[Path, int], PartPlan]] = {
    "read_jsonl_file": plan_jsonl,
    "read_csv_file": plan_csv,
    "read_parquet_file": plan_parquet,
    "read_warc_file": plan_warc,
}
"""Planners by the name of the reader of the file type (files without one are read whole)."""


def plan_parts(path: Path, reader: Reader, part_size: int) -> PartPlan:
    """The parts of ``path`` (read by ``reader``), or ``[]`` when the file is read whole
    (a type without parts, or a file that cannot be scanned)."""
    planner = PLANNERS.get(getattr(reader, "__name__", ""))
    return planner(path, max(1, part_size)) if planner is not None else []
