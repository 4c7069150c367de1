"""TimeML 1.2 (``*.tml``, e.g. TempEval-3 TBAQ-cleaned: ``TimeBank/``, ``AQUAINT/``).

The text is the content of ``<TEXT>`` with its tags removed; the publication date is the
document creation time (the TIMEX3 with ``functionInDocument="CREATION_TIME"``); the gold
times are every TIMEX3 inside ``<TEXT>``. Only times are in scope.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers._common import Mentions, gold_files, parse_date, parse_xml
from extract.records import Article, PublishedSource

SCOPE = frozenset({"times"})


def load(path: Path) -> list[GoldDoc]:
    """Load one ``.tml`` file or every ``.tml`` file under a folder."""
    return [_load_file(p) for p in gold_files(path, "*.tml")]


def _load_file(path: Path) -> GoldDoc:
    root = parse_xml(path, "TimeML")
    body = root.find("TEXT")
    if body is None:
        raise InputError("no <TEXT> element", source=str(path))
    parts: list[str] = []
    timexes: list[tuple[int, int, dict[str, str]]] = []
    _walk(body, parts, timexes, 0)
    text = "".join(parts)
    dct = next(
        (
            t.get("value")
            for t in root.iter("TIMEX3")
            if t.get("functionInDocument") == "CREATION_TIME"
        ),
        None,
    )
    published = parse_date(dct)
    docid = root.findtext("DOCID") or path.stem
    article = Article(
        id=docid.strip(),
        title=(root.findtext("TITLE") or "").strip() or None,
        text=text,
        language="en",
        published=published,
        published_source=PublishedSource.given if published else PublishedSource.unknown,
    )
    mentions = Mentions(text)
    for start, end, attrs in timexes:
        mentions.add_timex(start, end, attrs)
    return GoldDoc(
        mentions.result(article), scope=SCOPE, meta={"format": "timeml", "file": path.name}
    )


def _walk(
    el: ET.Element, parts: list[str], timexes: list[tuple[int, int, dict[str, str]]], pos: int
) -> int:
    """Append ``el``'s text (not its tail) to ``parts``, noting each TIMEX3's span."""
    if el.text:
        parts.append(el.text)
        pos += len(el.text)
    for child in el:
        start = pos
        pos = _walk(child, parts, timexes, pos)
        if child.tag == "TIMEX3":
            timexes.append((start, pos, dict(child.attrib)))
        if child.tail:
            parts.append(child.tail)
            pos += len(child.tail)
    return pos
