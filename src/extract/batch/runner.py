"""Running a batch: shards through the pipeline into tables, resumable, in one process,
in a pool of worker processes, or as tasks on a Dask cluster.

Every shard writes its tables (temporary file, then rename) and then its manifest; a
shard counts as finished only when its manifest is there. A run killed at any moment
leaves no manifest for the shard it was working on, so ``resume`` runs that shard again
and overwrites its tables: every article ends up in the output exactly once. The same
shard always gives the same rows, whichever engine or worker ran it.
"""

from __future__ import annotations

import contextlib
import ctypes
import datetime as dt
import functools
import gc
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from extract.batch.parts import DEFAULT_PART_SIZE
from extract.batch.shards import Shard, plan_shards
from extract.batch.tables import (
    TABLES,
    TableWriter,
    canonical_url,
    content_hash,
    error_row,
    rows_for,
    write_json_atomic,
)
from extract.config import Settings
from extract.errors import NewsEventsError
from extract.records import SCHEMA_VERSION, Article, ArticleResult, ErrorRecord, PublishedSource

MANIFESTS = "_manifests"
BATCH = 64  # articles per pipeline call inside a shard, at most
# and at most this many characters: spaCy's parser and entity recognizer hold arrays for
# every token of a batch at once, so a batch of long articles would raise the peak memory
# of a long run (with 64 articles of ~1,800 characters: ~350 MB above the steady state)
BATCH_CHARS = 50_000
# batches between two trims of the C heap (_release_heap): each trim hands pages back that
# the next batches fault in again, so not after every batch
TRIM_EVERY = 8


ShardReader = Callable[[Shard, Settings], Iterator[tuple[str, Article | NewsEventsError]]]
"""Yields a shard's ``(source, article or error)`` pairs."""


class ArticleTimeoutError(NewsEventsError):
    reason = "timeout"


@dataclass
class ShardResult:
    """What one shard produced (also the body of its manifest)."""

    shard: str
    inputs: list[str]
    articles: int = 0
    events: int = 0
    mentions: int = 0
    errors: int = 0
    duplicates: int = 0
    unread_dates: int = 0  # articles whose record's date could not be read (published_raw)
    seconds: float = 0.0
    skipped: bool = False
    files: dict[str, str] = field(default_factory=dict)
    error_reasons: dict[str, int] = field(default_factory=dict)


@dataclass
class BatchSummary:
    shards: list[ShardResult]
    seconds: float

    @property
    def articles(self) -> int:
        return sum(s.articles for s in self.shards)

    @property
    def events(self) -> int:
        return sum(s.events for s in self.shards)

    @property
    def errors(self) -> int:
        return sum(s.errors for s in self.shards)

    @property
    def unread_dates(self) -> int:
        return sum(s.unread_dates for s in self.shards)


_heap_settled = False


def _settle_heap() -> None:
    """Once per process, after the model is loaded: move its objects (vocabulary, tables,
    gazetteer: ~250,000 of them) out of the cyclic garbage collector's way. A full
    collection would otherwise walk all of them again every few thousand articles; this
    takes ~0.4 ms per article off a long run. They live as long as the process anyway."""
    global _heap_settled
    if not _heap_settled:
        _heap_settled = True
        gc.collect()
        gc.freeze()


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, where the C library has it (not on macOS or musl)."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def _release_heap() -> None:
    """Give the pages freed by a batch back to the system. Our components work on a
    second thread, so two of glibc's heaps take turns with large blocks (spaCy's and
    torch's arrays) and leave free pages between live ones; trimmed after every batch,
    the peak RSS of a long run stays flat (trimmed after every batch: ~1% from 1,000 to
    4,000 articles in one process, against ~6% untrimmed)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def manifest_path(out_dir: Path, shard_id: str) -> Path:
    return out_dir / MANIFESTS / f"{shard_id}.json"


def finished(out_dir: Path, shard: Shard) -> ShardResult | None:
    """The shard's result when its manifest and every file it lists are there."""
    path = manifest_path(out_dir, shard.id)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not all((out_dir / f).is_file() for f in data.get("files", {}).values()):
        return None
    known = {k: v for k, v in data.items() if k in ShardResult.__dataclass_fields__}
    return ShardResult(**{**known, "skipped": True})


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`ArticleTimeoutError` after ``seconds`` (main thread only: signals)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def _alarm(_signum: int, _frame: Any) -> None:
        raise ArticleTimeoutError(f"processing took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _start(
    extractor: Any, batch: list[tuple[str, Article]], time_limit: float | None
) -> Callable[[], list[tuple[str, ArticleResult | ErrorRecord]]]:
    """Start a batch (:meth:`Extractor.start_articles`: spaCy now, our components on a
    background thread); the function returned gives its results in order. A batch that
    times out or fails, in either step, is redone one article at a time, so one bad
    article costs only itself."""
    sources = [s for s, _ in batch]
    try:
        with _time_limit(time_limit * len(batch) if time_limit else None):
            results = extractor.start_articles([a for _, a in batch])
    except Exception:
        done = _one_by_one(extractor, batch, time_limit)
        return lambda: done

    def finish() -> list[tuple[str, ArticleResult | ErrorRecord]]:
        try:
            with _time_limit(time_limit * len(batch) if time_limit else None):
                return list(zip(sources, results(), strict=True))
        except ArticleTimeoutError:
            # the background thread may still be busy with this batch: later batches
            # get a new one, and this batch is redone here, where a signal can stop it
            extractor.abandon_background()
            return _one_by_one(extractor, batch, time_limit)
        except Exception:
            return _one_by_one(extractor, batch, time_limit)

    return finish


