"""Reading numbers written with digits from raw text."""

import pytest

from extract.nlp.numscan import scan_numbers


def _read(text):
    return [(h.value, h.unit, h.upper, text[h.start : h.end]) for h in scan_numbers(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The aircraft is 72.7 metres long.", [(72.7, "metres", None, "72.7 metres")]),
        ("winds of 155mph", [(155.0, "mph", None, "155mph")]),
        ("a profit of Y=590 billion", [(590e9, "JPY", None, "Y=590 billion")]),
        ("flights that cost HK $5.4m.", [(5.4e6, "HKD", None, "HK $5.4m.")]),
        ("quoted at USD10m", [(1e7, "USD", None, "USD10m")]),
        ("a notebook for 1,200€", [(1200.0, "EUR", None, "1,200€")]),
        (
            "10.5 million Australian dollars",
            [(10.5e6, "AUD", None, "10.5 million Australian dollars")],
        ),
        ("the offense was minus-5 yards", [(-5.0, "yards", None, "minus-5 yards")]),
        ("a deficit of $-50.8bn", [(-50.8e9, "USD", None, "$-50.8bn")]),
        ("a rate of .001 per cent", [(0.001, "percent", None, ".001 per cent")]),
        ("There are 1 to 2 thousand people.", [(1000.0, None, 2000.0, "1 to 2 thousand")]),
        ("prices rose between 4% and 5%", [(4.0, "percent", 5.0, "4% and 5%")]),
    ],
)
def test_number_is_read_with_its_currency_scale_and_unit(text, expected):
    assert _read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the TA-125 index",
        "the 11th time",
        "at 10.45pm last night",
        "with 4:39 left",
        "At 2-0 down",
        "the new S22 phone",
        "1⁄128 of a gallon",
    ],
)
def test_names_clock_times_ordinals_and_scores_are_not_numbers(text):
    assert _read(text) == []


def test_a_year_like_number_with_a_unit_is_a_quantity_not_a_year(extractor):
    res = extractor.process(
        "The 1520 sq m clinic opened; shares fell 68 p to 1112 p.", published="2020-01-01"
    )
    assert {(q.value, q.unit) for q in res.quantities} >= {(1520.0, "sq m"), (1112.0, "p")}
    assert not res.times


def test_a_number_in_words_keeps_its_unit_of_measure(extractor):
    res = extractor.process(
        "The debris field stretched for some seven miles.", published="2020-01-01"
    )
    (q,) = res.quantities
    assert (q.value, q.unit, q.approximate) == (7.0, "miles", True)
