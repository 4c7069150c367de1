"""Our temporal stage against the simple alternative a user would try, in one run:
spaCy DATE/TIME entities + ``dateparser.parse`` with the publication date as base.

Run: .venv/bin/python bench/times_vs_dateparser.py [GOLD FORMAT] ...
     (default: ../shared/data/dev/tempeval3-tbaq timeml ../shared/data/dev/meantime-apple meantime)
Prints strict/relaxed span F1, value F1 and type accuracy for both systems.
"""

from __future__ import annotations

import datetime as dt
import sys
import warnings
from pathlib import Path

import dateparser

from extract import Extractor, Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.run import input_article, load_gold
from extract.evaluate.scorer import score
from extract.records import ArticleResult, TimeMention

warnings.filterwarnings("ignore")


def dateparser_times(nlp, gold: GoldDoc) -> ArticleResult:
    art = input_article(gold)
    doc = nlp(art.text)
    base = dt.datetime.combine(art.published, dt.time()) if art.published else None
    times = []
    for ent in doc.ents:
        if ent.label_ not in ("DATE", "TIME"):
            continue
        opts = {"PREFER_DATES_FROM": "past", "RETURN_AS_TIMEZONE_AWARE": False}
        if base is not None:
            opts["RELATIVE_BASE"] = base
        parsed = dateparser.parse(ent.text, languages=["en"], settings=opts)
        value = None
        if parsed is not None:
            value = (
                parsed.strftime("%Y-%m-%dT%H:%M")
                if ent.label_ == "TIME"
                else parsed.date().isoformat()
            )
        times.append(
            TimeMention(
                id=f"t{len(times) + 1}",
                start=ent.start_char,
                end=ent.end_char,
                text=ent.text,
                value=value,
                type="TIME" if ent.label_ == "TIME" else "DATE",
            )
        )
    return ArticleResult(article=art, times=times)


def row(name: str, rep: dict) -> str:
    t = rep["mentions"]["times"]
    return (
        f"| {name} | {t['strict']['f1']:.3f} | {t['relaxed']['f1']:.3f} | {t['value']['f1']:.3f} "
        f"| {t['on_matched']['type']['accuracy']:.3f} |"
    )


def main() -> None:
    args = sys.argv[1:] or [
        "../shared/data/dev/tempeval3-tbaq",
        "timeml",
        "../shared/data/dev/meantime-apple",
        "meantime",
    ]
    extractor = Extractor(Settings())
    plain = extractor.nlp  # same model; only its DATE/TIME entities are used by the baseline
    for path, fmt in zip(args[::2], args[1::2], strict=True):
        docs = [d for d in load_gold(Path(path), fmt) if "times" in d.scope]
        ours = score(
            zip(docs, extractor.process_articles(input_article(d) for d in docs), strict=True)
        )
        base = score((d, dateparser_times(plain, d)) for d in docs)
        print(f"\n{path} ({len(docs)} documents, {ours['mentions']['times']['gold']} gold TIMEX3)")
        print("| system | strict span F1 | relaxed span F1 | value F1 | type accuracy |")
        print("|---|---|---|---|---|")
        print(row("newsevents", ours))
        print(row("spaCy DATE/TIME + dateparser", base))


if __name__ == "__main__":
    main()
