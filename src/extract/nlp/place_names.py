"""Which names of an article are places: the entities the recogniser called places,
the towns it mislabelled or left unlabelled where they stand in a place's position, roads
named by their number, towns inside organisations' names, and the countries an article is
about (which decide which of those names count). Resolution is the component's
(:mod:`extract.nlp.places`)."""

from __future__ import annotations

from spacy.attrs import ORTH
from spacy.tokens import Doc, Span, Token

from extract.nlp.gazetteer import GazEntry, GazetteerComponent
from extract.nlp.known import known_body, name_after_role
from extract.nlp.place_syntax import (
    BARE,
    BORDERS,
    EMBEDDED,
    KNOWN_CITY,
    MISLABELLED,
    REACH_VERBS,
    STRIKE_NOUNS,
    after_comma_of_name,
    bare_name,
    facility_end,
    geo_words,
    is_actor_use,
    listed_with_places,
    named_venue,
    road_names,
)
from extract.nlp.syntax import positions


class PlaceNames(GazetteerComponent):
    """The recognition half of the places component: which spans are place names."""

    def _town_in_name(
        self, ent: Span, countries: set[str], kinds: tuple[str, ...]
    ) -> tuple[Span, GazEntry] | None:
        """The town (or region: ``kinds``) a name begins with, in its first two words or its
        first, and its reading: one the gazetteer knows in a country the article is about,
        or a city of 100,000 or more."""
        doc = ent.doc
        words = [t for t in ent if t.lower_ != "the"]
        for n in (2, 1):
            if len(words) <= n or not all(t.text[:1].isupper() for t in words[:n]):
                continue
            span = doc[words[0].i : words[n - 1].i + 1]
            entry = self.gazetteer.best(span.text, sorted(countries))
            if (
                entry is not None
                and entry.kind in kinds
                and (entry.country_code in countries or (entry.population or 0) >= KNOWN_CITY)
            ):
                return span, entry
        return None

    def _candidates(self, doc: Doc, doc_countries: set[str]) -> list[tuple[Span, str | None]]:
        g = geo_words()
        out: list[tuple[Span, str | None]] = []
        for ent in self._names(doc):
            venue = ent.label_ in ("ORG", "PERSON") and named_venue(ent)
            if ent.label_ in MISLABELLED and not (
                venue
                or self._mislabelled_place(ent, doc_countries)
                or facility_end(ent) is not None
            ):
                continue
            if ent.label_ not in ("GPE", "LOC", "FAC", *MISLABELLED):
                continue
            if ent.label_ == "GPE" and self._demonym_only(ent.text):
                continue  # "Ukrainian drones hit ...": a people's adjective, not a place
            if (
                ent.label_ in ("GPE", "LOC")
                and name_after_role(ent)
                and not self.gazetteer.candidates(ent.text)
            ):
                continue  # "spokeswoman Agnes Mukamana": a person the recogniser misread
            if (
                ent.label_ in ("GPE", "LOC")
                and known_body(ent.text) is not None
                and not self.gazetteer.candidates(ent.text)
            ):
                continue  # "M23 rebels seized ...": a known group's name, no place's
            if (
                ent.label_ != "FAC"
                and is_actor_use(ent)
                and (ent.label_ != "LOC" or self._is_polity(ent.text))
                and not self.country_as_territory(ent)
            ):
                continue  # a country or city (whatever NER called it) used for its government
            start, end, hint = ent.start, ent.end, ("facility" if ent.label_ == "FAC" else None)
            # "Bagram military base", "Helmand province": take the trailing noun in
            noun_end = facility_end(ent)
            if noun_end is not None:
                end, hint = noun_end, "facility"
            elif venue:
                # "at Barclays Center": a building the gazetteer lacks, in the town its
                # sentence or the article is about (see place_context.attach_context)
                hint = "facility"
            elif end < len(doc) and doc[end].lower_ in g["admin_words"]:
                end, hint = end + 1, "admin1"
            if doc[start].lower_ == "the" and hint != "facility":
                start += 1
            if start < end:
                out.append((Span(doc, start, end, label=ent.label_), hint))
        taken = {i for s, _ in out for i in range(s.start, s.end)}
        for span in self._unlabelled(doc, doc_countries):
            if not taken & set(range(span.start, span.end)) and not is_actor_use(span):
                out.append((span, None))
        taken = {i for s, _ in out for i in range(s.start, s.end)}
        for span in road_names(doc):  # "the A417", "Interstate 95": where the story's town is
            if not taken & set(range(span.start, span.end)):
                out.append((span, "facility"))
        taken = {i for s, _ in out for i in range(s.start, s.end)}
        out.extend((s, None) for s in self._embedded(doc, doc_countries, taken))
        out.extend(self._generic(doc, {i for s, _ in out for i in range(s.start, s.end)}))
        return sorted(out, key=lambda x: x[0].start)

    def _embedded(self, doc: Doc, countries: set[str], taken: set[int]) -> list[Span]:
        """Towns and first-level regions an organisation's, event's or building's name
        begins with ("The Winnipeg Fire Paramedic Service", "the Karnataka Assembly
        election"; see :meth:`_town_in_name`). Labelled ``EMBEDDED``: the records keep
        them, flagged, and no later stage reads them (GeoWebNews scores them as toponyms;
        our guidelines and MEANTIME do not)."""
        out: list[Span] = []
        for ent in doc.ents:
            if ent.label_ not in ("ORG", "EVENT", "FAC") or ent.start in taken:
                continue
            found = self._town_in_name(ent, countries, ("city", "admin1"))
            if found is not None:
                out.append(Span(doc, found[0].start, found[0].end, label=EMBEDDED))
        return out

    def _names(self, doc: Doc) -> list[Span]:
        """The entities, each joined with the word or entity right before it where the
        gazetteer knows the two as one name and the recogniser cut it ("living in Boa
        Vista": "Boa" a GPE and "Vista" an ORG, or "Vista" alone)."""
        out: list[Span] = []
        for ent in doc.ents:
            prev = out[-1] if out and out[-1].end == ent.start else None
            if (prev is not None and prev.label_ in ("GPE", "LOC")) or (
                prev is None
                and ent.label_ in ("GPE", "LOC")
                and ent.start > 0
                and bare_name(doc[ent.start - 1])
            ):
                start = prev.start if prev is not None else ent.start - 1
                if self.gazetteer.candidates(doc[start : ent.end].text):
                    if prev is not None:
                        out.pop()
                    out.append(Span(doc, start, ent.end, label="GPE"))
                    continue
            out.append(ent)
        return out

    def _unlabelled(self, doc: Doc, doc_countries: set[str]) -> list[Span]:
        """Town names the recogniser left unlabelled ("travelling to Cirencester",
        "Knockhill, Fife"): a run of capitalised proper nouns outside every entity, in a
        locative position, that the gazetteer knows in a country the article is about
        (the checks of :meth:`_mislabelled_place`)."""
        out: list[Span] = []
        i, n = 0, len(doc)
        while i < n:
            tok = doc[i]
            if not bare_name(tok):
                i += 1
                continue
            j = i + 1
            while j < n and bare_name(doc[j]):
                j += 1
            span = Span(doc, i, j, label=BARE)
            if j - i <= 3 and self._mislabelled_place(span, doc_countries):
                out.append(span)
            i = j
        return out

    @staticmethod
    def _generic(doc: Doc, taken: set[int]) -> list[tuple[Span, str | None]]:
        """ "the world" ("the world's copper", "around the world"): a region, not in any
        country. Not "World Bank" (a name) or "the Arab world" (a region named by its
        modifier, left to the entity recogniser)."""
        return [
            (Span(doc, i, i + 1, label="LOC"), "region")
            for i in positions(doc, geo_words()["generic_places"], ORTH)
            if i not in taken and i > 0 and not doc[i].ent_type_ and doc[i - 1].lower_ == "the"
        ]

    def _demonym_only(self, name: str) -> bool:
        """A demonym ("Ukrainian") that names no place the gazetteer knows."""
        return self.gazetteer.country_of_demonym(
            name
        ) is not None and not self.gazetteer.candidates(name)

    def _is_polity(self, name: str) -> bool:
        """A country or a city: a name that can stand for a government ("Algiers")."""
        entry = self.gazetteer.best(name)
        return entry is not None and entry.kind in ("country", "city")

    def _doc_countries(self, doc: Doc) -> set[str]:
        """Countries the article names, else those its demonyms imply ("Kenyan police"):
        a demonym beside a named country is no evidence of where the story is ("the
        French Quarter" of a New Orleans story, "British" tourists abroad)."""
        codes: set[str] = set()
        for ent in doc.ents:
            if ent.label_ == "GPE" and (e := self.gazetteer.country(ent.text)) is not None:
                codes.add(e.country_code)
            elif ent.label_ == "GPE" and (found := self.gazetteer.candidates(ent.text)):
                # "Gloucester and Cheltenham": a town whose every namesake lies in one
                # country puts the article there
                countries = {c.entry.country_code for c in found}
                if len(countries) == 1:
                    codes |= countries
        if not codes:
            # no country named: the one a demonym implies ("Kenyan police")
            for ent in doc.ents:
                if ent.label_ == "NORP" and (c := self.gazetteer.country_of_demonym(ent.text)):
                    codes.add(c)
        if not codes:
            # no country named: the one most of its towns' first readings lie in
            # ("Gloucester", "Cheltenham": Britain), when two or more agree
            votes: dict[str, int] = {}
            for ent in doc.ents:
                if ent.label_ == "GPE" and (e := self.gazetteer.best(ent.text)) is not None:
                    votes[e.country_code] = votes.get(e.country_code, 0) + 1
            top = max(votes.values(), default=0)
            if top >= 2:
                codes = {c for c, n in votes.items() if n == top and c}
        if not codes:
            # none yet: a town in a place's position that the recogniser called a person
            # or organisation, whose every namesake lies in one country ("travelling to
            # Cirencester"), when two or more such mentions agree
            sure: dict[str, int] = {}
            for ent in doc.ents:
                if ent.label_ in MISLABELLED and _locative(ent.root):
                    found = self.gazetteer.candidates(ent.text)
                    countries = {c.entry.country_code for c in found}
                    if len(countries) == 1 and (code := countries.pop()):
                        sure[code] = sure.get(code, 0) + 1
            codes = {c for c, n in sure.items() if n >= 2}
        return codes

    def _mislabelled_place(self, ent: Span, doc_countries: set[str]) -> bool:
        """A town the small NER model called an ORG or PERSON ("in Mariupol", "between
        Sanaa, ... and Abha", "Sumy region"): a locative position and a gazetteer entry in a
        country the article is about."""
        root = ent.root
        g = geo_words()
        locative = _locative(root)
        if ent.text.lower() in g["not_places"]:
            return False
        if ent.label_ == "NORP" and self.gazetteer.country_of_demonym(ent.text):
            return False  # "Afghan": a people, not a place
        if root.dep_ == "nsubjpass" and root.head.lemma_.lower() in REACH_VERBS:
            # "Sanaa was hit by airstrikes": a city, not a person ("Clark was hit by")
            found = self.gazetteer.best(ent.text, sorted(doc_countries))
            return (
                found is not None and found.kind == "city" and (found.population or 0) >= KNOWN_CITY
            )
        if not locative:
            # "Brands Hatch Indy, Kent": a region of a country the article is about,
            # written after a name as where that is (not a town: "Oulton Park, Cheshire"
            # is not Cheshire, Connecticut)
            return (
                after_comma_of_name(root) and self._home_region(ent.text, doc_countries)
            ) or self._region_follows(ent, doc_countries)
        entry = self.gazetteer.best(ent.text, sorted(doc_countries))
        if entry is not None and entry.kind == "country" and entry.name == ent.text:
            return True  # "in central Mali", "the border with Burkina Faso" (called people)
        return (
            entry is not None
            and entry.kind in ("city", "admin1", "admin2", "region")
            and (
                entry.country_code in doc_countries
                or not entry.country_code  # "in the EU", "across the Sahel"
                or (entry.kind == "city" and (entry.population or 0) >= KNOWN_CITY)
            )
        )

    def _home_region(self, name: str, doc_countries: set[str]) -> bool:
        """Whether ``name`` is a first- or second-level region of a country the article
        is about."""
        return any(
            c.entry.kind in ("admin1", "admin2") and c.entry.country_code in doc_countries
            for c in self.gazetteer.candidates(name)
        )

    def _region_follows(self, ent: Span, doc_countries: set[str]) -> bool:
        """A name with its region written after it and a comma, the pair standing alone
        ("Croft, Yorkshire.", "Knockhill, Fife."): a place where the region is one of a
        country the article is about. Not a person's full name ("John Smith, Kent")."""
        doc = ent.doc
        if ent.label_ == "PERSON" and len(ent) > 1:
            return False
        if ent.end + 1 >= len(doc) or doc[ent.end].text != ",":
            return False
        first = doc[ent.end + 1]
        end = ent.end + 2
        if first.ent_iob_ == "B":
            end = next(e.end for e in doc.ents if e.start == first.i)
        region = doc[ent.end + 1 : end]
        if not region.text[:1].isupper():
            return False
        if end < len(doc) and not (doc[end].is_punct or doc[end].is_space):
            return False  # "Obama, Illinois senator"
        return self._home_region(region.text, doc_countries)


def _locative(root: Token) -> bool:
    """Whether a name headed by ``root`` stands where a place stands: after a locative
    preposition, before "province" and the like, as the object of "entered" and the
    like, or in a list with other places."""
    g = geo_words()
    return (
        (root.dep_ == "pobj" and root.head.lower_ in g["locative_preps"])
        or (
            root.dep_ == "pobj"
            and root.head.lower_ in ("on", "against")
            and root.head.head.lemma_.lower() in STRIKE_NOUNS
        )
        or (
            root.dep_ == "pobj"
            and root.head.lower_ == "with"
            and root.head.head.lemma_.lower() in BORDERS  # "the border with Burkina Faso"
        )
        or (root.dep_ == "compound" and root.head.lower_ in g["admin_words"])
        or (root.dep_ == "dobj" and root.head.lemma_.lower() in REACH_VERBS)
        or (root.dep_ == "conj" and listed_with_places(root))  # "Pattani, Yala"
        or (
            root.dep_ in ("ROOT", "nsubj", "pobj", "dobj")
            and bool(root.conjuncts)
            and listed_with_places(root)  # the list's first member
        )
    )
