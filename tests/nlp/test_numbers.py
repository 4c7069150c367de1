"""Reading numbers and quantity bounds from text."""

import pytest

from extract.nlp.numbers import parse_number
from extract.nlp.quantities import read_quantity


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("6,000", 6000),
        ("seven", 7),
        ("1.2 million", 1_200_000),
        ("two dozen", 24),
        ("twenty-five", 25),
        ("100", 100),
        ("3 billion", 3e9),
        ("one hundred and five", 105),
    ],
)
def test_numbers_in_digits_and_words(text, value):
    n = parse_number(text)
    assert n is not None and n.value == value and not n.vague


def test_vague_quantifiers_take_the_conservative_acled_value():
    assert parse_number("dozens").value == 12
    assert parse_number("hundreds").value == 100
    assert parse_number("dozens").vague


def test_words_that_are_not_numbers_are_rejected():
    assert parse_number("prisoners") is None


@pytest.mark.parametrize(
    ("text", "value", "lower", "upper", "approx", "unit"),
    [
        ("at least 20", 20, 20, None, False, None),
        ("at least seven", 7, 7, None, False, None),
        ("more than 300", 300, 300, None, True, None),
        ("nearly 300", 300, None, 300, True, None),
        ("up to 50", 50, None, 50, False, None),
        ("about 1,000", 1000, None, None, True, None),
        ("20 to 30", 20, 20, 30, False, None),
        ("$25 million", 25e6, None, None, False, "USD"),
        ("40 percent", 40, None, None, False, "percent"),
        ("dozens", 12, 12, None, True, None),
    ],
)
def test_quantity_bounds_and_units(text, value, lower, upper, approx, unit):
    r = read_quantity(text)
    assert r is not None
    assert (r.value, r.lower, r.upper, r.approximate, r.unit) == (value, lower, upper, approx, unit)


@pytest.mark.parametrize(
    ("text", "value"),
    [("half a million", 500_000), ("one and a half million", 1_500_000), ("two and a half", 2.5)],
)
def test_the_article_beside_half_is_not_a_count_of_one(text, value):
    n = parse_number(text)
    assert n is not None and n.value == value


@pytest.mark.parametrize("text", ["5-10", "2-3", "six and eight", "five ten"])
def test_two_counts_side_by_side_are_a_range_or_list_not_their_sum(text):
    assert parse_number(text) is None
