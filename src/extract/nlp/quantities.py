"""The quantities component: numbers with bounds, units and the noun they count."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spacy.attrs import LIKE_NUM, LOWER
from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.guard import guarded
from extract.nlp.numbers import modifier_info, parse_number, split_modifier
from extract.nlp.numscan import NumberHit, scan_numbers
from extract.nlp.syntax import tok_at
from extract.nlp.types import QuantityDict
from extract.nlp.units import refine_units
from extract.tables import load_table

register_extensions()

_HAS_DIGIT = re.compile(r"\d")

_PHONE = re.compile(r"\+?\d[\d\s().-]{7,}\d")
_RANGE = re.compile(r"^(?:between )?(.+?)\s*(?:-|–|to|and)\s*(.+)$", re.IGNORECASE)
_COMPASS = ("N", "S", "E", "W", "NE", "NW", "SE", "SW", "N.", "S.", "E.", "W.")
_ORDINAL_WORD = re.compile(r"\d+(?:st|nd|rd|th)")
_OF_END = re.compile(r"\s+of$", re.IGNORECASE)
_LABELS = ("CARDINAL", "MONEY", "PERCENT", "QUANTITY")
_COUNTED_DEPS = ("compound", "amod", "nmod")


@dataclass(frozen=True)
class Reading:
    """What a quantity's text says."""

    value: float | None
    lower: float | None
    upper: float | None
    approximate: bool
    unit: str | None


@lru_cache(maxsize=1)
def _t() -> dict[str, Any]:
    return load_table("numbers")  # type: ignore[no-any-return]


@lru_cache(maxsize=1)
def _units_longest_first() -> tuple[str, ...]:
    return tuple(sorted(_t()["measure_units"], key=len, reverse=True))


def read_quantity(text: str) -> Reading | None:
    """Read value, bounds and unit from a quantity's text ("at least 20", "$25 million",
    "20 to 30", "dozens", "40 percent"). None when there is no number."""
    t = _t()
    mod, rest = split_modifier(text.strip())
    info = modifier_info(mod)
    unit: str | None = None
    body = rest
    low = body.lower()
    for word in sorted(t["percent_words"], key=len, reverse=True):
        if low.endswith(word):
            unit = "percent"
            body = body[: len(body) - len(word)].strip()
            break
    if unit is None:
        for cur, code in sorted(t["currencies"].items(), key=lambda kv: -len(kv[0])):
            if low.startswith(cur):
                unit, body = code, body[len(cur) :].strip()
                break
            if low.endswith(" " + cur):
                unit, body = code, body[: len(body) - len(cur)].strip()
                break
    body = _OF_END.sub("", body.strip().strip("()"))  # "tens of millions of (dollars)"
    num = parse_number(body)
    if num is None and unit is None:
        # a number in words with a unit of measure: "three feet", "hundreds of miles"
        for u in _units_longest_first():
            if body.endswith(" " + u) and len(u) > 1:
                num = parse_number(_OF_END.sub("", body[: -len(u)].strip()))
                if num is not None:
                    unit = u
                    break
    lower = upper = None
    approximate = bool(info.get("approximate", False))
    if num is None:
        m = _RANGE.match(body)
        if not m:
            return None
        a, b = parse_number(m.group(1)), parse_number(m.group(2))
        if a is None or b is None or a.value is None or b.value is None:
            return None
        lo, hi = a.value, b.value
        if hi < lo and hi < 1000 <= lo:  # "1,000-2" is not a range
            return None
        lower, upper = min(lo, hi), max(lo, hi)
        return Reading(lower, lower, upper, approximate, unit)
    value = num.value
    if num.vague:
        approximate = True
        lower = value
    bound = info.get("bound")
    if value is not None:
        if bound == "lower":
            lower = value
        elif bound == "upper":
            upper = value
    return Reading(value, lower, upper, approximate, unit)


