"""Quantities scored by CQE's matching rules (the reading of NewsQuant its authors use),
one scorer for every system: ours, CQE, quantulum3 and the spaCy baseline.

The rules, as in CQE's evaluation (Almasian et al. 2023), made one-to-one:

- **Values.** Quantities are matched by value within a sentence (or document), never by
  offsets. A range is one quantity with both bounds ("252-287 miles"); a range matches a
  range when both bounds agree, and a single number matches a range only at its midpoint.
  Numbers agree within a relative 1e-5.
- **Units** are compared after normalisation (:func:`unit_key`): singular, one name per
  unit ("mph" = "mile per hour", "%" = "percentage" = "percent", "feet" = "foot"), ISO
  currency codes equal to currency names ("USD" = "dollar" = "$", "AUD" = "australian
  dollar"), each side of a rate normalised ("USD per barrel" = "dollar per barrel"). A
  quantity without a unit of measure has its counted noun as its unit ("13,000 workers":
  "worker"; "digital and physical sales": "digital physical sale"), as NewsQuant writes it, and a share of it ("a third of the voters") has
  "% voter"; a corpus that annotates no counted nouns (MEANTIME)
  judges only units of measure (``noun_units=False``). A NewsQuant gold quantity's unit
  is its normalised unit alone ("-": none), as CQE's evaluation compares it: its
  referred concepts ("net worth") say what it is about, not its unit.
- **Changes** are NewsQuant's ``=``, ``~``, ``>``, ``<``, ``up``, ``down``, compared as
  strings.
- **Matching.** Each gold quantity is paired with at most one prediction, greedily, first
  the pairs that agree on value, unit and change, then value and unit, then value and
  change, then value alone. value F1 counts the pairs; value+unit and value+change F1
  count the pairs that also agree on the unit or the change. Precision is over every
  prediction.

Our own reading for NewsQuant (:func:`newsquant_readings`) counts what NewsQuant counts:
durations written with a number ("three years in prison", time mentions in our records)
and vague amounts as CQE's range ("dozens" is 12 to 120, "thousands" 1,000 to 10,000),
while our records keep ACLED's conservative value (dozens = 12, approximate); a move
from one level to another ("dropping from 208 pounds to 193") is one range, as NewsQuant
writes it, while our records keep the two levels.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.metrics import PRF
from extract.nlp.numbers import split_modifier
from extract.nlp.plurals import singular
from extract.records import ArticleResult, QuantityMention
from extract.tables import load_table

Value = float | tuple[float, float]


@dataclass(frozen=True)
class Reading:
    """One quantity as CQE's rules compare it: a number or a (low, high) range, a
    normalised unit (None: none) and NewsQuant's change."""

    value: Value
    unit: str | None
    change: str = "="


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    units = load_table("units")
    numbers = load_table("numbers")
    codes = {
        str(c)
        for table in (numbers["currencies"], numbers["currency_prefixes"], units["currency_names"])
        for c in table.values()
    }
    return {
        "names": units["names"],
        "cased": units["cased_names"],
        "qualifiers": tuple(units["measure_qualifiers"]),
        "currency_names": units["currency_names"],
        "currency_words": {**numbers["currency_prefixes"], **numbers["currencies"]},
        "codes": codes,
        "measures": set(units["names"].values()) | codes | {"percent"},
        "vague": numbers["vague"],
    }


def _part_key(part: str) -> str:
    t = _tables()
    if part.upper() in t["codes"] and part.isalpha() and len(part) == 3:
        return part.upper()
    for candidate in (part, " ".join(singular(w) for w in part.split())):
        if candidate in t["currency_names"]:
            return str(t["currency_names"][candidate])
        if candidate in t["names"]:
            return str(t["names"][candidate])
        if candidate in t["currency_words"]:
            return str(t["currency_words"][candidate])
    words = part.split()
    while len(words) > 1 and words[0] in t["qualifiers"]:
        words = words[1:]  # "us fluid ounce" is an ounce
        rest = " ".join(singular(w) for w in words)
        key = str(t["names"].get(rest, rest))
        if key in t["measures"]:
            return key
    # a counted noun as NewsQuant writes it, without conjunctions ("digital physical sale")
    return " ".join(singular(w) for w in part.split() if w not in ("and", "or", "&"))


