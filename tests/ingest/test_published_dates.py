import datetime as dt

import pytest

from extract.errors import DateError
from extract.ingest.dates import dateline_end, dateline_places, find_dateline, parse_published

APRIL_2 = dt.date(2020, 4, 2)


@pytest.mark.parametrize(
    "value",
    [
        "2020-04-02",
        "2020-04-02T09:30:00Z",
        "2020-04-02 09:30",
        "2020-04-02T23:30:00-05:00",
        "April 2, 2020",
        "2 April 2020",
        "Apr. 2nd 2020",
        "Thursday, April 2, 2020",
        "  april 2, 2020 ",
        "2020/4/2",
    ],
)
def test_iso_and_written_dates_are_accepted(value: str) -> None:
    assert parse_published(value) == APRIL_2


def test_date_and_datetime_objects_pass_through_as_dates() -> None:
    assert parse_published(APRIL_2) == APRIL_2
    assert parse_published(dt.datetime(2020, 4, 2, 23, 59)) == APRIL_2
    assert parse_published(None) is None


@pytest.mark.parametrize(
    "value",
    ["yesterday-ish", "2020-13-45", "April 2020", "02/04/2020", "May 35, 2020", "2020-04-02T25:00"],
)
def test_anything_but_a_full_date_is_refused_naming_the_value(value: str) -> None:
    with pytest.raises(DateError) as caught:
        parse_published(value)
    assert caught.value.reason == "bad_date"
    assert repr(value) in str(caught.value)


def test_blank_date_is_refused() -> None:
    with pytest.raises(DateError, match="empty"):
        parse_published("  ")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("MOGADISHU, March 14, 2023 (Newswire) — Talks ended.", dt.date(2023, 3, 14)),
        ("KABUL, Afghanistan, April 2, 2020 (AP) - Afghanistan on Thursday", APRIL_2),
        ("LONDON (Reuters), 5 May 2021 - The bank", dt.date(2021, 5, 5)),
        ("SAN JOSE, Calif., Dec. 3, 2019 /PRNewswire/ -- The company", dt.date(2019, 12, 3)),
        ("\n\nPARIS, Thursday, April 2, 2020 (AFP) – Police", APRIL_2),
    ],
)
def test_wire_dateline_gives_its_date(text: str, expected: dt.date) -> None:
    assert find_dateline(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "WASHINGTON, March 14 (Reuters) - A dateline without a year.",
        "LONDON (Reuters) - No date at all.",
        "NATO said on March 3, 2020 - this is a sentence, not a dateline.",
        "First paragraph.\n\nLONDON, 5 May 2021 - a dateline that does not open the text.",
        "LONDON, 31 February 2021 - an impossible date.",
    ],
)
def test_no_year_or_no_dateline_gives_no_date(text: str) -> None:
    assert find_dateline(text) is None


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("MOGADISHU, March 14, 2023 (Newswire) — Talks ended.", ["MOGADISHU"]),
        ("SPRINGFIELD, Ill. (AP) — The governor", ["SPRINGFIELD", "Ill."]),
        ("LONDON (Reuters) - No date at all.", ["LONDON"]),
        ("\n\nPARIS, Thursday, April 2, 2020 (AFP) – Police", ["PARIS"]),
        ("SAN JOSE, Calif., Dec. 3, 2019 /PRNewswire/ -- The company", ["SAN JOSE", "Calif."]),
        ("By GOMA, Congo, May 3 – Rebels", ["GOMA", "Congo"]),
        ("A caption (Photo/Jo Bloggs)\n\nLIMA, Peru (AP) — Miners", ["LIMA", "Peru"]),
        ("Jo Bloggs, The Associated Press. OSLO (AP) - Ferries", ["OSLO"]),
        ("TULSA, Okla.--(BUSINESS WIRE)--A company", ["TULSA", "Okla."]),
    ],
)
def test_dateline_places_give_the_town_and_its_regions(text: str, names: list[str]) -> None:
    assert [text[a:b] for a, b in dateline_places(text)] == names


@pytest.mark.parametrize(
    "text",
    [
        "NATO said on March 3, 2020 that the talks would go on.",
        "Police said - in a statement - that the road was closed.",
        "The UN - and its agencies - sent food.",
        "The storm hit Lagos on Monday. LAGOS is the largest city.",
    ],
)
def test_a_sentence_is_no_dateline_place(text: str) -> None:
    assert dateline_places(text) == []


@pytest.mark.parametrize(
    ("text", "dateline"),
    [
        ("WASHINGTON, March 14 (Reuters) - A wire dateline.", "WASHINGTON, March 14 (Reuters) -"),
        ("BOGOTA, 12 March (Reuters) - Talks", "BOGOTA, 12 March (Reuters) -"),
        ("LONDON (Reuters) - No date at all.", "LONDON (Reuters) -"),
        ("MOGADISHU, March 14, 2023 (Newswire) — Talks", "MOGADISHU, March 14, 2023 (Newswire) —"),
        ("NATO said on March 3, 2020 - a sentence.", ""),
    ],
)
def test_a_wire_dateline_ends_where_the_story_begins_with_or_without_a_year(text, dateline):
    assert text[: dateline_end(text)] == dateline


def test_a_wire_dateline_gives_no_actor_and_no_event_date(extractor) -> None:
    res = extractor.process(
        "LUSAKA, March 12 (Reuters) - Zambia and Malawi will hold talks in Lilongwe next week,"
        " officials said.",
        published="2025-03-12",
    )
    assert "Reuters" not in {a.text for a in res.actors}
    talks = next(e for e in res.events if e.type == "CONSULT")
    assert talks.date == "2025-W12"
    assert "Reuters" not in {a.text for a in talks.arguments}
