"""Compile the authored gold articles (data/annotated/articles/<split>/*.json) into
data/annotated/<split>.jsonl, one validated ArticleResult per line.

Run: .venv/bin/python scripts/compile_annotations.py [--check]
With --check it only verifies that the committed JSONL files are up to date.
"""

from __future__ import annotations

import sys
from pathlib import Path

from extract.evaluate.authoring import compile_folder

ROOT = Path(__file__).resolve().parents[1] / "data" / "annotated"


def main() -> int:
    check = "--check" in sys.argv
    stale = []
    for split in ("dev", "test"):
        docs = compile_folder(ROOT / "articles" / split)
        body = "".join(d.model_dump_json() + "\n" for d in docs)
        target = ROOT / f"{split}.jsonl"
        events = sum(len(d.events) for d in docs)
        print(f"{split}: {len(docs)} articles, {events} events")
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != body:
                stale.append(target.name)
        else:
            target.write_text(body, encoding="utf-8")
    if stale:
        print("out of date (run scripts/compile_annotations.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
