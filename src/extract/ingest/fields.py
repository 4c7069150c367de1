"""Records of other tools -> articles: one JSONL line, one news-please JSON file, one CSV
row or one Parquet row, each a mapping of field names to values.

The fields are found by the names news-please, Hugging Face cc_news and common exports
use (``resources/input_records.json``: text is ``text``, ``maintext``, ``body``, ...),
or by the names the user gives (``Settings.fields``, ``--field text=story_body``). A
record's publication date is read by :func:`~extract.ingest.dates.read_record_date`;
one that cannot be read safely does not cost the article: it is processed with the date
unknown (then a dateline or the HTML metadata gives it, as for any article), the raw
value is kept in ``Article.published_raw`` and the result carries a warning.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from extract.config import Settings
from extract.errors import DateError, InputError
from extract.ingest.dates import read_record_date
from extract.ingest.html import article_from_html
from extract.ingest.text import article_from_text
from extract.records import Article
from extract.tables import load_table

FIELDS = ("text", "html", "title", "published", "url", "id", "language", "site")
"""The article fields a record can give."""


@lru_cache(maxsize=16)
def field_names(given: tuple[tuple[str, str], ...] = ()) -> dict[str, tuple[str, ...]]:
    """For each article field, the record keys that hold it, in order of preference.
    A name the user gives for a field replaces the usual names of that field."""
    table: dict[str, list[str]] = load_table("input_records")["fields"]
    names = {field: tuple(table[field]) for field in FIELDS}
    for field, name in given:
        names[field] = (name,)
    return names


def record_columns(settings: Settings) -> frozenset[str]:
    """Every key a record field may be read from (to read only these columns)."""
    return frozenset(n for names in field_names(settings.fields).values() for n in names)


def _pick(data: Mapping[str, Any], names: tuple[str, ...]) -> tuple[str | None, Any]:
    """The first of ``names`` with a value, and the value; null and "" are absent (a
    text of blanks is a value: an empty article, refused as such)."""
    for name in names:
        value = data.get(name)
        if value is None or value == "":
            continue
        return name, value
    return None, None


def _text_field(data: Mapping[str, Any], names: tuple[str, ...]) -> str | None:
    name, value = _pick(data, names)
    if value is not None and not isinstance(value, str):
        raise InputError(f"field {name!r}: expected text, got {type(value).__name__}")
    return value


def _label(data: Mapping[str, Any], names: tuple[str, ...]) -> str | None:
    """A short text field (title, url, site, language): a value that is not text is
    left out rather than refusing the article for it."""
    _, value = _pick(data, names)
    return value if isinstance(value, str) else None


def raw_date(value: Any) -> str | None:
    """A record's date value as text, for ``published_raw``."""
    if value is None:
        return None
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def article_from_mapping(
    data: Mapping[str, Any], *, published: dt.date | None = None, settings: Settings
) -> Article:
    """The article of one record. ``published`` (the caller's date for every article)
    wins over the record's own date.

    Raises:
        InputError: no article text, text that is not a string, or as
            :func:`~extract.ingest.text.article_from_text` /
            :func:`~extract.ingest.html.article_from_html`.
    """
    names = field_names(settings.fields)
    text = _text_field(data, names["text"])
    html = _text_field(data, names["html"]) if text is None else None
    if text is None and html is None:
        looked = ", ".join(names["text"] + names["html"])
        raise InputError(f"no 'text' or 'html' field with a value (looked for: {looked})")
    _, raw = _pick(data, names["published"])
    date = published
    if date is None and raw is not None:
        try:
            date = read_record_date(raw, order=settings.date_order)
        except DateError:
            date = None  # the article goes on with the date unknown; the warning says why
    title, url = _label(data, names["title"]), _label(data, names["url"])
    make = article_from_text if text is not None else article_from_html
    article = make(text or html or "", url=url, title=title, published=date, settings=settings)
    update: dict[str, Any] = {}
    _, ident = _pick(data, names["id"])
    if isinstance(ident, str | int) and not isinstance(ident, bool):
        update["id"] = str(ident)
    if raw is not None:
        update["published_raw"] = raw_date(raw)
    site = _label(data, names["site"])
    if site and article.site is None:
        update["site"] = " ".join(site.split())
    language = _label(data, names["language"])
    if language and article.language is None and language[:2].isalpha():
        update["language"] = language[:2].lower()
    return article.model_copy(update=update) if update else article
