"""How many of the hand-made expected facts (tests/golden/) the pipeline finds, per sample
article. With --write, rewrites tests/golden/known_gaps.json (review the diff!).

Run: .venv/bin/python scripts/golden_report.py [--write]
"""

import json
import sys
from pathlib import Path

import extract
from extract.ingest.sources import iter_articles

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from golden import misses

ex = extract.Extractor()
gaps = {}
total = found = 0
for f in sorted(Path("tests/golden").glob("*.expected.json")):
    exp = json.loads(f.read_text())
    ((src, art),) = list(iter_articles(Path("data/raw") / exp["file"]))
    m = misses(ex.process_article(art), exp)
    n = sum(len(exp[k]) for k in ("times", "quantities", "places", "actors", "events")) + 2
    total += n
    found += n - len(m)
    print(f"{exp['file']}: {n - len(m)}/{n} facts found")
    gaps[exp["file"]] = sorted(m)
print(f"all: {found}/{total} = {found / total:.3f}")
if "--write" in sys.argv:
    Path("tests/golden/known_gaps.json").write_text(
        json.dumps(gaps, indent=2, ensure_ascii=False) + "\n"
    )
