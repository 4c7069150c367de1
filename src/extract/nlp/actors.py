"""The actors component: who acts. Named groups, governments and forces named by
demonym, owner or capital ("Afghan government", "China's foreign ministry", "Washington"),
people with their affiliation ("Zabihullah Mujahid, a Taliban spokesman"), and
descriptions that refer back to a named group ("the insurgents"). Known groups and
capitals the entity recogniser missed are found by a phrase matcher over the known-body
table and the capitals ("Suspected Boko Haram fighters", "Kyiv accused ...")."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from spacy.attrs import ORTH
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span, Token

from extract.ingest.dates import dateline_end
from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.gazetteer import GazetteerComponent
from extract.nlp.guard import guarded
from extract.nlp.known import known_body, known_names, name_after_role, org_words, plain_name
from extract.nlp.place_syntax import STRIKE_NOUNS, fronted_place_country, is_actor_use
from extract.nlp.sectors import sector_of_words, sector_word
from extract.nlp.syntax import HOLDING, positions, sentence
from extract.nlp.types import ActorDict
from extract.tables import load_table

register_extensions()

_ACRONYM = re.compile(r"[A-Z][A-Z0-9]{1,7}(?:-[A-Z0-9]{1,4})?")
_NAME_JOINERS = frozenset({"of", "the", "for", "and", "in", "on", "'s", "-", "al"})


@lru_cache(maxsize=1)
def _a() -> dict[str, Any]:
    return load_table("actors")  # type: ignore[no-any-return]


@lru_cache(maxsize=1)
def _sector_nouns() -> dict[str, str]:
    """The words of the coding stage's sector table that name people or bodies
    ("journalists", "clerics", "magistrates"): actor nouns too, kind by sector
    (``kind_of_sector`` in actor_coding.json)."""
    coding = load_table("actor_coding")
    kinds: dict[str, str] = coding["kind_of_sector"]
    skip = set(coding["not_actor_sector_words"])
    return {w: kinds[s] for w, s in coding["sector_words"].items() if s in kinds and w not in skip}


@lru_cache(maxsize=1)
def _actor_nouns() -> dict[str, str]:
    """Common noun -> kind for the actors named by a noun alone: the table's generic
    nouns, then the sector table's people and bodies (:func:`_sector_nouns`)."""
    return {**_sector_nouns(), **_a()["generic_nouns"]}


@lru_cache(maxsize=1)
def _aliases() -> dict[str, tuple[str, str, str | None]]:
    """alias (lower case) -> (canonical, kind, country)."""
    out: dict[str, tuple[str, str, str | None]] = {}
    for canonical, info in _a()["groups"].items():
        for alias in (canonical, *info["aliases"]):
            out[alias.lower()] = (canonical, info["kind"], info["country"])
    return out


@lru_cache(maxsize=1)
def _capitals() -> dict[str, str]:
    """capital (lower case) -> alpha-3, for metonymy: "Washington" as the US government."""
    countries: dict[str, Any] = load_table("countries")
    out = {name.lower(): code for name, code in load_table("actors")["capital_spellings"].items()}
    for code, info in countries.items():
        if isinstance(info, dict) and info.get("capital"):
            out[info["capital"].lower()] = code
            out.setdefault(_fold(info["capital"]).lower(), code)  # "Bogota", "Yaounde"
    return out


def _fold(text: str) -> str:
    """``text`` without its accents ("Bogotá" -> "Bogota")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def capital_country(name: str) -> str | None:
    """The country whose capital ``name`` is ("Abuja" -> NGA), used for its government."""
    return _capitals().get(name.lower())


_HEDGES = frozenset({"suspected", "alleged", "so-called", "purported"})
_PARTICIPLES = frozenset({"led", "backed", "based", "linked", "allied", "aligned", "funded"})
_LOCAL_KINDS = frozenset({"government", "police"})
"""A region's or town's own government or police ("the Borno state government")."""


def _capitalised_noun(tok: Token) -> bool:
    """A common noun the tagger called a proper noun for its capital at the start of a
    sentence ("Farmers sued the government"), outside any name."""
    return tok.pos_ == "PROPN" and bool(tok.is_sent_start) and not tok.ent_type_


def _lower_name(tok: Token) -> bool:
    """A word in lower case the tagger calls a name: a noun ("charge d'affaires")."""
    return tok.pos_ == "PROPN" and tok.is_lower


def _trim_modifiers(doc: Doc, start: int, head: int) -> int:
    """Drop hedges and hyphenated participles from the left of a group noun phrase:
    "Suspected jihadists" -> "jihadists", "U.S.-led coalition" -> "coalition"."""
    for k in range(head - 1, start - 1, -1):
        if doc[k].lower_ in _PARTICIPLES and k > 0 and doc[k - 1].text == "-":
            return k + 1
    while start < head and (doc[start].lower_ in _HEDGES or doc[start].tag_ == "VBG"):
        start += 1  # not "expelling migrants" (a verb the parser hung on the noun)
    return start


def _not_an_actor(span: Span) -> bool:
    """An ORG entity that names a product, an event or a code: "iPod", "Macworld
    Conference", "USD"."""
    text = span.text
    if re.match(r"[a-z]+[A-Z]", text):
        return True  # "iPod", "iPhone": camel-case product names
    if (
        text.isupper()
        and len(text) <= 4
        and text.lower() in load_table("numbers")["currency_prefixes"]
    ):
        return True
    return span[-1].lower_ in _a()["not_actor_words"]


def _portfolio(span: Span) -> bool:
    """The portfolio of a minister's title, which the recogniser may take for a body:
    "Interior Minister Diosdado Cabello", "Defence Minister X" (the person is the actor;
    "the Interior Ministry" is a body)."""
    doc = span.doc
    return span.end < len(doc) and doc[span.end].lower_ in ("minister", "secretary")


_STATE_SECTORS = frozenset({"government", "judiciary", "legislature"})
"""Sectors of people who, as a group with a demonym, are their state acting."""

_NEAR_PREPS = frozenset({"near", "outside", "around", "across", "inside", "towards", "toward"})
"""Prepositions whose object is a place, whatever the entity recogniser calls it."""


