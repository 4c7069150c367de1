"""Train the event target model (extract.nlp.targets): a logistic regression over the
features of each actor mention of an event's sentence as that event's target, on our
annotated dev split.

    .venv/bin/python scripts/train_target_model.py [--gold data/annotated/dev.jsonl]

A row is one actor mention the pipeline found in the sentence of one event that matches a
gold event by trigger (the rules' own target taken away, so that every event teaches),
labelled 1 when it overlaps the gold event's target. Events whose gold has no target teach
the model to abstain. Five folds by document choose the threshold (the probability below
which it abstains) that fills the most right targets net of wrong ones, and report the
held-out picks; the weights are then fitted on every row. Writes
models/event-targets/targets.json (weights by feature name, JSON, never a pickle).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression

import extract.nlp.targets as targets
from extract import Extractor, Settings
from extract.evaluate.run import load_gold
from extract.nlp.syntax import tok_at

OUT = Path(__file__).resolve().parents[1] / "models" / "event-targets" / "targets.json"
GOLD = Path(__file__).resolve().parents[1] / "data" / "annotated" / "dev.jsonl"


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def rows(gold_path: Path) -> list[dict]:
    """One row per (matched event, candidate mention): doc, event key, features, label."""
    targets.load_target_model = lambda path=None: None  # the rules' own output
    ex = Extractor(Settings())
    out: list[dict] = []
    for gd in load_gold(gold_path):
        g = gd.result
        doc = ex.nlp(ex.nlp.make_doc(g.article.text))
        spans = {a.id: (a.start, a.end) for a in g.actors}
        starts = {ev["trigger_start"] for ev in doc._.events}
        for ev in doc._.events:
            key = (ev["trigger_start"], ev["trigger_end"])
            gold_ev = next(
                (e for e in g.events if _overlaps((e.trigger.start, e.trigger.end), key)), None
            )
            if gold_ev is None:
                continue
            wanted = [
                spans[a.ref] for a in gold_ev.arguments if a.role == "target" and a.ref in spans
            ]
            bare = {**ev, "arguments": [a for a in ev["arguments"] if a["role"] == "source"]}
            trigger = tok_at(doc, ev["trigger_start"])
            others = starts - {ev["trigger_start"]}
            for c in targets.candidates(doc, trigger, bare, others):  # type: ignore[arg-type]
                out.append(
                    {
                        "doc": g.article.id,
                        "event": f"{g.article.id}:{key[0]}",
                        "x": targets.features(doc, trigger, bare, c),  # type: ignore[arg-type]
                        "y": int(any(_overlaps((c["start"], c["end"]), w) for w in wanted)),
                        "has_target": bool(wanted),
                    }
                )
    return out


def _fit(train: list[dict], c: float) -> tuple[DictVectorizer, LogisticRegression]:
    vec = DictVectorizer()
    x = vec.fit_transform([r["x"] for r in train])
    model = LogisticRegression(C=c, max_iter=5000)
    model.fit(x, np.array([r["y"] for r in train]))
    return vec, model


def _picks(test: list[dict], vec: DictVectorizer, model: LogisticRegression) -> list[tuple]:
    """Per held-out event: (best probability, its label, whether gold has a target)."""
    by_event: dict[str, list[dict]] = defaultdict(list)
    for r in test:
        by_event[r["event"]].append(r)
    out = []
    for group in by_event.values():
        p = model.predict_proba(vec.transform([r["x"] for r in group]))[:, 1]
        best = int(np.argmax(p))
        out.append((float(p[best]), group[best]["y"], group[0]["has_target"]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gold", type=Path, default=GOLD)
    ap.add_argument("--c", type=float, default=1.0, help="inverse L2 strength")
    args = ap.parse_args()
    data = rows(args.gold)
    docs = sorted({r["doc"] for r in data})
    held: list[tuple] = []
    for k in range(5):
        test_docs = set(docs[k::5])
        vec, model = _fit([r for r in data if r["doc"] not in test_docs], args.c)
        held += _picks([r for r in data if r["doc"] in test_docs], vec, model)
    best_t, best_net = 1.0, 0
    for t in np.arange(0.2, 0.95, 0.05):
        net = sum(1 if y else -1 for p, y, _ in held if p >= t)
        if net > best_net:
            best_t, best_net = float(round(t, 2)), net
    right = sum(1 for p, y, _ in held if p >= best_t and y)
    wrong = sum(1 for p, y, _ in held if p >= best_t and not y)
    reachable = sum(1 for _, _, h in held if h)
    vec, model = _fit(data, args.c)
    names = vec.get_feature_names_out()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps(
            {
                "model": "logistic regression over extract.nlp.targets.features",
                "trained_on": f"{args.gold.name} (scripts/train_target_model.py)",
                "date": dt.date.today().isoformat(),
                "documents": len(docs),
                "events": len({r["event"] for r in data}),
                "rows": len(data),
                "C": args.c,
                "threshold": best_t,
                "cross_validation": {
                    "folds": 5,
                    "events_held_out": len(held),
                    "events_with_a_gold_target": reachable,
                    "filled_right": right,
                    "filled_wrong": wrong,
                },
                "bias": round(float(model.intercept_[0]), 6),
                "weights": {
                    str(n): round(float(w), 6)
                    for n, w in zip(names, model.coef_[0], strict=True)
                    if abs(w) >= 1e-4
                },
            },
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    print(
        f"{len(data)} rows, {len({r['event'] for r in data})} events, {len(docs)} documents; "
        f"5-fold held out: threshold {best_t}, {right} filled right, {wrong} wrong "
        f"({reachable} events with a gold target); wrote {OUT}"
    )


if __name__ == "__main__":
    main()