def _one_by_one(
    extractor: Any, batch: list[tuple[str, Article]], time_limit: float | None
) -> list[tuple[str, ArticleResult | ErrorRecord]]:
    out: list[tuple[str, ArticleResult | ErrorRecord]] = []
    for source, article in batch:
        try:
            with _time_limit(time_limit):
                out.append((source, extractor.process_article(article)))
        except NewsEventsError as exc:
            out.append((source, ErrorRecord.from_error(source, exc)))
        except Exception as exc:
            out.append(
                (
                    source,
                    ErrorRecord(
                        source=source,
                        reason="internal_error",
                        message=f"{type(exc).__name__}: {exc}",
                    ),
                )
            )
    return out


def _articles(shard: Shard, settings: Settings) -> Iterator[tuple[str, Article | NewsEventsError]]:
    from extract.ingest.sources import iter_articles

    for spec in shard.inputs:
        try:
            yield from iter_articles(spec, settings=settings, part=shard.part)
        except NewsEventsError as exc:
            yield spec, exc
        except Exception as exc:
            yield spec, NewsEventsError(f"{type(exc).__name__}: {exc}", source=spec)


def run_shard(
    shard: Shard,
    out_dir: Path,
    settings: Settings,
    *,
    formats: Sequence[str] = ("parquet",),
    time_limit: float | None = 60.0,
    on_article: Callable[[ArticleResult | ErrorRecord], None] | None = None,
    read: ShardReader | None = None,
) -> ShardResult:
    """Process one shard and write its tables and manifest under ``out_dir``. Rows go to
    the shard's table files as they are made (memory is bound by a pipeline batch, not
    by the shard); the files get their names, and then the manifest is written, only
    when the shard is done. ``read`` yields the shard's articles (default: its inputs
    read as :func:`~extract.ingest.sources.iter_articles` does; the crawler passes its
    polite fetcher's reader)."""
    from extract.api import get_extractor

    started = time.perf_counter()
    extractor = get_extractor(settings)
    _settle_heap()
    writers = {
        (table, fmt): TableWriter(table, out_dir / f"{table}/{shard.id}.{fmt}", fmt)
        for fmt in formats
        for table in TABLES
    }
    result = ShardResult(shard=shard.id, inputs=list(shard.inputs))
    seen_url: dict[str, str] = {}
    seen_text: dict[str, str] = {}

    def add(table: str, new: list[dict[str, Any]]) -> None:
        if new:
            for fmt in formats:
                writers[table, fmt].add(new)

    def record(item: ArticleResult | ErrorRecord, source: str) -> None:
        if isinstance(item, ErrorRecord):
            add("errors", [error_row(item, shard.id)])
            result.errors += 1
            result.error_reasons[item.reason] = result.error_reasons.get(item.reason, 0) + 1
        else:
            for table, new in rows_for(item, source, shard.id).items():
                add(table, new)
            result.articles += 1
            result.mentions += len(item.times) + len(item.quantities)
            result.mentions += len(item.places) + len(item.actors)
            result.events += len(item.events)
            a = item.article
            if a.published_raw is not None and a.published_source is not PublishedSource.given:
                result.unread_dates += 1
        if on_article is not None:
            on_article(item)

    batch: list[tuple[str, Article]] = []
    chars = 0
    # the batch started and not yet recorded: our components work on it in the background
    # while spaCy parses the next batch (Extractor.start_articles)
    started_batch: Callable[[], list[tuple[str, ArticleResult | ErrorRecord]]] | None = None
    batches_done = 0

    def flush() -> None:
        nonlocal chars, started_batch, batches_done
        now = _start(extractor, list(batch), time_limit) if batch else None
        batch.clear()
        chars = 0
        if started_batch is not None:
            for source, item in started_batch():
                record(item, source)
            batches_done += 1
            if batches_done % TRIM_EVERY == 0:
                _release_heap()
        started_batch = now

    try:
        for source, item in (read or _articles)(shard, settings):
            if isinstance(item, NewsEventsError):
                record(ErrorRecord.from_error(source, item), source)
                continue
            url = canonical_url(item.url)
            digest = content_hash(item.text)
            first = (seen_url.get(url) if url else None) or seen_text.get(digest)
            if first is not None:
                result.duplicates += 1
                record(
                    ErrorRecord(
                        source=source, reason="duplicate", message=f"same article as {first}"
                    ),
                    source,
                )
                continue
            if url:
                seen_url[url] = source
            seen_text[digest] = source
            batch.append((source, item))
            chars += len(item.text)
            if len(batch) >= BATCH or chars >= BATCH_CHARS:
                flush()
        flush()  # the last batch, if any
        flush()  # and its results
        for (table, fmt), writer in writers.items():
            writer.commit()
            result.files[f"{table}.{fmt}"] = f"{table}/{shard.id}.{fmt}"
    except BaseException:
        for writer in writers.values():
            writer.discard()
        raise
    result.seconds = round(time.perf_counter() - started, 3)
    manifest = {
        **asdict(result),
        "kind": shard.kind,
        "schema_version": SCHEMA_VERSION,
        "settings": {"spacy_model": settings.spacy_model, "event_typer": settings.event_typer},
        "finished": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "worker": f"{socket.gethostname()}:{os.getpid()}",  # which process ran it
    }
    if shard.part is not None:
        manifest["part"] = asdict(shard.part)
    manifest.pop("skipped")
    write_json_atomic(manifest, manifest_path(out_dir, shard.id))
    return result


