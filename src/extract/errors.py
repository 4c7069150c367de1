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
    """Text in another language than English: ``language`` is its ISO 639-1 code as
    detected (``"xx"`` when not known)."""

    reason = "not_english"

    def __init__(self, message: str, *, source: str | None = None, language: str = "xx") -> None:
        super().__init__(message, source=source)
        self.language = language


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


class HTTPStatusError(FetchError):
    """The server answered with a status other than 2xx: ``status`` is that status,
    ``retry_after`` the seconds its ``Retry-After`` header asked for (None if none)."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        status: int = 0,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message, source=source)
        self.status = status
        self.retry_after = retry_after


class ResponseTooLargeError(FetchError):
    """A response over the size cap (``Settings.fetch_max_bytes``)."""

    reason = "too_large"


class RedirectError(FetchError):
    """A redirect loop, or more redirects than the fetcher follows."""

    reason = "redirect_loop"


class RobotsDisallowedError(FetchError):
    """robots.txt of the host forbids our user agent this URL (or a redirect target)."""

    reason = "robots_disallowed"


class ModelError(NewsEventsError):
    """The spaCy model or another bundled resource is missing."""

    reason = "model_missing"


class ConfigError(NewsEventsError):
    reason = "bad_config"


class ComponentError(NewsEventsError):
    """One of our pipeline components failed on a document: a bug of the library, not of
    the input. The original exception is chained (``__cause__``); the batch runner records
    the document as an ``internal_error`` and goes on."""

    reason = "internal_error"

    def __init__(
        self, message: str, *, source: str | None = None, component: str | None = None
    ) -> None:
        super().__init__(message, source=source)
        self.component = component


class BeforeSinceError(InputError):
    """A crawled article published before the crawl's ``since`` date."""

    reason = "before_since"
