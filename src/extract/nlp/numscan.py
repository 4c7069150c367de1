"""Finding numbers written with digits in raw text, with what is written around them:
a currency before ("$", "US$", "HK $", "Y="), a sign ("minus-5", "$-50.8bn"), a scale
("1.2 million", "8.1bn", "4.3M"), a unit after ("72.7 metres", "155mph", "5.5kWh",
"40 percent", "9 billion shekels"), and ranges ("15 to 22 mph", "16-18", "between 4%
and 5%").

Pure functions over a string; the quantities component turns the hits into mentions.
Tables (currency prefixes, units) live in ``resources/numbers.json``.
"""

from __future__ import annotations

import math
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
_SCALE_WORD = re.compile(
    r"\s?((?:hundred )?(?:thousand|million|billion|trillion|lakhs?|crores?|mln|bln|trn)|hundred)\b",
    re.IGNORECASE,
)
_SCALE_ATTACHED = re.compile(r"(trn|bln|mln|bn|mn|tn|k|K|M|B|b|m)(?![\w])\.?")
_PERCENT = re.compile(r"\s?(%|per ?cent\b|pc\b|percentage points?\b)", re.IGNORECASE)
_CLOCK = re.compile(r"\s?[ap]\.?m\b\.?", re.IGNORECASE)
_ORDINAL = re.compile(r"(st|nd|rd|th)\b")
_CAPS_WORD = re.compile(r"\s?[A-Z]{3,}\b")
_SCALES = {
    "hundred": 1e2,
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
    # wire abbreviations ("3.4 bln", "$1.5trn") and the Indian scale ("Rs 1,000 crore")
    "mln": 1e6,
    "bln": 1e9,
    "trn": 1e12,
    "lakh": 1e5,
    "lakhs": 1e5,
    "crore": 1e7,
    "crores": 1e7,
}
_SIGN = re.compile(r"(?:\bminus[- ]?|(?:(?<=\s)|(?<=^)|(?<=[($€£¥]))[-\u2212])$", re.IGNORECASE)


# letter prefixes that are currencies only as written here ("Rs 500", "RM23.50", "PS8.1bn")
_CASED_PREFIXES = {"rs": ("Rs",), "rm": ("RM",), "ps": ("PS",), "n": ("N",), "r": ("R",)}
_MONEY_SHAPED = re.compile(
    r"\d{1,3}(?:,\d{3})+|\d+\.\d+|\d+(?:\.\d+)?\s?(?:million|billion|trillion|bn|tn|trn|m)\b",
    re.IGNORECASE,
)
"""A number written as money: what a one-letter currency ("N", "R") must touch."""


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
    named = _named_currencies(t["currencies"])
    adjectives = sorted(
        {*t["currency_adjectives"], *(adj for adj, _ in named)}, key=len, reverse=True
    )
    adj_rx = "(?:(?:" + "|".join(re.escape(a) for a in adjectives) + ") )?"
    return {
        "prefix": t["currency_prefixes"],
        "prefix_rx": re.compile(
            "(?:" + "|".join(re.escape(p) for p in prefixes) + r")\s?$", re.IGNORECASE
        ),
        "unit_rx": re.compile(r"\s?-?(" + "|".join(re.escape(u) for u in units) + r")(?![\w°])"),
        "cur_word_rx": re.compile(
            r"\s" + adj_rx + "(" + "|".join(re.escape(w) for w in words) + r")\b(?!-)",
            re.IGNORECASE,
        ),
        "cur_symbol_rx": re.compile(r"\s?([€£¥])"),
        "currencies": t["currencies"],
        "currency_adjectives": t["currency_adjectives"],
        "named_currencies": named,
        "change_forms": frozenset(t["change_forms"]),
        "metre_plurals": frozenset(t["metre_plurals"]),
    }


