"""Every disagreement with the gold on the TUNE half of a public dev corpus, one a line,
for reading errors without ever seeing the check half (bench/README.md).

Times (TBAQ, MEANTIME): spans missed, spurious, and matched with another value.
Quantities with offsets (MEANTIME): the same. Quantities without offsets (NewsQuant): per
sentence, the gold quantities no prediction has the value of, the predictions no gold has
the value of, and the value matches whose unit or change disagrees.

Run: .venv/bin/python bench/tune_errors.py {tbaq,meantime,newsquant} [--kind times]
     [--cqe-rules] (NewsQuant under CQE's matching rules)
     (prints to stdout; the check half is never printed)
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from extract import Extractor, Settings
from extract.evaluate.halves import split
from extract.evaluate.metrics import match_by_value
from extract.evaluate.quantity_rules import (
    gold_readings,
    match,
    newsquant_readings,
    units_agree,
)
from extract.evaluate.run import input_article, load_gold
from extract.evaluate.scorer import _change, _Errors, _score_kind, _unit_ok, duration_quantities

DEV = Path(__file__).resolve().parents[2] / "shared" / "data" / "dev"
CORPORA = {
    "tbaq": (DEV / "tempeval3-tbaq", "timeml"),
    "meantime": (DEV / "meantime-apple", "meantime"),
    "newsquant": (DEV / "newsquant-dev", "newsquant"),
}


def _q(q) -> str:  # type: ignore[no-untyped-def]
    bounds = f" [{q.lower}, {q.upper}]" if q.lower is not None or q.upper is not None else ""
    approx = " ~" if q.approximate else ""
    return f"{q.value:g}{bounds}{approx} {q.unit or '-'} ({q.counted or '-'}) {_change(q)}"


def _cqe_rule_errors(pairs) -> None:  # type: ignore[no-untyped-def]
    """Per sentence: gold readings without a prediction of their value (MISSED), the
    predictions left over (SPURIOUS), and value matches whose unit or change differ."""
    for g, p in pairs:
        gold, pred = gold_readings(g), newsquant_readings(p)
        matched = match(gold, pred)
        mg = {a for a, _ in matched}
        mp = {b for _, b in matched}
        lines = [f"  MISSED   {r}" for i, r in enumerate(gold) if i not in mg]
        lines += [f"  SPURIOUS {r}" for i, r in enumerate(pred) if i not in mp]
        for gi, pi in matched:
            if not units_agree(gold[gi].unit, pred[pi].unit):
                lines.append(
                    f"  UNIT     {gold[gi].value}: gold {gold[gi].unit!r} ours {pred[pi].unit!r}"
                )
            if gold[gi].change != pred[pi].change:
                lines.append(
                    f"  CHANGE   {gold[gi].value}: gold {gold[gi].change} ours {pred[pi].change}"
                )
        if lines:
            print(f"{g.result.article.id}: {g.result.article.text}")
            print("\n".join(lines))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", choices=sorted(CORPORA))
    ap.add_argument("--kind", default=None, help="times or quantities (default: both)")
    ap.add_argument(
        "--cqe-rules",
        action="store_true",
        help="NewsQuant: disagreements under CQE's matching rules (evaluate.quantity_rules)",
    )
    args = ap.parse_args()
    path, fmt = CORPORA[args.corpus]
    docs = split(load_gold(path, fmt), "tune")
    extractor = Extractor(Settings())
    pairs = list(zip(docs, extractor.process_articles(input_article(d) for d in docs), strict=True))
    if fmt == "newsquant" and args.cqe_rules:
        _cqe_rule_errors(pairs)
        return
    if fmt == "newsquant":
        for g, p in pairs:
            gq = g.result.quantities
            pq = list(p.quantities) + duration_quantities(p)
            key = lambda q: None if q.value is None else float(f"{q.value:.6g}")  # noqa: E731
            matched = match_by_value(gq, pq, key, key)
            raws = g.meta.get("units") or [None] * len(gq)
            changes = g.meta.get("changes") or [_change(q) for q in gq]
            lines = []
            mg = {a for a, _ in matched}
            mp = {b for _, b in matched}
            for gi, q in enumerate(gq):
                if gi not in mg:
                    lines.append(f"  MISSED  {_q(q)} unit={raws[gi]!r} change={changes[gi]}")
            for pi, q in enumerate(pq):
                if pi not in mp:
                    lines.append(f"  SPURIOUS {q.text!r} = {_q(q)}")
            for gi, pi in matched:
                if not _unit_ok(gq[gi], pq[pi], raws[gi]):
                    lines.append(
                        f"  UNIT    {pq[pi].text!r}: gold {raws[gi]!r}/{gq[gi].unit!r}"
                        f" ours {pq[pi].unit!r} ({pq[pi].counted!r})"
                    )
                if changes[gi] != _change(pq[pi]):
                    lines.append(
                        f"  CHANGE  {pq[pi].text!r}: gold {changes[gi]} ours {_change(pq[pi])}"
                    )
            if lines:
                print(f"{g.result.article.id}: {g.result.article.text}")
                print("\n".join(lines))
        return
    kinds = [args.kind] if args.kind else ["times", "quantities"]
    for kind in kinds:
        in_scope = [(g, p) for g, p in pairs if kind in g.scope]
        errors = _Errors()
        _score_kind(kind, in_scope, errors)
        for e in errors.items:
            print(f"{e['field']}\t{e['doc']}\tgold={e['gold']}\tpred={e['pred']}\t{e['sentence']}")


if __name__ == "__main__":
    main()
