"""Coreference scores (MUC, B-cubed, CEAF-e and their mean, the CoNLL F1) and the
cross-document event coreference evaluation on ECB+.

The metrics take the key (gold) and the response (system) as lists of clusters, each a
set of mention ids, and follow the reference definitions (Vilain et al. 1995; Bagga and
Baldwin 1998; Luo 2005, entity-based phi-4; Pradhan et al. 2014): a mention missing from
one side counts there as a singleton.

On ECB+ the pipeline's events of every document of a topic (both sub-topics together)
are clustered with :mod:`extract.cluster`; a gold event mention is *found* when a
predicted event's trigger (or one of its later mentions) overlaps it, and takes that
event's cluster. The scores are over the found gold mentions, beside the share found and
the same-lemma-within-topic baseline over the same mentions."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np

from extract.cluster import Blocking, PairModel, cluster_items, load_model
from extract.cluster.archive import EVALUATION_BLOCKING
from extract.cluster.items import EventItem, items_from_results
from extract.cluster.lemma import stem, words
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.halves import HALVES, half_of
from extract.records import ArticleResult, Event

Clusters = Sequence[set[Hashable]] | Sequence[frozenset[Hashable]]


def _prf(num_r: float, den_r: float, num_p: float, den_p: float) -> dict[str, float]:
    r = num_r / den_r if den_r else 0.0
    p = num_p / den_p if den_p else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"p": p, "r": r, "f1": f}


def _index(clusters: Clusters) -> dict[Hashable, int]:
    return {m: i for i, c in enumerate(clusters) for m in c}


def muc(key: Clusters, response: Clusters) -> dict[str, float]:
    """MUC: links kept. Recall = sum(|K| - |partitions of K by the response|) /
    sum(|K| - 1); precision the same with the roles swapped."""

    def side(a: Clusters, b: Clusters) -> tuple[int, int]:
        where = _index(b)
        num = den = 0
        for c in a:
            parts = {where.get(m, ("single", m)) for m in c}
            num += len(c) - len(parts)
            den += len(c) - 1
        return num, den

    nr, dr = side(key, response)
    np_, dp = side(response, key)
    return _prf(nr, dr, np_, dp)


def b_cubed(key: Clusters, response: Clusters) -> dict[str, float]:
    """B-cubed: per mention, the share of its response cluster in its key cluster
    (precision) and of its key cluster in its response cluster (recall), averaged over
    the mentions of the response and of the key."""
    kw, rw = _index(key), _index(response)

    def side(a: Clusters, other: dict[Hashable, int], b: Clusters) -> tuple[float, int]:
        total, n = 0.0, 0
        for c in a:
            for m in c:
                n += 1
                j = other.get(m)
                overlap = len(c & b[j]) if j is not None else 1
                total += overlap / len(c)
        return total, n

    rnum, rden = side(key, rw, response)
    pnum, pden = side(response, kw, key)
    return _prf(rnum, rden, pnum, pden)


def max_assignment(sim: np.ndarray) -> float:
    """The largest total of ``sim[i, j]`` over one-to-one pairings of rows and columns
    (the Hungarian method, O(n^3))."""
    if sim.size == 0:
        return 0.0
    a = sim if sim.shape[0] <= sim.shape[1] else sim.T
    n, m = a.shape
    cost = np.zeros((n + 1, m + 1))
    cost[1:, 1:] = a.max() - a
    u, v = np.zeros(n + 1), np.zeros(m + 1)
    p, way = np.zeros(m + 1, dtype=int), np.zeros(m + 1, dtype=int)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = p[j0]
            free = ~used
            free[0] = False
            cur = cost[i0, :] - u[i0] - v
            better = free & (cur < minv)
            minv[better] = cur[better]
            way[better] = j0
            cand = np.where(free, minv, np.inf)
            j1 = int(np.argmin(cand))
            delta = cand[j1]
            u[p[used]] += delta
            v[used] -= delta
            minv[free] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    return float(sum(a[p[j] - 1, j - 1] for j in range(1, m + 1) if p[j]))


def ceaf_e(key: Clusters, response: Clusters) -> dict[str, float]:
    """CEAF-e: the best one-to-one alignment of key and response clusters by
    phi-4 = 2|K & R| / (|K| + |R|); recall = total / number of key clusters, precision =
    total / number of response clusters. Solved per connected group of overlapping
    clusters (the alignment never pairs clusters that share nothing)."""
    rw = _index(response)
    # group key and response clusters that overlap (union-find over key clusters)
    parent = list(range(len(key)))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[int, int] = {}
    for i, c in enumerate(key):
        for m in c:
            j = rw.get(m)
            if j is None:
                continue
            if j in owner:
                parent[find(i)] = find(owner[j])
            else:
                owner[j] = i
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(key)):
        groups[find(i)].append(i)
    resp_of: dict[int, set[int]] = defaultdict(set)
    for j, i in owner.items():
        resp_of[find(i)].add(j)
    total = 0.0
    for root, ks in groups.items():
        rs = sorted(resp_of.get(root, ()))
        if not rs:
            continue
        sim = np.array(
            [[2 * len(key[i] & response[j]) / (len(key[i]) + len(response[j]))
              for j in rs] for i in ks]
        )  # fmt: skip
        total += max_assignment(sim)
    return _prf(total, len(key), total, len(response))


def conll(key: Clusters, response: Clusters) -> dict[str, Any]:
    """MUC, B-cubed and CEAF-e, and ``conll_f1``: the mean of their F1."""
    scores = {"muc": muc(key, response), "b3": b_cubed(key, response),
              "ceafe": ceaf_e(key, response)}  # fmt: skip
    return {**scores, "conll_f1": sum(s["f1"] for s in scores.values()) / 3}


# --- ECB+ ---------------------------------------------------------------------------

Mention = tuple[str, int]  # (document id, index of the gold event mention)


def _match(event_spans: list[tuple[int, int, int, bool]], start: int, end: int) -> int | None:
    """The predicted event overlapping a gold mention: by its trigger first, then by
    one of its later mentions."""
    best: tuple[int, int] | None = None
    for a, b, idx, is_trigger in event_spans:
        if a < end and start < b:
            rank = (0 if is_trigger else 1, idx)
            if best is None or rank < best:
                best = rank
    return best[1] if best is not None else None


def _spans(events: Sequence[Event]) -> list[tuple[int, int, int, bool]]:
    out = []
    for i, e in enumerate(events):
        out.append((e.trigger.start, e.trigger.end, i, True))
        out.extend((m.start, m.end, i, False) for m in e.mentions)
    return out


def mention_lemma(text: str) -> str:
    """The baseline's key for a gold mention: the stems of its words."""
    return " ".join(stem(w) for w in words(text)) or text.lower()


