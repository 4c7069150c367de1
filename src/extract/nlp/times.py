"""The times component: finds temporal expressions and normalises them to TIMEX3,
anchored on the publication date (``doc._.published``)."""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span

from extract.ingest.dates import dateline_end, find_dateline
from extract.nlp.extensions import doc_anchor as _anchor
from extract.nlp.extensions import doc_text, register_extensions
from extract.nlp.guard import guarded
from extract.nlp.syntax import preceding_words, time_tense
from extract.nlp.timex import (
    Timex,
    alternation,
    normalize,
    quarter_value,
    same_period_of_year,
    shift_month,
    shift_reference,
)
from extract.nlp.types import TimeDict
from extract.tables import load_table

register_extensions()


@lru_cache(maxsize=1)
def _extra_patterns() -> re.Pattern[str]:
    """Expressions spaCy's NER often misses; matched on the raw text."""
    w = load_table("time_words")
    wday = alternation(k for k in w["weekdays"] if len(k) > 3)
    month = alternation(k for k in w["months"] if len(k) > 3 and k != "may")
    return re.compile(
        rf"\b(?:(?:last|next|this|past|coming) )?(?:{wday})(?: (?:morning|afternoon|evening|night))?\b"
        rf"|\b(?:{month}) \d{{1,2}}(?:, \d{{4}})?\b"
        r"|\b(?:today|tonight|tomorrow|yesterday)\b"
        rf"|{_NARRATIVE_DAY.pattern}"
        rf"|\bthe (?:previous|preceding|following) (?:{wday})\b"
        r"|\b(?:the day after tomorrow|the day before yesterday)\b"
        r"|\b(?:this|last|next) (?:week|weekend|month|year|spring|summer|fall|autumn|winter)\b"
        rf"|\bthe (?:{month})(?:[ -]fiscal)?[ -]quarter\b"
        r"|\bthe (?:fiscal |financial )?year(?= end(?:ed|ing)\b)"
        r"|\bthe latest (?:period|quarter)\b"
        rf"|\b{_DURATION}\b"
        rf"|\b(?:{alternation(w['generic_words'])})\b"
        rf"|\b(?:(?:last|next|this) )?(?-i:{_holiday_names(w)})(?: week)?\b",
        re.IGNORECASE,
    )


# A counted span of time the NER often leaves out: "at least two more weeks", "five
# hours", "more than four decades ago", "$33 million a year" (a rate: see _rate); not
# "a second" (mostly the ordinal: "a second group")
_DURATION = (
    r"(?!one day\b)"  # "he hopes one day to fly": some day
    r"(?:(?:at least|more than|less than|nearly|almost|about|over|up to|some|roughly) )?"
    r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|several|a few|a couple of)"
    r"(?: (?:more|additional|full|straight|consecutive))? "
    r"(?:seconds|minutes?|hours?|days?|weeks?|months?|years?|decades?|centuries)(?: ago)?"
)


def _holiday_names(w: dict[str, Any]) -> str:
    """Holiday names as written ("Thanksgiving Day", "the Fourth of July"), matched with
    their capitals; not "Christmas" or "Easter" alone ("Christmas tree", "Easter eggs":
    spaCy's entities find the dates among them)."""
    names = []
    for name in w["holidays"]:
        if name.startswith("_") or name in ("christmas", "easter"):
            continue
        words = [x if x in ("of", "the") else x[0].upper() + x[1:] for x in name.split()]
        names.append(re.escape(" ".join(words)).replace("'", "['\u2019]"))
    return "|".join(sorted(names, key=len, reverse=True))


def _role(doc: Doc, span: Span) -> str | None:
    w = load_table("time_words")
    before2 = preceding_words(doc, span.start, 3)
    for group, role in (
        ("deadline_preps", "deadline"),
        ("start_preps", "start"),
        ("end_preps", "end"),
    ):
        for prep in w[group]:
            if before2 == prep or before2.endswith(" " + prep):
                return role
    return None