def counted_noun(num: Token, span: Span) -> Token | None:
    """The noun a number counts: its head for "100 prisoners", the object of "of" for
    "20 of its security forces", the noun after the adjectives that the parser hung the
    number on ("4 million digital and physical copies")."""
    head = num.head
    if (
        num.dep_ in ("nummod", "nmod", "compound")
        and head.pos_ == "ADJ"
        and head.i > num.i
        and head.dep_ in _COUNTED_DEPS
        and head.head.pos_ in ("NOUN", "PROPN")
        and head.head.i > head.i
    ):
        return head.head
    if num.dep_ in ("nummod", "nmod", "compound") and head.i > num.i:
        shared = _shared_noun(head)
        if shared is not None:
            return shared
    if num.dep_ in ("nummod", "quantmod", "compound", "amod", "nmod") and num.head.pos_ in (
        "NOUN",
        "PROPN",
    ):
        head = num.head
        if head.i >= span.start and head.i < span.end:
            return counted_noun(head, span) if head is not num else None
        return head
    # "20 of its security forces"; "two-thirds of the voters" (on "thirds", in the span)
    for child in (c for t in (num, *(t for t in span if t is not num)) for c in t.children):
        if child.dep_ == "prep" and child.lower_ == "of":
            objs = [c for c in child.children if c.dep_ == "pobj"]
            if objs and objs[0].pos_ in ("NOUN", "PROPN"):
                return objs[0]
            if objs:
                return _shared_noun(objs[0])
    return None


def _shared_noun(adj: Token) -> Token | None:
    """The noun two coordinated adjectives share when the parser made the first one the
    head and the noun its conjunct ("digital" in "4.3M digital and physical sales")."""
    if adj.pos_ != "ADJ":
        return None
    return next((c for c in adj.children if c.dep_ == "conj" and c.pos_ == "NOUN"), None)


def _noun_of(num: Token) -> Token | None:
    """The noun a bare number is the amount of: "estimates of 64,900", "a crowd of
    20,000" (not a rise or a fall: "an increase of 5,000" is a change)."""
    prep = num.head
    if num.dep_ != "pobj" or prep.lower_ != "of" or prep.dep_ != "prep":
        return None
    noun = prep.head
    if noun.pos_ not in ("NOUN", "PROPN") or noun.i > num.i or noun.like_num:
        return None
    if _change_word(noun.lemma_.lower()) is not None:
        return None
    return noun


def _qualifies_whole(mod: Token, number: Span) -> bool:
    """A word before the number that is not part of the counted noun: "a total of five
    profile slots" (a preposition between), "the combined 4.3M sales" (a participle)."""
    between = mod.doc[mod.i + 1 : number.start]
    return mod.pos_ == "VERB" or any(t.pos_ == "ADP" for t in between)


def _in_number(tok: Token) -> bool:
    """A number's word or the scale written onto it (the "M" of "4.3M")."""
    if tok.like_num or tok.pos_ == "NUM":
        return True
    prev = tok.doc[tok.i - 1] if tok.i > 0 else None
    return prev is not None and prev.like_num and not prev.whitespace_ and tok.is_alpha


def noun_phrase(head: Token, exclude: Span | None = None) -> str:
    """The head noun with its compound and adjective modifiers: "Afghan security force
    personnel"."""
    mods: list[Token] = []
    stack = [c for c in head.lefts if c.dep_ in _COUNTED_DEPS]

    def between(c: Token) -> Span:
        return head.doc[c.i + 1 : head.i]

    if head.dep_ == "conj" and head.head.pos_ == "ADJ" and head.head.i < head.i:
        stack.append(head.head)  # "digital and physical sales": the first adjective too
    while stack:
        c = stack.pop()
        if exclude is not None and exclude.start <= c.i < exclude.end:
            continue
        if _in_number(c):
            continue
        if exclude is not None and c.i < exclude.start < head.i and _qualifies_whole(c, exclude):
            continue
        if any(_in_number(t) and _qualifies_whole(c, t.doc[t.i : t.i + 1]) for t in between(c)):
            continue  # "half of the combined 4.3M sales": another number's qualifier
        mods.append(c)
        stack.extend(x for x in c.lefts if x.dep_ in (*_COUNTED_DEPS, "punct") and x.text != ",")
    if not mods:
        return head.text
    start = min(m.i for m in mods)
    toks = [
        t
        for t in head.doc[start : head.i + 1]
        if exclude is None or not exclude.start <= t.i < exclude.end
    ]
    return " ".join(t.text for t in toks).replace(" - ", "-").replace(" -", "-")