def _named_as_place(ent: Span) -> bool:
    """An ORG or PERSON entity used as a place: the object of "near", "outside", named by
    a place noun ("the town of Kafr Nabl", "the provinces of Pattani, Yala and
    Narathiwat"; the first of a list speaks for it) or before one ("Sahel region")."""
    g = load_table("geo_words")
    after = ent.doc[ent.end] if ent.end < len(ent.doc) else None
    if after is not None and after.is_lower and after.text in g["admin_words"]:
        return True  # "Sahel region governor ...", "Borno state government"
    root = ent.root
    while root.dep_ in ("conj", "appos") and root.head.i < root.i:
        root = root.head
    if root.dep_ != "pobj":
        return False
    prep = root.head.lower_
    if prep in _NEAR_PREPS:
        return True
    if prep == "in" and ent.label_ == "PERSON":
        return True  # "a market in Dinangourou": no one is in a person
    return prep == "of" and root.head.head.lemma_.lower() in (
        *g["place_nouns"],
        *g["admin_words"],
    )


@lru_cache(maxsize=1)
def _function_words() -> frozenset[str]:
    return frozenset(load_table("english_function_words")["words"])


def _title_of_a_name(tok: Token) -> bool:
    """A plural person noun that is only the title of a named body, not a mention of its
    own (GUIDELINES: titles are not separate mentions): "Leaders of the Intergovernmental
    Authority", "the presidents of Turkey and Iran"; the body is the actor."""
    return tok.tag_ == "NNS" and any(
        c.dep_ == "prep" and c.lower_ == "of" and any(g.pos_ == "PROPN" for g in c.children)
        for c in tok.children
    )


_WHO = frozenset({"who", "whom", "whose"})


def _described_as_a_person(span: Span) -> bool:
    """An ORG entity the sentence describes as a person: given an age in apposition
    ("Rodrigo Castellanos, 61,") or a clause with "who" ("X, who headed the ministry").
    Capitalised words only, none an organisation word."""
    if not 2 <= len(span) <= 4 or not plain_name(span):
        return False
    for ch in span.root.children:
        if ch.dep_ == "relcl" and any(g.lower_ in _WHO and g.i < ch.i for g in ch.children):
            return True
        if ch.dep_ == "appos" and ch.like_num and ch.text.isdigit() and 0 < int(ch.text) < 120:
            return True
    return False


_Found = tuple[Span, str, str, str | None, str | None]


def _join_known_names(found: list[_Found]) -> list[_Found]:
    """Two mentions the recogniser cut out of one known name ("the Bangladesh Garment
    Manufacturers" and "Exporters Association"): one mention, when the words from the
    first to the last (at most four between them) are a known body's name."""
    out: list[_Found] = []
    for f in found:
        if out:
            prev = out[-1][0]
            span = f[0]
            joined = span.doc[prev.start : span.end]
            if (
                0 <= span.start - prev.end <= 4
                and sentence(prev[0]) == sentence(span[0])
                and known_body(joined.text) is not None
            ):
                out[-1] = (joined, joined.text, out[-1][2], out[-1][3], out[-1][4])
                continue
        out.append(f)
    return out


_NAMING_VERBS = frozenset({"know", "call", "dub", "nickname", "name"})


def _name_of_a_thing(ent: Span) -> bool:
    """A name given to a place or a thing ("its headquarters in Juba, known as the Blue
    House", "a detention site called the Grey Zone"): not the body that the name may
    also be (South Korea's presidency)."""
    root = ent.root
    prep = root.head
    if root.dep_ != "pobj" or prep.lower_ != "as":
        return False
    verb = prep.head
    if verb.lemma_.lower() not in _NAMING_VERBS or verb.dep_ not in ("acl", "relcl"):
        return False
    thing = verb.head
    if thing.ent_type_ in ("GPE", "LOC", "FAC"):
        return True
    bodies = (*_a()["org_words"], *_a()["person_nouns"], *_a()["nouns"])
    return (
        thing.pos_ == "NOUN"
        and thing.lower_ not in _actor_nouns()
        and thing.lower_ not in bodies
        and thing.lower_.rstrip("s") not in bodies
    )  # not "an armed group known as ...", "militants known as ..."


_STATE_KINDS = frozenset({"government", "military", "police"})


def _name_matcher(nlp: Language) -> PhraseMatcher:
    """A phrase matcher (by lower case) of the known names of several words ("KNOWN") and
    of the capitals ("CAPITAL"): one pass over a doc finds both."""
    matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
    matcher.add("KNOWN", [nlp.make_doc(name) for name in known_names()])
    matcher.add("CAPITAL", [nlp.make_doc(name) for name in _capitals()])
    return matcher


def _strip_the(span: Span) -> Span:
    """The name without its article or a possessive ending the NER model took in
    ("Burkina Faso's", "Apple Computer's defence")."""
    if len(span) > 1 and span[0].lower_ in ("the", "a", "an"):
        span = span[1:]
    if len(span) > 1 and span[-1].tag_ == "POS":
        span = span[:-1]
    return span