def _is_age(span: Span) -> bool:
    """'an 18-year-old man', 'the 6-year-old', 'a 260,000 year-old skull' are ages; only
    'the 18-year-old war' (a war, a ban, a conflict, ...) is a duration."""
    if re.fullmatch(r"(?:aged? )?\d+ years? old", span.text.lower()):
        return True  # "52 years old"
    if not re.search(r"[\s-](?:year|month|week|day)s?-old\b", span.text.lower()):
        return False
    heads: list[str] = load_table("time_words")["duration_heads"]
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    return nxt is None or nxt.lemma_.lower() not in heads


_UNIT_WORDS = frozenset(load_table("time_words")["units"]) | {"second"}


def _refine_year_back(times: list[TimeDict]) -> None:
    """ "a year earlier" after "the third quarter" (1989-Q3) is 1988-Q3: earnings reports
    compare a quarter with the same quarter a year before. The reference is the last
    quarter named before the expression, else the first one named after it."""
    quarters = [
        (i, t["value"])
        for i, t in enumerate(times)
        if t["value"] and re.fullmatch(r"\d{4}-(Q[1-4]|H[12])", t["value"])
    ]
    if not quarters:
        return
    for i, t in enumerate(times):
        before = [v for j, v in quarters if j < i]
        after = [v for j, v in quarters if j > i]
        reference = before[-1] if before else after[0] if after else None
        shifted = shift_reference(t["text"], reference) or same_period_of_year(
            t["value"], reference
        )
        if shifted is not None:
            t["value"] = shifted


_ANAPHOR = re.compile(
    r"(?:(?:later|earlier) )?(that|that same|the same|the following|the previous|the prior) "
    r"(day|month|quarter|year)|the next day"
    # a part of a day already named: "later that day", "that same night"
    r"|(?:later|earlier) (that) (day|morning|afternoon|evening|night)"
    r"|(that same|the same) (day|morning|afternoon|evening|night)"
)
# "earlier that day", "that same night": a day of the story told again; found on the raw
# text (the NER misses some) and kept only when a day was named before them
_NARRATIVE_DAY = re.compile(
    r"\b(?:(?:later|earlier) that|that same|the same) (?:day|morning|afternoon|evening|night)\b",
    re.IGNORECASE,
)
_PARTS_OF_DAY: dict[str, str] = load_table("time_words")["parts_of_day"]
_GRAIN = {
    "day": r"(\d{4})-(\d{2})-(\d{2})",
    "month": r"(\d{4})-(\d{2})",
    "quarter": r"(\d{4})-(?:Q([1-4])|(\d{2}))",
    "year": r"(\d{4})",
}


def _shifted(unit: str, m: re.Match[str], step: int) -> str:
    year = int(m.group(1))
    if unit == "day":
        d = dt.date(year, int(m.group(2)), int(m.group(3))) + dt.timedelta(days=step)
        return d.isoformat()
    if unit == "month":
        y, mo = shift_month(year, int(m.group(2)), step)
        return f"{y:04d}-{mo:02d}"
    if unit == "quarter":
        month = 3 * int(m.group(2)) - 2 if m.group(2) else int(m.group(3))
        return quarter_value(*shift_month(year, month, 3 * step))
    return f"{year + step:04d}"


def _last_named(
    times: list[TimeDict], i: int, pattern: str
) -> tuple[re.Match[str], TimeDict] | None:
    """The last date or time before ``times[i]`` whose value starts with ``pattern``."""
    for prior in reversed(times[:i]):
        m = re.match(pattern, prior["value"] or "")
        if m is not None and prior["type"] in ("DATE", "TIME"):
            return m, prior
    return None


_BARE_CLOCK = re.compile(
    r"(?:(?:about|around|at|shortly after|just after|before|after) )?"
    r"(?:\d{1,2}(?:[:.]\d{2})? ?[ap]\.?m\.?(?: [a-z]{3})?|noon|midday|midnight"
    r"|(?:in )?the (?:morning|afternoon|evening|night))"  # not "this morning": today's
)


