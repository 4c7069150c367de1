"""The actor-coding component: every actor gets its country (with the basis for it and a
confidence), its sector, and the entity it belongs to within the article, as event-data
coders do (PLOVER/POLECAT, ICEWS, ACLED).

Country, in order: a known national body or group (``known``); a country the mention
names (``explicit``, set by the actors stage from a demonym, possessive or "of X"); the
body or side a person acts for (``affiliation``); none for international bodies
(``international``); else, for a generic state or social actor, the country its sentence
points to or the article's focus country (``context``): the dateline's country, else the
country most of the article's places and named actors are in. Companies and
organisations nobody names a country for stay ``unknown``.

Entities: mentions with the same canonical name are one entity, and a generic state actor
with a context country takes the canonical ``<Country> government`` (``military``,
``police``), so "the government", "Baghdad" and "the Iraqi authorities" in an Iraq story
are one. A person's surname alone ("Ghani") joins the full name said before it, and "the
bank" the "World Bank" named before it.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Token

from extract.nlp.actors import capital_country
from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.gazetteer import GazetteerComponent
from extract.nlp.guard import guarded
from extract.nlp.known import known_body
from extract.nlp.place_syntax import attached_place_country, fronted_place_country
from extract.nlp.plurals import singular
from extract.nlp.same_body import (
    from_a_named_group,
    its_own_people,
    known_as_in_the_article,
    member_of_a_group,
    person_of_a_body,
    take_coding,
    the_body_named_before,
    the_envoy_named_before,
    the_nationals_as_their_forces,
    the_noun_of_a_name,
)
from extract.nlp.sectors import (
    coding_table,
    officers_of_the_military,
    role_of_its_body,
    role_sector,
    sector_of,
    sector_of_words,
)
from extract.nlp.syntax import sentences
from extract.nlp.types import ActorDict

register_extensions()

_BASED = re.compile(r"([A-Z][\w.]+)-(?:owned|based|registered|headquartered)\s+(?:the\s+)?$")
_BESIDE = re.compile(r",\s+(?:the|an?)\s+([A-Z][\w.]+-(?:owned|based|registered|headquartered))\b")
"""An appositive that says where a named body belongs: "MMG, the Chinese-owned company"."""
_SURE_BASES = ("explicit", "known", "affiliation")
_SPOKESPERSON = re.compile(r"\bspokes(?:man|woman|person)\s+(?:[A-Z][\w'-]*\s+)?$")
_NEAR_CHARS = 40
"""How far (in characters) from a person's name the body they act for may be named."""
_DESCRIBING = ("compound", "amod")
"""Words before a noun that say what kind of body it is ("a legal aid group")."""


_c = coding_table


def sentences_of(doc: Doc) -> list[tuple[int, int]]:
    """(start, end) characters of each sentence (the whole text when unparsed)."""
    return [(s.start_char, s.end_char) for s in sentences(doc)]


@lru_cache(maxsize=1)
def _body_nouns() -> frozenset[str]:
    """Nouns for an organisation ("group", "company", "agency"): ``unnamed_org_plurals``
    and their singulars."""
    plurals = _c()["unnamed_org_plurals"]
    return frozenset({*plurals, *(singular(p) for p in plurals)})


def _body_noun(tok: Token) -> bool:
    return tok.lower_ in _body_nouns()


def _named_before(a: ActorDict, actors: list[ActorDict]) -> str | None:
    """The country of the same body named earlier in the article with it: "The army"
    after "Sudan's army" (the last such mention with the same head word and sector)."""
    head = a["text"].lower().split()[-1]
    if a["text"].lower().removeprefix("the ") != head:
        return None  # a bare noun only: "the army", not "the Lebanese army"
    before = [
        b
        for b in actors
        if b["start"] < a["start"]
        and b["country_basis"] in ("explicit", "known")
        and b["country_code"]
        and b.get("sector") == a.get("sector")
        and b["text"].lower().split()[-1] == head
    ]
    return str(before[-1]["country_code"]) if before else None


@lru_cache(maxsize=1)
def _home_portfolios() -> frozenset[str]:
    return frozenset(_c()["home_portfolios"])


def _abroad_words(text: str) -> set[str]:
    """The words of a mention that may put it abroad ("foreign troops"), less the
    "foreign" of a country's own foreign-affairs office ("the Foreign Ministry")."""
    words = text.lower().split()
    home = _home_portfolios()
    return {
        w
        for i, w in enumerate(words)
        if not (w == "foreign" and i + 1 < len(words) and words[i + 1] in home)
    }


