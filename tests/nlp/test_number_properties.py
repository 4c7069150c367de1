"""Property tests of the number reader (hypothesis)."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from extract.nlp.numbers import parse_number, split_modifier


@given(st.integers(min_value=0, max_value=10**15))
def test_integers_in_digits_round_trip(n):
    assert parse_number(str(n)).value == n
    assert parse_number(f"{n:,}").value == n


@given(st.decimals(min_value=0, max_value=10**6, places=2, allow_nan=False))
def test_decimals_round_trip(d):
    assert math.isclose(parse_number(f"{d:.2f}").value, float(d))


@settings(max_examples=500)
@given(st.text(max_size=80))
def test_arbitrary_text_never_raises_and_values_are_finite(text):
    n = parse_number(text)
    assert n is None or n.value is None or math.isfinite(n.value)
    mod, rest = split_modifier(text)
    assert isinstance(rest, str) and (mod is None or isinstance(mod, str))


@given(st.integers(min_value=400, max_value=2000))
def test_absurdly_long_digit_strings_are_not_numbers(length):
    assert parse_number("9" * length) is None