def _clock_on_named_day(times: list[TimeDict]) -> None:
    """ "He was shot at 10 p.m." after "on Oct. 23", "in the morning" after "on Friday": a
    clock time or a part of a day with no day of its own is on the last day named before
    it (the publication day when none was)."""
    for i, t in enumerate(times):
        if t["type"] != "TIME" or not t["value"] or not _BARE_CLOCK.fullmatch(t["text"].lower()):
            continue
        named = _last_named(times, i, r"\d{4}-\d{2}-\d{2}")
        if named is not None:
            t["value"] = named[0].group(0) + t["value"][10:]


def _refer_back(times: list[TimeDict]) -> None:
    """ "that year", "the following month", "later that year", "the next day": told from
    the last date named before them ("May 22, 1995 ... the following year" is 1996), not
    from the publication date. Left as they are when no date was named before."""
    for i, t in enumerate(times):
        m = _ANAPHOR.fullmatch(t["text"].lower().strip())
        if m is None:
            continue
        groups = [g for g in m.groups() if g is not None]
        rel, unit = (groups[0], groups[1]) if groups else ("the following", "day")
        step = {"the following": 1, "the previous": -1, "the prior": -1}.get(rel, 0)
        part = _PARTS_OF_DAY.get(unit)
        named = _last_named(times, i, _GRAIN["day" if part else unit])
        if named is None:
            continue
        ref, prior = named
        try:
            t["value"] = _shifted("day" if part else unit, ref, step)
        except (ValueError, OverflowError):  # off the calendar: "the next day" after 9999-12-31
            continue
        t["type"], t["mod"], t["anchored"] = "DATE", None, prior["anchored"]
        if part is not None:  # "that same night": the part of that day
            t["value"], t["type"] = f"{t['value']}T{part}", "TIME"


_WEEKDAY_BACK = re.compile(
    rf"the (previous|preceding|following) ({alternation(load_table('time_words')['weekdays'])})"
)


def _weekday_back(times: list[TimeDict]) -> None:
    """ "the previous Friday", "the following Monday": the weekday before or after the
    last day named before them, not the publication date (left as read from the
    publication date when no day was named)."""
    for i, t in enumerate(times):
        m = _WEEKDAY_BACK.fullmatch(t["text"].lower().strip())
        if m is None:
            continue
        named = _last_named(times, i, _GRAIN["day"])
        if named is None:
            continue
        ref = dt.date.fromisoformat(named[0].group(0))
        wd = load_table("time_words")["weekdays"][m.group(2)]
        if m.group(1) == "following":
            d = ref + dt.timedelta(days=(wd - ref.weekday()) % 7 or 7)
        else:
            d = ref - dt.timedelta(days=(ref.weekday() - wd) % 7 or 7)
        t["value"], t["type"], t["anchored"] = d.isoformat(), "DATE", named[1]["anchored"]


def _rate(span: Span) -> Timex | None:
    """ "$33 million a year", "hundreds of interviews a day": after a number, "a year" is
    how often (a SET), not how long."""
    m = re.fullmatch(r"(?:a|per) (year|month|week|day|hour)", span.text.lower())
    if m is None:
        return None
    before = span.doc[max(0, span.start - 3) : span.start]
    if not any(t.like_num or t.text.startswith(("$", "\u00a3", "\u20ac")) for t in before):
        return None
    return normalize(f"per {m.group(1)}", None, None)  # the SET that "per year" is


def _year_ended(span: Span) -> Timex | None:
    """ "(for) the year ended March 31", "the fiscal year ending June 30": a year's span of
    time told by its end (TimeML: P1Y), not the current year."""
    doc = span.doc
    if (
        span.end + 1 < len(doc)
        and doc[span.end].lower_ in ("ended", "ending")
        and re.fullmatch(r"the (?:fiscal |financial )?year", span.text.lower())
        and (  # followed by its end date: "ended Sept. 30", not "the year ended badly"
            doc[span.end + 1].ent_type_ in ("DATE", "TIME")
            or doc[span.end + 1].lower_.rstrip(".") in load_table("time_words")["months"]
        )
    ):
        return Timex("P1Y", "DURATION")
    return None