@guarded
class ActorsComponent(GazetteerComponent):
    """Adds ``doc._.actors``."""

    def __init__(self, nlp: Language, name: str, cache_dir: str | None = None) -> None:
        super().__init__(nlp, name, cache_dir)
        self._nlp = nlp
        self._matcher: PhraseMatcher | None = None  # built at first use

    def __call__(self, doc: Doc) -> Doc:
        found: list[tuple[Span, str, str, str | None, str | None]] = []
        taken: set[int] = set()

        dateline = dateline_end(doc_text(doc))

        def add(
            span: Span,
            canonical: str,
            kind: str,
            country: str | None,
            affiliation: str | None = None,
        ) -> None:
            if span.start_char < dateline or any(i in taken for i in range(span.start, span.end)):
                return  # "BAKU, June 14, 2021 (Newswire) -": the dateline's city is no actor
            taken.update(range(span.start, span.end))
            found.append((span, canonical, kind, country, affiliation))

        descriptors = self._noun_phrases(doc, add)
        self._ngo_plurals(doc, add)
        self._entities(doc, add)
        self._bracketed(doc, add, found)
        self._acronyms(doc, add)
        self._unrecognised_names(doc, add)
        self._unlabelled_names_after_roles(doc, add)
        self._holders(doc, add)
        self._surnames_again(doc, add, found)
        self._armed_people(doc, add)
        self._descriptors(doc, add, found)
        for args in descriptors:
            add(*args)  # no group named before them: a group of their own
        self._nominals(doc, add)
        found.sort(key=lambda f: f[0].start)
        found = _join_known_names(found)
        doc._.actors = [
            ActorDict(
                id=f"a{i + 1}",
                start=span.start_char,
                end=span.end_char,
                text=span.text,
                name=span.text,
                canonical=canonical,
                kind=kind,
                country_code=country,
                affiliation=affiliation,
            )
            for i, (span, canonical, kind, country, affiliation) in enumerate(found)
        ]
        return doc

    def _country_name(self, code: str) -> str:
        entry = self.gazetteer.country(code)
        return entry.name if entry is not None else code

    @staticmethod
    def _ngo_plurals(doc: Doc, add: Any) -> None:
        """ "Aid agencies demanded ...", "rights groups condemned ...", "charities": unnamed
        NGOs, an actor with no country of their own (ADJUDICATION)."""
        plurals = set(_a()["ngo_plurals"])
        marks = set(_a()["ngo_modifiers"])
        alone = set(_a()["ngo_alone"])
        for i in positions(doc, plurals):
            tok = doc[i]
            if tok.pos_ not in ("NOUN", "PROPN") or tok.dep_ == "compound":
                continue
            left = [c for c in tok.lefts if c.dep_ in ("compound", "amod")]
            if not any(c.lower_ in marks for c in left) and tok.lower_ not in alone:
                continue
            start = min((x.i for c in left for x in c.subtree), default=tok.i)
            span = doc[start : tok.i + 1]  # "human rights groups", "international aid agencies"
            add(span, span.text, "organisation", None)

    def _noun_phrases(self, doc: Doc, add: Any) -> list[tuple[Span, str, str, None]]:
        """ "the Afghan government", "Afghan security force personnel", "U.S. troops",
        "Chinese Foreign Ministry": a state actor noun with a demonym or country. Returns
        the descriptors ("the insurgents") to add after :meth:`_descriptors`."""
        nouns: dict[str, str] = _a()["nouns"]
        later: list[tuple[Span, str, str, None]] = []
        for i in positions(doc, nouns):
            tok = doc[i]
            low = tok.lower_
            if tok.pos_ not in ("NOUN", "PROPN") and not (
                tok.pos_ == "ADJ" and tok.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "appos")
            ):  # (an adjective the tagger made of a noun that heads its phrase:
                continue  # "sentenced a second Japanese national")
            if low in _CITIZENS and not tok.is_lower and not tok.is_sent_start:
                continue  # "Government of National Accord": a word of a name
            if tok.dep_ == "compound" and (
                tok.head.lower_ in nouns or tok.head.lower_ in _actor_nouns()
            ):
                continue  # the head noun of the phrase makes the mention ("embassy employees")
            kind = nouns[low]
            if kind == "person":
                continue
            if low in _a()["descriptors"] and i > 0 and doc[i - 1].lower_ == "the":
                # "the insurgents": the group named before them (_descriptors) if there
                # is one, else a group of its own
                later.append((doc[i : i + 1], low, kind, None))
                continue
            left = [
                c
                for c in tok.subtree
                if c.i < tok.i and c.dep_ in ("compound", "amod", "nmod", "npadvmod")
            ]
            if tok.dep_ == "compound":  # "Chinese coast guard vessels": the demonym is the
                # head's, written before this noun
                demonym = next(
                    (
                        c
                        for c in tok.head.children
                        if c.i < tok.i
                        and c.dep_ == "amod"
                        and self.gazetteer.country_of_demonym(c.text) is not None
                    ),
                    None,
                )
                if demonym is not None:
                    left = sorted([*left, demonym], key=lambda c: c.i)
            start = min((c.i for c in left), default=tok.i)
            while start < tok.i and (
                doc[start].like_num or doc[start].pos_ in ("DET", "NUM", "ADV", "PUNCT")
            ):
                start += 1
            start = _trim_modifiers(doc, start, tok.i)
            left = [c for c in left if c.i >= start]  # "Iran-backed militia": a patron
            country: str | None = None
            if len(left) >= 2:  # "Sri Lankan officials", "South African court"
                country = self.gazetteer.country_of_demonym(doc[left[0].i : left[-1].i + 1].text)
            for c in left if country is None else ():
                country = self.gazetteer.country_of_demonym(c.text) or (
                    e.country_code
                    if (e := self.gazetteer.country(c.text)) is not None and e.kind == "country"
                    else None
                )
                if country:
                    break
            if country is None and (owned := self._owned_by_a_state(tok)) is not None:
                start, country = owned  # "China's foreign ministry", "Chad's army"
            span = doc[start : tok.i + 1]
            named = _aliases().get(_strip_the(span).text.lower())
            if named:
                add(span, named[0], named[1], named[2])
                continue
            if country is None and (group := self._group_named_in(doc, left)) is not None:
                add(*group)  # "Houthi forces": the group's name is the actor
                continue
            if country is None and any(
                c.pos_ == "PROPN" and not c.is_lower and c.lower_ not in _COMMON_MODIFIERS
                for c in left
            ):  # (a word written in lower case is no name, whatever the tagger says)
                # "PKK fighters": the group's name is the actor; but "the Limpopo
                # provincial government", "Kano state police": a region's own body
                country = self._region_country(doc, left) if kind in _LOCAL_KINDS else None
                if country is None:
                    continue
            if (
                country is None
                and kind in ("government", "military", "police")
                and low not in _a()["bare_state_nouns"]
            ):  # "In Islamabad, the foreign ministry summoned ...": the scene's country
                country = fronted_place_country(doc, tok.idx)
            if country is None:
                if tok.dep_ == "compound" and tok.head.lemma_.lower() in _facility_heads():
                    continue  # "attacked a police station": a building, not a side in it
                if low in _a()["craft_nouns"]:
                    if any(c.dep_ == "poss" and c.lower_ in ("its", "their") for c in tok.children):
                        add(span, low, "military", None)  # "said its drones had killed":
                        continue  # the forces of whoever "its" is (the coding stage)
                    continue  # "drones were seen": a machine, not a side
                if low in _a()["system_nouns"] and any(
                    c.dep_ == "compound" and c.pos_ == "NOUN" for c in left
                ):
                    continue  # "the sanctions regime": rules, not rulers
                if (
                    (
                        kind in ("government", "military", "police")
                        and low in _a()["bare_state_nouns"]
                    )
                    or kind in ("civilians", "armed_group")
                    or (kind in ("military", "police") and tok.tag_ == "NNS")
                ):  # group nouns for participants: "gunmen", "soldiers", "police officers"
                    add(span, low, kind, None)
                continue
            suffix = {"government": "government", "military": "military", "police": "police"}.get(
                kind
            )
            canonical = f"{self._country_name(country)} {suffix}" if suffix else span.text
            add(span, canonical, kind, country)
        return later

    def _entities(self, doc: Doc, add: Any) -> None:
        places = [(p["start"], p["end"]) for p in doc._.places or []]
        ents = doc.ents
        groups = self._groups(doc)  # for _affiliation
        for ent in ents:
            if ent.label_ in ("ORG", "PERSON") and any(
                a < ent.end_char and ent.start_char < b for a, b in places
            ):
                continue  # a town the NER model mislabelled; the places stage took it
            span = _strip_the(ent)
            if "(" in span.text and ")" not in span.text:  # "Authority on Development (IGAD"
                # cut at the bracket's character: it may be inside a token ("Holdings(Nigeria",
                # one token), and then that token goes too
                before = doc.char_span(
                    span.start_char,
                    span.start_char + span.text.index("("),
                    alignment_mode="contract",
                )
                if before is None or len(before) == 0:
                    continue
                span = before
            low = span.text.lower()
            if ent.label_ == "ORG" and (
                _not_an_actor(span) or (low not in _aliases() and _portfolio(span))
            ):
                continue
            if ent.label_ in ("ORG", "PERSON") and low not in _aliases() and _named_as_place(ent):
                continue  # "near Arbinda", "the town of Kafr Nabl": a place the NER mislabelled
            if ent.label_ in ("ORG", "PERSON") and _name_of_a_thing(ent):
                continue  # "its headquarters in Juba, known as the Blue House"
            if span[0].lower_ in _a()["storm_words"]:
                continue  # "Cyclone Idai", "Typhoon Haiyan": a storm, not a person
            if ent.label_ == "ORG" and low not in _aliases() and len(span) == 1 and span.start > 1:
                first = doc[span.start - 1]  # "governor Alexei Smirnov": "Smirnov" alone an ORG
                if first.is_title and first.pos_ == "PROPN" and not first.ent_type_:
                    whole = doc[span.start - 1 : span.end]
                    if name_after_role(whole):
                        add(whole, whole.text, "person", *self._affiliation(doc, ent, groups))
                        continue
            if self._a_person_misread(ent.label_, span):
                add(span, span.text, "person", *self._affiliation(doc, ent, groups))
                continue
            sides = self._pair_sides(span)
            if sides:
                for side in sides:
                    add(*side)  # "the U.S-Taliban agreement": two parties, one NER span
                continue
            if (
                ent.label_ in ("NORP", "ORG")
                and ent.root.dep_ in ("amod", "compound")
                and ent.root.head.lower_ in _a()["person_nouns"]
                and low not in _aliases()
                and self.gazetteer.country_of_demonym(span.text) is not None
            ):
                continue  # "a Guatemalan judge": the person is the actor (_nominals)
            if ent.label_ in ("ORG", "NORP"):
                named = _aliases().get(low) or _aliases().get(low.removesuffix("'s"))
                if named:
                    add(span, named[0], named[1], named[2])
                elif (capital := self._capital_of(low)) is not None and is_actor_use(ent):
                    add(*self._government(span, capital))  # "Kigali pull its troops" (NORP)
                elif (
                    ent.label_ == "NORP"
                    and ent.root.dep_ in ("amod", "compound", "nmod")
                    and ent.root.head.lower_ in _a()["captive_nouns"]
                    and (code := self.gazetteer.country_of_demonym(span.text)) is not None
                ):
                    add(*self._government(span, code))  # "10 Armenian detainees": Armenia's
                elif (
                    ent.label_ == "NORP"
                    and ent.root.dep_ == "amod"
                    and self._of_forces(ent.root.head)
                    and (code := self.gazetteer.country_of_demonym(span.text)) is not None
                ):  # "Israeli strikes killed 12", "shelled Ukrainian positions": the
                    add(*self._forces(span, code))  # country's forces struck, or were struck
                elif ent.label_ == "NORP" and (people := self._nationals(span)) is not None:
                    add(*people)  # "Thousands of Sri Lankans rallied"
                elif ent.label_ == "ORG":
                    country = next(
                        (c for t in span if (c := self.gazetteer.country_of_demonym(t.text))), None
                    )
                    owner = self._owner_state(span)
                    if owner is not None:  # "Algeria's Foreign Ministry": one mention
                        span, country = doc[owner[0].start : span.end], owner[1]
                    is_gov = any(
                        t.lower_ in ("ministry", "government", "army", "police", "forces")
                        for t in span
                    )
                    if "united nations" in low or any(t.text in ("UN", "U.N.") for t in span):
                        # "UN Interim Force", "the U.N. Mission in South Sudan"
                        add(span, span.text, "international_organisation", None)
                        continue
                    add(
                        span,
                        span.text,
                        "government" if is_gov and country else "organisation",
                        country,
                    )
            elif (
                ent.label_ == "GPE"
                and _strike_modifier(ent.root)
                and (entry := self.gazetteer.country(span.text)) is not None
                and entry.kind == "country"
            ):  # "a U.S. drone strike killed": that country's forces struck
                add(*self._forces(span, entry.country_code))
            elif ent.label_ == "GPE" and is_actor_use(ent):
                if ent.root.dep_ == "poss" and ent.root.head.lower_ in _a()["person_nouns"]:
                    continue  # "Serbia's president": the person is the actor (_nominals)
                if ent.root.dep_ == "poss" and ent.root.head.ent_type_ == "ORG":
                    continue  # "Algeria's Foreign Ministry": the ministry's mention has it
                if self.country_as_territory(ent):
                    continue  # "China is the largest producer": the country, a place
                entry = self.gazetteer.country(span.text)
                if entry is None:
                    capital = self._capital_of(span.text)
                    if capital is None:
                        continue
                    code = capital
                else:
                    code = entry.country_code
                add(*self._government(span, code))
            elif ent.label_ == "PERSON":
                roles = _a()["role_nouns"]
                while len(span) > 2 and span[0].lower_ in roles:
                    span = span[1:]  # "Spokeswoman Ayesha Qureshi": the title is no name
                add(span, span.text, "person", *self._affiliation(doc, span, groups))

    @staticmethod
    def _bracketed(
        doc: Doc, add: Any, found: list[tuple[Span, str, str, str | None, str | None]]
    ) -> None:
        """An acronym in brackets right after an actor is that actor, there and wherever
        it is used again: "the Multinational Joint Task Force (MNJTF)", "Hayat Tahrir
        al-Sham (HTS)", "Sudan People's Liberation Movement-in-Opposition (SPLM-IO)"."""
        ends = {f[0].end: f for f in found}
        short: dict[str, tuple[str, str, str | None]] = {}
        for i in positions(doc, lambda w: w == "(", ORTH):
            owner = ends.get(i)
            close = next((k for k in range(i + 2, min(i + 5, len(doc))) if doc[k].text == ")"), 0)
            if owner is None or not close:
                continue
            inner = doc[i + 1 : close]
            if not _ACRONYM.fullmatch(inner.text):
                continue
            if inner.text[0] != _strip_the(owner[0]).text[0]:
                continue  # an acronym spells its name: not "Reuters (AP)"
            kind = "organisation" if owner[2] == "person" else owner[2]
            short.setdefault(inner.text, (owner[1], kind, owner[3]))
        if not short:
            return
        for n, f in enumerate(found):  # a later use the entity recogniser took by itself
            if f[0].text in short and f[1] == f[0].text:
                found[n] = (f[0], *short[f[0].text], f[4])
        text = doc.text
        names = "|".join(re.escape(k) for k in sorted(short, key=len, reverse=True))
        for m in re.finditer(rf"(?<![\w-])(?:{names})(?![\w-])", text):
            span = doc.char_span(m.start(), m.end())
            if span is not None:
                add(span, *short[m.group()])

    def _owned_by_a_state(self, noun: Token) -> tuple[int, str] | None:
        """Where the country written as the owner of a state noun starts, and its code:
        "China's foreign ministry" -> (index of "China", CHN)."""
        owner = next((c for c in noun.children if c.dep_ == "poss"), None)
        if owner is None or not owner.ent_type_:  # the NER may take "Mali" for a person
            return None
        ent = next((e for e in noun.doc.ents if e.start <= owner.i < e.end), None)
        if ent is None:
            return None
        code = self._state_of(_strip_the(ent).text)
        return (ent.start, code) if code else None

    def _owner_state(self, span: Span) -> tuple[Span, str] | None:
        """The country (its name or capital) written as the owner of an organisation's
        name, with its span: "Algeria's Foreign Ministry" -> ("Algeria", DZA)."""
        doc = span.doc
        if span.start < 2 or doc[span.start - 1].lower_ not in ("'s", "’s"):
            return None
        owner = next((e for e in doc.ents if e.end == span.start - 1 and e.label_ == "GPE"), None)
        if owner is None:
            return None
        code = self._state_of(owner.text)
        return (owner, code) if code else None

    def _state_of(self, name: str) -> str | None:
        """The country whose name or capital ``name`` is ("Algeria", "Bamako")."""
        entry = self.gazetteer.country(name)
        if entry is not None and entry.kind == "country":
            return entry.country_code
        return self._capital_of(name)

    def _nationals(self, span: Span) -> tuple[Span, str, str, str] | None:
        """A plural demonym used as a noun, the people of a country: "Sri Lankans",
        "40 Congolese", "ordinary Belarusians" (with its adjectives: a demonym phrase stays
        whole), as civilians of that country; not a modifier ("Georgian troops") or an
        owner."""
        root = span.root
        if root.dep_ in ("amod", "compound", "poss", "nmod"):
            return None
        if not span.text.endswith("s") and not (
            span.text.endswith("ese")  # "25,000 Chinese", "hundreds of Sudanese"
            and (
                any(c.dep_ in ("det", "nummod", "amod") for c in root.children)
                or (root.head.lower_ == "of" and root.head.head.pos_ in ("NOUN", "NUM"))
            )  # counted or determined: not the language ("speak Portuguese")
        ):
            return None
        country = self.gazetteer.country_of_demonym(span.text)
        if country is None:
            return None
        left = [
            c
            for c in root.lefts
            if c.dep_ == "amod"
            and c.is_lower
            and c.i < span.start
            and c.lower_ not in _function_words()
        ]
        if left:
            span = span.doc[min(c.i for c in left) : span.end]
        return span, f"{self._country_name(country)} civilians", "civilians", country

    def _unrecognised_names(self, doc: Doc, add: Any) -> None:
        """Names the NER model missed, in one phrase-matcher pass: known groups and
        organisations ("Suspected Boko Haram fighters"), written with capitals as a name
        is and not part of a longer name ("Islamic State West Africa Province"), but not
        the state bodies, whose names are also buildings and places ("the Blue House" in
        Juba); and a capital acting for its government ("Kyiv accused Moscow ...")."""
        if self._matcher is None:
            self._matcher = _name_matcher(self._nlp)
        capital = doc.vocab.strings["CAPITAL"]
        for label, start, end in self._matcher(doc):
            span = doc[start:end]
            if not all(t.is_title or t.is_upper or t.lower_ in _NAME_JOINERS for t in span):
                continue
            if label == capital:
                code = capital_country(span.text)
                if (
                    code is not None
                    and not any(t.ent_type_ for t in span)
                    and span.root.pos_ == "PROPN"
                    and is_actor_use(span)
                ):
                    add(*self._government(span, code))
                continue
            after = doc[end] if end < len(doc) else None
            if after is not None and (after.is_title or after.text == "-"):
                continue
            body = known_body(span.text)
            if body is not None and body[1] not in _STATE_KINDS:
                add(_strip_the(span), body[0], body[1], body[3])

    def _a_person_misread(self, label: str, span: Span) -> bool:
        """A person's name the recogniser called an organisation (written after their role,
        or described as a person) or a place (after their role, and no place the
        gazetteer knows): "region governor Rodrigue Ouedraogo", "spokeswoman Agnes
        Mukamana"."""
        if span.text.lower() in _aliases():
            return False
        if label == "ORG":
            return name_after_role(span) or _described_as_a_person(span)
        if label in ("GPE", "LOC"):
            return name_after_role(span) and not self.gazetteer.candidates(span.text)
        return False

    def _unlabelled_names_after_roles(self, doc: Doc, add: Any) -> None:
        """A person's name the recogniser left without a label, written after their role:
        "government spokesman Celso Mabunda blamed ...". Two or three capitalised names,
        none an organisation word or a place the gazetteer knows."""
        roles = set(_a()["role_nouns"])
        groups: list[tuple[Span, tuple[int, int]]] | None = None
        for i in positions(doc, roles):
            end = i + 1
            while end < len(doc) and end - i <= 3 and doc[end].pos_ == "PROPN":
                end += 1
            span = doc[i + 1 : end]
            if any(t.ent_type_ for t in span) or not name_after_role(span):
                continue
            if self.gazetteer.candidates(span.text):
                continue
            groups = self._groups(doc) if groups is None else groups
            add(span, span.text, "person", *self._affiliation(doc, span, groups))

    @staticmethod
    def _groups(doc: Doc) -> list[tuple[Span, tuple[int, int]]]:
        """The doc's ORG, NORP and GPE entities with the (start, end) of their sentences."""
        out = []
        for e in doc.ents:
            if e.label_ in ("ORG", "NORP", "GPE"):
                sent = sentence(e)
                out.append((e, (sent.start, sent.end)))
        return out

    def _holders(self, doc: Doc, add: Any) -> None:
        """The side that holds a place written as "X-held", "X-controlled": "rebel-held
        towns", "RSF-controlled areas", "Ukrainian-held villages" (that country's forces)."""
        nouns: dict[str, str] = _a()["nouns"]
        for i in positions(doc, HOLDING):
            if i < 2 or doc[i - 1].text != "-" or doc[i].dep_ != "amod":
                continue
            start = i - 2
            while start > 0 and doc[start - 1].is_title and doc[start].is_title:
                start -= 1  # "Islamic State-held"
            span = doc[start : i - 1]
            low = span.text.lower()
            named = _aliases().get(low)
            code = self.gazetteer.country_of_demonym(span.text)
            kind = nouns.get(low) or nouns.get(f"{low}s")
            if named:
                add(span, named[0], named[1], named[2])
            elif code is not None:
                add(*self._forces(span, code))
            elif kind in ("armed_group", "government", "military"):
                add(span, low, kind, None)

    @staticmethod
    def _surnames_again(
        doc: Doc, add: Any, found: list[tuple[Span, str, str, str | None, str | None]]
    ) -> None:
        """A person's surname used alone after the full name where the recogniser found no
        name, or a place's that is no place mention ("President Pedro Castillo ... Police
        detained Castillo", "charges against Mendoza" with "Mendoza" labelled GPE)."""
        people = {
            f[0][-1].text: f
            for f in found
            if f[2] == "person" and len(f[0]) > 1 and f[0][-1].is_title
        }
        if not people:
            return
        places = [(p["start"], p["end"]) for p in doc._.places or []]
        for i in positions(doc, people, ORTH):
            tok = doc[i]
            person = people[tok.text]
            if (
                tok.ent_type_ not in _SURNAME_LABELS
                or tok.pos_ != "PROPN"
                or i <= person[0].start
                or any(a <= tok.idx < b for a, b in places)
            ):
                continue  # a place's name the places stage took ("flew to Mendoza")
            if (i > 0 and doc[i - 1].is_title) or (i + 1 < len(doc) and doc[i + 1].is_title):
                continue  # part of another name
            add(doc[i : i + 1], person[1], "person", person[3], person[4])

    @staticmethod
    def _armed_people(doc: Doc, add: Any) -> None:
        """People the text calls armed ("armed men", "unidentified armed men", "heavily
        armed youths"): an armed group of their own, as "gunmen" are."""
        for i in positions(doc, _ARMED):
            tok = doc[i]
            head = tok.head
            if tok.dep_ != "amod" or head.lower_ not in _PEOPLE or head.i < i:
                continue
            start = min([i, *(c.i for c in head.children if c.dep_ == "amod" and c.i < i)])
            add(doc[start : head.i + 1], f"armed {head.lower_}", "armed_group", None)

    def _acronyms(self, doc: Doc, add: Any) -> None:
        """Organisations the NER model does not know: a name with its acronym in brackets
        ("Islamic State West Africa Province (ISWAP)") and every use of that acronym, and
        an unknown all-capital name acting in a clause ("TPLF freed ...")."""
        stop = set(_a()["acronym_stoplist"])
        words_of_orgs = org_words()
        places = [(p["start"], p["end"]) for p in doc._.places or []]
        names: dict[str, str] = {}
        acronyms = [doc[i] for i in positions(doc, lambda w: bool(_ACRONYM.fullmatch(w)), ORTH)]
        for tok in acronyms:
            if not (
                0 < tok.i < len(doc) - 1
                and doc[tok.i - 1].text == "("
                and doc[tok.i + 1].text == ")"
            ):
                continue
            j = tok.i - 1
            while (
                j > 0
                and tok.i - 1 - j < 8
                and (
                    doc[j - 1].is_title or doc[j - 1].lower_ in _NAME_JOINERS or doc[j - 1].is_upper
                )
            ):
                j -= 1
            while j < tok.i - 1 and (doc[j].lower_ in _NAME_JOINERS or not doc[j].is_title):
                j += 1
            long = doc[j : tok.i - 1]
            if (
                len(long) >= 2
                and long[0].text[0].upper() == tok.text[0]
                and any(t.lower_ in words_of_orgs for t in long)
                and not _not_an_actor(long)
            ):
                names[tok.text] = long.text
                add(long, long.text, "organisation", None)
        for tok in acronyms:
            text = tok.text
            if text in stop or tok.ent_type_ in ("GPE", "LOC"):
                continue
            if (tok.i > 0 and doc[tok.i - 1].text == "-") or (
                tok.i + 1 < len(doc) and doc[tok.i + 1].text == "-"
            ):
                continue  # a piece of "SPLM-IO"
            if any(a <= tok.idx < b for a, b in places):
                continue
            acting = tok.dep_ in ("nsubj", "nsubjpass", "poss", "compound")
            # a known body is an actor wherever it stands ("talks with the ELN")
            if text in names or (tok.pos_ == "PROPN" and acting) or known_body(text):
                add(doc[tok.i : tok.i + 1], names.get(text, text), "organisation", None)

    def _nominals(self, doc: Doc, add: Any) -> None:
        """Actors named by a common noun: "the company", "users", "Apple CEO", "the
        spokesman" (the names and state actors are taken first)."""
        generic = _actor_nouns()
        persons = set(_a()["person_nouns"])
        for i in positions(doc, lambda w: w in generic or w in persons):
            tok = doc[i]
            low = tok.lower_
            if (
                not (tok.pos_ == "NOUN" or _capitalised_noun(tok) or _lower_name(tok))
                or tok.dep_ == "compound"
                or (low not in generic and low not in persons)
            ):
                continue
            left = [
                c for c in tok.lefts if c.dep_ in ("compound", "amod", "nmod") and c.tag_ != "VBG"
            ]  # not "expelling" of "expelling migrants", a verb hung on the noun
            # and their own modifiers: "French" of "French embassy employees"
            inner = [
                g
                for c in left
                for g in c.subtree
                if g.i < c.i and g.dep_ in ("compound", "amod", "nmod")
            ]
            start = min((c.i for c in (*left, *inner)), default=tok.i)
            span = doc[start : tok.i + 1]
            if any(
                t.ent_type_ == "PERSON" for t in doc[max(0, tok.i - 1) : tok.i + 3] if t.i != tok.i
            ):
                continue  # "spokesman Zabihullah Mujahid": the name makes the mention
            if tok.dep_ == "appos" and tok.head.ent_type_ == "PERSON":
                continue  # "Sipho Dlamini, a union leader,": a title, not a second mention
            code = (
                next((x for c in left if (x := self.gazetteer.country_of_demonym(c.text))), None)
                if tok.tag_ == "NNS" and sector_of_words(low, "person") in _STATE_SECTORS
                else None
            )
            if code is not None:  # "Guatemalan investigators", "Ugandan ministers": the state
                add(*self._government(span, code))
                continue
            if low in generic:
                if (
                    low in _sector_nouns()
                    and low not in _a()["generic_nouns"]
                    and tok.dep_ in ("dobj", "dative")
                    and tok.head.lemma_ == "tell"
                ):
                    continue  # "told reporters": the audience of a statement
                owned = self._owned_by_a_state(tok)  # "Syria's central bank"
                if owned is not None:
                    span = doc[owned[0] : tok.i + 1]
                add(span, span.text, generic[low], owned[1] if owned else None)
                continue
            if _title_of_a_name(tok):
                continue  # "Leaders of IGAD": a title, the body is the actor
            if (
                tok.dep_ == "dobj"
                and tok.head.lemma_.lower() in _CALL_HOME
                and any(c.dep_ == "poss" and c.lower_ in ("its", "their") for c in tok.children)
            ):
                continue  # "recalled its ambassador": its own envoy called home, no side
            if low in _a()["sector_led_person_nouns"] and not any(
                sector_word(c.lower_) for c in left
            ):
                continue  # "opposition figures", not "official figures showed"
            org = next((c.text for c in left if c.pos_ == "PROPN"), None)
            owner = next(
                (c for c in tok.lefts if c.dep_ == "poss" and c.pos_ == "PROPN"), None
            )  # "Serbia's president"
            if owner is not None:
                span = doc[owner.i : tok.i + 1]
            add(span, span.text, "person", None, org or (owner.text if owner else None))

    def _region_country(self, doc: Doc, left: list[Token]) -> str | None:
        """The country of a region or town named among a body's modifiers ("Limpopo" of
        "the Limpopo provincial government"): the one country of its namesakes among the
        countries of the article's places ("the Home Ministry" has namesakes elsewhere)."""
        names = [c.text for c in left if c.pos_ == "PROPN"]
        if len(names) != 1:
            return None
        found = {
            e.country_code for e in self.gazetteer.lookup(names[0]) if e.kind in ("admin1", "city")
        }
        here = found & {p["country_code"] for p in doc._.places or [] if p.get("country_code")}
        return next(iter(here)) if len(here) == 1 else None

    def _government(self, span: Span, code: str) -> tuple[Span, str, str, str]:
        """A country (or its capital) standing for its government: "Washington"."""
        return span, f"{self._country_name(code)} government", "government", code

    @staticmethod
    def _group_named_in(doc: Doc, left: list[Token]) -> tuple[Span, str, str, str | None] | None:
        """The known group whose name stands before a group noun ("Houthi forces",
        "Shabaab fighters", "M23 rebels") where the recogniser found no name or a place's:
        the name's span and the group's canonical name, kind and country."""
        names = [  # or a name the recogniser took for a place ("M23 rebels")
            c for c in left if c.pos_ == "PROPN" and c.ent_type_ in ("", "GPE", "LOC")
        ]
        if not names:
            return None
        span = doc[names[0].i : names[-1].i + 1]
        named = _aliases().get(span.text.lower())
        return None if named is None else (span, *named)

    @staticmethod
    def _of_forces(noun: Token) -> bool:
        """A noun that a country's forces do or hold: a strike ("Israeli strikes") or a
        position or column ("Ukrainian positions", "an Israeli convoy")."""
        return noun.lemma_.lower() in STRIKE_NOUNS or noun.lower_ in _a()["position_nouns"]

    def _forces(self, span: Span, code: str) -> tuple[Span, str, str, str]:
        """A demonym standing for its country's forces: "Israeli strikes", "Ukrainian-held"."""
        return span, f"{self._country_name(code)} military", "military", code

    def _pair_sides(self, span: Span) -> list[tuple[Span, str, str, str | None]]:
        """The two parties of "U.S-Taliban" or "Israel-Hamas" when the entity recogniser
        took the pair as one name: each side a country or a known group, else []."""
        dash = [t.i for t in span if t.text in ("-", "\u2013")]
        if len(dash) != 1 or dash[0] in (span.start, span.end - 1):
            return []
        out: list[tuple[Span, str, str, str | None]] = []
        for side in (span.doc[span.start : dash[0]], span.doc[dash[0] + 1 : span.end]):
            named = _aliases().get(side.text.lower())
            country = self.gazetteer.country(side.text)
            if named:
                out.append((side, named[0], named[1], named[2]))
            elif country is not None:
                out.append(self._government(side, country.country_code))
            else:
                return []
        return out

    @staticmethod
    def _capital_of(name: str) -> str | None:
        return _capitals().get(name.lower())

    def _affiliation(
        self, doc: Doc, ent: Span, groups: list[tuple[Span, tuple[int, int]]]
    ) -> tuple[str | None, str | None]:
        """(country, affiliation) of a person: "a Taliban spokesman" after the name, or
        "Chinese Foreign Ministry spokesperson" before it. ``groups``: the doc's ORG, NORP
        and GPE entities with the (start, end) of their sentences."""
        roles = set(_a()["role_nouns"])
        sent = sentence(ent)
        window = list(doc[max(sent.start, ent.start - 6) : ent.start])
        if ent.end < sent.end and doc[ent.end].text in (",", "("):
            # a role after the name is set off from it ("Zabihullah Mujahid, a Taliban
            # spokesman"); not "Macron met Chinese leader Xi Jinping"
            window += list(doc[ent.end : min(sent.end, ent.end + 6)])
        role = next((t for t in window if t.lower_ in roles), None)
        titled = next(
            (
                c
                for t in doc[max(sent.start, ent.start - 3) : ent.start]
                if (c := self.gazetteer.country_of_demonym(t.text))
            ),
            None,
        )
        if role is None:
            return titled, None  # "Colombian President Gustavo Petro"
        for other, bounds in groups:
            if bounds != (sent.start, sent.end):
                continue
            same_side = (
                other.end <= ent.start if role.i < ent.start else other.start >= ent.end
            )  # "President Emmanuel Macron met Chinese leader Xi": not Chinese
            if abs(other.start - role.i) <= 4 and other.start != ent.start and same_side:
                span = _strip_the(other)
                named = _aliases().get(span.text.lower())
                if named:
                    return named[2], named[0]
                country = self.gazetteer.country_of_demonym(span.text) or next(
                    (c for t in span if (c := self.gazetteer.country_of_demonym(t.text))), None
                )
                return country, span.text
        return None, None

    def _descriptors(
        self, doc: Doc, add: Any, found: list[tuple[Span, str, str, str | None, str | None]]
    ) -> None:
        """ "the insurgents", "the hardline Islamists": the most recent armed group named
        before them."""
        desc: dict[str, str] = _a()["descriptors"]
        groups = _a()["groups"]
        for i in positions(doc, _descriptor_heads()):
            if doc[i].dep_ == "compound":
                continue  # not the head of its noun phrase
            for n in (1, 2):  # "the insurgents", "the hardline Islamists"
                if i - n < 0 or doc[i - n].lower_ != "the":
                    continue
                span = doc[i - n + 1 : i + 1]
                low = span.text.lower()
                if low not in desc:
                    break
                prior = [  # by the group's own kind: the NER may call "Boko Haram" a person
                    f
                    for f in found
                    if (
                        (f[1] in groups and groups[f[1]]["kind"] == desc[low])
                        or (low not in _GENERIC and _known_kind(f) == desc[low])
                        or (f[2] == desc[low] == "international_organisation")
                        or (low in _GENERIC and f[2] in _BODIES)
                    )  # "the bloc": the European Union
                    and f[0].start < i - n
                ]
                if low in _GENERIC:  # "the group": the body named last, if an armed one
                    prior = prior and [max(prior, key=lambda f: f[0].start)]
                    prior = [f for f in prior if _kind_of(f) == desc[low]]
                if prior:
                    last = max(prior, key=lambda f: f[0].start)
                    add(span, last[1], desc[low], last[3])
                break


