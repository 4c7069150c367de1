"""Train the place ranker (extract.geo.resolve.Ranker): a logistic regression over the
resolver's candidate features, on the candidate rows of GeoWebNews' tune half.

    .venv/bin/python bench/geoparsing.py --features /tmp/place-features.jsonl
    .venv/bin/python scripts/train_place_ranker.py /tmp/place-features.jsonl

A row is one candidate of one recognised tune toponym, labelled 1 when it lies within
161 km of the gold point. Only toponyms with a choice to make (two or more candidates, at
least one right) teach anything. Writes models/place-ranker/ranker.json (weights by
feature name, JSON, never a pickle) and prints the tune half's pick accuracy.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from collections import defaultdict
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

from extract.geo.resolve import FEATURES

OUT = Path(__file__).resolve().parents[1] / "models" / "place-ranker" / "ranker.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rows", type=Path)
    ap.add_argument("--c", type=float, default=1.0, help="inverse L2 strength")
    args = ap.parse_args()
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for line in args.rows.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        groups[(r["doc"], r["m"])].append(r)
    useful = [g for g in groups.values() if len(g) > 1 and any(r["y"] for r in g)]
    x = np.array([[r["x"].get(f, 0.0) for f in FEATURES] for g in useful for r in g])
    y = np.array([r["y"] for g in useful for r in g])
    model = LogisticRegression(C=args.c, max_iter=2000)
    model.fit(x, y)
    w = model.coef_[0]

    def picked_right(g: list[dict], weights: np.ndarray | None) -> bool:
        if weights is None:  # the hand order
            return bool(max(g, key=lambda r: r["x"].get("hand_rank", 0.0))["y"])
        scores = [float(np.dot(weights, [r["x"].get(f, 0.0) for f in FEATURES])) for r in g]
        return bool(g[int(np.argmax(scores))]["y"])

    hand = sum(picked_right(g, None) for g in useful) / len(useful)
    ours = sum(picked_right(g, w) for g in useful) / len(useful)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps(
            {
                "model": "logistic regression over extract.geo.resolve.FEATURES",
                "trained_on": "GeoWebNews dev, tune half (bench/geoparsing.py --features)",
                "date": dt.date.today().isoformat(),
                "toponyms": len(useful),
                "candidates": len(y),
                "C": args.c,
                "tune_pick_accuracy": {"hand_order": round(hand, 4), "ranker": round(ours, 4)},
                "bias": round(float(model.intercept_[0]), 6),
                "weights": {f: round(float(v), 6) for f, v in zip(FEATURES, w, strict=True)},
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    print(
        f"{len(useful)} toponyms with a choice, {len(y)} candidates; tune pick accuracy: "
        f"hand order {hand:.3f}, ranker {ours:.3f}; wrote {OUT}"
    )


if __name__ == "__main__":
    main()
