"""Metrics: precision/recall/F1 over matched items, span matching, value agreement.

Pure functions over records; no spaCy. Every count is kept so figures can be pooled
(micro averages) and checked by hand.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
U = TypeVar("U")


@dataclass
class PRF:
    """True positives, false positives, false negatives, and the figures they give."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: PRF) -> PRF:
        return PRF(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "p": round(self.precision, 4),
            "r": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }


def prf_from_counters(gold: Counter[Any], pred: Counter[Any]) -> PRF:
    """P/R/F1 of two multisets of hashable tuples (TextEE-style event scoring)."""
    tp = sum((gold & pred).values())
    return PRF(tp, sum(pred.values()) - tp, sum(gold.values()) - tp)


def overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def overlap_len(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def match_spans(
    gold: Sequence[T],
    pred: Sequence[U],
    span_g: Callable[[T], tuple[int, int]],
    span_p: Callable[[U], tuple[int, int]],
    *,
    strict: bool,
) -> list[tuple[int, int]]:
    """One-to-one matching of gold and predicted items by span.

    Strict: identical offsets. Relaxed: overlapping offsets; exact matches are taken
    first, then the largest overlaps, so each item is used at most once.

    Returns:
        (gold index, pred index) pairs.
    """
    pairs: list[tuple[int, int, int]] = []
    for gi, g in enumerate(gold):
        sg = span_g(g)
        for pi, p in enumerate(pred):
            sp = span_p(p)
            if sg == sp:
                pairs.append((10**9, gi, pi))
            elif not strict and overlaps(sg, sp):
                pairs.append((overlap_len(sg, sp), gi, pi))
    pairs.sort(key=lambda x: (-x[0], x[1], x[2]))
    used_g: set[int] = set()
    used_p: set[int] = set()
    out: list[tuple[int, int]] = []
    for _, gi, pi in pairs:
        if gi in used_g or pi in used_p:
            continue
        used_g.add(gi)
        used_p.add(pi)
        out.append((gi, pi))
    return sorted(out)


def match_by_value(
    gold: Sequence[T],
    pred: Sequence[U],
    key_g: Callable[[T], Hashable],
    key_p: Callable[[U], Hashable],
) -> list[tuple[int, int]]:
    """One-to-one matching by equal keys (NewsQuant: quantities have no offsets)."""
    free: dict[Hashable, list[int]] = {}
    for pi, p in enumerate(pred):
        free.setdefault(key_p(p), []).append(pi)
    out = []
    for gi, g in enumerate(gold):
        bucket = free.get(key_g(g))
        if bucket:
            out.append((gi, bucket.pop(0)))
    return out


def same_number(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in kilometres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(a)))


def accuracy(flags: Iterable[bool]) -> dict[str, float | int]:
    items = list(flags)
    correct = sum(items)
    return {
        "accuracy": round(correct / len(items), 4) if items else 0.0,
        "correct": correct,
        "n": len(items),
    }


def median(values: Sequence[float]) -> float | None:
    if not values:
        return None
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
