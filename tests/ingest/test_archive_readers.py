"""Archives researchers already hold: news-please trees, CSV/TSV and Parquet exports,
and publication dates as news metadata writes them (fixtures: our own articles, written
by scripts/make_archive_fixtures.py)."""

from __future__ import annotations

import csv
import datetime as dt
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from extract.config import Settings
from extract.errors import DateError, NewsEventsError
from extract.ingest.dates import parse_published, read_record_date
from extract.ingest.sources import iter_articles
from extract.records import Article, PublishedSource

ARCHIVES = Path(__file__).resolve().parents[1] / "fixtures" / "archives"
DATES = Path(__file__).resolve().parents[1] / "fixtures" / "dates" / "metadata_dates.tsv"


def _read(spec: Path | str, **kwargs: object) -> list[tuple[str, Article | NewsEventsError]]:
    return list(iter_articles(spec, **kwargs))  # type: ignore[arg-type]


def _summary(items: list[tuple[str, Article | NewsEventsError]]) -> list[tuple[str, str]]:
    return [
        (Path(s).name, a.reason if isinstance(a, NewsEventsError) else "article") for s, a in items
    ]


def test_a_news_please_tree_gives_every_article_with_its_title_date_and_site() -> None:
    got = _read(ARCHIVES / "newsplease")
    assert len(got) == 5 and all(isinstance(a, Article) for _, a in got)
    by_title = {a.title: a for _, a in got if isinstance(a, Article)}
    ferry = by_title["Ferry strike ends after three days"]
    assert ferry.published == dt.date(2016, 11, 23)
    assert ferry.published_source is PublishedSource.given
    assert ferry.site == "harbourtimes.example"
    assert ferry.url == "https://harbourtimes.example/ferry-strike-ends"
    assert ferry.text.startswith("Ferry crews in the port of Valmora")
    # the local calendar date as written, not shifted to UTC
    assert by_title["Fire damages warehouse at the docks"].published == dt.date(2016, 12, 17)
    council = by_title["Council approves new bridge"]
    assert council.published is None and council.published_raw is None


def test_a_json_array_gives_one_article_per_object_named_by_index(tmp_path: Path) -> None:
    path = tmp_path / "dump.json"
    path.write_text(
        '[{"body": "The port reopened on Monday.", "headline": "Port reopens"}, 3]',
        encoding="utf-8",
    )
    got = _read(path)
    assert [s for s, _ in got] == [f"{path}#0", f"{path}#1"]
    assert isinstance(got[0][1], Article) and got[0][1].title == "Port reopens"
    assert isinstance(got[1][1], NewsEventsError) and "JSON object" in got[1][1].message


def test_csv_export_keeps_a_quoted_multi_line_body_and_names_rows_by_line() -> None:
    path = ARCHIVES / "export.csv"
    got = _read(path)
    assert [s for s, _ in got] == [f"{path}:{n}" for n in (2, 5, 6, 7)]
    first = got[0][1]
    assert isinstance(first, Article)
    assert first.title == "Port workers accept pay deal"
    assert "in March.\n\nThe union said 2,000 members" in first.text
    assert '"fair rise"' in first.text
    assert first.published == dt.date(2016, 12, 17)
    assert first.url == "https://example.org/port-deal"


def test_a_bad_csv_row_is_an_error_for_that_row_and_the_rest_is_read() -> None:
    got = _read(ARCHIVES / "export.csv")
    assert _summary(got) == [
        ("export.csv:2", "article"),
        ("export.csv:5", "bad_input"),
        ("export.csv:6", "article"),
        ("export.csv:7", "article"),
    ]
    assert "5 fields, the header has 4" in str(got[1][1])
    storm = got[2][1]
    assert isinstance(storm, Article) and storm.published == dt.date(2016, 11, 23)


def test_an_ambiguous_record_date_keeps_the_article_with_the_date_unknown() -> None:
    talks = _read(ARCHIVES / "export.csv")[3][1]
    assert isinstance(talks, Article)
    assert talks.published is None and talks.published_raw == "03/04/2020"


def test_date_order_reads_an_all_numeric_record_date() -> None:
    got = _read(ARCHIVES / "export.csv", settings=Settings(date_order="DMY"))
    talks = got[3][1]
    assert isinstance(talks, Article) and talks.published == dt.date(2020, 4, 3)


def test_tsv_export_is_read_like_csv() -> None:
    got = _read(ARCHIVES / "export.tsv")
    assert [(a.title, a.published) for _, a in got if isinstance(a, Article)] == [
        ("Hospital opens new wing", dt.date(2020, 4, 2)),
        ("Farmers protest grain prices", dt.date(2016, 12, 9)),
    ]


