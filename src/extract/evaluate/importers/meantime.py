"""NewsReader MEANTIME (CAT XML: ``<token>`` elements plus ``<Markables>`` anchored to them).

The text is rebuilt from the tokens (Penn-Treebank spacing undone, one line per
sentence). Gold: the TIMEX3 markables (the document creation time also becomes the
publication date; Wikinews prints it as a line of the text, where it counts); entity mentions whose entity (via ``REFERS_TO``) is a LOC (places)
or a PER / ORG (actors), names and descriptions but not pronouns, conjunctions or
appositions (which would count a mention twice); and VALUE markables that read as a
number (quantities). MEANTIME events are not PLOVER-typed, so they are not in scope; their
counts go to ``meta``, and each event mention's factuality goes to
``meta["event_status"]`` as our status (:func:`mention_status`), which the scorer checks
against the status of our events on the same words.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.importers._common import (
    Mentions,
    TokenText,
    gold_files,
    join_tokens,
    parse_date,
    parse_xml,
    ptb_spacing,
)
from extract.nlp.quantities import Reading, read_quantity
from extract.records import Article, PublishedSource

SCOPE = frozenset({"times", "places", "actors", "quantities"})
# MEANTIME entity types -> (record kind, actor kind); PRO (products) and FIN are neither.
_ENTITY_KINDS: dict[str, tuple[str, str | None]] = {
    "LOC": ("places", None),
    "PER": ("actors", "person"),
    "ORG": ("actors", "organisation"),
}
# Names (NAM), descriptions (NOM) and their premodifier forms; pronouns (PRO) are not
# mentions for us, and CONJ / APP / PTV / HLS / ARC spans contain mentions counted apart.
_SYNTACTIC_TYPES = frozenset({"NAM", "NOM", "PRE.NAM", "PRE.NOM"})
_GLUED_UNIT = re.compile(r"^(\d[\d,]*(?:\.\d+)?)-?([A-Za-z]+)$")  # "60GB", "3.5-inch"
_ORDINAL = frozenset({"st", "nd", "rd", "th"})


def load(path: Path) -> list[GoldDoc]:
    """Load one MEANTIME ``.xml`` file or every one under a folder."""
    return [_load_file(p) for p in gold_files(path, "*.xml")]


def _load_file(path: Path) -> GoldDoc:
    root = parse_xml(path, "MEANTIME XML")
    if root.tag != "Document":
        raise InputError("no <Document> root", source=str(path))
    tt, index = _text(root)
    markables = root.find("Markables")
    marks = list(markables) if markables is not None else []
    entity_type = _entity_types(root, marks)
    title = tt.text[slice(*tt.sentences[0])] if tt.sentences else None
    mentions = Mentions(tt.text)
    dct: str | None = None
    skipped: Counter[str] = Counter()
    unread: list[str] = []
    statuses: list[dict[str, Any]] = []
    for m in marks:
        tokens = [
            index[a.get("t_id", "")] for a in m.iter("token_anchor") if a.get("t_id") in index
        ]
        if m.tag == "TIMEX3" and m.get("functionInDocument") == "CREATION_TIME":
            dct = m.get("value")
            if not tokens:
                continue
            # Wikinews prints the creation date as a line of the text: it is an annotated
            # TIMEX3 there, so it stays in the gold (a tagger that finds it is right)
        if not tokens:
            continue  # non-text-consuming markables (implicit times, entity instances)
        start, end = tt.span(min(tokens), max(tokens))
        if m.tag == "TIMEX3":
            mentions.add_timex(start, end, dict(m.attrib))
        elif m.tag == "ENTITY_MENTION":
            ent = entity_type.get(m.get("m_id", ""))
            if ent not in _ENTITY_KINDS:
                continue
            if m.get("syntactic_type") not in _SYNTACTIC_TYPES:
                skipped[m.get("syntactic_type") or "?"] += 1
                continue
            kind, actor_kind = _ENTITY_KINDS[ent]
            name = tt.text[start:end]
            if kind == "places":
                mentions.add("places", start, end, name=name, kind="unknown")
            else:
                mentions.add("actors", start, end, name=name, canonical=name, kind=actor_kind)
        elif m.tag == "EVENT_MENTION":
            status = mention_status(m.attrib)
            if status is not None:
                statuses.append({"start": start, "end": end, "status": status})
        elif m.tag == "VALUE":
            words = [tt.text[tt.starts[i] : tt.ends[i]] for i in sorted(tokens)]
            fields = _quantity(words, m.get("type", ""))
            if fields is None:
                unread.append(tt.text[start:end])
            else:
                mentions.add("quantities", start, end, **fields)
    published = parse_date(dct)
    article = Article(
        id=root.get("doc_name") or path.stem,
        url=root.get("url"),
        title=title,
        text=tt.text,
        language=root.get("lang") or "en",
        published=published,
        published_source=PublishedSource.given if published else PublishedSource.unknown,
    )
    relations = root.find("Relations")
    meta: dict[str, Any] = {
        "format": "meantime",
        "file": path.name,
        "event_mention_count": sum(1 for m in marks if m.tag == "EVENT_MENTION"),
        "participant_links": (
            sum(1 for r in relations if r.tag == "HAS_PARTICIPANT") if relations is not None else 0
        ),
        "event_status": statuses,
        "skipped_entity_mentions": dict(skipped),
        "unread_values": unread,
    }
    return GoldDoc(mentions.result(article), scope=SCOPE, meta=meta)


def mention_status(attrib: dict[str, str]) -> str | None:
    """Our status of a MEANTIME event mention from its factuality attributes: negative
    polarity -> ``negated``; a possible or probable certainty -> ``hypothetical``; future
    time -> ``future``; certain, positive and not future -> ``asserted``. None where the
    annotators left them unset or underspecified."""
    polarity, certainty, time = (attrib.get(k, "") for k in ("polarity", "certainty", "time"))
    if polarity == "NEG":
        return "negated"
    if certainty in ("POSSIBLE", "PROBABLE"):
        return "hypothetical"
    if polarity != "POS" or certainty != "CERTAIN":
        return None
    if time == "FUTURE":
        return "future"
    return "asserted" if time == "NON_FUTURE" else None


ANNOTATED_SENTENCES = 6  # MEANTIME annotates the title and the first five sentences


def _text(root: ET.Element) -> tuple[TokenText, dict[str, int]]:
    """The annotated text (title + first five sentences), one line per sentence, and
    each token id's index in it. The rest of the article carries no annotation, so
    scoring it would count every correct extraction there as a false positive."""
    sentences: list[list[str]] = []
    ids: list[list[str]] = []
    last: str | None = None
    for tok in root.iter("token"):
        sent = tok.get("sentence", "0")
        if sent != last:
            if len(sentences) == ANNOTATED_SENTENCES:
                break
            sentences.append([])
            ids.append([])
            last = sent
        sentences[-1].append(tok.text or "")
        ids[-1].append(tok.get("t_id", ""))
    tt = join_tokens(sentences, spaced=[ptb_spacing(s) for s in sentences])
    flat = [t for sent_ids in ids for t in sent_ids]
    return tt, {t: i for i, t in enumerate(flat)}


def _entity_types(root: ET.Element, marks: list[ET.Element]) -> dict[str, str]:
    """Entity mention m_id -> its entity's type (PER, ORG, LOC, ...), via REFERS_TO."""
    entities = {m.get("m_id", ""): m.get("ent_type", "") for m in marks if m.tag == "ENTITY"}
    out: dict[str, str] = {}
    relations = root.find("Relations")
    if relations is None:
        return out
    for rel in relations.iter("REFERS_TO"):
        target = rel.find("target")
        ent = entities.get(target.get("m_id", "") if target is not None else "")
        if ent:
            for src in rel.iter("source"):
                out[src.get("m_id", "")] = ent
    return out


