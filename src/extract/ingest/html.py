"""HTML to a validated :class:`~extract.records.Article`, via trafilatura.

trafilatura finds the main text and the metadata. Two of its defaults are wrong for
this project and are switched off here: the extensive date search (it takes "© 2020"
in a footer as 2020-01-01) and comments/tables in the main text.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import trafilatura

from extract.config import Settings
from extract.errors import EmptyInputError, InputError, NoArticleError
from extract.ingest.dates import parse_published
from extract.ingest.text import build_article, decode_bytes, normalise_text
from extract.records import Article, PublishedSource

_DECLARED_CHARSET = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)"""
    rb"""|<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9._:-]+)""",
    re.IGNORECASE,
)
_CHARSET_SNIFF_BYTES = 4096

# Only metadata and markup dates (meta tags, JSON-LD, <time>, the URL), never a guess
# from the page text; "original_date" prefers the first publication over an update.
_DATE_PARAMS = {"extensive_search": False, "original_date": True}


def declared_charset(html: bytes) -> str | None:
    """The charset an HTML document declares in its head (meta tag or XML prolog)."""
    m = _DECLARED_CHARSET.search(html[:_CHARSET_SNIFF_BYTES])
    if m is None:
        return None
    return (m.group(1) or m.group(2)).decode("ascii")


def decode_html(data: bytes, source: str, *, encoding: str | None = None) -> str:
    """Decode HTML bytes: BOM, UTF-8, then ``encoding`` (e.g. from the HTTP header) or
    the charset the document declares, then the fallbacks of :func:`decode_bytes`.

    Raises:
        BinaryInputError: the bytes are not text.
    """
    return decode_bytes(data, source, encoding=encoding or declared_charset(data))


def _extract(html: str, url: str | None) -> Any:
    try:
        return trafilatura.bare_extraction(
            html,
            url=url,
            with_metadata=True,
            include_comments=False,
            include_tables=False,
            favor_precision=True,
            date_extraction_params=_DATE_PARAMS,
        )
    # trafilatura and lxml raise assorted errors on malformed markup; each is a bad
    # document, not a crash of the batch.
    except Exception as exc:
        raise InputError(f"HTML could not be parsed: {exc}", source=url) from exc


def _has_paragraph(body: Any) -> bool:
    # A login form or a page of links comes back as nav/list elements only.
    return body is not None and any("".join(p.itertext()).strip() for p in body.iter("p"))


def _leading_headline(body: Any) -> str | None:
    """The text of an ``h1`` heading that opens the extracted body, if any."""
    first = body[0] if body.tag == "body" and len(body) else body
    if first.tag == "head" and first.get("rend") == "h1":
        return " ".join("".join(first.itertext()).split()) or None
    return None


def _main_text(doc: Any) -> str:
    """The main text with one paragraph (or heading, or list item) per block, blocks
    separated by a blank line, without the headline (it is the title, and a wire
    dateline must open the text to be found)."""
    lines = [" ".join(line.split()) for line in (doc.text or "").split("\n")]
    blocks = [line for line in lines if line]
    headlines = [h for h in (doc.title, _leading_headline(doc.body)) if h]
    if blocks and any(_same_words(blocks[0], h) for h in headlines):
        blocks = blocks[1:]
    return "\n\n".join(blocks)


def _same_words(a: str, b: str) -> bool:
    return a.casefold().split() == b.casefold().split()


def _metadata_date(value: object) -> dt.date | None:
    if not isinstance(value, str):
        return None
    try:
        return dt.date.fromisoformat(value[:10])
    except ValueError:
        return None


def article_from_html(
    html: str | bytes,
    *,
    url: str | None = None,
    title: str | None = None,
    published: str | dt.date | None = None,
    settings: Settings | None = None,
) -> Article:
    """An article from an HTML page: main text, title, site name, URL and date.

    The URL is ``url``, else the page's canonical URL. The publication date is
    ``published`` when given (source ``given``), else a date in the page's metadata
    (meta tags, JSON-LD, ``<time>``, a date in the URL; source ``html_metadata``),
    else the date of a wire dateline opening the text (``dateline``), else unknown.
    It is never guessed from the page text (a footer's "© 2020").

    Raises:
        DateError: ``published`` is not a date.
        BinaryInputError: ``html`` bytes are not text.
        EmptyInputError: empty or whitespace-only input.
        NoArticleError: no paragraph of article text in the page.
        InputError: markup trafilatura cannot parse.
        InputTooLargeError, LanguageError: see
            :func:`~extract.ingest.text.build_article`.
    """
    settings = settings or Settings()
    given = parse_published(published)
    if isinstance(html, bytes):
        html = decode_html(html, url or "<html>")
    html = normalise_text(html)
    if not html.strip():
        raise EmptyInputError("no HTML (empty or whitespace only)", source=url)
    doc = _extract(html, url)
    if doc is None or not _has_paragraph(doc.body):
        raise NoArticleError("no article text found in the HTML", source=url)
    text = _main_text(doc)
    if not text:
        raise NoArticleError("no article text found in the HTML", source=url)
    published_date: dt.date | None = given
    source = PublishedSource.given
    if published_date is None:
        published_date = _metadata_date(doc.date)
        source = PublishedSource.html_metadata if published_date else PublishedSource.unknown
    return build_article(
        text,
        url=url or doc.url or None,
        title=title or doc.title,
        site=doc.sitename,
        published=published_date,
        published_source=source,
        settings=settings,
    )
