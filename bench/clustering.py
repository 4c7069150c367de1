"""Event clustering across articles (`newsevents cluster`) on a synthetic archive with
known duplicates, against baselines in the same run.

Archive: --articles articles recombined from our own by bench/batch_throughput.py (each a
base article with its paragraphs after the first shuffled and one paragraph of another
article appended), kept with the map of which paragraph came from which base article.
Gold: two events are one event when their triggers sit at the same offset of paragraphs
with the same origin. Measures:

1. pairwise cluster P/R/F1 against that map, for our clustering and for two baselines:
   exact copies only (same type, trigger and sentence), and same trigger lemma
   within a block (type, status group, country, days);
2. clustering throughput (events/s) on one core (the process pinned to CPU 0, DuckDB
   held to one thread), after the batch, both by wall clock (the target's figure, true
   only on a quiet machine) and by the process's CPU time (the figure that holds on a
   machine others share); the time to read the events alone (the same query, no
   clustering) beside it;
3. peak RSS of a clustering process on the archive copied 1, 4 and 16 times (each copy
   shifted by whole years and its sentences marked as its own, so the blocks multiply,
   not grow): memory should stay flat in the number of blocks.

Run: .venv/bin/python bench/clustering.py [--articles 600] [--reuse] [--write]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
WORK = Path(os.environ.get("NEWSEVENTS_BENCH_DIR", "/tmp/newsevents-bench")) / "clustering"
BIN = Path(sys.executable).parent


def gold_ids(
    out: Path, records: list[dict[str, str]], origins: list[list[tuple[int, int]]]
) -> dict[tuple[str, str], tuple[int, int, str, str, str]]:
    """(article id, event id) -> (base article, paragraph, sentence, trigger, type): the
    event's origin. Events whose sentence is not found whole in one paragraph are left out."""
    import duckdb

    by_url = {r["url"]: i for i, r in enumerate(records)}
    rows = (
        duckdb.connect()
        .execute(
            f"SELECT a.article_id, a.url, e.event_id, e.sentence, e.trigger, e.type FROM "
            f"'{out}/events/*.parquet' e JOIN '{out}/articles/*.parquet' a USING (article_id)"
        )
        .fetchall()
    )
    out_map = {}
    for article_id, url, event_id, sentence, trigger, etype in rows:
        i = by_url.get(url)
        if i is None:
            continue
        needle = " ".join(sentence.split())
        for para, origin in zip(records[i]["text"].split("\n\n"), origins[i], strict=False):
            if needle and needle in " ".join(para.split()):
                out_map[(article_id, event_id)] = (origin[0], origin[1], needle, trigger, etype)
                break
    return out_map


def pairwise(
    pred: dict[tuple[str, str], str], gold: dict[tuple[str, str], tuple[object, ...]]
) -> dict[str, float]:
    keys = [k for k in pred if k in gold]
    both = Counter((pred[k], gold[k]) for k in keys)
    p_sizes, g_sizes = Counter(pred[k] for k in keys), Counter(gold[k] for k in keys)
    c2 = lambda n: n * (n - 1) // 2  # noqa: E731
    tp = sum(c2(n) for n in both.values())
    pp, gp = sum(c2(n) for n in p_sizes.values()), sum(c2(n) for n in g_sizes.values())
    p, r = (tp / pp if pp else 0.0), (tp / gp if gp else 0.0)
    return {
        "p": p,
        "r": r,
        "f1": 2 * p * r / (p + r) if p + r else 0.0,
        "events": len(keys),
        "gold_pairs": gp,
    }


def baselines(out: Path) -> dict[str, dict[tuple[str, str], str]]:
    from extract.batch.query import connect
    from extract.cluster.archive import _ITEMS_SQL, _item
    from extract.cluster.blocking import blocks
    from extract.cluster.linkage import copy_key

    con = connect(out)
    items = [_item(r) for r in con.sql(_ITEMS_SQL).to_arrow_table().to_pylist()]
    con.close()
    copies = {it.key: copy_key(it) for it in items}
    lemma: dict[tuple[str, str], str] = {}
    for n, block in enumerate(blocks(items)):
        for it in block:
            lemma[it.key] = f"{n}:{it.lemma}"
    return {"exact copies only": copies, "same lemma within a block": lemma}


