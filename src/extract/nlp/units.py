"""Units of measure around quantities, once the quantities are found:

- a rate's denominator: "$58.24 per barrel" is ``USD per barrel``, "$1,271 an ounce"
  ``USD per ounce``, "15 to 22 miles per hour" ``miles per hour``, "34 cents a share"
  ``cents per share`` (the time mention "a year" of "$33 million a year" stays a SET too);
- a unit written once for a range or a list: "from 208 pounds to 193" (193 is pounds
  too), "50, 60 and 70 GPa", "120 points higher at 7,410"; a counted noun too ("50, 60
  and 70 workers"); and for the level a quantity is compared with ("12 tonnes, down
  from 15", "to 3.2 billion rand from 2.9 billion");
- a unit or counted noun a repeated clause leaves out: "gained 1.4 percent on Monday and
  0.6 on Tuesday", "closed at 214 pence, having opened at 226", "hired 300 welders last
  year and 450 this year";
- "pounds" of weight, not sterling, where the words around say so ("dropping from 208
  pounds", "weighed 300 pounds"; a pound sign, "sterling" or a money word keeps GBP);
- multiples: "6.5 times earnings" has the unit ``times``;
- time units no time mention took: "a 4.3 second 40 yard dash" is in ``second``;
- a fraction of one unit: "a quarter of a percentage point" is in percent, "a third of a
  mile" in miles;
- ages: "a 35-year-old man", "a 260,000 year-old skull", "six months old" have the unit
  ``year-old`` / ``month-old`` (an age, not a count of years; the noun is not counted).

Pure functions over the text and the quantity dicts; the tables live in
``resources/units.json``.
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from typing import Any

from extract.nlp.numscan import scan_numbers
from extract.nlp.types import QuantityDict
from extract.tables import load_table

_WORD = re.compile(r"[\w£$€'-]+")
_COUNTRY_WORD = re.compile(r"\s+([A-Za-z][\w.]*)")
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or|to|-|\u2013)\s*", re.IGNORECASE)
# the level a move ends at: "closed 120 points higher at 7,410"
_LEVEL_GAP = re.compile(r"\s+(?:higher|lower|up|down)\s+(?:at|to)\s+", re.IGNORECASE)
# the level a quantity is compared with: "12 tonnes of maize, down from 15", "3.2 billion rand from
# 2.9 billion", "6.1 per cent against 6.8"
_COMPARE_GAP = re.compile(
    r"(?:\s+of\s+[\w'-]+(?:\s+[\w'-]+)?)?"  # "12 tonnes of maize, down from 15"
    r"\s*,?\s*(?:(?:(?:up|down)\s+)?from|compared\s+(?:with|to)|against|versus|vs\.?)\s+",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _t() -> dict[str, Any]:
    t: dict[str, Any] = load_table("units")
    keys = sorted(t["rate_denominators"], key=len, reverse=True)
    alt = "|".join(re.escape(k).replace(r"\ ", r"\s+") for k in keys)
    return {
        **t,
        "rate_rx": re.compile(
            rf"(?:\s+(?:per|a|an|each)\s+|\s?/\s?)(?:(?:sq\.?|square|cubic)\s+)?({alt})\b(?!-)",
            re.IGNORECASE,
        ),
        "multiplier_rx": re.compile(
            r"(?:\s+|-)(" + "|".join(map(re.escape, t["multipliers"])) + r")\b", re.IGNORECASE
        ),
        "age_rx": re.compile(
            r"[\s-]+(" + "|".join(map(re.escape, t["age_units"])) + r")s?[\s-]+old\b",
            re.IGNORECASE,
        ),
        "time_rx": re.compile(
            r"[\s-]+(" + "|".join(map(re.escape, t["time_units"])) + r")s?\b(?![\s-]+old\b)",
            re.IGNORECASE,
        ),
        "slash_rx": re.compile(
            r"\s?(" + "|".join(map(re.escape, t["slash_units"])) + r")(?=\s?/\s?\w)"
        ),
        "coordinators": frozenset(t["elided_unit_coordinators"]),
        "elided_after": re.compile(  # "and 0.8 on Tuesday", "opened at 220."
            r"\s*(?:$|[.,;:)]|(?:" + "|".join(t["elided_unit_followers"]) + r")\b)",
            re.IGNORECASE,
        ),
        "mass": frozenset(t["mass_context"]),
        "money": frozenset(t["money_context"]),
    }


def refine_units(text: str, out: list[QuantityDict]) -> None:
    """Complete the units of ``out`` (quantities of ``text`` in text order), in place."""
    _weight_pounds(text, out)
    _fraction_units(text, out)
    _slash_units(text, out)
    _rates(text, out)  # first: "from 4 to 6 dollars a kilo" shares the whole rate
    _share_units(text, out)
    _share_counted(text, out)
    _elided_units(text, out)
    _multiples(text, out)
    _ages(text, out)
    _time_units(text, out)


def _weight_pounds(text: str, out: list[QuantityDict]) -> None:
    t = _t()
    for q in out:
        if q["unit"] != "GBP" or "pound" not in q["text"].lower() or "£" in q["text"]:
            continue
        if "sterling" in q["text"].lower():
            continue
        a, b = _sentence_window(text, q["start"], q["end"])
        before = [w.lower() for w in _WORD.findall(text[a : q["start"]])][-8:]
        after = [w.lower() for w in _WORD.findall(text[q["end"] : b])][:6]
        words = set(before) | set(after)
        if words & t["mass"] and not words & t["money"]:
            q["unit"] = "pounds" if q["text"].lower().rstrip().endswith("pounds") else "pound"


_OF_ONE = re.compile(r"\s+of\s+(?:an?|one)\s+", re.IGNORECASE)


def _fraction_units(text: str, out: list[QuantityDict]) -> None:
    """ "a quarter of a percentage point", "a third of a mile": a fraction of one unit is
    measured in that unit (the unit is not a counted noun)."""
    for q in out:
        if q["unit"] is not None or q["value"] is None or not 0 < q["value"] < 1:
            continue
        m = _OF_ONE.match(text, q["end"])
        if m is None:
            continue
        probe = "1 " + " ".join(text[m.end() : m.end() + 40].split()[:3])
        hit = next(iter(scan_numbers(probe)), None)
        if hit is None or hit.start != 0 or hit.unit is None:
            continue
        q["unit"], q["counted"] = hit.unit, None
        written = probe[2 : hit.end]
        if text.startswith(written, m.end()):  # the span takes in its unit
            q["end"] = m.end() + len(written)
            q["text"] = text[q["start"] : q["end"]]


def _slash_units(text: str, out: list[QuantityDict]) -> None:
    """ "1.3 A/cm2": a unit symbol before a slash is the number's unit (``slash_units``),
    then read as a rate by :func:`_rates`."""
    for q in out:
        if q["unit"] is not None:
            continue
        m = _t()["slash_rx"].match(text, q["end"])
        if m is not None:
            q["unit"], q["counted"], q["end"] = m.group(1), None, m.end()
            q["text"] = text[q["start"] : q["end"]]


def _bare(q: QuantityDict) -> bool:
    """A number with no unit and no counted noun of its own."""
    return q["unit"] is None and q["counted"] is None and q["value"] is not None


def _sentence_window(text: str, start: int, end: int) -> tuple[int, int]:
    a = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start), -1) + 1
    stops = [i for i in (text.find(". ", end), text.find("\n", end)) if i >= 0]
    return a, min(stops) if stops else len(text)


def _share_units(text: str, out: list[QuantityDict]) -> None:
    """A unit written on one member of "208 pounds to 193", "50, 60 and 70 GPa" holds
    for the bare numbers joined to it (no unit and no counted noun of their own)."""

    for prev, q in itertools.pairwise(out):
        gap = text[prev["end"] : q["start"]]
        if prev["unit"] is None or not _bare(q):
            continue
        if (_LIST_GAP.fullmatch(gap) or _LEVEL_GAP.fullmatch(gap)) and prev["unit"] != "percent":
            q["unit"] = prev["unit"]  # "from 208 pounds to 193", "120 points higher at 7,410"
        elif _COMPARE_GAP.fullmatch(gap) and _same_scale(q, prev):
            q["unit"] = prev["unit"]  # "12 tonnes, down from 15"
    for q, nxt in reversed(list(itertools.pairwise(out))):
        if not _LIST_GAP.fullmatch(text[q["end"] : nxt["start"]]):
            continue
        glued = q["counted"] is not None and q["counted"] == nxt["unit"]  # "55 and 60 GPa"
        if nxt["unit"] is not None and (_bare(q) or glued) and _same_scale(q, nxt):
            q["unit"] = nxt["unit"]  # "50, 60 and 70 GPa", "between 4 and 5 percent"
            if glued:
                q["counted"] = None


def _share_counted(text: str, out: list[QuantityDict]) -> None:
    """A counted noun written on one member of "50, 60 and 70 workers", "between 11 or 12
    players" holds for the bare numbers of one size joined to it."""

    for a, b in itertools.pairwise(out):
        if not _LIST_GAP.fullmatch(text[a["end"] : b["start"]]):
            continue
        for src, dst in ((a, b), (b, a)):
            if src["unit"] is None and src["counted"] and _bare(dst) and _same_scale(dst, src):
                dst["counted"] = src["counted"]


