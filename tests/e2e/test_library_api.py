"""The one-call library API."""

from __future__ import annotations

import pytest

import extract
from extract.errors import BinaryInputError, DateError, EmptyInputError, NoArticleError

pytestmark = pytest.mark.slow

TEXT = (
    "The rebels released 12 hostages on Sunday and said they would free the rest by March 10, "
    "a spokesman for the group said. The army attacked their camp last week, killing at least 9 fighters."
)


def test_process_returns_typed_result_anchored_on_given_date(extractor):
    res = extractor.process(TEXT, published="2021-03-03")
    assert isinstance(res, extract.ArticleResult)
    assert res.article.published_source.value == "given"
    assert {t.value for t in res.times} >= {"2021-02-28", "2021-03-10", "2021-W08"}


def test_without_publication_date_relative_dates_stay_unresolved_and_say_so(extractor):
    res = extractor.process(TEXT)
    assert res.article.published is None
    assert "XXXX-03-10" in {t.value for t in res.times}
    assert any("publication date unknown" in w for w in res.warnings)


def test_module_level_extract_events_returns_events():
    events = extract.extract_events(TEXT, published="2021-03-03")
    assert any(e.type == "RETREAT" for e in events) and any(e.type == "ASSAULT" for e in events)


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("   \n ", EmptyInputError),
        (b"\x00\x01\x02" * 100, BinaryInputError),
        ("<html><body><nav>Home</nav></body></html>", NoArticleError),
    ],
)
def test_bad_input_raises_a_typed_error(extractor, source, error):
    with pytest.raises(error) as info:
        extractor.process(source)
    assert isinstance(info.value, extract.NewsEventsError) and info.value.reason


def test_unparsable_published_raises_date_error(extractor):
    with pytest.raises(DateError):
        extractor.process(TEXT, published="sometime in spring")


def test_within_a_duration_gives_a_deadline_at_its_granularity(extractor):
    res = extractor.process(
        "The government promised on Monday to withdraw all troops within 14 months, officials "
        "said in a statement released in the capital after the meeting.",
        published="2020-04-02",
    )
    (ev,) = [e for e in res.events if e.type == "CONCEDE"]
    assert ev.status == "future" and ev.deadline == "2021-06"
    assert not any(e.type == "AGREE" for e in res.events)  # the promise is the concession's status


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("Officials scheduled a news conference on Thursday in the capital.", "2020-04-09"),
        ("Protesters planned a large demonstration on Saturday in the capital.", "2020-04-11"),
        ("The minister said the group would travel to Geneva on Tuesday.", "2020-04-14"),
        ("The minister says Monday that the talks failed.", "2020-04-06"),  # historic present
    ],
)
def test_scheduled_and_reported_future_weekdays_look_ahead(extractor, sentence, value):
    # published on Wednesday 2020-04-08
    res = extractor.process(sentence, published="2020-04-08")
    assert value in {t.value for t in res.times}


def test_common_nouns_name_actors_and_product_names_do_not(extractor):
    res = extractor.process(
        "The company said Apple CEO Tim Cook would unveil the new iPod at the Macworld "
        "Conference, and users lined up outside stores. Officials said 300 people attended.",
        published="2020-04-02",
    )
    actors = {a.text: a for a in res.actors}
    assert actors["company"].kind == "company"
    assert actors["users"].kind == "civilians"
    assert "iPod" not in actors and "Macworld Conference" not in actors
    assert "300 people" not in actors and "people" not in actors  # a quantity, not an actor


def test_a_path_is_read_as_the_file_it_names(extractor):
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "data" / "raw" / "sudan-sanctions-aid.html"
    res = extractor.process(path)
    assert res.article.published is not None and res.events


def test_a_source_of_the_wrong_type_is_a_type_error(extractor):
    with pytest.raises(TypeError, match="str, bytes or a path"):
        extractor.process(42)
