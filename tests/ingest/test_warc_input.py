"""WARC / WARC.gz input: HTML response records become articles; broken archives become
error records without losing the good records before them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from extract.ingest.sources import iter_articles
from extract.ingest.warc import gzip_member_starts
from extract.records import Article, PublishedSource

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "data" / "raw" / "sample.warc.gz"


def _read(path: Path) -> list[tuple[str, object]]:
    return list(iter_articles(path))


def test_each_html_response_record_is_an_article_with_its_url() -> None:
    items = _read(SAMPLE)
    articles = [a for _, a in items if isinstance(a, Article)]
    assert len(articles) == 4 == len(items)  # warcinfo and the text/plain record are skipped
    assert {a.url for a in articles} == {
        f"https://newswire.example.org/{p.stem}" for p in (REPO / "data" / "raw").glob("*.html")
    }
    assert all(name.startswith(f"{SAMPLE}#") for name, _ in items)


def test_page_metadata_wins_and_warc_date_is_the_fallback() -> None:
    by_url = {a.url: a for _, a in _read(SAMPLE) if isinstance(a, Article)}
    yemen = by_url["https://newswire.example.org/yemen-prisoner-release"]
    assert yemen.published == dt.date(2020, 2, 20)
    assert yemen.published_source is PublishedSource.html_metadata
    myanmar = by_url["https://newswire.example.org/myanmar-airstrike"]
    assert myanmar.published == dt.date(2024, 1, 15)
    assert myanmar.published_source is PublishedSource.warc_header


def test_a_truncated_archive_keeps_its_good_records_and_ends_with_an_error(
    tmp_path: Path,
) -> None:
    data = SAMPLE.read_bytes()
    cut = tmp_path / "cut.warc.gz"
    cut.write_bytes(data[: len(data) // 2])
    items = _read(cut)
    assert [type(a).__name__ for _, a in items[:-1]] == ["Article"] * (len(items) - 1)
    assert len(items) >= 2
    last = items[-1][1]
    assert getattr(last, "reason", None) == "truncated"


def test_garbage_with_a_warc_name_is_an_error_not_a_crash(tmp_path: Path) -> None:
    junk = tmp_path / "junk.warc"
    junk.write_bytes(b"\x00\x01 this is not a WARC file\n" * 20)
    items = _read(junk)
    assert len(items) == 1
    assert getattr(items[0][1], "reason", None) == "bad_input"
    assert "not a WARC file" in str(items[0][1])


def test_a_corrupt_record_between_good_ones_costs_only_itself(tmp_path: Path) -> None:
    data = bytearray(SAMPLE.read_bytes())
    starts = gzip_member_starts(bytes(data))
    # the third member is an article; overwrite the middle of its deflate stream
    begin, end = starts[2], starts[3]
    mid = (begin + end) // 2
    data[mid : mid + 64] = b"\xff" * 64
    bad = tmp_path / "corrupt.warc.gz"
    bad.write_bytes(bytes(data))
    items = _read(bad)
    kinds = [getattr(a, "reason", type(a).__name__) for _, a in items]
    assert kinds.count("corrupt_record") == 1
    assert kinds.count("Article") == 3  # the four articles less the broken one
    assert all(name.startswith(f"{bad}#") for name, _ in items)


def test_a_corrupt_record_in_an_uncompressed_warc_is_skipped_to_the_next(tmp_path: Path) -> None:
    import gzip

    text = gzip.decompress(SAMPLE.read_bytes())
    second = text.index(b"WARC/1.", text.index(b"WARC/1.", 10) + 10)  # the second article
    broken = text[:second] + b"WARC/1.0\r\nWARC-Type: response\r\nContent-Length: x\r\n\r\n"
    broken += text[second:]
    bad = tmp_path / "corrupt.warc"
    bad.write_bytes(broken)
    items = _read(bad)
    kinds = [getattr(a, "reason", type(a).__name__) for _, a in items]
    assert "corrupt_record" in kinds
    assert kinds.count("Article") == 4