def test_parquet_rows_of_two_row_groups_are_named_by_row_index() -> None:
    path = ARCHIVES / "cc_news.parquet"
    assert pq.ParquetFile(path).metadata.num_row_groups == 2
    got = _read(path)
    assert [s for s, _ in got] == [f"{path}#{i}" for i in range(5)]
    articles = [a for _, a in got if isinstance(a, Article)]
    assert len(articles) == 5
    assert articles[3].title == "Council approves new bridge" and articles[3].published is None
    assert articles[4].site == "northwire.example"
    assert articles[4].published == dt.date(2015, 1, 3)


def test_a_truncated_parquet_file_is_one_truncated_error(tmp_path: Path) -> None:
    data = (ARCHIVES / "cc_news.parquet").read_bytes()
    path = tmp_path / "cut.parquet"
    path.write_bytes(data[: len(data) // 2])
    shutil.copy(ARCHIVES / "export.tsv", tmp_path / "export.tsv")
    got = _read(tmp_path)
    assert _summary(got) == [
        ("cut.parquet", "truncated"),
        ("export.tsv:2", "article"),
        ("export.tsv:3", "article"),
    ]


def test_a_corrupt_row_group_costs_only_its_rows(tmp_path: Path) -> None:
    src = ARCHIVES / "cc_news.parquet"
    meta = pq.ParquetFile(src).metadata.row_group(0)
    text = next(
        meta.column(i) for i in range(meta.num_columns) if meta.column(i).path_in_schema == "text"
    )
    data = bytearray(src.read_bytes())
    start = text.data_page_offset + 30
    data[start : text.data_page_offset + text.total_compressed_size - 10] = b"\xab" * (
        text.total_compressed_size - 40
    )
    path = tmp_path / "corrupt.parquet"
    path.write_bytes(bytes(data))
    assert _summary(_read(path)) == [
        ("corrupt.parquet#0", "corrupt_record"),
        ("corrupt.parquet#3", "article"),
        ("corrupt.parquet#4", "article"),
    ]


def test_columns_of_other_names_are_read_with_a_field_mapping(tmp_path: Path) -> None:
    path = tmp_path / "custom.parquet"
    pq.write_table(
        pa.table(
            {
                "story_body": ["Police arrested 12 people after the match on Sunday."],
                "pub_ts": [1480000000],
            }
        ),
        path,
    )
    [(_, refused)] = _read(path)
    assert isinstance(refused, NewsEventsError)
    assert "story_body" in refused.message and "--field text=" in refused.message
    settings = Settings(fields={"text": "story_body", "published": "pub_ts"})
    [(_, article)] = _read(path, settings=settings)
    assert isinstance(article, Article)
    assert article.published == dt.date(2016, 11, 24)  # epoch seconds, as a UTC date


def test_settings_refuse_an_unknown_field() -> None:
    with pytest.raises(ValueError, match="unknown field 'body'"):
        Settings(fields={"body": "story"})


def _date_rows() -> list[dict[str, str]]:
    with DATES.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def test_the_date_table_is_large_and_varied() -> None:
    rows = _date_rows()
    assert len(rows) >= 100
    assert len({r["style"] for r in rows}) >= 30
    assert sum(r["expected"] == "-" for r in rows) >= 20


@pytest.mark.parametrize("row", _date_rows(), ids=lambda r: r["value"])
def test_metadata_date_strings_give_the_date_a_reader_takes_or_none(row: dict[str, str]) -> None:
    order = row["order"] or None
    if row["expected"] == "-":
        with pytest.raises(DateError):
            read_record_date(row["value"], order=order)
    else:
        assert read_record_date(row["value"], order=order) == dt.date.fromisoformat(row["expected"])


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        ("", None),
        ("   ", None),
        (float("nan"), None),
        (1480000000, dt.date(2016, 11, 24)),
        (1480000000000, dt.date(2016, 11, 24)),
        (dt.datetime(2020, 4, 2, 23, 59), dt.date(2020, 4, 2)),
    ],
)
def test_absent_values_numbers_and_datetimes_in_records(value: object, expected: object) -> None:
    assert read_record_date(value) == expected


def test_the_callers_bad_date_is_still_an_error() -> None:
    with pytest.raises(DateError):
        parse_published("03/04/2020")
    assert parse_published("03/04/2020", order="MDY") == dt.date(2020, 3, 4)