def ecbplus_coref(
    docs: Sequence[GoldDoc],
    preds: Sequence[ArticleResult],
    model: PairModel | None = None,
    blocking: Blocking = EVALUATION_BLOCKING,
    clusterer: Callable[[list[EventItem]], list[list[EventItem]]] | None = None,
) -> dict[str, Any]:
    """Cross-document event coreference on ECB+ documents (their predictions in the same
    order): the CoNLL F1 of our clusters and of the same-lemma baseline over the gold
    event mentions we find, per half (by topic) and over all ``docs``."""
    model = model or load_model()
    run = clusterer or (lambda items: cluster_items(items, model, blocking))
    by_topic: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(docs):
        by_topic[str(d.meta.get("topic", ""))].append(i)
    found: dict[
        str, dict[Mention, tuple[str, str, str]]
    ] = {}  # half -> mention -> (key, resp, lemma)
    totals: dict[str, int] = defaultdict(int)
    for topic, idxs in sorted(by_topic.items()):
        half = half_of(topic)
        items = list(items_from_results((preds[i] for i in idxs), group=topic))
        label: dict[tuple[str, str], str] = {}
        for n, cluster in enumerate(run(items)):
            for it in cluster:
                label[it.key] = f"{topic}:{n}"
        for i in idxs:
            doc, pred = docs[i], preds[i]
            spans = _spans(pred.events)
            doc_id = doc.result.article.id
            text = doc.result.article.text
            for k, gm in enumerate(doc.meta.get("event_mentions", [])):
                totals[half] += 1
                j = _match(spans, gm["start"], gm["end"])
                if j is None:
                    continue
                resp = label.get((pred.article.id, pred.events[j].id), f"{doc_id}:{j}")
                lemma = f"{topic}:{mention_lemma(text[gm['start'] : gm['end']])}"
                found.setdefault(half, {})[(doc_id, k)] = (gm["cluster"], resp, lemma)
    out: dict[str, Any] = {"halves": {}}
    every: dict[Mention, tuple[str, str, str]] = {}
    for half in HALVES:
        if totals.get(half):
            out["halves"][half] = _scores(found.get(half, {}), totals[half])
            every.update(found.get(half, {}))
    out.update(_scores(every, sum(totals.values())))
    out["model"] = model.to_json()
    return out


def _scores(found: dict[Mention, tuple[str, str, str]], total: int) -> dict[str, Any]:
    def clusters(pos: int) -> list[frozenset[Hashable]]:
        by: dict[str, set[Hashable]] = defaultdict(set)
        for m, labels in found.items():
            by[labels[pos]].add(m)
        return [frozenset(c) for c in by.values()]

    key = clusters(0)
    ours, base = conll(key, clusters(1)), conll(key, clusters(2))
    return {
        "gold_mentions": total,
        "found": len(found),
        "share_found": len(found) / total if total else 0.0,
        "gold_clusters": len(key),
        **ours,
        "baseline_lemma": base,
    }