def _direction(doc: Doc, span: Span, num: Token) -> str | None:
    """ "up" / "down" when the number is the size of a rise or a fall: "rose 18 sen",
    "down 1.1%", "+0.2%", "plunged 4.28 percent to Y=28,030"."""
    if span.text.startswith("+") or (
        span.start_char > 0 and doc_text(doc)[span.start_char - 1] == "+"
    ):
        return "up"
    prev = doc[span.start - 1] if span.start > 0 else None
    if prev is not None and prev.lower_ in ("to", "at"):
        return None  # "up 10.4 cents to US $2.24": the level reached ("to" may be a PART)
    if prev is not None and prev.lower_ in ("up", "down"):
        nxt = doc[span.end] if span.end < len(doc) else None
        if nxt is None or nxt.lower_ != "from":
            return prev.lower_
    tok = num
    nouns = 0
    for _ in range(4):
        if tok.head.i == tok.i:
            break
        via = tok
        tok = tok.head
        if tok.dep_ == "prep" and tok.lower_ in ("to", "from", "at", "between"):
            return None  # "rose 8% to 3.65": the level reached, not the change
        direction = _change_word(tok.lemma_.lower())
        if tok.pos_ in ("NOUN", "PROPN"):
            nouns += 1  # the unit or the counted noun, then any noun they modify
            if via.lower_ == "by" and direction is not None:
                return direction  # "NASDAQ decrease by 1": a change noun with its size
            if nouns > 1:
                # "a sharp 3 percent drop", "added a 30 degree homer": a noun's modifier
                return None
        elif direction is not None and tok.pos_ in ("VERB", "ADV", "ADJ"):
            return direction
        if tok.pos_ in ("VERB", "AUX"):
            if via.lower_ != "by":
                return None
            # "revised upward by Y=40 billion"; "were down 2.3%, Burlington by 2.6%"
            adverbs = (_change_word(c.lower_) for c in tok.children if c.dep_ == "advmod")
            return next((d for d in adverbs if d), None)
    return None


_AVERAGED_DEPS = ("dobj", "npadvmod", "attr", "nummod", "compound")


def _is_average(num: Token) -> bool:
    """The number is what something averaged: "averaging 15.9 degrees", "averaged 7.3
    points" (an average, not a count)."""
    tok = num
    for _ in range(2):
        head = tok.head
        if tok.dep_ in _AVERAGED_DEPS and head.pos_ == "VERB" and head.lemma_.lower() == "average":
            return True
        tok = head
    return False


def _is_age(span: Span, num: Token, reading: Reading) -> bool:
    """A bare whole number set off by commas after a name: "Senard, 65, now faces"."""
    doc = span.doc
    if reading.unit is not None or reading.value is None or len(span) != 1:
        return False
    if not (0 < reading.value < 120 and reading.value.is_integer()):
        return False
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    name = doc[span.start - 2] if span.start > 1 else None
    return (
        before is not None
        and before.text == ","
        and after is not None
        and after.text in (",", ".", ";")
        and name is not None
        and name.pos_ == "PROPN"
        and (name.ent_type_ == "PERSON" or num.dep_ == "appos")
    )


def _stated_age(span: Span, num: Token, reading: Reading) -> bool:
    """A bare whole number that says how old someone is: "aged 45" (or "aged 18 to 65"),
    "She was 72", "the average age was 34", "life expectancy ... is around 73" (``age_words`` in units.json)."""
    if reading.unit is not None or reading.value is None:
        return False
    if not all(0 < v < 130 and float(v).is_integer() for v in (reading.value, reading.upper or 1)):
        return False
    words = load_table("units")["age_words"]
    first = num.head if num.dep_ == "conj" and num.head.like_num else num  # "aged 19 and 23"
    before = span.doc[span.start - 1] if span.start > 0 else None
    if first is not num and first.i > 0:
        before = span.doc[first.i - 1]
    if before is not None and before.lower_ in words["before"]:
        return True  # "aged 45", "aged 18 to 65", "aged over 60"
    if reading.lower is not None or reading.upper is not None:
        return False
    head = first.head
    if first.dep_ not in ("attr", "acomp") or head.lemma_ != "be":
        return False
    subj = next((c for c in head.children if c.dep_ == "nsubj"), None)
    if subj is None:
        return False
    return (
        subj.lower_ in words["subjects"]
        or subj.ent_type_ == "PERSON"
        or subj.lemma_.lower() in words["nouns"]
    )


def _identifier_before(doc: Doc, span: Span, title: bool = False) -> bool:
    """The word before the number makes it a name ("Section 427", "No. 2", also when the
    tokenizer split "No." from its period); with ``title``, only a capitalised word."""
    if span.start == 0:
        return False
    word = doc[span.start - 1]
    written = word.lower_
    if word.text == "." and span.start >= 2 and not doc[span.start - 2].whitespace_:
        word = doc[span.start - 2]
        written = word.lower_ + "."
    return written in _t()["identifier_nouns"] and (word.is_title or not title)


