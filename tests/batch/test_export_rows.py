"""ACLED rows from plain event rows: the country prefix of event_id_cnty."""

from __future__ import annotations

import datetime as dt
from typing import Any

from extract.batch.export import NO_COUNTRY, acled_row


def _row(**over: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "status": "asserted",
        "type": "ASSAULT",
        "subtype": "bombing",
        "article_id": "a1",
        "event_id": "e2",
        "event_date": dt.date(2023, 3, 12),
        "counts": [{"role": "fatalities", "value": 4.0}],
    }
    row.update(over)
    return row


def test_acled_event_id_starts_with_the_place_country() -> None:
    got = acled_row(_row(place_country="SOM", country="KEN"))
    assert got is not None
    assert got["event_id_cnty"] == "SOM-a1:e2" and got["country"] == "SOM"


def test_acled_event_id_of_an_event_in_no_country_starts_with_xxx() -> None:
    got = acled_row(_row())
    assert got is not None
    assert NO_COUNTRY == "XXX" and got["event_id_cnty"] == "XXX-a1:e2"
    assert got["country"] is None and got["fatalities"] == 4
