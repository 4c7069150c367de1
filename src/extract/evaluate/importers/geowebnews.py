"""GeoWebNews (Gritta et al. 2019): JSON lines of ``{id, title, url, text, toponyms}``, one
news article each, every toponym with its character offsets, pragmatic ``type``,
``non_locational`` flag and gold ``lat`` / ``lon``.

GeoWebNews annotates toponyms only, so no mention kind is in scope (``scope`` is empty):
its toponyms are not our places either (demonyms, metonymic "Ankara warned" and
non-locational uses are toponyms there and not places in our guidelines), so even the
regular places score would count right answers as errors. The toponyms are scored by
the geoparsing metric (:mod:`extract.evaluate.geo`) instead, from ``meta``:

* ``meta["toponyms"]``: the scored ones (literal types with coordinates, see
  :data:`~extract.evaluate.geo.SCORED_TYPES`, not ``non_locational``), each a dict of
  ``start``, ``end``, ``text``, ``type``, ``lat``, ``lon``, ``geonames_id`` and
  ``country``, the ISO alpha-3 of the gold point (derived from it, see
  :func:`~extract.evaluate.geo.countries_at`; none for a continent);
* ``meta["other_toponyms"]``: the rest, as ``start``, ``end``, ``text``, ``type``; a
  predicted place on one of them is neither right nor wrong.

The corpus gives no publication date, so none is set.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from extract.errors import InputError
from extract.evaluate.corpus import GoldDoc
from extract.evaluate.geo import SCORED_TYPES, continent_ids, countries_at
from extract.evaluate.importers._common import gold_files
from extract.records import Article, ArticleResult

SCOPE: frozenset[str] = frozenset()


def load(path: Path) -> list[GoldDoc]:
    """Load one GeoWebNews ``.jsonl`` file or every one under a folder."""
    items: list[tuple[dict[str, Any], str]] = []
    for p in gold_files(path, "*.jsonl"):
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                items.append((json.loads(line), f"{p}:{n}"))
            except json.JSONDecodeError as exc:
                raise InputError(f"not JSON: {exc}", source=f"{p}:{n}") from exc
    docs = [_doc(item, where) for item, where in items]
    _add_countries(docs)
    return docs


def _doc(item: dict[str, Any], where: str) -> GoldDoc:
    try:
        text = item["text"]
        raw = item["toponyms"]
    except (KeyError, TypeError) as exc:
        raise InputError("an article needs 'text' and 'toponyms'", source=where) from exc
    if not isinstance(text, str) or not isinstance(raw, list):
        raise InputError("'text' must be a string and 'toponyms' a list", source=where)
    url = item.get("url") or None
    scored: list[dict[str, Any]] = []
    other: list[dict[str, Any]] = []
    for t in raw:
        try:
            start, end = int(t["start"]), int(t["end"])
            typ = str(t["type"])
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError("a toponym needs 'start', 'end' and 'type'", source=where) from exc
        if not 0 <= start < end <= len(text):
            raise InputError(f"toponym offsets {start}-{end} outside the text", source=where)
        entry: dict[str, Any] = {"start": start, "end": end, "text": text[start:end], "type": typ}
        lat, lon = t.get("lat"), t.get("lon")
        if typ in SCORED_TYPES and not t.get("non_locational") and None not in (lat, lon):
            gid = t.get("geonames_id")
            scored.append(
                {
                    **entry,
                    "lat": float(lat),
                    "lon": float(lon),
                    "geonames_id": str(gid) if gid is not None else None,
                    "country": None,
                }
            )
        else:
            other.append(entry)
    article = Article(
        id=str(item.get("id") or Article.make_id(url, text)),
        url=url,
        title=item.get("title") or None,
        text=text,
        language="en",
    )
    meta = {"format": "geowebnews", "toponyms": scored, "other_toponyms": other}
    return GoldDoc(ArticleResult(article=article), scope=SCOPE, meta=meta)


def _add_countries(docs: list[GoldDoc]) -> None:
    """Fill each scored toponym's ``country`` in one reverse-geocoding pass. A continent
    (its GeoNames id one of GeoNames' continents) lies in no country: it keeps ``None``
    and is left out of country accuracy, as its gold point (Europe's lies in Germany)
    would otherwise give it the country of its centroid."""
    toponyms = [t for d in docs for t in d.meta["toponyms"]]
    continents = continent_ids()
    for t, country in zip(
        toponyms, countries_at([(t["lat"], t["lon"]) for t in toponyms]), strict=True
    ):
        t["country"] = None if t.get("geonames_id") in continents else country
