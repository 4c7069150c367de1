import datetime as dt
from pathlib import Path

import pytest

from extract.config import Settings
from extract.errors import BinaryInputError, EmptyInputError, InputTooLargeError, LanguageError
from extract.ingest.text import article_from_text, decode_bytes
from extract.records import PublishedSource

FIXTURES = Path(__file__).parent.parent / "fixtures" / "ingest"
WIRE = FIXTURES.joinpath("wire_with_dateline.txt").read_text(encoding="utf-8")
NEWS = (
    "The city council voted on Wednesday to close the old bridge for repairs for at "
    "least three months, diverting traffic through the industrial district."
)


def test_crlf_and_bom_are_normalised_and_nothing_else_changes() -> None:
    raw = "\ufeff" + NEWS.replace(" for repairs", "\r\nfor repairs") + "  \r\n"
    article = article_from_text(raw)
    assert article.text == NEWS.replace(" for repairs", "\nfor repairs") + "  \n"


def test_english_text_gets_language_and_stable_id() -> None:
    article = article_from_text(NEWS, title="  Bridge   closes ")
    assert article.language == "en"
    assert article.title == "Bridge closes"
    assert article.id == article_from_text(NEWS).id


def test_id_is_hash_of_url_when_url_is_known() -> None:
    a = article_from_text(NEWS, url="https://example.com/bridge")
    b = article_from_text(NEWS + " More.", url="https://example.com/bridge")
    assert a.id == b.id


def test_dateline_gives_publication_date_when_none_is_given() -> None:
    article = article_from_text(WIRE)
    assert article.published == dt.date(2023, 3, 14)
    assert article.published_source is PublishedSource.dateline


def test_given_date_wins_over_dateline() -> None:
    article = article_from_text(WIRE, published="2023-03-15")
    assert article.published == dt.date(2023, 3, 15)
    assert article.published_source is PublishedSource.given


def test_text_without_date_has_unknown_publication_date() -> None:
    article = article_from_text(NEWS)
    assert article.published is None
    assert article.published_source is PublishedSource.unknown


@pytest.mark.parametrize("text", ["", "   \n\t  ", "\ufeff"])
def test_empty_or_whitespace_text_is_rejected(text: str) -> None:
    with pytest.raises(EmptyInputError):
        article_from_text(text)


def test_text_longer_than_max_chars_is_rejected() -> None:
    with pytest.raises(InputTooLargeError, match="maximum 50"):
        article_from_text(NEWS, settings=Settings(max_chars=50))


def test_german_text_is_rejected_saying_how_little_of_it_is_english() -> None:
    german = FIXTURES.joinpath("german_article.txt").read_text(encoding="utf-8")
    with pytest.raises(LanguageError, match=r"not English \(only \d+% of its words"):
        article_from_text(german)


def test_too_short_to_tell_text_is_accepted_without_language() -> None:
    article = article_from_text("Bridge closes for repairs.")
    assert article.language is None


def test_utf8_with_bom_decodes() -> None:
    assert decode_bytes("\ufeffcafé".encode(), "x") == "café"


def test_cp1252_bytes_decode_without_error() -> None:
    data = FIXTURES.joinpath("cp1252_article.txt").read_bytes()
    text = decode_bytes(data, "cp1252_article.txt")
    assert "café owner said “we will reopen on Monday”" in text
    assert "€5,000" in text


def test_declared_encoding_is_used_when_the_bytes_are_not_utf8() -> None:
    data = "Правительство объявило".encode("cp1251")
    assert decode_bytes(data, "x", encoding="windows-1251") == "Правительство объявило"


def test_utf16_with_bom_is_text_not_binary() -> None:
    assert decode_bytes("news".encode("utf-16"), "x") == "news"


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        bytes(range(256)) * 4,
        b"\x01\x02\x03\x04\x05\x06 abc \x07\x08\x0e\x0f",
    ],
)
def test_binary_junk_is_rejected_as_binary(data: bytes) -> None:
    with pytest.raises(BinaryInputError) as caught:
        decode_bytes(data, "junk.bin")
    assert caught.value.source == "junk.bin"


def test_control_characters_in_text_are_rejected_as_binary() -> None:
    with pytest.raises(BinaryInputError):
        article_from_text(NEWS + "\x00")
