import datetime as dt
import gzip
import shutil
from pathlib import Path

from extract.config import Settings
from extract.errors import InputError, NewsEventsError
from extract.ingest.jsonl import iter_jsonl_articles
from extract.records import Article, PublishedSource

FIXTURES = Path(__file__).parent.parent / "fixtures" / "ingest"
JSONL = FIXTURES / "articles.jsonl"


def results(path: Path, **kwargs: object) -> list[tuple[str, Article | NewsEventsError]]:
    return list(iter_jsonl_articles(path, settings=Settings(), **kwargs))  # type: ignore[arg-type]


def test_each_line_is_one_article_named_path_and_line_number() -> None:
    got = results(JSONL)
    assert [name for name, _ in got] == [f"{JSONL}:{n}" for n in (1, 2, 3, 4)]
    first = got[0][1]
    assert isinstance(first, Article)
    assert first.id == "a1"
    assert first.url == "https://example.com/port"
    assert first.title == "Port extends hours"
    assert first.published == dt.date(2022, 6, 1)
    assert first.published_source is PublishedSource.given


def test_html_line_is_extracted_and_numeric_id_kept_as_text() -> None:
    third = results(JSONL)[2][1]
    assert isinstance(third, Article)
    assert third.id == "3"
    assert third.title == "Bridge repairs"
    assert third.text.startswith("The city council voted")


def test_broken_line_is_an_error_for_that_line_and_reading_goes_on() -> None:
    got = results(JSONL)
    name, error = got[1]
    assert isinstance(error, InputError)
    assert "invalid JSON" in error.message
    assert error.source == name == f"{JSONL}:2"
    assert isinstance(got[2][1], Article)


def test_line_without_text_or_html_is_an_error() -> None:
    error = results(JSONL)[3][1]
    assert isinstance(error, InputError)
    assert "no 'text' or 'html'" in error.message


def test_callers_published_date_applies_to_every_line() -> None:
    day = dt.date(2024, 1, 2)
    articles = [a for _, a in results(JSONL, published=day) if isinstance(a, Article)]
    assert [a.published for a in articles] == [day, day]


def test_gzipped_jsonl_reads_like_plain_jsonl(tmp_path: Path) -> None:
    packed = tmp_path / "articles.jsonl.gz"
    with JSONL.open("rb") as src, gzip.open(packed, "wb") as dst:
        shutil.copyfileobj(src, dst)
    assert [type(a) for _, a in results(packed)] == [type(a) for _, a in results(JSONL)]


def test_corrupt_gzip_gives_one_error(tmp_path: Path) -> None:
    packed = tmp_path / "broken.jsonl.gz"
    packed.write_bytes(b"\x1f\x8b\x08\x00 definitely not gzip data")
    got = results(packed)
    assert len(got) == 1
    assert isinstance(got[0][1], InputError)


def test_unreadable_published_on_a_line_keeps_the_article_with_the_date_unknown(
    tmp_path: Path,
) -> None:
    path = tmp_path / "dated.jsonl"
    path.write_text('{"text": "Short text.", "published": "yesterday-ish"}\n', encoding="utf-8")
    [(name, article)] = results(path)
    assert name == f"{path}:1"
    assert isinstance(article, Article)
    assert article.published is None
    assert article.published_source is PublishedSource.unknown
    assert article.published_raw == "yesterday-ish"


def test_null_and_empty_published_are_absent_values(tmp_path: Path) -> None:
    path = tmp_path / "dated.jsonl"
    path.write_text(
        '{"text": "Short text.", "published": null}\n{"text": "More text.", "published": ""}\n',
        encoding="utf-8",
    )
    got = [a for _, a in results(path)]
    assert all(isinstance(a, Article) and a.published_raw is None for a in got)


def test_news_please_field_names_are_read_from_a_jsonl_line(tmp_path: Path) -> None:
    path = tmp_path / "np.jsonl"
    path.write_text(
        '{"maintext": "The port reopened.", "text": null, "date_publish": "2016-11-23 16:58:00",'
        ' "title": "Port reopens", "url": "https://example.org/p", "source_domain": "example.org"}\n',
        encoding="utf-8",
    )
    [(_, article)] = results(path)
    assert isinstance(article, Article)
    assert (article.text, article.title, article.published, article.site) == (
        "The port reopened.",
        "Port reopens",
        dt.date(2016, 11, 23),
        "example.org",
    )
