"""The temporal normaliser on its own (no spaCy)."""

import datetime as dt

import pytest

from extract.nlp.timex import normalize

PUB = dt.date(2020, 4, 2)  # a Thursday


@pytest.mark.parametrize(
    ("text", "tense", "value", "type_", "mod"),
    [
        ("Thursday", "past", "2020-04-02", "DATE", None),
        ("Sunday", "past", "2020-03-29", "DATE", None),
        ("Tuesday", "past", "2020-03-31", "DATE", None),
        ("Friday", "future", "2020-04-03", "DATE", None),
        ("today", None, "2020-04-02", "DATE", None),
        ("tomorrow", None, "2020-04-03", "DATE", None),
        ("the day after tomorrow", None, "2020-04-04", "DATE", None),
        ("yesterday", None, "2020-04-01", "DATE", None),
        ("this week", None, "2020-W14", "DATE", None),
        ("last month", None, "2020-03", "DATE", None),
        ("last year", None, "2019", "DATE", None),
        ("late February", "past", "2020-02", "DATE", "END"),
        ("early 2020", None, "2020", "DATE", "START"),
        ("mid-2019", None, "2019", "DATE", "MID"),
        ("July next year", "future", "2021-07", "DATE", None),
        ("March 10", "past", "2020-03-10", "DATE", None),
        ("5 May 2021", None, "2021-05-05", "DATE", None),
        ("March 10, 2020", None, "2020-03-10", "DATE", None),
        ("2001", None, "2001", "DATE", None),
        ("the 1990s", None, "199", "DATE", None),
        ("the first quarter", None, "2020-Q1", "DATE", None),
        ("nearly two decades", None, "P20Y", "DURATION", "APPROX"),
        ("18-year-old", None, "P18Y", "DURATION", None),
        ("decade-long", None, "P10Y", "DURATION", None),
        ("within 14 months", None, "P14M", "DURATION", None),
        ("several years", None, "PXY", "DURATION", None),
        ("three days ago", None, "2020-03-30", "DATE", None),
        ("every year", None, "P1Y", "SET", None),
        ("weekly", None, "P1W", "SET", None),
        ("Sundays", None, "XXXX-WXX-7", "SET", None),
        ("the latest fiscal year", None, "2019", "DATE", None),
        ("next fiscal year", None, "2021", "DATE", None),
        ("the prior year", None, "2019", "DATE", None),
        ("last quarter", None, "2020-Q1", "DATE", None),
        ("the last quarter of 2021", None, "2021-Q4", "DATE", None),
        ("the first half of 2021", None, "2021-H1", "DATE", None),
        ("the second half of next year", None, "2021-H2", "DATE", None),
        ("the second half of March", None, "2020-03", "DATE", "END"),
        ("the past century", None, "P100Y", "DURATION", None),
        ("Tuesday nights", None, "XXXX-WXX-2TNI", "SET", None),
        ("each Thursday", None, "XXXX-WXX-4", "SET", None),
        ("the morning", None, "2020-04-02TMO", "TIME", None),
        ("9 a.m.", None, "2020-04-02T09:00", "TIME", None),
        ("10 p.m. Tuesday", "past", "2020-03-31T22:00", "TIME", None),
        ("noon Saturday", "future", "2020-04-04T12:00", "TIME", None),
        ("5 p.m. EST, March 30", None, "2020-03-30T17:00", "TIME", None),
        ("now", None, "PRESENT_REF", "DATE", None),
        ("recently", None, "PAST_REF", "DATE", None),
        ("2 1/2 years", None, "P2Y6M", "DURATION", None),
        ("a year and a half", None, "P1Y6M", "DURATION", None),
        ("half an hour", None, "PT30M", "DURATION", None),
        ("eight trading days", None, "P8D", "DURATION", None),
        ("an additional year", None, "P1Y", "DURATION", None),
        ("the summer", "past", "2019-SU", "DATE", None),
        ("the summer", "future", "2020-SU", "DATE", None),
        ("the early summer", None, "2020-SU", "DATE", "START"),
        ("last fall", None, "2019-FA", "DATE", None),
        ("year-end", None, "2020", "DATE", "END"),
    ],
)
def test_expression_normalises_to_timex3(text, tense, value, type_, mod):
    tx = normalize(text, PUB, tense)
    assert tx is not None
    assert (tx.value, tx.type, tx.mod) == (value, type_, mod)


