"""From a block's events to its clusters (:func:`cluster_block`).

First the copies of one report collapse into one node (:func:`collapse`: the same type,
trigger and sentence, dated alike, at most one event per article); a block of one node
is one cluster. Then the nodes' representatives (each group's first event) are scored
pairwise (:func:`~extract.cluster.pairs.pair_features`, the model's probability) and
linked where the probability reaches the model's threshold and no cannot-link rule
(dates too far apart) forbids it. Inside each connected component of those links, the
model's linkage decides: ``single`` (the shipped model), constrained single linkage,
joins the linked pairs best first unless the two clusters hold a cannot-link pair;
``average`` merges by average linkage (UPGMA, nodes weighted by their copies) while the
mean probability reaches the threshold. A node's cluster holds all of its copies."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

import numpy as np

from extract.cluster.items import EventItem, copy_key
from extract.cluster.pairs import PairModel, pair_features

RELATIVE_SHIFT_DAYS = 7
"""A weekday name resolved against two publication dates lands up to a week apart."""


def collapse(items: Sequence[EventItem]) -> list[list[int]]:
    """Groups of item indices that are copies of one report (one
    :func:`~extract.cluster.items.copy_key`), in the order of their first item. An item
    joins the first group of its key that has no item of its article yet and whose
    first item dates the sentence alike (:func:`same_report_date`); else it opens a new
    group (so a second copy within one article stays its own group)."""
    groups: list[list[int]] = []
    open_: dict[str, list[int]] = defaultdict(list)  # key -> indices of its groups
    arts: list[set[str]] = []
    for i, it in enumerate(items):
        k = copy_key(it)
        for g in open_[k]:
            if it.article_id not in arts[g] and same_report_date(items[groups[g][0]], it):
                groups[g].append(i)
                arts[g].add(it.article_id)
                break
        else:
            open_[k].append(len(groups))
            groups.append([i])
            arts.append({it.article_id})
    return groups


def same_report_date(a: EventItem, b: EventItem) -> bool:
    """Whether two copies of one sentence can date it alike: the same date value; the
    same value but the year ("on June 4" read in two years); or two dates of one
    precision that lie apart by what their publication dates lie apart (a relative date
    read against two days), give or take :data:`RELATIVE_SHIFT_DAYS` (a weekday, "on
    Monday") or the first date's own length when longer (a month, a season, a year)."""
    if a.date == b.date:
        return True
    if a.date and b.date and len(a.date) > 4 and a.date[4:] == b.date[4:]:
        return True
    if a.span is None or b.span is None or a.published is None or b.published is None:
        return False
    if a.span.precision != b.span.precision:
        return False
    shift = (a.span.start - b.span.start).days - (a.published - b.published).days
    length = (a.span.end - a.span.start).days + 1
    return abs(shift) <= max(RELATIVE_SHIFT_DAYS, length)


def _components(adj: np.ndarray) -> list[np.ndarray]:
    """Connected components of a boolean adjacency matrix."""
    n = adj.shape[0]
    label = np.full(n, -1)
    comps = []
    for s in range(n):
        if label[s] >= 0:
            continue
        stack, members = [s], [s]
        label[s] = s
        while stack:
            v = stack.pop()
            for u in np.flatnonzero(adj[v] & (label < 0)):
                label[u] = s
                stack.append(int(u))
                members.append(int(u))
        comps.append(np.array(sorted(members)))
    return comps


def average_linkage(
    prob: np.ndarray, weight: np.ndarray, cannot: np.ndarray, threshold: float
) -> np.ndarray:
    """Cluster labels (each cluster's smallest node index) by average linkage: merge
    the two clusters with the highest mean pair probability (weighted by ``weight``, the
    copies each node stands for) while it is at least ``threshold``; never merge two
    clusters holding a cannot-link pair."""
    n = prob.shape[0]
    labels = np.arange(n)
    if n < 2:
        return labels
    s = prob.astype(np.float64).copy()
    s[cannot] = -np.inf
    np.fill_diagonal(s, -np.inf)
    size = weight.astype(np.float64).copy()
    while True:
        flat = int(np.argmax(s))
        i, j = divmod(flat, n)
        if not s[i, j] >= threshold:
            break
        if j < i:
            i, j = j, i
        row = (size[i] * s[i] + size[j] * s[j]) / (size[i] + size[j])
        s[i, :] = row
        s[:, i] = row
        s[i, i] = -np.inf
        s[j, :] = -np.inf
        s[:, j] = -np.inf
        size[i] += size[j]
        labels[labels == j] = i
    return labels


def constrained_single_linkage(
    prob: np.ndarray, cannot: np.ndarray, threshold: float
) -> np.ndarray:
    """Cluster labels (each cluster's smallest node index): join the pairs with a
    probability of at least ``threshold``, highest first (ties in index order), unless
    the two clusters hold a cannot-link pair."""
    n = prob.shape[0]
    labels = np.arange(n)
    if n < 2:
        return labels
    iu = np.triu_indices(n, 1)
    p = prob[iu]
    keep = (p >= threshold) & ~cannot[iu]
    order = np.argsort(-p[keep], kind="stable")
    rows, cols = iu[0][keep][order], iu[1][keep][order]
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    for i, j in zip(rows.tolist(), cols.tolist(), strict=True):
        a, b = int(labels[i]), int(labels[j])
        if a == b or cannot[np.ix_(members[a], members[b])].any():
            continue
        a, b = min(a, b), max(a, b)
        members[a].extend(members.pop(b))
        labels[members[a]] = a
    return labels


def cluster_block(
    items: Sequence[EventItem],
    model: PairModel,
    prepare: Callable[[Sequence[EventItem]], None] | None = None,
) -> list[list[int]]:
    """Clusters of one block (see the module), as lists of item indices: every item in
    exactly one cluster, each list sorted, clusters in the order of their first item.
    ``prepare`` is called with the representatives before their pairs are scored, only
    when there are two or more (an archive fills in their articles' contexts then)."""
    if not items:
        return []
    groups = collapse(items)
    if len(groups) == 1:
        return [sorted(groups[0])]
    reps = [items[g[0]] for g in groups]
    if prepare is not None:
        prepare(reps)
    feats, cannot = pair_features(reps, model.story_overlap)
    prob = model.probability(feats)
    weight = np.array([len(g) for g in groups], dtype=np.float64)
    adj = (prob >= model.threshold) & ~cannot
    np.fill_diagonal(adj, False)
    out: list[list[int]] = []
    for comp in _components(adj):
        if len(comp) == 1:
            out.append(sorted(groups[int(comp[0])]))
            continue
        sub = np.ix_(comp, comp)
        if model.linkage == "average":
            labels = average_linkage(prob[sub], weight[comp], cannot[sub], model.threshold)
        else:
            labels = constrained_single_linkage(prob[sub], cannot[sub], model.threshold)
        merged: dict[int, list[int]] = defaultdict(list)
        for node, lab in zip(comp, labels, strict=True):
            merged[int(lab)].extend(groups[int(node)])
        out.extend(sorted(m) for m in merged.values())
    return sorted(out, key=lambda c: c[0])