def ours(out: Path) -> dict[tuple[str, str], str]:
    import duckdb

    rows = duckdb.sql(
        f"SELECT article_id, event_id, cluster_id FROM '{out}/cluster_members/*.parquet'"
    ).fetchall()
    return {(a, e): c for a, e, c in rows}


TIMED = """
import os, sys, time, json, resource
os.sched_setaffinity(0, {0})
from pathlib import Path
import importlib
q = importlib.import_module("extract.batch.query")
import extract.cluster.archive as A
_connect = q.connect
def one_thread(out_dir, *args, **kwargs):
    con = _connect(out_dir, *args, **kwargs)
    con.execute("SET threads = 1")
    con.execute("SET enable_progress_bar = false")
    return con
q.connect = one_thread  # the clustering imports it from here when it runs
out = Path(sys.argv[1])
t, c = time.perf_counter(), time.process_time()
if sys.argv[2] == "read":
    con = one_thread(out)
    n = sum(b.num_rows for b in con.sql(A._ITEMS_SQL).to_arrow_reader(4096))
    events = n
else:
    s = A.cluster_archive(out, force=True)
    events = s.events
# this process's peak RSS: VmHWM (ru_maxrss would keep the forked parent's peak across
# exec, and the parent holds the whole archive's events for the baselines)
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")]
rss = int(hwm[0].split()[1]) / 1024 if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": time.perf_counter() - t, "cpu": time.process_time() - c,
                  "events": events, "rss_mib": rss}))
"""


def timed(out: Path, what: str) -> dict[str, float]:
    res = subprocess.run([sys.executable, "-c", TIMED, str(out), what], check=True,
                         capture_output=True, text=True)  # fmt: skip
    last = [line for line in res.stdout.splitlines() if line.startswith("{")][-1]
    return dict(json.loads(last))


def replicate(out: Path, copies: int, dest: Path) -> Path:
    """``out`` copied ``copies`` times into one batch folder, copy k shifted by k years."""
    import duckdb

    shutil.rmtree(dest, ignore_errors=True)
    for t in ("articles", "events", "mentions", "errors", "_manifests"):
        (dest / t).mkdir(parents=True)
    con = duckdb.connect()
    for k in range(copies):
        shard = f"copy{k:03d}"
        suffix = f"-{k}"
        # a sentence republished with its dates shifted as far as its publication date is
        # one report copied (extract.cluster.linkage.same_report_date); the copies here are
        # meant to be other events, so each copy's sentences are marked (digits: no stem)
        marker = f" ({k})" if k else ""
        con.execute(f"""COPY (SELECT * REPLACE (article_id || '{suffix}' AS article_id,
            content_hash || '{suffix}' AS content_hash, url || '{suffix}' AS url,
            canonical_url || '{suffix}' AS canonical_url, '{shard}' AS shard,
            (published + INTERVAL {k} YEAR)::DATE AS published) FROM '{out}/articles/*.parquet')
            TO '{dest}/articles/{shard}.parquet'""")
        con.execute(f"""COPY (SELECT * REPLACE (article_id || '{suffix}' AS article_id,
            (published + INTERVAL {k} YEAR)::DATE AS published,
            sentence || '{marker}' AS sentence,
            CASE WHEN regexp_matches(date, '^\\d{{4}}')
                 THEN (TRY_CAST(substr(date, 1, 4) AS INTEGER) + {k})::VARCHAR || substr(date, 5)
                 ELSE date END AS date) FROM '{out}/events/*.parquet')
            TO '{dest}/events/{shard}.parquet'""")
        con.execute(f"""COPY (SELECT * REPLACE (article_id || '{suffix}' AS article_id)
            FROM '{out}/mentions/*.parquet') TO '{dest}/mentions/{shard}.parquet'""")
        con.execute(
            f"COPY (SELECT * FROM '{out}/errors/*.parquet') TO '{dest}/errors/{shard}.parquet'"
        )
        files = {
            f"{t}.parquet": f"{t}/{shard}.parquet"
            for t in ("articles", "events", "mentions", "errors")
        }
        # the counts a batch's manifest carries (the clustering sizes its reads by them)
        counts = {t: con.execute(f"SELECT count(*) FROM '{dest}/{t}/{shard}.parquet'").fetchall()[0][0]
                  for t in ("articles", "events", "mentions")}  # fmt: skip
        (dest / "_manifests" / f"{shard}.json").write_text(
            json.dumps({"shard": shard, "files": files, "finished": "bench", **counts}),
            encoding="utf-8",
        )
    return dest


