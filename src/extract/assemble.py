"""The last stage: an annotated Doc becomes a typed :class:`ArticleResult`."""

from __future__ import annotations

from spacy.tokens import Doc

from extract.records import (
    ActorMention,
    Argument,
    Article,
    ArticleResult,
    Event,
    PlaceMention,
    PublishedSource,
    QuantityMention,
    RelativePosition,
    Span,
    TimeMention,
)

UNREAD_DATE_WARNING = (
    "publication date of the record not read: {raw!r} is not a full, unambiguous date; "
    "the article was processed without it (kept in published_raw)"
)
UNREAD_DATE_PREFIX = UNREAD_DATE_WARNING.split(":", 1)[0]


def result_from_doc(article: Article, doc: Doc) -> ArticleResult:
    """Turn the ``Doc._`` annotations of ``doc`` (whose text is ``article.text``) into records."""
    text = article.text
    warnings: list[str] = []
    if article.published_raw is not None and article.published_source is not PublishedSource.given:
        warnings.append(UNREAD_DATE_WARNING.format(raw=article.published_raw))
    if article.published is None:
        warnings.append(
            "publication date unknown: relative dates are left unresolved (e.g. XXXX-03-10)"
        )
    times = [TimeMention.model_validate(t) for t in doc._.times or []]
    quantities = [
        QuantityMention.model_validate({k: v for k, v in q.items() if k != "head_i"})
        for q in doc._.quantities or []
    ]
    places = []
    found = [*(doc._.places or []), *(doc._.embedded_places or [])]
    for p in sorted(found, key=lambda p: p["start"]):
        rel = p["relative"]
        data = {**p, "relative": RelativePosition.model_validate(rel) if rel else None}
        places.append(PlaceMention.model_validate(data))
    actors = [ActorMention.model_validate(a) for a in doc._.actors or []]
    by_id = {a.id: a for a in actors}
    places_by_id = {p.id: p for p in places}
    events = [
        Event(
            id=e["id"],
            type=e["type"],
            subtype=e["subtype"],
            trigger=_word(text, e["trigger_start"], e["trigger_end"]),
            sentence=Span(
                start=e["sentence_start"],
                end=e["sentence_end"],
                text=text[e["sentence_start"] : e["sentence_end"]],
            ),
            arguments=[_argument(a, by_id, places_by_id) for a in e["arguments"]],
            status=e["status"],
            date=e["date"],
            deadline=e["deadline"],
            confidence=e["confidence"],
            mentions=[Span(start=s, end=t, text=text[s:t]) for s, t in e.get("mentions", [])],
            merged_words=[
                Span(start=s, end=t, text=text[s:t]) for s, t in e.get("merged_words", [])
            ],
        )
        for e in doc._.events or []
    ]
    return ArticleResult(
        article=article,
        times=times,
        quantities=quantities,
        places=places,
        actors=actors,
        events=events,
        warnings=warnings,
    )


_SIDES = ("source", "target", "recipient")


def _word(text: str, start: int, end: int) -> Span:
    """A trigger as the word it is written in: the tokenizer splits "counter-attacked" at
    its hyphen and the typer reads "attacked", but the word the reader sees is the whole."""
    while start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha():
        start -= 2
        while start > 0 and text[start - 1].isalpha():
            start -= 1
    return Span(start=start, end=end, text=text[start:end])


def _argument(
    arg: dict[str, object], actors: dict[str, ActorMention], places: dict[str, PlaceMention]
) -> Argument:
    """An event argument; one that is an actor carries its entity, country and sector,
    so each event's dyad reads without a lookup, and so does a country named as a side
    ("recalled its ambassador from Uganda": the Uganda government)."""
    a = actors.get(str(arg["ref"]))
    p = places.get(str(arg["ref"]))
    if a is None and p is not None and p.kind == "country" and arg["role"] in _SIDES:
        coding = {"entity": f"{p.name} government", "country_code": p.country_code}
        return Argument.model_validate({**arg, **coding, "sector": "government"})
    if a is None:
        return Argument.model_validate(arg)
    return Argument.model_validate(
        {**arg, "entity": a.canonical, "country_code": a.country_code, "sector": a.sector}
    )
