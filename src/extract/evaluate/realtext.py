"""The real-text gate: the whole pipeline over every real text we hold.

Every article, document or sentence text of the public dev corpora (``shared/data/dev``)
and the seed article goes through the library's own path (plain text -> :class:`Article`
with the corpus's publication date where it gives one -> the pipeline, batched). Each text
ends as ``ok``, as refused with a :class:`~extract.errors.NewsEventsError` reason, or as a
crash: any other exception, or the ``internal_error`` reason a component's guard gives.
A correct pipeline has no crash on any of them.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from extract.api import Extractor
from extract.errors import NewsEventsError
from extract.evaluate.corpus import GoldDoc
from extract.ingest.text import article_from_text
from extract.records import Article

CORPORA: dict[str, tuple[str, str]] = {
    "tbaq": ("tempeval3-tbaq", "timeml"),
    "meantime": ("meantime-apple", "meantime"),
    "newsquant": ("newsquant-dev", "newsquant"),
    "wikievents": ("wikievents-dev", "wikievents"),
    "rams": ("rams-dev", "rams"),
    "geowebnews": ("geowebnews-dev", "geowebnews"),
    "ecbplus": ("ecbplus-dev", "ecbplus"),
}
"""Corpus name -> (folder under ``shared/data/dev``, gold format)."""

SEED_PUBLISHED = dt.date(2020, 4, 2)
"""The seed article's publication date (``shared/seed/README.md``)."""

CRASH = "internal_error"


@dataclass(frozen=True)
class RealText:
    """One real text: where it comes from and what the pipeline is given."""

    corpus: str
    id: str
    text: str
    published: dt.date | None = None
    title: str | None = None


@dataclass
class GateReport:
    """What became of each text, by corpus."""

    ran: Counter[str] = field(default_factory=Counter)
    refused: dict[str, Counter[str]] = field(default_factory=dict)
    crashes: list[tuple[str, str, str]] = field(default_factory=list)
    """(corpus, text id, exception) for every crash."""

    @property
    def total(self) -> int:
        return sum(self.ran.values()) + sum(sum(c.values()) for c in self.refused.values())

    def refused_by_reason(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for c in self.refused.values():
            out.update(c)
        return out

    def _refuse(self, corpus: str, reason: str) -> None:
        self.refused.setdefault(corpus, Counter())[reason] += 1


def _load(fmt: str, path: Path) -> list[GoldDoc]:
    if fmt == "ecbplus":
        from extract.evaluate.importers import ecbplus

        return ecbplus.load(path)
    from extract.evaluate.importers import LOADERS

    return LOADERS[fmt](path)


def real_texts(shared: Path, corpora: Sequence[str] | None = None) -> Iterator[RealText]:
    """The texts of ``shared/data/dev`` (the corpora named, default all) and the seed.

    Args:
        shared: the ``shared`` folder beside the checkout.
        corpora: names from :data:`CORPORA`, plus ``"seed"``; default all of them.
    """
    names = list(corpora) if corpora is not None else [*CORPORA, "seed"]
    for name in names:
        if name == "seed":
            for p in sorted((shared / "seed").glob("*.txt")):
                text = p.read_text(encoding="utf-8")
                yield RealText("seed", p.stem, text, SEED_PUBLISHED)
            continue
        folder, fmt = CORPORA[name]
        for doc in _load(fmt, shared / "data" / "dev" / folder):
            a = doc.result.article
            yield RealText(name, a.id, a.text, a.published, a.title)


def run_texts(
    extractor: Extractor,
    texts: Iterable[RealText],
    *,
    batch_size: int = 64,
    progress: Callable[[int], None] | None = None,
) -> GateReport:
    """Run the pipeline over ``texts`` as the library does, batched; never raises for a
    text (a crash is recorded in the report).

    Args:
        extractor: a loaded pipeline.
        texts: the texts.
        batch_size: articles per call of :meth:`Extractor.process_articles`.
        progress: called with the number of texts done after each batch.
    """
    report = GateReport()
    batch: list[tuple[RealText, Article]] = []
    done = 0

    def flush() -> None:
        nonlocal done
        try:
            results = list(extractor.process_articles([a for _, a in batch]))
            for rt, _ in batch:
                report.ran[rt.corpus] += 1
        except Exception:
            results = []
        if not results and batch:
            for rt, article in batch:  # find the text that failed the batch
                _one(extractor, rt, article, report)
        done += len(batch)
        batch.clear()
        if progress is not None:
            progress(done)

    for rt in texts:
        try:
            article = article_from_text(
                rt.text, title=rt.title, published=rt.published, settings=extractor.settings
            )
        except NewsEventsError as exc:
            report._refuse(rt.corpus, exc.reason)
            done += 1
            continue
        except Exception as exc:
            report.crashes.append((rt.corpus, rt.id, f"{type(exc).__name__}: {exc}"))
            done += 1
            continue
        batch.append((rt, article.model_copy(update={"id": rt.id})))
        if len(batch) >= batch_size:
            flush()
    flush()
    return report


def _one(extractor: Extractor, rt: RealText, article: Article, report: GateReport) -> None:
    try:
        extractor.process_article(article)
    except NewsEventsError as exc:
        if exc.reason == CRASH:
            report.crashes.append((rt.corpus, rt.id, str(exc)))
        else:
            report._refuse(rt.corpus, exc.reason)
    except Exception as exc:
        report.crashes.append((rt.corpus, rt.id, f"{type(exc).__name__}: {exc}"))
    else:
        report.ran[rt.corpus] += 1