_SLOT_PAIRS = frozenset({("to", "from"), ("from", "to")})
_GAP_WORDS = 12


def _word_before(text: str, start: int) -> str:
    words = _WORD.findall(text[max(0, start - 30) : start])
    return words[-1].lower() if words else ""


def _parallel(text: str, full: QuantityDict, bare: QuantityDict) -> bool:
    """Whether ``bare`` stands in a clause that repeats the slot ``full`` fills: after the
    same verb or preposition ("closed at 212 pence, having opened at 220"; "we sold 1.2
    million phones, while they sold 900,000"), after a coordinator that starts the
    repeated clause ("gained 1.5 percent on Monday and 0.8 on Tuesday"), or in the other
    end of a move ("fell to 1.1 million barrels in May from 1.4 million in April")."""
    first, second = sorted((full, bare), key=lambda q: q["start"])
    gap = text[first["end"] : second["start"]]
    if re.search(r"\d|[.;:!?](?:\s|$)", gap) or len(gap.split()) > _GAP_WORDS:
        return False
    if not _t()["elided_after"].match(text, bare["end"]):
        return False
    a, b = _word_before(text, first["start"]), _word_before(text, second["start"])
    if a and a == b:
        return True
    return second is bare and (b in _t()["coordinators"] or (a, b) in _SLOT_PAIRS)


