"""Our quantities against the alternatives a user would try, in one run, on the tune and
check halves of NewsQuant dev and on MEANTIME apple (halves: bench/README.md):

- CQE 2.0.3, the extractor whose authors made NewsQuant, run in its own environment
  (``bash bench/cqe_env.sh`` builds ``.venv-cqe``; skipped with a line saying so when it
  is not there) through ``bench/cqe_runner.py``, one sentence at a time;
- quantulum3 (``pip install -e .[bench]``), when it imports, with its rule-based unit
  disambiguation (its scikit-learn classifier is a pickle, which we never load);
- spaCy CARDINAL/MONEY/PERCENT/QUANTITY entities read with a word-to-number fallback.

Every system is scored by one scorer. The headline is CQE's own matching rules
(``extract.evaluate.quantity_rules``: a range is one quantity with both bounds, a number
matches a range only at its midpoint, units compared after normalisation with currency
codes equal to currency names, one-to-one matching by value within a sentence). The
second line is our earlier NewsQuant reading (``extract.evaluate.scorer``: ranges by their
lower end, units by any written or normalised form or the counted noun). On NewsQuant our
records are read as NewsQuant counts (durations and vague amounts as ranges, see
quantity_rules); MEANTIME annotates no changes and no counted nouns, so there it gives
value and value+unit (units of measure only).

Run: .venv/bin/python bench/quantities_vs_baselines.py [--cqe-env .venv-cqe]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from extract import Extractor, Settings
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.halves import HALVES, split
from extract.evaluate.quantity_rules import (
    Reading,
    gold_readings,
    mention_reading,
    newsquant_readings,
    score_readings,
    unit_key,
)
from extract.evaluate.run import input_article, load_gold
from extract.evaluate.scorer import _change, record_readings, score
from extract.nlp.numbers import parse_number
from extract.records import ArticleResult, QuantityMention

warnings.filterwarnings("ignore")
ROOT = Path(__file__).resolve().parents[1]
DEV = ROOT.parent / "shared" / "data" / "dev"
LABELS = ("CARDINAL", "MONEY", "PERCENT", "QUANTITY")
CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])|\n+")


def spacy_quantities(nlp, gold: GoldDoc) -> ArticleResult:  # type: ignore[no-untyped-def]
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


def quantulum_quantities(parser, gold: GoldDoc) -> ArticleResult:  # type: ignore[no-untyped-def]
    art = input_article(gold)
    out: list[QuantityMention] = []
    for q in parser.parse(art.text):
        unit = None if q.unit.name == "dimensionless" else q.unit.name
        if q.unit.entity.name == "currency":
            unit = q.unit.currency_code or unit
        if unit == "percentage":
            unit = "percent"
        start, end = max(0, q.span[0]), max(0, q.span[1])
        lower = upper = None
        if getattr(q, "uncertainty", None):  # a range: quantulum3 gives its midpoint
            lower, upper = float(q.value) - q.uncertainty, float(q.value) + q.uncertainty
        out.append(
            QuantityMention(
                id=f"q{len(out) + 1}",
                start=start,
                end=end,
                text=q.surface,
                value=float(lower if lower is not None else q.value),
                lower=lower,
                upper=upper,
                unit=unit,
            )
        )
    return ArticleResult(article=art, quantities=out)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def run_cqe(env: Path, docs: Sequence[GoldDoc]) -> list[list[dict[str, Any]]] | None:
    """CQE's quantities per document (its parser reads one sentence at a time), or None
    when its environment is not there."""
    python = env / "bin" / "python"
    if not python.exists():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.jsonl"
        with src.open("w", encoding="utf-8") as fh:
            for i, d in enumerate(docs):
                for s in _sentences(d.result.article.text):
                    fh.write(json.dumps({"id": i, "text": s}) + "\n")
        with src.open("rb") as stdin:
            proc = subprocess.run(
                [str(python), str(ROOT / "bench" / "cqe_runner.py")],
                stdin=stdin,
                capture_output=True,
                env={**os.environ, "LOCPATH": str(env / "locale")},
                check=False,
            )
    if proc.returncode != 0:
        print(f"CQE failed: {proc.stderr.decode()[-500:]}", file=sys.stderr)
        return None
    out: list[list[dict[str, Any]]] = [[] for _ in docs]
    for line in proc.stdout.decode().splitlines():
        rec = json.loads(line)
        out[rec["id"]].extend(rec["quantities"])
    return out


def cqe_readings(found: list[dict[str, Any]]) -> list[Reading]:
    out = []
    for q in found:
        value = (
            (min(q["lower"], q["upper"]), max(q["lower"], q["upper"]))
            if "lower" in q
            else q["value"]
        )
        out.append(Reading(value, unit_key(q["unit"]), q["change"] or "="))
    return out


def cqe_mentions(found: list[dict[str, Any]], art_id: str) -> list[QuantityMention]:
    """CQE's quantities as mentions, for the earlier NewsQuant reading (no offsets)."""
    out = []
    for q in found:
        lower = q.get("lower")
        upper = q.get("upper")
        if lower is not None and upper is not None:
            lower, upper = min(lower, upper), max(lower, upper)
        value = lower if lower is not None else q["value"]
        change = q["change"]
        out.append(
            QuantityMention(
                id=f"c{len(out) + 1}",
                start=0,
                end=0,
                text="",
                value=value,
                lower=lower if lower is not None else (value if change == ">" else None),
                upper=upper if upper is not None else (value if change == "<" else None),
                approximate=change == "~",
                unit=q["unit"] if q["unit"] != "-" else None,
                change=change if change in ("up", "down") else None,
            )
        )
    return out


