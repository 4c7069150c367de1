"""Running the pipeline over a gold corpus and scoring it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from extract.api import Extractor
from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc, load_native
from extract.evaluate.scorer import score
from extract.records import Article, PublishedSource

FORMATS = ("native", "timeml", "meantime", "newsquant", "wikievents", "rams", "geowebnews",
           "ecbplus")  # fmt: skip


def load_gold(path: Path, fmt: str = "native") -> list[GoldDoc]:
    """Load a gold corpus in one of :data:`FORMATS`."""
    if not path.exists():
        raise InputError(f"no such gold file or folder: {path}")
    if fmt == "native":
        return load_native(path)
    from extract.evaluate.importers import LOADERS

    if fmt not in LOADERS:
        raise InputError(f"unknown gold format {fmt!r}; one of {', '.join(FORMATS)}")
    return LOADERS[fmt](path)


def input_article(gold: GoldDoc) -> Article:
    """What the pipeline sees: the gold text and publication date, nothing else."""
    a = gold.result.article
    return Article(
        id=a.id,
        text=a.text,
        title=a.title,
        language="en",
        published=a.published,
        published_source=PublishedSource.given if a.published else PublishedSource.unknown,
    )


def evaluate(
    docs: list[GoldDoc],
    extractor: Extractor,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Run ``extractor`` on every gold document and score it (see :func:`score`). Gold
    with event coreference (ECB+) also gets ``coref``: the cross-document event
    coreference scores (:func:`extract.evaluate.coref.ecbplus_coref`), and its CoNLL F1
    as ``conll_f1``; gold with event-mention statuses (MEANTIME) gets
    ``event_status["gold_triggers"]`` (:func:`extract.evaluate.status.gold_trigger_status`).

    Args:
        docs: gold documents.
        extractor: a loaded pipeline.
        progress: called with (done, total) after each document.
    """
    preds = []
    for i, pred in enumerate(extractor.process_articles(input_article(d) for d in docs), start=1):
        preds.append(pred)
        if progress is not None:
            progress(i, len(docs))
    report = score(zip(docs, preds, strict=True))
    if "event_status" in report:  # MEANTIME: our status rules on every gold event mention
        from extract.evaluate.status import gold_trigger_status

        report["event_status"]["gold_triggers"] = gold_trigger_status(extractor.nlp, docs)
    if any(isinstance(d.meta.get("event_mentions"), list) for d in docs):
        from extract.evaluate.coref import ecbplus_coref

        report["coref"] = ecbplus_coref(docs, preds)
        report["conll_f1"] = report["coref"]["conll_f1"]
    return report
