"""Fitting the pair model on gold coreference (the ECB+ tune half): for each candidate
story overlap, a logistic regression over :data:`~extract.cluster.pairs.FEATURES` on the
pairs of found events within each block (label: the gold mentions they cover share a
cluster), then the linkage threshold that gives the best CoNLL F1 on the same documents;
the story overlap kept is the one whose best threshold scores highest."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from extract.cluster.blocking import DEFAULT_BLOCKING, Blocking, blocks
from extract.cluster.items import items_from_results
from extract.cluster.pairs import FEATURES, PairModel, pair_features
from extract.evaluate.corpus import GoldDoc
from extract.records import ArticleResult


def gold_labels(doc: GoldDoc, pred: ArticleResult) -> dict[str, str]:
    """Event id -> the gold cluster most of the gold mentions it covers belong to."""
    from extract.evaluate.coref import _match, _spans

    spans = _spans(pred.events)
    votes: dict[int, Counter[str]] = defaultdict(Counter)
    for gm in doc.meta.get("event_mentions", []):
        j = _match(spans, gm["start"], gm["end"])
        if j is not None:
            votes[j][gm["cluster"]] += 1
    return {pred.events[j].id: c.most_common(1)[0][0] for j, c in votes.items()}


def training_pairs(
    docs: Sequence[GoldDoc],
    preds: Sequence[ArticleResult],
    blocking: Blocking,
    story_overlap: float,
) -> tuple[np.ndarray, np.ndarray]:
    """(features, labels) of every pair of found events in one block, cannot-links out."""
    by_topic: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(docs):
        by_topic[str(d.meta.get("topic", ""))].append(i)
    xs, ys = [], []
    for topic, idxs in sorted(by_topic.items()):
        label: dict[tuple[str, str], str] = {}
        for i in idxs:
            for eid, c in gold_labels(docs[i], preds[i]).items():
                label[(preds[i].article.id, eid)] = c
        items = [it for it in items_from_results((preds[i] for i in idxs), group=topic)
                 if it.key in label]  # fmt: skip
        for block in blocks(items, blocking):
            if len(block) < 2:
                continue
            f, cannot = pair_features(block, story_overlap)
            lab = np.array([label[it.key] for it in block])
            iu = np.triu_indices(len(block), 1)
            keep = ~cannot[iu]
            xs.append(f[iu][keep])
            ys.append((lab[:, None] == lab[None, :])[iu][keep])
    if not xs:
        return np.zeros((0, len(FEATURES))), np.zeros(0)
    return np.concatenate(xs), np.concatenate(ys).astype(np.float64)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iters: int = 50) -> np.ndarray:
    """Weights of an L2-regularised logistic regression (Newton's method; the bias, the
    first feature, is not penalised), classes weighted to balance."""
    n, k = x.shape
    pos = max(1.0, float(y.sum()))
    neg = max(1.0, float(n - y.sum()))
    sw = np.where(y > 0, n / (2 * pos), n / (2 * neg))
    w = np.zeros(k)
    pen = np.full(k, l2)
    pen[0] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (sw * (p - y)) + pen * w
        hess = (x * (sw * p * (1 - p))[:, None]).T @ x + np.diag(pen + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


STORY_OVERLAPS = (0.10, 0.15, 0.20)
"""The story overlaps tried by :func:`fit_model`."""


def fit_model(
    docs: Sequence[GoldDoc],
    preds: Sequence[ArticleResult],
    blocking: Blocking = DEFAULT_BLOCKING,
    thresholds: Sequence[float] = tuple(np.round(np.arange(0.05, 0.96, 0.05), 2)),
    story_overlaps: Sequence[float] = STORY_OVERLAPS,
) -> tuple[PairModel, dict[str, Any]]:
    """The fitted model and what the fit saw: pairs and positives (at the story overlap
    kept), CoNLL F1 per threshold (at it) and the best CoNLL F1 per story overlap."""
    from extract.evaluate.coref import ecbplus_coref

    fits: dict[float, tuple[PairModel, dict[str, Any]]] = {}
    for overlap in story_overlaps:
        x, y = training_pairs(docs, preds, blocking, float(overlap))
        w = tuple(float(v) for v in fit_logistic(x, y))
        by_threshold = {}
        for t in thresholds:
            m = PairModel(w, float(t), float(overlap))
            by_threshold[float(t)] = ecbplus_coref(docs, preds, m, blocking)["conll_f1"]
        best = max(by_threshold, key=lambda t: (by_threshold[t], -t))
        info = {"pairs": len(y), "positive_pairs": int(y.sum()),
                "conll_f1_by_threshold": by_threshold}  # fmt: skip
        fits[float(overlap)] = (PairModel(w, best, float(overlap)), info)
    by_overlap = {o: fits[o][1]["conll_f1_by_threshold"][fits[o][0].threshold] for o in fits}
    kept = max(by_overlap, key=lambda o: (by_overlap[o], -o))
    model, info = fits[kept]
    return model, {**info, "conll_f1_by_story_overlap": by_overlap}
