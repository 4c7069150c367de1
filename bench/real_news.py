"""One dashboard of accuracy on public news, beside our own splits.

For every public dev corpus in ../shared/data/dev (times: TempEval-3 TBAQ, MEANTIME apple;
quantities: NewsQuant, MEANTIME; places and actors: MEANTIME, GeoWebNews; events:
WikiEvents, RAMS; event status: MEANTIME's event-mention factuality) the pipeline runs once over all documents, as `newsevents evaluate`
does, and the project scorer scores its tune half, its check half and the whole
(halves: extract.evaluate.halves, by a CRC-32 of each document's id; bench/README.md).
Our own corpus is scored on its dev split (which we tune on) and its test split (which we
never tune on). A corpus that is not here is skipped with a line saying so.

Figures: F1 unless named otherwise. RAMS annotates one event per window, so its
precision says little: its event figures are recall. GeoWebNews: recognition F1 of literal
toponyms, acc@161 on recognised toponyms and end to end, country accuracy.

Run: .venv/bin/python bench/real_news.py [--write] [--corpus NAME ...]
     (--write replaces the dashboard section of bench/RESULTS.md)
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from extract import Extractor, Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.halves import HALVES, split
from extract.evaluate.run import input_article, load_gold
from extract.evaluate.scorer import score
from extract.evaluate.status import gold_trigger_status
from extract.records import ArticleResult

ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "data" / "dev"
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## Real news dashboard (bench/real_news.py)"

Figure = tuple[str, tuple[str, ...]]
"""(label, path into the scorer's report)."""

TIMES: list[Figure] = [
    ("times value F1", ("mentions", "times", "value", "f1")),
    ("times relaxed span F1", ("mentions", "times", "relaxed", "f1")),
]
QUANTITIES: list[Figure] = [
    ("quantities value F1", ("mentions", "quantities", "value", "f1")),
    ("quantities value+unit F1", ("mentions", "quantities", "value_unit", "f1")),
]
CQE_RULES: list[Figure] = [  # CQE's own matching rules (extract.evaluate.quantity_rules)
    (f"quantities {k} F1, CQE rules", ("mentions", "quantities", "cqe_rules", key, "f1"))
    for k, key in (
        ("value", "value"),
        ("value+unit", "value_unit"),
        ("value+change", "value_change"),
    )
]
ENTITIES: list[Figure] = [
    ("places relaxed F1", ("mentions", "places", "relaxed", "f1")),
    ("actors relaxed F1", ("mentions", "actors", "relaxed", "f1")),
]
EVENTS: list[Figure] = [
    ("events TC F1", ("events", "TC", "f1")),
    ("events AC F1", ("events", "AC", "f1")),
    ("event status accuracy", ("events", "status", "accuracy")),
]

# name, path under ../shared/data/dev (or the repo), gold format, figures
CORPORA: list[tuple[str, Path, str, list[Figure]]] = [
    ("TBAQ", DEV / "tempeval3-tbaq", "timeml", TIMES),
    (
        "MEANTIME",
        DEV / "meantime-apple",
        "meantime",
        [
            TIMES[0],
            QUANTITIES[0],
            *CQE_RULES[:2],
            *ENTITIES,
            ("event status accuracy, our events", ("event_status", "accuracy")),
            ("event status accuracy, gold triggers", ("event_status", "gold_triggers", "accuracy")),
        ],
    ),
    (
        "NewsQuant",
        DEV / "newsquant-dev",
        "newsquant",
        [
            *QUANTITIES,
            ("quantities value+change F1", ("mentions", "quantities", "value_change", "f1")),
            *CQE_RULES,
        ],
    ),
    (
        "GeoWebNews",
        DEV / "geowebnews-dev",
        "geowebnews",
        [
            ("toponym recognition F1", ("geoparsing", "recognition", "f1")),
            ("acc@161 (recognised)", ("geoparsing", "acc161", "accuracy")),
            ("acc@161 end to end", ("geoparsing", "acc161_end_to_end", "accuracy")),
            ("country accuracy", ("geoparsing", "country", "accuracy")),
        ],
    ),
    (
        "WikiEvents",
        DEV / "wikievents-dev",
        "wikievents",
        [
            EVENTS[0],
            ("events TC F1, merged reports and words as triggers", ("events", "TC_mentions", "f1")),
            EVENTS[1],
            EVENTS[2],
        ],
    ),
    (
        "RAMS",
        DEV / "rams-dev",
        "rams",
        [("events TC recall", ("events", "TC", "r")), ("events AC recall", ("events", "AC", "r"))],
    ),
]
OURS: list[Figure] = [
    TIMES[0],
    QUANTITIES[0],
    ("places strict F1", ("mentions", "places", "strict", "f1")),
    ("actors strict F1", ("mentions", "actors", "strict", "f1")),
    ("actor country accuracy", ("mentions", "actors", "country", "accuracy")),
    ("actor sector accuracy", ("mentions", "actors", "sector", "accuracy")),
    ("coded actor F1", ("mentions", "actors", "coded", "f1")),
    *EVENTS,
    ("event dyads, both countries right", ("events", "dyad", "accuracy")),
]


def _get(report: dict[str, Any], path: tuple[str, ...]) -> float | None:
    node: Any = report
    for key in path:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return float(node) if isinstance(node, int | float) else None


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _run(extractor: Extractor, docs: list[GoldDoc]) -> list[tuple[GoldDoc, ArticleResult]]:
    preds = extractor.process_articles(input_article(d) for d in docs)
    return list(zip(docs, preds, strict=True))


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
        return out.stdout.strip() + (" (uncommitted changes)" if dirty else "")
    except OSError:
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="write the section of bench/RESULTS.md")
    ap.add_argument("--corpus", nargs="*", help="only these corpora (names as in the table)")
    ap.add_argument("--typer", help="event typer (default: the library's default)")
    args = ap.parse_args()
    wanted = {c.lower() for c in args.corpus} if args.corpus else None

    t0 = time.perf_counter()
    extractor = Extractor(Settings(event_typer=args.typer) if args.typer else Settings())
    rows: list[tuple[str, str, str, str, str, str]] = []
    notes: list[str] = []
    for name, path, fmt, figures in CORPORA:
        if wanted is not None and name.lower() not in wanted:
            continue
        if not path.exists():
            notes.append(f"{name}: {path} is not here, skipped")
            continue
        started = time.perf_counter()
        pairs = _run(extractor, load_gold(path, fmt))
        gold = [g for g, _ in pairs]
        reports = {"all": score(pairs)}
        counts = {"all": len(pairs)}
        for half in HALVES:
            ids = {id(g) for g in split(gold, half)}
            part = [(g, p) for g, p in pairs if id(g) in ids]
            reports[half] = score(part)
            counts[half] = len(part)
        if "event_status" in reports["all"]:  # MEANTIME: statuses on every gold event word
            for key, part_gold in (("all", gold), *((h, split(gold, h)) for h in HALVES)):
                reports[key]["event_status"]["gold_triggers"] = gold_trigger_status(
                    extractor.nlp, part_gold
                )
        docs = f"{counts['tune']} / {counts['check']}"
        for label, fpath in figures:
            rows.append(
                (
                    name,
                    label,
                    _fmt(_get(reports["tune"], fpath)),
                    _fmt(_get(reports["check"], fpath)),
                    _fmt(_get(reports["all"], fpath)),
                    docs,
                )
            )
        notes.append(f"{name}: {len(pairs)} documents in {time.perf_counter() - started:.0f} s")
    if wanted is None or "ours" in wanted:
        dev = _run(extractor, load_gold(ROOT / "data" / "annotated" / "dev.jsonl"))
        test = _run(extractor, load_gold(ROOT / "data" / "annotated" / "test.jsonl"))
        rd, rt = score(dev), score(test)
        for label, fpath in OURS:
            rows.append(
                (
                    "ours (dev split | test split)",
                    label,
                    _fmt(_get(rd, fpath)),
                    _fmt(_get(rt, fpath)),
                    "",
                    f"{len(dev)} / {len(test)}",
                )
            )

    header = ("corpus", "figure", "tune half", "check half", "whole", "docs tune / check")
    lines = [
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        *("| " + " | ".join(r) + " |" for r in rows),
    ]
    table = "\n".join(lines)
    stamp = (
        f"Run {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC at commit {_commit()}; "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"typer {extractor.settings.event_typer}; {time.perf_counter() - t0:.0f} s in all."
    )
    print(table)
    print()
    print(stamp)
    for n in notes:
        print(n)
    if args.write:
        _write_section(table, stamp, notes)


def _write_section(table: str, stamp: str, notes: list[str]) -> None:
    body = "\n".join(
        [
            SECTION,
            "",
            stamp,
            "",
            "Public dev corpora: the tune half is the one whose errors we read, the check half"
            " is only measured (halves by a CRC-32 of the document id, bench/README.md). Ours:"
            " the tune column is our dev split, the check column our test split (never tuned"
            " on). F1 unless named; RAMS figures are recall (one event annotated per window).",
            "",
            table,
            "",
            *(f"- {n}" for n in notes),
            "",
        ]
    )
    text = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
    if SECTION in text:
        before, rest = text.split(SECTION, 1)
        nxt = rest.find("\n## ")
        after = rest[nxt + 1 :] if nxt >= 0 else ""
        text = before + body + ("\n" + after if after else "")
    else:
        head, sep, rest = text.partition("\n## ")
        text = head.rstrip("\n") + "\n\n" + body + ("\n## " + rest if sep else "")
    RESULTS.write_text(text, encoding="utf-8")
    print(f"wrote {RESULTS.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
