"""Archive-level event clustering: the reports of one event across many articles.

Events are put into blocks (:mod:`~extract.cluster.blocking`: one PLOVER type, status
group and country, a run of days; copies of one sentence share a block), and only
events of one block are compared. Within a block the copies of one report collapse into
one node, the nodes are scored pairwise (:mod:`~extract.cluster.pairs`: trigger lemma,
subtype and type, sentence and actor overlap, the same place, places within 50 km or in
different countries, the same day, the overlap of the two articles' actors and places,
whether they tell one story, whether they come from one article; a
logistic model fitted on the ECB+ tune half, ``models/event-clusters/``), two events
whose dates lie too far apart are never linked, and the linked nodes are clustered by
the model's linkage (constrained single linkage in the shipped model;
:mod:`~extract.cluster.linkage`). Each cluster then gets one consolidated record
(:mod:`~extract.cluster.consolidate`).

Usable without a pipeline: :func:`cluster_items` on :class:`EventItem` objects built
from :class:`~extract.records.ArticleResult` records (:func:`items_from_results`), in
memory; or :func:`extract.cluster.archive.cluster_archive` over a batch's output
folder, which streams the events block by block."""

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
    """The clusters of ``items`` (held in memory): lists of the events that report one
    event, every item in exactly one, block by block. Copies of one sentence get the
    country, status group and day they are blocked by (:func:`~extract.cluster.blocking.blocks`
    updates the items)."""
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
