"""Which words are place names by where they stand: tests over spaCy tokens and
entities that the places component (:mod:`extract.nlp.places`) and the actors component
use ("Ankara warned Damascus" is an actor; "to Cirencester" a place; "Knockhill, Fife"
names the county Fife)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from spacy.tokens import Doc, Span, Token

from extract.nlp.extensions import doc_text
from extract.tables import load_table


@lru_cache(maxsize=1)
def geo_words() -> dict[str, Any]:
    """The place word lists (``resources/geo_words.json``)."""
    return load_table("geo_words")  # type: ignore[no-any-return]


BORDERS = frozenset({"border", "frontier", "boundary"})
REACH_VERBS = frozenset(
    {
        "enter",
        "reach",
        "visit",
        "capture",
        "seize",
        "recapture",
        "shell",
        "bomb",
        "besiege",
        "storm",
        "evacuate",
        "leave",
        "strike",
        "hit",
        "attack",
        "target",
        "pound",
        "raid",
        "bombard",
    }
)  # "police entered Mekelle", "drones struck Odesa": the object is a place
STRIKE_NOUNS = frozenset(
    {"attack", "strike", "airstrike", "assault", "offensive", "raid", "bombardment", "shelling"}
)  # "a missile attack on Kharkiv", "the offensive against Bakhmut": where it hit
KNOWN_CITY = 100_000  # a city this large is a place even where its country goes unnamed


def is_actor_use(span: Span) -> bool:
    """A country or capital used for its government: "Washington signed", "China has
    stressed", "talks between the United States and the Taliban", "U.S. troops",
    "Algeria's Foreign Ministry", "Ankara warned Damascus", "the presidents of Turkey and
    Iran", "the US-China trade war". Not "Georgia, a former Soviet republic", "flights
    between Tripoli and Benghazi" or "the border with Turkey"."""
    g = geo_words()
    while True:  # a loop, not recursion: a list of a thousand names is one conj chain
        root = span.root
        # "Georgia, a former Soviet republic, ...", "Antwerp, Europe's busiest port"
        if any(c.dep_ == "appos" and c.lemma_.lower() in g["place_nouns"] for c in root.children):
            return False
        if not (root.dep_ == "conj" and root.head.i < root.i):
            break
        # "Washington and Ottawa have pledged", "talks between X and Y": as the first one
        span = span.doc[root.head.i : root.head.i + 1]
    if root.dep_ == "nsubjpass" and root.head.lemma_.lower() in REACH_VERBS:
        return False  # "Kyiv was hit by missiles", "Sanaa was bombed": the place struck
    if root.dep_ in ("nsubj", "nsubjpass", "agent"):
        return True
    if paired_parties(span):
        return True
    if root.dep_ == "poss" and root.head.pos_ in ("NOUN", "PROPN"):
        # "Algeria's Foreign Ministry", "France's support"; not "Peru's southern region"
        return (
            root.head.lemma_.lower() in g["actor_heads"]
            or root.head.lemma_.lower() in g["actor_possessions"]
        )
    if root.dep_ == "dobj" and root.head.lemma_.lower() in g["actor_object_verbs"]:
        return True  # "Ankara warned Damascus", "required Israel to withdraw"
    if (
        root.dep_ == "dobj"
        and root.head.lemma_.lower() not in REACH_VERBS
        and any(
            c.dep_ == "xcomp" and c.i > root.i and any(a.lower_ == "to" for a in c.children)
            for c in root.head.children
        )
    ):  # the one who is to act, whatever the verb: "prompting Japan to consider"; not a
        # place gone to for a purpose ("left Chile to find work")
        return True
    if root.dep_ == "dative":  # the one given something: "to sell Saudi Arabia 180 guns"
        return True
    if root.dep_ == "pobj" and root.head.lower_ == "of" and root.head.head.pos_ == "NOUN":
        # "the presidents of Turkey, Russia and Iran", "at the request of Maputo"
        owner = root.head.head.lemma_.lower()
        if owner in g["actor_heads"] or owner in g["actor_possessions"]:
            return True
    on = root.head.head
    if (
        root.dep_ == "pobj"
        and root.head.lower_ in ("on", "upon")
        and (
            on.lower_ in g["on_actor_heads"]
            or (on.dep_ == "dobj" and on.head.lemma_.lower() in g["on_actor_heads"])
        )
    ):  # "sanctions on Moscow", "blamed the fighting on Bishkek"; not "strikes on Kyiv"
        return True
    if root.dep_ == "pobj" and root.head.lower_ in ("by", "with", "against"):
        # "the border with Georgia" is a place (whichever word the parser hangs "with" on)
        prep = root.head
        before = span.doc[prep.i - 1] if prep.i > 0 else prep
        return not (
            prep.lower_ == "with"
            and (prep.head.lemma_.lower() in BORDERS or before.lemma_.lower() in BORDERS)
        )
    if root.dep_ == "pobj" and root.head.lower_ == "between":
        # "talks between the United States and the Taliban", not "flights between Sanaa and Aden"
        return root.head.head.lemma_.lower() in geo_words()["between_heads"] or _party_of_an_act(
            root.head
        )
    if root.dep_ == "pobj" and _party_of_an_act(root.head):
        return True  # "offered its mediation to Bishkek", "sanctions against Minsk"
    return (
        root.dep_ in ("compound", "amod", "nmod", "npadvmod")
        and root.head.pos_ in ("NOUN", "VERB")
        and root.head.lemma_ in geo_words()["actor_heads"]
    )  # "U.S. troops", "an Iran-backed militia"


