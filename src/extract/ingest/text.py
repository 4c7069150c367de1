"""Plain text (and raw bytes) to a validated :class:`~extract.records.Article`.

``build_article`` is the one place where an article's text is checked (binary junk,
empty, too large, not English) and its publication date chosen; the HTML reader uses it
too. The text is kept as given apart from newline normalisation and a leading BOM,
because every mention downstream is a character offset into it.
"""

from __future__ import annotations

import codecs
import datetime as dt
import re

import charset_normalizer

from extract.config import Settings
from extract.errors import (
    BinaryInputError,
    EmptyInputError,
    InputTooLargeError,
    LanguageError,
)
from extract.ingest.dates import find_dateline, parse_published
from extract.ingest.language import (
    ENGLISH,
    NOT_ENGLISH,
    UNDETERMINED,
    detect_language,
    function_word_share,
)
from extract.records import Article, PublishedSource

_BOM = "\ufeff"
# Control characters that do not occur in text files (tab, newlines, form feed and
# vertical tab are fine). Their share tells binary data from text.
_CONTROL_BYTES = frozenset(set(range(0x20)) - {0x09, 0x0A, 0x0B, 0x0C, 0x0D} | {0x7F})
_CONTROL_CHARS = frozenset(chr(b) for b in _CONTROL_BYTES)
_MAX_CONTROL_SHARE = 0.05
_SNIFF_BYTES = 65_536
# Byte-order marks, longest first: the UTF-32 LE mark starts with the UTF-16 LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def normalise_text(text: str) -> str:
    """Strip a leading BOM, turn ``\\r\\n`` and lone ``\\r`` into ``\\n`` and lone
    surrogates (a str decoded with ``surrogateescape``, or cut inside a UTF-16 pair) into
    U+FFFD; nothing else."""
    if text.startswith(_BOM):
        text = text[1:]
    return replace_surrogates(text.replace("\r\n", "\n").replace("\r", "\n"))


_SURROGATE = re.compile("[\ud800-\udfff]")


def replace_surrogates(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD, one character for one, so
    offsets hold; they cannot be encoded as UTF-8, so the tokenizer and every writer fail
    on them."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def _looks_binary(sample: bytes | str) -> bool:
    if not sample:
        return False
    if isinstance(sample, bytes):
        if b"\x00" in sample:
            return True
        controls = sum(sample.count(bytes([b])) for b in _CONTROL_BYTES)
    else:
        if "\x00" in sample:
            return True
        controls = sum(sample.count(c) for c in _CONTROL_CHARS)
    return controls / len(sample) > _MAX_CONTROL_SHARE


def decode_bytes(data: bytes, source: str, *, encoding: str | None = None) -> str:
    """Decode a document's bytes to text; never raises ``UnicodeDecodeError``.

    Order: a byte-order mark; strict UTF-8; the ``encoding`` the document declares
    (HTTP header or HTML meta), when Python knows it and it decodes cleanly; cp1252,
    the legacy encoding of nearly all non-UTF-8 English news (text in other legacy
    encodings becomes mojibake that the language check then rejects); charset
    detection; cp1252 with replacement characters as the last resort.

    Raises:
        BinaryInputError: NUL bytes (without a UTF-16/32 BOM) or many control bytes.
    """
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError:
                break  # a stray BOM-like prefix on binary data: judged below
    if _looks_binary(data[:_SNIFF_BYTES]):
        raise BinaryInputError("binary data, not text", source=source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    candidates = [_whatwg_label(encoding)] if encoding else []
    candidates.append("cp1252")
    for candidate in candidates:
        try:
            return data.decode(candidate)
        except (LookupError, UnicodeDecodeError):
            continue
    best = charset_normalizer.from_bytes(data).best()
    if best is not None:
        return str(best)
    return data.decode("cp1252", errors="replace")


def _whatwg_label(encoding: str) -> str:
    # As browsers do: pages labelled latin-1 or ASCII are in practice cp1252.
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return encoding
    return "cp1252" if name in {"iso8859-1", "latin-1", "ascii"} else name


def build_article(
    text: str,
    *,
    url: str | None = None,
    title: str | None = None,
    site: str | None = None,
    published: dt.date | None = None,
    published_source: PublishedSource = PublishedSource.unknown,
    settings: Settings,
) -> Article:
    """Validate an article's text and make the :class:`Article`.

    ``text`` is normalised here. When ``published`` is None, a wire dateline opening
    the text gives the date (source ``dateline``); else it stays unknown.

    Raises:
        BinaryInputError: control characters in the text.
        EmptyInputError: empty or whitespace-only text (or shorter than
            ``settings.min_chars``).
        InputTooLargeError: longer than ``settings.max_chars``.
        LanguageError: not English (its ``language`` says which language it is).
    """
    text = normalise_text(text)
    if _looks_binary(text[:_SNIFF_BYTES]):
        raise BinaryInputError("binary data, not text", source=url)
    stripped_length = len(text.strip())
    if stripped_length == 0:
        raise EmptyInputError("no text (empty or whitespace only)", source=url)
    if stripped_length < settings.min_chars:
        raise EmptyInputError(
            f"text too short: {stripped_length} characters, minimum {settings.min_chars}",
            source=url,
        )
    if len(text) > settings.max_chars:
        raise InputTooLargeError(
            f"text too long: {len(text)} characters, maximum {settings.max_chars}", source=url
        )
    language = detect_language(text)
    if language not in (ENGLISH, UNDETERMINED):
        share = function_word_share(text)
        named = (
            "language not identified"
            if language == NOT_ENGLISH
            else f"detected language {language}"
        )
        raise LanguageError(
            f"text is not English (only {share:.0%} of its words are English function words;"
            f" {named})",
            source=url,
            language=language,
        )
    if published is None:
        published = find_dateline(text)
        published_source = (
            PublishedSource.dateline if published is not None else PublishedSource.unknown
        )
    return Article(
        id=Article.make_id(url, text),
        url=url,
        title=_clean(title),
        site=_clean(site),
        text=text,
        # "und" (too short to tell) is not an ISO 639-1 code: the language stays unset.
        language=ENGLISH if language == ENGLISH else None,
        published=published,
        published_source=published_source,
    )


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    value = " ".join(value.split())
    return value or None


def article_from_text(
    text: str,
    *,
    url: str | None = None,
    title: str | None = None,
    published: str | dt.date | None = None,
    settings: Settings | None = None,
) -> Article:
    """An article from its plain text.

    The publication date is ``published`` when given (source ``given``), else the
    date of a wire dateline opening the text (source ``dateline``), else unknown.

    Raises:
        DateError: ``published`` is not a date.
        BinaryInputError, EmptyInputError, InputTooLargeError, LanguageError: see
            :func:`build_article`.
    """
    given = parse_published(published)
    return build_article(
        text,
        url=url,
        title=title,
        published=given,
        published_source=PublishedSource.given if given is not None else PublishedSource.unknown,
        settings=settings or Settings(),
    )
