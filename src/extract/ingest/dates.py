"""Publication dates: parse a caller's date, find a wire dateline.

Both are deliberately strict. A wrong publication date silently shifts every relative
date in an article ("on Thursday", "next year"), so anything that is not a full,
unambiguous calendar date is refused (``parse_published``) or ignored (``find_dateline``)
rather than guessed.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

from extract.errors import DateError
from extract.tables import load_table

_ISO = re.compile(
    r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})"
    r"(?:[T ](?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:[.,]\d+)?)?"
    r"(?:Z|[+-]\d{2}(?::?\d{2})?)?)?",
    re.IGNORECASE,
)
_SLASHED_ISO = re.compile(r"(?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})")
_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+"
_DASHES = "\u2014\u2013\u2012-"  # em dash, en dash, figure dash, hyphen


@lru_cache(maxsize=1)
def _months() -> dict[str, int]:
    table: dict[str, int] = load_table("time_words")["months"]
    return table


@lru_cache(maxsize=1)
def _written_date_regexes() -> tuple[str, str]:
    """Regex sources for "April 2, 2020" and "2 April 2020" (case-insensitive use)."""
    # Longest names first so "sept" is tried before "sep" and "march" before "mar".
    names = "|".join(sorted(_months(), key=len, reverse=True))
    month = rf"(?P<month>{names})\.?"
    day = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
    year = r"(?P<year>\d{4})"
    return (
        rf"(?:{_WEEKDAY})?{month}\s+{day},?\s+{year}",
        rf"(?:{_WEEKDAY})?{day}\s+{month},?\s+{year}",
    )


@lru_cache(maxsize=1)
def _written_date_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(source, re.IGNORECASE) for source in _written_date_regexes())


def _calendar_date(year: str, month: str | int, day: str, raw: str) -> dt.date:
    number = month if isinstance(month, int) else _months()[month.lower().rstrip(".")]
    try:
        return dt.date(int(year), number, int(day))
    except ValueError as exc:
        raise DateError(f"not a valid calendar date: {raw!r} ({exc})") from exc


def _match_full(value: str) -> dt.date | None:
    """The date when ``value`` is exactly one supported date form, else None.

    Raises:
        DateError: the form is recognised but the date or time does not exist.
    """
    m = _ISO.fullmatch(value)
    if m:
        if m["hour"] is not None and (
            int(m["hour"]) > 23 or int(m["minute"]) > 59 or int(m["second"] or 0) > 59
        ):
            raise DateError(f"not a valid time of day: {value!r}")
        return _calendar_date(m["year"], int(m["month"]), m["day"], value)
    m = _SLASHED_ISO.fullmatch(value)
    if m:
        return _calendar_date(m["year"], int(m["month"]), m["day"], value)
    for pattern in _written_date_patterns():
        m = pattern.fullmatch(value)
        if m:
            return _calendar_date(m["year"], m["month"], m["day"], value)
    return None


def parse_published(value: str | dt.date | dt.datetime | None) -> dt.date | None:
    """Normalise a caller-supplied publication date.

    Accepts a ``date``/``datetime``, an ISO date or datetime ("2020-04-02",
    "2020-04-02T09:30:00Z"; the calendar date is taken as written, not converted to
    UTC), "2020/04/02", and written English forms ("April 2, 2020", "2 April 2020",
    "Thursday, April 2, 2020", "Apr. 2nd 2020"). None gives None.

    Raises:
        DateError: anything else, including relative or partial dates ("yesterday",
            "April 2020") and impossible ones ("2020-13-45").
    """
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    cleaned = " ".join(value.split())
    if not cleaned:
        raise DateError("empty publication date")
    parsed = _match_full(cleaned)
    if parsed is None:
        raise DateError(
            f"unrecognised publication date {value!r}: expected an ISO date such as "
            "2020-04-02 (optionally with a time) or a full written date such as "
            "'April 2, 2020' or '2 April 2020'"
        )
    return parsed


@lru_cache(maxsize=1)
def _dateline_pattern() -> re.Pattern[str]:
    # The date alternatives reuse the written forms without their group names, so a
    # dateline date is parsed by exactly the rules of parse_published.
    written = "|".join(re.sub(r"\(\?P<\w+>", "(?:", source) for source in _written_date_regexes())
    date = rf"(?i:{written}|\d{{4}}-\d{{2}}-\d{{2}})"
    city = r"[A-Z][A-Z.'\u2019\-]*[A-Z.](?:\s+[A-Z][A-Z.'\u2019\-]*[A-Z.])*"
    region = r",\s*[A-Z][\w.'\u2019\-]*(?:\s+[A-Z][\w.'\u2019\-]*){0,3}"
    agency = r"(?:\([^()\n]{1,40}\)|/[^/\n]{1,40}/)"  # "(Reuters)", "/PRNewswire/"
    return re.compile(
        rf"(?:{city})(?:{region}){{0,2}}"
        rf"(?:,\s*(?P<date1>{date})(?:\s*{agency})?"
        rf"|\s*{agency},?\s*(?P<date2>{date}))"
        rf"\s*(?:--|[{_DASHES}])"
    )


def dateline_end(text: str) -> int:
    """Offset just past a wire dateline opening ``text`` (0 when there is none).

    The dateline's date is the publication date, not a time mention of the story.
    """
    lead = len(text) - len(text.lstrip())
    m = _dateline_pattern().match(text, lead)
    return m.end() if m is not None else 0


def find_dateline(text: str) -> dt.date | None:
    """The date of a wire dateline opening the first paragraph, if it has a full date.

    Recognises e.g. ``MOGADISHU, March 14, 2023 (Newswire) — ...``,
    ``KABUL, Afghanistan, April 2, 2020 (AP) -`` and ``LONDON (Reuters), 5 May 2021 -``.
    Returns None when there is no dateline, when its date has no year
    (``WASHINGTON, March 14 (Reuters) -``: the year is never guessed), or when the
    date does not exist.
    """
    first_paragraph = text.lstrip().split("\n\n", 1)[0]
    m = _dateline_pattern().match(first_paragraph)
    if m is None:
        return None
    raw = " ".join((m["date1"] or m["date2"]).split())
    try:
        return _match_full(raw)
    except DateError:
        return None