def unit_key(unit: str | None) -> str | None:
    """A unit as a meaning: "US$ per barrel" and "dollar per barrel" -> "USD per barrel",
    "mph" -> "mile per hour", "Australian dollars" -> "AUD", "workers" -> "worker"; None
    for no unit ("-", empty)."""
    if unit is None:
        return None
    written = unit.strip().rstrip("=")  # Reuters' "JPY="
    if written in _tables()["cased"]:
        return str(_tables()["cased"][written])
    s = " ".join(written.lower().replace("\u2019", "'").split()).strip(" .,")
    if s in ("", "-"):
        return None
    names = _tables()["names"]
    if s in names:
        return str(names[s])
    parts = re.split(r"\s+(?:per|a|an)\s+|\s*/\s*", s)
    return " per ".join(_part_key(p) for p in parts if p)


def is_measure(key: str | None) -> bool:
    """Whether a normalised unit is a unit of measure, a currency or a percentage (not a
    counted noun): "USD per share", "kilometre", "percent"."""
    if key is None:
        return False
    return all(p in _tables()["measures"] for p in key.split(" per ")[:1])


def _value(q: QuantityMention) -> Value | None:
    if q.lower is not None and q.upper is not None and q.upper > q.lower:
        return (q.lower, q.upper)
    return q.value


def _vague_range(q: QuantityMention) -> Value | None:
    """ "dozens", "tens of thousands of dollars": CQE's range from the amount to ten times
    it (dozens: 12 to 120); None for a number written with digits or a vague word with
    no plural order of magnitude ("several", "a few")."""
    if q.value is None or re.search(r"\d", q.text):
        return None
    _mod, rest = split_modifier(q.text.strip())
    words = rest.lower().split()
    if not words or words[0] not in _tables()["vague"] or not words[0].endswith("s"):
        return None
    return (q.value, 10 * q.value)


def mention_reading(
    q: QuantityMention, change: str = "=", vague_ranges: bool = True
) -> Reading | None:
    """A quantity mention (ours, or a baseline's converted to one) as CQE's rules read
    it: the unit of measure, else the counted noun."""
    value = (_vague_range(q) if vague_ranges else None) or _value(q)
    if value is None:
        return None
    if q.unit is not None or not q.counted:
        return Reading(value, unit_key(q.unit), change)
    head = unit_key(q.counted.split()[-1])  # "517 rushing yards": the unit is the yard
    if is_measure(head):
        return Reading(value, head, change)
    if isinstance(value, float) and 0 < value < 1 and not re.search(r"\d\.\d", q.text):
        # "a third of the voters" (not "0.03 A"): NewsQuant writes a share as "% voters"
        return Reading(value, f"% {unit_key(q.counted)}", change)
    return Reading(value, unit_key(q.counted), change)


def newsquant_readings(result: ArticleResult) -> list[Reading]:
    """Our records in NewsQuant's reading: quantities, durations written with a number,
    and vague amounts as ranges (see the module docstring)."""
    from extract.evaluate.scorer import _change, duration_quantities

    out = []
    quantities = sorted(result.quantities, key=lambda q: q.start)
    text = result.article.text
    skip: set[int] = set()
    for i, (a, b) in enumerate(itertools.pairwise(quantities)):
        if i in skip:
            continue
        joined = _from_to(text, a, b)
        if joined is not None:
            out.append(joined)
            skip.update((i, i + 1))
    for i, q in enumerate([*quantities, *duration_quantities(result)]):
        r = None if i in skip else mention_reading(q, _change(q))
        if r is not None:
            out.append(r)
    return out


_FROM_BEFORE = re.compile(r"\bfrom\s+$", re.IGNORECASE)
_TO_BETWEEN = re.compile(r"(?:\s+(?:per|a|an)\s+[\w.]+(?:\s+[\w.]+)?|\s+[A-Z.]{2,5}){0,2}\s+to\s+")


def _from_to(text: str, a: QuantityMention, b: QuantityMention) -> Reading | None:
    """ "dropping from 208 pounds to 193", "fell from $75 per barrel to $45.88": NewsQuant
    writes a move from one level to another as one range (our records keep the two
    levels); None when ``a`` and ``b`` are not such a pair or their units differ."""
    if not _FROM_BEFORE.search(text[max(0, a.start - 8) : a.start]):
        return None
    if not _TO_BETWEEN.fullmatch(text[a.end : b.start]):
        return None
    ra, rb = mention_reading(a, vague_ranges=False), mention_reading(b, vague_ranges=False)
    if ra is None or rb is None or isinstance(ra.value, tuple) or isinstance(rb.value, tuple):
        return None
    units = sorted({u for u in (ra.unit, rb.unit) if u is not None}, key=len)
    if len(units) == 2 and not units[1].startswith(units[0] + " per "):
        return None  # "from 20 people to 3 cars"
    low, high = sorted((float(ra.value), float(rb.value)))
    if low == high:
        return None
    return Reading((low, high), units[-1] if units else None)


