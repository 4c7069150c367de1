import datetime as dt
from pathlib import Path

import pytest

from extract.errors import EmptyInputError, LanguageError, NoArticleError
from extract.ingest.html import article_from_html, declared_charset
from extract.records import PublishedSource

FIXTURES = Path(__file__).parent.parent / "fixtures" / "ingest"


def read(name: str) -> bytes:
    return FIXTURES.joinpath(name).read_bytes()


def test_main_text_keeps_paragraphs_and_drops_boilerplate() -> None:
    article = article_from_html(read("news_with_boilerplate.html"))
    paragraphs = article.text.split("\n\n")
    assert len(paragraphs) == 4
    assert paragraphs[0].startswith("PORTLAND, Maine, March 14, 2023 (Newswire) — The town")
    assert paragraphs[-1].startswith("The first sailings")
    for boilerplate in ("cookies", "Read more", "Storm closes pier", "Weather", "©", "Privacy"):
        assert boilerplate not in article.text


def test_headline_is_the_title_not_the_first_paragraph() -> None:
    article = article_from_html(read("news_with_boilerplate.html"))
    assert article.title == "Harbour town agrees ferry deal"
    assert not article.text.startswith("Harbour town agrees ferry deal")


def test_site_name_and_canonical_url_come_from_the_page() -> None:
    article = article_from_html(read("news_with_boilerplate.html"))
    assert article.site == "Coastline Courier"
    assert article.url == "https://courier.example.com/news/harbour-ferry-deal"
    assert article.language == "en"


def test_given_url_wins_over_canonical_link() -> None:
    article = article_from_html(read("news_with_boilerplate.html"), url="https://x.example/a")
    assert article.url == "https://x.example/a"


def test_dateline_dates_a_page_without_date_metadata() -> None:
    article = article_from_html(read("news_with_boilerplate.html"))
    assert article.published == dt.date(2023, 3, 14)
    assert article.published_source is PublishedSource.dateline


def test_published_time_meta_gives_publication_date() -> None:
    article = article_from_html(read("news_with_published_meta.html"))
    assert article.published == dt.date(2021, 5, 5)
    assert article.published_source is PublishedSource.html_metadata


def test_given_date_wins_over_html_metadata() -> None:
    article = article_from_html(read("news_with_published_meta.html"), published="2021-05-06")
    assert article.published == dt.date(2021, 5, 6)
    assert article.published_source is PublishedSource.given


def test_footer_copyright_year_is_not_taken_as_publication_date() -> None:
    article = article_from_html(read("news_without_date.html"))
    assert article.published is None
    assert article.published_source is PublishedSource.unknown


def test_login_page_has_no_article() -> None:
    with pytest.raises(NoArticleError):
        article_from_html(read("login_page.html"))


@pytest.mark.parametrize("html", ["", "  \n ", b""])
def test_empty_html_is_rejected_as_empty(html: str | bytes) -> None:
    with pytest.raises(EmptyInputError):
        article_from_html(html)


def test_html_of_a_german_article_is_rejected_as_not_english() -> None:
    german = FIXTURES.joinpath("german_article.txt").read_text(encoding="utf-8")
    html = f"<html><body><article><p>{german}</p></article></body></html>"
    with pytest.raises(LanguageError):
        article_from_html(html)


def test_meta_charset_decodes_legacy_encoded_html() -> None:
    body = (
        "<p>The café owner said “we will reopen on Monday” after the council approved "
        "the repairs to the old town square, which took longer than planned.</p>"
    )
    html = f'<html><head><meta charset="windows-1252"></head><body>{body}</body></html>'
    data = html.encode("cp1252")
    assert declared_charset(data) == "windows-1252"
    assert "café owner said “we will reopen" in article_from_html(data).text


def test_headline_differing_from_the_title_does_not_hide_the_dateline() -> None:
    html = (
        '<html><head><meta property="og:title" content="Town bakery honoured | Gazette">'
        "</head><body><article><h1>Bakery wins award</h1>"
        "<p>OXFORD, June 3, 2022 (Gazette) - A small bakery in the town centre has won a "
        "national award for its sourdough bread, beating more than two hundred entries.</p>"
        "</article></body></html>"
    )
    article = article_from_html(html)
    assert article.text.startswith("OXFORD, June 3, 2022")
    assert article.published == dt.date(2022, 6, 3)