Row = tuple[str, str, dict[str, Any] | None, dict[str, Any] | None]


def _f(m: dict[str, Any] | None, key: str) -> str:
    if m is None or m.get(key) is None:
        return "-"
    return f"{m[key]['f1']:.3f}"


def _line(name: str, reading: str, m: dict[str, Any] | None) -> str:
    if m is None:
        return f"| {name} | {reading} | - | - | - |"
    v = m["value"]
    return (
        f"| {name} | {reading} | {v['p']:.3f} / {v['r']:.3f} / {v['f1']:.3f} "
        f"| {_f(m, 'value_unit')} | {_f(m, 'value_change')} |"
    )


def corpus_table(
    name: str,
    docs: list[GoldDoc],
    systems: list[tuple[str, Callable[[int], list[Reading]], list[ArticleResult] | None]],
    newsquant: bool,
) -> None:
    for half in HALVES:
        ids = {id(d) for d in split(docs, half)}
        idx = [i for i, d in enumerate(docs) if id(d) in ids]
        n_gold = sum(len(docs[i].result.quantities) for i in idx)
        print(f"\n{name}, {half} half ({len(idx)} documents, {n_gold} gold quantities)")
        print("| system | reading | value P / R / F1 | value+unit F1 | value+change F1 |")
        print("|---|---|---|---|---|")
        for sys_name, readings, results in systems:
            cqe = score_readings(
                ((gold_readings(docs[i]), readings(i)) for i in idx),
                noun_units=newsquant,
                changes=newsquant,
            )
            print(_line(sys_name, "CQE rules", cqe))
            if results is None:
                print(_line(sys_name, "earlier reading", None))
                continue
            rep = score((docs[i], results[i]) for i in idx)["mentions"]["quantities"]
            if newsquant and sys_name.startswith("newsevents"):
                rep = {
                    **rep["with_durations"],
                    "value_change": rep["with_durations"]["value_change"],
                }
            if not newsquant:
                rep = {**rep, "value_unit": None, "value_change": None}
            print(_line(sys_name, "earlier reading", rep))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cqe-env", default=str(ROOT / ".venv-cqe"), help="CQE's environment")
    args = ap.parse_args()
    extractor = Extractor(Settings())
    try:
        from quantulum3 import classifier, parser

        # quantulum3 would unpickle its scikit-learn unit classifier with joblib; we load
        # no pickles (issue 8), so it runs with its rule-based disambiguation
        classifier.USE_CLF = False
    except ImportError:
        parser = None
        print("quantulum3: not installed (pip install -e .[bench]), skipped")
    env = Path(args.cqe_env)
    for name, path, fmt in (
        ("NewsQuant dev", DEV / "newsquant-dev", "newsquant"),
        ("MEANTIME apple", DEV / "meantime-apple", "meantime"),
    ):
        if not path.exists():
            print(f"{name}: {path} is not here, skipped")
            continue
        docs = [d for d in load_gold(path, fmt) if "quantities" in d.scope]
        newsquant = fmt == "newsquant"
        ours = list(extractor.process_articles(input_article(d) for d in docs))
        read_ours = newsquant_readings if newsquant else record_readings
        systems: list[tuple[str, Callable[[int], list[Reading]], list[ArticleResult] | None]] = [
            ("newsevents", lambda i, o=ours, f=read_ours: f(o[i]), ours)
        ]
        cqe = run_cqe(env, docs)
        if cqe is None:
            print(f"CQE 2.0.3: no environment at {env} (bash bench/cqe_env.sh), skipped")
        else:
            found = cqe
            cqe_results = [
                ArticleResult(
                    article=input_article(d), quantities=cqe_mentions(found[i], d.result.article.id)
                )
                for i, d in enumerate(docs)
            ]
            systems.append(
                (
                    "CQE 2.0.3",
                    lambda i, c=found: cqe_readings(c[i]),
                    cqe_results if newsquant else None,
                )
            )
        if parser is not None:
            qq = [quantulum_quantities(parser, d) for d in docs]
            systems.append(("quantulum3", lambda i, r=qq: _mention_readings(r[i]), qq))
        base = [spacy_quantities(extractor.nlp, d) for d in docs]
        systems.append(
            ("spaCy entities + word-to-number", lambda i, r=base: _mention_readings(r[i]), base)
        )
        corpus_table(name, docs, systems, newsquant)


def _mention_readings(result: ArticleResult) -> list[Reading]:
    readings = (mention_reading(q, _change(q), vague_ranges=False) for q in result.quantities)
    return [r for r in readings if r is not None]


if __name__ == "__main__":
    main()