def _counts_one(tok: Token) -> bool:
    """ "one hand", "one prisoner": a count of one. Not the pronoun of "the same one",
    "each one they lose" or "one of the officers" (our guidelines: a pronoun)."""
    prev = tok.doc[tok.i - 1] if tok.i > 0 else None
    if prev is not None and prev.lower_ in _t()["one_pronoun_before"]:
        return False
    if any(c.dep_ in ("det", "amod", "poss", "prep") for c in tok.children):
        return False
    return tok.dep_ == "nummod" and tok.head.pos_ in ("NOUN", "PROPN") and tok.head.i > tok.i


def _change_word(lemma: str) -> str | None:
    """ "up" or "down" for a word of rising or falling ("rise", "plunge"), else None."""
    return _change_directions().get(lemma)


@lru_cache(maxsize=1)
def _change_directions() -> dict[str, str]:
    return {w: d for d, words in _t()["change_words"].items() for w in words}


_CONVERSION_GAP = re.compile(r"(?:\s+[A-Za-z]+){0,2}\s*[(/]\s*")


def _share_conversion_bounds(text: str, out: list[QuantityDict]) -> None:
    """A conversion in brackets says what its original says: "more than 7.5 million
    Danish crowns (US $1.1 million)" is more than $1.1 million too, "just under 296 hp
    (224 kW / 300 PS)" under 224 kW, and a fall of "1 to 1.5 degrees Celsius (1.8 to 2.7
    Fahrenheit)" a fall in Fahrenheit too."""
    for prev, q in itertools.pairwise(out):
        if not ((prev["unit"] or prev["counted"]) and q["unit"] and q["value"] is not None):
            continue
        if not _CONVERSION_GAP.fullmatch(text[prev["end"] : q["start"]]):
            continue
        q["change"] = q["change"] or prev["change"]  # "dropped by 1 to 1.5 C (1.8 to 2.7 F)"
        if q["lower"] is not None or q["upper"] is not None or q["approximate"]:
            continue
        if prev["lower"] is not None and prev["upper"] is None:
            q["lower"] = q["value"]
        elif prev["upper"] is not None and prev["lower"] is None:
            q["upper"] = q["value"]
        q["approximate"] = prev["approximate"]


_SUSPENDED = re.compile(
    r"(?<![\w-])([A-Za-z]+|\d+(?:\.\d+)?)-(?=,|\s+(?:and|or|to)\s)"
    r"(?=.{0,40}?(?<![\w-])([A-Za-z]+|\d+(?:\.\d+)?)-[a-z])"
)
_SUSPENDED_AFTER = re.compile(r"-(?:,|\s+(?:and|or|to)\s)")


def _suspended(doc: Doc, taken: set[int], times: set[int]) -> list[tuple[Span, Reading]]:
    """The first members of "four-, five- and six-cylinder engines" and "two- or
    three-bedroom flats": numbers whose noun is written once, on the last member (not
    when that member is a time: "10- and 20-year bonds")."""
    out: list[tuple[Span, Reading]] = []
    for m in _SUSPENDED.finditer(doc_text(doc)):
        num = parse_number(m.group(1))
        span = doc.char_span(m.start(1), m.end(1), label="CARDINAL", alignment_mode="expand")
        if num is None or num.value is None or num.vague or span is None:
            continue
        if tok_at(doc, m.start(2)).i in times:
            continue
        if any(i in taken or i in times for i in range(span.start, span.end)):
            continue
        out.append((span, Reading(num.value, None, None, False, None)))
    return out


def _share_suspended_nouns(text: str, out: list[QuantityDict]) -> None:
    """ "four-, five- and six-cylinder": the first two count what the last one counts."""
    for i, q in enumerate(out):
        if not _SUSPENDED_AFTER.match(text, q["end"]):
            continue
        last = next(
            (n for n in out[i + 1 :] if text.startswith("-", n["end"]) and n["counted"]),
            None,
        )
        if last is not None and last["start"] - q["end"] <= 40:
            q["counted"], q["unit"] = last["counted"], q["unit"] or last["unit"]
            q["head_i"] = last["head_i"]


def _over_is_bound(over: Token) -> bool:
    """ "paying over $100 million" (the parser's quantmod); not "hand over three
    soldiers"."""
    verb = over.doc[over.i - 1] if over.i > 0 else None
    return over.dep_ == "quantmod" and (
        verb is None or verb.lemma_.lower() not in _t()["over_particle_verbs"]
    )


