"""WikiEvents (``*.jsonl``, one document a line: ``tokens``, ``sentences`` with each
token's character offsets, ``entity_mentions`` and ``event_mentions`` in the KAIROS
ontology, arguments pointing at entity mentions).

The text is rebuilt from the tokens: a space where the original had whitespace between
two tokens, a line break between sentences (a blank line where the original had more).
Events whose KAIROS type has a PLOVER counterpart (``resources/event_type_map.json``) are
kept, the rest counted in ``meta["dropped_events"]``. Only events are in scope.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers._common import Mentions, TokenText, gold_files, join_tokens
from extract.evaluate.importers._events import EventSink
from extract.records import Article

SCOPE = frozenset({"events"})
_INFO_SUFFIX = "_info.jsonl"


def load(path: Path) -> list[GoldDoc]:
    """Load one WikiEvents ``.jsonl`` file or every one under a folder.

    In a folder, ``*_info.jsonl`` files are skipped: they repeat the documents with each
    argument replaced by its most informative coreferent mention (often far from the
    trigger), not the span annotated next to it.
    """
    files = gold_files(path, "*.jsonl")
    if path.is_dir():
        files = [p for p in files if not p.name.endswith(_INFO_SUFFIX)]
    docs: list[GoldDoc] = []
    for p in files:
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                doc = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"line {n}: not JSON: {exc}", source=str(p)) from exc
            docs.append(_doc(doc, f"{p}:{n}"))
    return docs


def _doc(doc: dict[str, Any], where: str) -> GoldDoc:
    try:
        tt = _text(doc["sentences"])
        entities = {e["id"]: e for e in doc["entity_mentions"]}
        events = doc["event_mentions"]
        doc_id = doc["doc_id"]
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"not a WikiEvents document: {exc}", source=where) from exc
    mentions = Mentions(tt.text)
    sink = EventSink("kairos", mentions)
    for ev in events:
        trig = ev["trigger"]
        first, last = trig["start"], trig["end"] - 1
        args: list[tuple[str, tuple[int, int]]] = []
        for arg in ev.get("arguments", []):
            ent = entities.get(arg["entity_id"])
            if ent is None:
                raise InputError(f"argument names no entity {arg['entity_id']!r}", source=where)
            args.append((arg["role"], tt.span(ent["start"], ent["end"] - 1)))
        sink.add(ev["event_type"], tt.span(first, last), tt.sentence_span(first), args)
    article = Article(id=doc_id, text=tt.text, language="en")
    meta = {"format": "wikievents", **sink.meta()}
    return GoldDoc(mentions.result(article, sink.events), scope=SCOPE, meta=meta)


def _text(sentences: list[list[Any]]) -> TokenText:
    """Tokens rejoined: spaced where the original had a gap, one line per sentence."""
    words: list[list[str]] = []
    spaced: list[list[bool]] = []
    breaks: list[str] = []
    prev_end: int | None = None
    for tokens, _sentence_text in sentences:
        if not tokens:
            continue
        if prev_end is not None:
            breaks.append("\n\n" if tokens[0][1] - prev_end > 1 else "\n")
        words.append([t[0] for t in tokens])
        spaced.append([i > 0 and tokens[i][1] > tokens[i - 1][2] for i in range(len(tokens))])
        prev_end = tokens[-1][2]
    return join_tokens(words, spaced, breaks)
