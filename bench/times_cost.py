"""What the temporal stage costs on top of the spaCy pipeline, in one run.

Texts: our annotated articles (data/annotated/*.jsonl) repeated to ~N articles.
Runs the spaCy pipeline alone and the same pipeline plus our times component over the
same texts, alternating, several times; prints the median seconds and their ratio.

Run: .venv/bin/python bench/times_cost.py [--articles 400] [--runs 5]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from extract import Settings
from extract.nlp.pipeline import build_nlp
from extract.records import ArticleResult

ROOT = Path(__file__).resolve().parents[1]
OTHERS = ("quantities", "places", "actors", "events")


def texts(n: int) -> list[tuple[str, str | None]]:
    base = [
        ArticleResult.model_validate_json(line).article
        for p in sorted((ROOT / "data" / "annotated").glob("*.jsonl"))
        for line in p.read_text(encoding="utf-8").splitlines()
    ]
    return [
        (a.text, a.published.isoformat() if a.published else None)
        for a in (base * (n // len(base) + 1))[:n]
    ]


def run(nlp, items) -> float:
    docs = []
    for text, pub in items:
        d = nlp.make_doc(text)
        d._.published = pub
        docs.append(d)
    t0 = time.perf_counter()
    for _ in nlp.pipe(docs, batch_size=32):
        pass
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--articles", type=int, default=400)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    items = texts(args.articles)
    plain = build_nlp(Settings(disable=("times", *OTHERS)))
    with_times = build_nlp(Settings(disable=OTHERS))
    run(plain, items[:20]), run(with_times, items[:20])  # warm up
    a, b = [], []
    for _ in range(args.runs):
        a.append(run(plain, items))
        b.append(run(with_times, items))
    words = sum(len(t.split()) for t, _ in items)
    ma, mb = statistics.median(a), statistics.median(b)
    print(
        f"machine: {platform.machine()}, {platform.python_version()}, {len(items)} articles, {words} words, {args.runs} runs"
    )
    print("| pipeline | median s | words/s |")
    print("|---|---|---|")
    print(f"| spaCy model alone | {ma:.2f} | {words / ma:,.0f} |")
    print(f"| + newsevents times | {mb:.2f} | {words / mb:,.0f} |")
    print(f"ratio (times added): {mb / ma:.3f}")


if __name__ == "__main__":
    main()
