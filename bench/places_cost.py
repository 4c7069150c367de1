"""What the place stage costs: its share of the pipeline's time on real news.

The whole pipeline runs batched over the articles (GeoWebNews dev when ../shared is
here, else our dev split), as `newsevents extract` runs it, while every call of the places
component is timed in-process; the places component's share of the wall time is the cost
of place recognition and lookups (target: at most 5%). The gazetteer is opened (and built
if needed) and the pipeline warmed up before timing starts.

Run: .venv/bin/python bench/places_cost.py [--articles N]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from extract import Extractor, Settings
from extract.evaluate.run import input_article, load_gold
from extract.geo import shared_gazetteer
from extract.nlp.places import PlacesComponent

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
    spent = [0.0]
    original: Callable[..., Any] = PlacesComponent.__call__

    def timed(self: PlacesComponent, doc: Any) -> Any:
        t = time.perf_counter()
        try:
            return original(self, doc)
        finally:
            spent[0] += time.perf_counter() - t

    PlacesComponent.__call__ = timed  # type: ignore[method-assign]
    try:
        t0 = time.perf_counter()
        results = list(extractor.process_articles(input_article(g) for g in golds))
        wall = time.perf_counter() - t0
    finally:
        PlacesComponent.__call__ = original  # type: ignore[method-assign]
    chars = sum(len(g.result.article.text) for g in golds)
    places = sum(len(r.places) for r in results)
    print(
        f"{len(golds)} articles, {chars:,} characters, {places} places: pipeline {wall:.1f} s, "
        f"places component {spent[0]:.2f} s ({spent[0] / len(golds) * 1000:.1f} ms an article)"
    )
    print(f"places: {spent[0] / wall:.1%} of the pipeline (target <= 5%)")


if __name__ == "__main__":
    main()