def main() -> None:
    from batch_throughput import corpus_with_origins, write_jsonl

    from extract.cluster.archive import cluster_archive

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--articles", type=int, default=600)
    ap.add_argument("--copies", type=int, nargs="*", default=[1, 4, 16])
    ap.add_argument("--reuse", action="store_true", help="keep an earlier batch run of the archive")
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    records, origins = corpus_with_origins(args.articles)
    out = WORK / f"batch-{args.articles}"
    if not (args.reuse and (out / "_manifests").is_dir()):
        shutil.rmtree(out, ignore_errors=True)
        src = write_jsonl(records, WORK / f"archive-{args.articles}")
        subprocess.run([str(BIN / "newsevents"), "batch", str(src), "--out", str(out)], check=True,
                       stdout=subprocess.DEVNULL)  # fmt: skip
    cluster_archive(out, force=True)
    gold = gold_ids(out, records, origins)
    import duckdb

    url_of = dict(duckdb.sql(f"SELECT article_id, url FROM '{out}/articles/*.parquet'").fetchall())
    index = {r["url"]: i for i, r in enumerate(records)}
    # events of the variant's own base article (not of the paragraph appended from another
    # article, whose relative dates are resolved against the variant's publication date)
    own = {k: v for k, v in gold.items() if origins[index[url_of[k[0]]]][0][0] == v[0]}
    lines = [f"Synthetic archive: {args.articles} articles recombined from our own; "
             f"{len(gold)} events mapped to their origin, {len(own)} of them in the "
             "variant's own paragraphs.", "",
             "| clustering | events | pairwise P | R | F1 |", "|---|---|---|---|---|"]  # fmt: skip
    labels = {"newsevents cluster": ours(out), **baselines(out)}
    for name, lab in labels.items():
        for scope, g in (("all", gold), ("own paragraphs", own)):
            s = pairwise(lab, g)
            lines.append(f"| {name} | {scope} | {s['p']:.3f} | {s['r']:.3f} | {s['f1']:.3f} |")
    lines += ["", "Clustering on one core (pinned to CPU 0, DuckDB on one thread), events read "
              "from the batch's tables included:", "",
              "| archive | events | read events, wall s | cluster, wall s | cluster, CPU s | "
              "**events/s, wall clock** | **events/s, CPU time** | peak RSS MiB |",
              "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    summary = []
    for k in args.copies:
        folder = out if k == 1 else replicate(out, k, WORK / f"copies-{k}")
        read, clus = timed(folder, "read"), timed(folder, "cluster")
        wall, cpu = clus["events"] / clus["seconds"], clus["events"] / clus["cpu"]
        lines.append(
            f"| x{k} | {clus['events']:,} | {read['seconds']:.2f} | {clus['seconds']:.2f} | "
            f"{clus['cpu']:.2f} | {wall:,.0f} | {cpu:,.0f} | {clus['rss_mib']:.0f} |"
        )
        summary.append(f"x{k}: {wall:,.0f} events/s by wall clock, {cpu:,.0f} by CPU time, "
                       f"peak RSS {clus['rss_mib']:.0f} MiB")  # fmt: skip
    rss = [float(line.rsplit("|", 2)[-2]) for line in lines[-len(args.copies) :]]
    lines += ["", *summary,
              f"Peak RSS, largest archive against the smallest: {rss[-1] / rss[0] - 1:+.1%}",
              "Wall clock counts only on a quiet machine; CPU time holds on a shared one."]  # fmt: skip
    text = "\n".join(lines)
    print(text)
    if args.write:
        path = ROOT / "bench" / "RESULTS.md"
        head = "## Event clustering (bench/clustering.py)"
        old = path.read_text(encoding="utf-8")
        before, _, after = old.partition(head)
        rest = after[after.find("\n## ") :] if "\n## " in after else ""
        section = f"{head}\n\nRun {time.strftime('%Y-%m-%d')}, one core.\n\n{text}\n"
        path.write_text(f"{before.rstrip()}\n\n{section}{rest}", encoding="utf-8")


if __name__ == "__main__":
    main()
