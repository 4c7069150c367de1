"""One exception hierarchy. Each error carries a stable ``reason`` code that becomes the
``reason`` of an :class:`~extract.records.ErrorRecord` in batch output."""

from __future__ import annotations


class NewsEventsError(Exception):
    """Base of every error the library raises on purpose."""

    reason = "error"

    def __init__(self, message: str, *, source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.source = source

    def __str__(self) -> str:
        return f"{self.source}: {self.message}" if self.source else self.message


class InputError(NewsEventsError):
    """The input cannot be turned into an article."""

    reason = "bad_input"


class EmptyInputError(InputError):
    reason = "empty"


class BinaryInputError(InputError):
    reason = "binary"


class NoArticleError(InputError):
    """HTML without a main text that looks like an article."""

    reason = "no_article"


class LanguageError(InputError):
    reason = "not_english"


class InputTooLargeError(InputError):
    reason = "too_large"


class DateError(InputError):
    """An unparsable publication date given by the caller."""

    reason = "bad_date"


class FetchError(NewsEventsError):
    """A URL could not be fetched (network, refused address, size cap, status)."""

    reason = "fetch_failed"


class UnsafeURLError(FetchError):
    reason = "unsafe_url"


class ModelError(NewsEventsError):
    """The spaCy model or another bundled resource is missing."""

    reason = "model_missing"


class ConfigError(NewsEventsError):
    reason = "bad_config"
