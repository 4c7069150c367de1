"""ECB+ (``<topic>_<n>ecb.xml`` / ``<topic>_<n>ecbplus.xml``: ``<token t_id sentence>``
elements, then ``<Markables>`` and ``<Relations>``).

The text is the tokens joined as Penn-Treebank tokens are ("Reid 's" -> "Reid's"), one
line per sentence. ECB+ annotates event and participant mentions for cross-document
event coreference, not our mention kinds, so no mention kind is in scope here: the loader
gives the articles' texts (for the real-text gate) with their topic and sub-topic in
``meta``, and the gold event mentions with their coreference cluster in
``meta["event_mentions"]`` (for ``extract.evaluate.coref``). ECB+ gives no publication
dates.

Event mentions are the markables tagged ``ACTION_*`` or ``NEG_ACTION_*`` that anchor
tokens. Their cluster is the instance a ``CROSS_DOC_COREF`` or ``INTRA_DOC_COREF``
relation links them to (the instance id, shared across documents; a within-document
instance without one is named after its document and markable); a mention in no relation
is a cluster of its own.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path
from typing import Any

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
    token_ids: dict[int, list[str]] = defaultdict(list)
    for tok in root.iter("token"):
        try:
            sentence = int(tok.get("sentence") or 0)
        except ValueError:
            sentence = 0
        by_sentence[sentence].append(tok.text or "")
        token_ids[sentence].append(tok.get("t_id") or "")
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
        "event_mentions": _event_mentions(
            root, stem, [t for k in sorted(token_ids) for t in token_ids[k]], tt.starts, tt.ends
        ),
    }
    return GoldDoc(Mentions(tt.text).result(article), scope=SCOPE, meta=meta)


def _is_event(tag: str) -> bool:
    return tag.startswith("ACTION_") or tag.startswith("NEG_ACTION_")


def _event_mentions(
    root: ET.Element, doc: str, token_ids: list[str], starts: list[int], ends: list[int]
) -> list[dict[str, Any]]:
    """The gold event mentions of one document: ``{"start", "end", "cluster"}`` in text
    order (character offsets into the rebuilt text)."""
    index = {t: i for i, t in enumerate(token_ids)}
    markables = root.find("Markables")
    spans: dict[str, tuple[int, int]] = {}
    instances: dict[str, str] = {}
    for m in markables if markables is not None else []:
        m_id = m.get("m_id") or ""
        anchors = [index[a.get("t_id") or ""] for a in m.iter("token_anchor")
                   if (a.get("t_id") or "") in index]  # fmt: skip
        if anchors and _is_event(m.tag):
            spans[m_id] = (starts[min(anchors)], ends[max(anchors)])
        elif not anchors and m.get("instance_id"):
            instances[m_id] = m.get("instance_id") or ""
    cluster: dict[str, str] = {}
    relations = root.find("Relations")
    for rel in relations if relations is not None else []:
        if rel.tag not in ("CROSS_DOC_COREF", "INTRA_DOC_COREF"):
            continue
        target = rel.find("target")
        t_id = target.get("m_id") or "" if target is not None else ""
        name = rel.get("note") if rel.tag == "CROSS_DOC_COREF" else None
        name = name or instances.get(t_id) or f"{doc}:{rel.tag}:{t_id}"
        for src in rel.iter("source"):
            cluster.setdefault(src.get("m_id") or "", name)
    out = [
        {"start": a, "end": b, "cluster": cluster.get(m_id, f"{doc}:m{m_id}")}
        for m_id, (a, b) in spans.items()
    ]
    return sorted(out, key=lambda m: (m["start"], m["end"]))
