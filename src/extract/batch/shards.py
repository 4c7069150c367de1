"""Planning a batch: what the user named -> shards, the unit of work and of retry.

A WARC, JSONL, CSV/TSV or Parquet file of more than ``part_size`` records is cut into
parts of about ``part_size`` records (:mod:`extract.batch.parts`), each a shard; a
smaller one, and a URL-list file, is one shard. Loose HTML, text and JSON files are
grouped, in sorted order, into shards of ``files_per_shard``; URLs given on the command
line form one shard. A shard's id hashes its inputs' paths, sizes and modification times
(and a part's range), so a changed input is planned anew and a finished shard is
recognised on ``--resume``.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from extract.errors import InputError

if TYPE_CHECKING:
    from extract.ingest.sources import Part

_URL = re.compile(r"^https?://", re.IGNORECASE)


@dataclass(frozen=True)
class Shard:
    """One unit of work: an archive file, a group of loose files, or a list of URLs."""

    id: str
    kind: str  # "archive", "part", "files" or "urls"
    inputs: tuple[str, ...]
    part: Part | None = None  # the range of the one input a "part" shard reads
    records: int | None = None  # records planned in it, when known (progress)

    @property
    def label(self) -> str:
        if self.part is not None:
            return f"{self.inputs[0]} [{self.part.start}:{self.part.end or 'end'}]"
        return (
            self.inputs[0]
            if len(self.inputs) == 1
            else f"{self.inputs[0]} (+{len(self.inputs) - 1})"
        )


def _fingerprint(items: Iterable[str]) -> str:
    h = hashlib.sha1()
    for item in items:
        h.update(item.encode("utf-8", "surrogateescape"))
        if not _URL.match(item):
            try:
                st = os.stat(item)
                h.update(f"|{st.st_size}|{st.st_mtime_ns}".encode())
            except OSError:
                h.update(b"|missing")
        h.update(b"\n")
    return h.hexdigest()[:12]


def _slug(path: str) -> str:
    stem = Path(path).name.split(".")[0]
    return re.sub(r"[^A-Za-z0-9_-]+", "_", stem)[:40] or "shard"


def _archive_shards(path: Path, part_size: int | None) -> list[Shard]:
    """The shards of one stream file: its parts, or the whole file."""
    from extract.batch.parts import plan_parts
    from extract.ingest.sources import reader_for

    name = str(path)
    slug, fp = _slug(name), _fingerprint([name])
    reader = reader_for(path)
    plan = plan_parts(path, reader, part_size) if part_size and reader is not None else []
    if len(plan) <= 1:  # the whole file: the shard it always was
        records = plan[0][1] if plan else None
        return [Shard(f"{slug}-{fp}", "archive", (name,), records=records)]
    shards = []
    for i, (part, count) in enumerate(plan):
        span = hashlib.sha1(f"{fp}|{part.start}|{part.end}|{part.first}".encode()).hexdigest()
        shards.append(Shard(f"{slug}-{fp}-{i:05d}-{span[:8]}", "part", (name,), part, count))
    return shards


def plan_shards(
    inputs: Iterable[str], files_per_shard: int = 200, part_size: int | None = None
) -> list[Shard]:
    """Shards for the named inputs (files, folders, URL-list files, http(s) URLs). With
    ``part_size``, a big JSONL, CSV, Parquet or WARC file is cut into parts of about
    that many records (its file is scanned once here, a record at a time).

    Raises:
        InputError: an input does not exist or has a type no reader handles.
    """
    from extract.ingest.sources import STREAM_READERS, reader_for, walk_supported

    archives: list[Path] = []
    loose: list[Path] = []
    urls: list[str] = []
    for spec in inputs:
        if _URL.match(spec):
            urls.append(spec)
            continue
        path = Path(spec)
        if path.is_dir():
            unreadable: list[OSError] = []
            files = walk_supported(path, unreadable)
            if unreadable:
                raise InputError(f"cannot list folder: {unreadable[0]}", source=spec)
        elif path.is_file():
            if reader_for(path) is None:
                raise InputError(f"unsupported file type: {path}", source=spec)
            files = [path]
        else:
            raise InputError("no such file or directory", source=spec)
        for f in files:
            (archives if reader_for(f) in STREAM_READERS else loose).append(f)
    shards: list[Shard] = []
    for a in archives:
        shards.extend(_archive_shards(a, part_size))
    for i in range(0, len(loose), files_per_shard):
        group = tuple(str(p) for p in loose[i : i + files_per_shard])
        shards.append(
            Shard(f"{_slug(group[0])}-{_fingerprint(group)}", "files", group, records=len(group))
        )
    if urls:
        shards.append(Shard(f"urls-{_fingerprint(urls)}", "urls", tuple(urls), records=len(urls)))
    seen: set[str] = set()
    unique = []
    for s in shards:  # the same file named twice is one shard
        if s.id not in seen:
            seen.add(s.id)
            unique.append(s)
    return unique
