"""CPU seconds of each of our pipeline components on the same pre-parsed articles.

spaCy's own part (tokenizer, tok2vec, tagger, parser, NER, ...) runs once, untimed; then
each of our components (times, quantities, places, actors, coding, events) runs over copies
of those docs, three times, and the least CPU time (``time.process_time``, torch on one
thread) of each is printed. With --head, the event typer uses that head folder (e.g. one
written by `newsevents train --layers 2 --out DIR`): the events component's cost by the
number of MiniLM layers. Articles: recombined from our own (bench/batch_throughput.py).
It also prints spaCy's own CPU time for the same articles (one run) and each component's
share of the whole pipeline (spaCy's part plus ours).

Run: .venv/bin/python bench/component_cost.py [--articles 200] [--head DIR]
"""

from __future__ import annotations

import argparse
import time

import torch
from batch_throughput import corpus

from extract import Settings
from extract.api import Extractor
from extract.records import Article

OURS = ("times", "quantities", "places", "actors", "coding", "events")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=200)
    ap.add_argument("--head", help="typer head folder (default: models/event-typer)")
    args = ap.parse_args()
    torch.set_num_threads(1)
    recs = corpus(args.articles)
    arts = [Article(id=str(i), text=r["text"], language="en") for i, r in enumerate(recs)]
    ex = Extractor(Settings(typer_model_dir=args.head))
    ours = [n for n in ex.nlp.pipe_names if n in OURS]
    spacy_part = [n for n in ex.nlp.pipe_names if n not in OURS]
    with ex.nlp.select_pipes(enable=spacy_part):
        started = time.process_time()
        docs = list(ex.nlp.pipe((ex._doc(a) for a in arts), batch_size=64))
        spacy_s = time.process_time() - started
    best: dict[str, float] = {}
    for _ in range(3):
        batch = [d.copy() for d in docs]
        for name in ours:
            proc = ex.nlp.get_pipe(name)
            started = time.process_time()
            pipe = getattr(proc, "pipe", None)
            batch = list(pipe(batch, batch_size=64)) if pipe else [proc(d) for d in batch]
            best[name] = min(best.get(name, float("inf")), time.process_time() - started)
    cells = ", ".join(f"{n} {best[n]:.2f} s" for n in ours)
    print(f"{args.articles} articles, head {args.head or 'models/event-typer'}: {cells}")
    total = spacy_s + sum(best.values())
    shares = ", ".join(f"{n} {100 * best[n] / total:.1f}%" for n in ours)
    print(f"spaCy's own part (one run) {spacy_s:.2f} s; share of the whole pipeline: {shares}")


if __name__ == "__main__":
    main()
