"""`newsevents batch` over every real text we hold, counting what became of each.

Writes the texts of ../shared/data/dev and the seed (extract.evaluate.realtext) as one
JSONL file per corpus in a temporary folder outside the checkout (the corpora's text never
enters the repo), runs `newsevents batch` on that folder (one shard per corpus), and
prints per corpus the articles written and the error rows by reason. Exit status 1 when
any row is an `internal_error`.

Run: .venv/bin/python bench/real_text_batch.py [--workers 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from extract.evaluate.realtext import CORPORA, real_texts

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def _rows(folder: Path) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for p in sorted(folder.glob("*.jsonl")):
        rows.extend(json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line)
    return rows


def _corpus(source: object) -> str:
    """The corpus of a row, from its source ("<inputs>/tbaq.jsonl:12")."""
    return Path(str(source).rsplit(":", 1)[0]).name.removesuffix(".jsonl")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="write inputs and output here and keep them")
    args = ap.parse_args()
    if not SHARED.is_dir():
        print("../shared is absent: nothing to run")
        return 0
    work = args.keep or Path(tempfile.mkdtemp(prefix="newsevents-real-"))
    inputs, out = work / "inputs", work / "out"
    shutil.rmtree(out, ignore_errors=True)
    inputs.mkdir(parents=True, exist_ok=True)
    sent: Counter[str] = Counter()
    files = {c: (inputs / f"{c}.jsonl").open("w", encoding="utf-8") for c in [*CORPORA, "seed"]}
    for rt in real_texts(SHARED):
        record = {"id": f"{rt.corpus}/{rt.id}", "text": rt.text, "title": rt.title}
        if rt.published is not None:
            record["published"] = rt.published.isoformat()
        files[rt.corpus].write(json.dumps(record, ensure_ascii=False) + "\n")
        sent[rt.corpus] += 1
    for f in files.values():
        f.close()
    exe = Path(sys.executable).with_name("newsevents")
    cmd = [str(exe), "batch", str(inputs), "--out", str(out), "--format", "jsonl"]
    cmd += ["--workers", str(args.workers)]
    t0 = time.perf_counter()
    proc = subprocess.run(
        cmd, capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"}
    )
    wall = time.perf_counter() - t0
    articles = Counter(_corpus(r["source"]) for r in _rows(out / "articles"))
    errors = _rows(out / "errors")
    by_corpus: dict[str, Counter[str]] = {}
    for r in errors:
        by_corpus.setdefault(_corpus(r.get("source")), Counter())[str(r["reason"])] += 1
    print(f"$ {' '.join(cmd)}   (exit {proc.returncode}, {wall:.0f} s)")
    print("| corpus | texts | articles | error rows by reason |")
    print("|---|---|---|---|")
    for c in sent:
        reasons = (
            ", ".join(f"{k} {v}" for k, v in by_corpus.get(c, Counter()).most_common()) or "none"
        )
        print(f"| {c} | {sent[c]} | {articles.get(c, 0)} | {reasons} |")
    total = Counter(str(r["reason"]) for r in errors)
    print(
        f"| all | {sum(sent.values())} | {sum(articles.values())} | "
        f"{', '.join(f'{k} {v}' for k, v in total.most_common()) or 'none'} |"
    )
    for r in errors:
        if r["reason"] == "internal_error":
            print(f"internal_error: {r.get('source')}: {r.get('message')}")
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if total.get("internal_error") or proc.returncode not in (0, 1) else 0


if __name__ == "__main__":
    sys.exit(main())
