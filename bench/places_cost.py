"""What the place stage costs: each pipeline component's share of the time, on real news.

The pipeline runs component by component over the articles (GeoWebNews dev when
../shared is here, else our dev split), timing each call in-process; the places
component's share is the place lookups' cost (target: at most 5% of the pipeline).
The gazetteer is opened (and built if needed) before timing starts.

Run: .venv/bin/python bench/places_cost.py [--articles N]
"""

from __future__ import annotations

import argparse
import os
import time
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from extract import Extractor, Settings
from extract.evaluate.run import input_article, load_gold
from extract.geo import shared_gazetteer

ROOT = Path(__file__).resolve().parents[1]
GWN = ROOT.parent / "shared" / "data" / "dev" / "geowebnews-dev"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=106)
    args = ap.parse_args()
    golds = (
        load_gold(GWN, "geowebnews")
        if GWN.exists()
        else load_gold(ROOT / "data" / "annotated" / "dev.jsonl")
    )[: args.articles]
    extractor = Extractor(Settings())
    shared_gazetteer(extractor.settings.cache_dir)  # opened (or built) before timing
    extractor.process("Warm-up in Kabul and Paris.")
    spent: dict[str, float] = defaultdict(float)
    chars = 0
    for gold in golds:
        t = time.perf_counter()
        doc = extractor._doc(input_article(gold))  # the tokenizer
        spent["tokenizer"] += time.perf_counter() - t
        chars += len(gold.result.article.text)
        for name, proc in extractor.nlp.pipeline:
            t = time.perf_counter()
            doc = proc(doc)
            spent[name] += time.perf_counter() - t
    total = sum(spent.values())
    print(f"{len(golds)} articles, {chars:,} characters, {total:.1f} s in the pipeline\n")
    print("| component | seconds | share |")
    print("|---|---|---|")
    for name, s in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {s:.2f} | {s / total:.1%} |")
    print(f"\nplaces: {spent['places'] / total:.1%} of the pipeline (target <= 5%)")


if __name__ == "__main__":
    main()