def run_shard_task(
    shard: Shard, out_dir: str, settings_json: str, formats: Sequence[str], time_limit: float | None
) -> ShardResult:
    """Entry point for worker processes and Dask tasks (plain, picklable arguments)."""
    settings = Settings.model_validate_json(settings_json)
    return run_shard(shard, Path(out_dir), settings, formats=formats, time_limit=time_limit)


def _threads_beside_spacy(cores: int) -> int:
    """Torch threads for a worker with ``cores`` cores: one is kept for spaCy, which parses
    the next batch on the main thread while the encoder works on the background one."""
    return max(1, cores - 1)


@contextlib.contextmanager
def _torch_threads(settings: Settings, threads: int) -> Iterator[None]:
    """Torch's intra-op threads set to ``threads`` while a batch runs in this process (and
    put back after); nothing when the typer does not use torch."""
    torch: Any = None
    if settings.event_typer != "lexicon":
        with contextlib.suppress(ImportError):
            import torch
    if torch is None:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def torch_threads_here(settings: Settings) -> contextlib.AbstractContextManager[None]:
    """Torch's threads for shards run in this process (the batch with one worker, the
    crawler): every core but the one spaCy parses on."""
    return _torch_threads(settings, _threads_beside_spacy(os.cpu_count() or 1))


def _init_worker(settings_json: str, threads: int) -> None:
    """Load the pipeline once per worker process (``get_extractor`` keeps it); the
    transformer typer's torch gets the worker's share of the cores."""
    from extract.api import get_extractor

    settings = Settings.model_validate_json(settings_json)
    if settings.event_typer != "lexicon":
        with contextlib.suppress(ImportError):  # without torch the typer says what is missing
            import torch

            torch.set_num_threads(threads)
    get_extractor(settings)


