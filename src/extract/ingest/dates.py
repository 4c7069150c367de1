"""Publication dates: parse a caller's date or a record's metadata date, find a wire
dateline.

All are deliberately strict. A wrong publication date silently shifts every relative
date in an article ("on Thursday", "next year"), so anything that is not a full,
unambiguous calendar date is refused (``parse_published``, ``read_record_date``) or
ignored (``find_dateline``) rather than guessed.

ISO dates and the common written forms are matched by the regular expressions below (the
fast path: most metadata dates are ISO). Everything else goes to python-dateutil's parser
(weekdays, times, time-zone names, "|" and "at", RFC 2822), which is then held to our
rules: the day, month and year must all be written (dateutil would fill a missing one
from a default), a numeric form must read the same as day-first and month-first
(03/04/2020 does not, unless the caller says the order), and a weekday must agree with
the date. The date is the local calendar date as written, never shifted to UTC.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from functools import lru_cache
from typing import Literal

from extract.errors import DateError
from extract.tables import load_table

_ISO = re.compile(
    r"(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})"
    r"(?:[T ](?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2})(?:[.,]\d+)?)?"
    r"(?:Z|[+-]\d{2}(?::?\d{2})?)?)?",
    re.IGNORECASE,
)
_SLASHED_ISO = re.compile(r"(?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})")
_WEEKDAY_NAME = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
_WEEKDAY = _WEEKDAY_NAME + r"\.?,?\s+"
_DASHES = "\u2014\u2013\u2012-"  # em dash, en dash, figure dash, hyphen

DateOrder = Literal["DMY", "MDY", "YMD"]
"""How to read an all-numeric date such as 03/04/2020 (day-month-year, ...)."""
DATE_ORDERS: tuple[str, ...] = ("DMY", "MDY", "YMD")
# dateutil's (dayfirst, yearfirst) for each order
_ORDER_FLAGS = {"DMY": (True, False), "MDY": (False, False), "YMD": (False, True)}
# "Nov 23, 2016 | 4:58pm", "10:31 (UTC)": separators and brackets are not part of a date
# (and "UTC"/"GMT": the time zone is never used, and dateutil takes it only after a time)
_SEPARATORS = re.compile(
    r"\s*\([^()\d]*\)|\b(?:UTC|GMT)\b|\s*[|\u2022\u00b7()\[\]]\s*|\s+[\u2014\u2013]\s+"
)
# "21.05 BST", "9.05pm": a clock time written with a dot (dateutil would read a decimal)
_DOTTED_TIME = re.compile(
    r"(?<![\d.])(\d{1,2})\.(\d{2})(?=\s*(?:[ap]\.?m\b\.?|(?-i:[A-Z]{2,5})\b|,|$))", re.IGNORECASE
)
# a numeric date with its four-digit year first is year-month-day everywhere
_YEAR_FIRST = re.compile(r"(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)")
_FOUR_DIGITS = re.compile(r"(?<!\d)\d{4}(?!\d)")
_DEFAULT_1 = dt.datetime(1, 1, 1)
_DEFAULT_2 = dt.datetime(2, 2, 2)


@lru_cache(maxsize=1)
def _months() -> dict[str, int]:
    table: dict[str, int] = load_table("time_words")["months"]
    return table


@lru_cache(maxsize=1)
def _weekdays() -> dict[str, int]:
    table: dict[str, int] = load_table("time_words")["weekdays"]
    return table


@lru_cache(maxsize=1)
def _word_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Month names, weekday names and leading labels ("Published:") as regexes."""
    words = r"\b({})\b\.?"
    months = "|".join(sorted(_months(), key=len, reverse=True))
    days = "|".join(sorted(_weekdays(), key=len, reverse=True))
    labels = "|".join(
        re.escape(w).replace(r"\ ", r"\s+")
        for w in sorted(load_table("input_records")["date_labels"], key=len, reverse=True)
    )
    return (
        re.compile(words.format(months), re.IGNORECASE),
        re.compile(words.format(days), re.IGNORECASE),
        re.compile(rf"^(?:(?:{labels})\b\s*:?\s*)+", re.IGNORECASE),
    )


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


def _dateutil(value: str, default: dt.datetime, order: str | None) -> dt.datetime:
    from dateutil import parser

    dayfirst, yearfirst = _ORDER_FLAGS[order] if order else (False, False)
    parsed: dt.datetime = parser.parse(
        value, default=default, dayfirst=dayfirst, yearfirst=yearfirst, ignoretz=True
    )
    return parsed


