"""Property tests of the readers (hypothesis): arbitrary bytes under any supported name
become articles or error results, never an exception, and an article's text is text."""

from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from extract.errors import NewsEventsError
from extract.ingest.html import article_from_html, decode_html
from extract.ingest.sources import iter_articles
from extract.ingest.text import article_from_text, decode_bytes
from extract.records import Article

_SUFFIXES = [".txt", ".html", ".jsonl", ".jsonl.gz", ".warc", ".warc.gz", ""]
_SEEDS = [
    b"",
    b"WARC/1.0\r\n",
    b"\x1f\x8b\x08\x00",
    b'{"text": "',
    b"<html><body><p>",
    b"\xef\xbb\xbf",
    b"\xff\xfe",
]
payloads = st.builds(
    lambda seed, rest: seed + rest, st.sampled_from(_SEEDS), st.binary(max_size=600)
)


def _check(items: list[tuple[str, object]]) -> None:
    for name, item in items:
        assert isinstance(name, str) and name
        assert isinstance(item, Article | NewsEventsError)
        if isinstance(item, Article):
            assert item.text.strip() and "\x00" not in item.text
        else:
            assert item.reason and str(item)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads, st.sampled_from(_SUFFIXES), st.booleans())
def test_any_bytes_under_any_supported_name_never_raise(data, suffix, gzipped):
    with tempfile.TemporaryDirectory() as tmp:
        if gzipped and suffix.endswith(".gz"):
            data = gzip.compress(data, mtime=0)
        path = Path(tmp) / f"input{suffix}"
        path.write_bytes(data)
        _check(list(iter_articles(path)))


@settings(max_examples=300, deadline=None)
@given(payloads)
def test_decoding_gives_text_or_a_binary_error(data):
    for decode in (decode_bytes, decode_html):
        try:
            text = decode(data, "<bytes>")
        except NewsEventsError as exc:
            assert exc.reason == "binary"
        else:
            assert isinstance(text, str)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_or_html_string_is_an_article_or_an_input_error(text):
    for make in (article_from_text, article_from_html):
        try:
            article = make(text)
        except NewsEventsError as exc:
            assert exc.reason
        else:
            assert article.text.strip()