def run_batch(
    inputs: Sequence[str],
    out_dir: Path,
    settings: Settings | None = None,
    *,
    workers: int = 1,
    engine: str = "local",
    scheduler: str | None = None,
    resume: bool = False,
    formats: Sequence[str] = ("parquet",),
    files_per_shard: int = 200,
    part_size: int | None = DEFAULT_PART_SIZE,
    time_limit: float | None = 60.0,
    on_plan: Callable[[list[Shard]], None] | None = None,
    on_shard: Callable[[ShardResult], None] | None = None,
    on_article: Callable[[ArticleResult | ErrorRecord], None] | None = None,
) -> BatchSummary:
    """Run every shard of ``inputs`` into ``out_dir``; with ``resume``, shards finished by
    an earlier run are skipped. A JSONL, CSV, Parquet or WARC file of more than
    ``part_size`` records is worked in parts of about that many, each a shard (None:
    every file whole). Never prints: progress goes to the callbacks (``on_article`` is
    called only for shards run in this process).

    Raises:
        InputError: an input does not exist or has an unsupported type.
    """
    settings = settings or Settings()
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    shards = plan_shards(inputs, files_per_shard=files_per_shard, part_size=part_size)
    if on_plan is not None:
        on_plan(shards)
    done: list[ShardResult] = []
    todo: list[Shard] = []
    for shard in shards:
        prior = finished(out_dir, shard) if resume else None
        if prior is not None:
            done.append(prior)
            if on_shard is not None:
                on_shard(prior)
        else:
            todo.append(shard)

    def finish(res: ShardResult) -> None:
        done.append(res)
        if on_shard is not None:
            on_shard(res)

    if engine == "dask":
        _run_dask(todo, out_dir, settings, formats, time_limit, scheduler, workers, finish)
    elif workers > 1 and len(todo) > 1:
        _run_pool(todo, out_dir, settings, formats, time_limit, workers, finish)
    else:
        with torch_threads_here(settings):
            for shard in todo:
                finish(
                    run_shard(
                        shard,
                        out_dir,
                        settings,
                        formats=formats,
                        time_limit=time_limit,
                        on_article=on_article,
                    )
                )
    order = {s.id: i for i, s in enumerate(shards)}
    done.sort(key=lambda r: order.get(r.shard, len(order)))
    return BatchSummary(done, round(time.perf_counter() - started, 3))


def _run_pool(
    todo: list[Shard],
    out_dir: Path,
    settings: Settings,
    formats: Sequence[str],
    time_limit: float | None,
    workers: int,
    finish: Callable[[ShardResult], None],
) -> None:
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    settings_json = settings.model_dump_json()
    with ProcessPoolExecutor(
        max_workers=workers,
        mp_context=mp.get_context("spawn"),
        initializer=_init_worker,
        initargs=(settings_json, _threads_beside_spacy((os.cpu_count() or 1) // workers)),
    ) as pool:
        futures = [
            pool.submit(run_shard_task, s, str(out_dir), settings_json, tuple(formats), time_limit)
            for s in todo
        ]
        for fut in as_completed(futures):
            finish(fut.result())


def _run_dask(
    todo: list[Shard],
    out_dir: Path,
    settings: Settings,
    formats: Sequence[str],
    time_limit: float | None,
    scheduler: str | None,
    workers: int,
    finish: Callable[[ShardResult], None],
) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as exc:
        raise NewsEventsError(
            "engine 'dask' needs the 'dask' extra (pip install 'newsevents[dask]')"
        ) from exc
    cluster = None
    if scheduler:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    else:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=max(1, workers), threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
    try:
        settings_json = settings.model_dump_json()
        futures = client.map(
            run_shard_task,
            todo,
            out_dir=str(out_dir),
            settings_json=settings_json,
            formats=tuple(formats),
            time_limit=time_limit,
            key=[f"newsevents-shard-{s.id}" for s in todo],
            retries=2,
            pure=False,
        )
        for fut in as_completed(futures):  # type: ignore[no-untyped-call]
            finish(fut.result())
    finally:
        client.close()  # type: ignore[no-untyped-call]
        if cluster is not None:
            cluster.close()


def read_manifests(out_dir: Path) -> list[dict[str, Any]]:
    """The manifests of the finished shards in ``out_dir``; one that names no ``shard``
    (written by hand, or by an older version) is the shard its file is named after."""
    folder = Path(out_dir) / MANIFESTS
    return [
        {"shard": p.stem, **json.loads(p.read_text(encoding="utf-8"))}
        for p in sorted(folder.glob("*.json"))
        if not p.name.startswith(".")
    ]