def _parse_text(value: str, raw: str, order: str | None) -> dt.date:
    """The date written in ``value`` (whitespace already folded); ``raw`` is named in
    errors.

    Raises:
        DateError: not a full, unambiguous date.
    """
    month_word, weekday_word, labels = _word_patterns()
    parsed = _match_full(value)
    if parsed is not None:
        _check_weekday(weekday_word.search(value), parsed, raw)
        return parsed
    text = _SEPARATORS.sub(" ", labels.sub("", value)).strip(" ,;")
    text = _DOTTED_TIME.sub(r"\1:\2", text)
    try:
        first = _dateutil(text, _DEFAULT_1, order)
        # a part not written comes from the default: parse again with another default
        second = (
            first
            if first.year != 1 and first.month != 1 and first.day != 1
            else _dateutil(text, _DEFAULT_2, order)
        )
    except (ValueError, OverflowError) as exc:  # dateutil's ParserError is a ValueError
        raise DateError(
            f"unrecognised publication date {raw!r}: expected a full date such as "
            "2020-04-02, 'April 2, 2020' or 'Thu, 2 Apr 2020 10:31 GMT'"
        ) from exc
    if first.date() != second.date() or first.year == 1:
        raise DateError(f"partial publication date {raw!r}: the day, month and year must be given")
    if order is None and month_word.search(text) is None and not _YEAR_FIRST.search(text):
        # all numbers: it must read the same whichever order its writer used
        readings = {first.date()}
        for other in ("DMY", "YMD") if _FOUR_DIGITS.search(text) is None else ("DMY",):
            try:
                readings.add(_dateutil(text, _DEFAULT_1, other).date())
            except (ValueError, OverflowError):
                continue
        if len(readings) > 1:
            raise DateError(
                f"ambiguous publication date {raw!r}: day and month (or year) could be "
                "either way; say which order the dates are written in (--date-order "
                "DMY, MDY or YMD; Settings.date_order)"
            )
    _check_weekday(weekday_word.search(text), first.date(), raw)
    return first.date()


def _check_weekday(m: re.Match[str] | None, date: dt.date, raw: str) -> None:
    if m is not None and _weekdays()[m.group(1).lower()] != date.weekday():
        raise DateError(
            f"publication date {raw!r} names a weekday that is not the weekday of its date"
        )


