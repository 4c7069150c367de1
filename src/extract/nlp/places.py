"""The places component: place mentions resolved offline to country, admin1 and
coordinates, with facilities and relative positions ("north of the capital, Kabul")."""

from __future__ import annotations

import re
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span

from extract.geo.resolve import Mention, Resolver, ResolverOptions, Scored, load_ranker
from extract.ingest.dates import dateline_end, dateline_places
from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.gazetteer import GazEntry
from extract.nlp.guard import guarded
from extract.nlp.place_context import attach_context
from extract.nlp.place_names import PlaceNames
from extract.nlp.place_syntax import (
    BARE,
    EMBEDDED,
    MISLABELLED,
    POSSESSIVE,
    after_comma_of_name,
    geo_words,
)
from extract.nlp.types import PlaceDict

register_extensions()


@guarded
class PlacesComponent(PlaceNames):
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


@Language.factory(
    "newsevents_places",
    assigns=["doc._.places"],
    requires=["doc.ents"],
    default_config={"cache_dir": None},
)
def make_places(nlp: Language, name: str, cache_dir: str | None) -> PlacesComponent:
    return PlacesComponent(nlp, name, cache_dir)