@Language.factory(
    "newsevents_actors",
    assigns=["doc._.actors"],
    requires=["doc.ents"],
    default_config={"cache_dir": None},
)
def make_actors(nlp: Language, name: str, cache_dir: str | None) -> ActorsComponent:
    return ActorsComponent(nlp, name, cache_dir)


def _kind_of(found: tuple[Span, str, str, str | None, str | None]) -> str:
    """The kind of a body found, as the known table has it where the recogniser's label
    said less (the Lord's Resistance Army found as an organisation is an armed group)."""
    known = _known_kind(found)
    return known if known is not None and found[2] == "organisation" else found[2]


def _known_kind(found: tuple[Span, str, str, str | None, str | None]) -> str | None:
    """The kind the known-bodies table gives a body found ("SPLM-IO": an armed group), or
    None for a body it does not list."""
    known = known_body(found[1])
    return known[1] if known is not None else None


def _strike_modifier(tok: Token) -> bool:
    """``tok`` modifies a strike noun, directly or through its compounds ("a U.S. drone
    strike", "Israeli air strikes")."""
    while tok.dep_ in ("compound", "nmod", "amod") and tok.head.i != tok.i:
        tok = tok.head
        if tok.lemma_.lower() in STRIKE_NOUNS:
            return True
    return False


