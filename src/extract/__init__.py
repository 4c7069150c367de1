"""newsevents: news articles in, typed event records out.

>>> import extract
>>> result = extract.process(html_or_text, published="2020-04-02")  # doctest: +SKIP
>>> [(e.type, e.trigger.text, e.date) for e in result.events]  # doctest: +SKIP

Names are imported lazily, so ``import extract`` (and spaCy's loading of our component
entry points) stays cheap and free of import cycles.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_EXPORTS = {
    "Extractor": "extract.api",
    "extract_events": "extract.api",
    "get_extractor": "extract.api",
    "process": "extract.api",
    "read": "extract.api",
    "Settings": "extract.config",
    "NewsEventsError": "extract.errors",
    "ActorMention": "extract.records",
    "Article": "extract.records",
    "ArticleResult": "extract.records",
    "ErrorRecord": "extract.records",
    "Event": "extract.records",
    "PlaceMention": "extract.records",
    "QuantityMention": "extract.records",
    "TimeMention": "extract.records",
    "json_schema": "extract.records",
}

__all__ = [
    "ActorMention",
    "Article",
    "ArticleResult",
    "ErrorRecord",
    "Event",
    "Extractor",
    "NewsEventsError",
    "PlaceMention",
    "QuantityMention",
    "Settings",
    "TimeMention",
    "__version__",
    "extract_events",
    "get_extractor",
    "json_schema",
    "process",
    "read",
    "tables",
]

if TYPE_CHECKING:
    from extract.api import Extractor, extract_events, get_extractor, process, read
    from extract.config import Settings
    from extract.errors import NewsEventsError
    from extract.records import (
        ActorMention,
        Article,
        ArticleResult,
        ErrorRecord,
        Event,
        PlaceMention,
        QuantityMention,
        TimeMention,
        json_schema,
    )


# ``extract.tables`` is the function below, not the module of the same name (our
# resource-table loader): that module is imported here first, so the import system has
# set the attribute once already and our definition replaces it for good. (So that
# module is imported as ``from extract.tables import load_table``, never as
# ``import extract.tables as ...``.)
importlib.import_module("extract.tables")


def tables(results: Iterable[Any]) -> dict[str, Any]:
    """The batch tables (``articles``, ``events``, ``mentions``, ``errors``) of
    ``results`` (``ArticleResult`` / ``ErrorRecord`` objects, or ``(source, result)``
    pairs) as ``pyarrow.Table`` objects with a batch's columns: ``.to_pandas()`` gives
    the frames a batch folder gives."""
    from extract.batch.tables import arrow_tables

    return arrow_tables(results)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'extract' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
