"""A batch run killed with SIGKILL and resumed, and a Dask LocalCluster run, each against
an uninterrupted local run of the same inputs, in one run.

Inputs: --articles articles recombined from our own (as bench/batch_throughput.py makes
them), in JSONL shards of --per-shard, or with --one-file one JSONL file worked in parts of
--per-shard records (``--part-size``). The kill comes once --kill-after shards (parts) have
finished (the run is then inside a later one). Prints, for each run, the rows per table,
distinct articles, duplicates and articles missing against the uninterrupted run, and
whether every output file is byte-identical to it; then how the Dask run's shards spread
over its worker processes (from the manifests). With --scheduler, the Dask run goes to a
cluster started by hand (`dask scheduler`, then `dask worker ADDRESS` twice) instead of a
LocalCluster.

Run: .venv/bin/python bench/kill_resume.py [--articles 600] [--per-shard 100] [--kill-after 2]
     [--one-file] [--scheduler tcp://127.0.0.1:8786]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from batch_throughput import corpus

from extract.batch.query import query

BIN = Path(sys.executable).parent
TABLES = ("articles", "events", "mentions", "errors")


def counts(out: Path) -> dict[str, int]:
    got: dict[str, int] = {}
    for table in TABLES:
        view = table if table == "errors" else f"{table}_all"  # every row, duplicates too
        _, rows = query(out, f"SELECT count(*) FROM {view}")
        got[table] = rows[0][0]
    _, rows = query(out, "SELECT count(DISTINCT source) FROM articles_all")
    got["distinct articles"] = rows[0][0]
    return got


def sources(out: Path) -> list[str]:
    _, rows = query(out, "SELECT source FROM articles_all")
    return [r[0] for r in rows]


def files(out: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(out)): p.read_bytes()
        for t in TABLES
        for p in sorted((out / t).glob("*"))
        if p.is_file()
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=600)
    ap.add_argument("--per-shard", type=int, default=100)
    ap.add_argument("--kill-after", type=int, default=2, help="finished shards before the kill")
    ap.add_argument("--typer", default="lexicon")
    ap.add_argument("--one-file", action="store_true", help="one JSONL file worked in parts")
    ap.add_argument("--scheduler", help="a Dask scheduler started by hand (else a LocalCluster)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="newsevents-kill-"))
    inputs = work / "in"
    inputs.mkdir()
    recs = corpus(args.articles)
    shards = 0
    for start in range(0, len(recs), args.per_shard):
        name = "all.jsonl" if args.one_file else f"part-{shards:03d}.jsonl"
        with open(inputs / name, "a", encoding="utf-8") as f:
            for r in recs[start : start + args.per_shard]:
                f.write(json.dumps(r) + "\n")
        shards += 1
    base = [str(BIN / "newsevents"), "batch", str(inputs), "--typer", args.typer]
    if args.one_file:
        base += ["--part-size", str(args.per_shard)]

    clean = work / "uninterrupted"
    subprocess.run([*base, "--out", str(clean)], check=True, capture_output=True)

    killed = work / "killed"
    proc = subprocess.Popen(
        [*base, "--out", str(killed)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    manifests = killed / "_manifests"
    while len(list(manifests.glob("*.json"))) < args.kill_after and proc.poll() is None:
        time.sleep(0.05)
    time.sleep(1.0)  # well inside the next shard
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done = len(list(manifests.glob("*.json")))
    partial = [p.name for p in killed.rglob("*") if p.is_file() and ".tmp" in p.name]
    before = counts(killed)
    before_sources = sources(killed)
    subprocess.run([*base, "--out", str(killed), "--resume"], check=True, capture_output=True)
    left = [p.name for p in killed.rglob("*") if p.is_file() and ".tmp" in p.name]

    dask = work / "dask"
    cluster = ["--scheduler", args.scheduler] if args.scheduler else ["--workers", "2"]
    subprocess.run(
        [*base, "--out", str(dask), "--engine", "dask", *cluster],
        check=True,
        capture_output=True,
    )

    want = sorted(sources(clean))
    dask_name = (
        f"dask cluster started by hand ({args.scheduler})"
        if args.scheduler
        else "dask LocalCluster, 2 workers"
    )
    layout = f"one JSONL file in {shards} parts" if args.one_file else f"{shards} JSONL shards"
    print(f"\n{args.articles} articles in {layout}; typer {args.typer}; {work}")
    print(
        f"killed with SIGKILL after {done} of {shards} shards had finished "
        f"(temporary files left by the killed run: {len(partial)}; after --resume: {len(left)})"
    )
    print("| run | " + " | ".join(TABLES) + " | distinct articles | duplicates | missing "
          "| files identical to uninterrupted |")  # fmt: skip
    print("|---" * 9 + "|")
    ref = files(clean)
    for name, out, got, have in (
        ("uninterrupted", clean, counts(clean), sources(clean)),
        ("killed (before resume)", killed, before, before_sources),
        ("killed, then --resume", killed, counts(killed), sources(killed)),
        (dask_name, dask, counts(dask), sources(dask)),
    ):
        dup = len(have) - len(set(have))
        missing = len(set(want) - set(have))
        same = "" if "before" in name else ("yes" if files(out) == ref else "NO")
        cells = " | ".join(str(got[t]) for t in TABLES)
        print(f"| {name} | {cells} | {got['distinct articles']} | {dup} | {missing} | {same} |")
    spread = Counter(
        json.loads(p.read_text(encoding="utf-8")).get("worker", "?")
        for p in (dask / "_manifests").glob("*.json")
    )
    print(
        f"\nDask run: {sum(spread.values())} shards over {len(spread)} worker processes: "
        + ", ".join(f"{w} {n}" for w, n in sorted(spread.items()))
    )


if __name__ == "__main__":
    main()
