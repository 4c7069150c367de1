"""NewsQuant (the CQE evaluation set): a JSON list of ``{text, quantities: [{change, value,
unit, normalized_unit, referred_concepts}]}``, one news sentence each.

One gold document per sentence. The quantities carry no offsets (``start = end = 0``,
empty ``text``), so the scorer matches them by value within the sentence. ``change``
becomes bounds: ``~`` approximate, ``>`` lower bound, ``<`` upper bound, ``=`` (and the
direction words ``up`` / ``down``) exact; the raw changes stay in ``meta["changes"]`` and
the raw units in ``meta["units"]``, aligned with ``result.quantities``. A value written
as a range ("1.0-1.5") gets both bounds, as our own ranges do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers._common import gold_files
from extract.records import Article, ArticleResult, QuantityMention
from extract.tables import load_table

SCOPE = frozenset({"quantities"})
_NONE = "-"


def load(path: Path) -> list[GoldDoc]:
    """Load one NewsQuant ``.json`` file or every one under a folder."""
    docs: list[GoldDoc] = []
    for p in gold_files(path, "*.json"):
        try:
            items = json.loads(p.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON: {exc}", source=str(p)) from exc
        if not isinstance(items, list):
            raise InputError("expected a JSON list of sentences", source=str(p))
        for n, item in enumerate(items, start=1):
            docs.append(_doc(item, f"{p.stem}-{n:04d}", f"{p}[{n - 1}]"))
    return docs


def _doc(item: dict[str, Any], doc_id: str, where: str) -> GoldDoc:
    try:
        text = item["text"]
        raw = item["quantities"]
    except (KeyError, TypeError) as exc:
        raise InputError("a sentence needs 'text' and 'quantities'", source=where) from exc
    quantities: list[QuantityMention] = []
    changes: list[str] = []
    units: list[str | None] = []
    for n, q in enumerate(raw, start=1):
        fields = _bounds(str(q.get("value", "")), str(q.get("change", "=")), where)
        unit = _unit(q.get("unit"), q.get("normalized_unit"))
        counted = q.get("referred_concepts")
        quantities.append(
            QuantityMention(
                id=f"q{n}",
                start=0,
                end=0,
                text="",
                unit=unit,
                counted=counted if counted and counted != _NONE else None,
                **fields,
            )
        )
        changes.append(str(q.get("change", "=")))
        units.append(q.get("unit") if q.get("unit") != _NONE else None)
    article = Article(id=doc_id, text=text, language="en")
    result = ArticleResult(article=article, quantities=quantities)
    return GoldDoc(
        result,
        scope=SCOPE,
        quantity_offsets=False,
        meta={"format": "newsquant", "changes": changes, "units": units},
    )


def _bounds(value: str, change: str, where: str) -> dict[str, Any]:
    """value / lower / upper / approximate from NewsQuant's value and change."""
    lo_hi = _range(value)
    try:
        v = float(value) if lo_hi is None else lo_hi[0]
    except ValueError as exc:
        raise InputError(f"unreadable quantity value {value!r}", source=where) from exc
    lower: float | None = None
    upper: float | None = None
    if lo_hi is not None:
        lower, upper = lo_hi
    elif change == ">":
        lower = v
    elif change == "<":
        upper = v
    return {"value": v, "lower": lower, "upper": upper, "approximate": change == "~"}


def _range(value: str) -> tuple[float, float] | None:
    """A range written "a-b" (either order), as (low, high); None for a single number."""
    head, sep, tail = value.strip().lstrip("-").partition("-")
    if not sep:
        return None
    lead = "-" if value.strip().startswith("-") else ""
    try:
        a, b = float(lead + head), float(tail)
    except ValueError:
        return None
    return min(a, b), max(a, b)


def _unit(unit: str | None, normalized: str | None) -> str | None:
    """Our unit vocabulary where NewsQuant's unit is a currency or a percentage (``$`` ->
    USD, ``%`` -> percent), else its normalised unit. A normalised unit of measure
    overrules a written word that could be a currency ("208 pounds" normalised as
    ``pound-mass`` is a weight, not GBP)."""
    tables = load_table("numbers")
    if normalized and normalized in _measure_names():
        return normalized
    for u in (unit, normalized):
        if not u or u == _NONE:
            continue
        low = u.lower()
        if low in tables["currencies"]:
            return str(tables["currencies"][low])
        if low in tables["percent_words"] or low == "percentage":
            return "percent"
    for u in (normalized, unit):
        if u and u != _NONE:
            return u
    return None


def _measure_names() -> frozenset[str]:
    """The names of units of measure (``resources/units.json``), currencies left out."""
    units = load_table("units")
    return frozenset(units["names"].values()) - frozenset(units["currency_names"])
