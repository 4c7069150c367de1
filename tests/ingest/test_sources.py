import datetime as dt
import io
import shutil
from pathlib import Path

import pytest

from extract.config import Settings
from extract.errors import (
    BinaryInputError,
    DateError,
    EmptyInputError,
    FetchError,
    InputError,
    LanguageError,
    NewsEventsError,
    NoArticleError,
    UnsafeURLError,
)
from extract.ingest.sources import iter_articles, looks_like_html
from extract.records import Article, PublishedSource

FIXTURES = Path(__file__).parent.parent / "fixtures" / "ingest"
ALLOW_LOCAL = Settings(allow_private_urls=True)


def outcomes(results: object) -> dict[str, str]:
    """source name -> "article" or the error's reason."""
    return {
        name: "article" if isinstance(item, Article) else item.reason
        for name, item in results  # type: ignore[attr-defined]
    }


def test_folder_yields_good_articles_and_an_error_per_bad_file(tmp_path: Path) -> None:
    for name in ("news_with_boilerplate.html", "german_article.txt", "login_page.html"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    (tmp_path / "sub").mkdir()
    shutil.copy(FIXTURES / "wire_with_dateline.txt", tmp_path / "sub" / "wire.txt")
    (tmp_path / "sub" / "junk.txt").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "notes.md").write_text("not an input type")
    (tmp_path / ".hidden.txt").write_text("skipped")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "HEAD.txt").write_text("skipped")

    got = outcomes(iter_articles(tmp_path))
    assert list(got) == [
        str(tmp_path / n)
        for n in (
            "empty.txt",
            "german_article.txt",
            "login_page.html",
            "news_with_boilerplate.html",
            "sub/junk.txt",
            "sub/wire.txt",
        )
    ]
    assert list(got.values()) == [
        "empty",
        "not_english",
        "no_article",
        "article",
        "binary",
        "article",
    ]


def test_empty_file_is_an_empty_error_carrying_its_source_name() -> None:
    path = FIXTURES / "empty.txt"
    [(name, error)] = iter_articles(path)
    assert isinstance(error, EmptyInputError)
    assert error.source == name == str(path)


def test_missing_path_is_one_no_such_file_error(tmp_path: Path) -> None:
    [(_, error)] = iter_articles(tmp_path / "missing.html")
    assert isinstance(error, InputError)
    assert "no such file" in error.message


def test_unsupported_file_type_named_explicitly_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text("# Notes")
    [(_, error)] = iter_articles(path)
    assert isinstance(error, InputError)
    assert "unsupported file type" in error.message


def test_text_file_that_is_html_is_read_as_html(tmp_path: Path) -> None:
    path = tmp_path / "page.txt"
    shutil.copy(FIXTURES / "news_with_published_meta.html", path)
    [(_, article)] = iter_articles(path)
    assert isinstance(article, Article)
    assert article.published_source is PublishedSource.html_metadata
    assert "<" not in article.text


def test_file_without_extension_is_read_as_text(tmp_path: Path) -> None:
    path = tmp_path / "story"
    shutil.copy(FIXTURES / "wire_with_dateline.txt", path)
    [(_, article)] = iter_articles(path)
    assert isinstance(article, Article)
    assert article.published == dt.date(2023, 3, 14)


def test_cp1252_text_file_is_read(tmp_path: Path) -> None:
    [(_, article)] = iter_articles(FIXTURES / "cp1252_article.txt")
    assert isinstance(article, Article)
    assert "café" in article.text


def test_jsonl_file_yields_one_result_per_line() -> None:
    got = outcomes(iter_articles(FIXTURES / "articles.jsonl"))
    assert list(got.values()) == ["article", "bad_input", "article", "bad_input"]


def test_published_applies_to_every_article(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "news_with_published_meta.html", tmp_path / "a.html")
    shutil.copy(FIXTURES / "wire_with_dateline.txt", tmp_path / "b.txt")
    got = list(iter_articles(tmp_path, published="2020-04-02"))
    for _, article in got:
        assert isinstance(article, Article)
        assert article.published == dt.date(2020, 4, 2)
        assert article.published_source is PublishedSource.given


def test_bad_published_is_refused_before_reading_anything(tmp_path: Path) -> None:
    with pytest.raises(DateError):
        iter_articles(tmp_path / "missing", published="yesterday-ish")


def test_stdin_text_is_read() -> None:
    text = (FIXTURES / "wire_with_dateline.txt").read_text(encoding="utf-8")
    [(name, article)] = iter_articles("-", stdin=io.StringIO(text))
    assert name == "<stdin>"
    assert isinstance(article, Article)


def test_stdin_html_bytes_are_read_as_html() -> None:
    data = (FIXTURES / "news_with_boilerplate.html").read_bytes()
    [(_, article)] = iter_articles("-", stdin=io.BytesIO(data))
    assert isinstance(article, Article)
    assert article.title == "Harbour town agrees ferry deal"


def test_stdin_binary_junk_is_an_error() -> None:
    [(_, error)] = iter_articles("-", stdin=io.BytesIO(b"\x00\x01\x02" * 100))
    assert isinstance(error, BinaryInputError)


def test_url_with_html_is_fetched_and_extracted(server: str) -> None:
    [(name, article)] = iter_articles(f"{server}/redirect", settings=ALLOW_LOCAL)
    assert name == f"{server}/redirect"
    assert isinstance(article, Article)
    assert article.url == f"{server}/article.html"
    assert article.published == dt.date(2021, 5, 5)


def test_url_with_plain_text_is_read_as_text(server: str) -> None:
    [(_, article)] = iter_articles(f"{server}/plain", settings=ALLOW_LOCAL)
    assert isinstance(article, Article)
    assert article.published_source is PublishedSource.dateline


@pytest.mark.parametrize(
    ("path", "error_type"),
    [("/missing", FetchError), ("/image", InputError)],
)
def test_url_errors_are_yielded_not_raised(
    server: str, path: str, error_type: type[NewsEventsError]
) -> None:
    [(_, error)] = iter_articles(f"{server}{path}", settings=ALLOW_LOCAL)
    assert isinstance(error, error_type)


def test_private_url_is_refused_by_default() -> None:
    [(_, error)] = iter_articles("http://127.0.0.1:9/")
    assert isinstance(error, UnsafeURLError)


def test_non_http_url_is_refused_not_read_as_a_file() -> None:
    [(_, error)] = iter_articles("file:///etc/passwd")
    assert isinstance(error, UnsafeURLError)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<!DOCTYPE html><html><body><p>x</p></body></html>", True),
        ("  <p>Just a paragraph</p>", True),
        ("<b>bold</b> is not a page", False),
        ("The <p> tag was mentioned.", False),
    ],
)
def test_html_sniffing(text: str, expected: bool) -> None:
    assert looks_like_html(text) is expected


def test_reasons_are_distinct_for_distinct_failures() -> None:
    assert {EmptyInputError.reason, NoArticleError.reason, LanguageError.reason} == {
        "empty",
        "no_article",
        "not_english",
    }
