"""The clause around a date decides its direction (spaCy pipeline; publication date given)."""

import pytest


def _value(extractor, text: str, published: str, phrase: str) -> str | None:
    res = extractor.process(text, published=published)
    return next(t.value for t in res.times if t.text == phrase)


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        # published Friday 1989-10-27
        ("The shares are to resume trading in Paris Tuesday.", "Tuesday", "1989-10-31"),
        ("The offer had been due to expire Friday evening.", "Friday evening", "1989-10-27TEV"),
        ("The group could leave as soon as Tuesday, officials said.", "Tuesday", "1989-10-31"),
        ("Officials postponed the vote until Tuesday.", "Tuesday", "1989-10-31"),
        ("The board has given the bidders until Tuesday to respond.", "Tuesday", "1989-10-31"),
        ("The board had given the bidders until Tuesday to respond.", "Tuesday", "1989-10-24"),
        ("The bank created a new office, effective Feb. 1.", "Feb. 1", "1990-02-01"),
        ("In the fiscal year ended Jan. 31, sales rose 5%.", "Jan. 31", "1989-01-31"),
        ("The company announced an agreement to buy the lender in January.", "January", "1990-01"),
        ("A rally planned for Saturday was called off after the leak.", "Saturday", "1989-10-21"),
        ("A rally planned for Saturday will go ahead.", "Saturday", "1989-10-28"),
    ],
)
def test_clause_sets_the_direction_of_an_underspecified_date(extractor, text, phrase, value):
    assert _value(extractor, text, "1989-10-27", phrase) == value


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Negotiations broke off at noon Thursday.", "noon Thursday", "1989-10-26T12:00"),
        ("Holders may tender their shares until 5 p.m. EST Nov. 9.", "5 p.m. EST Nov. 9",
         "1989-11-09T17:00"),
    ],
)  # fmt: skip
def test_a_clock_time_and_its_day_make_one_expression(extractor, text, phrase, value):
    assert _value(extractor, text, "1989-10-27", phrase) == value


def test_a_holiday_the_entity_recogniser_misses_is_found(extractor):
    text = "The boy was found on Thanksgiving Day clinging to an inner tube."
    assert _value(extractor, text, "2000-01-07", "Thanksgiving Day") == "1999-11-25"


def test_a_programme_named_like_a_date_is_no_time(extractor):
    res = extractor.process(
        'Secretary of State James Baker, speaking on ABC News\' "This Week," said the '
        "request gives the U.S. more room.",
        published="1990-08-13",
    )
    assert [t.text for t in res.times] == []


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("The ministry opened the office on March 3, 2015, and the following year it moved "
         "to Herat.", "the following year", "2016"),
        ("Fighting broke out on June 4, 2019. The next day the army withdrew.", "The next day",
         "2019-06-05"),
        ("Sales fell in the first quarter of 2018, and profit for that quarter halved.",
         "that quarter", "2018-Q1"),
        ("The council met on March 3. Earlier that day, farmers had blocked the road.",
         "Earlier that day", "2020-03-03"),
        ("The storm hit on May 5, 2019. The river rose that same day.", "that same day",
         "2019-05-05"),
        ("The storm hit on May 5, 2019. That same night the river rose.", "That same night",
         "2019-05-05TNI"),
        ("The talks began on May 4, 2019, and ended the following Monday.",
         "the following Monday", "2019-05-06"),
        ("Shares closed higher on Thursday, March 26, up 3% from the previous Friday.",
         "the previous Friday", "2020-03-20"),
    ],
)  # fmt: skip
def test_an_expression_that_refers_back_counts_from_the_last_date_named(
    extractor, text, phrase, value
):
    assert _value(extractor, text, "2020-04-02", phrase) == value


def test_the_year_ended_on_a_date_is_a_year_long_span(extractor):
    res = extractor.process(
        "Revenue was $76 million for the year ended March 31.", published="1989-10-30"
    )
    assert [(t.text, t.value, t.type) for t in res.times] == [
        ("the year", "P1Y", "DURATION"),
        ("March 31", "1989-03-31", "DATE"),
    ]


def test_a_counted_span_of_time_the_entity_recogniser_misses_is_found(extractor):
    res = extractor.process(
        "The base will stay open for at least 20 more years, officials said.",
        published="2020-04-02",
    )
    assert [(t.text, t.value, t.mod) for t in res.times] == [
        ("at least 20 more years", "P20Y", "EQUAL_OR_MORE")
    ]


def test_a_span_of_time_after_a_number_is_a_rate(extractor):
    res = extractor.process(
        "The company will save about $33 million a year from the cuts.", published="2020-04-02"
    )
    assert [(t.text, t.value, t.type) for t in res.times] == [("a year", "P1Y", "SET")]


def test_an_ordinal_second_is_no_duration(extractor):
    res = extractor.process("A second group of directors resigned.", published="2020-04-02")
    assert res.times == []


def test_the_year_quarter_is_the_quarter_the_report_is_about(extractor):
    res = extractor.process(
        "Profit rose in the third quarter, against $2 million in the 1988 quarter.",
        published="1989-10-30",
    )
    assert [(t.text, t.value) for t in res.times] == [
        ("the third quarter", "1989-Q3"),
        ("the 1988 quarter", "1988-Q3"),
    ]


def test_a_share_written_as_a_quarter_is_no_time(extractor):
    res = extractor.process(
        "Mutual funds hold more than a quarter of the entire market.", published="1989-10-30"
    )
    assert res.times == []


def test_only_expressions_with_a_timex3_value_are_kept(extractor):
    res = extractor.process(
        "Officials were not sure whether Stauber had been involved, sources said on Friday.",
        published="1998-11-21",
    )
    assert all(t.value is not None for t in res.times)


def test_the_bare_year_is_the_current_one(extractor):
    res = extractor.process(
        "For the year, pet food sales were flat, the company said.", published="1989-10-30"
    )
    assert [(t.text, t.value, t.type) for t in res.times] == [("the year", "1989", "DATE")]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Last fall Apple launched the phone.", "Last fall", "2009-FA"),
        ("Sales in the December quarter rose.", "the December quarter", "2010-Q4"),
    ],
)
def test_a_season_or_a_month_named_quarter_the_entity_recogniser_misses_is_found(
    extractor, text, phrase, value
):
    assert _value(extractor, text, "2010-10-20", phrase) == value


def test_a_day_told_again_without_a_day_named_before_is_left_out(extractor):
    res = extractor.process(
        "Earlier that day, farmers had blocked the road.", published="2020-04-02"
    )
    assert res.times == []


def test_each_or_every_before_a_weekday_makes_it_a_set(extractor):
    res = extractor.process(
        "The ferry sails each Friday and on Monday nights.", published="2020-04-02"
    )
    assert [(t.text, t.value, t.type) for t in res.times] == [
        ("each Friday", "XXXX-WXX-5", "SET"),
        ("Monday nights", "XXXX-WXX-1TNI", "SET"),
    ]


def test_a_count_before_a_year_ago_is_left_outside_the_time(extractor):
    res = extractor.process(
        "The firm has 13 plants, up from seven a year ago.", published="2020-04-02"
    )
    assert [(t.text, t.value) for t in res.times] == [("a year ago", "2019")]


def test_a_part_of_a_day_without_its_day_is_on_the_last_day_named(extractor):
    res = extractor.process(
        "Hopes were dashed on Friday. Dealers had placed buy orders in the morning.",
        published="2020-04-06",
    )
    assert [(t.text, t.value) for t in res.times] == [
        ("Friday", "2020-04-03"),
        ("the morning", "2020-04-03TMO"),
    ]
