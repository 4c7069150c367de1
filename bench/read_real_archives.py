"""Real news in the archive formats researchers hold, read back completely.

Takes the real news articles of ``../shared/data/dev`` (not its single sentences or windows)
(TempEval-3 TBAQ, MEANTIME apple, GeoWebNews, ECB+, the seed; extract.evaluate.realtext;
GeoWebNews and ECB+ give no date, so their records carry none), writes them into a temporary folder outside the checkout (the corpora's text
never enters the repo) in three layouts:

1. a news-please output tree (``<domain>/<hash>.json`` files with ``title``, ``maintext``,
   ``date_publish`` as "YYYY-MM-DD HH:MM:SS", ``source_domain``, ``url``, ``language``);
2. a CSV export (``headline``, ``body``, ``publish_date`` written as RFC 2822, e.g.
   "Thu, 02 Apr 2020 09:30:00 GMT", ``link``), quoted multi-line cells;
3. a cc_news-style Parquet file (``title``, ``text``, ``domain``, ``date`` as ISO 8601 with a
   zone, ``description``, ``url``, ``image_url``), row groups of 200;

then reads each back with ``extract.read`` and prints, per layout, the records written,
articles read, error rows by reason, and how many came back with their title and with the
publication date the record holds (where it holds none: none, or the date of the article's
own dateline, "LOS ANGELES, April 05, 2018 (GLOBE NEWSWIRE) --"; no date invented). Exit
status 1 when any article is lost, misdated or given a date it does not have.

Run: .venv/bin/python bench/read_real_archives.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import email.utils
import hashlib
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from extract import read
from extract.evaluate.realtext import real_texts
from extract.records import Article, PublishedSource

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CORPORA = ["tbaq", "meantime", "geowebnews", "ecbplus", "seed"]


def _records() -> list[dict[str, object]]:
    out = []
    for i, rt in enumerate(real_texts(SHARED, CORPORA)):
        if len(rt.text.split()) < 40:
            continue  # sentences and windows are not articles
        when = (
            dt.datetime.combine(rt.published, dt.time(9, 30), tzinfo=dt.timezone.utc)
            if rt.published is not None
            else None
        )
        out.append(
            {
                "id": f"{rt.corpus}-{i}",
                "title": rt.title or f"{rt.corpus} {rt.id}",
                "text": rt.text,
                "when": when,
                "domain": f"{rt.corpus}.example.org",
                "url": f"https://{rt.corpus}.example.org/{i}",
            }
        )
    return out


def write_newsplease(recs: list[dict[str, object]], folder: Path) -> Path:
    for r in recs:
        sub = folder / str(r["domain"])
        sub.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha1(str(r["url"]).encode()).hexdigest() + ".json"
        when = r["when"]
        assert when is None or isinstance(when, dt.datetime)
        (sub / name).write_text(
            json.dumps(
                {
                    "title": r["title"],
                    "maintext": r["text"],
                    "date_publish": when.strftime("%Y-%m-%d %H:%M:%S") if when else None,
                    "date_download": "2026-12-04 10:00:00",
                    "source_domain": r["domain"],
                    "url": r["url"],
                    "language": "en",
                }
            ),
            encoding="utf-8",
        )
    return folder


def write_csv(recs: list[dict[str, object]], path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["headline", "body", "publish_date", "link"])
        for r in recs:
            when = r["when"]
            assert when is None or isinstance(when, dt.datetime)
            date = email.utils.format_datetime(when, usegmt=True) if when else ""
            w.writerow([r["title"], r["text"], date, r["url"]])
    return path


def write_parquet(recs: list[dict[str, object]], path: Path) -> Path:
    def iso(r: dict[str, object]) -> str | None:
        when = r["when"]
        assert when is None or isinstance(when, dt.datetime)
        return when.isoformat() if when else None

    table = pa.table(
        {
            "title": [r["title"] for r in recs],
            "text": [r["text"] for r in recs],
            "domain": [r["domain"] for r in recs],
            "date": [iso(r) for r in recs],
            "description": ["" for _ in recs],
            "url": [r["url"] for r in recs],
            "image_url": [None for _ in recs],
        }
    )
    pq.write_table(table, path, row_group_size=200)
    return path


def check(layout: str, spec: Path, recs: list[dict[str, object]]) -> tuple[list[str], bool]:
    by_url = {str(r["url"]): r for r in recs}
    errors: Counter[str] = Counter()
    articles = titled = dated = from_dateline = 0
    seen: set[str] = set()
    for item in read(spec):
        if not isinstance(item, Article):
            errors[item.reason] += 1
            continue
        articles += 1
        r = by_url.get(item.url or "")
        if r is None:
            continue
        seen.add(str(r["url"]))
        titled += item.title == r["title"]
        when = r["when"]
        assert when is None or isinstance(when, dt.datetime)
        if when is None and item.published_source == PublishedSource.dateline:
            from_dateline += 1  # "LOS ANGELES, April 05, 2018 (GLOBE NEWSWIRE) --"
            dated += 1
        else:
            dated += item.published == (when.date() if when else None)
    ok = articles == len(recs) == len(seen) == titled == dated and not errors
    row = (
        f"| {layout} | {len(recs)} | {articles} | "
        f"{', '.join(f'{k} {v}' for k, v in errors.most_common()) or 'none'} | "
        f"{titled} | {dated} ({from_dateline} from a dateline) |"
    )
    return [row], ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", type=Path, help="write the layouts here and keep them")
    args = ap.parse_args()
    if not (SHARED / "data" / "dev").is_dir():
        print("../shared/data/dev is not there: nothing to read")
        return 0
    recs = _records()
    work = args.keep or Path(tempfile.mkdtemp(prefix="newsevents-real-archives-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        layouts = [
            ("news-please tree", write_newsplease(recs, work / "news-please")),
            ("CSV export", write_csv(recs, work / "export.csv")),
            ("cc_news Parquet", write_parquet(recs, work / "cc_news.parquet")),
        ]
        per_corpus = Counter(str(r["id"]).split("-")[0] for r in recs)
        print(
            f"{len(recs)} real news articles, {sum(r['when'] is not None for r in recs)} with a "
            "publication date (" + ", ".join(f"{k} {v}" for k, v in per_corpus.items()) + ")\n"
        )
        print(
            "| layout | records | articles read | error rows | with their title | with the right date (or none) |"
        )
        print("|---|---|---|---|---|---|")
        all_ok = True
        for layout, spec in layouts:
            rows, ok = check(layout, spec, recs)
            all_ok &= ok
            print("\n".join(rows))
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