def test_past_weekday_on_the_publication_day_is_that_day():
    assert normalize("Thursday", PUB, "past").value == "2020-04-02"


def test_future_weekday_on_the_publication_day_is_that_day():
    # wire style names today's weekday ("will travel on Thursday" in Thursday's paper);
    # a week ahead is written "next Thursday"
    assert normalize("Thursday", PUB, "future").value == "2020-04-02"
    assert normalize("next Thursday", PUB, "future").value == "2020-04-09"


def test_without_anchor_relative_dates_stay_unresolved():
    assert normalize("March 10", None, "past").value == "XXXX-03-10"
    assert normalize("Sunday", None, "past").value == "XXXX-WXX-7"
    assert normalize("July", None, None).value == "XXXX-07"
    assert not normalize("March 10", None, "past").anchored


def test_absolute_dates_do_not_need_an_anchor():
    tx = normalize("April 2, 2020", None, None)
    assert tx is not None and tx.value == "2020-04-02" and not tx.anchored


def test_impossible_dates_are_not_normalised():
    assert normalize("February 30, 2020", PUB, None) is None
    assert normalize("2020-13-45", PUB, None) is None


def test_non_temporal_text_is_not_normalised():
    assert normalize("the prisoners", PUB, None) is None
    assert normalize("", PUB, None) is None


def test_month_day_without_year_takes_the_nearest_year_unless_the_tense_says_otherwise():
    # reported speech makes the tense unreliable near the anchor; on TempEval-3 the nearest
    # year is right more often there, and the tense only wins more than 45 days away
    assert normalize("March 10", PUB, "future").value == "2020-03-10"
    assert normalize("December 28", PUB, "past").value == "2019-12-28"
    assert normalize("August 1", PUB, None).value == "2020-08-01"
    assert normalize("August 1", PUB, "past").value == "2019-08-01"
    assert normalize("January 31", dt.date(1989, 11, 1), None).value == "1990-01-31"
    assert normalize("January 31", dt.date(1989, 11, 1), "past").value == "1989-01-31"


def test_end_of_duration_counts_from_the_publication_date():
    from extract.nlp.events import end_of_duration

    assert end_of_duration(PUB, "P14M") == "2021-06"
    assert end_of_duration(PUB, "P2Y") == "2022"
    assert end_of_duration(PUB, "P10D") == "2020-04-12"
    assert end_of_duration(None, "P14M") is None and end_of_duration(PUB, "PXM") is None


@pytest.mark.parametrize(
    ("text", "anchor", "value"),
    [
        ("Thanksgiving Day", dt.date(2000, 1, 7), "1999-11-25"),  # fourth Thursday
        ("Election Day", dt.date(1998, 10, 26), "1998-11-03"),  # Tuesday after 1st Monday
        ("Easter week", dt.date(2000, 4, 17), "2000-W16"),  # Easter 2000: April 23
        ("Good Friday", dt.date(2020, 4, 1), "2020-04-10"),
        ("last Christmas", PUB, "2019-12-25"),
        ("Memorial Day 2019", None, "2019-05-27"),  # last Monday of May
        ("Christmas Eve", None, "XXXX-12-24"),
    ],
)
def test_holidays_resolve_to_their_date_near_the_anchor(text, anchor, value):
    tx = normalize(text, anchor, "past")
    assert tx is not None and (tx.value, tx.type) == (value, "DATE")


def test_a_spoken_year_inside_an_expression_is_read():
    assert normalize("January nineteen ninety-seven", PUB, None).value == "1997-01"
    assert normalize("the winter of nineteen ninety-four", PUB, None).value == "1994-WI"
    assert normalize("nineteen years", PUB, None).value == "P19Y"  # a count, not a year


