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
