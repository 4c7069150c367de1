"""Property tests of the temporal normaliser (hypothesis)."""

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from extract.nlp.timex import normalize

dates = st.dates(min_value=dt.date(1000, 1, 1), max_value=dt.date(2200, 12, 31))
anchors = st.one_of(
    st.none(), st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2100, 12, 31))
)
tenses = st.sampled_from([None, "past", "present", "future"])


@given(dates, anchors, tenses)
def test_iso_dates_round_trip(d, anchor, tense):
    assert normalize(d.isoformat(), anchor, tense).value == d.isoformat()


@given(dates, anchors, tenses)
def test_written_dates_with_year_round_trip(d, anchor, tense):
    for text in (
        f"{d:%B} {d.day}, {d.year}",
        f"{d.day} {d:%B} {d.year}",
        f"{d:%b}. {d.day}, {d.year}",
    ):
        if d.month == 5 and "." in text:
            continue  # "May." is no abbreviation
        tx = normalize(text, anchor, tense)
        assert tx is not None and tx.value == d.isoformat(), text


@given(st.integers(1, 12), st.integers(1, 28), dates, tenses)
def test_month_day_resolves_within_a_year_of_the_anchor(month, day, anchor, tense):
    tx = normalize(f"{dt.date(2000, month, 1):%B} {day}", anchor, tense)
    got = dt.date.fromisoformat(tx.value)
    assert (got.month, got.day) == (month, day) and abs((got - anchor).days) <= 366


@settings(max_examples=300)
@given(st.text(max_size=60), anchors, tenses)
def test_arbitrary_text_never_raises_and_values_are_well_formed(text, anchor, tense):
    tx = normalize(text, anchor, tense)
    if tx is not None:
        assert tx.type in ("DATE", "TIME", "DURATION", "SET")
        assert tx.value is None or (tx.value and " " not in tx.value)