def _unnamed_org_plural(actor: ActorDict) -> bool:
    """An unnamed plural of organisations ("mining companies", "aid agencies", "aid
    workers"): it keeps a null country unless the article gives one (ADJUDICATION.md)."""
    words = actor["text"].split()
    if not words or actor["text"][1:] != actor["text"][1:].lower():
        return False  # a name ("Anglo American companies"); a capital first letter may
        # only open the sentence ("Aid workers left")
    head = words[-1]
    return head in _c()["unnamed_org_plurals"] or (
        head.endswith("s") and actor.get("sector") == "ngo"
    )


_FROM_ABROAD = re.compile(r"\s+from\s+(?:[\w-]+\s+){0,3}(?:countries|nations|states)\b")
"""After a mention: people from several countries ("diplomats from seven Latin American
countries"), of no one country."""


def _apart(doc: Doc, a: ActorDict, b: ActorDict) -> bool:
    """Two actors that are separate arguments of one verb ("the military detained Aung
    San Suu Kyi", "police arrested X"): the one does not say what the other is."""
    sa = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    sb = doc.char_span(b["start"], b["end"], alignment_mode="expand")
    if sa is None or sb is None:
        return False
    ra, rb = sa.root, sb.root
    if ra in rb.subtree or rb in ra.subtree:
        return False
    above_a = {ra, *ra.ancestors}
    common = next((t for t in (rb, *rb.ancestors) if t in above_a), None)
    return common is not None and common.pos_ in ("VERB", "AUX")


def focus_country(
    dateline_country: str | None, places: list[dict[str, Any]], actors: list[ActorDict], text: str
) -> tuple[str | None, float]:
    """The country the story is about and how sure that is: the dateline's country, else
    the country most place and named-actor mentions are in (first paragraph counting
    double)."""
    if dateline_country:
        return dateline_country, _c()["confidence"]["context_dateline"]
    first = text.find("\n\n")
    first = len(text) if first < 0 else first
    votes: Counter[str] = Counter()
    for m in [*places, *actors]:
        code = m.get("country_code")
        if code:
            votes[code] += 2 if m["start"] < first else 1
    if not votes:
        return None, 0.0
    (code, n), total = votes.most_common(1)[0], sum(votes.values())
    conf = _c()["confidence"]
    lo, hi = conf["context_focus_min"], conf["context_focus_max"]
    return code, round(lo + (hi - lo) * n / total, 3)


def _description(doc: Doc, a: ActorDict) -> tuple[int, int]:
    """The characters of the appositive or relative clause that describes a person ("...,
    who heads the Red Cross in Beira", "..., a researcher at Corruption Watch"); (0, 0)
    when there is none."""
    span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
    if span is None or len(span) == 0:
        return (0, 0)
    for c in span.root.children:
        if c.dep_ in ("appos", "relcl") and c.i >= span.end:
            sub = list(c.subtree)
            return (sub[0].idx, sub[-1].idx + len(sub[-1]))
    return (0, 0)


