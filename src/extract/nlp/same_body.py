"""Mentions that are the same body as another mention of the article, and take its
coding (canonical, kind, sector, country): a member named in a group ("French companies
including TotalEnergies"), people from a named body ("gunmen from the JNIM"), a
description the article gives a body ("the VDP, as the volunteer fighters are known"),
the head noun of a body's name ("the bank" after "the World Bank"), and "the Eritreans"
in a story that names Eritrean troops.

Plain functions over the actor dicts of one document, called by the coding component
(:mod:`extract.nlp.coding`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Doc, Span

from extract.nlp.types import ActorDict

_CODING_KEYS = ("canonical", "kind", "sector", "country_code", "country_basis")


def take_coding(a: ActorDict, body: ActorDict) -> None:
    """``a`` is ``body``: its canonical, kind, sector, country and the confidence of it."""
    for key in _CODING_KEYS:
        a[key] = body[key]  # type: ignore[literal-required]
    a["country_confidence"] = body.get("country_confidence")


def member_of_a_group(doc: Doc, a: ActorDict, actors: list[ActorDict], confidence: float) -> None:
    """A body named as a member of a group ("French companies including TotalEnergies and
    Renault", "rebel groups such as the JEM") takes the group's sector and country where
    it has none of its own (a multinational's "international" is none: the article may
    give it one)."""
    open_country = a["country_basis"] == "unknown" or (
        a["country_basis"] == "international" and a["kind"] == "company"
    )
    if a["sector"] != "unknown" and not open_country:
        return
    span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    if span is None or len(span) == 0:
        return
    first = span.root
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head
    prep = first.head
    if first.dep_ != "pobj" or not (
        prep.lower_ in ("including", "like")
        or (prep.lower_ == "as" and prep.i > 0 and doc[prep.i - 1].lower_ == "such")
    ):
        return
    group = prep.head if prep.lower_ != "as" else doc[prep.i - 1].head
    owner = next((b for b in actors if b["start"] <= group.idx < b["end"]), None)
    if owner is None or owner is a:
        return
    if a["sector"] == "unknown" and owner["sector"] != "unknown":
        a["sector"] = owner["sector"]
    if open_country and owner["country_code"]:
        a["country_code"], a["country_basis"] = owner["country_code"], "affiliation"
        a["country_confidence"] = confidence


_STATE_KINDS = ("government", "military", "police", "country")
_GROUP_NOUN_KINDS = ("armed_group", "military", "police", "civilians")


_AS_KNOWN = re.compile(r",?\s+as\s+(?:the\s+)?([\w'-]+(?:\s+[\w'-]+){0,3}?)\s+(?:are|is)\s+known\b")


def known_as_in_the_article(text: str, actors: list[ActorDict]) -> None:
    """ "the VDP, as the volunteer fighters are known": the article calls a named body by a
    description; every mention of that description ("5,000 newly recruited volunteer
    fighters") is the body (its canonical, kind, sector and country)."""
    for body in actors:
        m = _AS_KNOWN.match(text, body["end"])
        if m is None or body["kind"] in ("person", "unknown"):
            continue
        words = m.group(1).lower()
        for a in actors:
            low = a["text"].lower()
            if a is body or not (low == words or low.endswith(" " + words)):
                continue
            take_coding(a, body)


def from_a_named_group(doc: Doc, a: ActorDict, actors: list[ActorDict]) -> None:
    """ "gunmen from al-Qaeda in the Islamic Maghreb", "fighters from the TPLF": people
    named by a group noun and the body they come from are that body, as ACLED codes them
    (its canonical, sector and country)."""
    if a["kind"] not in _GROUP_NOUN_KINDS or a["country_basis"] in ("known", "explicit"):
        return
    span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    if span is None or len(span) == 0 or any(t.pos_ == "PROPN" for t in span):
        return
    body = _body_after(span, "from", a, actors)
    if body is not None:
        take_coding(a, body)


def _body_after(
    span: Span, word: str, a: ActorDict, actors: list[ActorDict], next_to: bool = False
) -> ActorDict | None:
    """The body (no person or crowd) named by the object of ``word`` on the mention's
    head ("fighters from the TPLF", "Faisal Hossain of Border Guard Bangladesh"), when
    its country is sure; with ``next_to``, only a preposition right after the mention."""
    prep = next((c for c in span.root.children if c.dep_ == "prep" and c.lower_ == word), None)
    if prep is None or (next_to and prep.i != span.end):
        return None
    pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    if pobj is None:
        return None
    body = next((b for b in actors if b["start"] <= pobj.idx < b["end"]), None)
    if body is None or body is a or body["kind"] in ("person", "unknown", "civilians"):
        return None
    return body if body["country_basis"] in ("known", "explicit", "international") else None


def person_of_a_body(doc: Doc, a: ActorDict, actors: list[ActorDict], confidence: float) -> None:
    """A named person written with "of" a body ("Lieutenant Colonel Faisal Hossain of
    Border Guard Bangladesh") acts for it: its country where the person has none of their
    own, and its sector where the name gave none."""
    if a["kind"] != "person" or a["country_basis"] != "unknown":
        return
    span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    if span is None or len(span) == 0:
        return
    body = _body_after(span, "of", a, actors, next_to=True)
    if body is None:
        return
    if a["sector"] == "unknown":
        a["sector"] = body["sector"]
    if body["country_code"]:
        a["country_code"], a["country_basis"] = body["country_code"], "affiliation"
        a["country_confidence"] = confidence
    else:  # an international body's officer: none, as the body
        a["country_basis"] = body["country_basis"]
        a["country_confidence"] = body.get("country_confidence")


_OWN_BODY_KINDS = ("armed_group", "political_party", "organisation", "company")


def its_own_people(doc: Doc, a: ActorDict, actors: list[ActorDict]) -> None:
    """ "Boko Haram ... when its fighters abducted", "demanded that the government free
    dozens of its jailed fighters", "Hezbollah to move its fighters": people named by a
    group noun after "its" or "their" are the named body that owns them, as ACLED codes
    them. The owner is the body that is the subject of a clause the mention stands in,
    else the nearest one named before it in the sentence; troops or police under a
    state's subject are the state's own ("demanded that the government confine its
    troops"), fighters are not ("... free dozens of its jailed fighters")."""
    if a["kind"] not in _GROUP_NOUN_KINDS or a["country_basis"] in ("known", "explicit"):
        return
    span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    if span is None or len(span) == 0:
        return
    root = span.root
    if not any(c.dep_ == "poss" and c.lower_ in ("its", "their") for c in root.children):
        return
    sent = root.sent
    bodies = [
        b
        for b in actors
        if b is not a
        and b["kind"] in _OWN_BODY_KINDS
        and sent.start_char <= b["start"] < a["start"]
        and b["country_basis"] in ("known", "explicit", "international")
    ]
    if not bodies:
        return
    for verb in root.ancestors:
        subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None:
            continue
        actor = next((b for b in actors if b["start"] <= subj.idx < b["end"]), None)
        if actor is None or actor is a:
            continue
        if any(actor is b for b in bodies):
            take_coding(a, actor)
            return
        if a["kind"] in ("military", "police"):
            return  # "demanded that the government confine its troops": the state's own
        # "demanded that the government free dozens of its jailed fighters": fighters are
        # no state's; the owner is further up
    take_coding(a, bodies[-1])


_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)


def _after_the(text: str, start: int) -> bool:
    """The mention at ``start`` is written after "the" ("the bank", "the Eritreans")."""
    return _THE_BEFORE.search(text[max(0, start - 4) : start]) is not None


def _head_word(name: str) -> str:
    """The noun a body's name is built on: "World Bank" -> "bank", "Ministry of Defence"
    -> "ministry"."""
    words = name.split(" of ")[0].split()
    return words[-1].lower() if words else ""


def the_noun_of_a_name(text: str, actors: list[ActorDict]) -> None:
    """ "the bank" after "The World Bank", "the union" after "the Kenya Medical
    Practitioners Union": a definite noun that is the head of a body's name said before it
    is that body (its canonical, kind, sector and country). A generic state actor ("the
    army" after "the Arakan Army") keeps its own coding: it may be the state's."""
    named: dict[str, ActorDict] = {}
    for a in actors:
        words = a["text"].split()
        if len(words) > 1 and a["kind"] not in ("person", "unknown") and words[-1][:1].isupper():
            named[_head_word(a["canonical"])] = a
            continue
        body = named.get(a["text"].lower()) if len(words) == 1 else None
        if body is None or a["kind"] in _STATE_KINDS or body is a:
            continue
        if not _after_the(text, a["start"]):
            continue
        take_coding(a, body)


def _definite_without_country(
    text: str, actors: list[ActorDict]
) -> Iterator[tuple[ActorDict, list[ActorDict]]]:
    """Each mention written after "the" with no country of its own, with the mentions
    before it."""
    for n, a in enumerate(actors):
        if a["country_basis"] == "unknown" and _after_the(text, a["start"]):
            yield a, actors[:n]


def the_body_named_before(text: str, actors: list[ActorDict]) -> None:
    """ "the defence ministry" after "the Turkish defence ministry": a definite mention
    with no country of its own that repeats the end of a body named before it with one is
    that body (not the story's country)."""
    for a, before in _definite_without_country(text, actors):
        if a["kind"] in ("person", "unknown"):
            continue
        tail = " " + a["text"].lower()
        body = next(
            (
                b
                for b in reversed(before)
                if b["text"].lower().endswith(tail)
                and b["kind"] == a["kind"]
                and b["country_basis"] in ("explicit", "known")
            ),
            None,
        )
        if body is not None:
            take_coding(a, body)


_SURE = ("explicit", "known", "affiliation", "international")


def the_envoy_named_before(text: str, actors: list[ActorDict], envoys: set[str]) -> None:
    """ "the envoy", "the ambassador" after "Turkey's charge d'affaires" was summoned: a
    diplomat written with "the" and no country of their own is the last diplomat named
    before with one (``envoys``: the nouns for diplomats)."""
    for a, before in _definite_without_country(text, actors):
        if a["text"].lower() not in envoys:
            continue
        body = next((b for b in reversed(before) if b["text"].lower().split()[-1] in envoys), None)
        if body is not None and body["country_basis"] in _SURE:
            take_coding(a, body)  # the last diplomat named, when their country is sure


def the_nationals_as_their_forces(text: str, actors: list[ActorDict]) -> None:
    """ "unless the Eritreans left", in a story that names Eritrean troops: "the" and a
    plural demonym stand for that country's forces named elsewhere in the article, not its
    civilians ("ordinary Eritreans", without "the", stay civilians)."""
    forces = {
        a["country_code"]: a
        for a in actors
        if a["kind"] == "military" and a["country_code"] and a["country_basis"] == "explicit"
    }
    for a in actors:
        body = forces.get(a["country_code"] or "")
        if body is None or a["kind"] != "civilians" or " " in a["text"]:
            continue
        if not a["text"][:1].isupper() or not _after_the(text, a["start"]):
            continue
        take_coding(a, body)