def _named_currencies(currencies: dict[str, str]) -> dict[tuple[str, str], str]:
    """(adjective, currency word as written) -> ISO code, from the currency names of
    ``resources/units.json``: "Kenyan shillings" is KES, "Ugandan shillings" UGX."""
    out: dict[tuple[str, str], str] = {}
    for name, code in load_table("units")["currency_names"].items():
        *adjective, noun = name.split()
        if not adjective:
            continue
        for written in (noun, noun + "s", noun + "es"):
            if written in currencies:
                out[(" ".join(adjective), written)] = code
    return out


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
    cased = _CASED_PREFIXES.get(written.lower())
    if cased is not None and written not in cased:
        return None  # "rs", "rm" or "ps" in lower case is not a currency
    if (
        len(written) == 1
        and written.isalpha()
        and (pos != start + 1 or not _MONEY_SHAPED.match(text, pos))
    ):
        return None  # "N95 masks", "the R2 road", "N 5": no naira, no rand
    if written == "PS" and re.match(r"\d(?![\d.,])", text[pos:]):
        return None  # "PS5": a games console, not five pounds
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
    """Every number written with digits in ``text``, every fraction ("1/16 of", "a third
    of", "one out of three") and number in scientific notation, read with its
    surroundings."""
    whole = scan_fractions(text) + scan_scientific(text)  # read whole, not digit by digit
    hits: list[NumberHit] = []
    for m in _NUM.finditer(text):
        if any(f.start <= m.start() < f.end for f in whole):
            continue
        hit = _read(text, m)
        if hit is not None:
            hits.append(hit)
    hits = _ranges(text, hits)
    return sorted(hits + whole, key=lambda h: h.start) if whole else hits


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SCIENTIFIC = re.compile(
    r"(?<![\d.,])(\d+(?:\.\d+)?) ?[×x] ?10(?:\^|\*\*)?"
    r"([-−⁻]?(?:\d{1,3}|[⁰¹²³⁴-⁹]{1,3}))(?![\d.,])"
)


def scan_scientific(text: str) -> list[NumberHit]:
    """Numbers in scientific notation: "1.99×10−30 kilograms", "6.02 x 10^23",
    "3×10⁸ m/s", with a unit of measure after them."""
    out: list[NumberHit] = []
    for m in _SCIENTIFIC.finditer(text):
        power = m.group(2).translate(_SUPERSCRIPTS).replace("−", "-")
        value = float(f"{m.group(1)}e{int(power)}")
        if not math.isfinite(value):
            continue  # "1×10^999": no number anyone counts
        um = _tables()["unit_rx"].match(text, m.end())
        end, unit = (um.end(), um.group(1)) if um else (m.end(), None)
        out.append(NumberHit(m.start(), end, m.start(), value, unit))
    return out


_FRACTION_DIGITS = re.compile(
    r"(?<![\d/.,])(\d{1,2}) ?(?:(\u2044)|/(?=\d+ of\b)) ?(\d{1,3})(?![\d/.,])"
)
_NUMERATOR = r"(a|an|one|two|three|four|five|six|seven|eight|nine|[1-9])"


@lru_cache(maxsize=1)
def _fraction_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    denominators = "|".join(load_table("numbers")["fractions"])
    words = re.compile(rf"\b{_NUMERATOR}[- ]({denominators})\b(?= of\b)", re.IGNORECASE)
    out_of = re.compile(rf"\b{_NUMERATOR} (?:out of|in) (\w+)\b(?= [a-z])", re.IGNORECASE)
    return words, out_of


def scan_fractions(text: str) -> list[NumberHit]:
    """Fractions: "1/16 of a pint", "1\u204432", "a third of the population",
    "two-thirds of", "one out of three Germans", "one in five voters"."""
    table = load_table("numbers")
    units, denominators = table["units"], table["fractions"]

    def number(word: str) -> float | None:
        w = word.lower()
        return float(w) if w.isdecimal() else units.get(w)  # isdigit() admits "²"

    out: list[NumberHit] = []
    for m in _FRACTION_DIGITS.finditer(text):
        top, bottom = float(m.group(1)), float(m.group(3))
        if 0 < top < bottom:
            out.append(NumberHit(m.start(), m.end(), m.start(), top / bottom))
    words, out_of = _fraction_patterns()
    for m in words.finditer(text):
        a = number(m.group(1))
        # IGNORECASE matches more than the table's spellings ("THİRDS"): .get
        b = denominators.get(m.group(2).casefold())
        if a is not None and a > 0 and b is not None:
            out.append(NumberHit(m.start(), m.end(), m.start(), a / b))
    for m in out_of.finditer(text):
        a, b = number(m.group(1)), number(m.group(2))
        if " in " in m.group(0) and a != 1:
            continue  # "one in five voters"; "two in five attacks" is a count
        if a is not None and b is not None and 0 < a < b <= 1000:
            out.append(NumberHit(m.start(), m.end(), m.start(), a / b))
    return sorted(out, key=lambda h: h.start)


