"""The places component: place mentions resolved offline to country, admin1 and
coordinates, with facilities and relative positions ("north of the capital, Kabul")."""

from __future__ import annotations

import re
from typing import Any

from spacy.attrs import ORTH
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from extract.geo.resolve import Mention, Resolver, ResolverOptions, Scored, load_ranker
from extract.ingest.dates import dateline_end, dateline_places
from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.gazetteer import GazEntry, GazetteerComponent
from extract.nlp.guard import guarded
from extract.nlp.place_context import attach_context
from extract.nlp.place_syntax import (
    BARE,
    EMBEDDED,
    KNOWN_CITY,
    MISLABELLED,
    POSSESSIVE,
    REACH_VERBS,
    after_comma_of_name,
    bare_name,
    facility_end,
    geo_words,
    is_actor_use,
    listed_with_places,
    named_venue,
    road_names,
    stative_subject,
)
from extract.nlp.syntax import positions
from extract.nlp.types import PlaceDict

register_extensions()


@guarded
class PlacesComponent(GazetteerComponent):
    """Adds ``doc._.places``."""

    def __init__(
        self,
        nlp: Any,
        name: str,
        cache_dir: str | None = None,
        options: ResolverOptions | None = None,
    ) -> None:
        super().__init__(nlp, name, cache_dir)
        self.options = options or ResolverOptions()
        # the label of unlabelled names, in the string store before any doc is worked:
        # the component may run on a background thread while spaCy parses (api.py)
        nlp.vocab.strings.add(BARE)
        nlp.vocab.strings.add(EMBEDDED)

    @property
    def resolver(self) -> Resolver:
        return Resolver(self.gazetteer, load_ranker(), self.options)

    def __call__(self, doc: Doc) -> Doc:
        text = doc_text(doc)
        countries = self._doc_countries(doc)
        spans, filed, datelined = self._spans(doc, countries)
        inner = [s for s, _ in spans if s.label_ == EMBEDDED]
        spans = [(s, k) for s, k in spans if s.label_ != EMBEDDED]
        # actor coding keeps to a dated wire dateline ("BEIRA, March 25, 2019 (Newswire)
        # —"); a bare "WASHINGTON —" heads many a story about somewhere else
        doc._.dateline_country = self._dateline_country(text[: dateline_end(text)])
        context = self._context_countries(spans)
        named = list(context)
        if filed is not None and filed not in context:
            context.insert(0, filed)  # "BEIRA, March 25, 2019 (Newswire) —": Mozambique
        mentions = self._mentions(spans, countries | set(context), datelined)
        chosen = self.resolver.resolve([m for m in mentions if m is not None], text, filed, named)
        picks = iter(chosen)
        out: list[PlaceDict] = []
        for (span, kind_hint), m in zip(spans, mentions, strict=True):
            entry = next(picks) if m is not None else None
            place = self._resolve(span, kind_hint, context, len(out) + 1, entry)
            if span.start_char in datelined:
                place["dateline"] = True
                place["end"] = datelined[span.start_char]  # "Calif." of a "Calif.--" token
                place["text"] = text[place["start"] : place["end"]]
            out.append(place)
        attach_context(doc, out, lambda: self._named_town(doc, countries | set(context)))
        doc._.places = out
        doc._.embedded_places = self._inner_places(inner, out, countries | set(context), named)
        return doc

    def _inner_places(
        self, inner: list[Span], places: list[PlaceDict], countries: set[str], named: list[str]
    ) -> list[PlaceDict]:
        """The towns named inside organisations' names (:meth:`_embedded`), resolved on
        their own (they do not steer the story's places) and kept where they lie in a
        country the story's places are in ("the Marigny Plantation" in New Orleans is no
        French village), else, for a story with no place, in one it is about."""
        if not inner:
            return []
        text = doc_text(inner[0].doc)
        mentions = [m for m in self._mentions([(s, None) for s in inner], countries) if m]
        chosen = self.resolver.resolve(mentions, text, None, named)
        own = {p["country_code"] for p in places if p["country_code"]} or countries
        out: list[PlaceDict] = []
        for span, entry in zip(inner, chosen, strict=True):
            place = self._resolve(span, None, sorted(countries), len(places) + len(out) + 1, entry)
            if place["country_code"] in own:
                out.append(place)
        return out

    def _named_town(self, doc: Doc, countries: set[str]) -> PlaceDict | None:
        """The first town an organisation's name begins with ("The Winnipeg Fire Paramedic
        Service", "the Nakuru County Assembly"; see :meth:`_town_in_name`), as the
        article's main town."""
        for ent in doc.ents:
            found = self._town_in_name(ent, countries, ("city",)) if ent.label_ == "ORG" else None
            if found is not None:
                place = self._resolve(ent, None, [], 0, found[1])
                place["name"] = found[1].name
                return place
        return None

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

    def _spans(
        self, doc: Doc, countries: set[str]
    ) -> tuple[list[tuple[Span, str | None]], str | None, dict[int, int]]:
        """The place names to resolve, the country the article was filed from and the
        (start, end) of the names that are the wire dateline's place ("SEVERN, Md. (AP) —": the
        town and its state; our guidelines leave the dateline out of the story's places,
        so the dateline's names are flagged, not dropped)."""
        text = doc_text(doc)
        dateline = dateline_end(text)
        found = self._dateline_spans(doc)
        lo = found[0].start_char if found else dateline
        hi = max(dateline, found[-1].end_char if found else 0)
        spans = [
            (s, k)
            for s, k in self._candidates(doc, countries)
            if s.start_char >= dateline and not (lo <= s.start_char < hi)
        ]
        if found:
            filed = self._filed_from(found)
            spans = sorted([*((s, None) for s in found), *spans], key=lambda x: x[0].start)
        else:
            filed = self._dateline_country(text[:dateline])
        ends = dict(dateline_places(text)) if found else {}
        return spans, filed, {s.start_char: ends.get(s.start_char, s.end_char) for s in found}

    def _dateline_spans(self, doc: Doc) -> list[Span]:
        """The dateline's town and regions (:func:`dateline_places`) when the gazetteer
        reads the town first as a town and knows each region as a country or first-level
        region."""
        out: list[Span] = []
        text = doc_text(doc)
        for start, end in dateline_places(text):
            # "Calif.--(" is one token: the span takes it whole, the name is what was matched
            span = doc.char_span(start, end, label="GPE", alignment_mode="expand")
            if span is None:
                return []
            name = text[start:end]
            if out:
                kinds = {c.entry.kind for c in self.gazetteer.candidates(name)}
                if not kinds & {"admin1", "country"}:
                    break  # the town and the regions before this one
            elif getattr(self.gazetteer.best(name), "kind", None) != "city":
                return []  # "US - China talks": a headline, not a town's dateline
            out.append(span)
        return out

    def _filed_from(self, found: list[Span]) -> str | None:
        """The country of a dateline's town: its region's, else the town's best."""
        for region in found[1:]:
            entry = self.gazetteer.country(region.text)
            if entry is None:
                entry = self.gazetteer.best(region.text)
            if entry is not None and entry.country_code:
                return entry.country_code
        city = self.gazetteer.best(found[0].text)
        return city.country_code if city is not None else None

    def _mentions(
        self,
        spans: list[tuple[Span, str | None]],
        countries: set[str],
        exact: dict[int, int] | None = None,
    ) -> list[Mention | None]:
        """The names the resolver reads (None for "the world" and facilities, which
        keep their own rules); ``countries``: those the article is about; ``exact``: the
        end of the name beginning at a start, where it ends inside a token."""
        exact = exact or {}
        out: list[Mention | None] = []
        for span, hint in spans:
            if hint in ("region", "facility"):
                out.append(None)
                continue
            if span.start_char in exact:  # a dateline's "Calif." of a "Calif.--(" token
                name = doc_text(span.doc)[span.start_char : exact[span.start_char]]
            else:
                name = POSSESSIVE.sub("", span.text)  # "New York's", "Harare’s"
            within: str | None = None
            if hint == "admin1" and not self.gazetteer.candidates(name):
                name = span[:-1].text
            if "," in name and not self.gazetteer.candidates(name):
                # "Thruxton, Hampshire" as one entity: the town, inside the county
                name, _, rest = name.partition(",")
                within = rest.strip() or None
            if within is None and " " in name.strip() and not self.gazetteer.candidates(name):
                name = self._known_part(name.strip(), countries)
            # a name the recogniser did not call a place, there as the region of the
            # name before it ("Knockhill, Fife"), is the region ("Springfield, Illinois"
            # and "Brooklyn, New York" keep the usual order)
            region = span.label_ in (*MISLABELLED, BARE) and after_comma_of_name(span.root)
            out.append(Mention(name.strip(), span.start_char, span.end_char, hint, within, region))
        return out

    def _known_part(self, name: str, countries: set[str]) -> str:
        """The longest run of a name's words, from its first or to its last, that the
        gazetteer knows as a country, or as a region or town in a country the article is
        about: "Nenagh Municipal District" is Nenagh, "Birmingham City" Birmingham, a
        headline's "Politics Ukraine" Ukraine; not "22nd St. North" the North Region of
        Cameroon. The name itself when no part is known."""
        words = name.split()
        for n in range(len(words) - 1, 0, -1):
            for part in (" ".join(words[:n]), " ".join(words[-n:])):
                if not part[:1].isupper() or part.lower() in geo_words()["directions"]:
                    continue
                entry = self.gazetteer.best(part, sorted(countries))
                if entry is not None and (
                    entry.kind == "country"
                    or (entry.kind in ("admin1", "city") and entry.country_code in countries)
                ):
                    return part
        return name

    def candidate_features(self, doc: Doc) -> list[tuple[Mention, list[Scored]]]:
        """Each resolvable mention of ``doc`` with its scored candidates (the ranker's
        training rows); ``doc`` must have been through this component's pipeline up to
        the entity recogniser."""
        text = doc_text(doc)
        countries = self._doc_countries(doc)
        spans, filed, datelined = self._spans(doc, countries)
        named = self._context_countries(spans)
        countries |= set(named) | ({filed} if filed else set())
        mentions = [m for m in self._mentions(spans, countries, datelined) if m is not None]
        scored = self.resolver.score(mentions, text, filed, named)
        return list(zip(mentions, scored, strict=True))

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
            if (
                ent.label_ != "FAC"
                and is_actor_use(ent)
                and (ent.label_ != "LOC" or self._is_polity(ent.text))
                and not (stative_subject(ent) and self.gazetteer.country(ent.text) is not None)
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
        if not locative:
            # "Brands Hatch Indy, Kent": a region of a country the article is about,
            # written after a name as where that is (not a town: "Oulton Park, Cheshire"
            # is not Cheshire, Connecticut)
            return (
                after_comma_of_name(root) and self._home_region(ent.text, doc_countries)
            ) or self._region_follows(ent, doc_countries)
        entry = self.gazetteer.best(ent.text, sorted(doc_countries))
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

    def _dateline_country(self, dateline: str) -> str | None:
        """The country of the city a wire dateline names ("BEIRA, March 25, 2019
        (Newswire) —"; "SANAA, Yemen, ..."). The dateline is metadata, not a place mention
        of the story (our guidelines), but it says where the story is."""
        parts = [p.strip() for p in re.split(r"[,(/]", dateline) if p.strip()]
        if not parts:
            return None
        if len(parts) > 1:  # a country after the city names it outright
            country = self.gazetteer.country(parts[1])
            if country is not None:
                return country.country_code
        city = self.gazetteer.best(parts[0].title())
        return city.country_code if city is not None else None

    def _context_countries(self, spans: list[tuple[Span, str | None]]) -> list[str]:
        codes: list[str] = []
        for span, _ in spans:
            entry = self.gazetteer.country(span.text)
            if entry is not None and entry.country_code not in codes:
                codes.append(entry.country_code)
        return codes

    def _resolve(
        self,
        span: Span,
        hint: str | None,
        context: list[str],
        n: int,
        resolved: GazEntry | None = None,
    ) -> PlaceDict:
        name = span.text
        entry: GazEntry | None = None
        kind = hint or "unknown"
        precision = "unknown"
        if hint == "region":
            pass  # "the world": no gazetteer entry, no country
        elif hint == "facility":
            # a facility named after its town ("Bagram military base") sits near the town
            words = [
                t.text
                for t in span
                if t.lower_ not in geo_words()["facility_words"] and t.lower_ != "the"
            ]
            own = [
                c.entry
                for c in self.gazetteer.candidates(POSSESSIVE.sub("", name))
                if c.entry.kind in ("facility", "region")
            ]
            if own:  # "Heathrow Airport", "Guantanamo Bay": in the gazetteer itself
                entry = own[0]
            elif "," in name:  # "Donington Park, Leicestershire": where it is
                entry = self.gazetteer.best(name.rpartition(",")[2].strip(), context)
            elif words and span[-1].lower_.rstrip(".") not in geo_words()["thoroughfare_heads"]:
                entry = self.gazetteer.best(" ".join(words), context)
            if entry is not None and not own and context and entry.country_code not in context:
                # "the Serena Hotel" in a story about Kabul is not by La Serena, Chile: a
                # facility's town is in a country the article names, else the facility
                # takes the place it is said to be in (see place_context.attach_context)
                entry = None
            if entry is not None:
                precision = "exact" if own else "near"
        else:
            entry = resolved
            if entry is not None:
                kind = entry.kind
                # a district's, a river's or a region's point stands for an area
                precision = {"country": "country", "admin1": "admin1", "city": "exact"}.get(
                    entry.kind, "near"
                )
        return PlaceDict(
            id=f"p{n}",
            start=span.start_char,
            end=span.end_char,
            text=span.text,
            name=entry.name if entry is not None and hint != "facility" else name,
            kind=kind,
            country_code=(entry.country_code or None) if entry else None,
            admin1=entry.admin1 if entry else None,
            lat=entry.lat if entry else None,
            lon=entry.lon if entry else None,
            precision=precision,
            relative=None,
            dateline=False,
            embedded=span.label_ == EMBEDDED,
        )


def _locative(root: Token) -> bool:
    """Whether a name headed by ``root`` stands where a place stands: after a locative
    preposition, before "province" and the like, as the object of "entered" and the
    like, or in a list with other places."""
    g = geo_words()
    return (
        (root.dep_ == "pobj" and root.head.lower_ in g["locative_preps"])
        or (root.dep_ == "compound" and root.head.lower_ in g["admin_words"])
        or (root.dep_ == "dobj" and root.head.lemma_.lower() in REACH_VERBS)
        or (root.dep_ == "conj" and listed_with_places(root))  # "Pattani, Yala"
        or (
            root.dep_ in ("ROOT", "nsubj", "pobj", "dobj")
            and bool(root.conjuncts)
            and listed_with_places(root)  # the list's first member
        )
    )


@Language.factory(
    "newsevents_places",
    assigns=["doc._.places"],
    requires=["doc.ents"],
    default_config={"cache_dir": None},
)
def make_places(nlp: Language, name: str, cache_dir: str | None) -> PlacesComponent:
    return PlacesComponent(nlp, name, cache_dir)
