"""Our quantities against the alternatives a user would try, in one run, on NewsQuant
(scored by value within each sentence, as the CQE paper does):

- quantulum3 (``pip install -e .[bench]``), when it imports, with its rule-based unit
  disambiguation (its scikit-learn classifier is a pickle, which we never load);
- spaCy CARDINAL/MONEY/PERCENT/QUANTITY entities read with a word-to-number fallback.

NewsQuant counts durations ("three years in prison") as quantities; we keep them as time
mentions, so our figures are given both without and with them.

Run: .venv/bin/python bench/quantities_vs_baselines.py [NEWSQUANT_DIR]
     (default: ../shared/data/dev/newsquant-dev)
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

from extract import Extractor, Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.run import input_article, load_gold
from extract.evaluate.scorer import score
from extract.nlp.numbers import parse_number
from extract.records import ArticleResult, QuantityMention

warnings.filterwarnings("ignore")
LABELS = ("CARDINAL", "MONEY", "PERCENT", "QUANTITY")
CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}


def spacy_quantities(nlp, gold: GoldDoc) -> ArticleResult:
    art = input_article(gold)
    out: list[QuantityMention] = []
    for ent in nlp(art.text).ents:
        if ent.label_ not in LABELS:
            continue
        words = [
            t
            for t in ent
            if t.like_num or t.lower_ in ("hundred", "thousand", "million", "billion")
        ]
        num = parse_number(" ".join(t.text for t in words)) if words else None
        if num is None or num.value is None:
            continue
        unit = "percent" if ent.label_ == "PERCENT" else None
        unit = next((CURRENCY[t.text] for t in ent if t.text in CURRENCY), unit)
        if unit is None and ent.label_ == "QUANTITY":
            unit = ent[-1].text
        out.append(
            QuantityMention(
                id=f"q{len(out) + 1}",
                start=ent.start_char,
                end=ent.end_char,
                text=ent.text,
                value=num.value,
                unit=unit,
            )
        )
    return ArticleResult(article=art, quantities=out)


def quantulum_quantities(parser, gold: GoldDoc) -> ArticleResult:
    art = input_article(gold)
    out: list[QuantityMention] = []
    for q in parser.parse(art.text):
        unit = None if q.unit.name == "dimensionless" else q.unit.name
        if q.unit.entity.name == "currency":
            unit = q.unit.currency_code or unit
        if unit == "percentage":
            unit = "percent"
        start, end = max(0, q.span[0]), max(0, q.span[1])
        out.append(
            QuantityMention(
                id=f"q{len(out) + 1}",
                start=start,
                end=end,
                text=q.surface,
                value=float(q.value),
                unit=unit,
            )
        )
    return ArticleResult(article=art, quantities=out)


def row(name: str, m: dict) -> str:
    return (
        f"| {name} | {m['value']['p']:.3f} / {m['value']['r']:.3f} / {m['value']['f1']:.3f} "
        f"| {m['value_unit']['f1']:.3f} | {m['value_change']['f1']:.3f} |"
    )


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/dev/newsquant-dev")
    docs = load_gold(path, "newsquant")
    extractor = Extractor(Settings())
    ours = score(zip(docs, extractor.process_articles(input_article(d) for d in docs), strict=True))
    q = ours["mentions"]["quantities"]
    print(f"\n{path} ({len(docs)} sentences, {q['gold']} gold quantities)")
    print("| system | value P / R / F1 | value+unit F1 | value+change F1 |")
    print("|---|---|---|---|")
    print(row("newsevents, durations as quantities (NewsQuant's convention)", q["with_durations"]))
    print(row("newsevents, quantity mentions only", q))
    try:
        from quantulum3 import classifier, parser

        # quantulum3 would unpickle its scikit-learn unit classifier with joblib; we load
        # no pickles (issue 8), so it runs with its rule-based disambiguation
        classifier.USE_CLF = False
    except ImportError:
        print("| quantulum3 | not installed (pip install -e .[bench]) | | |")
    else:
        qq = score((d, quantulum_quantities(parser, d)) for d in docs)
        print(row("quantulum3", qq["mentions"]["quantities"]))
    base = score((d, spacy_quantities(extractor.nlp, d)) for d in docs)
    print(row("spaCy entities + word-to-number", base["mentions"]["quantities"]))


if __name__ == "__main__":
    main()