def parse_published(
    value: str | dt.date | dt.datetime | None, *, order: str | None = None
) -> dt.date | None:
    """Normalise a caller-supplied publication date.

    Accepts a ``date``/``datetime``, an ISO date or datetime ("2020-04-02",
    "2020-04-02T09:30:00Z", "2009-03-25 00:26:04.358077-05"; the calendar date is taken
    as written, not converted to UTC), "2020/04/02", written English forms ("April 2,
    2020", "2 April 2020", "Thursday, April 2, 2020", "Apr. 2nd 2020"), and the forms
    news metadata uses: with times, time zones, weekdays, "|" and "at" ("7:58 AM ET, Sat
    January 3, 2015", "Wed Nov 23, 2016 | 4:58pm EST", "Thu, 02 Apr 2020 10:31:00
    +0000"), and unambiguous numeric ones ("11/28/2016"). ``order`` ("DMY", "MDY" or
    "YMD") says how to read an ambiguous numeric date ("03/04/2020"). None gives None.

    Raises:
        DateError: anything else, including relative or partial dates ("yesterday",
            "April 2020", "Thursday"), ambiguous numeric ones without ``order``, a
            weekday that does not fit the date, and impossible dates ("2020-13-45").
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
    return _parse_text(cleaned, value, order)


_EPOCH_YEARS = (1900, 2200)


def _from_epoch(seconds: float, raw: object) -> dt.date:
    try:
        day = dt.datetime.fromtimestamp(seconds, dt.timezone.utc).date()
    except (OverflowError, OSError, ValueError) as exc:
        raise DateError(f"not a valid timestamp: {raw!r}") from exc
    if not _EPOCH_YEARS[0] <= day.year <= _EPOCH_YEARS[1]:
        raise DateError(f"timestamp {raw!r} is not a plausible publication date ({day})")
    return day


def read_record_date(value: object, *, order: str | None = None) -> dt.date | None:
    """The publication date a record of another tool holds (a JSON, CSV or Parquet
    field): None and empty values are absent (None); a date or datetime is its calendar
    date; a number is epoch seconds (milliseconds when it is larger than 10^11), read
    as a UTC date; a string of 9-10 digits is epoch seconds, 12-13 digits epoch
    milliseconds, 8 digits YYYYMMDD; any other string is read as :func:`parse_published`
    reads it.

    Raises:
        DateError: a value that is not a full, unambiguous date.
    """
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, bool):
        raise DateError(f"not a date: {value!r}")
    if isinstance(value, int | float):
        if isinstance(value, float) and math.isnan(value):
            return None  # a missing value in a numeric column
        return _from_epoch(value / 1000 if abs(value) > 1e11 else value, value)
    if not isinstance(value, str):
        raise DateError(f"not a date: {type(value).__name__} {value!r}")
    cleaned = " ".join(value.split())
    if not cleaned:
        return None
    if cleaned.isdigit() and cleaned.isascii():
        if len(cleaned) == 8:
            return _calendar_date(cleaned[:4], int(cleaned[4:6]), cleaned[6:], value)
        if len(cleaned) in (9, 10):
            return _from_epoch(int(cleaned), value)
        if len(cleaned) in (12, 13):
            return _from_epoch(int(cleaned) / 1000, value)
        raise DateError(f"unrecognised publication date {value!r}: a number but no timestamp")
    return _parse_text(cleaned, value, order)


@lru_cache(maxsize=1)
def _dateline_pattern() -> re.Pattern[str]:
    # The date alternatives reuse the written forms without their group names, so a
    # dateline date is parsed by exactly the rules of parse_published.
    written = "|".join(re.sub(r"\(\?P<\w+>", "(?:", source) for source in _written_date_regexes())
    date = rf"(?i:{written}|\d{{4}}-\d{{2}}-\d{{2}})"
    # a wire's own style has no year ("WASHINGTON, March 14 (Reuters) -") or no date at
    # all ("LONDON (Reuters) -"): still a dateline, with no date read from it
    names = "|".join(sorted(_months(), key=len, reverse=True))
    day = r"\d{1,2}(?:st|nd|rd|th)?"
    no_year = rf"(?i:(?:{_WEEKDAY})?(?:{names})\.?\s+{day}|{day}\s+(?:{names})\.?)"
    city = r"[A-Z][A-Z.'\u2019\-]*[A-Z.](?:\s+[A-Z][A-Z.'\u2019\-]*[A-Z.])*"
    region = r",\s*[A-Z][\w.'\u2019\-]*(?:\s+[A-Z][\w.'\u2019\-]*){0,3}"
    agency = r"(?:\([^()\n]{1,40}\)|/[^/\n]{1,40}/)"  # "(Reuters)", "/PRNewswire/"
    return re.compile(
        rf"(?:{city})(?:{region}){{0,2}}"
        rf"(?:,\s*(?:(?P<date1>{date})|{no_year}(?=\s*{agency}))(?:\s*{agency})?"
        rf"|\s*{agency}(?:,?\s*(?P<date2>{date}))?)"
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
    if not (m["date1"] or m["date2"]):
        return None  # a wire dateline with no year or no date: the year is never guessed
    raw = " ".join((m["date1"] or m["date2"]).split())
    try:
        return _match_full(raw)
    except DateError:
        return None


DATELINE_WINDOW = 1000
"""How far into an article a wire dateline may start (after a headline, a byline or a
photo caption that the page kept)."""


@lru_cache(maxsize=1)
def _place_dateline_pattern() -> re.Pattern[str]:
    # the city in capitals, up to two regions, then a date, an agency or a dash: the
    # dateline's date may be missing ("ATLANTA (AP) An aide", "SEVERN, Md. (ABC7) —")
    written = "|".join(re.sub(r"\(\?P<\w+>", "(?:", source) for source in _written_date_regexes())
    months = "|".join(sorted(_months(), key=len, reverse=True))
    # "Apr 5": a wire dateline's date often has no year
    date = rf"(?i:{written}|\d{{4}}-\d{{2}}-\d{{2}}|(?:{months})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?)"
    word = r"[A-Z][A-Z.'\u2019\-]*[A-Z.]"
    part = r"[A-Z][\w.'\u2019]*(?:-[A-Za-z][\w.'\u2019]*)*"  # "Md.", "Saxony-Anhalt"
    calendar = rf"(?i:{_WEEKDAY_NAME}|{months})\b"  # "PARIS, Thursday, April 2": no region
    region = rf"(?!{calendar}){part}(?:[ ]+{part}){{0,3}}"
    agency = r"(?:\([^()\n]{0,40}\)|/[^/\n]{1,40}/)"
    dash = rf"(?:--|[{_DASHES[:-1]}]|-(?=\s))"
    return re.compile(
        rf"(?:By\s+)?(?P<city>{word}(?:[ ]+{word}){{0,3}})"
        rf"(?:,\s*(?P<region1>{region}))?(?:,\s*(?P<region2>{region}))?"
        rf"(?:,\s*(?:{date}))?"
        rf"(?:\s*{agency}(?:\s*{dash})?|\s*{dash})"
    )


_LINE_OPENING = re.compile(r"\n\s*|[.!?)\"\u201d]\s+")


def dateline_places(text: str) -> list[tuple[int, int]]:
    """The (start, end) of the city and of each region of the first wire dateline near the
    top of ``text``: ``SEVERN, Md. (ABC7) —`` gives "SEVERN" and "Md.", ``ATLANTA (AP)``
    "ATLANTA", ``LOS ANGELES, April 05, 2018 (GLOBE NEWSWIRE) --`` "LOS ANGELES". A
    dateline opens the text, a line, or follows a sentence (a byline: "The Associated
    Press. WASHINGTON (AP)"); its date and agency are optional, but one of them or a
    dash must follow the place. Whether the names are places is the caller's to check.
    Empty when there is none."""
    lead = len(text) - len(text.lstrip())
    starts = [lead] + [
        m.end() for m in _LINE_OPENING.finditer(text, lead, DATELINE_WINDOW) if m.end() > lead
    ]
    pattern = _place_dateline_pattern()
    for at in starts:
        m = pattern.match(text, at)
        if m is not None:
            return [m.span(g) for g in ("city", "region1", "region2") if m.group(g)]
    return []
