"""Archive-level event clustering: the reports of one event across many articles, found
by blocking (type, status, country, days), pair scoring (trigger lemma and subtype,
argument, place, date and sentence overlap; a logistic model fitted on ECB+) and average
linkage; then one consolidated record per cluster.

Usable without a pipeline: :func:`cluster_items` on :class:`EventItem` objects built
from :class:`~extract.records.ArticleResult` records (:func:`items_from_results`), or
:func:`extract.cluster.archive.cluster_archive` over a batch's output folder."""

from __future__ import annotations

from collections.abc import Iterable

from extract.cluster.blocking import DEFAULT_BLOCKING, Blocking, blocks
from extract.cluster.items import EventItem, items_from_results
from extract.cluster.linkage import cluster_block
from extract.cluster.pairs import PairModel, load_model


def cluster_items(
    items: Iterable[EventItem],
    model: PairModel | None = None,
    blocking: Blocking = DEFAULT_BLOCKING,
) -> list[list[EventItem]]:
    """The clusters of ``items``: lists of the events that report one event."""
    model = model or load_model()
    out: list[list[EventItem]] = []
    for block in blocks(items, blocking):
        out.extend([block[i] for i in c] for c in cluster_block(block, model))
    return out


__all__ = [
    "Blocking",
    "EventItem",
    "PairModel",
    "cluster_items",
    "items_from_results",
    "load_model",
]
