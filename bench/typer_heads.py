"""Event typers and the data their head was trained on, in one table (issue 22's ablation).

For one typer (lexicon, transformer or combined) and one head folder (the shipped
models/event-typer, or one written by `newsevents train --out DIR [--also ...]`), scores the
whole pipeline on our dev split (the head's training data), our test split (never trained
or tuned on), and the tune and check halves of WikiEvents dev (TC / AC F1) and RAMS dev (TC /
AC recall: one event annotated per window). Prints one line of figures.

Run: .venv/bin/python bench/typer_heads.py combined [--head DIR]
     e.g. after `newsevents train --out /tmp/head-also --also ../shared/data/dev/wikievents-dev:wikievents
     --also ../shared/data/dev/rams-dev:rams`: bench/typer_heads.py combined --head /tmp/head-also
"""

from __future__ import annotations

import argparse
from pathlib import Path

from extract import Settings
from extract.api import Extractor
from extract.evaluate.halves import gold_id, half_of
from extract.evaluate.run import evaluate, load_gold

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "data" / "dev"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("typer", choices=["lexicon", "transformer", "combined"])
    ap.add_argument("--head", help="head folder (default: the shipped models/event-typer)")
    args = ap.parse_args()
    ex = Extractor(Settings(event_typer=args.typer, typer_model_dir=args.head))
    out: dict[str, tuple[float, float]] = {}
    corpora = [
        ("dev", ROOT / "data" / "annotated" / "dev.jsonl", "native"),
        ("test", ROOT / "data" / "annotated" / "test.jsonl", "native"),
        ("WikiEvents", DEV / "wikievents-dev", "wikievents"),
        ("RAMS", DEV / "rams-dev", "rams"),
    ]
    for name, path, fmt in corpora:
        if not path.exists():
            continue
        docs = load_gold(path, fmt)
        parts = (
            {"": docs}
            if fmt == "native"
            else {f" {h}": [d for d in docs if half_of(gold_id(d)) == h] for h in ("tune", "check")}
        )
        key = "r" if fmt == "rams" else "f1"
        for h, sub in parts.items():
            r = evaluate(sub, ex)["events"]
            out[f"{name}{h}"] = (r["TC"][key], r["AC"][key])
    cells = "; ".join(f"{k} {tc:.3f} / {ac:.3f}" for k, (tc, ac) in out.items())
    print(f"{args.typer}, head {args.head or 'models/event-typer'}: TC / AC: {cells}")


if __name__ == "__main__":
    main()
