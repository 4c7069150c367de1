"""Tune and check halves of the public dev corpora.

Every public dev corpus is cut in two fixed halves by a hash of each document's id (the
file name for TimeML and MEANTIME, the topic for ECB+ (its clustering is scored within a
topic), ``doc_key`` for RAMS, the doc id for WikiEvents and GeoWebNews, the sentence's index
for NewsQuant): ``tune``, whose errors we read while
developing, and ``check``, which we only measure. A rule or feature stays only when the
check half agrees. CRC-32 is fixed across Python versions and runs (unlike ``hash``), so a
document never changes half.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from typing import Literal

from extract.evaluate.corpus import GoldDoc

Half = Literal["tune", "check"]
HALVES: tuple[Half, Half] = ("tune", "check")


def half_of(doc_id: str) -> Half:
    """The half a document belongs to, from its id alone."""
    return "tune" if zlib.crc32(doc_id.encode("utf-8")) % 2 == 0 else "check"


def gold_id(doc: GoldDoc) -> str:
    """The id a gold document is halved by: its topic, else its file name, else its id."""
    return str(doc.meta.get("topic") or doc.meta.get("file") or doc.result.article.id)


def split(docs: Iterable[GoldDoc], half: Half) -> list[GoldDoc]:
    """The documents of ``docs`` in ``half``."""
    return [d for d in docs if half_of(gold_id(d)) == half]