def _is_bare_part_of_day(span: Span) -> bool:
    """ "at night", "in the morning" said of habits, or "the day" referring back: a part of
    the day on its own, not tied to a day, is left out (TimeML marks "this morning",
    "Friday night")."""
    return (
        len(span) == 1
        and span[0].lower_ in ("night", "morning", "evening", "afternoon", "noon", "overnight")
    ) or (span.text.lower() in ("the day", "that day", "the night of", "that night"))


def _is_set_adjective(span: Span) -> bool:
    """ "a quarterly dividend", "annual report": a frequency word describing a noun is no
    temporal expression of its own (TimeML leaves it out)."""
    if len(span) != 1:
        return False
    tok = span[0]
    return tok.lower_ in load_table("time_words")["set_words"] and tok.dep_ in (
        "amod",
        "compound",
        "nmod",
    )


def _is_signal(piece: Span, prev_end: int | None) -> bool:
    """ "later" or "earlier" right after an expression ("a minute and a half later"): the
    signal of that expression, not one of its own."""
    return prev_end == piece.start and piece.text.lower() in ("later", "earlier")


def _is_fraction(span: Span) -> bool:
    """ "more than a quarter of the market", "three quarters of them": a share, not a time."""
    doc = span.doc
    return (
        re.fullmatch(
            r"(?:(?:more|less) than |about |nearly |almost )?(?:a|one|three) quarters?",
            span.text.lower(),
        )
        is not None
        and span.end + 1 < len(doc)
        and doc[span.end].lower_ == "of"
        and not re.fullmatch(r"(?:fiscal|(1[0-9]|20)\d\d)", doc[span.end + 1].lower_)
    )


def _is_bare_number(span: Span) -> bool:
    """NER sometimes calls an age or a count a DATE ("aged 44"): digits that are no year,
    or a year-like number with a unit after it ("1520 sq m", "at 1112 p")."""
    t = span.text.strip()
    if not t.isdigit():
        return False
    # isdigit() admits "²" and "①", which int() does not read
    if not (len(t) == 4 and t.isdecimal() and 1000 <= int(t) <= 2200):
        return True
    nxt = span.doc[span.end] if span.end < len(span.doc) else None
    units = load_table("numbers")["measure_units"]
    return nxt is not None and (
        nxt.text.rstrip(".") in units or nxt.lower_ in ("sq", "square", "per", "percent")
    )


def _is_title(span: Span) -> bool:
    """ "This Week" (ABC's Sunday programme), "60 Minutes", "VOA Today": capitalised words
    that are not a month, weekday or holiday, inside a sentence, after quotes or a name."""
    doc = span.doc
    alpha = [t for t in span if t.is_alpha]
    if not alpha or span.start == 0 or not all(t.is_title for t in alpha):
        return False
    if not doc.has_annotation("SENT_START") or span.start == span.sent.start:
        return False
    w = load_table("time_words")
    if any(t.lower_ in w["months"] or t.lower_ in w["weekdays"] for t in alpha):
        return False
    if any(span.text.lower().endswith(k) for k in w["holidays"]):
        return False
    prev = doc[span.start - 1]
    return (len(span) > 1 and prev.is_quote) or prev.pos_ == "PROPN" or prev.tag_ == "POS"


