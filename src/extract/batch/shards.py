"""Planning a batch: what the user named -> shards, the unit of work and of retry.

A WARC, JSONL or URL-list file is one shard; loose HTML and text files are grouped, in
sorted order, into shards of ``files_per_shard``; URLs given on the command line form one
shard. A shard's id hashes its inputs' paths, sizes and modification times, so a changed
input is a new shard and a finished one is recognised on ``--resume``.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from extract.errors import InputError

_URL = re.compile(r"^https?://", re.IGNORECASE)


@dataclass(frozen=True)
class Shard:
    """One unit of work: an archive file, a group of loose files, or a list of URLs."""

    id: str
    kind: str  # "archive", "files" or "urls"
    inputs: tuple[str, ...]

    @property
    def label(self) -> str:
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


def plan_shards(inputs: Iterable[str], files_per_shard: int = 200) -> list[Shard]:
    """Shards for the named inputs (files, folders, URL-list files, http(s) URLs).

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
        shards.append(Shard(f"{_slug(str(a))}-{_fingerprint([str(a)])}", "archive", (str(a),)))
    for i in range(0, len(loose), files_per_shard):
        group = tuple(str(p) for p in loose[i : i + files_per_shard])
        shards.append(Shard(f"{_slug(group[0])}-{_fingerprint(group)}", "files", group))
    if urls:
        shards.append(Shard(f"urls-{_fingerprint(urls)}", "urls", tuple(urls)))
    seen: set[str] = set()
    unique = []
    for s in shards:  # the same file named twice is one shard
        if s.id not in seen:
            seen.add(s.id)
            unique.append(s)
    return unique
