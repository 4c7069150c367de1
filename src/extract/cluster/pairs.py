"""Scoring pairs of events: are they reports of the same event?

For a block of ``n`` events every feature is an ``n x n`` array computed at once (set
overlaps as products of 0/1 matrices over the block's vocabulary), and the probability
is a logistic model over them. Its weights, its merge threshold and the story overlap
(the Jaccard overlap of two articles' actors and places that joins them into one story)
are data: ``models/event-clusters/pair-model.json`` (fitted by :mod:`extract.cluster.fit`)."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from extract.cluster.items import EventItem
from extract.errors import ConfigError

FEATURES = (
    "bias",
    "same_lemma",
    "same_subtype",
    "same_type",
    "sentence_overlap",
    "actor_overlap",
    "same_place",
    "place_near",
    "place_conflict",
    "same_day",
    "context_overlap",
    "lemma_context",
    "same_article",
    "same_story",
    "lemma_story",
)
"""The pair features, in the order of the model's weights."""

NEAR_KM = 50.0
# two dates whose intervals are further apart than this are different events: a hard
# rule (cannot-link), not a learned weight (the ECB+ articles the model is fitted on
# carry no publication dates, so they cannot teach it)
DATE_TOLERANCE_DAYS = 2
DEFAULT_MODEL = (
    Path(__file__).resolve().parents[3] / "models" / "event-clusters" / "pair-model.json"
)


@dataclass(frozen=True)
class PairModel:
    """Logistic weights over :data:`FEATURES`, the linkage (``single``: constrained
    single linkage; ``average``) and its threshold on the pair probability, and
    ``story_overlap``: two articles whose actors and places overlap (Jaccard) at least
    this much tell one story (the ``same_story`` feature; tuned, see the model card)."""

    weights: tuple[float, ...]
    threshold: float
    story_overlap: float
    features: tuple[str, ...] = FEATURES
    linkage: str = "single"  # or "average"

    def __post_init__(self) -> None:
        if tuple(self.features) != FEATURES or len(self.weights) != len(FEATURES):
            raise ConfigError(
                f"pair model features {list(self.features)} do not match this version's "
                f"{list(FEATURES)}; refit it (extract.cluster.fit)"
            )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PairModel:
        feats = tuple(str(f) for f in data["features"])
        w = data["weights"]
        weights = tuple(float(w[f]) for f in feats)
        linkage = str(data.get("linkage", "single"))
        return cls(weights, float(data["threshold"]), float(data["story_overlap"]), feats, linkage)

    def to_json(self) -> dict[str, object]:
        return {
            "features": list(self.features),
            "weights": {f: round(w, 6) for f, w in zip(self.features, self.weights, strict=True)},
            "threshold": round(self.threshold, 4),
            "story_overlap": round(self.story_overlap, 4),
            "linkage": self.linkage,
        }

    def probability(self, feats: np.ndarray) -> np.ndarray:
        """``feats``: ``(..., len(FEATURES))`` -> probabilities ``(...)``."""
        z = feats @ np.asarray(self.weights, dtype=np.float64)
        out: np.ndarray = 1.0 / (1.0 + np.exp(-z))
        return out


@cache
def _load(path: str) -> PairModel:
    try:
        return PairModel.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(f"cannot read the pair model {path}: {exc}") from exc


def load_model(path: Path | None = None) -> PairModel:
    """The shipped pair model (``models/event-clusters/pair-model.json``) or another."""
    return _load(str(path or DEFAULT_MODEL))


def _overlap(sets: Sequence[frozenset[str]]) -> np.ndarray:
    """Jaccard overlap of every pair of sets (0 when both are empty)."""
    n = len(sets)
    vocab: dict[str, int] = {}
    rows, cols = [], []
    for i, s in enumerate(sets):
        for w in s:
            rows.append(i)
            cols.append(vocab.setdefault(w, len(vocab)))
    if not vocab:
        return np.zeros((n, n))
    x = np.zeros((n, len(vocab)), dtype=np.float32)
    x[rows, cols] = 1.0
    inter = (x @ x.T).astype(np.float64)
    size = x.sum(axis=1, dtype=np.float64)
    union = size[:, None] + size[None, :] - inter
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(union > 0, inter / np.maximum(union, 1e-9), 0.0)


