"""ECB+ (``<topic>_<n>ecb.xml`` / ``<topic>_<n>ecbplus.xml``: ``<token t_id sentence>``
elements, then ``<Markables>`` and ``<Relations>``).

The text is the tokens joined as Penn-Treebank tokens are ("Reid 's" -> "Reid's"), one
line per sentence. ECB+ annotates event and participant mentions for cross-document
event coreference, not our mention kinds, so nothing is in scope here: the loader gives
the articles' texts (for the real-text gate) with their topic and sub-topic in ``meta``.
ECB+ gives no publication dates.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers._common import (
    Mentions,
    gold_files,
    join_tokens,
    parse_xml,
    ptb_spacing,
)
from extract.records import Article, PublishedSource

SCOPE: frozenset[str] = frozenset()


def load(path: Path) -> list[GoldDoc]:
    """Load one ECB+ ``.xml`` file or every one under a folder (topic folders)."""
    return [_load_file(p) for p in gold_files(path, "*ecb*.xml")]


def _load_file(path: Path) -> GoldDoc:
    root = parse_xml(path, "ECB+ XML")
    by_sentence: dict[int, list[str]] = defaultdict(list)
    for tok in root.iter("token"):
        try:
            sentence = int(tok.get("sentence") or 0)
        except ValueError:
            sentence = 0
        by_sentence[sentence].append(tok.text or "")
    sentences = [by_sentence[k] for k in sorted(by_sentence)]
    tt = join_tokens(sentences, spaced=[ptb_spacing(s) for s in sentences])
    name = root.get("doc_name") or path.name
    article = Article(
        id=name.removesuffix(".xml"),
        text=tt.text,
        language="en",
        published=None,
        published_source=PublishedSource.unknown,
    )
    stem = name.removesuffix(".xml")
    topic = stem.split("_", 1)[0]
    meta = {
        "format": "ecbplus",
        "file": path.name,
        "topic": topic,
        "subtopic": f"{topic}{'plus' if stem.endswith('ecbplus') else ''}",
    }
    return GoldDoc(Mentions(tt.text).result(article), scope=SCOPE, meta=meta)
