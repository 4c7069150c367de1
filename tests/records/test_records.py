"""The output records and their JSON Schema."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from extract.records import (
    PLOVER_TYPES,
    Article,
    ArticleResult,
    ErrorRecord,
    QuantityMention,
    Span,
    TimeMention,
    json_schema,
)


def test_schema_covers_results_and_errors():
    schema = json_schema()
    assert {"ArticleResult", "ErrorRecord", "Event", "TimeMention", "PlaceMention"} <= set(
        schema["$defs"]
    )
    assert schema["$defs"]["Event"]["properties"]["type"]["enum"] == list(PLOVER_TYPES)
    json.dumps(schema)  # serialisable


def test_schema_lists_all_eighteen_plover_types():
    assert len(PLOVER_TYPES) == 18 and "ASSAULT" in PLOVER_TYPES and "CONCEDE" in PLOVER_TYPES


def test_result_round_trips_through_json():
    art = Article(id="x", text="On Sunday 20 people", published="2020-04-02")
    res = ArticleResult(
        article=art,
        times=[TimeMention(id="t1", start=3, end=9, text="Sunday", value="2020-03-29")],
        quantities=[QuantityMention(id="q1", start=10, end=12, text="20", value=20, lower=20)],
    )
    again = ArticleResult.model_validate_json(res.model_dump_json())
    assert again == res
    assert again.mention("q1").text == "20"


def test_unknown_fields_are_rejected():
    with pytest.raises(ValidationError):
        ErrorRecord(source="a", reason="empty", message="m", extra=1)


def test_span_end_before_start_is_rejected():
    with pytest.raises(ValidationError):
        Span(start=5, end=2, text="")


def test_lower_bound_above_upper_bound_is_rejected():
    with pytest.raises(ValidationError):
        QuantityMention(id="q", start=0, end=1, text="x", lower=30, upper=20)


def test_event_type_outside_plover_is_rejected():
    from extract.records import Event

    with pytest.raises(ValidationError):
        Event(
            id="e1",
            type="PARTY",
            trigger=Span(start=0, end=1, text="x"),
            sentence=Span(start=0, end=1, text="x"),
        )
