"""The hostile-input corpus through a batch run, as a table: what each input became,
crashes, hangs, records lost, and the peak memory of the run.

The corpus is written by scripts/make_hostile_corpus.py (with the 50 MB page) into a
temporary folder; the batch runs in this process with a per-article time limit.

Run: .venv/bin/python bench/hostile_inputs.py [--time-limit 60]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import tempfile
import time
from pathlib import Path

from extract import Settings
from extract.batch.outcomes import outcomes
from extract.batch.runner import run_batch

REPO = Path(__file__).resolve().parents[1]


def _corpus_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "make_hostile_corpus", REPO / "scripts" / "make_hostile_corpus.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per article")
    args = ap.parse_args()
    mod = _corpus_module()
    with tempfile.TemporaryDirectory() as tmp:
        src = mod.build(Path(tmp) / "hostile", huge=True)
        out = Path(tmp) / "out"
        crashed = None
        started = time.perf_counter()
        try:
            summary = run_batch([str(src)], out, Settings(), formats=("jsonl",),
                                time_limit=args.time_limit)  # fmt: skip
        except Exception as exc:  # a crash of the whole run is what this measures
            crashed = f"{type(exc).__name__}: {exc}"
        wall = time.perf_counter() - started
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        if crashed:
            print(f"CRASH: {crashed}")
            return
        got = outcomes(out)
        reasons = [json.loads(line)["reason"] for f in (out / "errors").glob("*.jsonl")
                   for line in f.read_text().split("\n") if line]  # fmt: skip
        expected = {**mod.EXPECTED, mod.HUGE_NAME: mod.HUGE_EXPECTED}
        print("| input | size | records | outcome | as expected |")
        print("|---|---:|---:|---|---|")
        lost = unexpected = 0
        for name in sorted(expected):
            want = expected[name]
            have = got.get(name, [])
            lost += max(0, len(want) - len(have))
            ok = len(have) == len(want) and all(
                h in (w if isinstance(w, tuple) else (w,)) for h, w in zip(have, want, strict=False)
            )
            unexpected += not ok
            size = (src / name).stat().st_size
            print(f"| {name} | {size:,} B | {len(have)} | {', '.join(have)} | "
                  f"{'yes' if ok else 'NO'} |")  # fmt: skip
        records = sum(len(w) for w in expected.values())
        print()
        print("| inputs | records expected | records written | crashes | hangs (timeouts) "
              "| records lost | not as expected | peak RSS | wall |")  # fmt: skip
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        print(
            f"| {len(expected)} | {records} | {summary.articles + summary.errors} "
            f"| {reasons.count('internal_error')} | {reasons.count('timeout')} | {lost} "
            f"| {unexpected} | {peak_mb:.0f} MB | {wall:.1f} s |"
        )


if __name__ == "__main__":
    main()