def _quantity(words: list[str], vtype: str) -> dict[str, Any] | None:
    """Value, bounds and unit of a VALUE markable's tokens, or None when no number reads.

    Trailing tokens that do not read ("$ 99 ( USD", "15 ''") are dropped one by one, and a
    unit glued to the number ("60GB", "3.5-inch") is split off.
    """
    for n in range(len(words), 0, -1):
        reading = read_quantity(" ".join(words[:n]))
        if reading is not None and reading.value is not None:
            unit = reading.unit
            rest = words[n:]
            if unit is None and vtype == "QUANTITY" and len(rest) == 1 and rest[0].isalpha():
                unit = rest[0]  # "2 GHz"
            return _fields(reading, unit, vtype)
    if len(words) == 1:
        m = _GLUED_UNIT.match(words[0])
        if m and m.group(2).lower() not in _ORDINAL:
            reading = read_quantity(m.group(1))
            if reading is not None and reading.value is not None:
                return _fields(reading, m.group(2), vtype)
    return None


def _fields(reading: Reading, unit: str | None, vtype: str) -> dict[str, Any]:
    if vtype == "PERCENT":
        unit = "percent"
    return {
        "value": reading.value,
        "lower": reading.lower,
        "upper": reading.upper,
        "approximate": reading.approximate,
        "unit": unit,
    }