@guarded
class CodingComponent(GazetteerComponent):
    """Sets ``sector``, ``country_code``, ``country_basis``, ``country_confidence`` and
    ``entity`` on every actor of ``doc._.actors``."""

    def __call__(self, doc: Doc) -> Doc:
        actors: list[ActorDict] = doc._.actors or []
        if not actors:
            return doc
        places: list[dict[str, Any]] = list(doc._.places or [])
        text = doc_text(doc)
        conf = _c()["confidence"]
        not_here = set(_c()["not_here_words"])
        for a in actors:
            self._code_named(a, conf, text)
            if a["kind"] == "person" and a["country_basis"] == "unknown":
                code = self._nationality(doc, a)
                if code is not None:
                    self._set(a, code, "explicit", conf["explicit"])
            if a["sector"] == "unknown" and a["kind"] in ("organisation", "unknown", "person"):
                self._sector_by_apposition(doc, a)
        for a in actors:
            if a["kind"] == "person" or a["country_basis"] == "unknown":
                role_of_its_body(doc, a, actors)
            member_of_a_group(doc, a, actors, conf["affiliation"])
            person_of_a_body(doc, a, actors, conf["affiliation"])
            from_a_named_group(doc, a, actors)
            its_own_people(doc, a, actors)
        known_as_in_the_article(text, actors)
        the_body_named_before(text, actors)
        the_envoy_named_before(text, actors, set(_c()["envoy_nouns"]))
        sentences = sentences_of(doc)
        officers_of_the_military(actors, sentences)
        focus, focus_conf = focus_country(doc._.dateline_country, places, actors, text)
        for a in actors:
            if (
                a["country_basis"] != "unknown"
                or a["kind"] in _c()["no_context_kinds"]
                or not_here & _abroad_words(a["text"])
                or _unnamed_org_plural(a)
                or _FROM_ABROAD.match(text, a["end"])
            ):
                continue  # "foreign troops", "mining companies": not the focus country's
            owner = self._owner_country(doc, a, actors)
            if owner is not None:
                code, basis = owner
                a["country_code"], a["country_basis"] = code, basis
                a["country_confidence"] = conf["context_sentence"]
                continue
            here = (
                attached_place_country(doc, a["start"], a["end"])
                or self._sentence_country(a, actors, sentences)
                or fronted_place_country(doc, a["start"])
                or _named_before(a, actors)
            )
            if here is not None:
                self._set(a, here, "context", conf["context_sentence"])
            elif focus is not None:
                self._set(a, focus, "context", focus_conf)
        self._people_by_their_body(doc, actors, sentences)
        the_noun_of_a_name(text, actors)
        the_nationals_as_their_forces(text, actors)
        self._entities(actors)
        return doc

    @staticmethod
    def _sector_by_apposition(doc: Doc, a: ActorDict) -> None:
        """A named body's sector from the noun set beside it: "MMG, the Chinese-owned
        company", "the exporter, Frutas del Pacifico", "Corruption Watch, a watchdog", or
        the noun its name modifies ("the 400 Mawozo gang", also when the recogniser took
        the name for a person's)."""
        span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
        if span is None or len(span) == 0:
            return
        root = span.root
        nouns = [
            c
            for c in root.children
            if c.dep_ == "appos" and (a["kind"] != "person" or _body_noun(c))
        ]  # "Foro Penal, a local legal aid group": a body, whatever the recogniser said
        if root.dep_ == "compound" or (root.dep_ == "appos" and a["kind"] != "person"):
            nouns.append(root.head)  # "the Fuerabamba community", "the 400 Mawozo gang"
        for n in nouns:
            # the noun with the words written before it: "a local legal aid group" (ngo)
            words = doc[min([n.i, *(c.i for c in n.lefts if c.dep_ in _DESCRIBING)]) : n.i + 1]
            sector = sector_of_words(words.text, "unknown")
            if n.pos_ == "NOUN" and sector and sector != "unknown":
                a["sector"] = sector
                if sector == "business":
                    a["kind"] = "company"
                elif a["kind"] == "person" and _body_noun(n):
                    a["kind"] = "organisation"
                return

    @staticmethod
    def _people_by_their_body(
        doc: Doc, actors: list[ActorDict], sentences: list[tuple[int, int]]
    ) -> None:
        """A person with no sector of their own takes that of the body named next to them
        in their sentence ("Marta Ruiz, the United Nations humanitarian coordinator",
        "Rwandan army spokesman Celestin Nkusi") or in the clause that describes them
        ("Ana Silva, who coordinates the relief effort for the Red Cross in Beira"), and its
        country when they have none."""

        for a in actors:
            if a["kind"] != "person" or a.get("sector", "unknown") != "unknown":
                continue
            lo, hi = next(((s, e) for s, e in sentences if s <= a["start"] < e), (0, 0))
            described = _description(doc, a)
            bodies = [
                b
                for b in actors
                if b["kind"] != "person"
                and lo <= b["start"] < hi
                and b.get("sector", "unknown") != "unknown"
            ]
            near = [
                b
                for b in bodies
                if (
                    min(abs(b["start"] - a["end"]), abs(a["start"] - b["end"])) <= _NEAR_CHARS
                    and not _apart(doc, a, b)
                )
                or described[0] <= b["start"] < described[1]
            ]
            before = doc_text(doc)[max(0, a["start"] - _NEAR_CHARS) : a["start"]]
            if not near and _SPOKESPERSON.search(before):
                # "The SPLA said ..., spokesman Santo Deng told state radio": a bare
                # spokesperson speaks for the body the sentence names
                near = bodies[:1]
            if not near:
                continue
            body = min(
                near, key=lambda b: min(abs(b["start"] - a["end"]), abs(a["start"] - b["end"]))
            )
            a["sector"] = body["sector"]
            if a["country_basis"] == "unknown" or body["country_basis"] == "international":
                a["country_code"] = body["country_code"]
                a["country_basis"] = (
                    "affiliation" if body["country_code"] else body["country_basis"]
                )
                a["country_confidence"] = body.get("country_confidence")

    def _code_named(self, a: ActorDict, conf: dict[str, float], text: str) -> None:
        """Country and sector from the mention itself, a known body, or an affiliation."""
        a["sector"] = sector_of(a)
        if a["kind"] == "person" and a["sector"] == "unknown":
            a["sector"] = role_sector(
                text[max(0, a["start"] - _NEAR_CHARS) : a["start"]],
                text[a["end"] : a["end"] + _NEAR_CHARS],
            )
        a["country_basis"], a["country_confidence"] = "unknown", None
        seat = (
            self._seat_of_government(a["text"])
            if a["kind"] not in ("civilians", "military")
            else None
        )  # not "Ukrainian" of "Ukrainian-held villages": that country's forces
        if seat is not None:  # "Abuja refused", "Azerbaijan freed", "Mozambique's government"
            a["kind"], a["sector"] = "government", "government"
            a["country_code"] = seat  # its own, not an affiliation read beside it
        body = known_body(a["text"]) if a["kind"] == "person" else None
        if a["kind"] != "person":
            body = known_body(a["canonical"]) or known_body(a["text"])
        if (seated := _c()["seat_of_bodies"].get(a["text"])) is not None:
            body = known_body(seated)  # "accusing Brussels of blackmail": the EU
        if body is not None:  # also a body the NER took for a person ("Boko Haram")
            canonical, kind, sector, country = body
            a["canonical"], a["sector"] = canonical, sector
            if a["kind"] in ("person", "organisation", "unknown") or seat is not None:
                a["kind"] = kind  # "accusing Brussels of blackmail": the EU, not Belgium
            branch = self._demonym_before(text[max(0, a["start"] - 30) : a["start"]])
            if branch is not None and branch != country and kind != "international_organisation":
                # "the Pakistani Taliban", "Syrian al-Qaeda": the branch the demonym names
                self._set(a, branch, "explicit", conf["explicit"])
            elif country:
                self._set(a, country, "known", conf["known"])
            else:
                # an international body, or a group active in many countries (Islamic State)
                a["country_code"], a["country_basis"], a["country_confidence"] = (
                    None,
                    "international",
                    conf["known"],
                )
            return
        if a["kind"] == "international_organisation":
            a["country_code"], a["country_basis"], a["country_confidence"] = (
                None,
                "international",
                1.0,
            )
            a["sector"] = "igo"
            return
        if not a["country_code"]:
            a["country_code"] = (
                self._demonym_in(a["text"])
                or self._based_in(text[max(0, a["start"] - 30) : a["start"]])
                or self._based_in_apposition(text[a["end"] : a["end"] + 40])
            )  # "French companies", "the Chinese-owned MMG", "Lagos-based Dangote", "MMG,
            # the Chinese-owned company"
        if a["country_code"]:
            self._set(a, a["country_code"], "explicit", conf["explicit"])
        aff = a["affiliation"]
        if aff:
            body = known_body(aff)
            if body is not None:
                if body[2] != "unknown":
                    a["sector"] = body[2]  # "a Taliban spokesman", "SJB lawmaker": the body
                if a["country_basis"] == "unknown":
                    if body[3]:
                        self._set(a, body[3], "affiliation", conf["affiliation"])
                    elif body[2] in ("igo", "ngo"):
                        a["country_basis"], a["country_confidence"] = "international", 1.0
            else:
                code = self.gazetteer.country_of_demonym(aff)
                entry = self.gazetteer.country(aff) if code is None else None
                code = code or (
                    entry.country_code if entry is not None and entry.kind == "country" else None
                )
                if code and a["country_basis"] == "unknown":
                    self._set(a, code, "affiliation", conf["affiliation"])
        if a["kind"] == "person" and a["sector"] == "unknown" and a["country_basis"] != "unknown":
            a["sector"] = "government" if a["affiliation"] is None else "unknown"

    def _nationality(self, doc: Doc, a: ActorDict) -> str | None:
        """The country the appositive of a person's name gives them: "Lars Nilsson, a
        Swedish national", "a 34-year-old French citizen", "a former Syrian army officer",
        "a citizen of Portugal"; not a demonym of another noun in it ("a critic of Swedish
        policy")."""
        span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
        if span is None or len(span) == 0:
            return None
        for noun in span.root.children:
            if noun.dep_ != "appos" or noun.i < span.end or noun.pos_ != "NOUN":
                continue
            for m in noun.children:
                if m.dep_ in _DESCRIBING and m.i < noun.i and m.text[:1].isupper():
                    code = self.gazetteer.country_of_demonym(m.text)
                    if code is not None:
                        return code
                if m.dep_ == "prep" and m.lower_ == "of" and noun.lemma_ in _c()["citizen_nouns"]:
                    entry = next(
                        (self.gazetteer.country(o.text) for o in m.children if o.dep_ == "pobj"),
                        None,
                    )
                    if entry is not None and entry.kind == "country":
                        return entry.country_code
        return None

    def _seat_of_government(self, text: str) -> str | None:
        """The country whose name or capital ``text`` is (used for its government)."""
        name = text.removeprefix("the ").removesuffix("'s").removesuffix("\u2019s")
        entry = self.gazetteer.country(name)
        if entry is not None and entry.kind == "country":
            return entry.country_code
        return capital_country(name)

    def _based_in(self, before: str) -> str | None:
        """The country of "<X>-owned", "<X>-based" written just before a name (not
        "-backed" or "-led": those name a patron, not the actor's own country)."""
        m = _BASED.search(before)
        if m is None:
            return None
        word = m.group(1)
        entry = self.gazetteer.country(word)
        if entry is not None and entry.kind == "country":
            return entry.country_code
        return self.gazetteer.country_of_demonym(word) or capital_country(word)

    def _based_in_apposition(self, after: str) -> str | None:
        """The country of an appositive right after a name: "MMG, the Chinese-owned
        company"."""
        m = _BESIDE.match(after)
        return self._based_in(m.group(1) + " ") if m else None

    def _demonym_before(self, before: str) -> str | None:
        """The country of a demonym written right before a name ("Pakistani Taliban")."""
        m = re.search(r"([A-Z][\w-]*)\s+$", before)
        return self.gazetteer.country_of_demonym(m.group(1)) if m else None

    def _demonym_in(self, text: str) -> str | None:
        for word in text.split()[:-1]:
            code = self.gazetteer.country_of_demonym(word.strip(",.\"'"))
            if code:
                return code
        return None

    @staticmethod
    def _set(a: ActorDict, code: str, basis: str, confidence: float) -> None:
        a["country_code"], a["country_basis"], a["country_confidence"] = code, basis, confidence

    def _owner_country(
        self, doc: Doc, a: ActorDict, actors: list[ActorDict]
    ) -> tuple[str | None, str] | None:
        """The country (and basis) of the state that owns a generic force by the clause it
        is in: "its troops", "their forces" take the country of the clause's subject
        ("Kigali pull its troops", "required Israel to withdraw its forces"), and the
        object of a verb of sending forces takes its subject's ("Rwanda deployed 1,000
        soldiers and police officers"). Only an owner coded from its own mention counts (a
        known body, a demonym, a country or its capital); forces an international body
        sends stay without a country ("SADC plans to deploy 3,000 troops")."""
        if a.get("sector") not in _c()["owned_force_sectors"]:
            return None
        span = doc.char_span(a["start"], a["end"], alignment_mode="expand")
        if span is None or len(span) == 0:
            return None
        root = span.root
        owned = any(c.dep_ == "poss" and c.lower_ in ("its", "their") for c in root.children)
        while root.dep_ == "conj" and root.head.i < root.i:  # "soldiers and police officers"
            root = root.head
        sent = root.dep_ == "dobj" and root.head.lemma_.lower() in _c()["send_force_verbs"]
        if not (owned or sent):
            return None
        verb = root.head
        for _ in range(4):  # up to the clause's verb ("withdraw its forces from ...")
            if verb.pos_ in ("VERB", "AUX") or verb.head is verb:
                break
            verb = verb.head
        owners = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if (
            owned
            and owners
            and all(a["start"] <= o.idx < a["end"] for o in owners)
            and verb.dep_ in ("advcl", "conj", "ccomp")
            and verb.head is not verb
        ):  # "it would retaliate if its troops came under fire", "India's defence ministry
            # said its forces had targeted ...": the clause above owns them
            verb = verb.head
            owners = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if (
            [o.lower_ for o in owners] in (["it"], ["they"])
            and verb.dep_ == "ccomp"
            and verb.head is not verb
        ):  # "the African Union said it would deploy 2,000 troops": the speaker's
            owners = [c for c in verb.head.children if c.dep_ == "nsubj"]
        if not owners and verb.dep_ in ("xcomp", "ccomp") and verb.head is not verb:
            # "required Israel to withdraw its forces"
            owners = sorted(
                (c for c in verb.head.children if c.dep_ in ("dobj", "nsubj")),
                key=lambda c: c.dep_ != "dobj",
            )
        for owner in owners:
            for b in actors:
                if b is a or not b["start"] <= owner.idx < b["end"]:
                    continue
                if b["country_basis"] == "international":
                    return None, "international"
                if b["country_basis"] in ("explicit", "known") and b["country_code"]:
                    return str(b["country_code"]), "context"
            if owner.ent_type_ == "GPE":  # a capital the actors stage left as a place
                code = self._seat_of_government(owner.text)
                if code:
                    return code, "context"
        return None

    @staticmethod
    def _sentence_country(
        a: ActorDict, actors: list[ActorDict], sentences: list[tuple[int, int]]
    ) -> str | None:
        """The country the actor's sentence points to: that of a named actor of the same
        sector with a country, the nearest before it ("Chadian soldiers ... the army"; not
        one after it: "government forces backed by Russian jets" are the story's own).
        (The one country of the sentence's places was tried too; it was wrong more often
        than right on our dev split.)"""
        lo, hi = next(((s, e) for s, e in sentences if s <= a["start"] < e), (0, 0))
        same = [
            b
            for b in actors
            if b is not a
            and lo <= b["start"] < hi
            and b["country_basis"] in ("explicit", "known")
            and b["sector"] == a["sector"]
            and b["country_code"]
        ]
        if not same:
            return None
        before = [b for b in same if b["start"] < a["start"]]
        return str(before[-1]["country_code"]) if before else None

    def _country_name(self, code: str) -> str:
        entry = self.gazetteer.country(code)
        return entry.name if entry is not None else code

    def _entities(self, actors: list[ActorDict]) -> None:
        """One entity id per actor; state actors with a country take ``<Country> <sector>``
        as their canonical; a surname joins the full name said before it."""
        suffix: dict[str, str] = _c()["country_suffix"]
        ids: dict[str, str] = {}
        full_names: dict[str, ActorDict] = {}
        first_names: dict[str, ActorDict] = {}
        for a in actors:
            s = suffix.get(a["sector"])
            if (
                s
                and a["country_code"]
                and a["kind"] in ("government", "military", "police", "country")
                and a["country_basis"] in ("context", "explicit")
            ):
                a["canonical"] = f"{self._country_name(a['country_code'])} {s}"
            parts = a["canonical"].split()
            one = parts[0].lower() if len(parts) == 1 else None
            full = full_names.get(one) or first_names.get(one) if one else None
            if full is not None and a["kind"] in ("person", "organisation", "unknown"):
                # "Zulum" after "Babagana Zulum" (the NER may call the surname an ORG), or
                # "Tsegay" after "Tsegay Berhe" (named by the first name)
                take_coding(a, full)
            elif a["kind"] == "person" and len(parts) > 1:
                full_names.setdefault(parts[-1].lower(), a)
                first_names.setdefault(parts[0].lower(), a)
            a["entity"] = ids.setdefault(a["canonical"].lower(), f"ent{len(ids) + 1}")
        # a mention with a sector lends it to the rest of its entity ("MMG, the
        # Chinese-owned company" ... "MMG said"), and one whose own words or body give the
        # country lends that
        sectors: dict[str | None, str] = {}
        for a in actors:
            if a["sector"] != "unknown":
                sectors.setdefault(a["entity"], a["sector"])
        for a in actors:
            if a["sector"] == "unknown" and a["entity"] in sectors:
                a["sector"] = sectors[a["entity"]]
        sure: dict[str | None, ActorDict] = {}
        for a in actors:
            if a["country_code"] and a["country_basis"] in _SURE_BASES:
                sure.setdefault(a["entity"], a)
        for a in actors:
            lender = sure.get(a["entity"])
            if lender is not None and a["country_basis"] in ("context", "unknown"):
                a["country_code"], a["country_basis"] = (
                    lender["country_code"],
                    lender["country_basis"],
                )
                a["country_confidence"] = lender.get("country_confidence")


@Language.factory(
    "newsevents_coding",
    assigns=["doc._.actors"],
    default_config={"cache_dir": None},
)
def make_coding(nlp: Language, name: str, cache_dir: str | None) -> CodingComponent:
    return CodingComponent(nlp, name, cache_dir)