def gold_readings(gold: GoldDoc) -> list[Reading]:
    """A gold document's quantities: NewsQuant's normalised unit and change (from the
    importer's ``meta``), else the unit of measure (MEANTIME) or the counted noun (ours).

    A NewsQuant quantity's unit is its ``normalized_unit`` alone, "-" being none, as CQE's
    own evaluation compares it (``evaluation/evaluate_models.py``: the lower-cased
    normalised units of gold and prediction, equal); its ``referred_concepts`` (the
    importer's ``counted``) say what the quantity is about ("net worth", "dollar index"),
    not its unit, so a prediction without a unit is right there."""
    changes = gold.meta.get("changes") or ["="] * len(gold.result.quantities)
    concepts = gold.meta.get("format") != "newsquant"
    out = []
    for q, change in zip(gold.result.quantities, changes, strict=True):
        value = _value(q)
        if value is not None:
            unit = q.unit or (q.counted if concepts else None)
            out.append(Reading(value, unit_key(unit), change))
    return out


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-8)


def values_match(gold: Value, pred: Value) -> bool:
    """Both bounds of two ranges; a number against a range at its midpoint."""
    if isinstance(gold, tuple) and isinstance(pred, tuple):
        return _same(gold[0], pred[0]) and _same(gold[1], pred[1])
    if isinstance(gold, tuple):
        return _same(sum(gold) / 2, float(pred))  # type: ignore[arg-type]
    if isinstance(pred, tuple):
        return _same(float(gold), sum(pred) / 2)
    return _same(gold, pred)


def _spelling(unit: str | None) -> str | None:
    """A unit key with each word's final "e" dropped and a final "y" as "i", so that a
    lemma and our singular of its plural agree: "house" and "houses" (-> "hous"), "prize"
    and "prizes", "movie" and "movies", "hero" and "heroes"."""
    if unit is None:
        return None
    words = (re.sub(r"y$", "i", re.sub(r"(?<=\w\w)e$", "", w)) for w in unit.split())
    return " ".join(words)


def units_agree(g: str | None, p: str | None) -> bool:
    """Two normalised units (:func:`unit_key`) name the same unit or counted noun."""
    return g == p or _spelling(g) == _spelling(p)


def _unit_agrees(g: Reading, p: Reading, noun_units: bool) -> bool:
    if noun_units:
        return units_agree(g.unit, p.unit)
    return (g.unit if is_measure(g.unit) else None) == (p.unit if is_measure(p.unit) else None)


def match(
    gold: Sequence[Reading], pred: Sequence[Reading], noun_units: bool = True
) -> list[tuple[int, int]]:
    """One-to-one (gold index, prediction index) pairs by CQE's value rule, preferring
    pairs that also agree on unit and change."""
    used_g: set[int] = set()
    used_p: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for need_unit, need_change in ((True, True), (True, False), (False, True), (False, False)):
        for gi, g in enumerate(gold):
            if gi in used_g:
                continue
            for pi, p in enumerate(pred):
                if pi in used_p or not values_match(g.value, p.value):
                    continue
                if need_unit and not _unit_agrees(g, p, noun_units):
                    continue
                if need_change and g.change != p.change:
                    continue
                used_g.add(gi)
                used_p.add(pi)
                pairs.append((gi, pi))
                break
    return sorted(pairs)


def score_readings(
    docs: Iterable[tuple[Sequence[Reading], Sequence[Reading]]],
    noun_units: bool = True,
    changes: bool = True,
) -> dict[str, Any]:
    """P/R/F1 of value, value+unit and value+change (None when ``changes`` is False: the
    gold annotates no changes) over (gold, predicted) readings per document."""
    value = unit = change = PRF()
    n_gold = n_pred = 0
    for gold, pred in docs:
        pairs = match(gold, pred, noun_units)
        n_gold += len(gold)
        n_pred += len(pred)
        fp, fn = len(pred), len(gold)
        k = len(pairs)
        value = value.add(PRF(k, fp - k, fn - k))
        u = sum(1 for gi, pi in pairs if _unit_agrees(gold[gi], pred[pi], noun_units))
        unit = unit.add(PRF(u, fp - u, fn - u))
        c = sum(1 for gi, pi in pairs if gold[gi].change == pred[pi].change)
        change = change.add(PRF(c, fp - c, fn - c))
    return {
        "gold": n_gold,
        "pred": n_pred,
        "value": value.as_dict(),
        "value_unit": unit.as_dict(),
        "value_change": change.as_dict() if changes else None,
    }