_PARTY_PREPS = frozenset({"to", "for", "with", "between", "against"})
_PARTY_TYPES = frozenset(
    {"CONSULT", "SUPPORT", "AGREE", "COOPERATE", "DISAPPROVE", "DEMAND", "REJECT", "SANCTION"}
)
"""Event types whose other party a preposition names: talks with, support for, a protest
to, sanctions against. Not a place an act moves to or strikes (MOBILIZE, ASSAULT, AID)."""


def _party_of_an_act(prep: Token) -> bool:
    """``prep`` ("to", "for", "with", "between", "against") hangs on a word the event
    lexicon types as an act between parties, or on the object of one: "mediate between
    Mogadishu and Addis Ababa", "offered its mediation to Bishkek". A visit's "to" is
    where it goes."""
    from extract.nlp.events import type_trigger  # the lexicon; events imports this module

    if prep.lower_ not in _PARTY_PREPS or prep.dep_ != "prep":
        return False
    for word in (prep.head, prep.head.head if prep.head.dep_ == "dobj" else None):
        if word is None or word.pos_ not in ("VERB", "NOUN"):
            continue
        typed = type_trigger(word)
        if typed is not None and typed[0] in _PARTY_TYPES and typed[1] != "visit":
            return True
    return False


def fronted_place_country(doc: Doc, char: int) -> str | None:
    """The country of a place a sentence opens with to set its scene, "In Islamabad, the
    foreign ministry summoned ...": the sentence holding character ``char`` starts with
    "In" and a place, then a comma, before that character."""
    at = doc.char_span(char, min(char + 1, len(doc.text)), alignment_mode="expand")
    if at is None or len(at) == 0:
        return None
    sent = at[0].sent if doc.has_annotation("SENT_START") else doc[:]
    if sent[0].lower_ != "in":
        return None
    comma = next((t for t in sent[1:6] if t.text == ","), None)
    if comma is None or comma.idx >= char:
        return None
    return _place_country_within(doc, sent[0].idx + 1, comma.idx)


