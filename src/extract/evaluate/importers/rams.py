"""RAMS (``*.jsonlines``, one example a line: five tokenised ``sentences``, one trigger in
``evt_triggers`` with its AIDA type, e.g. ``life.die.n/a``, and ``gold_evt_links``
``[[trigger span], [argument span], "evt089arg01victim"]``; spans are inclusive token
indices over the whole window).

The text is the tokens joined by single spaces, one line per sentence, except that
Penn-Treebank splits are closed up again ("Hussein 's" -> "Hussein's", "$ 5" -> "$5"). The trigger is
kept when its AIDA type has a PLOVER counterpart (``resources/event_type_map.json``),
else counted in ``meta["dropped_events"]``. RAMS annotates one event per window, so
``meta["events_complete"]`` is False: other events in the text are not annotated, and
precision on RAMS says little. Only events are in scope.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers._common import Mentions, gold_files, join_tokens, ptb_spacing
from extract.evaluate.importers._events import EventSink
from extract.records import Article

SCOPE = frozenset({"events"})


def load(path: Path) -> list[GoldDoc]:
    """Load one RAMS ``.jsonlines`` file or every one under a folder."""
    docs: list[GoldDoc] = []
    for p in gold_files(path, "*.jsonlines"):
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                docs.append(_doc(json.loads(line), f"{p}:{n}"))
            except json.JSONDecodeError as exc:
                raise InputError(f"line {n}: not JSON: {exc}", source=str(p)) from exc
    return docs


def _doc(doc: dict[str, Any], where: str) -> GoldDoc:
    try:
        sentences = doc["sentences"]
        tt = join_tokens(sentences, spaced=[ptb_spacing(s) for s in sentences])
        triggers = doc["evt_triggers"]
        links = doc.get("gold_evt_links", [])
        doc_id = doc["doc_key"]
    except (KeyError, TypeError) as exc:
        raise InputError(f"not a RAMS example: {exc}", source=where) from exc
    mentions = Mentions(tt.text)
    sink = EventSink("aida", mentions)
    for first, last, types in triggers:
        event_type = types[0][0]
        args = [
            (role, tt.span(arg[0], arg[1]))
            for trig, arg, role in links
            if (trig[0], trig[1]) == (first, last)
        ]
        sink.add(event_type, tt.span(first, last), tt.sentence_span(first), args)
    article = Article(id=doc_id, url=doc.get("source_url"), text=tt.text, language="en")
    meta = {"format": "rams", "events_complete": False, **sink.meta()}
    return GoldDoc(mentions.result(article, sink.events), scope=SCOPE, meta=meta)
