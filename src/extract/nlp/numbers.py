"""Reading numbers written in digits, words or both ("6,000", "seven", "1.2 million",
"two dozen", "twenty-five", "dozens"). Pure functions; the tables live in
``resources/numbers.json``."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from extract.tables import load_table

_DIGITS = re.compile(r"^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
_SPLIT = re.compile(r"[\s\-]+")


@dataclass(frozen=True)
class Number:
    """A number read from text: its value and whether it was a vague quantifier."""

    value: float | None
    vague: bool = False


@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    return load_table("numbers")  # type: ignore[no-any-return]


def _digits(tok: str) -> float | None:
    tok = tok.strip()
    if not _DIGITS.match(tok):
        return None
    try:
        return float(tok.replace(",", ""))
    except ValueError:  # pragma: no cover - the regex admits only valid floats
        return None


def parse_number(text: str) -> Number | None:
    """Read the number in ``text`` (no modifiers: see :func:`split_modifier`).

    Returns None when ``text`` is not a number. Vague quantifiers ("dozens") get their
    conservative value and ``vague=True``; "many" gets value None and ``vague=True``.
    """
    t = _tables()
    s = " ".join(text.lower().replace("\u2013", "-").split())
    if not s:
        return None
    if s in t["vague"]:
        v = t["vague"][s]
        return Number(None if v is None else float(v), vague=True)
    m = re.fullmatch(r"(tens|hundreds|thousands|millions|dozens) of (thousands|millions)", s)
    if m:
        return Number(float(t["vague"][m.group(1)] * t["scales"][m.group(2)[:-1]]), vague=True)
    words = [w for w in _SPLIT.split(s) if w and w != "and"]
    if len(words) > 1 and words[0] in ("a", "an") and words[1] not in t["scales"]:
        words = words[1:]  # "a two day ..." is two, "a dozen" is twelve
    # the article beside "half" is no count of one: "half a million" is 500,000 and
    # "one and a half million" 1.5 million
    words = [
        w
        for i, w in enumerate(words)
        if not (
            w in ("a", "an")
            and i > 0
            and (words[i - 1] == "half" or (i + 1 < len(words) and words[i + 1] == "half"))
        )
    ]
    if not words:
        return None
    total = 0.0
    current: float | None = None
    seen = False
    for w in words:
        d = _digits(w)
        if d is None:
            m2 = re.fullmatch(r"(\d+(?:\.\d+)?)(k|m|mn|bn|tn)", w)
            if m2:
                d = float(m2.group(1)) * t["scales"][m2.group(2)]
        if d is None and w in t["units"]:
            d = float(t["units"][w])
        if d is not None:
            if current is not None and not _adds_to(current, d):
                return None  # "5-10", "six and eight": a range or a list, not one number
            current = d if current is None else current + d
            seen = True
            continue
        if w in t["scales"]:
            scale = float(t["scales"][w])
            base = current if current is not None else 1.0
            if scale >= 1000:
                total += base * scale
                current = None
            else:
                current = base * scale
            seen = True
            continue
        return None
    value = total + (current or 0.0)
    if not seen or not math.isfinite(value):
        return None  # "999...9" with hundreds of digits is no count anyone reported
    return Number(value)


def _adds_to(current: float, d: float) -> bool:
    """Whether ``d`` continues the number read so far, filling a place it left empty:
    "twenty five", "one hundred and five", "two and a half"; not "five ten"."""
    if d != int(d):
        return 0 < d < 1  # "and a half"
    if current != int(current):
        return False
    place = 1
    while int(current) % (place * 10) == 0 and place < 10**15:
        place *= 10
    return d < place


def split_modifier(text: str) -> tuple[str | None, str]:
    """Split a leading bound modifier off: "at least 20" -> ("at least", "20")."""
    low = text.lower()
    best: str | None = None
    for mod in _tables()["modifiers"]:
        if (low.startswith(mod + " ") or low == mod) and (best is None or len(mod) > len(best)):
            best = mod
    if best is None:
        return None, text
    return best, text[len(best) :].strip()


def modifier_info(mod: str | None) -> dict[str, Any]:
    """What a modifier says: ``{"bound": "lower"|"upper", "approximate": bool}``."""
    if mod is None:
        return {}
    info: dict[str, Any] = _tables()["modifiers"].get(mod.lower(), {})
    return info