def _elided_units(text: str, out: list[QuantityDict]) -> None:
    """A bare number (no unit, no counted noun) in a clause that repeats another's slot
    takes that quantity's unit and counted noun, which the repeated clause leaves out (see
    :func:`_parallel`); the nearest such quantity of one size in the sentence, before it
    first."""
    for i, q in enumerate(out):
        if not _bare(q):
            continue
        before = next((p for p in reversed(out[:i]) if not _bare(p)), None)
        after = next((p for p in out[i + 1 :] if not _bare(p)), None)
        for full in (before, after):
            if full is not None and _same_scale(q, full) and _parallel(text, full, q):
                q["unit"], q["counted"] = full["unit"], full["counted"]
                break


def _same_scale(q: QuantityDict, nxt: QuantityDict) -> bool:
    """ "50 and 70 GPa", not "2 and 70 GPa" nor "1990 and 70 GPa": numbers of one size."""
    a, b = q["value"], nxt["lower"] if nxt["lower"] is not None else nxt["value"]
    return a is not None and b is not None and min(a, b) > 0 and max(a, b) <= 20 * min(a, b)


def _rates(text: str, out: list[QuantityDict]) -> None:
    t = _t()
    for q in out:
        unit = q["unit"]
        if unit is None or unit == "percent" or " per " in unit:
            continue
        if " per " in t["names"].get(unit.lower(), ""):
            continue  # "mph" is a rate already
        m = t["rate_rx"].match(text, _after_country_word(text, q))
        if m is None:
            continue
        written = " ".join(m.group(1).lower().split())
        square = re.search(r"(?:sq\.?|square|cubic)\s+$", text[m.start() : m.start(1)].lower())
        den = t["rate_denominators"].get(written, written)
        if square and not den.startswith(("square", "cubic")):
            den = ("cubic " if "cubic" in square.group(0) else "square ") + den
        q["unit"] = f"{unit} per {den}"
        counted = (q["counted"] or "").lower().rstrip(".")
        if counted and counted.split()[0] == written.split()[0]:
            q["counted"] = None  # "50 mg/L": the denominator is no counted noun


def _after_country_word(text: str, q: QuantityDict) -> int:
    """Where a rate may start after an amount of money: past a word naming the money's
    country ("$75 U.S. per barrel"), which is then no counted noun."""
    unit = q["unit"]
    m = _COUNTRY_WORD.match(text, q["end"])
    if unit is None or not re.fullmatch(r"[A-Z]{3}", unit) or m is None:
        return q["end"]
    if m.group(1).lower() not in _t()["currency_country_words"]:
        return q["end"]
    if q["counted"] is not None and q["counted"].lower() == m.group(1).lower():
        q["counted"] = None
    return m.end()


def _multiples(text: str, out: list[QuantityDict]) -> None:
    for q in out:
        if q["unit"] is not None:
            continue
        m = _t()["multiplier_rx"].match(text, q["end"])
        if m is not None:
            q["unit"] = m.group(1).lower()


def _ages(text: str, out: list[QuantityDict]) -> None:
    for q in out:
        if q["unit"] is not None:
            continue
        m = _t()["age_rx"].match(text, q["end"])
        if m is not None:
            q["unit"], q["counted"] = f"{m.group(1).lower()}-old", None


def _time_units(text: str, out: list[QuantityDict]) -> None:
    """ "a 4.3 second 40 yard dash": a time unit right after a number that no time mention
    took is its unit (not the noun the phrase goes on to count)."""
    for q in out:
        if q["unit"] is not None:
            continue
        m = _t()["time_rx"].match(text, q["end"])
        if m is not None:
            q["unit"] = m.group(1).lower()
