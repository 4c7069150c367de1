"""The geoparsing metric (GeoWebNews) on hand-made cases, and its importer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.geo import (
    GeoDoc,
    GoldToponym,
    continent_ids,
    countries_at,
    geoparsing_scores,
)
from extract.evaluate.importers import LOADERS, geowebnews
from extract.evaluate.metrics import haversine_km
from extract.evaluate.scorer import headline, score
from extract.records import Article, ArticleResult, PlaceMention

TEXT = "Rebels left Kandahar for Quetta, Pakistani officials in Islamabad said."
#       0         1         2         3         4         5         6         7

KANDAHAR = (31.61, 65.71)
DEV = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "dev"


def place(
    start: int,
    end: int,
    lat: float | None = None,
    lon: float | None = None,
    country: str | None = None,
    pid: str = "p1",
) -> PlaceMention:
    return PlaceMention(
        id=pid,
        start=start,
        end=end,
        text=TEXT[start:end],
        name=TEXT[start:end],
        country_code=country,
        lat=lat,
        lon=lon,
    )


def gold(
    start: int, end: int, point: tuple[float, float] = KANDAHAR, country: str | None = "AFG"
) -> GoldToponym:
    return GoldToponym(start, end, point[0], point[1], country)


def north_of(point: tuple[float, float], km: float) -> tuple[float, float]:
    return (point[0] + km / 111.195, point[1])  # a degree of latitude: 111.195 km


def test_an_overlapping_span_recognises_a_toponym_and_a_stray_one_is_a_false_positive() -> None:
    doc = GeoDoc(
        toponyms=[gold(12, 20)],  # "Kandahar"
        other_spans=[],
        places=[place(7, 20, *KANDAHAR, pid="p1"), place(0, 6, pid="p2")],  # "left Kandahar"
    )
    r = geoparsing_scores([doc])
    assert (r["gold"], r["pred"], r["recognised"]) == (1, 2, 1)
    rec = r["recognition"]
    assert (rec["tp"], rec["fp"], rec["fn"], rec["ignored"]) == (1, 1, 0, 0)
    assert (rec["p"], rec["r"]) == (0.5, 1.0)
    assert rec["f1"] == pytest.approx(2 / 3, abs=1e-4)


def test_a_prediction_on_an_unscored_toponym_is_neither_right_nor_wrong() -> None:
    doc = GeoDoc(
        toponyms=[gold(12, 20)],
        other_spans=[(33, 42)],  # "Pakistani": a demonym in GeoWebNews
        places=[place(33, 42, pid="p1")],
    )
    r = geoparsing_scores([doc])
    rec = r["recognition"]
    assert (rec["tp"], rec["fp"], rec["fn"], rec["ignored"]) == (0, 0, 1, 1)
    assert r["recognised"] == 0


def test_a_scored_toponym_wins_over_an_unscored_one_it_sits_in() -> None:
    # an Embedded_Literal inside a Literal_Expression: the prediction counts as a hit
    doc = GeoDoc(toponyms=[gold(12, 20)], other_spans=[(7, 20)], places=[place(12, 20)])
    rec = geoparsing_scores([doc])["recognition"]
    assert (rec["tp"], rec["fp"], rec["ignored"]) == (1, 0, 0)


def test_acc161_counts_errors_up_to_161_km_and_an_uncoordinated_place_as_wrong() -> None:
    near, far = north_of(KANDAHAR, 160.0), north_of(KANDAHAR, 162.0)
    assert haversine_km(*KANDAHAR, *near) < 161 < haversine_km(*KANDAHAR, *far)
    doc = GeoDoc(
        toponyms=[gold(12, 20), gold(25, 31), gold(56, 65)],
        other_spans=[],
        places=[
            place(12, 20, *near, pid="p1"),
            place(25, 31, *far, pid="p2"),
            place(56, 65, pid="p3"),
        ],
    )
    r = geoparsing_scores([doc])
    assert r["acc161"] == {"accuracy": round(1 / 3, 4), "correct": 1, "n": 3}
    assert r["unresolved"] == 1
    assert r["error_km_n"] == 2  # the place without coordinates has no error


def test_median_error_is_over_recognised_toponyms_with_coordinates() -> None:
    doc = GeoDoc(
        toponyms=[gold(12, 20), gold(25, 31), gold(56, 65), gold(0, 6)],
        other_spans=[],
        places=[
            place(12, 20, *north_of(KANDAHAR, 10.0), pid="p1"),
            place(25, 31, *north_of(KANDAHAR, 20.0), pid="p2"),
            place(56, 65, *north_of(KANDAHAR, 300.0), pid="p3"),
        ],  # "Rebels" (0-6) is missed: no error for it
    )
    r = geoparsing_scores([doc])
    assert r["error_km_median"] == pytest.approx(20.0, abs=0.1)
    assert r["error_km_n"] == 3


def test_the_largest_overlap_stands_for_the_toponym() -> None:
    doc = GeoDoc(
        toponyms=[gold(12, 31)],  # "Kandahar for Quetta" as one toponym
        other_spans=[],
        places=[
            place(12, 20, *north_of(KANDAHAR, 500.0), pid="p1"),
            place(21, 31, *KANDAHAR, pid="p2"),
        ],
    )
    r = geoparsing_scores([doc])
    assert r["acc161"]["correct"] == 1
    assert r["recognition"]["tp"] == 2


def test_country_accuracy_compares_alpha3_codes_and_a_missing_code_is_wrong() -> None:
    doc = GeoDoc(
        toponyms=[
            gold(12, 20),
            gold(25, 31, country="PAK"),
            gold(56, 65, country="PAK"),
            gold(0, 6, country=None),
        ],
        other_spans=[],
        places=[
            place(12, 20, *KANDAHAR, country="AFG", pid="p1"),
            place(25, 31, *KANDAHAR, country=None, pid="p2"),
            place(56, 65, *KANDAHAR, country="AFG", pid="p3"),
            place(0, 6, *KANDAHAR, country="AFG", pid="p4"),  # no gold country: not counted
        ],
    )
    assert geoparsing_scores([doc])["country"] == {"accuracy": 0.3333, "correct": 1, "n": 3}


def test_end_to_end_acc161_counts_missed_toponyms_as_wrong() -> None:
    found = GeoDoc(toponyms=[gold(12, 20)], other_spans=[], places=[place(12, 20, *KANDAHAR)])
    missed = GeoDoc(toponyms=[gold(25, 31), gold(56, 65)], other_spans=[], places=[])
    r = geoparsing_scores([found, missed])
    assert r["acc161"] == {"accuracy": 1.0, "correct": 1, "n": 1}
    assert r["acc161_end_to_end"] == {"accuracy": 0.3333, "correct": 1, "n": 3}


def test_a_document_without_predictions_scores_zero_without_failing() -> None:
    r = geoparsing_scores([GeoDoc(toponyms=[gold(12, 20)], other_spans=[(33, 42)], places=[])])
    assert (r["gold"], r["pred"], r["recognised"]) == (1, 0, 0)
    assert r["recognition"] == {
        "p": 0.0,
        "r": 0.0,
        "f1": 0.0,
        "tp": 0,
        "fp": 0,
        "fn": 1,
        "ignored": 0,
    }
    assert r["acc161"]["n"] == 0 and r["acc161_end_to_end"]["n"] == 1
    assert r["error_km_median"] is None
    assert geoparsing_scores([])["gold"] == 0


def test_countries_at_reads_the_nearest_town_as_an_alpha3_code() -> None:
    assert countries_at([KANDAHAR, (48.86, 2.35)]) == ["AFG", "FRA"]
    assert countries_at([]) == []


def test_a_point_in_the_open_ocean_is_in_no_country() -> None:
    assert countries_at([(-30.0, 80.0)]) == [None]  # the southern Indian Ocean


# --- the importer and the scorer ---


def _write_corpus(folder: Path) -> Path:
    toponyms = [
        {
            "start": 12,
            "end": 20,
            "text": "Kandahar",
            "type": "Literal",
            "non_locational": False,
            "lat": KANDAHAR[0],
            "lon": KANDAHAR[1],
        },
        {
            "start": 25,
            "end": 31,
            "text": "Quetta",
            "type": "Coercion",
            "non_locational": True,
            "lat": 30.18,
            "lon": 66.99,
        },
        {
            "start": 33,
            "end": 42,
            "text": "Pakistani",
            "type": "Demonym",
            "non_locational": False,
            "lat": None,
            "lon": None,
        },
        {
            "start": 56,
            "end": 65,
            "text": "Islamabad",
            "type": "Metonymic",
            "non_locational": False,
            "lat": 33.72,
            "lon": 73.04,
        },
    ]
    item = {
        "id": "gwn-x",
        "title": "A title",
        "url": "http://example.org/a",
        "text": TEXT,
        "toponyms": toponyms,
    }
    path = folder / "gwn.jsonl"
    path.write_text(json.dumps(item) + "\n", encoding="utf-8")
    return path


def test_the_importer_scores_only_literal_toponyms_with_coordinates(tmp_path: Path) -> None:
    path = _write_corpus(tmp_path)
    for source in (path, tmp_path):  # the .jsonl file or its folder
        [doc] = LOADERS["geowebnews"](source)
        a = doc.result.article
        assert (a.id, a.url, a.title, a.text, a.published) == (
            "gwn-x",
            "http://example.org/a",
            "A title",
            TEXT,
            None,
        )
        assert doc.scope == frozenset()
        assert [(t["text"], t["country"]) for t in doc.meta["toponyms"]] == [("Kandahar", "AFG")]
        assert [t["type"] for t in doc.meta["other_toponyms"]] == [
            "Coercion",
            "Demonym",
            "Metonymic",
        ]


def test_a_continent_has_no_gold_country_and_a_town_keeps_its_own(tmp_path: Path) -> None:
    text = "Exports from Europe rose, traders in Kandahar said."
    europe = {"start": 13, "end": 19, "text": "Europe", "type": "Literal"}
    kandahar = {"start": 37, "end": 45, "text": "Kandahar", "type": "Literal"}
    item = {
        "id": "gwn-c",
        "text": text,
        "toponyms": [
            # GeoNames' point for Europe lies in Germany; Europe is in no country
            {
                **europe,
                "non_locational": False,
                "geonames_id": "6255148",
                "lat": 48.69,
                "lon": 9.14,
            },
            {
                **kandahar,
                "non_locational": False,
                "geonames_id": "1138336",
                "lat": 31.61,
                "lon": 65.71,
            },
        ],
    }
    path = tmp_path / "gwn.jsonl"
    path.write_text(json.dumps(item) + "\n", encoding="utf-8")
    [doc] = geowebnews.load(path)
    got = [(t["text"], t["geonames_id"], t["country"]) for t in doc.meta["toponyms"]]
    assert got == [("Europe", "6255148", None), ("Kandahar", "1138336", "AFG")]


def test_the_scorer_reports_geoparsing_and_no_mention_scores(tmp_path: Path) -> None:
    [doc] = geowebnews.load(_write_corpus(tmp_path))
    pred = ArticleResult(
        article=Article(id="gwn-x", text=TEXT),
        places=[place(12, 20, *KANDAHAR, country="AFG", pid="p1"), place(56, 65, pid="p2")],
    )
    report = score([(doc, pred)])
    assert report["mentions"] == {} and "events" not in report
    assert report["geoparsing"]["recognition"]["ignored"] == 1
    assert headline(report) == {
        "geo.recognition.f1": 1.0,
        "geo.acc161": 1.0,
        "geo.acc161_end_to_end": 1.0,
        "geo.country.accuracy": 1.0,
    }


def test_the_scorer_leaves_geoparsing_out_without_toponyms() -> None:
    doc = GoldDoc(ArticleResult(article=Article(id="d", text=TEXT)))
    assert "geoparsing" not in score([(doc, doc.result)])


@pytest.mark.shared
def test_real_geowebnews_dev_loads_every_article_with_coordinates(shared_dir: Path) -> None:
    folder = shared_dir / "data" / "dev" / "geowebnews-dev"
    if not folder.is_dir():
        pytest.skip("../shared/data/dev/geowebnews-dev is absent")
    docs = geowebnews.load(folder)
    assert len(docs) == 106
    scored = [t for d in docs for t in d.meta["toponyms"]]
    others = [t for d in docs for t in d.meta["other_toponyms"]]
    assert scored and len(scored) + len(others) == 3436
    assert all(t["lat"] is not None and t["lon"] is not None for t in scored)
    on_land = [t for t in scored if t["geonames_id"] not in continent_ids()]
    assert 0 < len(scored) - len(on_land) < 0.1 * len(scored)  # "Europe", "Asia", ...
    assert sum(t["country"] is not None for t in on_land) > 0.95 * len(on_land)
    for d in docs:
        text = d.result.article.text
        assert all(text[t["start"] : t["end"]] == t["text"] for t in d.meta["toponyms"])
