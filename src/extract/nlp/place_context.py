"""Where a place lies when the gazetteer cannot say: relative positions ("north of the
capital, Kabul") and the town or country a street, building or unknown name takes from
its sentence or its article."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from spacy.tokens import Doc

from extract.nlp.extensions import doc_text
from extract.nlp.place_syntax import geo_words
from extract.nlp.syntax import sentence
from extract.nlp.types import PlaceDict, RelativeDict


@lru_cache(maxsize=1)
def _relative_rx() -> re.Pattern[str]:
    dirs = "|".join(sorted(geo_words()["directions"], key=len, reverse=True))
    return re.compile(
        rf"^,?\s*(?:(?:about|some|around)\s+)?(?:\d[\d,.]*\s*(?:km|kilometres|kilometers|miles|mi)\s+)?"
        rf"({dirs})(?:\s+of)?\s+(?:the\s+)?(?:(?:capital|city|town|village|province|region),?\s+)?",
        re.IGNORECASE,
    )


_IN_PLACE = re.compile(r",?\s+(?:in|at|near|outside)\s+(?:the\s+)?")
_COMMA = re.compile(r",\s*")
_REGION_KINDS = ("admin1", "admin2", "country")


def attach_context(
    doc: Doc,
    places: list[PlaceDict],
    named_town: Callable[[], PlaceDict | None] = lambda: None,
) -> None:
    """ "X north of the capital, Kabul": direction and anchor; "the Serena Hotel ... in
    central Kabul": an unresolved facility takes the place it is in; a name the gazetteer
    lacks ("Toomevara") takes the town written after it, else the article's main town,
    else only the article's country. ``named_town``: finds the town an article with no
    town among its places names inside another name ("the Winnipeg Fire Paramedic
    Service"), used as its main town; called only for such an article. Changes ``places``
    in place."""
    dirs: dict[str, str] = geo_words()["directions"]
    text = doc_text(doc)
    main = _main_town(places)
    country = _main_country(places)
    found = named_town() if main is None else None
    if found is not None and country in (None, found["country_code"]):
        main, country = found, found["country_code"]
    for i, p in enumerate(places):
        after = text[p["end"] : p["end"] + 80]
        m = _relative_rx().match(after)
        anchor_place: PlaceDict | None = None
        # IGNORECASE matches more than the table's spellings ("ſouth"): .get
        direction = dirs.get(m.group(1).casefold()) if m else None
        if m and direction is not None:
            at = p["end"] + m.end()
            anchor_place = next((q for q in places[i + 1 :] if q["start"] == at), None)
            if anchor_place is not None:
                p["relative"] = RelativeDict(
                    direction=direction,
                    anchor=anchor_place["name"],
                    anchor_id=anchor_place["id"],
                )
        region = _region_after(text, p, places[i + 1 : i + 2])
        if (
            region is not None
            and p["kind"] == "city"
            and p["country_code"] not in (None, region["country_code"])
        ):
            # "Rockingham, Northamptonshire": no namesake in the region written after it
            # (the gazetteer's are in Australia and America): it lies in that region
            p["kind"], p["country_code"], p["name"] = "unknown", None, p["text"]
            p["lat"] = p["lon"] = None
        if p["country_code"] is None and p["kind"] == "unknown" and _is_street(p["text"]):
            p["kind"] = "facility"  # "Royal Street", "the Carnegie Library"
        if p["kind"] == "facility" and p["country_code"] is None:
            here = doc.char_span(p["start"], p["end"], alignment_mode="expand")
            sent_end = sentence(here).end_char if here is not None else p["end"]
            if anchor_place is None:
                anchor_place = next(
                    (q for q in places[i + 1 :] if q["start"] < sent_end and q["country_code"]),
                    None,
                )
            if anchor_place is None:
                # "Royal Street", "the Princes Theatre": a street or building is in
                # the town the article is about
                anchor_place = main
            if anchor_place is not None and anchor_place["country_code"]:
                _place_near(p, anchor_place)
            elif country is not None:
                # no town to put it in: it is in the country the article's places are
                p["country_code"], p["precision"] = country, "country"
        elif p["kind"] == "unknown" and p["country_code"] is None and not p["dateline"]:
            # a name the gazetteer lacks ("Toomevara", "Le Bernardin in New York"):
            # the place written right after it as where it is, else only the
            # country the article's places are in
            written = _IN_PLACE.match(text, p["end"])
            inside = (
                next((q for q in places[i + 1 :] if q["start"] == written.end()), None)
                if written is not None
                else None
            )
            if inside is None:
                inside = region  # "Knockhill, Fife"
            if inside is None:
                inside = main
            if inside is not None and inside["country_code"] and inside["lat"] is not None:
                _place_near(p, inside)
            elif country is not None:
                p["country_code"], p["precision"] = country, "country"


def _region_after(text: str, p: PlaceDict, following: list[PlaceDict]) -> PlaceDict | None:
    """The region or country written right after ``p`` and a comma, as where it is
    ("Knockhill, Fife", "Severn, Md.")."""
    if not following:
        return None
    q = following[0]
    m = _COMMA.match(text, p["end"])
    if m is None or q["start"] != m.end() or q["kind"] not in _REGION_KINDS:
        return None
    return q if q["country_code"] and q["lat"] is not None else None


def _place_near(p: PlaceDict, anchor: PlaceDict) -> None:
    """``p`` lies at ``anchor``'s point, in its country and region (precision ``near``)."""
    p["country_code"], p["admin1"] = anchor["country_code"], anchor["admin1"]
    p["lat"], p["lon"] = anchor["lat"], anchor["lon"]
    p["precision"] = "near"


def _is_street(text: str) -> bool:
    words = text.lower().replace(".", "").split()
    return len(words) >= 2 and words[-1] in geo_words()["street_heads"]


def _main_country(places: list[PlaceDict]) -> str | None:
    """The country most of an article's resolved places lie in (the earliest on a tie);
    facilities, which take their country from these, are not counted."""
    counts: dict[str, int] = {}
    for p in places:
        if p["kind"] != "facility" and p["country_code"]:
            counts[p["country_code"]] = counts.get(p["country_code"], 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


def _main_town(places: list[PlaceDict]) -> PlaceDict | None:
    """The town an article keeps coming back to: the resolved town named most often (the
    earliest on a tie) in the country most of its places lie in; a lone town abroad (a
    surname read as a town in Mauritius) does not place the article's streets."""
    country = _main_country(places)
    counts: dict[tuple[float | None, float | None], int] = {}
    for p in places:
        if p["kind"] == "city" and p["lat"] is not None and p["country_code"] == country:
            key = (p["lat"], p["lon"])
            counts[key] = counts.get(key, 0) + 1
    if not counts:
        return None
    top = max(counts, key=lambda k: counts[k])  # dicts keep order: the earliest on a tie
    return next(
        p
        for p in places
        if p["kind"] == "city" and (p["lat"], p["lon"]) == top and p["country_code"] == country
    )
