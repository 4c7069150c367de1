"""Event typers compared, in one run: accuracy (ablation) and what the transformer costs.

1. Ablation: the whole pipeline with each typer (lexicon, transformer, combined) scored on
   our test split (never used for training or tuning), our dev split (the head's training
   data: in-sample for the transformer) and, when ../shared is present, WikiEvents dev
   (KAIROS types mapped to PLOVER).
2. Cost: CPU seconds of the whole pipeline on the same texts with the lexicon typer and
   with the transformer / combined typer, alternating, several runs; medians and ratios.

Writes models/event-typer/ablation.json (and refreshes the model card) with --write.

Run: .venv/bin/python bench/event_typers.py [--runs 3] [--articles 120] [--write]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import statistics
import time
from pathlib import Path

from extract import Settings
from extract.api import Extractor
from extract.evaluate.run import evaluate, input_article, load_gold
from extract.nlp.typer import default_model_dir
from extract.train import write_card

ROOT = Path(__file__).resolve().parents[1]
WIKIEVENTS = ROOT.parent / "shared" / "data" / "dev" / "wikievents-dev"
TYPERS = ("lexicon", "transformer", "combined")


def ablation(extractors: dict[str, Extractor]) -> list[dict[str, object]]:
    splits = [
        ("test", load_gold(ROOT / "data/annotated/test.jsonl")),
        ("dev (head's training data)", load_gold(ROOT / "data/annotated/dev.jsonl")),
    ]
    if WIKIEVENTS.is_dir():
        splits.append(("WikiEvents dev", load_gold(WIKIEVENTS, "wikievents")))
    rows: list[dict[str, object]] = []
    for split, docs in splits:
        for typer in TYPERS:
            ev = evaluate(docs, extractors[typer])["events"]
            rows.append(
                {
                    "split": split,
                    "typer": typer,
                    **{k: ev[k]["f1"] for k in ("TI", "TC", "AI", "AC", "AC+")},
                    "status": ev["status"]["accuracy"],
                    "gold": ev["gold"],
                    "pred": ev["pred"],
                }
            )
    return rows


def cost(extractors: dict[str, Extractor], n: int, runs: int) -> dict[str, object]:
    docs = load_gold(ROOT / "data/annotated/test.jsonl") + load_gold(
        ROOT / "data/annotated/dev.jsonl"
    )
    arts = [input_article(d) for d in (docs * (n // len(docs) + 1))[:n]]
    words = sum(len(a.text.split()) for a in arts)
    times: dict[str, list[float]] = {t: [] for t in TYPERS}
    for _ in range(runs):
        for typer in TYPERS:
            t0 = time.process_time()
            for _r in extractors[typer].process_articles(arts):
                pass
            times[typer].append(time.process_time() - t0)
    med = {t: statistics.median(v) for t, v in times.items()}
    return {
        "articles": n,
        "words": words,
        "runs": runs,
        "cpu_seconds": times,
        "median": med,
        "ratio_transformer": med["transformer"] / med["lexicon"],
        "ratio_combined": med["combined"] / med["lexicon"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--articles", type=int, default=120)
    ap.add_argument("--write", action="store_true", help="write ablation.json + model card")
    ap.add_argument("--default", default=None, help="typer to record as the default")
    ap.add_argument("--cost-only", action="store_true", help="skip the ablation")
    args = ap.parse_args()
    extractors = {t: Extractor(Settings(event_typer=t)) for t in TYPERS}
    print(f"machine: {platform.machine()}, {platform.python_version()}, CPU time (process_time)")
    rows = [] if args.cost_only else ablation(extractors)
    print("| split | typer | TI | TC | AI | AC | AC+ | status |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['split']} | {r['typer']} | {r['TI']:.3f} | {r['TC']:.3f} | {r['AI']:.3f} | "
            f"{r['AC']:.3f} | {r['AC+']:.3f} | {r['status']:.3f} |"
        )
    c = cost(extractors, args.articles, args.runs)
    print(
        f"\ncost on {c['articles']} articles ({c['words']} words), {c['runs']} runs, "
        f"median CPU s: " + ", ".join(f"{t} {v:.2f}" for t, v in c["median"].items())
    )
    print(f"ratio (transformer typer / lexicon typer): {c['ratio_transformer']:.3f}")
    print(f"ratio (combined typer / lexicon typer): {c['ratio_combined']:.3f}")
    if args.write:
        test_rows = [r for r in rows if r["split"] == "test"]
        best = args.default or max(test_rows, key=lambda r: (r["TC"], r["AC"]))["typer"]
        out = default_model_dir()
        (out / "ablation.json").write_text(
            json.dumps(
                {"date": dt.date.today().isoformat(), "rows": rows, "cost": c, "default": best},
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
        write_card(out, json.loads((out / "config.json").read_text(encoding="utf-8")))
        print(f"wrote {out / 'ablation.json'} and the model card (default: {best})")


if __name__ == "__main__":
    main()