def _equal(values: Sequence[object]) -> np.ndarray:
    """1 where both values are known and equal."""
    codes: dict[object, int] = {}
    arr = np.array([-1 if v is None else codes.setdefault(v, len(codes)) for v in values])
    out: np.ndarray = ((arr[:, None] == arr[None, :]) & (arr[:, None] >= 0)).astype(np.float64)
    return out


def _differ(values: Sequence[object]) -> np.ndarray:
    """1 where both values are known and differ."""
    codes: dict[object, int] = {}
    arr = np.array([-1 if v is None else codes.setdefault(v, len(codes)) for v in values])
    known = arr >= 0
    out: np.ndarray = (arr[:, None] != arr[None, :]) & known[:, None] & known[None, :]
    return out.astype(np.float64)


def _km(items: Sequence[EventItem]) -> np.ndarray:
    """Great-circle distance of every pair of places (NaN where one has no coordinates)."""
    lat = np.array([math.nan if it.lat is None else it.lat for it in items], dtype=np.float64)
    lon = np.array([math.nan if it.lon is None else it.lon for it in items], dtype=np.float64)
    p, q = np.radians(lat), np.radians(lon)
    a = (np.sin((p[:, None] - p[None, :]) / 2) ** 2
         + np.cos(p[:, None]) * np.cos(p[None, :]) * np.sin((q[:, None] - q[None, :]) / 2) ** 2)  # fmt: skip
    out: np.ndarray = 6371.0 * 2 * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))
    return out


def _dates(items: Sequence[EventItem]) -> tuple[np.ndarray, np.ndarray]:
    """(same day, conflict): both dated to the same single day; both dated and more than
    :data:`DATE_TOLERANCE_DAYS` apart (interval to interval)."""
    start = np.array([it.span.start.toordinal() if it.span else np.nan for it in items])
    end = np.array([it.span.end.toordinal() if it.span else np.nan for it in items])
    day = np.array([bool(it.span and it.span.precision == "day") for it in items])
    with np.errstate(invalid="ignore"):
        same = day[:, None] & day[None, :] & (start[:, None] == start[None, :])
        gap = np.maximum(start[:, None] - end[None, :], start[None, :] - end[:, None])
        conflict = np.nan_to_num(gap, nan=-1.0) > DATE_TOLERANCE_DAYS
    return same.astype(np.float64), conflict


def _stories(items: Sequence[EventItem], story_overlap: float) -> list[int]:
    """Each item's story: the connected components of its block's articles, two articles
    joined when the overlap of their actors and places (``context``) is at least
    ``story_overlap`` (reports of one story share who and where; a topic's other,
    similar story does not)."""
    arts: dict[str, int] = {}
    ctx: list[frozenset[str]] = []
    for it in items:
        if it.article_id not in arts:
            arts[it.article_id] = len(arts)
            ctx.append(it.context)
    n = len(ctx)
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    if n > 1:
        rows, cols = np.nonzero(np.triu(_overlap(ctx) >= story_overlap, 1))
        for i, j in zip(rows.tolist(), cols.tolist(), strict=True):
            parent[find(i)] = find(j)
    return [find(arts[it.article_id]) for it in items]


def pair_features(
    items: Sequence[EventItem], story_overlap: float
) -> tuple[np.ndarray, np.ndarray]:
    """(features ``n x n x F``, cannot-link ``n x n``) of a block of events;
    ``story_overlap``: the model's (:attr:`PairModel.story_overlap`).

    Cannot-link: two events whose dates are too far apart."""
    n = len(items)
    f = np.zeros((n, n, len(FEATURES)))
    f[..., 0] = 1.0
    f[..., 1] = _equal([it.lemma for it in items])
    f[..., 2] = _equal([it.subtype for it in items])
    f[..., 3] = _equal([it.type for it in items])
    f[..., 4] = _overlap([it.stems for it in items])
    f[..., 5] = _overlap([it.actors for it in items])
    f[..., 6] = _equal([it.place.lower() if it.place else None for it in items])
    with np.errstate(invalid="ignore"):
        f[..., 7] = np.nan_to_num(_km(items), nan=np.inf) <= NEAR_KM
    f[..., 8] = _differ([it.place_country for it in items])
    f[..., 9], conflict = _dates(items)
    f[..., 10] = _overlap([it.context for it in items])
    f[..., 11] = f[..., 1] * f[..., 10]
    f[..., 12] = _equal([it.article_id for it in items])
    f[..., 13] = _equal(_stories(items, story_overlap))
    f[..., 14] = f[..., 1] * f[..., 13]
    cannot = conflict
    return f, cannot
