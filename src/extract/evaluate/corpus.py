"""Gold documents as the scorer sees them, whatever format they came from."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extract.evaluate.authoring import compile_article
from extract.records import MENTION_MODELS, ArticleResult

MENTION_KINDS = tuple(MENTION_MODELS)
ALL_SCOPE = frozenset({*MENTION_KINDS, "events"})


@dataclass(frozen=True)
class GoldDoc:
    """One gold document.

    Attributes:
        result: the gold text (``result.article.text``), its publication date (the DCT
            for TimeML) and the annotated mentions and events, as output records.
        scope: the kinds this corpus annotates completely; the scorer scores only these.
        quantity_offsets: False when quantities carry no offsets (NewsQuant): they are
            then matched by value within the document, as the CQE paper does.
        meta: importer-specific extras, e.g. ``{"changes": ["=", "~", ...]}`` aligned
            with ``result.quantities`` for NewsQuant.
    """

    result: ArticleResult
    scope: frozenset[str] = ALL_SCOPE
    quantity_offsets: bool = True
    meta: dict[str, Any] = field(default_factory=dict)


def load_native(path: Path) -> list[GoldDoc]:
    """Our own gold: a compiled ``*.jsonl`` file (one ArticleResult per line), a folder of
    authored ``*.json`` articles, or ``data/annotated`` itself (its dev and test splits)."""
    return list(_iter_native(path))


def _iter_native(path: Path) -> Iterator[GoldDoc]:
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield GoldDoc(ArticleResult.model_validate_json(line))
        return
    compiled = sorted(path.glob("*.jsonl"))
    if compiled:
        for p in compiled:
            yield from _iter_native(p)
        return
    for p in sorted(path.rglob("*.json")):
        yield GoldDoc(compile_article(json.loads(p.read_text(encoding="utf-8")), str(p)))
