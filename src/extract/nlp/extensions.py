"""Doc extensions, registered in one place and idempotently.

Values are lists of plain dicts (msgpack-serialisable), so a ``DocBin`` with
``store_user_data=True`` round-trips them. The typed shapes are the ``TypedDict``\\ s in
:mod:`extract.nlp.types`; the records stage turns them into pydantic records.
"""

from __future__ import annotations

import datetime as dt

from spacy.tokens import Doc

EXTENSIONS: dict[str, object] = {
    "published": None,  # ISO date string of the publication date, or None when unknown
    "times": None,
    "quantities": None,
    "places": None,
    # towns named inside an organisation's or event's name ("the Winnipeg Police Service"):
    # not places the story tells of, so no later stage reads them; the records keep them
    "embedded_places": None,
    "actors": None,
    "dateline_country": None,  # alpha-3 of the wire dateline's city (places), for actor coding
    "events": None,
}


def register_extensions() -> None:
    """Register every ``Doc._`` attribute the pipeline uses (safe to call many times)."""
    for name, default in EXTENSIONS.items():
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)


def doc_anchor(doc: Doc) -> dt.date | None:
    """The publication date set on ``doc._.published``, or None when unknown."""
    pub = doc._.published
    if not pub:
        return None
    try:
        return dt.date.fromisoformat(str(pub)[:10])
    except ValueError:
        return None


_TEXT_KEY = "newsevents.text"


def remember_text(doc: Doc, text: str) -> None:
    """Record the text ``doc`` was made from, for :func:`doc_text`."""
    doc.user_data[_TEXT_KEY] = text


def doc_text(doc: Doc) -> str:
    """``doc.text``, built once per doc (spaCy joins every token each time it is read)."""
    key = _TEXT_KEY
    text = doc.user_data.get(key)
    if not isinstance(text, str):
        text = doc.text
        doc.user_data[key] = text
    return text