@guarded
class QuantitiesComponent:
    """Adds ``doc._.quantities``."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        times = self._time_tokens(doc)
        # digits are read from the text, and only our own time mentions block them:
        # the small model's NER calls "2483805" a DATE and "5pc" an ORDINAL
        found: list[tuple[Span, Reading | None]] = list(self._scanned(doc, times))
        taken = {i for s, _ in found for i in range(s.start, s.end)}
        for span in self._candidates(doc, self._ner_dates(doc) | times | taken):
            found.append((span, None))
        taken = {i for s, _ in found for i in range(s.start, s.end)}
        found.extend(_suspended(doc, taken, times))
        out: list[QuantityDict] = []
        for span, read in sorted(found, key=lambda x: x[0].start):
            q = self._make(doc, span, len(out) + 1, read)
            if q is not None:
                out.append(q)
        _share_conversion_bounds(doc_text(doc), out)
        _share_suspended_nouns(doc_text(doc), out)
        refine_units(doc_text(doc), out)
        doc._.quantities = out
        return doc

    def _scanned(self, doc: Doc, blocked: set[int]) -> list[tuple[Span, Reading]]:
        """Numbers written with digits, read from the raw text (see :mod:`numscan`)."""
        out: list[tuple[Span, Reading]] = []
        for hit in scan_numbers(doc_text(doc)):
            span = doc.char_span(hit.start, hit.end, label="QUANTITY", alignment_mode="expand")
            if span is None or any(i in blocked for i in range(span.start, span.end)):
                continue
            if hit.unit is None and self._is_identifier(doc, span):
                continue
            suspended = _SUSPENDED.match(doc_text(doc), hit.start)
            if suspended and tok_at(doc, suspended.start(2)).i in blocked:
                continue  # "10- and 20-year bonds": a time, like the member it shares
            span = self._extend(doc, span)
            out.append((span, self._reading(doc, span, hit)))
        return out

    @staticmethod
    def _reading(doc: Doc, span: Span, hit: NumberHit) -> Reading:
        mod = doc_text(doc)[span.start_char : hit.start].strip() or None
        info = modifier_info(mod)
        lower: float | None = None
        upper: float | None = None
        if hit.upper is not None:
            lower, upper = hit.value, hit.upper
        elif info.get("bound") == "lower":
            lower = hit.value
        elif info.get("bound") == "upper":
            upper = hit.value
        approximate = hit.approximate or bool(info.get("approximate", False))
        return Reading(hit.value, lower, upper, approximate, hit.unit)

    @staticmethod
    def _is_identifier(doc: Doc, span: Span) -> bool:
        """A number that names rather than counts: "iPhone 11", "S&P 500", "Game 7",
        "575 Wilbraham Road"."""
        prev = doc[span.start - 1] if span.start > 0 else None
        if prev is not None and not prev.is_sent_start:
            if _identifier_before(doc, span):
                return True
            named = prev.is_title or not prev.is_lower
            if prev.pos_ == "PROPN" and named and prev.ent_type_ not in ("NORP", "GPE"):
                return True  # "iPhone 11", "S&P 500"; not "Afghan 20"
        nxt = doc[span.end] if span.end < len(doc) else None
        if (
            nxt is not None
            and span.text.isdigit()
            and len(span.text) >= 3
            and not span.text.endswith("0")
            and nxt.tag_ in ("NNP", "NN")  # singular: not "347 People" in a headline
            and not nxt.is_lower
            and nxt.ent_type_ not in ("NORP", "GPE", "ORG")
        ):
            return True  # a model number: "787 Dreamliner", "737 Max jets", "90049 ZIP Code"
        streets = _t()["street_words"]
        # "575 Wilbraham Road", "9 E 71st St"
        address = itertools.takewhile(
            lambda t: t.is_title or t.text in _COMPASS or bool(_ORDINAL_WORD.fullmatch(t.text)),
            doc[span.end : span.end + 4],
        )
        return any(t.lower_ in streets for t in address)

    @staticmethod
    def _time_tokens(doc: Doc) -> set[int]:
        """Tokens of our time mentions."""
        out: set[int] = set()
        for t in doc._.times or []:
            sp = doc.char_span(t["start"], t["end"], alignment_mode="expand")
            if sp is not None:
                out.update(range(sp.start, sp.end))
        return out

    @staticmethod
    def _ner_dates(doc: Doc) -> set[int]:
        """Tokens NER calls dates, times and ordinals (they block numbers in words)."""
        return {
            i
            for e in doc.ents
            if e.label_ in ("DATE", "TIME", "ORDINAL")
            for i in range(e.start, e.end)
        }

    def _candidates(self, doc: Doc, blocked: set[int]) -> list[Span]:
        """Numbers written in words ("seven", "two dozen", "hundreds")."""
        spans = [
            e
            for e in doc.ents
            if e.label_ in _LABELS
            and not any(i in blocked for i in range(e.start, e.end))
            and not any(ch.isdigit() for ch in e.text)
        ]
        taken = {i for s in spans for i in range(s.start, s.end)}
        vague = _t()["vague"]
        strings = doc.vocab.strings
        maybe = [
            i
            for i, (num, low) in enumerate(doc.to_array([LIKE_NUM, LOWER]).tolist())
            if num or strings[low] in vague
        ]  # read from the doc's arrays: no Token object for the other words
        for i in maybe:
            tok = doc[i]
            if tok.i in taken or tok.i in blocked:
                continue
            if not (tok.like_num or tok.lower_ in vague) or _HAS_DIGIT.search(tok.text):
                continue
            if (tok.like_num and tok.pos_ == "NUM") or (
                tok.lower_ in vague
                and tok.lower_ not in ("many", "numerous", "few", "several", "a few")
            ):
                if tok.lower_ in ("a", "an") or (tok.lower_ == "one" and not _counts_one(tok)):
                    continue  # "the same one", "each one": a pronoun, not a count
                spans.append(Span(doc, tok.i, tok.i + 1, label="CARDINAL"))
                taken.add(tok.i)
        spans = [self._extend(doc, s) for s in spans]
        return sorted(spans, key=lambda s: s.start)

    @staticmethod
    def _extend(doc: Doc, span: Span) -> Span:
        """Pull a bound modifier that NER left outside the span into it ("at least",
        "over" when it is not a verb's particle)."""
        mods = _t()["modifiers"]
        for n in (3, 2, 1):
            if span.start - n < 0:
                continue
            words = " ".join(t.lower_ for t in doc[span.start - n : span.start])
            if words not in mods or words in ("just", "only"):
                continue
            if words == "over" and not _over_is_bound(doc[span.start - 1]):
                continue
            return Span(doc, span.start - n, span.end, label=span.label_)
        return span

    def _make(self, doc: Doc, span: Span, n: int, reading: Reading | None) -> QuantityDict | None:
        text = span.text
        if _PHONE.fullmatch(text):
            return None
        reading = reading or read_quantity(text)
        if reading is None:
            return None
        num = next(
            (
                t
                for t in reversed(span)
                if t.like_num or t.pos_ == "NUM" or t.lower_ in _t()["vague"]
            ),
            span.root,
        )
        if _identifier_before(doc, span, title=True):
            return None  # "Section 427", "Flight 17", "No. 2"
        if re.fullmatch(r"(1[89]|20)\d\d(?:[\u2032\u2019']s)?", text) and reading.unit is None:
            return None  # a bare year that NER did not call a DATE
        if span.text.lower() == "one" and not _counts_one(num):
            return None  # "using the same one across accounts"
        if _is_age(span, num, reading):
            return None  # "Jamie Armstrong, 25,": a person's age, not a count
        head = counted_noun(num, span)
        counted = noun_phrase(head, span) if head is not None else None
        if head is None and _stated_age(span, num, reading):
            reading = Reading(
                reading.value, reading.lower, reading.upper, reading.approximate, "year-old"
            )
        if head is None and reading.unit is None:
            of_noun = _noun_of(num)
            counted = noun_phrase(of_noun, span) if of_noun is not None else None
        approximate = reading.approximate or _is_average(num)
        if reading.unit == "percent":
            counted = None
        # "added ten users" counts users; "added 15 sen" measures a rise
        change = _direction(doc, span, num) if counted is None or reading.unit else None
        trail = 1 if text.endswith("-") else 0  # "four-" of "four-, five- and six-cylinder"
        return QuantityDict(
            id=f"q{n}",
            start=span.start_char,
            end=span.end_char - trail,
            text=text[: len(text) - trail],
            value=reading.value,
            lower=reading.lower,
            upper=reading.upper,
            approximate=approximate,
            unit=reading.unit,
            counted=counted,
            change=change,
            head_i=head.i if head is not None else num.i,
        )


@Language.factory("newsevents_quantities", assigns=["doc._.quantities"], requires=["doc.ents"])
def make_quantities(nlp: Language, name: str) -> QuantitiesComponent:
    return QuantitiesComponent(nlp, name)
