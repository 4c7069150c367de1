"""Our annotation authoring format -> gold :class:`~extract.records.ArticleResult`.

Annotators write one JSON file per article (``data/annotated/articles/<split>/<id>.json``)
naming each mention by its exact text and occurrence number (``nth``, 1-based) instead of
character offsets; :func:`compile_article` turns it into a gold ``ArticleResult`` with
offsets, ids and sentence spans, validated by the same pydantic records as the output.
The format is documented in ``data/annotated/GUIDELINES.md``.

Every other key of a mention is a field of its record: an actor may carry ``sector`` (an
:data:`~extract.records.ActorSector`) and ``country_basis`` (a
:data:`~extract.records.CountryBasis`); without them both are ``"unknown"``, which the
scorer reads as "not annotated" (it scores sectors only where the gold has one).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from extract.errors import InputError
from extract.records import (
    MENTION_MODELS,
    MENTION_PREFIXES,
    Argument,
    Article,
    ArticleResult,
    Event,
    PublishedSource,
    Span,
)

_SENT_END = re.compile(r"[.!?][\"'\u201d\u2019]?(\s+)(?=[\"'\u201c\u2018A-Z0-9(])|(\n\s*\n)")


def find_nth(text: str, needle: str, nth: int, where: str) -> int:
    """Offset of the ``nth`` (1-based) occurrence of ``needle`` in ``text``."""
    if not needle:
        raise InputError(f"{where}: empty mention text")
    pos = -1
    for _ in range(max(1, nth)):
        pos = text.find(needle, pos + 1)
        if pos < 0:
            raise InputError(f"{where}: {needle!r} occurrence {nth} not found in the text")
    return pos


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Sentence boundaries for gold events (paragraph breaks and sentence punctuation)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        gap = 1 if m.group(1) is not None else 2
        cut = m.start(gap)
        if cut > start:
            spans.append((start, cut))
        start = m.end(gap)
    if start < len(text):
        spans.append((start, len(text)))
    return spans


def compile_article(doc: dict[str, Any], where: str = "<article>") -> ArticleResult:
    """Compile one authored article (see the module docstring)."""
    text: str = doc["text"]
    published = dt.date.fromisoformat(doc["published"]) if doc.get("published") else None
    article = Article(
        id=doc["id"],
        url=doc.get("url"),
        title=doc.get("title"),
        text=text,
        language="en",
        published=published,
        published_source=PublishedSource.given if published else PublishedSource.unknown,
    )
    mentions: dict[str, list[Any]] = {k: [] for k in MENTION_PREFIXES}
    index: dict[str, str] = {}
    for kind, prefix in MENTION_PREFIXES.items():
        for n, item in enumerate(doc.get(kind, []), start=1):
            fields = {k: v for k, v in item.items() if k not in ("nth",)}
            nth = int(item.get("nth", 1))
            start = find_nth(text, item["text"], nth, f"{where} {kind}[{n - 1}]")
            mid = f"{prefix}{n}"
            if kind == "places" and fields.get("relative"):
                rel = dict(fields["relative"])
                fields["relative"] = rel
            if kind == "places":
                fields.setdefault("name", item["text"])
            if kind == "actors":
                fields.setdefault("name", item["text"])
            try:
                mention = MENTION_MODELS[kind].model_validate(
                    {**fields, "id": mid, "start": start, "end": start + len(item["text"])}
                )
            except ValidationError as exc:  # a misspelt sector or kind: say which mention
                problems = "; ".join(
                    f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()
                )
                raise InputError(f"{where} {kind}[{n - 1}] {item['text']!r}: {problems}") from exc
            mentions[kind].append(mention)
            index[f"{kind}:{item['text']}#{nth}"] = mid
    sents = sentence_spans(text)
    events: list[Event] = []
    for n, ev in enumerate(doc.get("events", []), start=1):
        w = f"{where} events[{n - 1}]"
        tstart = find_nth(text, ev["trigger"], int(ev.get("trigger_nth", 1)), w)
        tend = tstart + len(ev["trigger"])
        s0, s1 = next(((a, b) for a, b in sents if a <= tstart < b), (0, len(text)))
        args: list[Argument] = []
        for arg in ev.get("arguments", []):
            key = arg["mention"] if "#" in arg["mention"] else arg["mention"] + "#1"
            ref = index.get(key)
            if ref is None:
                raise InputError(f"{w}: argument {arg['mention']!r} names no annotated mention")
            kind, _, rest = key.partition(":")
            args.append(Argument(role=arg["role"], ref=ref, text=rest.rsplit("#", 1)[0]))
        events.append(
            Event(
                id=f"e{n}",
                type=ev["type"],
                subtype=ev.get("subtype"),
                trigger=Span(start=tstart, end=tend, text=ev["trigger"]),
                sentence=Span(start=s0, end=s1, text=text[s0:s1]),
                arguments=args,
                status=ev.get("status", "asserted"),
                date=ev.get("date"),
                deadline=ev.get("deadline"),
                confidence=1.0,
            )
        )
    return ArticleResult(article=article, events=events, **mentions)


def compile_folder(folder: Path) -> list[ArticleResult]:
    """Compile every ``*.json`` article under ``folder`` (sorted by file name)."""
    out = []
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out.append(compile_article(doc, str(path)))
    return out


def corpus_hash(paths: list[Path]) -> str:
    """SHA-256 over the given gold files, so a changed corpus is noticed."""
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()
