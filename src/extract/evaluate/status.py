"""Status on gold event words: our status rules read on every gold event mention that
carries a factuality (MEANTIME), whether or not our typer makes it an event, so the rules
are measured on all the verbs and nouns a corpus annotates, not only PLOVER's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spacy.language import Language

from extract.evaluate.corpus import GoldDoc
from extract.evaluate.metrics import accuracy
from extract.evaluate.scorer import collapsed_status
from extract.nlp.events import event_status
from extract.nlp.extensions import doc_anchor
from extract.nlp.syntax import tok_at


def gold_trigger_status(nlp: Language, docs: Sequence[GoldDoc]) -> dict[str, Any]:
    """Accuracy of :func:`~extract.nlp.events.event_status` on the gold mentions of
    ``meta["event_status"]``, read at each mention's last token (its head in English), and
    per gold status."""
    ok: list[bool] = []
    per: dict[str, list[bool]] = {}
    with_status = [d for d in docs if d.meta.get("event_status")]
    texts = []
    for d in with_status:
        doc = nlp.make_doc(d.result.article.text)
        published = d.result.article.published
        doc._.published = published.isoformat() if published else None
        texts.append(doc)
    for gold, doc in zip(with_status, nlp.pipe(texts), strict=True):
        anchor = doc_anchor(doc)
        for m in gold.meta["event_status"]:
            tok = tok_at(doc, max(m["start"], m["end"] - 1))
            got = collapsed_status(event_status(tok, anchor, None))
            ok.append(got == m["status"])
            per.setdefault(m["status"], []).append(got == m["status"])
    return {**accuracy(ok), "per_status": {k: accuracy(v) for k, v in sorted(per.items())}}