_CALL_HOME = frozenset({"recall", "withdraw"})
"""Verbs by which a body calls its own people home ("recalled its ambassador"): they are no
side of the event (not "expelled its leader": a party acts on its leader)."""

_CITIZENS = frozenset({"national", "nationals", "citizen", "citizens"})
"""Nouns for a country's people ("two Tajik nationals") that are also words of names."""

_COMMON_MODIFIERS = frozenset({"riot", "security", "border", "traffic", "special", "military"})
"""Words the tagger may take for a name at the start of a sentence ("Riot police fired"):
a kind of force, not a group's name."""

_SURNAME_LABELS = frozenset({"", "GPE", "LOC"})
"""Entity labels a surname said again may carry: none, or a place's (a town of that name)."""

_ARMED = frozenset({"armed"})
_PEOPLE = frozenset({"men", "youths", "people", "individuals", "assailants", "groups"})
"""Plural nouns for people whom "armed" makes an armed group."""

_GENERIC = frozenset({"group"})
"""Descriptors any body may take ("the group" after a rights group or a company): they
stand for an armed group only when the body named last is one."""
_BODIES = frozenset(
    {"armed_group", "political_party", "international_organisation", "organisation", "company"}
)
"""Kinds of the bodies "the group" may stand for."""


@lru_cache(maxsize=1)
def _facility_heads() -> frozenset[str]:
    """Nouns of buildings and sites ("station", "base", "prison"): a state noun written
    on one without a country ("a police station", "army barracks") names no side."""
    return frozenset(load_table("geo_words")["facility_heads"])


@lru_cache(maxsize=1)
def _descriptor_heads() -> frozenset[str]:
    """The last word of each descriptor ("islamists" of "hardline islamists")."""
    return frozenset(k.split()[-1] for k in _a()["descriptors"])
