"""Finding numbers written with digits in raw text, with what is written around them:
a currency before ("$", "US$", "HK $", "Y="), a sign ("minus-5", "$-50.8bn"), a scale
("1.2 million", "8.1bn", "4.3M"), a unit after ("72.7 metres", "155mph", "5.5kWh",
"40 percent", "9 billion shekels"), and ranges ("15 to 22 mph", "16-18", "between 4%
and 5%").

Pure functions over a string; the quantities component turns the hits into mentions.
Tables (currency prefixes, units) live in ``resources/numbers.json``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from extract.tables import load_table

_NUM = re.compile(
    r"(?<![\d.,:/#\u2044\u00d7^])(?:\d{1,3}(?:,\d{3})+(?![\d])|\d+)(?:\.\d+)?"
    r"(?![\d]|[.,]\d|:\d|[/\u2044\u00d7^]\d)"
    r"|(?<![\w.,:/#])\.\d+(?![\d])"
)
_SCALE_WORD = re.compile(r"\s?(thousand|million|billion|trillion)\b", re.IGNORECASE)
_SCALE_ATTACHED = re.compile(r"(bn|mn|tn|k|K|M|B|b|m)(?![\w])\.?")
_PERCENT = re.compile(r"\s?(%|per ?cent\b|pc\b|percentage points?\b)", re.IGNORECASE)
_CLOCK = re.compile(r"\s?[ap]\.?m\b\.?", re.IGNORECASE)
_ORDINAL = re.compile(r"(st|nd|rd|th)\b")
_SCALES = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "k": 1e3,
    "m": 1e6,
    "mn": 1e6,
    "bn": 1e9,
    "b": 1e9,
    "tn": 1e12,
}
_CURRENCY_ADJ = (
    r"(?:(?:australian|canadian|us|u\.s\.|hong kong|new zealand|singapore|taiwan|mexican) )?"
)
_SIGN = re.compile(r"(?:\bminus[- ]?|(?:(?<=\s)|(?<=^)|(?<=[($€£¥]))[-\u2212])$", re.IGNORECASE)


@dataclass(frozen=True)
class NumberHit:
    """One number found in text.

    Attributes:
        start, end: character offsets of everything read (sign, currency, scale, unit).
        num_start: where the digits start (to find the number's token).
        value: the number with its sign and scale.
        unit: an ISO currency code, "percent", or a unit of measure as written.
        upper: the upper end of a range ("15 to 22" -> value 15, upper 22).
        approximate: written with "~".
    """

    start: int
    end: int
    num_start: int
    value: float
    unit: str | None = None
    upper: float | None = None
    approximate: bool = False
    scale: float = 1.0


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    t: dict[str, Any] = load_table("numbers")
    prefixes = sorted(t["currency_prefixes"], key=len, reverse=True)
    units = sorted(t["measure_units"], key=len, reverse=True)
    words = sorted((k for k in t["currencies"] if k.isalpha()), key=len, reverse=True)
    return {
        "prefix": t["currency_prefixes"],
        "prefix_rx": re.compile(
            "(?:" + "|".join(re.escape(p) for p in prefixes) + r")\s?$", re.IGNORECASE
        ),
        "unit_rx": re.compile(r"\s?-?(" + "|".join(re.escape(u) for u in units) + r")(?![\w°])"),
        "cur_word_rx": re.compile(
            r"\s" + _CURRENCY_ADJ + "(" + "|".join(re.escape(w) for w in words) + r")\b",
            re.IGNORECASE,
        ),
        "cur_symbol_rx": re.compile(r"\s?([€£¥])"),
        "currencies": t["currencies"],
        "currency_adjectives": t["currency_adjectives"],
        "change_forms": frozenset(t["change_forms"]),
    }


def _currency_before(text: str, pos: int) -> tuple[int, str] | None:
    """A currency prefix ending at ``pos`` (allowing one space): (its start, ISO code)."""
    t = _tables()
    window = text[max(0, pos - 5) : pos]
    m = t["prefix_rx"].search(window)
    if m is None:
        return None
    start = pos - (len(window) - m.start())
    written = text[start:pos].strip()
    if start > 0 and text[start - 1].isalnum():
        return None  # "PS8", "iPhone$": inside a word
    if written.isalpha() and written.lower() in ("rs", "rm") and written not in ("Rs", "RM"):
        return None  # "rs" or "rm" in lower case is not a currency
    if written.lower() == "y=" and written[0] != "Y":
        return None
    code = t["prefix"].get(" ".join(written.lower().split()))
    return (start, code) if code else None


def _sign_before(text: str, pos: int) -> int | None:
    """Where a minus sign before ``pos`` starts ("minus-5", "minus 387", " -5"), or None."""
    m = _SIGN.search(text[max(0, pos - 7) : pos])
    if m is None:
        return None
    start = pos - (min(7, pos) - m.start())
    if text[start] in "-\u2212" and start >= 2 and text[start - 2].isupper():
        return None  # "COVID -19": a name with a stray space
    return start


def _in_name(text: str, a: int) -> bool:
    """Digits after a hyphen that joins them to a word: "TA-125", "COVID -19"."""
    if a < 2 or text[a - 1] not in "-\u2212":
        return False
    if text[max(0, a - 4) : a - 1].lower() == "sub":
        return False  # "sub-7 nanometer"
    before = text[a - 2]
    return before.isalpha() or (before == " " and a > 2 and text[a - 3].isupper())


def scan_numbers(text: str) -> list[NumberHit]:
    """Every number written with digits in ``text``, read with its surroundings."""
    hits: list[NumberHit] = []
    for m in _NUM.finditer(text):
        hit = _read(text, m)
        if hit is not None:
            hits.append(hit)
    return _ranges(text, hits)


def _read(text: str, m: re.Match[str]) -> NumberHit | None:
    t = _tables()
    a, b = m.start(), m.end()
    value = float(m.group().replace(",", ""))
    start = a
    unit: str | None = None
    sign = 1.0
    approximate = False
    neg = _sign_before(text, start)
    if neg is not None:
        sign, start = -1.0, neg
    cur = _currency_before(text, start)
    if cur is not None:
        start, unit = cur
        neg = _sign_before(text, start)
        if neg is not None:
            sign, start = -1.0, neg
    elif a > 0 and text[a - 1].isalpha():
        return None  # "S22", "iPhone11": part of a name
    elif neg is None and _in_name(text, a):
        return None  # "TA-125", "F-16", "COVID -19": part of a name
    if start > 0 and text[start - 1] == "~":
        start -= 1
        approximate = True
    end = b
    rest = text[end : end + 40]
    if _CLOCK.match(rest) or _ORDINAL.match(rest):
        return None
    scale = 1.0
    sm = _SCALE_WORD.match(rest)
    if sm:
        scale = _SCALES[sm.group(1).lower()]
        end += sm.end()
    else:
        am = _SCALE_ATTACHED.match(rest)
        if am and (am.group(1) not in ("m", "b") or unit is not None):
            scale = _SCALES[am.group(1).lower()]
            end += am.end()
    value *= scale
    rest = text[end : end + 40]
    if unit is None:
        pm = _PERCENT.match(rest)
        um = t["unit_rx"].match(rest)
        cm = t["cur_word_rx"].match(rest) or t["cur_symbol_rx"].match(rest)
        if pm:
            unit, end = "percent", end + pm.end()
        elif cm:
            word = cm.group(1).lower()
            code = t["currencies"].get(word) or t["prefix"].get(word)
            adj = cm.group(0).strip().lower().removesuffix(word).strip()
            code = t["currency_adjectives"].get(adj, code) if adj else code
            unit, end = code, end + cm.end()
        elif um:
            unit, end = um.group(1), end + um.end()
    if end < len(text) and (text[end].isalnum() or text[end] in "°"):
        return None  # "5G", "S22", "737-800": part of a name
    return NumberHit(start, end, a, sign * value, unit, None, approximate, scale)


def _ranges(text: str, hits: list[NumberHit]) -> list[NumberHit]:
    """Merge "X to Y", "X-Y" and "between X and Y" into one hit with an upper end."""
    out: list[NumberHit] = []
    i = 0
    while i < len(hits):
        h = hits[i]
        if i + 1 < len(hits):
            nxt = hits[i + 1]
            between = text[h.end : nxt.start]
            before = text[max(0, h.start - 8) : h.start].lower()
            dash = re.fullmatch(r"\s?[-\u2013\u2014]\s?|\s(?:to)\s|\s?-?to-?\s?", between)
            and_ = re.fullmatch(r"\s(?:and)\s", between) and before.endswith("between ")
            if between in ("-", "\u2013") and nxt.value <= h.value and h.unit is None:
                i += 2  # "2-0", "89-89": a score, not a quantity
                continue
            last_word = text[max(0, h.start - 12) : h.start].split()[-1:]
            # "fell 68 p to 1112 p": a change and the level reached, not a range
            from_ = before.endswith("from ") or (
                bool(last_word)
                and last_word[0].lower() in _tables()["change_forms"]
                and "to" in between
            )
            same_unit = h.unit is None or nxt.unit is None or h.unit == nxt.unit
            # "1 to 2 thousand": the scale written on the upper end is shared
            lo = h.value * nxt.scale if h.scale == 1.0 else h.value
            if (dash or and_) and not from_ and same_unit and 0 <= lo <= nxt.value:
                unit = h.unit or nxt.unit
                out.append(replace(h, end=nxt.end, unit=unit, upper=nxt.value, value=lo))
                i += 2
                continue
        out.append(h)
        i += 1
    return out