@guarded
class TimesComponent:
    """Adds ``doc._.times``: TIMEX3 mentions with type, mod and role."""

    def __init__(self, nlp: Language, name: str) -> None:
        self.name = name

    def __call__(self, doc: Doc) -> Doc:
        anchor = _anchor(doc)
        text = doc_text(doc)
        # a dateline's full date is the publication date; a wire's "March 12" without a
        # year stays a time mention, as TimeML annotates it
        skip = dateline_end(text) if find_dateline(text) is not None else 0
        spans = [s for s in self._candidates(doc) if s.start_char >= skip]
        out: list[TimeDict] = []
        for span in spans:
            if (
                _is_age(span)
                or _is_bare_number(span)
                or _is_set_adjective(span)
                or _is_bare_part_of_day(span)
                or _is_fraction(span)
            ):
                continue
            tx = self._normalize(doc, span, anchor)
            if tx is None and _ANAPHOR.fullmatch(span.text.lower()):
                # "earlier that day": read from the dates named before it (_refer_back)
                out.append(self._record(doc, span, None, len(out) + 1))
                continue
            if tx is None and len(span) > 1:
                parts = self._normalisable_parts(span, anchor)
                if parts:
                    for part, ptx in parts:
                        out.append(self._record(doc, part, ptx, len(out) + 1))
                    continue
            if tx is None and span.label_ not in ("DATE", "TIME"):
                continue
            if _is_title(span):
                continue
            out.append(self._record(doc, span, tx, len(out) + 1))
        _refine_year_back(out)
        _refer_back(out)
        _weekday_back(out)
        _clock_on_named_day(out)
        # only what has a TIMEX3 value: an entity the normaliser cannot read is mostly the
        # NER's mistake ("Stauber", "as little as 99 cents", "the comparable") or no point
        # in time ("his year in kindergarten", "a weekend of accusations")
        out = [t for t in out if t["value"] is not None]
        for n, t in enumerate(out, 1):
            t["id"] = f"t{n}"
        doc._.times = out
        return doc

    @staticmethod
    def _record(doc: Doc, span: Span, tx: Timex | None, n: int) -> TimeDict:
        return TimeDict(
            id=f"t{n}",
            start=span.start_char,
            end=span.end_char,
            text=span.text,
            value=tx.value if tx else None,
            type=tx.type if tx else "DATE",
            mod=tx.mod if tx else None,
            role=_role(doc, span),
            anchored=tx.anchored if tx else False,
        )

    @staticmethod
    def _normalisable_parts(span: Span, anchor: dt.date | None) -> list[tuple[Span, Timex]]:
        """ "the quarter ended Sept. 30" -> "the quarter", "Sept. 30": the longest pieces,
        left to right, that normalise on their own."""
        tense = time_tense(span)
        parts: list[tuple[Span, Timex]] = []
        i = span.start
        while i < span.end:
            for j in range(span.end, i, -1):
                piece = span.doc[i:j]
                if piece[0].is_punct or piece[-1].is_punct:
                    continue
                ended = _year_ended(piece)
                tx = ended or normalize(piece.text, anchor, tense)
                bare_unit = (
                    ended is None and piece.text.lower().removeprefix("the ").strip() in _UNIT_WORDS
                )
                if tx is not None and tx.value is not None and not bare_unit:
                    if not _is_signal(piece, parts[-1][0].end if parts else None):
                        parts.append((piece, tx))
                    i = j
                    break
            else:
                i += 1
        return parts

    def _normalize(self, doc: Doc, span: Span, anchor: dt.date | None) -> Timex | None:
        text = span.text
        ended = _year_ended(span)
        if ended is not None:
            return ended
        rate = _rate(span)
        if rate is not None:
            return rate
        if text.lower() in ("the day after", "the day") and "tomorrow or" in preceding_words(
            doc, span.start, 2
        ):
            text = "the day after tomorrow"
        return normalize(text, anchor, time_tense(span))

    def _candidates(self, doc: Doc) -> list[Span]:
        spans: list[Span] = []
        for ent in doc.ents:
            if ent.label_ not in ("DATE", "TIME"):
                continue
            mended = self._adjust(doc, ent)
            if mended is not None:
                spans.extend(self._split(doc, mended))
        taken = {i for s in spans for i in range(s.start, s.end)}
        for m in _extra_patterns().finditer(doc_text(doc)):
            sp = doc.char_span(m.start(), m.end(), label="DATE_RX", alignment_mode="contract")
            if sp is None or len(sp) == 0:
                continue
            inner = [s for s in spans if sp.start <= s.start and s.end <= sp.end]
            if (
                inner
                and len(sp) > max(len(s) for s in inner)
                and not any(s not in inner and s.start < sp.end and sp.start < s.end for s in spans)
            ):  # "Wednesday evening": the NER took "Wednesday" alone
                spans = [s for s in spans if s not in inner]
                taken = {i for s in spans for i in range(s.start, s.end)}
            if any(i in taken for i in range(sp.start, sp.end)):
                continue
            spans.append(sp)
            taken.update(range(sp.start, sp.end))
        spans.sort(key=lambda s: s.start)
        return self._join(doc, spans)

    @staticmethod
    def _join(doc: Doc, spans: list[Span]) -> list[Span]:
        """Neighbouring expressions that make one: "noon" "Thursday", "5 p.m. EST" "Nov. 9",
        "January" "nineteen ninety-seven", "the winter" of "1994" (the NER often splits
        them); joined when the whole normalises."""
        out: list[Span] = []
        for sp in spans:
            prev = out[-1] if out else None
            if _is_signal(sp, prev.end if prev is not None else None):
                continue
            if prev is not None and sp.start - prev.end <= 1:
                gap = doc[prev.end : sp.start]
                if all(t.lower_ in (",", "of", "on", "at") for t in gap):
                    joined = Span(doc, prev.start, sp.end, label=prev.label_)
                    tx = normalize(joined.text, None, None)
                    if tx is not None and tx.value is not None:
                        out[-1] = joined
                        continue
            out.append(sp)
        return out

    @staticmethod
    def _split(doc: Doc, span: Span) -> list[Span]:
        """ "Sunday and Monday", "late January, tomorrow": one mention per part, when every
        part is a temporal expression on its own."""
        cuts = [
            t.i
            for t in span
            if t.lower_ in ("and", "or", ",", "&") and span.start < t.i < span.end - 1
        ]
        if not cuts or normalize(span.text, None, None) is not None:
            return [span]  # "March 5, 1946" is one date
        parts: list[Span] = []
        start = span.start
        for cut in [*cuts, span.end]:
            if cut > start:
                parts.append(Span(doc, start, cut, label=span.label_))
            start = cut + 1
        if len(parts) > 1 and all(normalize(p.text, None, None) is not None for p in parts):
            return parts
        return [span]

    @staticmethod
    def _adjust(doc: Doc, ent: Span) -> Span | None:
        """Mend NER spans: "the day" + "after" -> "the day after"; drop a leading
        preposition or possessive that some models include."""
        start, end = ent.start, ent.end
        if ent.text.lower() == "the day" and end < len(doc) and doc[end].lower_ == "after":
            end += 1
        # "4" + "in the morning": the hour before a part of the day
        if (
            start > 0
            and re.fullmatch(r"in the (?:morning|afternoon|evening)", ent.text.lower())
            and doc[start - 1].like_num
            and doc[start - 1].text.isdigit()
        ):
            start -= 1
        # "the 1988" + "quarter": NER sometimes leaves the noun outside
        if (
            end < len(doc)
            and doc[end].lower_ in ("quarter", "period")
            and re.fullmatch(r"(1[0-9]|20)\d\d|year-(?:ago|earlier)", doc[end - 1].lower_)
        ):  # ... or "the year-ago" + "period"
            end += 1
        # "March 5" + ", 1946": NER sometimes leaves the year outside
        if (
            end + 1 < len(doc)
            and doc[end].text == ","
            and re.fullmatch(r"(1[0-9]|20)\d\d", doc[end + 1].text)
        ):
            end += 2
        # "each" + "Thursday": the NER leaves out the word that makes it a SET
        if start > 0 and doc[start - 1].lower_ in ("every", "each"):
            tx = normalize(doc[start - 1 : end].text, None, None)
            if tx is not None and tx.type == "SET":
                start -= 1
        # "up from seven" + "a year ago": a count right before "a"/"an" is a quantity's
        while start + 2 < end and doc[start].like_num and doc[start + 1].lower_ in ("a", "an"):
            start += 1
        while start < end and doc[start].lower_ in ("on", "by", "in", "at", "since", "until"):
            if (
                doc[start].lower_ == "at"
                and start + 1 < end
                and doc[start + 1].lower_ in ("least", "most")
            ):
                break  # "at least 72 hours" keeps its modifier
            start += 1
        while end > start and (doc[end - 1].is_punct or doc[end - 1].lower_ in ("'s", "\u2019s")):
            end -= 1
        if start >= end:
            return None
        return Span(doc, start, end, label=ent.label_)


@Language.factory("newsevents_times", assigns=["doc._.times"])
def make_times(nlp: Language, name: str) -> TimesComponent:
    return TimesComponent(nlp, name)