def test_decade_words_name_the_last_such_decade_before_the_anchor():
    assert normalize("the nineties", PUB, None).value == "199"
    assert normalize("the twenties", PUB, None).value == "202"
    assert normalize("the twenties", dt.date(2019, 5, 1), None).value == "192"
    assert normalize("the early nineties", PUB, None).mod == "START"


def test_a_fraction_of_a_minute_is_written_in_seconds():
    assert normalize("a minute and a half", PUB, None).value == "PT1M30S"
    assert normalize("two and a half hours", PUB, None).value == "PT2H30M"


def test_each_month_is_a_set():
    tx = normalize("each July", PUB, None)
    assert (tx.value, tx.type) == ("XXXX-07", "SET")


def test_a_short_span_later_or_earlier_is_a_duration_and_ago_is_a_date():
    # "three days later" counts from an event of the story, not from the publication date
    assert (
        normalize("three days later", PUB, None).value,
        normalize("three days later", PUB, None).type,
    ) == ("P3D", "DURATION")
    assert normalize("an hour earlier", PUB, None).value == "PT1H"
    assert normalize("three days ago", PUB, None).value == "2020-03-30"
    assert normalize("two months later", PUB, None).value == "2020-06"


def test_earlier_or_later_in_the_year_is_the_current_year():
    assert normalize("earlier in the year", PUB, None).value == "2020"
    assert normalize("later in the day", PUB, None).value == "2020-04-02"


@pytest.mark.parametrize(
    ("text", "anchor", "value"),
    [
        ("the last half of 1989", None, "1989-H2"),
        ("the first two quarters of 1990", None, "1990-H1"),
        ("next year's first quarter", dt.date(1989, 10, 31), "1990-Q1"),
        ("the year-ago third quarter", dt.date(1989, 10, 30), "1988-Q3"),
        ("last Oct. 23", dt.date(1999, 4, 19), "1998-10-23"),
        ("4 in the morning", PUB, "2020-04-02T04:00"),
        ("midday", PUB, "2020-04-02T12:00"),
        ("the weeks ahead", PUB, "PXW"),
    ],
)
def test_quarters_halves_and_clock_readings(text, anchor, value):
    assert normalize(text, anchor, "past").value == value


def test_an_unnumbered_stretch_of_quarters_is_written_in_months_as_two_quarters_are():
    anchor = dt.date(2015, 6, 1)
    vague = normalize("recent quarters", anchor)
    assert vague is not None and (vague.value, vague.type) == ("PXM", "DURATION")
    counted = normalize("two quarters", anchor)
    assert counted is not None and counted.value == "P6M"


@pytest.mark.parametrize(
    ("text", "anchor", "value"),
    [
        ("the December quarter", dt.date(2010, 10, 20), "2010-Q4"),
        ("the June quarter", dt.date(2010, 10, 20), "2010-Q2"),
        ("the March quarter", dt.date(2011, 5, 2), "2011-Q1"),
    ],
)
def test_a_quarter_named_by_its_month_is_the_quarter_holding_that_month(text, anchor, value):
    tx = normalize(text, anchor)
    assert tx is not None and (tx.value, tx.type) == (value, "DATE")


def test_a_duration_never_counts_the_two_ends_of_a_range_together():
    assert normalize("5-10 years", PUB) is None  # was P15Y
    assert normalize("and eight months", PUB) is None
    assert normalize("twenty-five years", PUB).value == "P25Y"


def test_or_so_makes_an_expression_approximate():
    tx = normalize("a week or so ago", PUB)
    assert tx is not None and tx.mod == "APPROX" and tx.value == normalize("a week ago", PUB).value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("March 9 next year", "2026-03-09"),
        ("9 March last year", "2024-03-09"),
        ("the 4th of July this year", "2025-07-04"),
    ],
)
def test_a_day_of_a_year_named_relative_to_now_is_that_day(text, value):
    got = normalize(text, dt.date(2025, 3, 12), "future")
    assert got is not None and got.value == value