def attached_place_country(doc: Doc, start: int, end: int) -> str | None:
    """The country of a place written on a mention itself with "in": "a court in the
    port city of Dalian", "police in Lahore", "civilians in Gaza"."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    for prep in span.root.children:
        if prep.dep_ != "prep" or prep.lower_ != "in":
            continue
        for obj in prep.children:
            if obj.dep_ != "pobj":
                continue
            lo = min(t.idx for t in obj.subtree)
            hi = max(t.idx + len(t) for t in obj.subtree)
            if (code := _place_country_within(doc, lo, hi)) is not None:
                return code
    return None


def _place_country_within(doc: Doc, lo: int, hi: int) -> str | None:
    """The country of the first place mention with one that starts in [lo, hi)."""
    return next(
        (
            str(p["country_code"])
            for p in doc._.places or []
            if lo <= p["start"] < hi and p.get("country_code")
        ),
        None,
    )


def stative_subject(span: Span) -> bool:
    """The subject of a verb that says what a territory or an economy is or does, not what
    a government decides ("Brazil and China continued to account for most", "China leads
    global capacity additions"; ``stative_verbs``): a place, where "China said" is an
    actor. Through "continue" and "remain" to the verb they carry."""
    root = span.root
    while root.dep_ == "conj" and root.head.i < root.i:
        root = root.head
    if root.dep_ != "nsubj":
        return False
    verb = root.head
    if verb.lemma_.lower() in ("continue", "remain"):
        verb = next((c for c in verb.children if c.dep_ == "xcomp"), verb)
    if verb.lemma_.lower() == "be":  # "Rwanda is due to resume talks": what it is to do
        verb = next(
            (
                g
                for c in verb.children
                if c.dep_ in ("acomp", "attr", "xcomp")
                for g in (c, *c.children)
                if g.dep_ == "xcomp" and any(a.lower_ == "to" for a in g.children)
            ),
            verb,
        )
    if verb.lemma_.lower() == "have" and any(
        o.dep_ == "dobj" and o.lower_ in geo_words()["force_nouns"] for o in verb.children
    ):
        return False  # "Rwanda has 4,000 troops in Cabo Delgado": the state and its forces
    return verb.lemma_.lower() in geo_words()["stative_verbs"]


POSSESSIVE = re.compile(r"\s*['’]s?$")
BARE = "BARE"  # the label of a name the recogniser left unlabelled (PlacesComponent._unlabelled)
EMBEDDED = "EMBEDDED"  # a town an organisation's name begins with (PlacesComponent._embedded)
MISLABELLED = ("ORG", "PERSON", "PRODUCT", "LANGUAGE", "NORP")  # what NER calls some towns


@lru_cache(maxsize=1)
def _road_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    roads = geo_words()["roads"]
    return (
        re.compile(rf"\b(?:{roads['numbered']})\b"),
        re.compile(rf"\b(?:{roads['coded']})(?![\w-])"),
    )


def road_names(doc: Doc) -> list[Span]:
    """Roads named by their number (``roads`` in geo_words.json): "Interstate 95", "I-95",
    "Highway 401" always; "A417", "M4" only in an article where one of them stands next
    to a road noun ("the A417 southbound carriageway"), as "the M23" of a rebel group or
    "an A380" never does."""
    text = doc_text(doc)
    numbered, coded = _road_patterns()
    nouns = frozenset(geo_words()["roads"]["nouns"])

    def spans(rx: re.Pattern[str]) -> list[Span]:
        found = (doc.char_span(m.start(), m.end(), label="FAC") for m in rx.finditer(text))
        return [s for s in found if s is not None]

    codes = spans(coded)
    if not any(any(t.lower_ in nouns for t in doc[s.end : s.end + 2]) for s in codes):
        codes = []
    return sorted([*spans(numbered), *codes], key=lambda s: s.start)


def facility_end(ent: Span) -> int | None:
    """Where the facility noun after a name ends: "Bagram" + "military base", "the
    al-Qaim" + "military base" (a name the NER model mislabelled), "Novi Sad" + "railway
    station"; None when no facility noun follows."""
    g = geo_words()
    doc = ent.doc
    n = ent.end
    while n < len(doc) and n - ent.end < 3 and doc[n].lower_ in g["facility_words"]:
        n += 1
    return n if n > ent.end and doc[n - 1].lower_ in g["facility_heads"] else None


def named_venue(ent: Span) -> bool:
    """A building or venue the recogniser took for a person ("referred her to Karl Bremer
    Hospital") or, written with the town it is in, for an organisation ("at The Colony
    Theatre in Los Angeles", "at Brooklyn's Barclays Center"), in a locative position. An
    organisation's name alone stays an organisation ("at the Pew Research Center")."""
    root = ent.root
    if not (
        ent[-1].lower_ in geo_words()["venue_heads"]
        and root.dep_ == "pobj"
        and root.head.lower_ in geo_words()["locative_preps"]
    ):
        return False
    if ent.label_ == "PERSON":
        return True
    doc = ent.doc
    after = doc[ent.end : ent.end + 2]
    if len(after) == 2 and after[0].lower_ in ("in", "at") and after[1].ent_type_ == "GPE":
        return True
    return (
        ent.start >= 2
        and doc[ent.start - 1].tag_ == "POS"
        and doc[ent.start - 2].ent_type_ == "GPE"
    )


def listed_with_places(tok: Token) -> bool:
    """Whether another member of ``tok``'s list is a place ("Žilina, Nitra, Prešov and
    Košice", "among Tamil Nadu, Karnataka, Kerala and Puducherry", whatever the
    recogniser called the others)."""
    first, seen = tok, 0
    while first.dep_ == "conj" and first.head.i < first.i and seen < 50:
        first, seen = first.head, seen + 1
    members = [first, *first.conjuncts][:50]
    return len(members) > 1 and any(m.i != tok.i and m.ent_type_ in ("GPE", "LOC") for m in members)


def bare_name(tok: Token) -> bool:
    """A capitalised proper noun outside every entity, not an acronym ("CHU")."""
    return (
        tok.pos_ == "PROPN"
        and tok.ent_iob_ == "O"
        and tok.text[:1].isupper()
        and not (len(tok.text) > 1 and tok.text.isupper())
    )


def after_comma_of_name(tok: Token) -> bool:
    """``tok`` names where the name before it is: "Brands Hatch Indy, Kent", "Oulton Park,
    Cheshire" (an apposition after a comma to a proper name)."""
    return (
        tok.dep_ == "appos"
        and tok.head.pos_ == "PROPN"
        and tok.head.i < tok.i
        and tok.i > 0
        and tok.doc[tok.i - 1].text == ","
    )


def paired_parties(span: Span) -> bool:
    """One side of "US-China trade war", "Russia-Ukraine talks", "U.S.-Taliban deal": a
    hyphenated pair before a noun of relations between parties."""
    doc = span.doc
    if span.end < len(doc) and doc[span.end].text in ("-", "–"):
        after = span.end + 2  # skip the other side's first word
    elif span.start > 1 and doc[span.start - 1].text in ("-", "–"):
        after = span.end
    else:
        return False
    head = None
    for tok in doc[after : after + 4]:
        if tok.pos_ not in ("NOUN", "PROPN", "ADJ"):
            break
        head = tok
    return head is not None and head.lemma_.lower() in geo_words()["between_heads"]