_PLURAL_AFTER = re.compile(r" ([a-z]{3,}s)\b")


def _counts_after(rest: str, am: re.Match[str]) -> bool:
    """ "1.5m phones", "3m people": a bare "m" before a counted plural is a million, not
    metres ("a 1.5m wall", "2m tall", "the 400m hurdles" stay metres)."""
    if am.group(1) != "m" or am.group(0).endswith("."):
        return False
    nxt = _PLURAL_AFTER.match(rest, am.end())
    if nxt is None:
        return rest[am.end() :].startswith(" people")
    word = nxt.group(1)
    return not word.endswith("ss") and word not in _tables()["metre_plurals"]


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
    # "4 hundred million"; IGNORECASE matches more than the table's spellings ("MİLLİON")
    scales = [_SCALES.get(w.casefold()) for w in sm.group(1).split()] if sm else []
    if sm and None not in scales:
        scale = math.prod(s for s in scales if s is not None)
        end += sm.end()
    else:
        am = _SCALE_ATTACHED.match(rest)
        if am and (am.group(1) not in ("m", "b") or unit is not None or _counts_after(rest, am)):
            scale = _SCALES[am.group(1).lower()]
            end += am.end()
    value *= scale
    if not math.isfinite(value):
        return None  # four hundred digits: no count anyone reported
    rest = text[end : end + 40]
    if unit is None:
        pm = _PERCENT.match(rest)
        um = t["unit_rx"].match(rest)
        if um is None and _CAPS_WORD.match(rest):
            um = t["unit_rx"].match(rest.lower())  # a headline's "11 FEET"
        cm = t["cur_word_rx"].match(rest) or t["cur_symbol_rx"].match(rest)
        if pm:
            unit, end = "percent", end + pm.end()
        elif cm:
            word = cm.group(1).lower()
            code = t["currencies"].get(word) or t["prefix"].get(word)
            adj = cm.group(0).strip().lower().removesuffix(word).strip()
            if adj:
                code = t["named_currencies"].get((adj, word)) or t["currency_adjectives"].get(
                    adj, code
                )
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
            same_unit = h.unit is None or nxt.unit is None or h.unit == nxt.unit
            # "1 to 2 thousand": the scale written on the upper end is shared
            lo = h.value * nxt.scale if h.scale == 1.0 else h.value
            if lo > nxt.value >= h.value:
                lo = h.value  # "$200 to $4 million"
            if (
                (dash or and_)
                and same_unit
                and 0 <= lo <= nxt.value
                and not _change_to_level(text, h, nxt, lo)
            ):
                unit = h.unit or nxt.unit
                out.append(replace(h, end=nxt.end, unit=unit, upper=nxt.value, value=lo))
                i += 2
                continue
        out.append(h)
        i += 1
    return out


def _change_to_level(text: str, h: NumberHit, nxt: NumberHit, lo: float) -> bool:
    """Whether "X to Y" is a change and the level it reached, not a range: "fell 68 p to
    1112 p", "rose from 240 to 273". "Ranging from $200 to $4 million", "homes from
    $750,000 to $1 million" and "dropped by 1 to 1.5 degrees" (the unit written once,
    on the upper end of two close numbers) are ranges."""
    forms = _tables()["change_forms"]
    words = [w.lower().strip(",;:()") for w in text[max(0, h.start - 60) : h.start].split()]
    if words and words[-1] == "from":
        return any(w in forms for w in words[-5:-1])
    if not words or words[-1] not in forms or "to" not in text[h.end : nxt.start]:
        return False
    return not (h.unit is None and nxt.unit is not None and lo > 0 and nxt.value <= 3 * lo)
