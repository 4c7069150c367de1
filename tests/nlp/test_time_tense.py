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
        ("The bank created a new office, effective Feb. 1.", "Feb. 1", "1990-02-01"),
        ("In the fiscal year ended Jan. 31, sales rose 5%.", "Jan. 31", "1989-01-31"),
        ("The company announced an agreement to buy the lender in January.", "January", "1990-01"),
    ],
)
def test_clause_sets_the_direction_of_an_underspecified_date(extractor, text, phrase, value):
    assert _value(extractor, text, "1989-10-27", phrase) == value
