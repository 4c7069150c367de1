"""The quantities component: numbers with bounds, units and the noun they count."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from extract.nlp.extensions import register_extensions
from extract.nlp.numbers import modifier_info, parse_number, split_modifier
from extract.nlp.types import QuantityDict
from extract.tables import load_table

register_extensions()

_PHONE = re.compile(r"\+?\d[\d\s().-]{7,}\d")
_RANGE = re.compile(r"^(?:between )?(.+?)\s*(?:-|–|to|and)\s*(.+)$", re.IGNORECASE)
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
    body = body.strip().strip("()")
    num = parse_number(body)
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
    "20 of its security forces"."""
    if num.dep_ in ("nummod", "quantmod", "compound", "amod", "nmod") and num.head.pos_ in (
        "NOUN",
        "PROPN",
    ):
        head = num.head
        if head.i >= span.start and head.i < span.end:
            return counted_noun(head, span) if head is not num else None
        return head
    for child in num.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            objs = [c for c in child.children if c.dep_ == "pobj"]
            if objs and objs[0].pos_ in ("NOUN", "PROPN"):
                return objs[0]
    return None


def noun_phrase(head: Token, exclude: Span | None = None) -> str:
    """The head noun with its compound and adjective modifiers: "Afghan security force
    personnel"."""
    mods: list[Token] = []
    stack = [c for c in head.lefts if c.dep_ in _COUNTED_DEPS]
    while stack:
        c = stack.pop()
        if exclude is not None and exclude.start <= c.i < exclude.end:
            continue
        if c.like_num or c.pos_ == "NUM":
            continue
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


class QuantitiesComponent:
    """Adds ``doc._.quantities``."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        blocked = self._blocked(doc)
        out: list[QuantityDict] = []
        for span in self._candidates(doc, blocked):
            q = self._make(doc, span, len(out) + 1)
            if q is not None:
                out.append(q)
        doc._.quantities = out
        return doc

    @staticmethod
    def _blocked(doc: Doc) -> set[int]:
        """Tokens that belong to dates, times and ordinals."""
        blocked = {
            i
            for e in doc.ents
            if e.label_ in ("DATE", "TIME", "ORDINAL")
            for i in range(e.start, e.end)
        }
        for t in doc._.times or []:
            sp = doc.char_span(t["start"], t["end"], alignment_mode="expand")
            if sp is not None:
                blocked.update(range(sp.start, sp.end))
        return blocked

    def _candidates(self, doc: Doc, blocked: set[int]) -> list[Span]:
        spans = [
            e
            for e in doc.ents
            if e.label_ in _LABELS and not any(i in blocked for i in range(e.start, e.end))
        ]
        taken = {i for s in spans for i in range(s.start, s.end)}
        vague = _t()["vague"]
        for tok in doc:
            if tok.i in taken or tok.i in blocked:
                continue
            if (tok.like_num and tok.pos_ == "NUM") or (
                tok.lower_ in vague
                and tok.lower_ not in ("many", "numerous", "few", "several", "a few")
            ):
                if tok.lower_ in ("one", "a", "an"):
                    continue  # "one of the", pronoun-like uses: too noisy to count
                spans.append(Span(doc, tok.i, tok.i + 1, label="CARDINAL"))
                taken.add(tok.i)
        spans = [self._extend(doc, s) for s in spans]
        return sorted(spans, key=lambda s: s.start)

    @staticmethod
    def _extend(doc: Doc, span: Span) -> Span:
        """Pull a bound modifier that NER left outside the span into it ("at least")."""
        mods = _t()["modifiers"]
        for n in (3, 2, 1):
            if span.start - n < 0:
                continue
            words = " ".join(t.lower_ for t in doc[span.start - n : span.start])
            if words in mods and words not in ("some", "just", "only", "over"):
                return Span(doc, span.start - n, span.end, label=span.label_)
        return span

    def _make(self, doc: Doc, span: Span, n: int) -> QuantityDict | None:
        text = span.text
        if _PHONE.fullmatch(text):
            return None
        reading = read_quantity(text)
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
        prev = doc[span.start - 1] if span.start > 0 else None
        if prev is not None and prev.lower_ in _t()["identifier_nouns"] and prev.is_title:
            return None  # "Section 427", "Flight 17"
        if re.fullmatch(r"(1[89]|20)\d\d", text) and reading.unit is None:
            return None  # a bare year that NER did not call a DATE
        head = counted_noun(num, span)
        counted = noun_phrase(head, span) if head is not None else None
        if reading.unit == "percent":
            counted = None
        return QuantityDict(
            id=f"q{n}",
            start=span.start_char,
            end=span.end_char,
            text=text,
            value=reading.value,
            lower=reading.lower,
            upper=reading.upper,
            approximate=reading.approximate,
            unit=reading.unit,
            counted=counted,
            head_i=head.i if head is not None else num.i,
        )


@Language.factory("newsevents_quantities", assigns=["doc._.quantities"], requires=["doc.ents"])
def make_quantities(nlp: Language, name: str) -> QuantitiesComponent:
    return QuantitiesComponent(nlp, name)
